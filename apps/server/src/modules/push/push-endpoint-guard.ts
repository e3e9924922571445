import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Push endpoints come from browsers, that is from anyone: the server must never be made to post
 * into its own network. Refused: loopback, private, shared (CGNAT), link-local (cloud metadata at
 * 169.254.169.254), unspecified, multicast, reserved and documentation ranges, NAT64 prefixes and
 * IPv4-mapped IPv6 forms of all these.
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
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one the server may post to (a public unicast address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
    // The IPv4-compatible form (::a.b.c.d) is deprecated; nothing public uses it.
    if (/^::\d+\.\d+\.\d+\.\d+$/.test(address)) return false;
    return !BLOCKED.check(address, 'ipv6');
  }
  return !BLOCKED.check(address, 'ipv4');
}

export class BlockedEndpointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedEndpointError';
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What can be told of an endpoint without DNS: https (http only when private endpoints are allowed,
 * for tests), no credentials, and a literal IP host public. Runs at subscribe time and again before
 * every delivery, because a connection to a literal IP never calls guardedLookup (Node skips the
 * lookup for IP hosts), so a stored row with a private literal would otherwise be reached.
 */
export function checkEndpointUrl(endpoint: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new BlockedEndpointError('The endpoint is not a URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new BlockedEndpointError('The endpoint must use https');
  if (url.username || url.password) throw new BlockedEndpointError('The endpoint must not carry credentials');
  const host = hostOf(url);
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw new BlockedEndpointError('The endpoint must be a public address');
  return url;
}

/**
 * Checks an endpoint before it is stored: checkEndpointUrl, then every address its host name
 * resolves to public. Throws BlockedEndpointError with a reason.
 */
export async function checkEndpoint(endpoint: string, allowPrivate: boolean): Promise<URL> {
  const url = checkEndpointUrl(endpoint, allowPrivate);
  if (allowPrivate) return url;
  const host = hostOf(url);
  if (isIP(host)) return url;
  const addresses = await resolveAll(host);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new BlockedEndpointError('The endpoint must be a public address');
  }
  return url;
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve) => {
    try {
      lookup(host, { all: true }, (error, addresses) => resolve(error ? [] : addresses.map((entry) => entry.address)));
    } catch {
      resolve([]); // a name the resolver refuses outright resolves to nothing, so it is refused
    }
  });
}

/**
 * A DNS lookup for the delivery's own connection that refuses non-public answers: the address
 * checked is the address connected to, so a name re-pointed at an internal host after the
 * subscription was stored (DNS rebinding) still cannot be reached.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = allowPrivate ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
      if (allowed.length === 0 || (!allowPrivate && allowed.length !== addresses.length)) {
        return callback(
          Object.assign(new BlockedEndpointError(`${hostname} resolves to a non-public address`), { code: 'EBLOCKED' }),
          '',
          0,
        );
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
