import { CircleAlert, CircleCheck, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';

/** The frame of the pages a mailed link opens: an icon, a title and what happened or comes next. */
export function AuthOutcome({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'danger' | 'ask';
  title: string;
  children: ReactNode;
}) {
  const Icon = tone === 'success' ? CircleCheck : tone === 'danger' ? CircleAlert : KeyRound;
  const color = tone === 'success' ? 'text-success' : tone === 'danger' ? 'text-danger' : 'text-primary-text';
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center">
      <Icon aria-hidden="true" className={`size-12 ${color}`} />
      <h1 className="font-semibold text-2xl text-fg tracking-tight">{title}</h1>
      {children}
    </section>
  );
}
