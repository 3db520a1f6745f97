import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_MODEL_IDS, MODELS, SERVICE_COST, VIDEO_MODEL_IDS } from '@conduit/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_STDIO_TOOLS } from '../../../test/mcp-tools.ts';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { freePort } from '../../../test/server-processes.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

// The MCP server as an agent's host runs it (`npx conduit-mcp`), with the SDK's own client,
// over stdio and over streamable HTTP, against a server on a real port.
const BIN = fileURLToPath(new URL('../../../../../node_modules/.bin/conduit-mcp', import.meta.url));
const SORA_URL = 'https://sora.chatgpt.com/p/s_68e83bd7eee88191be79d2ba7158516f';

let runtime: TestRuntime;
let baseUrl: string;
// PUBLIC_URL is the listening port, so result URLs resolve and the image tool can inline the image.
beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  runtime = await createTestRuntime({ PUBLIC_URL: baseUrl });
  await runtime.app.listen({ port, host: '127.0.0.1' });
});

const clients: Client[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const child of children) child.kill();
  await runtime?.close();
});

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string; uri?: string; mimeType?: string; data?: string }[];
  structuredContent?: unknown;
}
const textOf = (answer: unknown) => (answer as ToolAnswer).content[0]?.text ?? '';
/** The structured result, which must say what the text says. */
const jsonOf = (answer: unknown) => {
  const parsed = JSON.parse(textOf(answer));
  expect((answer as ToolAnswer).structuredContent).toEqual(parsed);
  return parsed;
};

/** A raw JSON-RPC POST with chosen Host and Origin headers, as a DNS-rebinding page would send it. */
function rawPost(url: string, headers: Record<string, string>, body: unknown) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const request = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify(body));
    },
  );
}
const IMAGE_CALL = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'generate_image', arguments: { prompt: 'A fox' } },
};

async function stdioClient(apiKey: string) {
  const client = new Client({ name: 'conduit-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: BIN,
      env: { PATH: process.env.PATH ?? '', CONDUIT_API_KEY: apiKey, CONDUIT_BASE_URL: baseUrl },
    }),
  );
  clients.push(client);
  return client;
}

/** `conduit-mcp --http` on a free port, with no default key unless given: each client sends its own. */
async function httpServer(waitSeconds: number, env: Record<string, string> = {}): Promise<string> {
  const child = spawn(
    BIN,
    ['--http', '--port', '0', '--base-url', baseUrl, '--wait-seconds', String(waitSeconds)],
    // No retries: the 429 case must answer at once, not wait out Retry-After.
    { env: { PATH: process.env.PATH ?? '', CONDUIT_MAX_RETRIES: '0', ...env } },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const url = /on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', () => reject(new Error(`conduit-mcp --http exited: ${output}`)));
  });
}

async function httpClient(url: string, apiKey: string, header: 'X-API-Key' | 'Authorization' = 'X-API-Key') {
  const client = new Client({ name: 'conduit-test', version: '1.0.0' });
  const value = header === 'Authorization' ? `Bearer ${apiKey}` : apiKey;
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { [header]: value } } }),
  );
  clients.push(client);
  return client;
}

/** An MCP server over HTTP (no wait), a new account with `credits` and a client of it on the account's key. */
async function overHttp(credits: number, label: string) {
  const url = await httpServer(0);
  const account = await createPaidAccount(runtime.services, { credits, label });
  return { url, account, client: await httpClient(url, account.key) };
}

describe('conduit-mcp', () => {
  it('over stdio: calls the four services, waits with progress, reads a task and the balance', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 50, label: 'mcp' });
    const client = await stdioClient(account.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_STDIO_TOOLS);
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      const isRead = [
        'get_task',
        'get_balance',
        'list_models',
        'list_tasks',
        'quote_price',
        'usage_by_metadata',
      ].includes(tool.name);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(isRead);
      expect(tool.annotations?.destructiveHint ?? false, tool.name).toBe(tool.name === 'cancel_task');
    }
    const imageTool = tools.find((tool) => tool.name === 'generate_image');
    expect(imageTool?.inputSchema.required).toEqual(['prompt']);
    expect(imageTool?.inputSchema.properties?.image_size).toMatchObject({
      enum: expect.arrayContaining(['16:9']),
    });

    const imageAnswer = await client.callTool({
      name: 'generate_image',
      arguments: { prompt: 'A fox', image_size: '16:9' },
    });
    const image = jsonOf(imageAnswer);
    expect(image).toMatchObject({ status: 'completed', costCredits: SERVICE_COST.image, balance: 50 - 1 });
    expect(image.resultUrls).toHaveLength(1);
    // The image also as a link and inline, for hosts that show it.
    const [, link, inline] = (imageAnswer as ToolAnswer).content;
    expect(link).toMatchObject({ type: 'resource_link', uri: image.resultUrls[0], mimeType: 'image/png' });
    expect(inline).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(
      Buffer.from(inline?.data ?? '', 'base64')
        .subarray(0, 4)
        .toString('hex'),
    ).toBe('89504e47');

    const progress: { progress: number; message?: string }[] = [];
    const video = jsonOf(
      await client.callTool(
        { name: 'create_video', arguments: { prompt: 'A drone over hills' } },
        undefined,
        {
          onprogress: (update) => progress.push(update),
        },
      ),
    );
    expect(video).toMatchObject({ status: 'completed', service: 'video', costCredits: SERVICE_COST.video });
    expect(video.resultUrls[0]).toMatch(/\.mp4$/);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]?.message).toContain(video.taskId);

    const sora = jsonOf(
      await client.callTool({ name: 'remove_sora_watermark', arguments: { video_url: SORA_URL } }),
    );
    expect(sora).toMatchObject({ status: 'completed', costCredits: SERVICE_COST.sora });
    const linkedin = jsonOf(
      await client.callTool({ name: 'scrape_linkedin', arguments: { username: 'satyanadella', limit: 2 } }),
    );
    expect(linkedin.posts).toHaveLength(2);
    expect(linkedin.profile.username).toBe('satyanadella');

    const task = jsonOf(await client.callTool({ name: 'get_task', arguments: { taskId: video.taskId } }));
    expect(task).toMatchObject({ taskId: video.taskId, service: 'video', status: 'completed' });
    const spent = SERVICE_COST.image + SERVICE_COST.video + SERVICE_COST.sora + SERVICE_COST.linkedin;
    const balance = jsonOf(await client.callTool({ name: 'get_balance', arguments: {} }));
    expect(balance.balance).toBe(50 - spent);
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(50 - spent);
  }, 60_000);

  it('over stdio: upload_file turns a file on this machine into an input URL; over HTTP there is no such tool', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 5, label: 'mcp-upload' });
    const dir = await mkdtemp(path.join(tmpdir(), 'conduit-mcp-'));
    const png = Buffer.alloc(256, 1);
    Buffer.from('89504e470d0a1a0a', 'hex').copy(png);
    await writeFile(path.join(dir, 'cat.png'), png);
    try {
      const client = await stdioClient(account.key);
      const upload = jsonOf(
        await client.callTool({ name: 'upload_file', arguments: { path: path.join(dir, 'cat.png') } }),
      );
      expect(upload).toMatchObject({ contentType: 'image/png', bytes: 256 });
      expect(Buffer.from(await (await fetch(upload.url)).arrayBuffer()).equals(png)).toBe(true);
      const image = jsonOf(
        await client.callTool({
          name: 'generate_image',
          arguments: { prompt: 'A hat', image_urls: [upload.url] },
        }),
      );
      expect(image).toMatchObject({ status: 'completed', costCredits: SERVICE_COST.image });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const remote = await httpClient(await httpServer(0), account.key);
    const { tools } = await remote.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('upload_file');
  }, 60_000);

  it("over HTTP: the media tools take any model of their service with its fields, charged the model's price; list_models", async () => {
    const { account, client } = await overHttp(30, 'mcp-models');
    const { tools } = await client.listTools();
    const inputOf = (name: string) => tools.find((tool) => tool.name === name)?.inputSchema;
    expect(inputOf('generate_image')?.properties?.model).toMatchObject({ enum: [...IMAGE_MODEL_IDS] });
    expect(inputOf('create_video')?.properties?.model).toMatchObject({ enum: [...VIDEO_MODEL_IDS] });
    expect(inputOf('generate_image')?.properties?.quality).toMatchObject({
      description: expect.stringMatching(/Only seedream-4\.5, gpt-image-1\.5\..*seedream-4\.5: basic\|high/),
    });
    expect(inputOf('create_video')?.properties?.duration).toMatchObject({ enum: [5, 10, 15] });
    const listTool = tools.find((tool) => tool.name === 'list_models');
    expect(listTool?.annotations).toMatchObject({ readOnlyHint: true });

    const listed = jsonOf(await client.callTool({ name: 'list_models', arguments: {} }));
    expect(listed.models.map((model: { id: string }) => model.id)).toEqual(MODELS.map((model) => model.id));
    expect(listed.models.find((model: { id: string }) => model.id === 'kling-2.6')).toEqual({
      id: 'kling-2.6',
      service: 'video',
      name: 'Kling 2.6',
      credits: 12,
      variants: [
        { variant: '5s', label: '5 s', when: { duration: 5, sound: false }, credits: 12 },
        { variant: '10s', label: '10 s', when: { duration: 10, sound: false }, credits: 16 },
        { variant: '5s-sound', label: '5 s, with sound', when: { duration: 5, sound: true }, credits: 16 },
        { variant: '10s-sound', label: '10 s, with sound', when: { duration: 10, sound: true }, credits: 26 },
      ],
      isDefault: false,
      capabilities: ['text-to-video', 'audio'],
      maxDurationS: 1800,
      fields: ['aspect_ratio', 'duration', 'sound'],
    });
    const images = jsonOf(await client.callTool({ name: 'list_models', arguments: { service: 'image' } }));
    expect(images.models.map((model: { id: string }) => model.id)).toEqual([...IMAGE_MODEL_IDS]);

    const image = jsonOf(
      await client.callTool({
        name: 'generate_image',
        arguments: { model: 'seedream-4.5', prompt: 'A fox', quality: 'high', aspect_ratio: '16:9' },
      }),
    );
    expect(image).toMatchObject({ status: 'completed', costCredits: 2, balance: 28 });
    const video = jsonOf(
      await client.callTool({
        name: 'create_video',
        arguments: { model: 'kling-2.6', prompt: 'Waves', duration: 10, sound: true },
      }),
    );
    // 10 s with sound sells for its variant's price, 26.
    expect(video).toMatchObject({ status: 'processing', balance: 2 });
    const stored = await runtime.services.pool.query(
      'select request, cost from tasks where id = any($1) order by cost',
      [[image.taskId, video.taskId]],
    );
    expect(stored.rows).toEqual([
      {
        cost: 2,
        request: expect.objectContaining({ model: 'seedream-4.5', quality: 'high', aspect_ratio: '16:9' }),
      },
      { cost: 26, request: expect.objectContaining({ model: 'kling-2.6', duration: 10, sound: true }) },
    ]);

    // Arguments the chosen model refuses are tool errors naming the field, before any call.
    for (const [args, message] of [
      [
        { model: 'seedream-4.5', prompt: 'A fox', image_size: '16:9' },
        /image_size: seedream-4\.5 takes no image_size.*Field: image_size\. Nothing was sent or charged/,
      ],
      [
        { model: 'gpt-image-1.5', prompt: 'A fox', quality: 'basic' },
        /quality: must be one of medium, high for gpt-image-1\.5/,
      ],
    ] as const) {
      const refused = await client.callTool({ name: 'generate_image', arguments: args });
      expect(refused.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(refused)).toMatch(message);
    }
    const tooLong = await client.callTool({
      name: 'create_video',
      arguments: { model: 'kling-2.6', prompt: 'Waves', duration: 15 },
    });
    expect(textOf(tooLong)).toMatch(/duration: must be one of 5, 10 for kling-2\.6/);
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 2, sum: 2 });
  }, 60_000);

  it('over HTTP: answers the task id past the wait, and the API errors as readable tool errors', async () => {
    const { url, account, client } = await overHttp(20, 'mcp-http');
    const video = jsonOf(
      await client.callTool({ name: 'create_video', arguments: { prompt: 'A slow sunrise' } }),
    );
    expect(video).toMatchObject({ status: 'processing', balance: 10 });
    expect(video.checkLater).toContain(`"taskId": "${video.taskId}"`);

    const poor = await httpClient(url, (await createPaidAccount(runtime.services, { credits: 3 })).key);
    const refused = await poor.callTool({ name: 'create_video', arguments: { prompt: 'too dear' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/402 INSUFFICIENT_CREDITS: .*costs 10 credits; the balance is 3/);

    const imageOnly = await createPaidAccount(runtime.services, { credits: 20 });
    await runtime.services.pool.query(`update api_keys set permissions = '{image}' where id = $1`, [
      imageOnly.keyId,
    ]);
    const scoped = await httpClient(url, imageOnly.key);
    const outOfScope = await scoped.callTool({ name: 'create_video', arguments: { prompt: 'not mine' } });
    expect(outOfScope.isError).toBe(true);
    expect(textOf(outOfScope)).toMatch(/403 KEY_SCOPE: .*video/);

    const limited = await createPaidAccount(runtime.services, { tier: 'enterprise' });
    await runtime.services.pool.query('update workspaces set rate_limit_per_minute = 1 where id = $1', [
      limited.workspaceId,
    ]);
    const busy = await httpClient(url, limited.key);
    expect((await busy.callTool({ name: 'get_balance', arguments: {} })).isError).toBeFalsy();
    const tooMany = await busy.callTool({ name: 'get_balance', arguments: {} });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toMatch(/429 RATE_LIMITED: .*Retry after \d+ s/);

    const bearer = await httpClient(url, account.key, 'Authorization');
    expect(jsonOf(await bearer.callTool({ name: 'get_balance', arguments: {} })).balance).toBe(10);

    // The task tools: the list, a quote that charges nothing, a cancel with its refund, then its 409.
    const listed = jsonOf(await client.callTool({ name: 'list_tasks', arguments: { service: 'video' } }));
    expect(listed.tasks.map((task: { taskId: string }) => task.taskId)).toEqual([video.taskId]);
    const quote = jsonOf(
      await client.callTool({ name: 'quote_price', arguments: { service: 'video', body: { prompt: 'x' } } }),
    );
    expect(quote).toMatchObject({ credits: SERVICE_COST.video, quoteId: expect.stringMatching(/^quo_/) });
    const canceled = jsonOf(
      await client.callTool({ name: 'cancel_task', arguments: { taskId: video.taskId } }),
    );
    expect(canceled).toMatchObject({
      status: 'canceled',
      outcome: 'canceled',
      creditsRefunded: 10,
      balance: 20,
    });
    const again = await client.callTool({ name: 'cancel_task', arguments: { taskId: video.taskId } });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(/409 CONFLICT: .*canceled/);
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 20, sum: 20 });

    const stranger = await httpClient(url, 'cnd_live_nope');
    const unknown = await stranger.callTool({ name: 'get_task', arguments: { taskId: 'task_x' } });
    expect(textOf(unknown)).toMatch(/401 UNAUTHORIZED/);
  }, 60_000);

  it('over HTTP: metadata goes through the paid tools, filters list_tasks and is summed by usage_by_metadata', async () => {
    const { client } = await overHttp(30, 'mcp-metadata');
    const image = jsonOf(
      await client.callTool({
        name: 'generate_image',
        arguments: { prompt: 'A fox', metadata: { customer: 'acme' } },
      }),
    );
    expect(image).toMatchObject({ status: 'completed', metadata: { customer: 'acme' } });
    const linkedin = jsonOf(
      await client.callTool({
        name: 'scrape_linkedin',
        arguments: { username: 'satyanadella', metadata: { customer: 'globex' } },
      }),
    );
    expect(linkedin.metadata).toEqual({ customer: 'globex' });
    const listed = jsonOf(
      await client.callTool({ name: 'list_tasks', arguments: { metadata: { customer: 'acme' } } }),
    );
    expect(listed.tasks.map((task: { taskId: string }) => task.taskId)).toEqual([image.taskId]);
    const spend = jsonOf(
      await client.callTool({ name: 'usage_by_metadata', arguments: { groupBy: 'metadata.customer' } }),
    );
    expect(spend.data).toEqual([
      { value: 'globex', calls: 1, credits: linkedin.costCredits },
      { value: 'acme', calls: 1, credits: image.costCredits },
    ]);
  });

  it('over HTTP: refuses a foreign Host or Origin before any tool runs, and asks for a key with 401', async () => {
    // The server holds a default key, as in the DNS-rebinding report: only Host and Origin stand in the way.
    const account = await createPaidAccount(runtime.services, { credits: 5, label: 'mcp-rebinding' });
    const url = await httpServer(0, { CONDUIT_API_KEY: account.key });
    const port = new URL(url).port;
    const foreignHost = await rawPost(url, { host: `rebind.example:${port}` }, IMAGE_CALL);
    expect(foreignHost.status).toBe(403);
    expect(foreignHost.body).toContain('Invalid Host');
    const foreignOrigin = await rawPost(url, { origin: 'http://rebind.example' }, IMAGE_CALL);
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.body).toContain('Invalid Origin');
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(5);

    // The same call from this server's own origin goes through (and is charged): the refusals were Host and Origin.
    const own = await rawPost(url, { origin: `http://127.0.0.1:${port}` }, IMAGE_CALL);
    expect(own.status).toBe(200);
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(5 - SERVICE_COST.image);

    const keyless = await rawPost(await httpServer(0), {}, IMAGE_CALL);
    expect(keyless.status).toBe(401);
    expect(keyless.headers['www-authenticate']).toBe('Bearer realm="conduit-mcp"');
  }, 60_000);

  it('will not listen off loopback without allowed hosts', async () => {
    const child = spawn(BIN, ['--http', '--host', '0.0.0.0', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--allowed-hosts');
  });
});
