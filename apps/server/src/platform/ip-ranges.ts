import { BlockList, isIP } from 'node:net';

/**
 * An IPv4 or IPv6 address, or a CIDR range (`203.0.113.0/24`, `2001:db8::/32`), normalised to
 * lower case; undefined when it is neither. PostgreSQL's `inet` reads the result as it is.
 */
export function parseIpRange(text: string): string | undefined {
  const [address = '', prefix, ...rest] = text.trim().toLowerCase().split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  if (prefix === undefined) return address;
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return undefined;
  return `${address}/${bits}`;
}

/** An IPv4 address as Node reports it on a dual-stack socket (`::ffff:1.2.3.4`) becomes `1.2.3.4`. */
export function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Block lists already built, by the list they were built from (a cached key identity's). */
const built = new WeakMap<readonly string[], BlockList>();

function blockListOf(ranges: readonly string[]): BlockList {
  let list = built.get(ranges);
  if (list) return list;
  list = new BlockList();
  for (const range of ranges) {
    const [base = '', prefix] = range.split('/');
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(prefix), type);
  }
  built.set(ranges, list);
  return list;
}

/**
 * Whether `ip` is one of the addresses or inside one of the ranges (as parseIpRange wrote them).
 * The block list is built once per list object, not on every call.
 */
export function ipInRanges(ip: string, ranges: readonly string[]): boolean {
  const address = plainIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return blockListOf(ranges).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Fastify's `trustProxy` from TRUST_PROXY: unset or empty trusts no proxy (the socket's address is
 * the client's); a whole number trusts that many hops of X-Forwarded-For; otherwise a comma list of
 * addresses and CIDR ranges of the proxies to trust.
 */
export function trustProxyOption(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  const text = value?.trim() ?? '';
  if (text === '') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text.split(',').map((part) => part.trim());
}
