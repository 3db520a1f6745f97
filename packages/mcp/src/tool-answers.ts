import {
  type AnyTaskAnswer,
  APIConnectionError,
  APIStatusError,
  type ConduitClient,
  TaskWaitTimeout,
} from '@conduit/client';
import type { Service } from '@conduit/contracts';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { ModelArgumentError } from './model-inputs.ts';

/** Images up to this size are also sent inline as image content; larger ones only as links. */
const INLINE_IMAGE_BYTES = 1_000_000;

/** What an agent reads after a task tool: the result URLs, the cost and the balance after it. */
export function taskSummary(
  service: Service,
  answer: AnyTaskAnswer,
  balance: number | undefined,
  waitedSeconds?: number,
) {
  const task = answer.data as AnyTaskAnswer['data'] & { videoUrls?: string[]; resultUrls?: string[] };
  const { engine: _engine, statusUrl: _statusUrl, ...fields } = task;
  return {
    ...fields,
    service,
    resultUrls: task.videoUrls ?? task.resultUrls ?? [],
    costCredits: task.creditsUsed,
    balance,
    ...(task.status === 'processing' && {
      checkLater: `Still processing${waitedSeconds === undefined ? '' : ` after ${waitedSeconds} s`}: call get_task with {"taskId": "${task.taskId}", "service": "${service}"} later.`,
    }),
  };
}

const fileName = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() || 'result');
const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
};
const mimeOf = (url: string) => MIME_BY_EXTENSION[fileName(url).split('.').pop()?.toLowerCase() ?? ''];

/**
 * The result files as content an MCP host can show: a resource_link per file, and small images
 * inline as image content (a download that fails leaves the link alone: the call itself succeeded).
 */
export async function resultContent(client: ConduitClient, urls: readonly string[]): Promise<ContentBlock[]> {
  const blocks: ContentBlock[] = [];
  for (const url of urls) {
    const mimeType = mimeOf(url);
    blocks.push({ type: 'resource_link', uri: url, name: fileName(url), ...(mimeType && { mimeType }) });
    if (!mimeType?.startsWith('image/')) continue;
    try {
      const response = await client.downloadFile(url, { maxRetries: 0 });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength <= INLINE_IMAGE_BYTES)
        blocks.push({ type: 'image', data: Buffer.from(bytes).toString('base64'), mimeType });
    } catch {
      // The link is enough.
    }
  }
  return blocks;
}

const textResult = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** An error of the API (or of the network) as a tool error the agent can read and act on. */
export function errorResult(error: unknown): CallToolResult {
  if (error instanceof TaskWaitTimeout) return textResult(error.message);
  if (error instanceof ModelArgumentError)
    return textResult(
      `Invalid arguments: ${error.message}. Field: ${error.field}. Nothing was sent or charged.`,
    );
  if (error instanceof APIStatusError) {
    const hints: string[] = [];
    if (error.required !== undefined)
      hints.push(`The call costs ${error.required} credits; the balance is ${error.available}.`);
    if (error.resetsAt) hints.push(`The key's spend limit resets at ${error.resetsAt}.`);
    if (error.retryAfter !== undefined) hints.push(`Retry after ${Math.ceil(error.retryAfter)} s.`);
    if (error.creditsRefunded !== undefined) hints.push(`${error.creditsRefunded} credit(s) were refunded.`);
    if (error.field) hints.push(`Field: ${error.field}.`);
    if (error.requestId) hints.push(`Request id: ${error.requestId}.`);
    return textResult(
      [`Conduit API error ${error.status} ${error.code}: ${error.message}`, ...hints].join(' '),
    );
  }
  if (error instanceof APIConnectionError)
    return textResult(`Conduit could not be reached: ${error.message}`);
  return textResult(`Conduit tool failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** The balance after a call, or undefined when it cannot be read (the call itself succeeded). */
export async function balanceOf(client: ConduitClient): Promise<number | undefined> {
  try {
    return (await client.getAccount({ maxRetries: 0 })).data.balance;
  } catch {
    return undefined;
  }
}
