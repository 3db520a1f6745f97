import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

/*
 * kie.ai's jobs API as bench run (f) needs it: every task finishes exactly DELAY_MS after it was
 * created, then kie's signed callback goes to its callBackUrl; recordInfo answers its state and a
 * result file. A child process of its own, so the load generator and the server under test do not
 * share its event loop. Env: PORT, DELAY_MS (200), KIE_API_KEY, KIE_WEBHOOK_HMAC_KEY, PER_SECOND.
 *
 * Its capacity, unlike kie.ai's: PER_SECOND creates and as many recordInfo reads in any 1 s, per
 * key, the excess answered 429 as kie answers it ("will not enter the queue"); run (f) sets
 * FAKE_KIE_PER_SECOND (1,000), bench:pace none (unlimited: it times the pace itself). kie.ai
 * itself takes 20 creates per 10 s and 10 reads a second per account, which is what our pace keeps
 * to by default; at that rate run (f) would measure the pace, not the gateway. The bench paces the
 * server under test to this fake's capacity instead (KIE_CREATES_PER_WINDOW and
 * KIE_POLLS_PER_WINDOW over 1,100 ms windows: bench/api.ts).
 */
const PORT = Number(process.env.PORT);
const DELAY_MS = Number(process.env.DELAY_MS ?? 200);
const API_KEY = process.env.KIE_API_KEY ?? '';
const HMAC_KEY = process.env.KIE_WEBHOOK_HMAC_KEY ?? '';
const PER_SECOND = process.env.PER_SECOND ? Number(process.env.PER_SECOND) : Number.POSITIVE_INFINITY;

/** A sliding 1 s window of accepted requests: false (429) once PER_SECOND are in it. */
function slidingWindow() {
  const taken: number[] = [];
  let oldest = 0;
  return () => {
    const now = performance.now();
    while (oldest < taken.length && (taken[oldest] as number) <= now - 1_000) oldest += 1;
    if (oldest > 4_096) {
      taken.splice(0, oldest);
      oldest = 0;
    }
    if (taken.length - oldest >= PER_SECOND) return false;
    taken.push(now);
    return true;
  };
}
const takeCreate = slidingWindow();
const takeRead = slidingWindow();
const RATE_LIMITED = { code: 429, msg: 'Rate limit exceeded', data: null };
/** A 1x1 PNG: the file's size is not what (f) measures. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** Each task this fake created, and whether it is done (its DELAY_MS have passed). */
const isDone = new Map<string, boolean>();
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

function send(response: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function callBack(url: string, taskId: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', HMAC_KEY).update(`${taskId}.${timestamp}`).digest('base64');
  const body = JSON.stringify({ code: 200, msg: 'success', data: { taskId, state: 'success' } });
  http
    .request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signature,
      },
    })
    .on('response', (response) => response.resume())
    .on('error', () => {})
    .end(body);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://fake');
  if (request.method === 'GET' && url.pathname.startsWith('/files/')) {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
    response.end(PNG);
    return;
  }
  if (request.headers.authorization !== `Bearer ${API_KEY}`) {
    send(response, 401, { code: 401, msg: 'You do not have access permissions' });
    return;
  }
  if (request.method === 'GET' && url.pathname === '/api/v1/jobs/recordInfo') {
    if (!takeRead()) return send(response, 429, RATE_LIMITED);
    const taskId = url.searchParams.get('taskId') ?? '';
    const done = isDone.get(taskId);
    if (done === undefined) return send(response, 200, { code: 404, msg: 'record not found' });
    const resultUrls = [`http://127.0.0.1:${PORT}/files/${taskId}.png`];
    return send(response, 200, {
      code: 200,
      msg: 'success',
      data: {
        taskId,
        state: done ? 'success' : 'generating',
        resultJson: done ? JSON.stringify({ resultUrls }) : '',
      },
    });
  }
  if (request.method === 'POST' && url.pathname === '/api/v1/jobs/createTask') {
    if (!takeCreate()) {
      request.resume();
      return send(response, 429, RATE_LIMITED);
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { callBackUrl?: string };
      const taskId = randomBytes(12).toString('hex');
      isDone.set(taskId, false);
      const { callBackUrl } = body;
      // Done when its callback goes, as on kie.ai: a recordInfo right after the callback never says
      // 'generating' (a deadline read from Date.now() could, the timer firing a millisecond early).
      setTimeout(() => {
        isDone.set(taskId, true);
        if (callBackUrl) callBack(callBackUrl, taskId);
      }, DELAY_MS);
      send(response, 200, { code: 200, msg: 'success', data: { taskId } });
    });
    return;
  }
  send(response, 404, { code: 404, msg: 'Not found' });
});
server.keepAliveTimeout = 60_000;
server.listen(PORT, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
