import type { ConduitClient } from '../conduit-client.ts';

/** One option of a command, as node:util parseArgs takes it, with its help text. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** The value's placeholder in help (`URL`, `N`...); allowed values complete in the shell. */
  value?: string;
  choices?: readonly string[];
  help: string;
}

/** What the command line said, after parsing. */
export interface CliInput {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Reads standard input to its end (conduit login); absent where there is none. */
  readInput?: () => Promise<string>;
}

export interface CommandContext {
  input: CliInput;
  io: CliIo;
  env: NodeJS.ProcessEnv;
  /**
   * The client with the resolved key and server; throws UsageError when there is no key, unless
   * `keyOptional` (a public endpoint: then it goes without one).
   */
  client: (options?: { keyOptional?: boolean }) => ConduitClient;
  baseUrl: string;
  /** Where `conduit login` keeps the key. */
  configFile: string;
}

/**
 * A command of the CLI. Adding one: write its spec (in a *-commands.ts file) and list it in
 * commands.ts; help, per-command help, option checks and shell completion all read this entry.
 */
export interface CommandSpec {
  /** Positional arguments as help shows them, e.g. `<prompt>`. */
  args: string;
  summary: string;
  options: Record<string, OptionSpec>;
  /** Lines of examples for `conduit help <command>`. */
  examples?: string[];
  /** More lines for `conduit help <command>`, after the examples (the models and their fields). */
  details?: () => string[];
  run: (context: CommandContext) => Promise<number>;
}

/** Bad arguments or missing setup: nothing was sent; exits 2 with the command's help. */
export class UsageError extends Error {}

export const text = (input: CliInput, name: string) => input.values[name] as string | undefined;
export const list = (input: CliInput, name: string) => input.values[name] as string[] | undefined;

export function oneOf<T extends string>(input: CliInput, name: string, allowed: readonly T[]): T | undefined {
  const value = text(input, name);
  if (value !== undefined && !allowed.includes(value as T))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T | undefined;
}

export function whole(input: CliInput, name: string): number | undefined {
  const value = text(input, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

export function argument(input: CliInput, what: string): string {
  const value = input.positionals[1];
  if (!value) throw new UsageError(`Missing ${what}`);
  return value;
}
