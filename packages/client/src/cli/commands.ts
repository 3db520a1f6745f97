import { ACCOUNT_COMMANDS } from './account-commands.ts';
import type { CommandSpec, OptionSpec } from './command-spec.ts';
import { LISTEN_COMMAND } from './listen.ts';
import { TASK_COMMANDS } from './task-commands.ts';
import { TRIGGER_COMMAND } from './trigger.ts';

/** Options every command takes. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  'base-url': {
    type: 'string',
    value: 'URL',
    help: 'the Conduit server (CONDUIT_BASE_URL, `conduit login`, http://localhost:3000)',
  },
  'max-retries': { type: 'string', value: 'N', help: 'retries of a failed call: 429, 5xx, no answer (2)' },
  json: { type: 'boolean', help: "print the API's answer as JSON" },
  help: { type: 'boolean', short: 'h', help: 'this command’s help' },
};

/** Commands that call no API and need no key. */
export const LOCAL_COMMANDS = new Set(['login', 'logout', 'help', 'completion']);

/**
 * Every command, in help order. `help` and `completion` are in main.ts (they read this list);
 * a new command is one entry here (or in the *_COMMANDS table it belongs to).
 */
export const COMMANDS: Record<string, CommandSpec> = {
  ...TASK_COMMANDS,
  listen: LISTEN_COMMAND,
  trigger: TRIGGER_COMMAND,
  ...ACCOUNT_COMMANDS,
};
