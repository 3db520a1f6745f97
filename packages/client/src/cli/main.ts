import { parseArgs } from 'node:util';
import { ConduitClient, DEFAULT_BASE_URL } from '../conduit-client.ts';
import { VERSION } from '../version.ts';
import {
  type CliInput,
  type CliIo,
  type CommandContext,
  type OptionSpec,
  UsageError,
} from './command-spec.ts';
import { COMMANDS, GLOBAL_OPTIONS, LOCAL_COMMANDS } from './commands.ts';
import { bashCompletion, zshCompletion } from './completion.ts';
import { configPath, readConfig } from './config-file.ts';
import { describeError, EXIT_CODES, exitCodeOf } from './exit-codes.ts';
import { COMPLETION_HELP, commandHelp, overview } from './help.ts';
import { unknownCommandText } from './suggest.ts';

export type { CliIo };
export { DEFAULT_BASE_URL };

/** Every command a mistyped one may have meant: the API's and the built-in ones. */
const COMMAND_NAMES = [...Object.keys(COMMANDS), 'help', 'completion'];
/** The overview `conduit help` prints. */
export const USAGE = overview();

/** Every option any command knows, for one parse; each command then refuses the ones not its own. */
function allOptions(): Record<string, OptionSpec> {
  const options: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS, version: { type: 'boolean', help: '' } };
  for (const spec of Object.values(COMMANDS)) Object.assign(options, spec.options);
  return options;
}

function parse(args: string[]) {
  const options = Object.fromEntries(
    Object.entries(allOptions()).map(([name, { type, multiple, short }]) => [
      name,
      { type, ...(multiple && { multiple }), ...(short && { short }) },
    ]),
  );
  return parseArgs({ args, allowPositionals: true, strict: true, options }) as CliInput;
}

/** Prints one text and answers the exit code. */
const say = (print: (line: string) => void, line: string, code: number) => {
  print(line);
  return code;
};

/** `conduit help [command]` and `conduit completion <shell>`: no key, no network. */
function builtIn(name: string, topic: string | undefined, io: CliIo): number | undefined {
  if (name === 'help') {
    if (!topic) return say(io.out, overview(), EXIT_CODES.ok);
    if (topic === 'completion') return say(io.out, COMPLETION_HELP, EXIT_CODES.ok);
    const spec = COMMANDS[topic];
    if (!spec)
      return say(io.err, `${unknownCommandText(topic, COMMAND_NAMES)}\n\n${overview()}`, EXIT_CODES.usage);
    return say(io.out, commandHelp(topic, spec), EXIT_CODES.ok);
  }
  if (name === 'completion') {
    if (topic === 'bash') return say(io.out, bashCompletion(), EXIT_CODES.ok);
    if (topic === 'zsh') return say(io.out, zshCompletion(), EXIT_CODES.ok);
    return say(io.err, COMPLETION_HELP, EXIT_CODES.usage);
  }
  return undefined;
}

/** Runs one command line; answers the exit code (exit-codes.ts). */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.err(`${(error as Error).message}\n\nSee \`conduit help\`.`);
    return EXIT_CODES.usage;
  }
  if (parsed.values.version) return say(io.out, VERSION, EXIT_CODES.ok);
  const [name, topic] = parsed.positionals;
  if (!name) {
    io[parsed.values.help ? 'out' : 'err'](overview());
    return parsed.values.help ? EXIT_CODES.ok : EXIT_CODES.usage;
  }
  const local = builtIn(name, parsed.values.help ? name : topic, io);
  if (local !== undefined) return local;
  const spec = COMMANDS[name];
  if (!spec) {
    io.err(`${unknownCommandText(name, COMMAND_NAMES)}\n\n${overview()}`);
    return EXIT_CODES.usage;
  }
  if (parsed.values.help) return say(io.out, commandHelp(name, spec), EXIT_CODES.ok);
  const unknown = Object.keys(parsed.values).find(
    (option) => !(option in spec.options || option in GLOBAL_OPTIONS),
  );
  if (unknown) {
    io.err(`conduit ${name} takes no --${unknown}\n\n${commandHelp(name, spec)}`);
    return EXIT_CODES.usage;
  }
  const configFile = configPath(env);
  try {
    const stored = LOCAL_COMMANDS.has(name) ? {} : await readConfig(configFile);
    const baseUrl =
      (parsed.values['base-url'] as string | undefined) ??
      env.CONDUIT_BASE_URL ??
      stored.baseUrl ??
      DEFAULT_BASE_URL;
    const maxRetries = parsed.values['max-retries'] as string | undefined;
    if (maxRetries !== undefined && !/^\d+$/.test(maxRetries))
      throw new UsageError('--max-retries must be a whole number');
    let client: ConduitClient | undefined;
    const context: CommandContext = {
      input: parsed,
      io,
      env,
      baseUrl,
      configFile,
      client: ({ keyOptional = false } = {}) => {
        const apiKey = env.CONDUIT_API_KEY || stored.apiKey || null;
        if (!apiKey && !keyOptional)
          throw new UsageError(
            'Set CONDUIT_API_KEY to your Conduit API key (from the API Keys page), or run `conduit login`',
          );
        client ??= new ConduitClient({
          apiKey,
          baseUrl,
          ...(maxRetries !== undefined && { maxRetries: Number(maxRetries) }),
        });
        return client;
      },
    };
    return await spec.run(context);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${commandHelp(name, spec)}`);
      return EXIT_CODES.usage;
    }
    io.err(`conduit ${name}: ${describeError(error)}`);
    return exitCodeOf(error);
  }
}
