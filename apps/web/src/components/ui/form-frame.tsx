import { type ComponentProps, type FormEvent, type ReactNode, useId } from 'react';
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
  /** The submit button spans the form (the sign-in dialog's forms). */
  isWide?: boolean;
  /** Shown before the submit button's label (an icon). */
  icon?: ReactNode;
  /** A button before the submit button (Cancel, Back). */
  secondary?: ReactNode;
  /** A form of its own within a page or dialog: its heading (which names the form), and what stands beside it. */
  title?: string;
  titleAside?: ReactNode;
  /** Above the alert: the steps of a multi-step form. */
  header?: ReactNode;
  /** The fields and the submit button on one line (a short form in a page); the alert spans the line above. */
  isInline?: boolean;
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
  isWide = false,
  icon,
  secondary,
  title,
  titleAside,
  header,
  isInline = false,
  className = isInline ? 'flex flex-wrap items-end gap-3' : 'space-y-4',
  children,
  ...label
}: FormFrameProps) {
  const titleId = useId();
  const alertBox = alert && <FormAlert action={alertAction}>{alert}</FormAlert>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPending) onSubmit(event.currentTarget);
  };
  return (
    <form noValidate onSubmit={submit} className={className} aria-labelledby={title && titleId} {...label}>
      {title && (
        <div className="flex items-baseline justify-between gap-3">
          <h3 id={titleId} className="font-semibold text-fg">
            {title}
          </h3>
          {titleAside}
        </div>
      )}
      {header}
      {isInline && alertBox ? <div className="basis-full">{alertBox}</div> : alertBox}
      {children}
      <div className={`flex justify-end gap-2 ${secondary ? 'pt-2' : ''}`}>
        {secondary}
        <Button
          type="submit"
          variant={variant}
          size={size}
          className={isWide ? 'w-full' : undefined}
          disabled={!canSubmit || isPending}
        >
          {icon}
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
