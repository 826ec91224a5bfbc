import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * The guard against server-side request forgery (docs/integrations.md): an endpoint's host is resolved when a
 * delivery is sent, and refused when any of its addresses is loopback, private, link-local, multicast, CGNAT,
 * reserved or the cloud metadata address, in IPv4 or IPv6 (IPv4-mapped IPv6 checked as its IPv4), unless it lies in
 * a range the operator allows (WEBHOOK_ALLOWED_RANGES). The delivery then connects to the address checked.
 */
const REFUSED_V4 = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the metadata address 169.254.169.254 among them
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, the broadcast address among them
] as const;
const REFUSED_V6 = [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: an IPv4 address behind it
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10],
  ["ff00::", 8], // multicast
] as const;

const refused = new BlockList();
for (const [address, prefix] of REFUSED_V4) refused.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of REFUSED_V6) refused.addSubnet(address, prefix, "ipv6");

/** An address refused, with the endpoint's host: the delivery's error says so. */
export class RefusedAddress extends Error {}

/** An IPv4-mapped IPv6 address's IPv4 address (`::ffff:10.0.0.1`, `::ffff:a00:1`); null for any other. */
function mappedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

export class AddressGuard {
  private readonly allowed = new BlockList();

  /** `allowedRanges`: CIDRs (or single addresses) allowed although refused above, comma-separated. */
  constructor(allowedRanges: string) {
    for (const range of allowedRanges
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [address = "", prefix] = range.split("/");
      const family = isIP(address);
      if (family === 0) throw new Error(`WEBHOOK_ALLOWED_RANGES: ${range} is no address range`);
      const type = family === 4 ? "ipv4" : "ipv6";
      this.allowed.addSubnet(
        address,
        prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix),
        type,
      );
    }
  }

  /** Whether an address may be connected to. */
  permits(address: string): boolean {
    const v4 = isIP(address) === 6 ? mappedV4(address) : address;
    if (v4 !== null && isIP(v4) === 4) {
      return this.allowed.check(v4, "ipv4") || !refused.check(v4, "ipv4");
    }
    if (isIP(address) !== 6) return false;
    return this.allowed.check(address, "ipv6") || !refused.check(address, "ipv6");
  }

  /** The host's address to connect to: every address it resolves to must be permitted (RefusedAddress if not). */
  async resolve(host: string): Promise<{ address: string; family: 4 | 6 }> {
    const bare = host.startsWith("[") ? host.slice(1, -1) : host;
    const found =
      isIP(bare) !== 0
        ? [{ address: bare, family: isIP(bare) as 4 | 6 }]
        : ((await lookup(bare, { all: true, verbatim: true })) as { address: string; family: 4 | 6 }[]);
    const bad = found.find((entry) => !this.permits(entry.address));
    if (bad)
      throw new RefusedAddress(`${host} resolves to ${bad.address}, an address webhooks may not reach`);
    const [first] = found;
    if (!first) throw new RefusedAddress(`${host} resolves to no address`);
    return first;
  }
}
