import { randomBytes } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { ControlDb, ControlStore } from "../db/control.ts";
import { userSessions, users } from "../db/control-schema.ts";
import type { Settings } from "../config.ts";
import { hashSecret } from "./api-key.ts";

/** The dashboard's cookie; its value is 256 random bits, base64url. */
export const SESSION_COOKIE = "tm_session";
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** Last-seen is written at most this often: a write per call would churn the control store. */
export const TOUCH_EVERY_MS = 60_000;

export type SessionRow = typeof userSessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionLimits = Pick<Settings, "sessionIdleMinutes" | "sessionMaxHours">;

export interface LiveSession {
  session: SessionRow;
  user: UserRow;
  idleExpiresAt: number;
  expiresAt: number;
}

/** No cookie or an unknown one (401 UNAUTHENTICATED), or one that ended (401 SESSION_EXPIRED). */
export type SessionLookup = { status: "live"; live: LiveSession } | { status: "none" } | { status: "expired" };

export const sessionIdOf = (token: string) => hashSecret(token);

export function createSession(control: ControlStore, input: { userId: string; ip: string | null; userAgent: string | null; now: number }): { token: string; id: string } {
  const token = randomBytes(32).toString("base64url");
  const id = sessionIdOf(token);
  control.write((db) =>
    db.insert(userSessions).values({ id, userId: input.userId, createdAt: input.now, lastSeenAt: input.now, ip: input.ip, userAgent: input.userAgent?.slice(0, 400) ?? null }).run(),
  );
  return { token, id };
}

export function sessionEnds(session: Pick<SessionRow, "createdAt" | "lastSeenAt">, limits: SessionLimits): { idleExpiresAt: number; expiresAt: number } {
  const expiresAt = session.createdAt + limits.sessionMaxHours * 3_600_000;
  return { idleExpiresAt: Math.min(expiresAt, session.lastSeenAt + limits.sessionIdleMinutes * 60_000), expiresAt };
}

/** The session a cookie value names, and whether it is still live at `now`. */
export function lookUpSession(control: ControlStore, token: string | undefined | null, now: number, limits: SessionLimits): SessionLookup {
  if (!token || !TOKEN_RE.test(token)) return { status: "none" };
  const db = control.db;
  const session = db.select().from(userSessions).where(eq(userSessions.id, sessionIdOf(token))).get();
  if (!session) return { status: "none" };
  const user = db.select().from(users).where(eq(users.id, session.userId)).get();
  if (!user) return { status: "none" };
  const ends = sessionEnds(session, limits);
  if (session.revokedAt !== null || now >= ends.idleExpiresAt) return { status: "expired" };
  return { status: "live", live: { session, user, ...ends } };
}

/** Moves the idle deadline on (at most one write a minute per session). */
export function touchSession(control: ControlStore, live: LiveSession, now: number, limits: SessionLimits): LiveSession {
  if (now - live.session.lastSeenAt < TOUCH_EVERY_MS) return live;
  control.write((db) => db.update(userSessions).set({ lastSeenAt: now }).where(eq(userSessions.id, live.session.id)).run());
  const session = { ...live.session, lastSeenAt: now };
  return { ...live, session, ...sessionEnds(session, limits) };
}

export function markSecondFactor(control: ControlStore, sessionId: string, now: number): void {
  control.write((db) => db.update(userSessions).set({ secondFactorAt: now, lastSeenAt: now }).where(eq(userSessions.id, sessionId)).run());
}

/** The session enrolled the user's authenticator: no second factor is missing, but no step-up either. */
export function markEnrolment(control: ControlStore, sessionId: string, now: number): void {
  control.write((db) => db.update(userSessions).set({ enrolledAt: now, lastSeenAt: now }).where(eq(userSessions.id, sessionId)).run());
}

export function revokeSession(control: ControlStore, sessionId: string, now: number): void {
  control.write((db) => db.update(userSessions).set({ revokedAt: now }).where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt))).run());
}

/** Ends every live session of a user, but `keep` (the one that asked, after a password change). */
export function revokeUserSessions(db: ControlDb, userId: string, now: number, keep?: string): void {
  const mine = and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt));
  db.update(userSessions).set({ revokedAt: now }).where(keep ? and(mine, ne(userSessions.id, keep)) : mine).run();
}

/** The session cookie's Set-Cookie value for a value and lifetime: HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https. */
const cookieHeader = (value: string, maxAgeSeconds: number, settings: Pick<Settings, "publicUrl">) =>
  `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${settings.publicUrl.startsWith("https:") ? "; Secure" : ""}`;

/** The Set-Cookie value of a new session, for the absolute lifetime. */
export function sessionCookieHeader(token: string, settings: SessionLimits & Pick<Settings, "publicUrl">): string {
  return cookieHeader(token, settings.sessionMaxHours * 3600, settings);
}

/** The Set-Cookie value that makes the browser forget the session. */
export function clearedSessionCookie(settings: Pick<Settings, "publicUrl">): string {
  return cookieHeader("", 0, settings);
}
