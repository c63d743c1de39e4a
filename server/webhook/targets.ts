import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * Where a webhook may go (SSRF safety): http(s) only, and never to an address of the
 * server's own network (loopback, private, link-local, unique-local, CGNAT, multicast,
 * unspecified, and the documentation and benchmark ranges) unless the operator allows it
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS). Checked when a URL is saved, and again at each
 * delivery on the addresses the connection then uses (safeLookup), so a host name that
 * resolves elsewhere later (DNS rebinding) is refused too.
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
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside, which may be private
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  // BlockList matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) by its IPv4 rules.
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
