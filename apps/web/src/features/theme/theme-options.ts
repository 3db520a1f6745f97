import {
  BACKGROUND_THEMES,
  type BackgroundThemeId,
  COLOR_PRESETS,
  type ColorPresetId,
  DEFAULT_BACKGROUND_THEME,
  DEFAULT_COLOR_PRESET,
  DEFAULT_THEME_MODE,
  type ThemeMode,
} from '@conduit/contracts';

export const THEME_STORAGE_KEY = 'conduit-theme';

export interface ThemeSettings {
  mode: ThemeMode;
  preset: ColorPresetId;
  background: BackgroundThemeId;
}

export const DEFAULT_THEME: ThemeSettings = {
  mode: DEFAULT_THEME_MODE,
  preset: DEFAULT_COLOR_PRESET,
  background: DEFAULT_BACKGROUND_THEME,
};

/** Backgrounds that have a counterpart in the other mode; any other maps to plain light or dark. */
const MODE_COUNTERPARTS: Partial<Record<BackgroundThemeId, BackgroundThemeId>> = {
  warm: 'dark-warm',
  cool: 'dark-cool',
  'dark-warm': 'warm',
  'dark-cool': 'cool',
  dark: 'light',
};

export const isDarkBackground = (id: BackgroundThemeId) =>
  BACKGROUND_THEMES.some((background) => background.id === id && background.isDark);

export const modeOfBackground = (id: BackgroundThemeId): ThemeMode =>
  isDarkBackground(id) ? 'dark' : 'light';

/** The background to show when the user flips the mode: its counterpart, else plain light or dark. */
export function backgroundForMode(current: BackgroundThemeId, mode: ThemeMode): BackgroundThemeId {
  if (modeOfBackground(current) === mode) return current;
  return MODE_COUNTERPARTS[current] ?? (mode === 'dark' ? 'dark' : 'light');
}

/** Validates stored settings, falling back to the defaults, and keeps mode and background in agreement. */
export function normalizeTheme(value: unknown): ThemeSettings {
  const input = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<string, unknown>
  >;
  const preset = COLOR_PRESETS.find((item) => item.id === input.preset)?.id ?? DEFAULT_THEME.preset;
  const background =
    BACKGROUND_THEMES.find((item) => item.id === input.background)?.id ?? DEFAULT_THEME.background;
  return { preset, background, mode: modeOfBackground(background) };
}
