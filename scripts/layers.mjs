// The order of layers: the one list that docs/architecture.md shows (between the `layers:` markers,
// which `npm run lint` checks) and that .dependency-cruiser.mjs turns into rules. Bottom first: a
// server module may import only the modules listed before it, a web feature only the features
// listed before it (and both anything in the shared parts below them). So no import runs up, and
// no two modules can import each other: a loop of imports, however long, has one that runs up,
// which the rule refuses by name with both its files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** apps/server/src/modules, bottom first, in groups that only name the layers for the reader. */
export const SERVER_LAYERS = [
  { layer: 'infrastructure modules', modules: ['mail', 'system'] },
  { layer: 'identity and ownership', modules: ['auth', 'workspaces', 'credits'] },
  { layer: 'the event store', modules: ['events'] },
  { layer: 'keys and support', modules: ['keys', 'support'] },
  { layer: 'the catalogue and the upstreams', modules: ['models', 'engines', 'channels'] },
  { layer: 'the paid call', modules: ['tasks', 'files', 'alerts', 'upstream-watch', 'provider'] },
  {
    layer: 'deliveries and what reads the calls',
    modules: ['webhooks', 'task-events', 'usage', 'request-log', 'openai'],
  },
  { layer: 'money in', modules: ['payments', 'billing', 'waitlist'] },
  { layer: 'over everything', modules: ['docs', 'admin'] },
];

/** apps/web/src/features, bottom first. */
export const WEB_LAYERS = [
  { layer: 'what every page reads', modules: ['notifications', 'auth', 'usage', 'models', 'workspaces'] },
  {
    layer: 'keys, alerts and the public pages',
    modules: ['alerts', 'api-keys', 'docs', 'landing', 'legal', 'theme', 'site', 'waitlist'],
  },
  { layer: 'support and the admin', modules: ['support', 'admin'] },
  { layer: 'credits and calls', modules: ['credits', 'calls', 'live-status', 'playground'] },
  { layer: 'the signed-in app', modules: ['app-shell', 'dashboard', 'logs', 'settings', 'team', 'webhooks'] },
];

export const SERVER_ROOT = 'apps/server/src/modules';
export const WEB_ROOT = 'apps/web/src/features';

/** The shared parts below every server module and every web feature. */
export const SERVER_BELOW = ['apps/server/src/platform'];
export const WEB_BELOW = ['apps/web/src/lib', 'apps/web/src/components'];
/** The process's composition, in platform/ but wiring modules together: it may import them. */
export const SERVER_COMPOSITION = [
  'apps/server/src/platform/runtime.ts',
  'apps/server/src/platform/services.ts',
];

export const orderOf = (layers) => layers.flatMap((group) => group.modules);

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (names) => `(${names.map(literal).join('|')})`;

/** One rule per module: it may not import a module listed after it. */
function orderRules(name, root, layers) {
  const order = orderOf(layers);
  return order.slice(0, -1).map((module, index) => ({
    name,
    severity: 'error',
    comment: `${root}/${module} sits below ${order.slice(index + 1).join(', ')} (scripts/layers.mjs): it may not import them`,
    from: { path: `^${literal(root)}/${literal(module)}/` },
    to: { path: `^${literal(root)}/${anyOf(order.slice(index + 1))}/` },
  }));
}

/** The rules of .dependency-cruiser.mjs. */
export function layerRules() {
  const server = orderOf(SERVER_LAYERS);
  const web = orderOf(WEB_LAYERS);
  return [
    ...orderRules('server-layer-order', SERVER_ROOT, SERVER_LAYERS),
    ...orderRules('web-layer-order', WEB_ROOT, WEB_LAYERS),
    {
      name: 'server-module-unlisted',
      severity: 'error',
      comment: 'every server module has its place in SERVER_LAYERS (scripts/layers.mjs)',
      from: { path: `^${literal(SERVER_ROOT)}/`, pathNot: `^${literal(SERVER_ROOT)}/${anyOf(server)}/` },
      to: {},
    },
    {
      name: 'web-feature-unlisted',
      severity: 'error',
      comment: 'every web feature has its place in WEB_LAYERS (scripts/layers.mjs)',
      from: { path: `^${literal(WEB_ROOT)}/`, pathNot: `^${literal(WEB_ROOT)}/${anyOf(web)}/` },
      to: {},
    },
    {
      name: 'server-platform-below-modules',
      severity: 'error',
      comment: 'platform/ sits below every module (only the composition of a process wires them)',
      from: { path: `^${anyOf(SERVER_BELOW)}/`, pathNot: `^${anyOf(SERVER_COMPOSITION)}$` },
      to: { path: `^${literal(SERVER_ROOT)}/` },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'lib/ and components/ sit below every feature',
      from: { path: `^${anyOf(WEB_BELOW)}/` },
      to: { path: `^${literal(WEB_ROOT)}/` },
    },
  ];
}

const START = (name) => `<!-- layers:${name} (scripts/layers.mjs; npm run lint checks this block) -->`;
const END = (name) => `<!-- /layers:${name} -->`;

/** The block docs/architecture.md shows for one list: numbered bottom first, by group. */
export function renderLayers(name, layers) {
  const lines = [START(name), ''];
  let number = 0;
  for (const group of layers) {
    const modules = group.modules.map((module) => `${++number}. \`${module}\``).join(', ');
    lines.push(`- ${group.layer}: ${modules}`);
  }
  lines.push('', END(name));
  return lines.join('\n');
}

/** Problems with the document: a block missing or not the list's rendering; a folder not listed. */
export function checkLayers(root) {
  const problems = [];
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  for (const [name, layers, dir] of [
    ['server', SERVER_LAYERS, SERVER_ROOT],
    ['web', WEB_LAYERS, WEB_ROOT],
  ]) {
    const start = doc.indexOf(START(name));
    const end = doc.indexOf(END(name));
    const shown = start >= 0 && end > start ? doc.slice(start, end + END(name).length) : null;
    if (shown !== renderLayers(name, layers)) {
      problems.push(
        `docs/architecture.md: the ${name} layers block differs from scripts/layers.mjs; it should read:\n${renderLayers(name, layers)}`,
      );
    }
    const order = orderOf(layers);
    const duplicates = order.filter((module, index) => order.indexOf(module) !== index);
    if (duplicates.length > 0) problems.push(`scripts/layers.mjs: listed twice: ${duplicates.join(', ')}`);
    const folders = listFolders(path.join(root, dir));
    problems.push(
      ...folders
        .filter((folder) => !order.includes(folder))
        .map((folder) => `${dir}/${folder} has no place in scripts/layers.mjs`),
      ...order
        .filter((module) => !folders.includes(module))
        .map((module) => `scripts/layers.mjs lists ${dir}/${module}, which does not exist`),
    );
  }
  return problems;
}

function listFolders(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
