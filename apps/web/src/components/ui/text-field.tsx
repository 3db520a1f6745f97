import { type ComponentProps, type ReactNode, useId } from 'react';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown in place of the help text, with aria-invalid on the input. */
  error?: string;
  help?: ReactNode;
}

/** A labelled input whose error or help text is tied to it with aria-describedby. */
export function TextField({ label, error, help, className = '', ...props }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const hasNote = Boolean(error || help);
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-fg text-sm">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={hasNote ? noteId : undefined}
        className={`mt-1.5 block h-10 w-full rounded-lg border bg-bg px-3 text-fg text-sm outline-none placeholder:text-muted focus-visible:ring-2 focus-visible:ring-primary-text ${
          error ? 'border-danger' : 'border-border'
        }`}
        {...props}
      />
      {error ? (
        <p id={noteId} className="mt-1.5 text-danger text-sm">
          {error}
        </p>
      ) : (
        help && (
          <div id={noteId} className="mt-1.5 text-muted text-xs">
            {help}
          </div>
        )
      )}
    </div>
  );
}
