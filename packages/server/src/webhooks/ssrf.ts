/**
 * The SSRF rule of webhooks (docs/webhooks.md): an endpoint's host must resolve to public addresses
 * only — never loopback, private, link-local, unspecified, CGNAT, multicast or reserved ones, nor the
 * IPv4-mapped IPv6 form of those — unless an administrator set `allow_private` on it. Checked when
 * the endpoint is saved and again before every delivery, and the delivery connects to the address
 * checked (no second lookup a DNS rebinding could answer differently).
 *
 * Classification by `node:net` `BlockList` (no dependency). Ranges: RFC 6890 special-purpose
 * registries (IPv4 and IPv6), RFC 4193 (fc00::/7), RFC 6598 (100.64/10), RFC 4291 (fe80::/10,
 * ::ffff:0:0/96).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** One address a host resolves to. */
export interface ResolvedAddress {
  address: string;
  /** 4 or 6 */
  family: number;
}

/** Resolves a host name to all its addresses (default: `node:dns` `lookup` with `all`). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** `node:dns` `lookup(host, { all: true, verbatim: true })`. */
export const dnsResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address carries, or null. */
function embeddedIpv4(address: string): string | null {
  // The URL parser writes an IPv6 address in its canonical compressed form.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const dotted = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(canonical);
  if (dotted) return dotted[1]!;
  const hex = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True when `address` (an IP literal) is loopback, private, link-local or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const bare = address.split('%')[0]!; // a zone id only goes with link-local addresses
  if (bare !== address) return true;
  const v4 = embeddedIpv4(bare);
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  return blocked.check(bare, 'ipv6');
}

/** Why an endpoint's host was refused. */
export class SsrfError extends Error {
  override readonly name = 'SsrfError';
}

/**
 * The address to connect to for `url`'s host: every address it resolves to must be public unless
 * `allowPrivate`; the first one is returned.
 * @throws SsrfError when the host does not resolve, or resolves to a non-public address without
 *   `allowPrivate`
 */
export async function vetHost(
  url: URL,
  allowPrivate: boolean,
  resolve: HostResolver,
): Promise<ResolvedAddress> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new SsrfError(`the host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new SsrfError(`the host ${host} does not resolve`);
  if (!allowPrivate) {
    const bad = addresses.find((a) => isNonPublicAddress(a.address));
    if (bad) {
      throw new SsrfError(
        `the host ${host} resolves to ${bad.address}, a loopback, private or link-local address; an administrator may allow it with allow_private`,
      );
    }
  }
  return addresses[0]!;
}
