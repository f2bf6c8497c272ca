import dns from 'node:dns';
import net from 'node:net';

/**
 * Where a webhook may go (docs/decisions/0043): only public addresses. Loopback is allowed only by
 * WEBHOOKS_ALLOW_LOOPBACK (tests, a developer's receiver); private, link-local (cloud metadata),
 * multicast and reserved ranges never are. Names are resolved and every address checked, at
 * registration and again at each delivery, and the delivery connects to the address checked.
 */

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const NEVER = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
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
  NEVER.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NEVER.addSubnet(address, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:10.0.0.1), if any. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Why an address may not be the target of a webhook, or null when it may. */
export function addressRefusal(address: string, allowLoopback: boolean): string | null {
  const family = net.isIP(address);
  if (family === 0) return 'not an IP address';
  const v4 = family === 6 ? embeddedIpv4(address) : undefined;
  if (v4) return addressRefusal(v4, allowLoopback);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return allowLoopback ? null : 'a loopback address';
  if (NEVER.check(address, type)) return 'a private, link-local or reserved address';
  return null;
}

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The system resolver, every address of the name. */
export const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export class TargetRefused extends Error {}

/**
 * The address to connect to for `hostname` (a name, or an IP literal, bracketed or not): every
 * address the name resolves to must be allowed (so one public answer cannot hide a private one).
 */
export async function resolveTarget(
  hostname: string,
  allowLoopback: boolean,
  lookup: LookupAll = systemLookup,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(bare);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: bare, family: literal }];
  else {
    try {
      addresses = await lookup(bare);
    } catch {
      throw new TargetRefused(`the host name ${bare} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new TargetRefused(`the host name ${bare} does not resolve`);
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, allowLoopback);
    if (refusal) throw new TargetRefused(`${bare} resolves to ${refusal}`);
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
