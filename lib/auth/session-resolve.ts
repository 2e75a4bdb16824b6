import { and, eq } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { memberships, orgs } from "../db/control-schema.ts";
import { ApiError, notFound } from "../errors.ts";
import { ROLE_PERMISSIONS, isRole } from "./permissions.ts";
import { orgSiteIds, orgStateOf, type AccessScope } from "./resolve.ts";
import { lookUpSession, SESSION_COOKIE, touchSession, type LiveSession } from "./sessions.ts";
import { checkOrigin, checkSessionRules, type SessionCallKind } from "./session-rules.ts";
import { sessionState, userOrgs } from "./session-view.ts";

/** The dashboard's session cookie in a Cookie header, if sent (taken as is: our values are base64url, nothing to decode). */
export function sessionCookie(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt > 0 && part.slice(0, eqAt).trim() === SESSION_COOKIE) return part.slice(eqAt + 1).trim();
  }
  return undefined;
}

/** The live session a cookie names: none → 401 UNAUTHENTICATED; ended or revoked → 401 SESSION_EXPIRED. */
export function liveSession(platform: Platform, token: string | undefined): LiveSession {
  const found = lookUpSession(platform.control, token, platform.now(), platform.settings);
  if (found.status === "none") throw new ApiError("UNAUTHENTICATED", "Sign in first (POST /api/v1/session), or send an API key");
  if (found.status === "expired") throw new ApiError("SESSION_EXPIRED", "The session has ended (idle, too old, or signed out): sign in again");
  return found.live;
}

/**
 * A session call's checks, in DESIGN 12's order: the session itself, the Origin of a
 * state-changing call (CSRF), the second factor and the e-mail; then the idle clock moves on.
 */
export function admitSession(platform: Platform, token: string | undefined, call: { method: string; origin: string | null; kind: SessionCallKind }): LiveSession {
  const live = liveSession(platform, token);
  checkOrigin(call.method, call.origin, platform.settings.publicUrl);
  checkSessionRules(sessionState(live, userOrgs(platform.control.db, live.user.id)), call.kind);
  return touchSession(platform.control, live, platform.now(), platform.settings);
}

/** A session on a read route: the user's role in the path's org (not a member → 404), every site of it. */
export function sessionScope(platform: Platform, live: LiveSession, orgId: string | undefined): AccessScope {
  if (orgId === undefined) throw notFound();
  // Remembered until control data changes, as a key's principal is (lib/auth/resolve.ts): a role change or removal is a write.
  const scope = platform.control.memo(`sessionScope:${live.user.id}:${orgId}`, (): AccessScope | null => {
    const db = platform.control.db;
    const member = db.select().from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, live.user.id))).get();
    const org = member && db.select().from(orgs).where(eq(orgs.id, member.orgId)).get();
    if (!member || !org || !isRole(member.role)) return null;
    return { org: orgStateOf(org), permissions: new Set(ROLE_PERMISSIONS[member.role]), sites: new Set(orgSiteIds(db, org.id)), via: "session" };
  });
  if (scope === null) throw notFound();
  return scope;
}
