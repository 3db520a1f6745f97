import { BACKGROUND_THEMES, COLOR_PRESETS } from '@conduit/contracts';
import { Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { ThemeOption } from './theme-option.tsx';
import { setBackgroundTheme, setColorPreset, setThemeMode, useTheme } from './theme-store.ts';

const MODES = [
  { id: 'light', label: 'Light mode', Icon: Sun },
  { id: 'dark', label: 'Dark mode', Icon: Moon },
] as const;

/** One setting of the theme: a radio group of its options, each with a swatch. */
function ThemeChoices<Option extends { id: string; label: string }>({
  legend,
  name,
  options,
  current,
  onSelect,
  swatch,
}: {
  legend: string;
  name: string;
  options: readonly Option[];
  current: string;
  onSelect: (id: Option['id']) => void;
  swatch: (option: Option) => ReactNode;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-muted text-xs uppercase tracking-wide">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <ThemeOption
            key={option.id}
            name={name}
            label={option.label}
            isChecked={current === option.id}
            onSelect={() => onSelect(option.id)}
          >
            {swatch(option)}
          </ThemeOption>
        ))}
      </div>
    </fieldset>
  );
}

export function ThemePanel({ id }: { id: string }) {
  const theme = useTheme();
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Theme settings"
      className="absolute top-full right-0 z-50 mt-2 max-h-[calc(100dvh-5rem)] w-96 space-y-4 overflow-y-auto max-sm:fixed max-sm:inset-x-4 max-sm:top-16 max-sm:w-auto rounded-xl border border-border bg-surface p-4 text-left shadow-popover"
    >
      <ThemeChoices
        legend="Mode"
        name="theme-mode"
        options={MODES}
        current={theme.mode}
        onSelect={setThemeMode}
        swatch={({ Icon }) => <Icon aria-hidden="true" className="size-4" />}
      />
      <ThemeChoices
        legend="Colour"
        name="theme-preset"
        options={COLOR_PRESETS}
        current={theme.preset}
        onSelect={setColorPreset}
        swatch={(preset) => (
          <span
            aria-hidden="true"
            data-preset={preset.id}
            data-mode={theme.mode}
            className="size-4 shrink-0 rounded-full bg-primary ring-1 ring-border"
          />
        )}
      />
      <ThemeChoices
        legend="Background"
        name="theme-background"
        options={BACKGROUND_THEMES}
        current={theme.background}
        onSelect={setBackgroundTheme}
        swatch={(background) => (
          <span
            aria-hidden="true"
            data-background={background.id}
            className="size-4 shrink-0 rounded-full border border-border bg-bg"
          />
        )}
      />
    </div>
  );
}
