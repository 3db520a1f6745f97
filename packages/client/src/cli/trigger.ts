import { EVENT_TYPES, type EventType } from '@conduit/contracts';
import { type CommandContext, type CommandSpec, UsageError } from './command-spec.ts';
import { EXIT_CODES } from './exit-codes.ts';

/**
 * `conduit trigger <event-type>`: a test event with sample data, sent to the workspace's endpoint
 * (and to any `conduit listen`); prints its id and what the endpoint answered.
 */
async function trigger({ input, io, client }: CommandContext): Promise<number> {
  const type = input.positionals[1] ?? 'webhook.test';
  if (!(EVENT_TYPES as readonly string[]).includes(type)) {
    throw new UsageError(`${type} is not an event type (${EVENT_TYPES.join(', ')})`);
  }
  const sent = await client().sendTestEvent(type as EventType);
  if (input.values.json) io.out(JSON.stringify(sent, null, 2));
  else io.out(sent.eventId);
  io.err(sent.message);
  return EXIT_CODES.ok;
}

export const TRIGGER_COMMAND: CommandSpec = {
  args: '[event-type]',
  summary:
    'Send a test event with sample data to your endpoint and any `conduit listen` (webhook.test by default)',
  options: {},
  examples: ['conduit trigger', 'conduit trigger task.completed --json'],
  run: trigger,
};
