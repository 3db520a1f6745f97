import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { quietRequestLogs, registerDevRequestLog } from './dev-request-log.ts';

describe('the development request log', () => {
  it('writes one short line per API request, secrets redacted, and none for pages or static files', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).trim().split('\n'));
        done();
      },
    });
    const log = pino({ level: 'info' }, sink);
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger, logController: quietRequestLogs() });
    registerDevRequestLog(app, log);
    app.get('/api/auth/verify-email', async () => ({ ok: true }));
    app.get('/assets/app.js', async () => 'js');
    app.get('/app', async () => 'page');

    await app.inject({ url: '/api/auth/verify-email?token=secret123' });
    await app.inject({ url: '/assets/app.js' });
    await app.inject({ url: '/app' });
    await app.inject({ url: '/api/missing' });
    await app.close();

    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^GET \/api\/auth\/verify-email\?token=\[redacted\] 200 \d+ms$/);
    expect(messages[1]).toMatch(/^GET \/api\/missing 404 \d+ms$/);
  });
});
