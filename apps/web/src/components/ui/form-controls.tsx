import { type ComponentProps, useId } from 'react';

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
  help?: string;
}

/** A labelled native select, styled like TextField. */
export function SelectField({ label, options, help, className = '', ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-fg text-sm">
        {label}
      </label>
      <select
        id={id}
        aria-describedby={help ? `${id}-help` : undefined}
        className="mt-1.5 block h-10 w-full rounded-lg border border-border bg-bg px-3 text-fg text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary-text"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {help && (
        <p id={`${id}-help`} className="mt-1.5 text-muted text-xs">
          {help}
        </p>
      )}
    </div>
  );
}

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
