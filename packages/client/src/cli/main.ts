#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConduitClient } from '../conduit-client.ts';
import { type CliIo, COMMANDS, UsageError } from './commands.ts';
import { describeError, EXIT_CODES, exitCodeOf } from './exit-codes.ts';

export const DEFAULT_BASE_URL = 'http://localhost:3000';

export const USAGE = `Usage: conduit <command> [options]

  image <prompt>       [--size 16:9] [--format png|jpeg] [--image-url URL]... [--out file]
  video <prompt>       [--model fast|standard] [--aspect-ratio 16:9|9:16|Auto] [--image-url URL]...
                       [--wait [--timeout 600] [--out file]]
  sora <share-link>    [--out file]
  linkedin <username>  [--limit 3] [--page 1] [--page-token TOKEN] [--total-posts N]
  balance
  task <task-id>       [--service image|video|sora|linkedin] [--wait [--timeout 600]] [--out file]
  listen               --forward-to URL [--events task.completed,task.failed]
                       post your events to a local URL, signed, one line each (Ctrl-C stops)
  trigger [event-type] send a test event (task.completed, balance.low, ...; webhook.test by default)

Options for every command:
  --base-url URL           the Conduit server (CONDUIT_BASE_URL; ${DEFAULT_BASE_URL} by default)
  --idempotency-key KEY    paid commands: a retry with the same key and input is charged once
  --json                   print the API's answer as JSON
The key is read from CONDUIT_API_KEY. Results go to stdout, progress and costs to stderr.
Exit codes: 0 ok, 1 task failed, 2 usage, 3 key refused (401/403), 4 credits (402),
5 rate limited (429), 6 request refused (other 4xx), 7 server or network, 8 still processing.`;

/** Runs one command line; answers the exit code. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT_CODES.usage;
  }
  const [name] = parsed.positionals;
  if (parsed.values.help || !name) {
    io.out(USAGE);
    return name || parsed.values.help ? EXIT_CODES.ok : EXIT_CODES.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command ${name}\n\n${USAGE}`);
    return EXIT_CODES.usage;
  }
  const apiKey = env.CONDUIT_API_KEY;
  if (!apiKey) {
    io.err('Set CONDUIT_API_KEY to your Conduit API key (from the API Keys page)');
    return EXIT_CODES.usage;
  }
  const baseUrl = parsed.values['base-url'] ?? env.CONDUIT_BASE_URL ?? DEFAULT_BASE_URL;
  try {
    return await command(new ConduitClient({ apiKey, baseUrl }), parsed, io);
  } catch (error) {
    io.err(
      error instanceof UsageError
        ? `${error.message}\n\n${USAGE}`
        : `conduit ${name}: ${describeError(error)}`,
    );
    return error instanceof UsageError ? EXIT_CODES.usage : exitCodeOf(error);
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'idempotency-key': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      size: { type: 'string' },
      format: { type: 'string' },
      'image-url': { type: 'string', multiple: true },
      out: { type: 'string', short: 'o' },
      model: { type: 'string' },
      'aspect-ratio': { type: 'string' },
      wait: { type: 'boolean' },
      timeout: { type: 'string' },
      limit: { type: 'string' },
      page: { type: 'string' },
      'page-token': { type: 'string' },
      'total-posts': { type: 'string' },
      service: { type: 'string' },
      'forward-to': { type: 'string' },
      events: { type: 'string' },
    },
  });
}

if (import.meta.main) {
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
  process.exitCode = await runCli(process.argv.slice(2), process.env, io);
}
