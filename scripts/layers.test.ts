import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLayers, orderOf, renderLayers, SERVER_LAYERS } from './layers.mjs';
import { sampleTrees } from './sample-tree.ts';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');
const CONFIG = path.join(ROOT, '.dependency-cruiser.mjs');

const sampleTree = sampleTrees('conduit-layers-');

/** Runs dependency-cruiser with the repository's own rules on a sample tree: exit code and report. */
function cruise(root: string, ...extra: string[]): { code: number; report: string } {
  try {
    const report = execFileSync(
      DEPCRUISE,
      [
        ...['apps/server/src', 'apps/web/src'].filter((dir) => existsSync(path.join(root, dir))),
        ...['--config', CONFIG, '--output-type', 'err', ...extra],
      ],
      { cwd: root, encoding: 'utf8', stdio: 'pipe' },
    );
    return { code: 0, report };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, report: `${failed.stdout}${failed.stderr}` };
  }
}

const M = 'apps/server/src/modules';
const F = 'apps/web/src/features';

describe('layers', { timeout: 30_000 }, () => {
  it('docs/architecture.md shows the order scripts/layers.mjs holds, and every module has its place', () => {
    expect(checkLayers(ROOT)).toEqual([]);
  });

  it('finds a document that shows another order, and a module the list lacks', () => {
    const swapped = SERVER_LAYERS.map((group) => ({ ...group, modules: [...group.modules].reverse() }));
    const root = sampleTree({
      'docs/architecture.md': `# Architecture\n\n${renderLayers('server', swapped)}\n`,
      [`${M}/newcomer/a.ts`]: 'export const a = 1;\n',
    });
    const problems = checkLayers(root).join('\n');
    expect(problems).toContain('the server layers block differs from scripts/layers.mjs');
    expect(problems).toContain('the web layers block differs');
    expect(problems).toContain(`${M}/newcomer has no place in scripts/layers.mjs`);
  });

  it('lets a module import the ones below it', () => {
    const root = sampleTree({
      [`${M}/auth/schema.ts`]: 'export const users = 1;\n',
      [`${M}/billing/stop.ts`]: "import { users } from '../auth/schema.ts';\nexport const stop = users;\n",
      [`${F}/calls/call-status.tsx`]: 'export const CallStatus = 1;\n',
      [`${F}/dashboard/usage.tsx`]:
        "import { CallStatus } from '../calls/call-status.tsx';\nexport const u = CallStatus;\n",
    });
    expect(cruise(root)).toMatchObject({ code: 0 });
  });

  it('refuses an import up the order, naming the rule and both files, type-only imports too', () => {
    const root = sampleTree({
      [`${M}/auth/delete-account.ts`]: "import { stop } from '../billing/stop.ts';\nexport const d = stop;\n",
      [`${M}/auth/users.ts`]: "import type { Stop } from '../billing/stop.ts';\nexport type U = Stop;\n",
      [`${M}/billing/stop.ts`]: 'export const stop = 1;\nexport type Stop = number;\n',
    });
    const { code, report } = cruise(root);
    expect(code).not.toBe(0);
    expect(report).toContain(`server-layer-order: ${M}/auth/delete-account.ts → ${M}/billing/stop.ts`);
    expect(report).toContain(`server-layer-order: ${M}/auth/users.ts → ${M}/billing/stop.ts`);
  });

  it('refuses the import that closes a loop between two modules, and between two features', () => {
    const root = sampleTree({
      [`${M}/auth/schema.ts`]: 'export const users = 1;\n',
      [`${M}/workspaces/teams.ts`]:
        "import { users } from '../auth/schema.ts';\nexport const teams = users;\n",
      [`${M}/auth/sessions.ts`]: "import { teams } from '../workspaces/teams.ts';\nexport const s = teams;\n",
      [`${F}/calls/cancel-call.tsx`]: "import { q } from '../dashboard/queries.ts';\nexport const c = q;\n",
      [`${F}/dashboard/queries.ts`]: 'export const q = 1;\n',
      [`${F}/dashboard/usage.tsx`]: "import { c } from '../calls/cancel-call.tsx';\nexport const u = c;\n",
    });
    const { code, report } = cruise(root);
    expect(code).not.toBe(0);
    expect(report).toContain(`server-layer-order: ${M}/auth/sessions.ts → ${M}/workspaces/teams.ts`);
    expect(report).toContain(`web-layer-order: ${F}/calls/cancel-call.tsx → ${F}/dashboard/queries.ts`);
    expect(report).not.toContain('workspaces/teams.ts → ');
    expect(report).not.toContain('dashboard/usage.tsx → ');
  });

  it('refuses a module the order lacks, and platform/ or lib/ reaching into modules or features', () => {
    const root = sampleTree({
      [`${M}/newcomer/a.ts`]: "import { users } from '../auth/schema.ts';\nexport const a = users;\n",
      [`${M}/auth/schema.ts`]: 'export const users = 1;\n',
      'apps/server/src/platform/helper.ts':
        "import { users } from '../modules/auth/schema.ts';\nexport const h = users;\n",
      [`${F}/auth/text.ts`]: 'export const t = 1;\n',
      'apps/web/src/lib/form.ts': "import { t } from '../features/auth/text.ts';\nexport const f = t;\n",
    });
    const { code, report } = cruise(root);
    expect(code).not.toBe(0);
    expect(report).toContain(`server-module-unlisted: ${M}/newcomer/a.ts`);
    expect(report).toContain(
      `server-platform-below-modules: apps/server/src/platform/helper.ts → ${M}/auth/schema.ts`,
    );
    expect(report).toContain(`web-shared-below-features: apps/web/src/lib/form.ts → ${F}/auth/text.ts`);
  });

  it("the repository's own imports break no rule, and lint checks them with no list of exceptions", () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts['lint:layers']).toContain('--config .dependency-cruiser.mjs');
    expect(scripts['lint:layers']).not.toContain('--ignore-known');
    expect(cruise(ROOT)).toMatchObject({ code: 0 });
  });

  it('lists each module once', () => {
    const order = orderOf(SERVER_LAYERS);
    expect(new Set(order).size).toBe(order.length);
  });
});
