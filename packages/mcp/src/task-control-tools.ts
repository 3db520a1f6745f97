import {
  AnyTask,
  CancelResult,
  QuoteRequest,
  QuoteResult,
  TaskListQuery,
  TaskStatusParams,
  UsageByMetadata,
  UsageByMetadataQuery,
} from '@conduit/contracts';
import { z } from 'zod';
import { balanceOf } from './tool-answers.ts';
import { type ConduitTool, defineTool, READ_TOOL } from './tool-kit.ts';

const ListedTask = AnyTask.omit({ engine: true, statusUrl: true });
const TaskListOutput = z.object({
  tasks: z.array(ListedTask),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
});
const CancelOutput = CancelResult.extend({
  balance: z.number().int().optional().describe('The balance after the cancel, when it could be read'),
});

/** Stops a task the account paid for: not read-only, and destructive (the work is lost), yet repeatable. */
const CANCEL_TOOL = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
} as const;

/** Listing, cancelling and pricing tasks: free calls on the account's own tasks. */
export const TASK_CONTROL_TOOLS: ConduitTool[] = [
  defineTool({
    name: 'list_tasks',
    title: 'List tasks',
    description: () =>
      "Your workspace's tasks of every service, newest first (free); filter by service, status, idempotency_key or metadata (every key and value given must match), and pass nextCursor as cursor for the next page.",
    inputSchema: TaskListQuery.partial().extend({
      metadata: z
        .record(z.string(), z.string())
        .optional()
        .describe('Only tasks whose metadata has each of these keys with these values'),
    }),
    outputSchema: TaskListOutput,
    annotations: READ_TOOL,
    async run(filters, { client }) {
      const page = await client.listTasks(filters);
      const tasks = page.data.map(({ engine: _engine, statusUrl: _statusUrl, ...task }) => task);
      return { structured: { tasks, nextCursor: page.nextCursor } };
    },
  }),
  defineTool({
    name: 'usage_by_metadata',
    title: 'Spend by metadata',
    description: () =>
      'Calls and credits spent (charged less refunded) grouped by the value of one metadata key (free): groupBy is metadata.<key>, e.g. metadata.customer; from and to (a date or date-time) and service narrow it. Calls without the key are under value null.',
    inputSchema: UsageByMetadataQuery,
    outputSchema: UsageByMetadata,
    annotations: READ_TOOL,
    async run(query, { client }) {
      return { structured: { data: (await client.getUsage(query)).data } };
    },
  }),
  defineTool({
    name: 'cancel_task',
    title: 'Cancel a task',
    description: () =>
      'Cancels one of your running tasks (free). The answer says what happened: canceled (refunded now), cancel_requested (refunded when the upstream confirms) or continues (the upstream cannot stop it; it stays charged). A task that already ended is an error that names its status.',
    inputSchema: TaskStatusParams,
    outputSchema: CancelOutput,
    annotations: CANCEL_TOOL,
    async run({ taskId }, { client }) {
      const { data } = await client.cancelTask(taskId);
      return { structured: { ...data, balance: await balanceOf(client) } };
    },
  }),
  defineTool({
    name: 'quote_price',
    title: 'Quote a price',
    description: () =>
      "The price in credits of a call, without charging (free): service and the body you would send. Pass the answer's quoteId in that call's body to pay this price until expiresAt, and maxCredits to refuse any higher price.",
    inputSchema: QuoteRequest,
    outputSchema: QuoteResult,
    annotations: READ_TOOL,
    async run(input, { client }) {
      return { structured: (await client.quotePrice(input)).data };
    },
  }),
];
