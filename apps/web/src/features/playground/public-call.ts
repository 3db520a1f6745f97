import { API_KEY_HEADER, type ApiEndpoint, ERROR_CODES, SYNC_WAIT_S } from '@conduit/contracts';
import { apiUrl } from '../../lib/api-client.ts';

/** The request the playground sent: the code examples reproduce exactly this. */
export interface SentRequest {
  endpoint: ApiEndpoint;
  body: Record<string, unknown>;
  apiKey: string;
  /** The key's id, to change its controls from a refusal (its spend limit). */
  keyId: string;
}

/** The public API's answer as it came: its HTTP status and JSON body (success or error). */
export interface PublicAnswer {
  status: number;
  body: unknown;
}

/** Longer than the longest sync wait, so the server's own 202 answers before the browser gives up. */
const PUBLIC_CALL_TIMEOUT_MS = (Math.max(...Object.values(SYNC_WAIT_S)) + 30) * 1000;

/**
 * Calls the public API as a developer's code does: the key in X-API-Key, a JSON body, no cookie.
 * Any HTTP answer is returned as it came; only a network failure throws.
 */
export async function callPublicApi({ endpoint, body, apiKey }: SentRequest): Promise<PublicAnswer> {
  const response = await fetch(apiUrl(endpoint.path), {
    method: endpoint.method,
    credentials: 'omit',
    headers: { [API_KEY_HEADER]: apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(PUBLIC_CALL_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): shown as the text it is.
  }
  return { status: response.status, body: parsed };
}

/** The task id of an answer: `data.taskId` on success, `taskId` on a failed sync call (502). */
export function taskIdOf(answer: PublicAnswer): string | undefined {
  const body = (answer.body ?? {}) as { data?: { taskId?: unknown }; taskId?: unknown };
  const taskId = body.data?.taskId ?? body.taskId;
  return typeof taskId === 'string' ? taskId : undefined;
}

/**
 * The body field an error answer refuses and why: the one its `field` names (`imageUrls.0` is
 * imageUrls), its text without the `field: ` the server starts it with; maxCredits for a price above it.
 */
export function refusedFieldOf(answer: PublicAnswer): { name: string; message: string } | undefined {
  if (answer.status < 400) return undefined;
  const body = (answer.body ?? {}) as { error?: unknown; code?: unknown; field?: unknown };
  if (typeof body.error !== 'string') return undefined;
  if (body.code === ERROR_CODES.PRICE_ABOVE_MAX) return { name: 'maxCredits', message: body.error };
  if (typeof body.field !== 'string') return undefined;
  const [name = ''] = body.field.split('.');
  const prefix = `${body.field}: `;
  return { name, message: body.error.startsWith(prefix) ? body.error.slice(prefix.length) : body.error };
}
