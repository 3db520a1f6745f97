import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap.ts';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/** A modal dialog: labelled, focus kept inside, Escape and the backdrop close it, page behind is inert. */
export function Dialog({ isOpen, onClose, title, description, children }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useFocusTrap(panelRef, isOpen, onClose);

  useEffect(() => {
    if (!isOpen) return;
    const appRoot = document.getElementById('root');
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    appRoot?.setAttribute('inert', '');
    return () => {
      document.body.style.overflow = overflow;
      appRoot?.removeAttribute('inert');
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return createPortal(
    <div className="fixed inset-0 z-40 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-overlay backdrop-blur-sm" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="relative max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl border border-border bg-surface p-6 shadow-popover sm:max-w-md sm:rounded-2xl"
      >
        <div className="mb-5 pr-8">
          <h2 id={titleId} className="font-semibold text-fg text-xl">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-muted text-sm">
              {description}
            </p>
          )}
        </div>
        {children}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1.5 text-muted hover:bg-surface-2 hover:text-fg"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>,
    document.body,
  );
}
