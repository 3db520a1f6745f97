import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVICE_COST } from '@conduit/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { withListeningRuntime } from '../../../test/runtime-with-inbox.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';

// The MCP server as an agent's host runs it (`npx conduit-mcp`), with the SDK's own client,
// over stdio and over streamable HTTP, against a server on a real port.
const BIN = fileURLToPath(new URL('../../../../../node_modules/.bin/conduit-mcp', import.meta.url));
const SORA_URL = 'https://sora.chatgpt.com/p/s_68e83bd7eee88191be79d2ba7158516f';

let runtime: TestRuntime;
let baseUrl: string;
withListeningRuntime((started, url) => {
  runtime = started;
  baseUrl = url;
});

const clients: Client[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const child of children) child.kill();
});

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
}
const textOf = (answer: unknown) => (answer as ToolAnswer).content[0]?.text ?? '';
const jsonOf = (answer: unknown) => JSON.parse(textOf(answer));

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

/** `conduit-mcp --http` on a free port, with no default key: each client sends its own. */
async function httpServer(waitSeconds: number): Promise<string> {
  const child = spawn(
    BIN,
    ['--http', '--port', '0', '--base-url', baseUrl, '--wait-seconds', String(waitSeconds)],
    {
      env: { PATH: process.env.PATH ?? '' },
    },
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

async function httpClient(url: string, apiKey: string) {
  const client = new Client({ name: 'conduit-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { 'X-API-Key': apiKey } } }),
  );
  clients.push(client);
  return client;
}

describe('conduit-mcp', () => {
  it('over stdio: calls the four services, waits with progress, reads a task and the balance', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 50, label: 'mcp' });
    const client = await stdioClient(account.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'cancel_task',
      'create_video',
      'generate_image',
      'get_balance',
      'get_task',
      'list_tasks',
      'quote_price',
      'remove_sora_watermark',
      'scrape_linkedin',
    ]);
    const imageTool = tools.find((tool) => tool.name === 'generate_image');
    expect(imageTool?.inputSchema.required).toEqual(['prompt']);
    expect(imageTool?.inputSchema.properties?.image_size).toMatchObject({
      enum: expect.arrayContaining(['16:9']),
    });

    const image = jsonOf(
      await client.callTool({ name: 'generate_image', arguments: { prompt: 'A fox', image_size: '16:9' } }),
    );
    expect(image).toMatchObject({ status: 'completed', costCredits: SERVICE_COST.image, balance: 50 - 1 });
    expect(image.resultUrls).toHaveLength(1);

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

  it('over HTTP: answers the task id past the wait, and the API errors as readable tool errors', async () => {
    const url = await httpServer(0);
    const account = await createPaidAccount(runtime.services, { credits: 20, label: 'mcp-http' });
    const client = await httpClient(url, account.key);
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
});
