import ipaddr from "ipaddr.js";
import { lookup } from "node:dns/promises";

/**
 * Which addresses an outbound webhook may reach (the SSRF guard). A customer names the target
 * URL, so without a guard a webhook could make the server post to itself, to its network's
 * private services or to a cloud metadata endpoint. Only public unicast addresses pass, unless
 * the operator allows private targets (WEBHOOK_ALLOW_PRIVATE=1).
 */

export interface TargetAddress {
  address: string;
  family: 4 | 6;
}

export type ResolvedTarget = { ok: true; addresses: TargetAddress[] } | { ok: false; reason: string };

/** Resolves a host name to all its addresses (node:dns lookup, as the connection would). */
export type Resolver = (host: string) => Promise<TargetAddress[]>;

export const dnsResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** How the ranges read in a refusal. */
const RANGE_WORDS: Record<string, string> = {
  private: "private",
  loopback: "loopback",
  linkLocal: "link-local",
  uniqueLocal: "unique-local",
  carrierGradeNat: "carrier-grade NAT",
  multicast: "multicast",
  unspecified: "unspecified",
  broadcast: "broadcast",
  reserved: "reserved",
  ipv4Compatible: "IPv4-compatible",
};

/**
 * Why an address may not be a webhook target, or null when it may: every range but public
 * unicast is refused (private, loopback, link-local, unique-local, carrier-grade NAT,
 * multicast, unspecified, reserved, documentation, 6to4/Teredo/NAT64 that embed IPv4…).
 * An IPv4-mapped IPv6 address is judged as the IPv4 address it maps.
 */
export function addressProblem(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(text)) return "is not an IP address";
  const ip = ipaddr.process(text);
  let range: string = ip.range();
  // ::a.b.c.d (the deprecated IPv4-compatible form) is "unicast" to ipaddr.js.
  if (range === "unicast" && ip.kind() === "ipv6" && (ip as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) range = "ipv4Compatible";
  if (range === "unicast") return null;
  const words = RANGE_WORDS[range] ?? range;
  return `${/^[aeiouAEIOU]/.test(words) ? "an" : "a"} ${words} address`;
}

/**
 * The addresses a delivery may connect to: a literal IP as it is, a name resolved to all its
 * addresses. Any refused address refuses the target (a name with one private address could
 * be made to use it). The connection is then made to these very addresses, so a second
 * lookup cannot answer differently (DNS rebinding). `setting` names the operator's switch in
 * a refusal (the cookie scanner has its own).
 */
export async function resolveTarget(url: URL, allowPrivate: boolean, resolve: Resolver = dnsResolver, setting = "WEBHOOK_ALLOW_PRIVATE"): Promise<ResolvedTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = ipaddr.isValid(host);
  const addresses: TargetAddress[] = literal ? [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }] : await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (allowPrivate) return { ok: true, addresses };
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem) {
      const what = literal ? `${host} is ${problem}` : `${host} resolves to ${address}, ${problem}`;
      return { ok: false, reason: `${what}: refused (${setting}=1 allows private targets)` };
    }
  }
  return { ok: true, addresses };
}
