import type { RequestLogItem } from '@conduit/contracts';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, meRequestEntry, type PaidAccount } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { createRequestLogWriter } from './request-log-writer.ts';

/*
 * A caller's text that PostgreSQL cannot store (NUL, a lone surrogate half) in a field name or a
 * path parameter is echoed escaped, and the request log keeps it; a row the database refuses
 * anyway is dropped alone, never with the other rows (other workspaces' included) of its batch.
 */
const runtime = useTestRuntime();
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what the answers must not carry.
const UNSTORABLE = /\u0000|[\ud800-\udfff]/;

const logOf = async (account: PaidAccount) => {
  const answer = await runtime.app.inject({
    url: '/api/provider/requests?limit=100',
    headers: { 'x-api-key': account.key },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { data: RequestLogItem[] }).data;
};

describe('request log: unstorable text from the caller', () => {
  it("a NUL in a field name is answered escaped, and loses no one's rows", async () => {
    const sender = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const other = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const raw = (account: PaidAccount, body: string) =>
      runtime.app.inject({
        method: 'POST',
        url: '/api/provider/image',
        headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
        payload: body,
      });
    const paid = (account: PaidAccount, n: number) =>
      runtime.app.inject({
        method: 'POST',
        url: '/api/provider/linkedin',
        headers: { 'x-api-key': account.key },
        payload: { username: `someone-${n}`, limit: 1 },
      });
    // All at once, so the refused requests share their batch with the others' rows.
    const [nul, surrogate, nested, statusRead, ...calls] = await Promise.all([
      raw(sender, '{"prompt":"x","\\u0000":1}'),
      raw(sender, '{"prompt":"x","\\ud800":1}'),
      raw(sender, '{"prompt":"x","image_urls":[{"\\u0000a":1}]}'),
      runtime.app.inject({
        url: '/api/provider/video/status/task_%00x',
        headers: { 'x-api-key': sender.key },
      }),
      ...[1, 2, 3, 4, 5].map((n) => paid(sender, n)),
      ...[1, 2, 3, 4, 5].map((n) => paid(other, n)),
    ]);
    for (const refused of [nul, surrogate, nested, statusRead]) {
      expect(refused.statusCode, refused.body).toBe(400);
      // No NUL or surrogate half in the answer: the caller's text is echoed as its escape.
      expect(refused.json().error).not.toMatch(UNSTORABLE);
    }
    expect(nul.json().field).toBe('\\u0000');
    expect(nul.json().error).toMatch(/^\\u0000: /);
    expect(surrogate.json().field).toBe('\\ud800');
    expect(nested.json().field).toBe('image_urls.0.\\u0000a');
    for (const call of calls) expect(call.statusCode, call.body).toBe(200);

    await runtime.app.requestLog?.flush();
    expect(runtime.app.requestLog?.dropped).toBe(0);
    const sent = await logOf(sender);
    expect(sent.filter((row) => row.status === 200)).toHaveLength(5);
    expect(
      sent
        .filter((row) => row.status === 400)
        .map((row) => row.error)
        .sort(),
    ).toEqual(
      [nul.json().error, surrogate.json().error, nested.json().error, statusRead.json().error].sort(),
    );
    expect((await logOf(other)).filter((row) => row.status === 200)).toHaveLength(5);
  });

  it('a row the database refuses is dropped alone; its batch-mates are written', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0 });
    const writer = createRequestLogWriter(runtime.services.pool, pino({ level: 'silent' }));
    const entry = (n: number, error: string | null = null) =>
      meRequestEntry(account, `req_bad_rows_${n}`, error);
    // An entry made without the escape (as a future field might be): the database refuses it.
    for (let n = 0; n < 9; n += 1) writer.record(entry(n, n === 4 ? 'bad \u0000 text' : null));
    await writer.flush();
    expect(writer.dropped).toBe(1);
    const { rows } = await runtime.services.pool.query(
      'select request_id from request_log where workspace_id = $1 order by request_id',
      [account.workspaceId],
    );
    expect(rows.map((row) => row.request_id)).toEqual(
      [0, 1, 2, 3, 5, 6, 7, 8].map((n) => `req_bad_rows_${n}`),
    );
  });
});
