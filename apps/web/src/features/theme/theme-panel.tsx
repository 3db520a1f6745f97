import { BACKGROUND_THEMES, COLOR_PRESETS } from '@conduit/contracts';
import { Moon, Sun } from 'lucide-react';
import { ThemeOption } from './theme-option.tsx';
import { setBackgroundTheme, setColorPreset, setThemeMode, useTheme } from './theme-store.ts';

const MODES = [
  { id: 'light', label: 'Light mode', Icon: Sun },
  { id: 'dark', label: 'Dark mode', Icon: Moon },
] as const;

export function ThemePanel({ id }: { id: string }) {
  const theme = useTheme();
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Theme settings"
      className="absolute top-full right-0 z-50 mt-2 max-h-[calc(100dvh-5rem)] w-96 space-y-4 overflow-y-auto max-sm:fixed max-sm:inset-x-4 max-sm:top-16 max-sm:w-auto rounded-xl border border-border bg-surface p-4 text-left shadow-popover"
    >
      <fieldset>
        <legend className="mb-2 font-medium text-muted text-xs uppercase tracking-wide">Mode</legend>
        <div className="grid grid-cols-2 gap-2">
          {MODES.map(({ id: mode, label, Icon }) => (
            <ThemeOption
              key={mode}
              name="theme-mode"
              label={label}
              isChecked={theme.mode === mode}
              onSelect={() => setThemeMode(mode)}
            >
              <Icon aria-hidden="true" className="size-4" />
            </ThemeOption>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-medium text-muted text-xs uppercase tracking-wide">Colour</legend>
        <div className="grid grid-cols-2 gap-2">
          {COLOR_PRESETS.map((preset) => (
            <ThemeOption
              key={preset.id}
              name="theme-preset"
              label={preset.label}
              isChecked={theme.preset === preset.id}
              onSelect={() => setColorPreset(preset.id)}
            >
              <span
                aria-hidden="true"
                data-preset={preset.id}
                data-mode={theme.mode}
                className="size-4 shrink-0 rounded-full bg-primary ring-1 ring-border"
              />
            </ThemeOption>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-medium text-muted text-xs uppercase tracking-wide">Background</legend>
        <div className="grid grid-cols-2 gap-2">
          {BACKGROUND_THEMES.map((background) => (
            <ThemeOption
              key={background.id}
              name="theme-background"
              label={background.label}
              isChecked={theme.background === background.id}
              onSelect={() => setBackgroundTheme(background.id)}
            >
              <span
                aria-hidden="true"
                data-background={background.id}
                className="size-4 shrink-0 rounded-full border border-border bg-bg"
              />
            </ThemeOption>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
