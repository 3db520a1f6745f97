import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button } from './button.tsx';
import { FormAlert } from './form-alert.tsx';

export interface FormFrameProps {
  /** Called on submit (the browser's own submission prevented), unless a submission is running. */
  onSubmit: (form: HTMLFormElement) => void;
  /** The form-level message (a server error, a check across fields), above the fields. */
  alert?: string | null;
  /** A way out offered inside the alert (e.g. "Resend confirmation"). */
  alertAction?: ReactNode;
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  isPending: boolean;
  /** False keeps the submit button disabled (e.g. while a required field is empty). */
  canSubmit?: boolean;
  variant?: ComponentProps<typeof Button>['variant'];
  size?: ComponentProps<typeof Button>['size'];
  /** Shown before the submit button's label (an icon). */
  icon?: ReactNode;
  /** A button before the submit button (Cancel, Back). */
  secondary?: ReactNode;
  /** Above the alert: a heading, a line of context. */
  header?: ReactNode;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The fields; none for a plain confirmation. */
  children?: ReactNode;
}

/**
 * The one frame of every form: the alert, the fields, then the submit button (its pending label
 * while the request runs), after an optional Cancel or Back. A new form is a few lines of fields.
 */
export function FormFrame({
  onSubmit,
  alert,
  alertAction,
  submitLabel,
  pendingLabel,
  isPending,
  canSubmit = true,
  variant = 'primary',
  size,
  icon,
  secondary,
  header,
  className = 'space-y-4',
  children,
  ...label
}: FormFrameProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPending) onSubmit(event.currentTarget);
  };
  return (
    <form noValidate onSubmit={submit} className={className} {...label}>
      {header}
      {alert && <FormAlert action={alertAction}>{alert}</FormAlert>}
      {children}
      <div className={`flex justify-end gap-2 ${secondary ? 'pt-2' : ''}`}>
        {secondary}
        <Button type="submit" variant={variant} size={size} disabled={!canSubmit || isPending}>
          {icon}
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
