import { expect } from "bun:test";
import * as OTPAuth from "otpauth";
import { must, startStack, type TestStack } from "./stack.ts";
import { startMailbox, type Mailbox } from "./mailbox.ts";

/** A browser's view of the dashboard: the cookie it holds, sent with every call, with the dashboard's Origin. */
export class Browser {
  cookie: string | null = null;
  constructor(private readonly stack: TestStack, private readonly origin: string) {}
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(this.stack.url + path, {
      method,
      headers: {
        origin: this.origin,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = /Max-Age=0/.test(set) ? null : set.split(";")[0];
    return res;
  }
  async signIn(email: string, password: string): Promise<Response> {
    return this.call("POST", "/api/v1/session", { email, password });
  }
}

export const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

/** The authenticator app a test holds: codes computed from the enrolment's secret. */
export function authenticator(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
}

/** Sign-in and members of one org of a test stack (the mailbox receives the verification links). */
export function dashboardAccounts(stack: TestStack, mailbox: Mailbox, origin: string) {
  async function signedIn(email: string, password: string): Promise<Browser> {
    const b = new Browser(stack, origin);
    const res = await b.signIn(email, password);
    expect(res.status).toBe(200);
    return b;
  }
  /** A member with a password set by the operator (their e-mail not verified yet). */
  function member(org: string, email: string, role: string, password = "a long enough pass phrase"): { id: string; password: string } {
    const { id } = must(stack.admin("user", "create", "--org", org, "--name", email.split("@")[0], "--email", email, "--role", role));
    must(stack.admin("user", "set-password", "--email", email, "--password", password));
    return { id, password };
  }
  async function verifiedMember(org: string, email: string, role: string) {
    const m = member(org, email, role);
    const b = await signedIn(email, m.password);
    const mail = await mailbox.next(email);
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? "")![1];
    expect((await b.call("POST", "/api/v1/email-verification", { token })).status).toBe(200);
    return { ...m, browser: b };
  }
  /**
   * A verified member with two-factor on (enrolled through the API with the password, codes
   * computed here) who then passed a second factor (enrolling is no step-up). `stepUp` passes a
   * fresh one (a used code is a replay).
   */
  async function twoFactorMember(org: string, email: string, role: string) {
    const { browser: b, id, password } = await verifiedMember(org, email, role);
    const enrol = await (await b.call("POST", "/api/v1/me/two-factor", { password })).json();
    const app = authenticator(enrol.secret);
    expect((await b.call("POST", "/api/v1/me/two-factor/confirm", { code: app.generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
    const stepUp = async () => {
      stack.clock.advance(30_000);
      expect((await b.call("POST", "/api/v1/session/second-factor", { code: app.generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
    };
    await stepUp();
    return { b, id, password, stepUp };
  }
  return { signedIn, member, verifiedMember, twoFactorMember };
}

/** A stack whose dashboard lives at `origin`, mailing through a local SMTP server, and its bootstrap org's accounts. */
export async function startDashboardStack(origin: string, env: Record<string, string> = {}) {
  const mailbox = await startMailbox();
  const stack = await startStack({ env: { PUBLIC_URL: origin, SMTP_URL: mailbox.url, ...env } });
  const close = async () => {
    await stack.close();
    await mailbox.close();
  };
  return { stack, mailbox, org: stack.bootstrap!.orgId, accounts: dashboardAccounts(stack, mailbox, origin), close };
}
