import type { CommandSpec, OptionSpec } from './command-spec.ts';
import { COMMANDS, GLOBAL_OPTIONS } from './commands.ts';
import { EXIT_CODE_HELP } from './exit-codes.ts';

const optionLine = (name: string, option: OptionSpec) => {
  const value = option.value ?? option.choices?.join('|');
  const flag = `${option.short ? `-${option.short}, ` : ''}--${name}${option.type === 'string' ? ` ${value ?? 'VALUE'}` : ''}`;
  return `  ${flag.padEnd(30)} ${option.help}${option.multiple ? ' (repeatable)' : ''}`;
};

const EXTRA_COMMANDS: [string, string][] = [
  ['help [command]', 'this overview, or one command’s options and examples'],
  ['completion bash|zsh', 'print a shell completion script (see `conduit help completion`)'],
];

export function overview(): string {
  const rows = [
    ...Object.entries(COMMANDS).map(([name, spec]) => [`${name} ${spec.args}`.trim(), spec.summary]),
    ...EXTRA_COMMANDS,
  ];
  return [
    'Usage: conduit <command> [options]',
    '',
    'Commands:',
    ...rows.map(([usage, summary]) => `  ${(usage ?? '').padEnd(30)} ${summary}`),
    '',
    'Options for every command:',
    ...Object.entries(GLOBAL_OPTIONS).map(([name, option]) => optionLine(name, option)),
    '  --version                      print the version',
    '',
    'The key is CONDUIT_API_KEY, else the one `conduit login` stored. Results go to stdout,',
    'progress and costs to stderr. `conduit help <command>` tells more.',
    '',
    EXIT_CODE_HELP,
  ].join('\n');
}

export const COMPLETION_HELP = `Usage: conduit completion bash|zsh

Prints a completion script for the shell. Load it in the shell's startup file:
  bash:  echo 'source <(conduit completion bash)' >> ~/.bashrc
  zsh:   echo 'source <(conduit completion zsh)' >> ~/.zshrc`;

export function commandHelp(name: string, spec: CommandSpec): string {
  const lines = [`Usage: conduit ${name} ${spec.args} [options]`.replace(/ +/g, ' '), '', spec.summary];
  const own = Object.entries(spec.options);
  if (own.length > 0) lines.push('', 'Options:', ...own.map(([option, value]) => optionLine(option, value)));
  lines.push('', 'Options for every command:');
  lines.push(...Object.entries(GLOBAL_OPTIONS).map(([option, value]) => optionLine(option, value)));
  if (spec.examples?.length) lines.push('', 'Examples:', ...spec.examples.map((example) => `  ${example}`));
  if (spec.details) lines.push('', ...spec.details());
  return lines.join('\n');
}
