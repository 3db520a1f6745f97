import type { CodeLanguage } from '@conduit/contracts';
import { useEffect, useState } from 'react';
import type { Token } from './highlight-code.ts';

type Tokenize = (code: string, language: CodeLanguage) => Token[];
let loading: Promise<Tokenize> | null = null;

/** The tokenizer is a chunk of its own, fetched once, after the code has been shown as plain text. */
export function loadTokenizer(): Promise<Tokenize> {
  loading ??= import('./highlight-code.ts').then((module) => module.tokenize);
  return loading;
}

/** The code's tokens once the tokenizer has loaded; null until then (the block shows plain text). */
export function useHighlightedCode(code: string, language: CodeLanguage): Token[] | null {
  const [result, setResult] = useState<{ code: string; language: CodeLanguage; tokens: Token[] } | null>(
    null,
  );
  useEffect(() => {
    let isCurrent = true;
    loadTokenizer().then(
      (tokenize) => {
        if (isCurrent) setResult({ code, language, tokens: tokenize(code, language) });
      },
      () => {
        // The chunk failed to load: the plain text stays, which is complete.
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [code, language]);
  return result && result.code === code && result.language === language ? result.tokens : null;
}
