import OpenAI from 'openai';
import { createPaidAccount, ledgerCheck } from './paid-account.ts';
import type { TestRuntime } from './test-runtime.ts';

/** A task row as the /v1 tests read it. */
export interface OpenAITaskRow {
  id: string;
  service: string;
  model: string;
  status: string;
  cost: number;
  credits_refunded: number;
  request: Record<string, unknown>;
}

/**
 * A paid account with `credits`, the official `openai` library pointed at this server's /v1 with
 * its key (no retries, so each request is one), its balance, and its tasks oldest first.
 */
export async function openAIAccount(runtime: TestRuntime, baseUrl: string, credits: number) {
  const account = await createPaidAccount(runtime.services, { credits });
  const client = new OpenAI({ apiKey: account.key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
  const balance = async () => (await ledgerCheck(runtime.services, account.userId)).balance;
  const tasks = async () =>
    (
      await runtime.services.pool.query<OpenAITaskRow>(
        'select id, service, model, status, cost, credits_refunded, request from tasks where workspace_id = $1 order by created_at',
        [account.workspaceId],
      )
    ).rows;
  return { account, client, balance, tasks };
}
