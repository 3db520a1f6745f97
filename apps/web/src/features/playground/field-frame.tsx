import { type ReactNode, useId } from 'react';

export const CONTROL_CLASSES =
  'block w-full rounded-lg border bg-bg px-3 text-fg text-sm outline-none placeholder:text-muted focus-visible:ring-2 focus-visible:ring-primary-text';

export interface ControlProps {
  id: string;
  'aria-describedby': string;
  'aria-invalid'?: true;
  className: string;
}

/**
 * A field's label (the API's field name), its control, and its help or error tied to it with
 * aria-describedby. `children` builds the control from the props it must carry.
 */
export function FieldFrame({
  name,
  required,
  help,
  error,
  isInline = false,
  children,
}: {
  name: string;
  required: boolean;
  help: string;
  error?: string;
  /** The control before its label, on one line (a checkbox). */
  isInline?: boolean;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const label = (
    <label htmlFor={id} className="flex items-baseline gap-2 text-sm">
      <span className="font-medium font-mono text-fg">{name}</span>
      <span className="text-muted text-xs">{required ? 'required' : 'optional'}</span>
    </label>
  );
  const control = children({
    id,
    'aria-describedby': noteId,
    ...(error ? { 'aria-invalid': true as const } : {}),
    className: `${CONTROL_CLASSES} ${error ? 'border-danger' : 'border-border'}`,
  });
  const note = (
    <p id={noteId} className={`mt-1.5 text-xs ${error ? 'text-danger' : 'text-muted'}`}>
      {error ?? help}
    </p>
  );
  if (isInline) {
    return (
      <div className="flex items-start gap-3">
        <div className="pt-0.5">{control}</div>
        <div>
          {label}
          {note}
        </div>
      </div>
    );
  }
  return (
    <div>
      {label}
      <div className="mt-1.5">{control}</div>
      {note}
    </div>
  );
}
