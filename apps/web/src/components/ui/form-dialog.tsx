import type { FormEvent, ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './form-alert.tsx';

interface FormDialogProps {
  title: string;
  description?: string;
  onClose: () => void;
  /** Called on submit (the browser's own submission prevented), unless a submission is running. */
  onSubmit: (form: HTMLFormElement) => void;
  /** The form-level message (a server error, a check across fields), above the fields. */
  alert?: string | null;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** False keeps the submit button disabled (e.g. while a required field is empty). */
  canSubmit?: boolean;
  variant?: 'primary' | 'danger';
  /** The fields; none for a plain confirmation. */
  children?: ReactNode;
}

/**
 * The one frame of every form in a dialog: the alert, the fields, then Cancel and the submit
 * button (its pending label while the request runs). A new dialog is a few lines of fields.
 */
export function FormDialog({
  title,
  description,
  onClose,
  onSubmit,
  alert,
  submitLabel,
  pendingLabel,
  isPending,
  canSubmit = true,
  variant = 'primary',
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPending) onSubmit(event.currentTarget);
  };
  return (
    <Dialog isOpen onClose={onClose} title={title} description={description}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={variant} disabled={!canSubmit || isPending}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
