import { type ComponentProps, useId } from 'react';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  label: string;
  help?: string;
}

/** A checkbox with its label and an optional line of help. */
export function CheckboxField({ label, help, className = '', ...props }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={help ? `${id}-help` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary"
        {...props}
      />
      <div>
        <label htmlFor={id} className="block font-medium text-fg text-sm">
          {label}
        </label>
        {help && (
          <p id={`${id}-help`} className="mt-0.5 text-muted text-xs">
            {help}
          </p>
        )}
      </div>
    </div>
  );
}
