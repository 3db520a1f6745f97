import { DEFAULT_BACKGROUND_THEME, DEFAULT_COLOR_PRESET, DEFAULT_THEME_MODE } from '@conduit/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from './theme-options.ts';
import { getTheme, setBackgroundTheme, setColorPreset, setThemeMode } from './theme-store.ts';
import { ThemeSwitcher } from './theme-switcher.tsx';

const stored = () => JSON.parse(window.localStorage.getItem(THEME_STORAGE_KEY) ?? 'null');
const html = document.documentElement;

describe('theme', () => {
  it('defaults to SaaS blue on dark cool, in dark mode', () => {
    expect(getTheme()).toEqual({
      mode: DEFAULT_THEME_MODE,
      preset: DEFAULT_COLOR_PRESET,
      background: DEFAULT_BACKGROUND_THEME,
    });
    expect(getTheme()).toEqual({ mode: 'dark', preset: 'saas-blue', background: 'dark-cool' });
  });

  it('ignores unknown stored values', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, '{"preset":"neon","background":"plaid"}');
    expect(getTheme()).toEqual({ mode: 'dark', preset: 'saas-blue', background: 'dark-cool' });
    window.localStorage.setItem(THEME_STORAGE_KEY, 'not json');
    expect(getTheme().preset).toBe('saas-blue');
  });

  it('persists the preset and applies it to <html>', () => {
    setColorPreset('eco-green');
    expect(stored()).toMatchObject({ preset: 'eco-green', background: 'dark-cool' });
    expect(html.dataset.preset).toBe('eco-green');
  });

  it('switches to the matching background when the mode flips', () => {
    setThemeMode('light');
    expect(stored()).toEqual({ mode: 'light', preset: 'saas-blue', background: 'cool' });
    expect(html.dataset.mode).toBe('light');
    setBackgroundTheme('earth');
    setThemeMode('dark');
    expect(stored()).toMatchObject({ mode: 'dark', background: 'dark' });
  });

  it('takes the mode from a chosen background', () => {
    setBackgroundTheme('dark-warm');
    expect(stored()).toMatchObject({ mode: 'dark', background: 'dark-warm' });
    expect(html.dataset.background).toBe('dark-warm');
  });

  it('is changed from the header menu', () => {
    render(<ThemeSwitcher />);
    const trigger = screen.getByRole('button', { name: 'Theme settings' });
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'Creative Pink' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Light mode' }));
    expect(stored()).toEqual({ mode: 'light', preset: 'creative-pink', background: 'cool' });
    expect(screen.getByRole('radio', { name: 'Cool' })).toBeChecked();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Theme settings' })).not.toBeInTheDocument();
  });
});
