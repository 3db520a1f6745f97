import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_MODEL_IDS, MODELS, SERVICE_COST, VIDEO_MODEL_IDS } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { runtimeAtItsPublicUrl } from '../../../test/runtime-with-inbox.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';
import { createLocalEngine, FAIL_MARKER } from '../engines/local-engine.ts';

// `npx conduit` (packages/client's bin) as a shell user runs it, against a server on a real port
// whose PUBLIC_URL is that port, so --out downloads the result file for real.
const BIN = fileURLToPath(new URL('../../../../../node_modules/.bin/conduit', import.meta.url));
const SORA_URL = 'https://sora.chatgpt.com/p/s_68e83bd7eee88191be79d2ba7158516f';
const PNG_MAGIC = '89504e470d0a1a0a';
/** The local engine with shorter video and Sora jobs: still processing at first, settled soon. */
const FAST_JOBS = { jobMs: { video: 800, sora: 300 } };

let runtime: TestRuntime;
let baseUrl: string;
let workDir: string;
beforeAll(async () => {
  ({ runtime, baseUrl } = await runtimeAtItsPublicUrl({ engine: createLocalEngine(FAST_JOBS) }));
  workDir = await mkdtemp(path.join(tmpdir(), 'conduit-cli-'));
});
afterAll(async () => {
  await runtime?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI with only the key in its environment (config folder in the work dir) and the base URL as a flag. */
function conduit(key: string | undefined, ...args: string[]): Promise<Run> {
  return run({ ...(key && { CONDUIT_API_KEY: key }) }, [...args, '--base-url', baseUrl]);
}

function run(extraEnv: Record<string, string>, args: string[], stdin?: string): Promise<Run> {
  const env = { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: path.join(workDir, 'config'), ...extraEnv };
  return new Promise((resolve) => {
    const child = execFile(BIN, args, { env, cwd: workDir, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin ?? '');
  });
}

describe('the conduit command line', () => {
  it('calls the four services, waits with progress on stderr, downloads, reads a task and the balance', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 40, label: 'cli' });
    const image = await conduit(account.key, 'image', 'a fox', '--size', '16:9', '--out', 'fox.png');
    expect(image).toMatchObject({ code: 0, stderr: expect.stringContaining('saved fox.png') });
    expect(image.stdout.trim()).toMatch(new RegExp(`^${baseUrl}/files/task_\\w+/\\w+\\.png$`));
    expect((await readFile(path.join(workDir, 'fox.png'))).subarray(0, 8).toString('hex')).toBe(PNG_MAGIC);

    const video = await conduit(account.key, 'video', 'A drone over hills', '--wait');
    expect(video.code, video.stderr).toBe(0);
    expect(video.stdout.trim()).toMatch(/\.mp4$/);
    expect(video.stderr).toMatch(/video task_\w+: processing \(\d+ s\)/);
    const taskId = /video (task_\w+) completed/.exec(video.stderr)?.[1];

    const sora = await conduit(account.key, 'sora', SORA_URL);
    expect(sora.code, sora.stderr).toBe(0);
    expect(sora.stdout.trim()).toMatch(/\.mp4$/);

    const linkedin = await conduit(account.key, 'linkedin', 'satyanadella', '--limit', '2');
    expect(linkedin.code, linkedin.stderr).toBe(0);
    const page = JSON.parse(linkedin.stdout);
    expect(page.posts).toHaveLength(2);
    expect(page.pagination_token).toEqual(expect.any(String));

    const task = await conduit(account.key, 'task', taskId ?? 'missing', '--json');
    expect(task.code).toBe(0);
    expect(JSON.parse(task.stdout)).toMatchObject({ taskId, status: 'completed' });

    const spent = SERVICE_COST.image + SERVICE_COST.video + SERVICE_COST.sora + SERVICE_COST.linkedin;
    const balance = await conduit(account.key, 'balance');
    expect(balance).toMatchObject({ code: 0, stdout: `${40 - spent}\n` });
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(40 - spent);
  }, 120_000);

  it('lists the models, and sends --model with --param fields read by their type, charged the model’s price', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30, label: 'cli-models' });
    const storedRequest = async (taskId: string | undefined) =>
      (await runtime.services.pool.query('select request, cost from tasks where id = $1', [taskId])).rows[0];

    const models = await conduit(account.key, 'models');
    expect(models.code, models.stderr).toBe(0);
    const lines = models.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(MODELS.map((model) => model.id));
    expect(lines.find((line) => line.startsWith('seedream-4.5'))).toMatch(
      /^seedream-4\.5\s+image\s+2 credits\s+Seedream 4\.5$/,
    );
    expect(lines.find((line) => line.startsWith('fast'))).toMatch(/10 credits\s+Veo 3\.1 Fast \(default\)$/);
    const json = JSON.parse((await conduit(account.key, 'models', '--json')).stdout);
    expect(json.find((model: { id: string }) => model.id === 'kling-2.6')).toMatchObject({ credits: 12 });
    // Each body value that changes the price is listed beside the default's.
    expect(lines.find((line) => line.startsWith('kling-2.6'))).toMatch(
      /12 credits\s+Kling 2\.6; also 10s 16, 5s-sound 16, 10s-sound 26$/,
    );
    // The models endpoint is public: the list needs no key (before `conduit login`), other commands do.
    expect(await conduit(undefined, 'models')).toMatchObject({ code: 0, stdout: models.stdout });
    const keyless = await conduit(undefined, 'balance');
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain('Set CONDUIT_API_KEY');

    const image = await conduit(
      account.key,
      ...['image', 'a fox', '--model', 'seedream-4.5', '--size', '16:9', '--param', 'quality=high', '--json'],
    );
    expect(image.code, image.stderr).toBe(0);
    const imageTask = JSON.parse(image.stdout);
    expect(await storedRequest(imageTask.taskId)).toMatchObject({
      cost: 2,
      request: { model: 'seedream-4.5', prompt: 'a fox', aspect_ratio: '16:9', quality: 'high' },
    });
    const video = await conduit(
      account.key,
      ...['video', 'waves', '--model', 'kling-2.6', '--aspect-ratio', '1:1'],
      ...['--param', 'duration=10', '--param', 'sound=true', '--wait'],
    );
    expect(video.code, video.stderr).toBe(0);
    expect(video.stdout.trim()).toMatch(/\.mp4$/);
    const videoTaskId = /video (task_\w+) completed/.exec(video.stderr)?.[1];
    // 10 s with sound: the variant's price.
    expect(await storedRequest(videoTaskId)).toMatchObject({
      cost: 26,
      request: { model: 'kling-2.6', aspect_ratio: '1:1', duration: 10, sound: true },
    });
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(30 - 2 - 26);
  }, 120_000);

  it('uploads a local --image first and sends its signed URL as the reference image', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10, label: 'cli-upload' });
    expect((await conduit(account.key, 'image', 'a cat', '--out', 'cat.png')).code).toBe(0);
    const edited = await conduit(account.key, 'image', 'give the cat a hat', '--image', 'cat.png');
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stderr).toMatch(new RegExp(`uploaded ${baseUrl}/files/uploads/upl_\\w+/\\w+\\.png`));
    const { rows } = await runtime.services.pool.query(
      'select request from tasks where workspace_id = $1 order by created_at',
      [account.workspaceId],
    );
    const [url] = (rows[1]?.request.image_urls ?? []) as string[];
    const served = await fetch(url as string);
    expect(
      Buffer.from(await served.arrayBuffer()).equals(await readFile(path.join(workDir, 'cat.png'))),
    ).toBe(true);
    expect((await ledgerCheck(runtime.services, account.userId)).balance).toBe(10 - 2 * SERVICE_COST.image);
  });

  it('--metadata goes with every paid command, and `conduit usage --group-by` sums it', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 20, label: 'cli-metadata' });
    const image = await conduit(account.key, 'image', 'a fox', '--metadata', 'customer=acme', '--json');
    expect(image.code, image.stderr).toBe(0);
    expect(JSON.parse(image.stdout).metadata).toEqual({ customer: 'acme' });
    const linkedin = await conduit(
      account.key,
      'linkedin',
      'satyanadella',
      '--metadata',
      'customer=globex',
      '--metadata',
      'plan=a=b',
      '--json',
    );
    expect(linkedin.code, linkedin.stderr).toBe(0);
    const posts = JSON.parse(linkedin.stdout);
    expect(posts.metadata).toEqual({ customer: 'globex', plan: 'a=b' });
    const usage = await conduit(account.key, 'usage', '--group-by', 'customer', '--json');
    expect(usage.code, usage.stderr).toBe(0);
    expect(JSON.parse(usage.stdout)).toEqual([
      { value: 'globex', calls: 1, credits: posts.creditsUsed },
      { value: 'acme', calls: 1, credits: SERVICE_COST.image },
    ]);
    const table = await conduit(account.key, 'usage', '--group-by', 'plan');
    expect(table.stdout.split('\n')[0]).toMatch(/^plan\s+calls\s+credits$/);
    expect(table.stdout).toMatch(/\(none\)\s+1\s+1/);
    const bad = await conduit(account.key, 'image', 'a fox', '--metadata', 'customer');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--metadata must be KEY=VALUE/);
    expect((await ledgerCheck(runtime.services, account.userId)).balance).toBe(
      20 - SERVICE_COST.image - posts.creditsUsed,
    );
  });

  it('refuses a model or field the chosen model does not take before any call, naming it', async () => {
    // Nothing listens on the base URL: a call would exit 7; a refusal before any call exits 2.
    const offline = (...args: string[]) =>
      run({ CONDUIT_API_KEY: 'cnd_live_unused' }, [...args, '--base-url', 'http://127.0.0.1:9']);
    const refusals: [string[], RegExp][] = [
      [
        ['image', 'x', '--model', 'kling-2.6'],
        /--model kling-2\.6 is not an image model: one of nano-banana, .*imagen4-fast/,
      ],
      [
        ['video', 'x', '--model', 'nope'],
        /--model nope is not a video model: one of fast, standard, .*hailuo-02-pro/,
      ],
      [
        ['video', 'x', '--model', 'kling-2.6', '--param', 'duration=7'],
        /^duration: must be one of 5, 10 for kling-2\.6 \(from --param duration=7\)/,
      ],
      [['video', 'x', '--model', 'kling-2.6', '--param', 'sound=loud'], /^sound: must be true or false/],
      [
        ['image', 'x', '--model', 'seedream-4.5', '--param', 'duration=5'],
        /^--param duration: seedream-4\.5 takes no duration; its fields are aspect_ratio, quality/,
      ],
      [['image', 'x', '--model', 'gpt-image-1.5', '--format', 'png'], /^--format is not for gpt-image-1\.5/],
      [['image', 'x', '--param', 'quality'], /^--param takes key=value/],
      [
        ['image', 'x', '--size', '7:7'],
        /^image_size: must be one of 1:1, .* for nano-banana \(from --size\)/,
      ],
    ];
    for (const [args, message] of refusals) {
      const refused = await offline(...args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toMatch(message);
    }
    // The same command with a valid field does try the (absent) server.
    expect(
      (await offline('video', 'x', '--model', 'kling-2.6', '--param', 'duration=10', '--max-retries', '0'))
        .code,
    ).toBe(7);
  });

  it('exits with a code per error class and says why on stderr', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 3, label: 'cli-poor' });
    const started = await conduit(account.key, 'image', 'a fox', '--idempotency-key', 'once');
    expect(started.code).toBe(0);
    const again = await conduit(account.key, 'image', 'a fox', '--idempotency-key', 'once');
    expect(again.stdout).toBe(started.stdout);
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(2);

    expect(await conduit(account.key, 'video', 'too dear')).toMatchObject({
      code: 4,
      stderr: expect.stringMatching(/INSUFFICIENT_CREDITS \(402\).*needs 10 credits, has 2; request req_/),
    });
    expect(await conduit(account.key, 'image', 'a fox', '--size', '7:7')).toMatchObject({ code: 2 });
    expect(await conduit(account.key, 'task', 'task_nope')).toMatchObject({ code: 6 });
    expect(await conduit('cnd_live_nope', 'balance')).toMatchObject({ code: 3 });
    const imageOnly = await createPaidAccount(runtime.services, { credits: 5 });
    await runtime.services.pool.query(`update api_keys set permissions = '{image}' where id = $1`, [
      imageOnly.keyId,
    ]);
    expect(await conduit(imageOnly.key, 'linkedin', 'satyanadella')).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('KEY_SCOPE (403)'),
    });
    expect(await conduit(undefined, 'balance')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('CONDUIT_API_KEY'),
    });
    const video = await createPaidAccount(runtime.services, { credits: 10 });
    const pending = await conduit(video.key, 'video', 'A slow sunrise', '--wait', '--timeout', '0');
    expect(pending.code).toBe(8);
    expect(pending.stderr).toContain('conduit task task_');

    const limited = await createPaidAccount(runtime.services, { tier: 'enterprise' });
    await runtime.services.pool.query('update workspaces set rate_limit_per_minute = 1 where id = $1', [
      limited.workspaceId,
    ]);
    expect((await conduit(limited.key, 'balance')).code).toBe(0);
    // Without --max-retries 0 the client would wait out Retry-After (up to 60 s) and try again.
    expect(await conduit(limited.key, 'balance', '--max-retries', '0')).toMatchObject({
      code: 5,
      stderr: expect.stringMatching(/RATE_LIMITED \(429\).*retry after \d+ s/),
    });
  }, 120_000);

  it('exits 9 for a failed, refunded task whether the command was sync or async', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 20, label: 'cli-failed' });
    const sync = await conduit(account.key, 'image', `a fox ${FAIL_MARKER}`);
    expect(sync.code, sync.stderr).toBe(9);
    expect(sync.stderr).toMatch(/UPSTREAM_FAILED \(502\).*1 credit\(s\) refunded/);
    const async = await conduit(account.key, 'video', `a drone ${FAIL_MARKER}`, '--wait');
    expect(async.code, async.stderr).toBe(9);
    expect(async.stderr).toMatch(/video task_\w+ failed: .*\(credits refunded\)/);
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(20);
  }, 120_000);

  it('suggests the command a mistyped one meant, and sends nothing', async () => {
    const typo = await conduit(undefined, 'imgae', 'a fox');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Unknown command imgae. Did you mean `conduit image`?');
    expect((await conduit(undefined, 'balanc')).stderr).toContain('Did you mean `conduit balance`?');
    expect((await conduit(undefined, 'help', 'vidoe')).stderr).toContain('Did you mean `conduit video`?');
    const unlike = await conduit(undefined, 'xyzzy');
    expect(unlike.stderr).toContain('Unknown command xyzzy.');
    expect(unlike.stderr).not.toContain('Did you mean');
  });

  it('prints its version, the overview, per-command help and completion scripts without a key', {
    timeout: 240_000,
  }, async () => {
    const version = await run({}, ['--version']);
    const manifest = JSON.parse(
      await readFile(new URL('../../../../../packages/client/package.json', import.meta.url), 'utf8'),
    );
    expect(version).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
    const overview = await run({}, ['help']);
    expect(overview.code).toBe(0);
    expect(overview.stdout).toMatch(/image <prompt>[\s\S]*login[\s\S]*9 the task failed/);
    expect(overview.stdout).toMatch(
      /listen +Post your events[\s\S]*trigger \[event-type\] +Send a test event/,
    );
    const imageHelp = await run({}, ['help', 'image']);
    expect(imageHelp.stdout).toContain('--idempotency-key KEY');
    expect((await run({}, ['image', '--help'])).stdout).toBe(imageHelp.stdout);
    expect(await run({}, ['image', 'a fox', '--wait'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('conduit image takes no --wait'),
    });
    expect(await run({}, ['help', 'nope'])).toMatchObject({ code: 2 });
    // The webhook tools have help like every command; a missing --forward-to is a usage error, before any key.
    const listen = await run({}, ['listen']);
    expect(listen.code).toBe(2);
    expect(listen.stderr).toContain('--forward-to needs the http(s) URL');
    expect(listen.stderr).toMatch(
      /Usage: conduit listen \[options\][\s\S]*--forward-to URL[\s\S]*--events TYPES/,
    );
    const videoHelp = await run({}, ['help', 'video']);
    expect(videoHelp.stdout).toMatch(/--model ID[\s\S]*--param KEY=VALUE/);
    expect(videoHelp.stdout).toMatch(
      / {2}kling-2\.6 +Kling 2\.6\n {4}aspect_ratio +16:9\|9:16\|1:1, default 16:9 \(or --aspect-ratio\)\n {4}duration +5\|10, default 5\n/,
    );
    const bash = await run({}, ['completion', 'bash']);
    expect(bash.stdout).toContain('complete -o default -F _conduit conduit');
    expect(bash.stdout).toContain('image) opts="--model --size --format');
    // --model completes to the command's own service's models, --param to their fields' keys.
    expect(bash.stdout).toContain(`image:--model) COMPREPLY=($(compgen -W "${IMAGE_MODEL_IDS.join(' ')}"`);
    expect(bash.stdout).toContain(`video:--model) COMPREPLY=($(compgen -W "${VIDEO_MODEL_IDS.join(' ')}"`);
    expect(bash.stdout).toMatch(
      /video:--param\) COMPREPLY=\(\$\(compgen -W "[^"]*\bduration= [^"]*"[^\n]*nospace/,
    );
    const zsh = await run({}, ['completion', 'zsh']);
    expect(zsh.stdout).toMatch(/^#compdef conduit/);
    expect((await run({}, ['completion', 'fish'])).code).toBe(2);
  });

  it('login checks the key, stores it 0600 in the config folder, and later commands use it', {
    timeout: 120_000,
  }, async () => {
    const account = await createPaidAccount(runtime.services, { credits: 7, label: 'cli-login' });
    const file = path.join(workDir, 'config', 'conduit', 'config.json');
    const refused = await run({}, ['login', '--base-url', baseUrl], 'cnd_live_nope\n');
    expect(refused.code).toBe(3);
    await expect(stat(file)).rejects.toThrow(/ENOENT/);

    const login = await run({}, ['login', '--base-url', baseUrl], `${account.key}\n`);
    expect(login.code, login.stderr).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ apiKey: account.key, baseUrl });
    // Neither key nor server given: both come from the stored config.
    expect(await run({}, ['balance'])).toMatchObject({ code: 0, stdout: '7\n' });
    expect(await run({}, ['logout'])).toMatchObject({ code: 0 });
    expect(await run({}, ['balance'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('conduit login'),
    });
  });
});
