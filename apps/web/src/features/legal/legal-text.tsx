import { DEFAULT_SUPPORT_EMAIL } from '@conduit/contracts';
import type { ReactNode } from 'react';

export function SupportEmailLink() {
  return (
    <a
      href={`mailto:${DEFAULT_SUPPORT_EMAIL}`}
      className="font-medium text-primary-text underline underline-offset-2"
    >
      {DEFAULT_SUPPORT_EMAIL}
    </a>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-muted">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static legal text never reorders
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
