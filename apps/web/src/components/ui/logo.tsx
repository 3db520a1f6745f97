import { PRODUCT_NAME } from '@conduit/contracts';

export function LogoMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 11.5a4.5 4.5 0 0 1 4.5-4.5H23v4h-9.5a.5.5 0 0 0-.5.5v9a.5.5 0 0 0 .5.5H23v4h-9.5A4.5 4.5 0 0 1 9 20.5z"
        className="fill-primary-fg"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-fg text-lg tracking-tight">
      <LogoMark />
      {PRODUCT_NAME}
    </span>
  );
}
