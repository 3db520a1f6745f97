import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormFrame, type FormFrameProps } from './form-frame.tsx';

interface FormDialogProps extends FormFrameProps {
  title: string;
  description?: string;
  onClose: () => void;
  /** False keeps the dialog in the page while hidden (a multi-step form keeps its answers). */
  isOpen?: boolean;
  /** Shown in place of the form once it has done its work, in the same open dialog (a new key to copy). */
  result?: ReactNode;
}

/**
 * The one frame of every form in a dialog: a FormFrame whose Cancel closes it like Escape and the
 * backdrop do (a form may put its own button there, or none with `secondary={null}`). A new dialog is a
 * few lines of fields.
 */
export function FormDialog({ title, description, onClose, isOpen = true, result, ...form }: FormDialogProps) {
  const cancel = (
    <Button variant="secondary" onClick={onClose}>
      Cancel
    </Button>
  );
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} description={description}>
      {result ?? <FormFrame secondary={cancel} {...form} />}
    </Dialog>
  );
}
