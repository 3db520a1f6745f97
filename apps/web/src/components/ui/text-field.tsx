import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame, fieldControlClass } from './field-frame.tsx';

interface FieldProps {
  label: string;
  /** Shown in place of the help text, with aria-invalid on the control. */
  error?: string;
  help?: ReactNode;
}

/** A labelled input whose error or help text is tied to it with aria-describedby. */
export function TextField({
  label,
  error,
  help,
  className,
  ...props
}: FieldProps & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <FieldFrame label={label} error={error} help={help} className={className}>
      {(control) => <input {...control} className={`${fieldControlClass(error)} h-10`} {...props} />}
    </FieldFrame>
  );
}

/** A labelled multi-line input, like TextField. */
export function TextAreaField({
  label,
  error,
  help,
  className,
  rows = 6,
  ...props
}: FieldProps & Omit<ComponentProps<'textarea'>, 'id'>) {
  return (
    <FieldFrame label={label} error={error} help={help} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={`${fieldControlClass(error)} resize-y py-2`}
          {...props}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled native select, like TextField. */
export function SelectField({
  label,
  options,
  error,
  help,
  className,
  ...props
}: FieldProps &
  Omit<ComponentProps<'select'>, 'id'> & { options: readonly { value: string; label: string }[] }) {
  return (
    <FieldFrame label={label} error={error} help={help} className={className}>
      {(control) => (
        <select {...control} className={`${fieldControlClass(error)} h-10`} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type PresetProps = Omit<FieldProps, 'label'> & { label?: string } & Omit<ComponentProps<'input'>, 'id'>;

/** A password the account already has: the browser offers the saved one. */
export function CurrentPasswordField({ label = 'Current password', ...props }: PresetProps) {
  return <TextField label={label} type="password" autoComplete="current-password" {...props} />;
}

/** A code from an authenticator app: phones show digits, browsers offer a received one-time code. */
export function OneTimeCodeField({ label = 'Authentication code', ...props }: PresetProps) {
  return <TextField label={label} inputMode="numeric" autoComplete="one-time-code" {...props} />;
}
