import type { WaitlistField as FieldConfig } from '@conduit/contracts';
import { useId } from 'react';

interface WaitlistFieldProps {
  field: FieldConfig;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

const CONTROL =
  'mt-1.5 block w-full rounded-lg border bg-bg px-3 text-fg text-sm outline-none placeholder:text-muted focus-visible:ring-2 focus-visible:ring-primary-text';

/** One configured field: a text input, a select or a textarea, with its error tied to it. */
export function WaitlistField({ field, value, error, onChange }: WaitlistFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required || undefined,
    className: `${CONTROL} ${error ? 'border-danger' : 'border-border'}`,
  };
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-fg text-sm">
        {field.label}
        {!field.required && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {field.type === 'select' ? (
        <select
          {...common}
          onChange={(event) => onChange(event.target.value)}
          className={`${common.className} h-10`}
        >
          <option value="">Choose...</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.type === 'textarea' ? (
        <textarea
          {...common}
          rows={4}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={`${common.className} resize-y py-2`}
        />
      ) : (
        <input
          {...common}
          type={field.rule === 'email' ? 'email' : 'text'}
          maxLength={field.maxLength}
          autoComplete={field.autoComplete}
          placeholder={field.placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={`${common.className} h-10`}
        />
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-danger text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
