/** Theme options (docs/product.md, "Theme"); the web app maps each id to CSS variables. */
export const COLOR_PRESETS = [
  { id: 'saas-blue', label: 'SaaS Blue' },
  { id: 'professional-purple', label: 'Professional Purple' },
  { id: 'eco-green', label: 'Eco Green' },
  { id: 'finance-orange', label: 'Finance Orange' },
  { id: 'creative-pink', label: 'Creative Pink' },
  { id: 'dark-minimal', label: 'Dark Minimal' },
] as const;
export type ColorPresetId = (typeof COLOR_PRESETS)[number]['id'];

export const BACKGROUND_THEMES = [
  { id: 'light', label: 'Light', isDark: false },
  { id: 'warm', label: 'Warm', isDark: false },
  { id: 'cool', label: 'Cool', isDark: false },
  { id: 'neutral', label: 'Neutral', isDark: false },
  { id: 'vibrant', label: 'Vibrant', isDark: false },
  { id: 'soft', label: 'Soft', isDark: false },
  { id: 'earth', label: 'Earth', isDark: false },
  { id: 'ocean', label: 'Ocean', isDark: false },
  { id: 'dark', label: 'Dark', isDark: true },
  { id: 'dark-warm', label: 'Dark Warm', isDark: true },
  { id: 'dark-cool', label: 'Dark Cool', isDark: true },
] as const;
export type BackgroundThemeId = (typeof BACKGROUND_THEMES)[number]['id'];

export type ThemeMode = 'light' | 'dark';

export const DEFAULT_COLOR_PRESET: ColorPresetId = 'saas-blue';
export const DEFAULT_BACKGROUND_THEME: BackgroundThemeId = 'dark-cool';
export const DEFAULT_THEME_MODE: ThemeMode = 'dark';
