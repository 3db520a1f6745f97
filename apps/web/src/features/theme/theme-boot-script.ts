import { BACKGROUND_THEMES, COLOR_PRESETS } from '@conduit/contracts';
import { SESSION_HINT_BOOT } from '../auth/session-hint.ts';
import { CLICK_QUEUE_BOOT } from '../landing/click-queue.ts';
import { DEFAULT_THEME, THEME_STORAGE_KEY } from './theme-options.ts';

/**
 * The inline script placed first in <head>: it applies the stored theme to <html> before the
 * first paint (no flash), marks non-landing paths so the prerendered landing stays hidden
 * until the client renders the real route, copies the session hint (auth/session-hint.ts) and holds
 * a tap on a button made before hydration (landing/click-queue.ts).
 */
export function createThemeBootScript(): string {
  const presets = JSON.stringify(COLOR_PRESETS.map((preset) => preset.id));
  const darkBackgrounds = JSON.stringify(BACKGROUND_THEMES.filter((b) => b.isDark).map((b) => b.id));
  const backgrounds = JSON.stringify(BACKGROUND_THEMES.map((background) => background.id));
  return `(function(){var d=document.documentElement,t=${JSON.stringify(DEFAULT_THEME)};try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})||'{}');if(${presets}.indexOf(s.preset)>=0)t.preset=s.preset;if(${backgrounds}.indexOf(s.background)>=0){t.background=s.background;t.mode=${darkBackgrounds}.indexOf(s.background)>=0?'dark':'light'}}catch(e){}d.dataset.mode=t.mode;d.dataset.preset=t.preset;d.dataset.background=t.background;if(location.pathname!=='/')d.dataset.spaPath='';${SESSION_HINT_BOOT}${CLICK_QUEUE_BOOT}})();`;
}
