import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { PROVIDER_LIMITS } from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';

const FETCH_TIMEOUT_MS = 10_000;

/** Loopback, private, link-local, CGNAT, multicast and reserved ranges (IPv4 and IPv6). */
export function isPrivateAddress(address: string): boolean {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(mapped) === 4) {
    const [a = 0, b = 0] = mapped.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  const v6 = mapped.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('ff');
}

/**
 * Refuses URLs that point into our own network (SSRF). Checked on the resolved addresses, so a
 * public name resolving to 127.0.0.1 is refused too. Tests (NODE_ENV=test) serve from loopback.
 */
export async function assertPublicUrl(url: string, field: string, allowPrivate: boolean) {
  const { hostname, protocol } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new ValidationFailed(`${field}: must be an http(s) URL`, field);
  if (allowPrivate) return;
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new ValidationFailed(`${field}: host could not be resolved`, field);
  if (addresses.some(isPrivateAddress))
    throw new ValidationFailed(`${field}: must be a public address`, field);
}

/** Each input image must be reachable, an image, and at most 10 MB (spec section 5), before any charge. */
export async function checkInputImages(urls: string[], field: string, allowPrivate: boolean) {
  await Promise.all(
    urls.map(async (url, index) => {
      const name = `${field}.${index}`;
      await assertPublicUrl(url, name, allowPrivate);
      const response = await fetch(url, {
        redirect: 'error',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      }).catch(() => undefined);
      if (!response?.ok || !response.body)
        throw new ValidationFailed(`${name}: the image could not be fetched`, name);
      const type = response.headers.get('content-type') ?? '';
      if (!type.startsWith('image/')) {
        await response.body.cancel();
        throw new ValidationFailed(`${name}: is not an image (${type || 'no content type'})`, name);
      }
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > PROVIDER_LIMITS.imageMaxBytes) {
          throw new ValidationFailed(`${name}: images must be at most 10 MB`, name);
        }
      }
    }),
  );
}
