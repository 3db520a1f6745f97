import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@conduit/contracts';
import type { Plugin } from 'vite';
import { createThemeBootScript } from '../src/features/theme/theme-boot-script.ts';

/** Fills index.html from the contracts: the product name and tagline, and the theme boot script. */
export function htmlHeadPlugin(): Plugin {
  return {
    name: 'conduit:html-head',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const filled = html
          .replaceAll('%PRODUCT_NAME%', PRODUCT_NAME)
          .replaceAll('%PRODUCT_TAGLINE%', PRODUCT_TAGLINE);
        return {
          html: filled,
          tags: [{ tag: 'script', children: createThemeBootScript(), injectTo: 'head-prepend' }],
        };
      },
    },
  };
}
