import { ERROR_CODES, type ErrorCode } from './error-codes.ts';
import { MODELS_PATH } from './model-catalogue.ts';
import { RATE_LIMITS, SERVICE_COST, type Service, SYNC_WAIT_S } from './services.ts';

/**
 * The public API as the docs, the OpenAPI document, the typed client and the doc-example tests
 * all describe it: one list, so none of them can disagree with another. This module is plain
 * values; api-endpoints.ts adds each endpoint's zod body and answer schemas, so a page that only
 * lists the endpoints (the docs' Overview) loads no schema code.
 */
export const API_KEY_HEADER = 'X-API-Key';
export const API_KEY_PREFIX = 'cnd_live_';
/** Where the server publishes the OpenAPI 3.1 description of this catalogue. */
export const OPENAPI_PATH = '/api/openapi.json';

export type ApiDocsTab = 'image' | 'video' | 'sora' | 'linkedin' | 'tasks' | 'account';
/** `list`, `task`, `cancel` and `quote`: the tasks tab (any service's tasks, their cancel, prices). */
export type ApiEndpointMode = 'sync' | 'async' | 'status' | 'account' | 'list' | 'task' | 'cancel' | 'quote';

export interface ApiEndpointDoc {
  /** Stable id: operationId in OpenAPI, method name in the client, anchor in the docs. */
  id: string;
  method: 'GET' | 'POST';
  /** Path with `{param}` placeholders, as OpenAPI writes it. */
  path: string;
  tab: ApiDocsTab;
  service: Service | null;
  mode: ApiEndpointMode;
  title: string;
  summary: string;
  /** Credits charged per call (image: per image), or 0 for free endpoints. */
  cost: number;
  /** A body that succeeds on the local engine; the docs' examples send exactly this. */
  exampleBody?: Record<string, unknown>;
  /** The id of the endpoint whose answer supplies `{taskId}` for a status example. */
  statusOf?: string;
  /** Answers without a key (and without a rate limit): the model list. */
  isPublic?: boolean;
  /** The query string the docs' examples send (without `?`), for an endpoint that needs one. */
  exampleQuery?: string;
}

const ENDPOINT_DOCS = [
  {
    id: 'generateImage',
    method: 'POST',
    path: '/api/provider/image',
    tab: 'image',
    service: 'image',
    mode: 'sync',
    title: 'Generate an image',
    summary: `Generates an image from a prompt (and optional reference images) and waits for it, up to ${SYNC_WAIT_S.image} s; answers the stored image URLs. Past the wait it answers 202 with the task id to poll.`,
    cost: SERVICE_COST.image,
    exampleBody: { prompt: 'A lighthouse at dusk, oil painting', output_format: 'png', image_size: '16:9' },
  },
  {
    id: 'getImageStatus',
    method: 'GET',
    path: '/api/provider/image/status/{taskId}',
    tab: 'image',
    service: 'image',
    mode: 'status',
    title: 'Image task status',
    summary: 'The state and result of one of your image tasks.',
    cost: 0,
    statusOf: 'generateImage',
  },
  {
    id: 'createVideo',
    method: 'POST',
    path: '/api/provider/video',
    tab: 'video',
    service: 'video',
    mode: 'async',
    title: 'Create a video',
    summary:
      'Starts a video generation task and answers at once with its task id. Poll the status endpoint, or pass callBackUrl to receive a signed webhook when it settles.',
    cost: SERVICE_COST.video,
    exampleBody: { prompt: 'A drone shot over green hills at sunrise', model: 'fast', aspectRatio: '16:9' },
  },
  {
    id: 'getVideoStatus',
    method: 'GET',
    path: '/api/provider/video/status/{taskId}',
    tab: 'video',
    service: 'video',
    mode: 'status',
    title: 'Video task status',
    summary: 'The state of one of your video tasks; videoUrls once it has completed.',
    cost: 0,
    statusOf: 'createVideo',
  },
  {
    id: 'removeSoraWatermarkSync',
    method: 'POST',
    path: '/api/provider/sora-watermark-remover/sync',
    tab: 'sora',
    service: 'sora',
    mode: 'sync',
    title: 'Remove a Sora watermark (wait)',
    summary: `Removes the watermark from a Sora video and waits for it (typically 10-30 s, at most ${SYNC_WAIT_S.sora} s; past that it answers 202 with the task id to poll).`,
    cost: SERVICE_COST.sora,
    exampleBody: { video_url: 'https://sora.chatgpt.com/p/s_68e83bd7eee88191be79d2ba7158516f' },
  },
  {
    id: 'removeSoraWatermark',
    method: 'POST',
    path: '/api/provider/sora-watermark-remover',
    tab: 'sora',
    service: 'sora',
    mode: 'async',
    title: 'Remove a Sora watermark (task)',
    summary: 'Starts a watermark removal task and answers at once with its task id.',
    cost: SERVICE_COST.sora,
    exampleBody: { video_url: 'https://sora.chatgpt.com/p/s_68e83bd7eee88191be79d2ba7158516f' },
  },
  {
    id: 'getSoraStatus',
    method: 'GET',
    path: '/api/provider/sora-watermark-remover/status/{taskId}',
    tab: 'sora',
    service: 'sora',
    mode: 'status',
    title: 'Watermark removal status',
    summary: 'The state of one of your watermark removal tasks; videoUrls once it has completed.',
    cost: 0,
    statusOf: 'removeSoraWatermark',
  },
  {
    id: 'scrapeLinkedin',
    method: 'POST',
    path: '/api/provider/linkedin',
    tab: 'linkedin',
    service: 'linkedin',
    mode: 'sync',
    title: 'Scrape a LinkedIn profile and posts',
    summary: 'Answers the profile and its posts with their stats, and a pagination token for the next page.',
    cost: SERVICE_COST.linkedin,
    exampleBody: { username: 'satyanadella', limit: 5 },
  },
  {
    id: 'getLinkedinStatus',
    method: 'GET',
    path: '/api/provider/linkedin/status/{taskId}',
    tab: 'linkedin',
    service: 'linkedin',
    mode: 'status',
    title: 'LinkedIn task status',
    summary: 'The stored answer of one of your LinkedIn calls.',
    cost: 0,
    statusOf: 'scrapeLinkedin',
  },
  {
    id: 'listTasks',
    method: 'GET',
    path: '/api/provider/tasks',
    tab: 'tasks',
    service: null,
    mode: 'list',
    title: 'List your tasks',
    summary:
      "The tasks of the key's workspace, newest first, in pages (`limit`, `cursor` from the previous page's nextCursor), filtered by `service`, `status`, `idempotency_key` or metadata: `metadata[customer]=acme` (repeat for several keys; every pair must match).",
    cost: 0,
  },
  {
    id: 'getTask',
    method: 'GET',
    path: '/api/provider/tasks/{taskId}',
    tab: 'tasks',
    service: null,
    mode: 'task',
    title: 'One task of any service',
    summary: 'The state and result of one of your tasks, whatever its service.',
    cost: 0,
    statusOf: 'createVideo',
  },
  {
    id: 'cancelTask',
    method: 'POST',
    path: '/api/provider/tasks/{taskId}/cancel',
    tab: 'tasks',
    service: null,
    mode: 'cancel',
    title: 'Cancel a task',
    summary:
      "Stops a running task and says what you get back. Not yet started upstream: canceled and fully refunded at once. Started on an upstream that can stop it: the stop is asked, and the task settles canceled, refunded, when the upstream confirms. Started on an upstream that cannot: the operator's policy decides (by default it runs to its end and stays charged; the answer says which). A settled task answers 409 with its status.",
    cost: 0,
    statusOf: 'createVideo',
  },
  {
    id: 'quotePrice',
    method: 'POST',
    path: '/api/provider/quote',
    tab: 'tasks',
    service: null,
    mode: 'quote',
    title: 'Quote a price',
    summary:
      "The price of a call, without charging: send the service and the body you would send. Pass the answer's quoteId with the call to pay that price until expiresAt, even if the price changes meanwhile.",
    cost: 0,
    exampleBody: {
      service: 'video',
      body: { prompt: 'A drone shot over green hills at sunrise', model: 'fast' },
    },
  },
  {
    id: 'getAccount',
    method: 'GET',
    path: '/api/provider/me',
    tab: 'account',
    service: null,
    mode: 'account',
    title: 'Your key and balance',
    summary: "The key's name, the account's balance, its rate-limit tier, limits and what remains of them.",
    cost: 0,
  },
  {
    id: 'listModels',
    method: 'GET',
    path: MODELS_PATH,
    tab: 'tasks',
    service: null,
    mode: 'account',
    title: 'List the models',
    summary:
      "The enabled models of the image and video services: each one's id (the body's `model`), price in credits, capabilities, longest task and request body as JSON Schema. Public: it answers with or without a key.",
    cost: 0,
    isPublic: true,
  },
  {
    id: 'listRequests',
    method: 'GET',
    path: '/api/provider/requests',
    tab: 'account',
    service: null,
    mode: 'account',
    title: 'Your request log',
    summary:
      "The requests your workspace's keys made, accepted or refused (400, 401, 402, 403, 404, 409, 429, 5xx), newest first: status, error code and message, duration, request id and task id. Filter with `status` (`402` or `4xx`), `code` and metadata (`metadata[customer]=acme`); page with `limit` and `nextCursor`. Kept 30 days by default.",
    cost: 0,
  },
  {
    id: 'getUsage',
    method: 'GET',
    path: '/api/provider/usage',
    tab: 'account',
    service: null,
    mode: 'account',
    title: 'Spend by metadata',
    summary:
      "The calls and credits (charged less refunded) of the key's workspace, grouped by the value of one metadata key: `groupBy=metadata.<key>` (required), with optional `from` and `to` (a date or date-time; a date `to` includes that day) and `service`. Calls without the key are grouped under `value: null`. One request answers how many credits your customer acme used this month.",
    cost: 0,
    exampleQuery: 'groupBy=metadata.customer&from=2026-12-01',
  },
  {
    id: 'listEvents',
    method: 'GET',
    path: '/api/provider/events',
    tab: 'account',
    service: null,
    mode: 'account',
    title: 'Your webhook events',
    summary:
      "The events of the key's workspace from the last 30 days, newest first, each with exactly the body its webhooks carried: fetch what your endpoint missed (`after`), or only one `type`.",
    cost: 0,
  },
] as const satisfies readonly ApiEndpointDoc[];

export type ApiEndpointId = (typeof ENDPOINT_DOCS)[number]['id'];
export const API_ENDPOINT_DOCS: readonly (ApiEndpointDoc & { id: ApiEndpointId })[] = ENDPOINT_DOCS;

export const PAGINATION_TOKEN_PLACEHOLDER = 'PAGINATION_TOKEN';

/**
 * Step 2 of paging through a profile's posts: scrapeLinkedin's example body with the previous
 * answer's pagination_token (the placeholder in the docs; the doc-example test sends a real one).
 */
export function linkedinNextPageExample(
  paginationToken: string = PAGINATION_TOKEN_PLACEHOLDER,
): ApiEndpointDoc {
  const first = ENDPOINT_DOCS.find((endpoint) => endpoint.id === 'scrapeLinkedin') as ApiEndpointDoc;
  return { ...first, exampleBody: { ...first.exampleBody, pagination_token: paginationToken } };
}

/** Every error code an API caller can meet: what it means and what to do about it. */
export interface ApiErrorDoc {
  status: number;
  code: ErrorCode;
  meaning: string;
  action: string;
}

export const API_ERRORS: readonly ApiErrorDoc[] = [
  {
    status: 400,
    code: ERROR_CODES.VALIDATION_FAILED,
    meaning: 'A field of the body, query or path is missing or breaks a documented limit; `field` names it.',
    action: 'Fix the named field. Nothing was charged.',
  },
  {
    status: 400,
    code: ERROR_CODES.BAD_REQUEST,
    meaning: 'The request could not be read: malformed JSON, a wrong content type, or a refused URL.',
    action: 'Send a JSON body with `content-type: application/json`. Nothing was charged.',
  },
  {
    status: 401,
    code: ERROR_CODES.UNAUTHORIZED,
    meaning: `The ${API_KEY_HEADER} header is missing, malformed, or names a key that was deleted.`,
    action: 'Send a current key from the API Keys page.',
  },
  {
    status: 401,
    code: ERROR_CODES.KEY_EXPIRED,
    meaning: 'The key is past the expiry set on it.',
    action: 'Use another key, or extend the expiry on the API Keys page.',
  },
  {
    status: 402,
    code: ERROR_CODES.INSUFFICIENT_CREDITS,
    meaning: 'The balance is below the cost of the call; `required` and `available` say by how much.',
    action: 'Buy a credit pack. Nothing was charged.',
  },
  {
    status: 402,
    code: ERROR_CODES.KEY_SPEND_LIMIT,
    meaning:
      "The key's spend limit for the period has no room for the call; `limit`, `spent`, `period` and `resetsAt` say so.",
    action: 'Wait for `resetsAt`, or raise the limit on the API Keys page. Nothing was charged.',
  },
  {
    status: 402,
    code: ERROR_CODES.PRICE_ABOVE_MAX,
    meaning: 'The call costs more than the `maxCredits` it was sent with; `required` says the price.',
    action: 'Raise maxCredits or skip the call. Nothing was charged.',
  },
  {
    status: 403,
    code: ERROR_CODES.KEY_SCOPE,
    meaning: "The key's permissions exclude the service called; the message names it.",
    action: 'Use a key allowed the service, or allow it on the API Keys page. Nothing was charged.',
  },
  {
    status: 403,
    code: ERROR_CODES.KEY_IP_NOT_ALLOWED,
    meaning: "The call came from an address outside the key's IP allow-list; the message names the address.",
    action: 'Call from an allowed address, or add this one to the key. Nothing was charged.',
  },
  {
    status: 403,
    code: ERROR_CODES.FORBIDDEN,
    meaning: 'The account is deactivated.',
    action: 'Contact support.',
  },
  {
    status: 404,
    code: ERROR_CODES.NOT_FOUND,
    meaning: "No such route, or no task with that id among your account's tasks.",
    action: 'Check the path and the task id.',
  },
  {
    status: 409,
    code: ERROR_CODES.CONFLICT,
    meaning:
      'The Idempotency-Key was already used with a different body; or a cancel of a task that has already settled (`taskStatus` says how).',
    action:
      'Use a new Idempotency-Key for a new request; repeat the same body to get the first answer. A settled task cannot be canceled.',
  },
  {
    status: 410,
    code: ERROR_CODES.RESULT_EXPIRED,
    meaning: 'A result file URL past its `expiresAt`: the file was deleted after the retention period.',
    action: 'Download results before `expiresAt`; run the call again for a new file.',
  },
  {
    status: 413,
    code: ERROR_CODES.PAYLOAD_TOO_LARGE,
    meaning: 'The body is larger than 1 MB.',
    action: 'Send reference images as URLs, not inline data.',
  },
  {
    status: 429,
    code: ERROR_CODES.RATE_LIMITED,
    meaning:
      "The account's per-minute, per-hour or per-day request limit, or the key's own per-minute limit, is used up.",
    action: 'Wait the seconds in Retry-After; the RateLimit header says what remains.',
  },
  {
    status: 502,
    code: ERROR_CODES.UPSTREAM_FAILED,
    meaning: 'The model or scraper failed the work; the credits were refunded (`creditsRefunded`).',
    action: 'Retry, perhaps with another prompt or input.',
  },
  {
    status: 503,
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    meaning: 'The service is starting, stopping or cannot reach its database.',
    action: 'Retry after a few seconds.',
  },
  {
    status: 500,
    code: ERROR_CODES.INTERNAL,
    meaning: 'An unexpected error; it is logged with the requestId.',
    action: 'Retry; if it persists, write to support with the requestId.',
  },
];

/**
 * The rate limits each tier gets (docs/product.md, "Rate limits"), for the docs' pricing and limits
 * tables.
 */
export const API_RATE_LIMIT_TIERS = [
  { tier: 'Free', when: 'until the first purchase', limits: RATE_LIMITS.free },
  { tier: 'Pro', when: 'after the first purchase', limits: RATE_LIMITS.pro },
  { tier: 'Enterprise', when: 'custom per account, set with us', limits: RATE_LIMITS.enterprise },
] as const;

export type CodeLanguage = 'curl' | 'javascript' | 'python';
export const CODE_LANGUAGES: readonly CodeLanguage[] = ['curl', 'javascript', 'python'];
export const CODE_LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  curl: 'curl',
  javascript: 'JavaScript',
  python: 'Python',
};

export interface CodeExampleOptions {
  baseUrl: string;
  /** The caller's own key; a placeholder when absent. */
  apiKey?: string;
  /** For status endpoints: the task id to ask about; a placeholder when absent. */
  taskId?: string;
}

export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';
export const TASK_ID_PLACEHOLDER = 'TASK_ID';

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
/** A JSON value written as a Python literal (the Python examples' bodies). */
export const pythonLiteral = (value: unknown): string => {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
};

/**
 * A complete, runnable example of one endpoint: it reads nothing but what is written in it, prints
 * the JSON answer, and is executed as written by the doc-example tests.
 */
export function codeExample(
  endpoint: Pick<ApiEndpointDoc, 'method' | 'path' | 'exampleBody' | 'exampleQuery'>,
  language: CodeLanguage,
  options: CodeExampleOptions,
): string {
  const apiKey = options.apiKey ?? API_KEY_PLACEHOLDER;
  const query = endpoint.exampleQuery ? `?${endpoint.exampleQuery}` : '';
  const url = `${options.baseUrl}${endpoint.path.replace('{taskId}', options.taskId ?? TASK_ID_PLACEHOLDER)}${query}`;
  const body = endpoint.exampleBody;
  if (language === 'curl') {
    const lines = [`curl -s ${endpoint.method === 'GET' ? '' : '-X POST '}${shellQuote(url)}`];
    lines.push(`  -H ${shellQuote(`${API_KEY_HEADER}: ${apiKey}`)}`);
    if (body) {
      lines.push(`  -H 'Content-Type: application/json'`);
      lines.push(`  -d ${shellQuote(JSON.stringify(body))}`);
    }
    return lines.join(' \\\n');
  }
  if (language === 'javascript') {
    const init = [`  method: '${endpoint.method}',`, `  headers: {`, `    '${API_KEY_HEADER}': '${apiKey}',`];
    if (body) init.push(`    'Content-Type': 'application/json',`);
    init.push('  },');
    if (body) init.push(`  body: JSON.stringify(${JSON.stringify(body, null, 2).replaceAll('\n', '\n  ')}),`);
    return [
      `const response = await fetch('${url}', {`,
      ...init,
      '});',
      'const result = await response.json();',
      'console.log(response.status, JSON.stringify(result, null, 2));',
    ].join('\n');
  }
  const lines = [
    'import json',
    'import urllib.request',
    '',
    'request = urllib.request.Request(',
    `    ${JSON.stringify(url)},`,
    `    method=${JSON.stringify(endpoint.method)},`,
    `    headers={${JSON.stringify(API_KEY_HEADER)}: ${JSON.stringify(apiKey)}${body ? ', "Content-Type": "application/json"' : ''}},`,
  ];
  if (body) lines.push(`    data=json.dumps(${pythonLiteral(body)}).encode(),`);
  lines.push(
    ')',
    'with urllib.request.urlopen(request) as response:',
    '    print(response.status, json.dumps(json.load(response), indent=2))',
  );
  return lines.join('\n');
}
