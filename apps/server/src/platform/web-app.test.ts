import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../../test/test-runtime.ts';
import { writeWebDist } from '../../test/web-dist.ts';

describe('serving the built web app', () => {
  let runtime: TestRuntime;
  let dist: Awaited<ReturnType<typeof writeWebDist>>;
  beforeAll(async () => {
    dist = await writeWebDist({
      '/index.html': '<!doctype html><title>Conduit</title><div id="root"></div>',
      '/docs.html':
        '<!doctype html><title>Documentation</title><div id="root" data-prerendered="/docs"></div>',
      '/assets/main-abc123.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    runtime = await createTestRuntime({}, { webDistDir: dist.dir });
  });
  afterAll(async () => {
    await runtime.close();
    await dist.remove();
  });

  it('serves index.html for the root and for every client route', async () => {
    for (const url of ['/', '/app/api-keys', '/app/docs', '/docs/extra', '/no/such/page']) {
      const response = await runtime.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the prerendered docs.html for /docs, whatever its tab', async () => {
    for (const url of ['/docs', '/docs?tab=video']) {
      const response = await runtime.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('data-prerendered="/docs"');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a year of caching, compressed', async () => {
    const response = await runtime.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('never answers an API path with the page', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    const post = await runtime.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });
});
