/**
 * The client side of slow-upstream.test.ts, in a process of its own so the server's memory and
 * event loop are measured alone. Opens its connections, says "warm", waits for a line on stdin,
 * then sends every call at once and prints one JSON line with the answers.
 */
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';

const { baseUrl, keys, calls } = JSON.parse(process.argv[2] ?? '{}') as {
  baseUrl: string;
  keys: string[];
  calls: number;
};
const dispatcher = new Agent({
  connections: calls,
  connectTimeout: 60_000,
  headersTimeout: 180_000,
  bodyTimeout: 180_000,
  keepAliveTimeout: 180_000,
  keepAliveMaxTimeout: 180_000,
});

// Keep-alive connections opened up front: the burst then measures the server, not TCP set-up.
await Promise.all(
  Array.from({ length: calls }, () =>
    request(`${baseUrl}/healthz`, { dispatcher }).then((response) => response.body.dump()),
  ),
);
process.stdout.write('warm\n');
const lines = createInterface({ input: process.stdin });
for await (const _line of lines) break;

const startedAt = Date.now();
const answers = await Promise.all(
  Array.from({ length: calls }, async (_, index) => {
    const response = await request(`${baseUrl}/api/provider/image`, {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': keys[index % keys.length] as string },
      body: JSON.stringify({ prompt: `slow upstream call ${index}` }),
    });
    const body = (await response.body.json()) as {
      success?: boolean;
      data?: { taskId?: string; status?: string };
    };
    return { status: response.statusCode, taskId: body.data?.taskId, taskStatus: body.data?.status };
  }),
);
const statuses: Record<number, number> = {};
for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
process.stdout.write(
  `${JSON.stringify({
    elapsedMs: Date.now() - startedAt,
    statuses,
    completed: answers.filter((answer) => answer.taskStatus === 'completed').length,
    distinctTasks: new Set(answers.map((answer) => answer.taskId)).size,
  })}\n`,
);
await dispatcher.close();
