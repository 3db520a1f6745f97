import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { PROVIDER_LIMITS } from '@conduit/contracts';
import { Agent, fetch, type RequestInit, type Response } from 'undici';
import { ValidationFailed } from '../../platform/errors.ts';
import { isPrivateAddress } from './private-addresses.ts';

export { isPrivateAddress };

const FETCH_TIMEOUT_MS = 10_000;

/** A host name's addresses; tests pass their own so no real DNS is needed. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface UrlGuardOptions {
  resolve?: ResolveHost;
  /** Tests serve their fakes from loopback: NODE_ENV=test allows every address unless a test asks otherwise. */
  allowPrivate?: boolean;
  /** Exact addresses allowed although private (a test's own receiver), never used in production. */
  allowedAddresses?: string[];
  /** Added to the refusal of a private address in a named field (development: `conduit listen`). */
  privateRefusalHints?: Record<string, string>;
}

export interface UrlGuard {
  /** Refuses (400 naming the field) a URL that is not http(s) or whose host is or resolves to a private address. */
  assertPublicUrl(url: string, field: string, options?: { mayBeUnresolvable?: boolean }): Promise<void>;
  /**
   * Fetches a user-supplied URL on a connection whose address is checked again as it connects:
   * a name that resolved to a public address a moment ago and now resolves to 127.0.0.1 (DNS
   * rebinding) is refused, and redirects are never followed.
   */
  fetch(url: string, field: string, init?: Omit<RequestInit, 'dispatcher' | 'redirect'>): Promise<Response>;
  /**
   * Each input image must be public, reachable, an image and at most 10 MB
   * (docs/product.md, "Public API limits"), before any charge.
   */
  checkInputImages(urls: string[], field: string): Promise<void>;
  /** Closes the kept-alive connections to users' hosts. */
  close(): Promise<void>;
}

class RefusedAddress extends Error {}

export function createUrlGuard(options: UrlGuardOptions = {}): UrlGuard {
  const resolve = options.resolve ?? resolveWithDns;
  const allowed = new Set(options.allowedAddresses ?? []);
  const isRefused = (address: string) =>
    !options.allowPrivate && !allowed.has(address) && isPrivateAddress(address);

  // The socket connects only to addresses this lookup returns, and it returns only public ones.
  const dispatcher = new Agent({
    connect: {
      lookup(hostname, lookupOptions, callback) {
        resolve(hostname).then(
          (addresses) => {
            const refused = addresses.find(isRefused);
            if (refused !== undefined || addresses.length === 0) {
              callback(new RefusedAddress(`${hostname} resolves to a private address`), []);
              return;
            }
            const entries: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
            if ((lookupOptions as { all?: boolean }).all) callback(null, entries);
            else
              (callback as (e: null, a: string, f: number) => void)(
                null,
                entries[0]?.address ?? '',
                entries[0]?.family ?? 4,
              );
          },
          (error: Error) => callback(error, []),
        );
      },
    },
  });

  async function assertPublicUrl(url: string, field: string, check: { mayBeUnresolvable?: boolean } = {}) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ValidationFailed(`${field}: must be an http(s) URL`, field);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ValidationFailed(`${field}: must be an http(s) URL`, field);
    }
    if (parsed.username || parsed.password) {
      throw new ValidationFailed(`${field}: must not carry credentials`, field);
    }
    if (options.allowPrivate) return;
    // The URL parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
    if (addresses.length === 0) {
      if (check.mayBeUnresolvable && !isIP(host)) return;
      throw new ValidationFailed(`${field}: host could not be resolved`, field);
    }
    if (addresses.some(isRefused)) {
      const hint = options.privateRefusalHints?.[field];
      throw new ValidationFailed(`${field}: must be a public address${hint ? `. ${hint}` : ''}`, field);
    }
  }

  async function guardedFetch(
    url: string,
    field: string,
    init: Omit<RequestInit, 'dispatcher' | 'redirect'> = {},
  ) {
    // Literal IP hosts never reach the lookup above: they are checked here, at fetch time too.
    await assertPublicUrl(url, field);
    try {
      return await fetch(url, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        ...init,
        redirect: 'manual',
        ...(options.allowPrivate ? {} : { dispatcher }),
      });
    } catch (error) {
      if ((error as { cause?: unknown }).cause instanceof RefusedAddress) {
        throw new ValidationFailed(`${field}: must be a public address`, field);
      }
      throw error;
    }
  }

  async function checkInputImage(url: string, name: string) {
    const response = await guardedFetch(url, name).catch((error: unknown) => {
      if (error instanceof ValidationFailed) throw error;
      return undefined;
    });
    if (!response?.ok || !response.body) {
      await response?.body?.cancel();
      throw new ValidationFailed(`${name}: the image could not be fetched`, name);
    }
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('image/')) {
      await response.body.cancel();
      throw new ValidationFailed(`${name}: is not an image (${type || 'no content type'})`, name);
    }
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Uint8Array).byteLength;
      if (size > PROVIDER_LIMITS.imageMaxBytes) {
        throw new ValidationFailed(`${name}: images must be at most 10 MB`, name);
      }
    }
  }

  return {
    assertPublicUrl,
    fetch: guardedFetch,
    async checkInputImages(urls, field) {
      await Promise.all(urls.map((url, index) => checkInputImage(url, `${field}.${index}`)));
    },
    close: () => dispatcher.close(),
  };
}
