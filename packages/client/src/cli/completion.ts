import type { OptionSpec } from './command-spec.ts';
import { COMMANDS, GLOBAL_OPTIONS } from './commands.ts';

const NAMES = [...Object.keys(COMMANDS), 'help', 'completion'];
const optionsOf = (name: string): Record<string, OptionSpec> => ({
  ...(COMMANDS[name]?.options ?? {}),
  ...GLOBAL_OPTIONS,
});
const flags = (name: string) =>
  Object.keys(optionsOf(name))
    .map((option) => `--${option}`)
    .join(' ');
/**
 * Options whose values are a fixed list, per command (`conduit image --model` completes to the
 * image models, `conduit video --model` to the video ones); `key=` choices (--param) take no space after.
 */
const choiceCases = () =>
  Object.keys(COMMANDS).flatMap((name) =>
    Object.entries(optionsOf(name))
      .filter(([, spec]) => spec.choices?.length)
      .map(([option, spec]) => ({
        pattern: `${name}:--${option}`,
        choices: spec.choices ?? [],
        isKey: (spec.choices ?? []).every((choice) => choice.endsWith('=')),
      })),
  );

/** The bash script: commands first, then each command's options and their allowed values. */
export function bashCompletion(): string {
  const commandCases = Object.keys(COMMANDS)
    .map((name) => `    ${name}) opts="${flags(name)}" ;;`)
    .join('\n');
  const valueCases = choiceCases()
    .map(
      ({ pattern, choices, isKey }) =>
        `    ${pattern}) COMPREPLY=($(compgen -W "${choices.join(' ')}" -- "$cur"));${isKey ? ' compopt -o nospace 2>/dev/null;' : ''} return ;;`,
    )
    .join('\n');
  return `# conduit completion for bash: source <(conduit completion bash)
_conduit() {
  local cur prev command opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  command="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${NAMES.join(' ')} --help --version" -- "$cur")); return
  fi
  case "$command:$prev" in
${valueCases}
  esac
  case "$command" in
${commandCases}
    help) COMPREPLY=($(compgen -W "${NAMES.join(' ')}" -- "$cur")); return ;;
    completion) COMPREPLY=($(compgen -W "bash zsh" -- "$cur")); return ;;
    *) opts="${flags('')}" ;;
  esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o default -F _conduit conduit
`;
}

/** The zsh script: the same lists through compadd. */
export function zshCompletion(): string {
  const commandCases = Object.keys(COMMANDS)
    .map((name) => `    ${name}) compadd -- ${flags(name)} ;;`)
    .join('\n');
  const valueCases = choiceCases()
    .map(
      ({ pattern, choices, isKey }) =>
        `    ${pattern}) compadd ${isKey ? "-S '' " : ''}-- ${choices.map((c) => `'${c}'`).join(' ')}; return ;;`,
    )
    .join('\n');
  return `#compdef conduit
# conduit completion for zsh: source <(conduit completion zsh)
_conduit() {
  if (( CURRENT == 2 )); then
    compadd -- ${NAMES.join(' ')} --help --version; return
  fi
  case "\${words[2]}:\${words[CURRENT-1]}" in
${valueCases}
  esac
  case "\${words[2]}" in
${commandCases}
    help) compadd -- ${NAMES.join(' ')} ;;
    completion) compadd -- bash zsh ;;
  esac
  _files
}
compdef _conduit conduit
`;
}
