import { CODE_LANGUAGE_LABELS, CODE_LANGUAGES, type CodeLanguage, KEY_TEXTS } from '@conduit/contracts';
import { Check, Copy } from 'lucide-react';
import { COPIED_TEXT } from '../../components/ui/copy-button.tsx';
import { ScrollHints, useScrollEdges } from '../../components/ui/scroll-hint.tsx';
import { useCopy } from '../../components/ui/use-copy.ts';
import { useCodeLanguage } from './code-language-store.ts';
import type { TokenKind } from './highlight-code.ts';
import { useHighlightedCode } from './use-highlighted-code.ts';

const TOKEN_CLASSES: Record<TokenKind, string> = {
  plain: '',
  keyword: 'text-primary-text font-semibold',
  call: 'text-primary-text',
  string: 'text-code-string',
  number: 'text-code-number',
  literal: 'text-code-number',
  flag: 'text-primary-text',
  comment: 'text-muted italic',
};

function HighlightedCode({ code, language }: { code: string; language: CodeLanguage }) {
  const tokens = useHighlightedCode(code, language);
  if (!tokens) return <>{code}</>;
  return (
    <>
      {tokens.map((token, index) =>
        token.kind === 'plain' ? (
          token.text
        ) : (
          // Tokens of one text never reorder: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index} className={TOKEN_CLASSES[token.kind]}>
            {token.text}
          </span>
        ),
      )}
    </>
  );
}

/**
 * One example in curl, JavaScript and Python. The language chosen in any block switches every
 * block on the page (and is remembered); Copy copies exactly what is shown.
 */
export function CodeBlock({
  label,
  codeFor,
  languages = CODE_LANGUAGES,
}: {
  label: string;
  codeFor: (language: CodeLanguage) => string;
  /** The languages offered; all of them unless the example exists in fewer. */
  languages?: readonly CodeLanguage[];
}) {
  const [language, setLanguage] = useCodeLanguage();
  const { status, copy } = useCopy();
  const { ref: preRef, hidesStart, hidesEnd } = useScrollEdges<HTMLPreElement>();
  const code = codeFor(language);
  const Icon = status === 'copied' ? Check : Copy;
  return (
    <figure
      aria-label={`${label} example`}
      className="min-w-0 overflow-hidden rounded-xl border border-border bg-surface-2"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-border border-b px-3 py-2">
        <fieldset className="flex gap-1">
          <legend className="sr-only">Language of the {label} example</legend>
          {languages.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === language}
              onClick={() => setLanguage(option)}
              className={`rounded-md px-2.5 py-1 font-medium text-xs transition-colors ${
                option === language ? 'bg-surface text-fg shadow-card' : 'text-muted hover:text-fg'
              }`}
            >
              {CODE_LANGUAGE_LABELS[option]}
            </button>
          ))}
        </fieldset>
        <div className="flex items-center gap-2">
          <span role="status" className={`text-xs ${status === 'failed' ? 'text-danger' : 'text-muted'}`}>
            {status === 'copied' ? COPIED_TEXT : status === 'failed' ? KEY_TEXTS.copyFailed : ''}
          </span>
          <button
            type="button"
            onClick={() => void copy(code)}
            aria-label={`Copy the ${label} example`}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium text-muted text-xs hover:bg-surface hover:text-fg"
          >
            <Icon aria-hidden="true" className="size-3.5" />
            Copy
          </button>
        </div>
      </div>
      <div className="relative">
        <pre
          ref={preRef}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto p-4 font-mono text-fg text-xs leading-relaxed sm:text-sm"
        >
          <code data-language={language}>
            <HighlightedCode code={code} language={language} />
          </code>
        </pre>
        <ScrollHints hidesStart={hidesStart} hidesEnd={hidesEnd} tone="surface-2" />
      </div>
    </figure>
  );
}
