import {
  API_CHANGELOG,
  API_VERSION_HEADER,
  API_VERSIONING_POLICY,
  API_VERSIONS,
  CURRENT_API_VERSION,
} from '@conduit/contracts';
import { Code, DocSection } from './docs-prose.tsx';
import { InlineMarkdown } from './inline-markdown.tsx';

/** Changelog: the API's dated versions, how they are kept, and what changed, newest first. */
export function ChangelogTab() {
  return (
    <div className="space-y-12">
      <DocSection id="versions" title="API versions">
        <p>
          The current version is <Code>{CURRENT_API_VERSION}</Code>; every answer of the API names its version
          in the <Code>{API_VERSION_HEADER}</Code> header. Supported versions: {API_VERSIONS.join(', ')}.
        </p>
        <p>
          <InlineMarkdown text={API_VERSIONING_POLICY} />
        </p>
      </DocSection>
      <DocSection id="changelog" title="Changelog">
        {API_CHANGELOG.map((entry) => (
          <article key={entry.date} aria-labelledby={`changelog-${entry.date}`} className="space-y-2">
            <h3 id={`changelog-${entry.date}`} className="font-semibold text-fg text-lg">
              <time dateTime={entry.date}>{entry.date}</time>
              {entry.isBreaking ? ` (breaking: version ${entry.version})` : ''}
            </h3>
            <ul className="list-disc space-y-1 pl-5">
              {entry.changes.map((change) => (
                <li key={change}>
                  <InlineMarkdown text={change} />
                </li>
              ))}
            </ul>
          </article>
        ))}
      </DocSection>
    </div>
  );
}
