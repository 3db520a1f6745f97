import { Code } from './docs-prose.tsx';

/** The catalogue's texts mark names with backticks (`field`): shown as code. */
export function InlineMarkdown({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        // Odd parts sat between backticks; a part's index is its identity in this fixed text.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Code key={index}>{part}</Code>
        ) : (
          part
        ),
      )}
    </>
  );
}
