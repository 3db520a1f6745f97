import { CODE_LANGUAGES, codeExample, findEndpoint } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { tokenize } from './highlight-code.ts';

const kinds = (code: string, language: Parameters<typeof tokenize>[1]) =>
  tokenize(code, language).filter((token) => token.kind !== 'plain');

describe('tokenize', () => {
  it('keeps every character of every example, in order', () => {
    const endpoint = findEndpoint('createVideo');
    for (const language of CODE_LANGUAGES) {
      const code = codeExample(endpoint, language, {
        baseUrl: 'http://localhost:3000',
        apiKey: 'cnd_live_x1',
      });
      expect(
        tokenize(code, language)
          .map((token) => token.text)
          .join(''),
      ).toBe(code);
    }
  });

  it('marks shell flags and strings', () => {
    expect(kinds(`curl -s -H 'X-API-Key: k' # note`, 'curl')).toEqual([
      { kind: 'keyword', text: 'curl' },
      { kind: 'flag', text: '-s' },
      { kind: 'flag', text: '-H' },
      { kind: 'string', text: `'X-API-Key: k'` },
      { kind: 'comment', text: '# note' },
    ]);
  });

  it('marks JavaScript keywords, calls, literals and numbers', () => {
    expect(kinds(`const r = await fetch('u'); f(true, 2)`, 'javascript')).toEqual([
      { kind: 'keyword', text: 'const' },
      { kind: 'keyword', text: 'await' },
      { kind: 'call', text: 'fetch' },
      { kind: 'string', text: `'u'` },
      { kind: 'call', text: 'f' },
      { kind: 'literal', text: 'true' },
      { kind: 'number', text: '2' },
    ]);
  });

  it('marks Python keywords and literals, and does not read a # inside a string as a comment', () => {
    expect(kinds(`import json\nx = "a#b" if True else None  # c`, 'python')).toEqual([
      { kind: 'keyword', text: 'import' },
      { kind: 'string', text: '"a#b"' },
      { kind: 'keyword', text: 'if' },
      { kind: 'literal', text: 'True' },
      { kind: 'keyword', text: 'else' },
      { kind: 'literal', text: 'None' },
      { kind: 'comment', text: '# c' },
    ]);
  });
});
