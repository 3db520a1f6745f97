import { type AnyTaskAnswer, type ConduitClient, readTask, TaskWaitTimeout } from '@conduit/client';
import {
  ImageRequest,
  LinkedinRequest,
  QuoteRequest,
  SERVICE_COST,
  SERVICES,
  type Service,
  SoraRequest,
  TaskListQuery,
  TaskStatusParams,
  VideoRequest,
} from '@conduit/contracts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { balanceOf, errorResult, jsonResult, taskSummary } from './tool-answers.ts';

export interface ConduitToolsOptions {
  client: ConduitClient;
  /** How long a tool waits for a long task, with progress notifications, before answering its task id. */
  waitSeconds: number;
  /** Between two status reads while waiting. */
  pollMs: number;
}

/** What the tool callback is handed besides its arguments (the part this module uses). */
interface ToolExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: (notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
}

/** The Conduit tools: one per service, task reading, listing and cancelling, price quotes and the balance. */
export function registerConduitTools(server: McpServer, options: ConduitToolsOptions) {
  const { client } = options;

  /** Waits for a processing task up to the bound, telling the client how long it has waited. */
  async function settle(service: Service, answer: AnyTaskAnswer, extra: ToolExtra) {
    if (answer.data.status !== 'processing') return { answer, waited: undefined };
    const token = extra._meta?.progressToken;
    const waitSeconds = options.waitSeconds;
    try {
      const settled = await client.waitForTask(answer.data.taskId, service, {
        intervalMs: options.pollMs,
        timeoutMs: waitSeconds * 1000,
        signal: extra.signal,
        onUpdate: (update, elapsedMs) => {
          if (token === undefined) return;
          const seconds = Math.round(elapsedMs / 1000);
          void extra.sendNotification({
            method: 'notifications/progress',
            params: {
              progressToken: token,
              progress: Math.min(elapsedMs / 1000, waitSeconds),
              total: waitSeconds,
              message: `${service} task ${update.data.taskId}: ${update.data.status} after ${seconds} s`,
            },
          });
        },
      });
      return { answer: settled, waited: undefined };
    } catch (error) {
      if (error instanceof TaskWaitTimeout)
        return { answer: error.answer as AnyTaskAnswer, waited: waitSeconds };
      throw error;
    }
  }

  const taskTool = <Input>(service: Service, start: (input: Input) => Promise<AnyTaskAnswer>) => {
    return async (input: Input, extra: ToolExtra) => {
      try {
        const { answer, waited } = await settle(service, await start(input), extra);
        return jsonResult(taskSummary(service, answer, await balanceOf(client), waited));
      } catch (error) {
        return errorResult(error);
      }
    };
  };
  const waitsFor = `waits for it up to ${options.waitSeconds} s with progress notifications, then answers the task id to read later with get_task`;

  server.registerTool(
    'generate_image',
    {
      title: 'Generate an image',
      description: `Generates an image from a prompt (${SERVICE_COST.image} credit per image) and answers its URL, the cost and the balance; a slow image ${waitsFor}.`,
      inputSchema: ImageRequest,
    },
    taskTool('image', (input: z.output<typeof ImageRequest>) => client.generateImage(input)),
  );
  server.registerTool(
    'create_video',
    {
      title: 'Create a video',
      description: `Generates a video from a prompt (${SERVICE_COST.video} credits); ${waitsFor}. Answers the video URLs, the cost and the balance.`,
      inputSchema: VideoRequest,
    },
    taskTool('video', (input: z.output<typeof VideoRequest>) => client.createVideo(input)),
  );
  server.registerTool(
    'remove_sora_watermark',
    {
      title: 'Remove a Sora watermark',
      description: `Removes the watermark from a Sora share link (${SERVICE_COST.sora} credit); ${waitsFor}. Answers the clean video's URL, the cost and the balance.`,
      inputSchema: SoraRequest,
    },
    taskTool('sora', (input: z.output<typeof SoraRequest>) => client.removeSoraWatermark(input)),
  );
  server.registerTool(
    'scrape_linkedin',
    {
      title: 'Scrape a LinkedIn profile',
      description: `A LinkedIn profile and a page of its posts with their stats (${SERVICE_COST.linkedin} credits); pass the answer's pagination_token for the next page.`,
      inputSchema: LinkedinRequest,
    },
    taskTool('linkedin', (input: z.output<typeof LinkedinRequest>) => client.scrapeLinkedin(input)),
  );
  server.registerTool(
    'get_task',
    {
      title: 'Read a task',
      description:
        'The state and results of one of your tasks by its id (free); service narrows the search to one service.',
      inputSchema: TaskStatusParams.extend({ service: z.enum(SERVICES).optional() }),
    },
    async ({ taskId, service }: { taskId: string; service?: Service | undefined }) => {
      try {
        const found = await readTask(client, taskId, service);
        return jsonResult(taskSummary(found.service, found.answer, await balanceOf(client)));
      } catch (error) {
        return errorResult(error);
      }
    },
  );
  server.registerTool(
    'list_tasks',
    {
      title: 'List tasks',
      description:
        "Your workspace's tasks of every service, newest first (free); filter by service, status or idempotency_key, and pass nextCursor as cursor for the next page.",
      inputSchema: TaskListQuery.partial(),
    },
    async (filters: Partial<z.input<typeof TaskListQuery>>) => {
      try {
        const page = await client.listTasks(filters);
        return jsonResult({
          tasks: page.data.map(({ engine: _engine, statusUrl: _statusUrl, ...task }) => task),
          nextCursor: page.nextCursor,
        });
      } catch (error) {
        return errorResult(error);
      }
    },
  );
  server.registerTool(
    'cancel_task',
    {
      title: 'Cancel a task',
      description:
        'Cancels one of your running tasks (free). The answer says what happened: canceled (refunded now), cancel_requested (refunded when the upstream confirms) or continues (the upstream cannot stop it; it stays charged). A task that already ended is an error that names its status.',
      inputSchema: TaskStatusParams,
    },
    async ({ taskId }: { taskId: string }) => {
      try {
        const { data } = await client.cancelTask(taskId);
        return jsonResult({ ...data, balance: await balanceOf(client) });
      } catch (error) {
        return errorResult(error);
      }
    },
  );
  server.registerTool(
    'quote_price',
    {
      title: 'Quote a price',
      description:
        "The price in credits of a call, without charging (free): service and the body you would send. Pass the answer's quoteId in that call's body to pay this price until expiresAt, and maxCredits to refuse any higher price.",
      inputSchema: QuoteRequest,
    },
    async (input: z.output<typeof QuoteRequest>) => {
      try {
        return jsonResult((await client.quotePrice(input)).data);
      } catch (error) {
        return errorResult(error);
      }
    },
  );
  server.registerTool(
    'get_balance',
    {
      title: 'Balance and limits',
      description: "The account's credit balance, rate-limit tier, limits and the requests left (free).",
      inputSchema: z.object({}),
    },
    async () => {
      try {
        const { data } = await client.getAccount();
        return jsonResult({
          balance: data.balance,
          tier: data.tier,
          limits: data.limits,
          remaining: data.remaining,
          keyName: data.keyName,
          workspace: data.workspace,
        });
      } catch (error) {
        return errorResult(error);
      }
    },
  );
}
