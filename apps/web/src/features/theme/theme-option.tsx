import type { ReactNode } from 'react';

interface ThemeOptionProps {
  name: string;
  label: string;
  isChecked: boolean;
  onSelect: () => void;
  children: ReactNode;
}

/** One radio choice styled as a chip; the native radio (transparent, over the chip) keeps keyboard use and announcements. */
export function ThemeOption({ name, label, isChecked, onSelect, children }: ThemeOptionProps) {
  return (
    <label className="relative flex cursor-pointer items-center gap-2 rounded-lg border border-border px-2.5 py-2 text-fg text-sm hover:bg-surface-2 has-checked:border-primary-text has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-primary-text">
      <input
        type="radio"
        name={name}
        checked={isChecked}
        onChange={onSelect}
        className="absolute inset-0 z-10 cursor-pointer opacity-0"
      />
      {children}
      <span className="leading-tight">{label}</span>
    </label>
  );
}
