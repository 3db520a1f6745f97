import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container.tsx';

/** The card the waitlist's own pages (verify, status) sit in. */
export function WaitlistPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-3xl rounded-3xl border border-border bg-surface p-6 shadow-card sm:p-10">
          <h1 className="font-semibold text-3xl text-fg tracking-tight">{title}</h1>
          {children}
        </div>
      </Container>
    </section>
  );
}
