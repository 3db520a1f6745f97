import type { WaitlistField as FieldConfig } from '@conduit/contracts';
import type { ChangeEvent } from 'react';
import { FieldFrame, fieldControlClass } from '../../components/ui/field-frame.tsx';

interface WaitlistFieldProps {
  field: FieldConfig;
  /** What useFormFields' `field(id)` gives. */
  control: {
    name: string;
    value: string;
    error?: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
    onBlur: () => void;
  };
}

/** One configured field: a text input, a select or a textarea, with its error tied to it. */
export function WaitlistField({ field, control: { error, ...control } }: WaitlistFieldProps) {
  const label = (
    <>
      {field.label}
      {!field.required && <span className="font-normal text-muted"> (optional)</span>}
    </>
  );
  return (
    <FieldFrame label={label} error={error}>
      {(frame) => {
        const common = { ...frame, ...control, 'aria-required': field.required || undefined };
        if (field.type === 'select') {
          return (
            <select {...common} className={`${fieldControlClass(error)} h-10`}>
              <option value="">Choose...</option>
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        }
        const text = { maxLength: field.maxLength, placeholder: field.placeholder };
        return field.type === 'textarea' ? (
          <textarea {...common} {...text} rows={4} className={`${fieldControlClass(error)} resize-y py-2`} />
        ) : (
          <input
            {...common}
            {...text}
            type={field.rule === 'email' ? 'email' : 'text'}
            autoComplete={field.autoComplete}
            className={`${fieldControlClass(error)} h-10`}
          />
        );
      }}
    </FieldFrame>
  );
}
