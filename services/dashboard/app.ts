import { Elysia, t } from "elysia";
import { bodiesWithoutDefaults, SERVICE_CONFIG } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  EmailTokenBody,
  EmailVerified,
  PasswordChangeBody,
  PasswordProofBody,
  RecoveryCodes,
  SecondFactorBody,
  Session,
  SignInBody,
  TwoFactorConfirmBody,
  TwoFactorEnrolment,
} from "../../lib/api/session-models.ts";
import { liveSession } from "../../lib/auth/session-resolve.ts";
import { clearedSessionCookie, revokeSession, sessionCookieHeader, type LiveSession } from "../../lib/auth/sessions.ts";
import { sessionView, userOrgs } from "../../lib/auth/session-view.ts";
import { signIn } from "../../lib/auth/sign-in.ts";
import { confirmTwoFactor, passSecondFactor, startTwoFactor, turnOffTwoFactor } from "../../lib/auth/two-factor.ts";
import { hasLiveEmailToken, sendVerificationLink, verifyEmail } from "../../lib/auth/email-verification.ts";
import { changePassword } from "../../lib/auth/password-change.ts";
import { auditUser } from "../../lib/auth/user-audit.ts";
import { ApiKeyView, KeyCreateBody, KeyList, KeyParams, KeyWithSecret, OrgParams } from "../../lib/api/key-models.ts";
import { issueKey, keyOfOrg, orgKey, orgKeys, revokeKeyRow, rotateKeyRow } from "../../lib/keys/manage.ts";
import { MemberView } from "../../lib/api/workspace-models.ts";
import { dashboardContext, doc, ERRORS, NoContent, STEP_UP_NOTE } from "./context.ts";
import { workspaceRoutes } from "./workspace.ts";
import { retentionRoutes } from "./retention.ts";
import { consentScanRoutes, type ConsentScanOptions } from "./consent-scan.ts";
import { consentOverrideRoutes } from "./consent-overrides.ts";
import { personRoutes } from "./person.ts";
import { reportScheduleRoutes } from "./report-schedules.ts";
import { benchmarkingRoutes, recommendationStatusRoutes } from "./recommendations.ts";
import { logLine } from "../../lib/log.ts";
import type { Platform } from "../../lib/platform.ts";

const EmailSent = t.Object({ sent: t.Literal(true) });

/**
 * The dashboard service: the session routes (sign-in, second factor, e-mail verification,
 * password and two-factor of the signed-in user). Every state-changing call is checked against
 * PUBLIC_URL's origin (CSRF) and every session call against DESIGN 12's rules (lib/auth).
 * `spa` serves the built single-page app (lib/dashboard/assets.ts: builtDashboardAssets).
 */
export function createDashboardService(platform: Platform, spa: ((request: Request) => Response | null) | null = null, options: ConsentScanOptions = {}) {
  const view = (live: LiveSession) => sessionView(live, userOrgs(platform.control.db, live.user.id));

  const app = new Elysia({ name: "dashboard", ...SERVICE_CONFIG })
    .use(dashboardContext(platform))
    .use(serviceDocs("dashboard", { schemas: { Session, ApiKeyView, MemberView } }))
    .get("/healthz", () => ({ ok: true, service: "dashboard" }), { detail: { hide: true } })
    .post(
      "/api/v1/session",
      async ({ body, ip, request, set }) => {
        const { token, live } = await signIn(platform, body, { ip, userAgent: request.headers.get("user-agent") });
        set.headers["set-cookie"] = sessionCookieHeader(token, platform.settings);
        // A first sign-in with an unverified address mails a link (in the background: the answer does not wait for SMTP).
        if (live.user.emailVerifiedAt === null && !hasLiveEmailToken(platform, live.user.id)) {
          sendVerificationLink(platform, live.user).catch((error) => logLine({ level: "error", msg: "verification mail failed", userId: live.user.id, error: String(error) }));
        }
        return view(live);
      },
      {
        browser: true,
        body: SignInBody,
      parse: "json",
        response: { 200: Session, ...ERRORS },
        detail: doc(
          "Sign in with e-mail and password",
          "Sets the `tm_session` cookie (HttpOnly, SameSite=Lax, Secure on https). A wrong e-mail or password → 401 UNAUTHENTICATED (the same answer for both). Both count toward the sign-in lock alike (docs/operations.md, Security): 10 in 15 minutes lock the address for sources it has not signed in from, 10 lock it from one source, 30 over any addresses lock the source; a lock lasts 15 minutes, doubling for each further lock within 24 hours up to 4 hours → 423 ACCOUNT_LOCKED with Retry-After, the password unchecked. Needs an Origin equal to PUBLIC_URL's (403 FORBIDDEN).",
        ),
      },
    )
    .get("/api/v1/session", ({ caller }) => view(caller), {
      signedIn: "session",
      response: { 200: Session, ...ERRORS },
      detail: doc("The signed-in user, their orgs and the session's deadlines", "No cookie → 401 UNAUTHENTICATED; ended (idle 30 min, 12 h after sign-in) or revoked → 401 SESSION_EXPIRED."),
    })
    .delete(
      "/api/v1/session",
      async ({ caller: live, set }) => {
        revokeSession(platform.control, live.session.id, platform.now());
        await auditUser(platform, live.user, { action: "user.logout", label: "Signed out" });
        set.headers["set-cookie"] = clearedSessionCookie(platform.settings);
        set.status = 204;
        return undefined;
      },
      { signedIn: "session", response: { 204: NoContent, ...ERRORS }, detail: doc("Sign out", "Revokes the session and clears the cookie.") },
    )
    .post(
      "/api/v1/session/second-factor",
      async ({ body, caller, ip, token }) => {
        await passSecondFactor(platform, caller, body, ip);
        return view(liveSession(platform, token));
      },
      {
        signedIn: "second-factor",
        body: SecondFactorBody,
      parse: "json",
        response: { 200: Session, ...ERRORS },
        detail: doc(
          "Pass the second factor (sign-in, or a step-up)",
          "`{ code }` from the authenticator app (each code works once) or `{ recoveryCode }` (each works once). A wrong one → 401 UNAUTHENTICATED with details path `code` or `recoveryCode`, counted toward the account lock. Sensitive changes are allowed for 15 minutes after (stepUpUntil).",
        ),
      },
    )
    .post(
      "/api/v1/session/email-verification",
      async ({ caller: live, set }) => {
        if (live.user.emailVerifiedAt !== null) throw new ApiError("CONFLICT", "The e-mail address is already verified", [{ path: "email", message: "already verified" }]);
        await sendVerificationLink(platform, live.user);
        set.status = 202;
        return { sent: true as const };
      },
      { signedIn: "email-verification", response: { 202: EmailSent, ...ERRORS }, detail: doc("Send a new e-mail verification link", "The link is `PUBLIC_URL/verify-email?token=…`, valid 24 hours; without SMTP_URL it is written to the log.") },
    )
    .post(
      "/api/v1/email-verification",
      async ({ body }) => {
        await verifyEmail(platform, body.token);
        return { verified: true as const };
      },
      {
        browser: true,
        body: EmailTokenBody,
      parse: "json",
        response: { 200: EmailVerified, ...ERRORS },
        detail: doc("Verify an e-mail address with the link's token", "No session needed. An unknown, used or expired token → 422 with details path `token`."),
      },
    )
    .post(
      "/api/v1/me/password",
      async ({ body, caller, ip, set }) => {
        await changePassword(platform, caller, body, ip);
        set.status = 204;
        return undefined;
      },
      {
        signedIn: "other",
        body: PasswordChangeBody,
      parse: "json",
        response: { 204: NoContent, ...ERRORS },
        detail: doc(
          "Change the password",
          "A wrong current password → 401 (details path `currentPassword`, counted toward the lock). The new one needs 10+ characters, not among the common passwords, not the e-mail (422, details path `newPassword`). Ends the user's other sessions.",
        ),
      },
    )
    .post("/api/v1/me/two-factor", ({ body, caller, ip }) => startTwoFactor(platform, caller, body.password, ip), {
      signedIn: "enrolment",
      body: PasswordProofBody,
      parse: "json",
      response: { 200: TwoFactorEnrolment, ...ERRORS },
      detail: doc(
        "Start two-factor enrolment",
        "`{ password }`: the account's password, proved again (a wrong one → 401 UNAUTHENTICATED, details path `password`, counted toward the lock). Returns a new TOTP secret, its otpauth:// URI and a QR code; confirm with a code to turn two-factor on. Already on → 409.",
      ),
    })
    .post("/api/v1/me/two-factor/confirm", ({ body, caller }) => confirmTwoFactor(platform, caller, body.code), {
      signedIn: "enrolment",
      body: TwoFactorConfirmBody,
      parse: "json",
      response: { 200: RecoveryCodes, ...ERRORS },
      detail: doc(
        "Confirm two-factor enrolment with a code",
        "Turns two-factor on and returns ten recovery codes, shown once. The session is not asked for a second factor afterwards, but enrolling is no step-up (stepUpUntil stays as it was). A code that does not match → 422 (details path `code`).",
      ),
    })
    .delete(
      "/api/v1/me/two-factor",
      async ({ body, caller, ip, set }) => {
        await turnOffTwoFactor(platform, caller, body.password, ip);
        set.status = 204;
        return undefined;
      },
      {
        signedIn: "other",
        body: PasswordProofBody,
        parse: "json",
        response: { 204: NoContent, ...ERRORS },
        detail: doc(
          "Turn two-factor off",
          "A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED), then `{ password }`, the account's password proved again (a wrong one → 401 UNAUTHENTICATED, details path `password`, counted toward the lock).",
        ),
      },
    );
  app
    .get("/api/v1/orgs/:orgId/keys", ({ caller }) => ({ keys: orgKeys(platform, caller.org.id) }), {
      manages: { what: "API keys", sensitive: false },
      params: OrgParams,
      response: { 200: KeyList, ...ERRORS },
      detail: doc("The org's API keys", "Every key of the org, newest first, with its last use; never the secret. Owners and admins only (others 403 FORBIDDEN; not a member → 404)."),
    })
    .post(
      "/api/v1/orgs/:orgId/keys",
      async ({ caller: { live, org, actor }, body, set }) => {
        const { id, key } = await issueKey(platform, org, { userId: live.user.id, name: body.name.trim(), permissions: body.permissions, sites: body.sites, expiresInDays: body.expiresInDays }, actor);
        set.status = 201;
        return { key: keyOfOrg(platform, org.id, id), secret: key };
      },
      {
        manages: { what: "API keys", sensitive: true },
        params: OrgParams,
        body: KeyCreateBody,
        parse: "json",
        response: { 201: KeyWithSecret, ...ERRORS },
        detail: doc(
          "Create an API key",
          `The key acts for the signed-in user (never more than their role allows). The secret is in this answer only. A site outside the org → 422 (details path \`sites\`). ${STEP_UP_NOTE}`,
        ),
      },
    )
    .post(
      "/api/v1/orgs/:orgId/keys/:keyId/rotate",
      async ({ caller: { org, actor }, params }) => {
        const { key } = await rotateKeyRow(platform, org, orgKey(platform, org.id, params.keyId), actor);
        return { key: keyOfOrg(platform, org.id, params.keyId), secret: key };
      },
      {
        manages: { what: "API keys", sensitive: true },
        params: KeyParams,
        response: { 200: KeyWithSecret, ...ERRORS },
        detail: doc("Rotate an API key", `A new secret (in this answer only); the old one stops working at once. Unknown key or another org's → 404; revoked → 409. ${STEP_UP_NOTE}`),
      },
    )
    .delete(
      "/api/v1/orgs/:orgId/keys/:keyId",
      async ({ caller: { org, actor }, params, set }) => {
        await revokeKeyRow(platform, org, orgKey(platform, org.id, params.keyId), actor);
        set.status = 204;
        return undefined;
      },
      {
        manages: { what: "API keys", sensitive: true },
        params: KeyParams,
        response: { 204: NoContent, ...ERRORS },
        detail: doc("Revoke an API key", `The key stops working at once. Unknown key or another org's → 404; already revoked → 409. ${STEP_UP_NOTE}`),
      },
    );

  app.use(workspaceRoutes(platform));
  app.use(retentionRoutes(platform));
  app.use(consentScanRoutes(platform, options));
  app.use(consentOverrideRoutes(platform));
  app.use(personRoutes(platform));
  app.use(reportScheduleRoutes(platform));
  app.use(recommendationStatusRoutes(platform));
  app.use(benchmarkingRoutes(platform));

  // The single-page app, after the API routes: GET / and every other non-API path → index.html,
  // /assets/* → the built files (lib/dashboard/assets.ts). Without a build handed in, 404.
  const page = ({ request }: { request: Request }) => {
    const answer = spa?.(request);
    if (!answer) throw new ApiError("NOT_FOUND", "No such route");
    return answer;
  };
  app.get("/*", page, { detail: { hide: true } }).head("/*", page, { detail: { hide: true } });

  return { app: bodiesWithoutDefaults(app) };
}
