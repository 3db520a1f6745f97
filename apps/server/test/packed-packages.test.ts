import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngine } from '../src/modules/engines/local-engine.ts';
import { MCP_STDIO_TOOLS } from './mcp-tools.ts';
import {
  installPackedPackages,
  installToolsWithPrefix,
  machineNode,
  pathWith,
  REPO,
  run,
} from './packed-install.ts';
import { createPaidAccount, ledgerCheck } from './paid-account.ts';
import { freePort } from './server-processes.ts';
import { createTestRuntime, type TestRuntime } from './test-runtime.ts';

// What a developer outside this repository gets: the packages packed with `npm pack`, installed
// from the tarballs into an empty folder, run by the machine's own Node (not the Node 24 the
// repository runs on): the CLI, the README examples (type-checked with --strict against the
// installed declarations, then run) and the MCP server over stdio with the SDK's client. The
// commands also as `npm run tools:install -- --prefix DIR` installs them, which builds the packages.
const NODE = machineNode();
const VERSION = JSON.parse(readFileSync(path.join(REPO, 'packages/client/package.json'), 'utf8')).version;
let dir: string;
let app: string;
let tools: { bin: string; output: string };
let runtime: TestRuntime;
let baseUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'conduit-packed-'));
  tools = installToolsWithPrefix(dir);
  app = installPackedPackages(dir, { isBuilt: true });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const engine = createLocalEngine({ jobMs: { video: 800, sora: 300 } });
  runtime = await createTestRuntime({ PUBLIC_URL: baseUrl }, { engine });
  await runtime.app.listen({ port, host: '127.0.0.1' });
}, 600_000);
afterAll(async () => {
  await runtime?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const env = (key?: string) => ({
  PATH: pathWith(NODE),
  HOME: dir,
  CONDUIT_BASE_URL: baseUrl,
  ...(key && { CONDUIT_API_KEY: key }),
});
const bin = (name: string) => path.join(app, 'node_modules', '.bin', name);

describe('the packed packages, installed outside the repository', () => {
  it('run on the machine’s Node 18+', { timeout: 60_000 }, async () => {
    const version = await run(NODE, ['--version'], { cwd: app, env: env() });
    expect(Number(/^v(\d+)/.exec(version.stdout)?.[1])).toBeGreaterThanOrEqual(18);
    const manifest = JSON.parse(
      readFileSync(path.join(app, 'node_modules/@conduit-api/client/package.json'), 'utf8'),
    );
    expect(manifest).toMatchObject({ engines: { node: '>=18' }, bin: { conduit: './cli/bin.js' } });
  });

  it('conduit: --version, help, and an image call saved to a file', { timeout: 120_000 }, async () => {
    expect(await run(bin('conduit'), ['--version'], { cwd: app, env: env() })).toMatchObject({
      code: 0,
      stdout: `${VERSION}\n`,
    });
    const help = await run(bin('conduit'), ['help', 'image'], { cwd: app, env: env() });
    expect(help.stdout).toContain('Usage: conduit image <prompt>');
    const account = await createPaidAccount(runtime.services, { credits: 3 });
    const image = await run(bin('conduit'), ['image', 'a fox', '--out', 'fox.png'], {
      cwd: app,
      env: env(account.key),
    });
    expect(image.code, image.stderr).toBe(0);
    expect(image.stdout).toMatch(/\/files\/task_\w+\/\w+\.png\n$/);
    expect(readFileSync(path.join(app, 'fox.png')).subarray(0, 4).toString('hex')).toBe('89504e47');
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(2);
  });

  it('the README examples type-check with --strict against the installed packages, and run', {
    timeout: 240_000,
  }, async () => {
    const examples = path.join(app, 'examples');
    mkdirSync(examples);
    for (const pkg of ['client', 'mcp']) {
      const from = path.join(REPO, 'packages', pkg, 'examples');
      for (const file of readdirSync(from)) copyFileSync(path.join(from, file), path.join(examples, file));
    }
    const tsconfig = {
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        target: 'es2022',
        rootDir: 'examples',
        outDir: 'out',
        skipLibCheck: true,
        typeRoots: [path.join(REPO, 'node_modules/@types')],
        types: ['node'],
      },
      include: ['examples'],
    };
    writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = await run(path.join(REPO, 'node_modules/.bin/tsc'), ['-p', app], { cwd: app, env: env() });
    expect(tsc.stdout + tsc.stderr).toBe('');
    // The installed declarations keep each model's own body: a field of another model does not compile.
    const wrong = path.join(examples, 'wrong-model.ts');
    writeFileSync(
      wrong,
      "import { ConduitClient } from '@conduit-api/client';\nawait new ConduitClient().generateImage({ model: 'seedream-4.5', prompt: 'x', image_size: '1:1' });\n",
    );
    const refused = await run(path.join(REPO, 'node_modules/.bin/tsc'), ['-p', app, '--noEmit'], {
      cwd: app,
      env: env(),
    });
    expect(refused.stdout).toMatch(/wrong-model\.ts.*image_size/);
    rmSync(wrong);

    const account = await createPaidAccount(runtime.services, { credits: 20 });
    const quickstart = await run(NODE, ['out/quickstart.js'], { cwd: app, env: env(account.key) });
    expect(quickstart.code, quickstart.stderr).toBe(0);
    expect(quickstart.stdout).toMatch(
      /image: http\S+\.png \(\d+ bytes saved\)\nvideo: completed \S+\.mp4\nbalance: 9 /,
    );
    const modelsAccount = await createPaidAccount(runtime.services, { credits: 40 });
    const models = await run(NODE, ['out/models.js'], { cwd: app, env: env(modelsAccount.key) });
    expect(models.code, models.stderr).toBe(0);
    expect(models.stdout).toMatch(
      /^nano-banana \(image\): 1 credits\n[\s\S]*seedream-4\.5: 2 credits\nkling-2\.6: processing, 26 credits\n$/,
    );
    // A 10 s Kling video with sound sells for its variant's price.
    expect((await ledgerCheck(runtime.services, modelsAccount.workspaceId)).balance).toBe(40 - 2 - 26);
    const poor = await createPaidAccount(runtime.services, { credits: 2 });
    const errors = await run(NODE, ['out/errors.js'], { cwd: app, env: env(poor.key) });
    expect(errors.stdout).toMatch(/^needs 10 credits, has 2 \(request req_\w+\)/);
  });

  it('conduit-mcp over stdio lists its tools and calls one, with the SDK’s client', {
    timeout: 120_000,
  }, async () => {
    const account = await createPaidAccount(runtime.services, { credits: 4 });
    const client = new Client({ name: 'packed-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: bin('conduit-mcp'), env: env(account.key), cwd: app }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_STDIO_TOOLS);
      for (const tool of tools) expect(tool.outputSchema?.type, tool.name).toBe('object');
      const image = await client.callTool({ name: 'generate_image', arguments: { prompt: 'A fox' } });
      expect(image.structuredContent).toMatchObject({ status: 'completed', costCredits: 1, balance: 3 });
    } finally {
      await client.close();
    }
  });

  it('npm run tools:install -- --prefix DIR, as the READMEs give it: conduit and conduit-mcp in DIR/bin', {
    timeout: 60_000,
  }, async () => {
    expect(tools.output).toContain(`Installed conduit (try: conduit help) and conduit-mcp in ${tools.bin}.`);
    const conduit = path.join(tools.bin, 'conduit');
    expect(await run(conduit, ['--version'], { cwd: dir, env: env() })).toMatchObject({
      code: 0,
      stdout: `${VERSION}\n`,
    });
    expect((await run(conduit, ['help'], { cwd: dir, env: env() })).stdout).toContain(
      'Usage: conduit <command> [options]',
    );
    const account = await createPaidAccount(runtime.services, { credits: 1 });
    const client = new Client({ name: 'tools-install-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: path.join(tools.bin, 'conduit-mcp'),
        env: env(account.key),
        cwd: dir,
      }),
    );
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'conduit', version: VERSION });
      const { tools: listed } = await client.listTools();
      expect(listed.map((tool) => tool.name).sort()).toEqual(MCP_STDIO_TOOLS);
    } finally {
      await client.close();
    }
  });
});
