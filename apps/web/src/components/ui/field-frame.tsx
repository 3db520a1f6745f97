import { type ReactNode, useId } from 'react';

/** What a control inside a FieldFrame carries: its id, and its error or help tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The look every text input, text area and select shares; a field in error has a red border. */
export const fieldControlClass = (error?: string) =>
  `mt-1.5 block w-full rounded-lg border bg-bg px-3 text-fg text-sm outline-none placeholder:text-muted focus-visible:ring-2 focus-visible:ring-primary-text ${
    error ? 'border-danger' : 'border-border'
  }`;

interface FieldFrameProps {
  label: ReactNode;
  /** Shown in place of the help text, with aria-invalid on the control. */
  error?: string;
  help?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One labelled form field: the label, the control, then its error (or else its help). The help
 * stays in the page, hidden, while an error shows: an error appearing as focus leaves the field
 * (Tab) only adds a node. Removing one then, while the browser's focus is between two fields,
 * made the dialogs' focus trap (Radix) take the focus back to the dialog itself, so Tab skipped
 * the rest of the form.
 */
export function FieldFrame({ label, error, help, className = '', children }: FieldFrameProps) {
  const id = useId();
  const helpId = `${id}-note`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-fg text-sm">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : help ? helpId : undefined,
      })}
      {help && (
        <div id={helpId} hidden={Boolean(error)} className="mt-1.5 text-muted text-xs">
          {help}
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-danger text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
