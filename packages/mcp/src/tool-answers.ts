import { type AnyTaskAnswer, ConduitApiError, type ConduitClient, TaskWaitTimeout } from '@conduit/client';
import type { Service } from '@conduit/contracts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

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

export const jsonResult = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

/** An error of the API (or of the network) as a tool error the agent can read and act on. */
export function errorResult(error: unknown): CallToolResult {
  if (error instanceof TaskWaitTimeout) return jsonResult(error.answer);
  let text: string;
  if (error instanceof ConduitApiError) {
    const hints: string[] = [];
    if (error.required !== undefined)
      hints.push(`The call costs ${error.required} credits; the balance is ${error.available}.`);
    if (error.retryAfter !== undefined) hints.push(`Retry after ${Math.ceil(error.retryAfter)} s.`);
    if (error.field) hints.push(`Field: ${error.field}.`);
    if (error.requestId) hints.push(`Request id: ${error.requestId}.`);
    text = [`Conduit API error ${error.status} ${error.code}: ${error.message}`, ...hints].join(' ');
  } else {
    text = `Conduit could not be reached: ${error instanceof Error ? error.message : String(error)}`;
  }
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The balance after a call, or undefined when it cannot be read (the call itself succeeded). */
export async function balanceOf(client: ConduitClient): Promise<number | undefined> {
  try {
    return (await client.getAccount()).data.balance;
  } catch {
    return undefined;
  }
}
