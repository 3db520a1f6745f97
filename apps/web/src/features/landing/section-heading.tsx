import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container.tsx';

interface LandingSectionProps {
  /** The section's anchor (#features); its heading's id is `${name}-heading`. */
  name: string;
  /** Gives the section an id a menu link jumps to. */
  isAnchor?: boolean;
  eyebrow: string;
  title: string;
  summary: string;
  className?: string;
  children: ReactNode;
}

/** A landing section: the eyebrow, title and summary centred above its content. */
export function LandingSection({
  name,
  isAnchor = false,
  eyebrow,
  title,
  summary,
  className = '',
  children,
}: LandingSectionProps) {
  const headingId = `${name}-heading`;
  return (
    <section
      id={isAnchor ? name : undefined}
      aria-labelledby={headingId}
      className={`py-20 sm:py-28 ${className}`}
    >
      <Container>
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-semibold text-primary-text text-sm uppercase tracking-wider">{eyebrow}</p>
          <h2
            id={headingId}
            className="mt-3 text-balance font-semibold text-3xl text-fg tracking-tight sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mt-4 text-pretty text-lg text-muted leading-relaxed">{summary}</p>
        </div>
        {children}
      </Container>
    </section>
  );
}
