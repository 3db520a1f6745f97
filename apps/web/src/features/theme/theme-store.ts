import type { BackgroundThemeId, ColorPresetId, ThemeMode } from '@conduit/contracts';
import { useSyncExternalStore } from 'react';
import {
  backgroundForMode,
  DEFAULT_THEME,
  modeOfBackground,
  normalizeTheme,
  THEME_STORAGE_KEY,
  type ThemeSettings,
} from './theme-options.ts';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedTheme: ThemeSettings = DEFAULT_THEME;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored theme; the same object while the stored value is unchanged (useSyncExternalStore needs that). */
export function getTheme(): ThemeSettings {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedTheme = normalizeTheme(raw ? JSON.parse(raw) : null);
    } catch {
      cachedTheme = DEFAULT_THEME;
    }
  }
  return cachedTheme;
}

export function applyTheme(theme: ThemeSettings, root: HTMLElement = document.documentElement) {
  root.dataset.mode = theme.mode;
  root.dataset.preset = theme.preset;
  root.dataset.background = theme.background;
}

function saveTheme(theme: ThemeSettings) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(theme));
  } catch {
    cachedRaw = readRaw();
    cachedTheme = theme;
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export const setThemeMode = (mode: ThemeMode) => {
  const background = backgroundForMode(getTheme().background, mode);
  saveTheme({ ...getTheme(), mode: modeOfBackground(background), background });
};

export const setColorPreset = (preset: ColorPresetId) => saveTheme({ ...getTheme(), preset });

export const setBackgroundTheme = (background: BackgroundThemeId) =>
  saveTheme({ ...getTheme(), background, mode: modeOfBackground(background) });

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme(getTheme());
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current theme; the server render (and hydration) sees the defaults, then the stored one. */
export const useTheme = () => useSyncExternalStore(subscribe, getTheme, () => DEFAULT_THEME);
