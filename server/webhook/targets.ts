import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * Where a webhook may go (SSRF safety): http(s) only, and never to an address of the
 * server's own network (loopback, private, link-local, unique-local, CGNAT, multicast,
 * unspecified, and the documentation and benchmark ranges) unless the operator allows it
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS). Checked when a URL is saved, and again at each
 * delivery on the addresses the connection then uses (safeLookup), so a host name that
 * resolves elsewhere later (DNS rebinding) is refused too. An IPv6 address that carries an
 * IPv4 one (`[::127.0.0.1]`, `[::ffff:a9fe:a9fe]`, NAT64 `[64:ff9b::10.0.0.1]`) is judged
 * by the IPv4 address too (isPublicAddress); the deprecated forms that embed one
 * (compatible, translated, 6to4, Teredo) are refused whatever they carry.
 */
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  // IPv4-compatible (::a.b.c.d, deprecated; :: and ::1 among them): routed into a tunnel
  // to the IPv4 address inside on some systems, never a receiver of its own.
  ['::', 96],
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): an IPv4 address inside
  ['64:ff9b:1::', 48], // NAT64 for local use: the IPv4 address sits where the network says
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: a tunnel to the IPv4 addresses inside (one of them obfuscated)
  ['2001:2::', 48], // benchmarking
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (deprecated): a tunnel to the IPv4 address inside
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/**
 * True when `address` (an IP literal) is a public unicast address. An IPv6 address that
 * carries an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, translated
 * ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::, Teredo) is judged by
 * that IPv4 address as well, whichever way it is written (`::7f00:1` is `::127.0.0.1`):
 * the address is read into its eight 16-bit words first, so no spelling slips past a
 * text pattern. Zone ids (`fe80::1%eth0`) are dropped before.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, 'ipv4');
  const words = ipv6Words(address);
  if (!words) return false;
  const canonical = words.map((word) => word.toString(16)).join(':');
  if (blocked.check(canonical, 'ipv6')) return false;
  return embeddedIPv4(words).every((inside) => !blocked.check(inside, 'ipv4'));
}

/**
 * The eight 16-bit words of an IPv6 literal (already checked by net.isIP), a trailing
 * dotted quad and `::` expanded.
 * @example ipv6Words('::127.0.0.1') // [0, 0, 0, 0, 0, 0, 0x7f00, 1]
 */
export function ipv6Words(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (half: string | undefined) => (half ? half.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const gap = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (gap < 0) return undefined;
  const words = [...head, ...Array<string>(gap).fill('0'), ...tail].map((word) =>
    Number.parseInt(word, 16),
  );
  return words.length === 8 && words.every((word) => word >= 0 && word <= 0xffff)
    ? words
    : undefined;
}

const ipv4 = (high: number, low: number) =>
  [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
const zero = (words: number[]) => words.every((word) => word === 0);

/**
 * The IPv4 addresses an IPv6 address carries, by the well-known prefixes that embed one
 * (RFC 4291 mapped and compatible, RFC 6145 translated, RFC 6052 NAT64, RFC 3056 6to4,
 * RFC 4380 Teredo's server and, inverted, its client); none for any other address.
 */
export function embeddedIPv4(words: number[]): string[] {
  const [w0, w1, w2, w3, w4, w5, w6, w7] = words as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (zero(words.slice(0, 5)) && w5 === 0xffff) return [ipv4(w6, w7)]; // ::ffff:a.b.c.d
  if (zero(words.slice(0, 4)) && w4 === 0xffff && w5 === 0) return [ipv4(w6, w7)]; // ::ffff:0:a.b.c.d
  if (zero(words.slice(0, 6))) return [ipv4(w6, w7)]; // ::a.b.c.d
  if (w0 === 0x64 && w1 === 0xff9b && zero(words.slice(2, 6))) return [ipv4(w6, w7)];
  if (w0 === 0x2002) return [ipv4(w1, w2)];
  if (w0 === 0x2001 && w1 === 0) return [ipv4(w2, w3), ipv4(w6 ^ 0xffff, w7 ^ 0xffff)];
  return [];
}

/** Why a URL cannot be a webhook target (a sentence for the coach), or undefined. */
export async function targetProblem(
  text: string,
  allowPrivate: boolean,
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full URL such as https://example.com/webhooks.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The URL must start with https:// or http://.';
  if (url.username || url.password)
    return 'The URL may not carry a user name or password; use the signature to authenticate.';
  if (allowPrivate) return undefined;
  const host = hostOf(url);
  if (net.isIP(host) !== 0) {
    return isPublicAddress(host) ? undefined : privateMessage(host);
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return `The host ${host} could not be found.`;
  }
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  return refused ? privateMessage(host, refused.address) : undefined;
}

/** The URL's host as a name or a bare IP (without IPv6's brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function privateMessage(host: string, address?: string): string {
  const where = address && address !== host ? `${host} (${address})` : host;
  return `The URL points at ${where}, a loopback, private or link-local address; webhooks go to public addresses only.`;
}

/** An error of a refused address at delivery: the attempt fails with this message. */
export class RefusedTargetError extends Error {
  override name = 'RefusedTargetError';
}

/**
 * A `lookup` for node's http(s) request that resolves the host and refuses it when any
 * of its addresses is not public: the socket then connects to the very address checked,
 * so nothing can swap it in between.
 */
export const safeLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const list = addresses as unknown as dns.LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0) {
      callback(
        new RefusedTargetError(
          refused ? privateMessage(hostname, refused.address) : `${hostname} has no address`,
        ),
        '',
        0,
      );
      return;
    }
    if (options.all) {
      (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    } else callback(null, list[0]!.address, list[0]!.family);
  });
};
