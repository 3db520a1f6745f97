import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The hashes of the inline scripts of the built pages (the theme boot script, the deferred entry
 * loader, the waitlist's path check), read from the very files this process serves: a page built
 * differently cannot drift from its policy, and no script without a listed hash ever runs.
 */
export function inlineScriptHashes(distDir: string | undefined): string[] {
  if (!distDir || !existsSync(distDir)) return [];
  const hashes = new Set<string>();
  // Every page, nested ones too (a prerendered /docs/index.html brings its own inline scripts).
  const pages = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  for (const name of pages) {
    const html = readFileSync(path.join(distDir, name), 'utf8');
    for (const [, body = ''] of html.matchAll(INLINE_SCRIPT)) {
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/**
 * Scripts only from our own origin or with a listed hash. Styles may be inline (the prerendered
 * landing inlines its stylesheet and React writes style attributes); images may come from https
 * (Google profile pictures). Stripe Checkout and Google sign-in are top-level navigations, which
 * no directive here restricts; nothing of ours may be framed.
 */
export function contentSecurityPolicy(scriptHashes: string[], isHttps: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Browser features the app never uses, switched off for every page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** HSTS only where the public address is https on a real host: on localhost it would pin the browser. */
export function isHstsHost(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' && !LOCAL_HOSTS.has(url.hostname) && !url.hostname.endsWith('.localhost');
}

/** The security headers of every answer: pages, assets, API answers and errors alike. */
export function securityHeadersFor(
  publicUrl: string,
  webDistDir: string | undefined,
): Record<string, string> {
  const isHttps = new URL(publicUrl).protocol === 'https:';
  return {
    'content-security-policy': contentSecurityPolicy(inlineScriptHashes(webDistDir), isHttps),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    ...(isHstsHost(publicUrl) && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
