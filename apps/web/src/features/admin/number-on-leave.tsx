/**
 * A whole number an admin edits in a table row, saved when the field is left (not on each key):
 * `onSave` runs only for a whole number within [min, max] that differs from `value`.
 */
export function NumberOnLeave({
  label,
  value,
  min,
  max,
  disabled,
  onSave,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  disabled: boolean;
  onSave: (value: number) => void;
}) {
  return (
    <input
      type="number"
      min={min}
      max={max}
      aria-label={label}
      defaultValue={value}
      disabled={disabled}
      className="w-20 rounded border border-border bg-bg px-2 py-1"
      onBlur={(event) => {
        const next = Number(event.target.value);
        if (Number.isInteger(next) && next >= min && next <= max && next !== value) onSave(next);
      }}
    />
  );
}
