import { signal } from "@preact/signals";
import { api, ApiFailure, sessionEnded } from "./api.ts";
import type { Session } from "../../../lib/api/session-models.ts";

/**
 * The signed-in user, as GET/POST /api/v1/session answer it: the session API's own model
 * (type only: nothing of TypeBox reaches the browser). undefined: not asked yet; null: not signed in.
 */
export type { Session };

export const session = signal<Session | null | undefined>(undefined);

/** Reads the session once per page load; a 401 of any kind leaves it null. */
export async function loadSession(): Promise<Session | null> {
  if (session.value !== undefined) return session.value;
  try {
    session.value = await api<Session>("/session", { quiet: true });
  } catch (error) {
    if (error instanceof ApiFailure && error.code === "SESSION_EXPIRED") sessionEnded.value = true;
    session.value = null;
  }
  return session.value;
}

/** Asks again after a change to the user (two-factor on or off). */
export async function refreshSession(): Promise<Session | null> {
  session.value = undefined;
  return loadSession();
}

export async function signIn(email: string, password: string): Promise<Session> {
  session.value = await api<Session>("/session", { body: { email, password }, quiet: true });
  sessionEnded.value = false;
  return session.value;
}

export async function passSecondFactor(answer: { code: string } | { recoveryCode: string }): Promise<Session> {
  return (session.value = await api<Session>("/session/second-factor", { body: answer, quiet: true }));
}

export async function signOut(): Promise<void> {
  await api<null>("/session", { method: "DELETE", quiet: true }).catch(() => undefined);
  session.value = null;
}

/** Where a fresh session goes next: the second factor, the e-mail check, or the page asked for. */
export function afterSignIn(current: Session, next: string | null): string {
  // An org that requires two-factor sends a member who has none yet to set it up (the account page).
  if (current.twoFactorRequired) return current.user.twoFactorEnabled ? `/sign-in/second-factor${next ? `?next=${encodeURIComponent(next)}` : ""}` : "/account";
  if (!current.user.emailVerified) return "/check-email";
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/";
}
