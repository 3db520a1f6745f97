import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('removes link tokens and OAuth codes from logged URLs and keeps the rest', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc123')).toBe('/api/auth/verify-email?token=[redacted]');
    expect(redactUrl('/api/auth/google/callback?code=xyz&state=s1&iss=https%3A%2F%2Fa')).toBe(
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fa',
    );
    expect(redactUrl('/api/credits?page=2')).toBe('/api/credits?page=2');
  });
});

/** Logs one request line in the given format and returns what reached the destination. */
async function logOneLine(format: 'json' | 'pretty'): Promise<string> {
  let written = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  const log = createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: format }, destination);
  log.info(
    { req: { method: 'GET', url: '/api/auth/verify-email?token=secret-token' }, taskId: 'task_1' },
    'request completed',
  );
  await new Promise((resolve) => setImmediate(resolve));
  return stripVTControlCharacters(written);
}

describe('createLogger', () => {
  it('writes one JSON object a line for log collectors, secrets redacted', async () => {
    const line = JSON.parse(await logOneLine('json'));
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      taskId: 'task_1',
      req: { method: 'GET', url: '/api/auth/verify-email?token=[redacted]' },
    });
  });

  it('writes readable lines for development, secrets redacted just the same', async () => {
    const output = await logOneLine('pretty');
    expect(() => JSON.parse(output)).toThrow();
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed\n/);
    expect(output).toContain('taskId: "task_1"');
    expect(output).toContain('/api/auth/verify-email?token=[redacted]');
    expect(output).not.toContain('secret-token');
  });
});
