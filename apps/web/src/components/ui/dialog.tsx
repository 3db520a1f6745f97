import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useState } from 'react';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * A modal dialog on Radix's primitive: labelled by its title, focus moved in and kept inside,
 * Escape and the backdrop close it, focus goes back to the opener, the page behind is inert and
 * does not scroll. A bottom sheet on phones, a centred card from `sm` up.
 */
export function Dialog({ isOpen, onClose, title, description, children }: DialogProps) {
  // Our dialogs open from plain buttons, not Radix triggers: remember the opener to focus it again.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay backdrop-blur-sm" />
        <div className="pointer-events-none fixed inset-0 z-40 flex items-end justify-center p-0 sm:items-center sm:p-4">
          <RadixDialog.Content
            // Without a description, say so: Radix then leaves aria-describedby off (and quiet).
            {...(!description && { 'aria-describedby': undefined })}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (opener?.isConnected) opener.focus();
            }}
            className="pointer-events-auto relative max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl border border-border bg-surface p-6 shadow-popover outline-none sm:max-w-md sm:rounded-2xl"
          >
            <div className="mb-5 pr-8">
              <RadixDialog.Title className="font-semibold text-fg text-xl">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-muted text-sm">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {children}
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 rounded-md p-1.5 text-muted hover:bg-surface-2 hover:text-fg"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
