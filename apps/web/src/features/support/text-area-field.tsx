import { type ComponentProps, useId } from 'react';

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  help?: string;
}

/** A labelled multi-line input, styled like TextField; its help text is tied with aria-describedby. */
export function TextAreaField({ label, help, className = '', rows = 6, ...props }: TextAreaFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-fg text-sm">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-describedby={help ? helpId : undefined}
        className="mt-1.5 block w-full resize-y rounded-lg border border-border bg-bg px-3 py-2 text-fg text-sm outline-none placeholder:text-muted focus-visible:ring-2 focus-visible:ring-primary-text"
        {...props}
      />
      {help && (
        <p id={helpId} className="mt-1.5 text-muted text-xs">
          {help}
        </p>
      )}
    </div>
  );
}
