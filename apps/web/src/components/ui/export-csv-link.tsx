import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from './button-styles.ts';

/** A list's CSV export, as a small secondary button: the browser downloads `href`. */
export function ExportCsvLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} download className={buttonClasses('secondary', 'sm')}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
