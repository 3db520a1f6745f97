import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Every range a user-supplied URL must not reach (SSRF): "this network", private, loopback,
 * link-local (cloud metadata at 169.254.169.254), CGNAT (Alibaba's metadata at 100.100.100.200),
 * benchmarking, documentation, multicast, reserved and broadcast; IPv6 loopback, unique-local
 * (AWS metadata at fd00:ec2::254), link- and site-local, multicast, documentation, discard,
 * IPv4-translated and local-use NAT64.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-translated (RFC 2765, SIIT: ::ffff:0:a.b.c.d) and local-use NAT64 (RFC 8215): both
  // reach an IPv4 address through a translator, wherever in the address it is carried.
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48],
  // The rest of 64:ff9b::/16, which no public service uses: NAT64's well-known prefix carries a
  // public IPv4 address, judged by that address before this list is read.
  ['64:ff9b::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad expanded). */
function ipv6Bytes(address: string): number[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [Number.parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const left = groups(head);
  const right = groups(tail);
  const words =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

/**
 * The IPv4 address an IPv6 address carries and routes to: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::) and Teredo
 * (2001:0::, the client address stored inverted). Each would otherwise smuggle 127.0.0.1 past
 * an IPv6-only check.
 */
export function embeddedIPv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  const quad = (at: number, invert = 0) =>
    bytes
      .slice(at, at + 4)
      .map((byte) => byte ^ invert)
      .join('.');
  const isZero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (isZero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(12);
  if (isZero(0, 12) && !isZero(12, 16)) return quad(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && isZero(4, 12)) {
    return quad(12);
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(2);
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0) return quad(12, 0xff);
  return undefined;
}

/** True for an address no user-supplied URL may reach; anything that is not an IP address is refused too. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return BLOCKED.check(bare, 'ipv4');
  if (!isIPv6(bare)) return true;
  const inner = embeddedIPv4(bare);
  if (inner !== undefined) return BLOCKED.check(inner, 'ipv4');
  return BLOCKED.check(bare, 'ipv6');
}
