import type { CodeLanguage } from '@conduit/contracts';

/**
 * A tiny tokenizer for the three example languages (curl's shell, JavaScript, Python): enough to
 * colour strings, keywords, literals, numbers, comments and shell flags. Loaded as its own chunk
 * after the code is already shown as plain text (see use-highlighted-code.ts).
 */
export type TokenKind = 'plain' | 'string' | 'keyword' | 'literal' | 'number' | 'comment' | 'flag' | 'call';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS: Record<CodeLanguage, ReadonlySet<string>> = {
  curl: new Set(['curl']),
  javascript: new Set([
    'const',
    'let',
    'var',
    'await',
    'async',
    'function',
    'return',
    'if',
    'else',
    'for',
    'while',
    'of',
    'in',
    'new',
    'throw',
    'try',
    'catch',
    'break',
    'continue',
    'import',
    'from',
    'export',
  ]),
  python: new Set([
    'import',
    'from',
    'as',
    'with',
    'def',
    'return',
    'if',
    'elif',
    'else',
    'for',
    'while',
    'in',
    'not',
    'and',
    'or',
    'try',
    'except',
    'raise',
    'break',
    'continue',
    'pass',
    'is',
    'lambda',
  ]),
};
const LITERALS: Record<CodeLanguage, ReadonlySet<string>> = {
  curl: new Set(),
  javascript: new Set(['true', 'false', 'null', 'undefined']),
  python: new Set(['True', 'False', 'None']),
};

// One alternation per language; the group that matched names the token kind.
const RULES: Record<CodeLanguage, RegExp> = {
  curl: /(#[^\n]*)|('(?:[^'])*'|"(?:\\.|[^"\\])*")|((?<=\s|^)--?[A-Za-z][\w-]*)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)/gy,
  javascript:
    /(\/\/[^\n]*)|('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)/gy,
  python: /(#[^\n]*)|('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*")|(\b\d+(?:\.\d+)?\b)|([A-Za-z_][\w]*)/gy,
};

function classifyWord(word: string, language: CodeLanguage, next: string): TokenKind {
  if (KEYWORDS[language].has(word)) return 'keyword';
  if (LITERALS[language].has(word)) return 'literal';
  return next === '(' ? 'call' : 'plain';
}

export function tokenize(code: string, language: CodeLanguage): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens.at(-1);
    if (last && last.kind === kind) last.text += text;
    else tokens.push({ kind, text });
  };
  const rule = RULES[language];
  let index = 0;
  while (index < code.length) {
    rule.lastIndex = index;
    const match = rule.exec(code);
    if (!match) {
      push('plain', code[index] as string);
      index += 1;
      continue;
    }
    const [text] = match;
    if (language === 'curl') {
      const [, comment, string, flag, number] = match;
      push(
        comment
          ? 'comment'
          : string
            ? 'string'
            : flag
              ? 'flag'
              : number
                ? 'number'
                : classifyWord(text, language, ''),
        text,
      );
    } else {
      const [, comment, string, number] = match;
      const next = code[index + text.length] ?? '';
      push(
        comment ? 'comment' : string ? 'string' : number ? 'number' : classifyWord(text, language, next),
        text,
      );
    }
    index += text.length;
  }
  return tokens;
}
