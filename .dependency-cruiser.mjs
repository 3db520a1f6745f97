// The import rules `npm run lint` checks, generated from the order of layers in scripts/layers.mjs
// (the list docs/architecture.md shows). No import breaks them, and there is no list of exceptions:
// `npm run lint` fails on any import that does.
import { layerRules } from './scripts/layers.mjs';

export default {
  forbidden: layerRules(),
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    // Tests may reach across modules to set up what they test; the rules are about the product.
    exclude: { path: ['\\.test\\.tsx?$', '^apps/server/test/', '^apps/web/src/test/'] },
    includeOnly: { path: '^apps/(server|web)/src/' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
