import { and, eq, ne } from "drizzle-orm";
import { Resolver } from "node:dns/promises";
import { randomBytes } from "node:crypto";
import { domains } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { newId } from "../ids.ts";
import type { Platform } from "../platform.ts";
import { auditAdmin } from "./audit-admin.ts";
import { hostname, idFlag, orgById, siteById } from "./validate.ts";
import { domainCovers } from "../sites/domain-covers.ts";

export const newDomainToken = () => randomBytes(16).toString("hex");

/** The DNS record that proves ownership: TXT `_tidemark.<host>` = `tidemark-verify=<token>`. */
export const verificationRecord = (host: string, token: string) => ({ name: `_tidemark.${host}`, value: `tidemark-verify=${token}` });

export async function addDomain(platform: Platform, input: { site?: unknown; hostname?: unknown; includeSubdomains?: unknown; primary?: unknown }) {
  const db = platform.control.db;
  const site = siteById(db, idFlag(input.site, "--site"));
  const host = hostname(input.hostname, "--hostname");
  if (db.select().from(domains).where(and(eq(domains.siteId, site.id), eq(domains.hostname, host))).get()) {
    throw new ApiError("CONFLICT", `${host} is already a domain of this site`, [{ path: "--hostname", message: "already added" }]);
  }
  const id = newId();
  const token = newDomainToken();
  const primary = input.primary === true;
  platform.control.write((db) => {
    if (primary) db.update(domains).set({ isPrimary: false }).where(eq(domains.siteId, site.id)).run();
    db.insert(domains).values({ id, siteId: site.id, orgId: site.orgId, hostname: host, isPrimary: primary, includeSubdomains: input.includeSubdomains === true, token, createdAt: platform.now() }).run();
  });
  await auditAdmin(platform, orgById(db, site.orgId), { action: "domain.added", label: `Domain ${host} added`, target: { type: "domain", id }, meta: { siteId: site.id, hostname: host } });
  return { id, token, status: "pending", record: verificationRecord(host, token) };
}

/** Another org's verified claim on this host (exactly, or through a parent that includes subdomains). */
function claimedElsewhere(platform: Platform, orgId: string, host: string): boolean {
  const verified = platform.control.db.select().from(domains).where(and(eq(domains.status, "verified"), ne(domains.orgId, orgId))).all();
  return verified.some((d) => domainCovers(d, host));
}

async function dnsProves(host: string, token: string): Promise<{ ok: boolean; reason?: string }> {
  const { name, value } = verificationRecord(host, token);
  try {
    // Bounded, so an unreachable resolver cannot hang the CLI.
    const records = await new Resolver({ timeout: 3000, tries: 2 }).resolveTxt(name);
    return records.some((chunks) => chunks.join("") === value) ? { ok: true } : { ok: false, reason: `TXT ${name} does not contain ${value}` };
  } catch (error) {
    return { ok: false, reason: `TXT ${name} not found (${(error as { code?: string }).code ?? "lookup failed"})` };
  }
}

/** `domain verify`: DNS TXT proof, or `--force` (operator override, recorded as not strong). */
export async function verifyDomain(platform: Platform, input: { site?: unknown; hostname?: unknown; force?: unknown }) {
  const db = platform.control.db;
  const site = siteById(db, idFlag(input.site, "--site"));
  const host = hostname(input.hostname, "--hostname");
  const domain = db.select().from(domains).where(and(eq(domains.siteId, site.id), eq(domains.hostname, host))).get();
  if (!domain) throw new ApiError("NOT_FOUND", `${host} is not a domain of this site (add it first)`, [{ path: "--hostname", message: "not found" }]);
  if (claimedElsewhere(platform, site.orgId, host)) {
    throw new ApiError("DOMAIN_ALREADY_CLAIMED", `${host} is verified by another organization`, [{ path: "--hostname", message: "claimed by another organization" }]);
  }
  const force = input.force === true;
  const proof = force ? { ok: true } : await dnsProves(host, domain.token);
  const status = proof.ok ? "verified" : "failed";
  platform.control.write((db) =>
    db
      .update(domains)
      .set(proof.ok ? { status, strong: !force, verifiedAt: platform.now() } : { status })
      .where(eq(domains.id, domain.id))
      .run(),
  );
  await auditAdmin(platform, orgById(db, site.orgId), {
    action: proof.ok ? "domain.verified" : "domain.verification_failed",
    label: `Domain ${host} ${proof.ok ? (force ? "verified by operator override" : "verified by DNS") : "not verified"}`,
    target: { type: "domain", id: domain.id },
    meta: { hostname: host, force, ...(proof.reason ? { reason: proof.reason } : {}) },
  });
  return proof.ok ? { id: domain.id, status } : { id: domain.id, status, reason: proof.reason };
}
