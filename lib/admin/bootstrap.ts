import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { orgs, users } from "../db/control-schema.ts";
import { generatePassword, hashPassword } from "../auth/passwords.ts";
import type { Platform } from "../platform.ts";
import { DEFAULT_OWNER_EMAIL } from "../config.ts";
import { createOrg } from "./orgs.ts";
import { createUser } from "./users.ts";
import { createSite } from "./sites.ts";
import { verifyDomain } from "./domains.ts";
import { createKey } from "./keys.ts";

export interface Bootstrap {
  orgId: string;
  userId: string;
  siteId: string;
  siteKey: string;
  keyId: string;
  key: string;
  /** The owner's dashboard sign-in: OWNER_EMAIL (owner@localhost unless set) and a generated one-time password. */
  ownerEmail: string;
  ownerPassword: string;
  createdAt: string;
}

/**
 * On an empty store: one org, its owner (OWNER_EMAIL, with a generated dashboard password; the
 * default address has no mailbox and counts as verified, a real one is verified by the link its
 * first sign-in mails), a site for localhost with a verified domain and an
 * all-permission key — written to DATA_DIR/bootstrap.json (0600) and returned once.
 * Returns null when the store already has an organization.
 */
export async function bootstrapIfEmpty(platform: Platform): Promise<Bootstrap | null> {
  const [{ n }] = platform.control.db.select({ n: count() }).from(orgs).all();
  if (n > 0) return null;
  const org = await createOrg(platform, { name: "My organization" });
  const user = await createUser(platform, { org: org.id, name: "Owner", email: platform.settings.ownerEmail, role: "owner" });
  const site = await createSite(platform, { org: org.id, name: "localhost", domain: "localhost" });
  await verifyDomain(platform, { site: site.id, hostname: "localhost", force: true });
  const key = await createKey(platform, { org: org.id, user: user.id, perms: "all", sites: "all", expires: "never", name: "bootstrap" });
  const ownerPassword = generatePassword();
  const passwordHash = await hashPassword(ownerPassword, platform.settings);
  const verifiedAt = platform.settings.ownerEmail === DEFAULT_OWNER_EMAIL ? platform.now() : null;
  platform.control.write((db) => db.update(users).set({ passwordHash, emailVerifiedAt: verifiedAt }).where(eq(users.id, user.id)).run());
  const result: Bootstrap = {
    orgId: org.id,
    userId: user.id,
    siteId: site.id,
    siteKey: site.siteKey,
    keyId: key.id,
    key: key.key,
    ownerEmail: platform.settings.ownerEmail,
    ownerPassword,
    createdAt: new Date(platform.now()).toISOString(),
  };
  const file = join(platform.settings.dataDir, "bootstrap.json");
  writeFileSync(file, JSON.stringify(result, null, 2) + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return result;
}
