import { and, eq } from "drizzle-orm";
import type { ControlReader, ControlStore } from "../db/control.ts";
import { apiKeys, memberships, orgs, sites, users } from "../db/control-schema.ts";
import { hashSecret, looksLikeApiKey } from "./api-key.ts";
import { effectivePermissions, isRole, type Permission } from "./permissions.ts";

export interface OrgState {
  id: string;
  plan: string;
  licenceStatus: string;
  disabledFeatures: string[];
  byo: boolean;
  dbUrl: string | null;
}

/** What a request may reach in one org: the scope → permission → licence/feature checks read this. */
export interface AccessScope {
  org: OrgState;
  permissions: Set<Permission>;
  /** Site ids of the org the caller may see. */
  sites: Set<string>;
  /** How the caller proved who they are (messages name it). */
  via: "key" | "session";
}

/** A valid key, resolved to what it may do right now. */
export interface KeyPrincipal extends AccessScope {
  keyId: string;
  userId: string;
  userName: string;
  userEmail: string;
  expiresAt: number | null;
}

export function orgStateOf(org: typeof orgs.$inferSelect): OrgState {
  return {
    id: org.id,
    plan: org.plan,
    licenceStatus: org.licenceStatus,
    disabledFeatures: JSON.parse(org.disabledFeatures) as string[],
    byo: org.dbUrl !== null,
    dbUrl: org.dbUrl,
  };
}

export function orgSiteIds(db: ControlReader, orgId: string): string[] {
  return db.select({ id: sites.id }).from(sites).where(eq(sites.orgId, orgId)).all().map((s) => s.id);
}

/**
 * Resolves bearer keys against control.sqlite, remembered by key hash until the control store
 * changes (in this process or another: ControlStore.memo), so a revoke or role change takes
 * effect at once.
 */
export class KeyResolver {
  constructor(private readonly control: ControlStore) {}

  /** The principal for an Authorization header value, or null (401) for anything not a live key. */
  resolve(authorization: string | null, now: number): KeyPrincipal | null {
    if (!authorization) return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match || !looksLikeApiKey(match[1])) return null;
    const hash = hashSecret(match[1]);
    const principal = this.control.memo(`key:${hash}`, () => this.load(hash));
    if (!principal) return null;
    if (principal.expiresAt !== null && principal.expiresAt <= now) return null;
    return principal;
  }

  private load(hash: string): KeyPrincipal | null {
    const db = this.control.db;
    const key = db.select().from(apiKeys).where(eq(apiKeys.hash, hash)).get();
    if (!key || key.revokedAt !== null) return null;
    const member = db.select().from(memberships).where(and(eq(memberships.orgId, key.orgId), eq(memberships.userId, key.userId))).get();
    // A creator who left the org (or whose role is unknown) disables the key.
    if (!member || !isRole(member.role)) return null;
    const org = db.select().from(orgs).where(eq(orgs.id, key.orgId)).get();
    const user = db.select().from(users).where(eq(users.id, key.userId)).get();
    if (!org || !user) return null;
    const orgSites = orgSiteIds(db, org.id);
    const chosen: string[] | null = key.sites ? (JSON.parse(key.sites) as string[]) : null;
    return {
      keyId: key.id,
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      org: orgStateOf(org),
      via: "key",
      permissions: effectivePermissions(JSON.parse(key.permissions) as string[], member.role),
      sites: new Set(chosen ? orgSites.filter((id) => chosen.includes(id)) : orgSites),
      expiresAt: key.expiresAt,
    };
  }
}
