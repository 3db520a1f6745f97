import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export const LEGAL_LAST_UPDATED = '2026-11-22';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

const formatDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** Shared layout of the legal pages: title, last-updated date, contents, numbered sections. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <Container className="py-12 sm:py-16">
      <div className="mx-auto max-w-3xl">
        <h1 className="font-semibold text-3xl text-fg tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-muted text-sm">
          Last updated: <time dateTime={LEGAL_LAST_UPDATED}>{formatDate(LEGAL_LAST_UPDATED)}</time>
        </p>
        <div className="mt-8 space-y-4 text-fg leading-7">{intro}</div>
        <nav aria-label="Contents" className="mt-10 rounded-xl border border-border bg-surface p-5">
          <h2 className="font-semibold text-fg text-sm">Contents</h2>
          <ol className="mt-3 list-decimal gap-8 pl-5 text-sm sm:columns-2">
            {sections.map((section) => (
              <li key={section.id} className="mb-1.5 break-inside-avoid text-muted">
                <a href={`#${section.id}`} className="text-primary-text hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="mt-12"
          >
            <h2 id={`${section.id}-heading`} className="font-semibold text-fg text-xl">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-4 space-y-4 text-fg leading-7">{section.body}</div>
          </section>
        ))}
      </div>
    </Container>
  );
}
