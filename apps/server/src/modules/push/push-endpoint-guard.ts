import { lookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (RFC 4291 section 2.4): everything a public push service can live on. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is one the server may post to: a public unicast address, as classified by
 * ipaddr.js (IANA's special-purpose registries). Push endpoints come from browsers, that is from
 * anyone, so the server must never be made to post into its own network.
 *
 * IPv4: only ipaddr.js's `unicast` range (not loopback, private, shared/CGNAT, link-local with
 * the cloud metadata at 169.254.169.254, unspecified, broadcast, multicast, reserved and
 * documentation ranges). IPv6: the IPv4-mapped form (::ffff:a.b.c.d) is judged by its IPv4
 * address; anything else must be `unicast` inside 2000::/3. That refuses every form that embeds
 * an IPv4 address a relay or translator would turn into a private one: IPv4-compatible
 * (::127.0.0.1 = ::7f00:1), IPv4-translated (::ffff:0:7f00:1), 6to4 (2002::/16), Teredo
 * (2001::/32), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), along with loopback, unique-local, link-local,
 * multicast, documentation and the other special ranges. No push service uses any of them.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv4) return parsed.range() === 'unicast';
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().range() === 'unicast';
  return parsed.range() === 'unicast' && parsed.match(GLOBAL_UNICAST_V6);
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
 * subscription was stored (DNS rebinding) still cannot be reached. `resolver` is for tests.
 */
export function guardedLookup(allowPrivate: boolean, resolver: typeof lookup = lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
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
