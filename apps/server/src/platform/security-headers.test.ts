import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJsonText } from '../../test/json-text.ts';
import { createPaidAccount } from '../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../test/test-runtime.ts';
import { writeWebDist } from '../../test/web-dist.ts';
import { isHstsHost } from './security-headers.ts';

const BOOT_SCRIPT = 'document.documentElement.dataset.mode="dark"';
const LOADER = 'import("/assets/main-abc123.js")';
const DOCS_SCRIPT = 'window.docs = 1';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Parses a CSP header into its directives. */
function directivesOf(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  let runtime: TestRuntime;
  let httpsRuntime: TestRuntime;
  let dist: Awaited<ReturnType<typeof writeWebDist>>;
  let key: string;
  beforeAll(async () => {
    dist = await writeWebDist({
      '/index.html': `<!doctype html><head><script>${BOOT_SCRIPT}</script></head><div id="root"></div><script type="module">${LOADER}</script><script type="module" src="/assets/main-abc123.js"></script>`,
      '/assets/main-abc123.js': 'console.log(1)',
      '/docs/index.html': `<script>${DOCS_SCRIPT}</script>`,
    });
    runtime = await createTestRuntime({}, { webDistDir: dist.dir });
    httpsRuntime = await createTestRuntime(
      { PUBLIC_URL: 'https://conduit.example.com' },
      { webDistDir: dist.dir },
    );
    key = (await createPaidAccount(runtime.services)).key;
  });
  afterAll(async () => {
    await Promise.all([runtime.close(), httpsRuntime.close()]);
    await dist.remove();
  });

  it('allows only our own scripts and the built pages inline scripts by hash, never unsafe-inline', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/' });
    const csp = directivesOf(response.headers['content-security-policy'] as string);
    expect(csp.get('script-src')?.sort()).toEqual(
      ["'self'", sha256(BOOT_SCRIPT), sha256(LOADER), sha256(DOCS_SCRIPT)].sort(),
    );
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('puts every header on pages, assets, API answers, errors and 404s alike', async () => {
    const answers = await Promise.all([
      runtime.app.inject({ method: 'GET', url: '/app/credits' }),
      runtime.app.inject({ method: 'GET', url: '/assets/main-abc123.js' }),
      runtime.app.inject({ method: 'GET', url: '/api/provider/me', headers: { 'x-api-key': key } }),
      runtime.app.inject({ method: 'GET', url: '/api/provider/me' }),
      runtime.app.inject({ method: 'GET', url: '/api/credits' }),
      postJsonText(runtime.app, '/api/auth/login', '{bad'),
      runtime.app.inject({ method: 'GET', url: '/api/nowhere' }),
      runtime.app.inject({ method: 'GET', url: '/healthz' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 401, 400, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toMatch(/script-src 'self'/);
      const scriptSources = directivesOf(answer.headers['content-security-policy'] as string).get(
        'script-src',
      );
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(scriptSources).not.toContain("'unsafe-eval'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS and upgrades insecure requests only when PUBLIC_URL is https on a real host', async () => {
    const response = await httpsRuntime.app.inject({ method: 'GET', url: '/api/credits' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(
      directivesOf(response.headers['content-security-policy'] as string).has('upgrade-insecure-requests'),
    ).toBe(true);
    expect(isHstsHost('https://conduit.example.com')).toBe(true);
    expect(isHstsHost('https://localhost:3000')).toBe(false);
    expect(isHstsHost('https://127.0.0.1')).toBe(false);
    expect(isHstsHost('https://app.localhost')).toBe(false);
    expect(isHstsHost('http://conduit.example.com')).toBe(false);
  });
});
