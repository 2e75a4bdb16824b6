import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { integrations as integrationRows } from "../../lib/db/tenant-schema.ts";
import { must, type TestStack } from "../helpers/stack.ts";
import { Browser, errorCode, startDashboardStack } from "../helpers/session-browser.ts";

const ORIGIN = "http://dashboard.test";
const MIN = 60_000;
const EVIL = { origin: "https://evil.example" };
let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let stack: TestStack, org: string, site: string, accounts: typeof dashboard.accounts;
beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN);
  ({ stack, org, accounts } = dashboard);
  site = stack.bootstrap!.siteId;
});
afterAll(() => dashboard.close());

const members = (orgId = org) => `/api/v1/orgs/${orgId}/members`;
const integrations = (orgId = org, siteId = site) => `/api/v1/orgs/${orgId}/sites/${siteId}/integrations`;
const audit = async (q: string) =>
  ((await (await stack.api(`/api/v1/orgs/${org}/audit?q=${q}`, stack.bootstrap!.key)).json()).rows as { action: string; actor: { id: string }; meta: Record<string, unknown> }[]);

const withTwoFactor = (email: string, role: string) => accounts.twoFactorMember(org, email, role);

/** A malformed path id: 404 like an unknown one, the details naming the path parameter. */
async function expect404(res: Response, field: string) {
  expect(res.status).toBe(404);
  const { error } = await res.json();
  expect([error.code, error.details.map((d: { path: string }) => d.path)]).toEqual(["NOT_FOUND", [field]]);
}

async function expect422(res: Response, field: string) {
  expect(res.status).toBe(422);
  const { error } = await res.json();
  expect(error.code).toBe("VALIDATION_FAILED");
  expect(error.details.map((d: { path: string }) => d.path.replace(/^\//, "").split(/[/.[]/)[0])).toContain(field);
}

describe("Workspace → Members", () => {
  test("invite (mail with a set-password link) → accept → sign in; change the role; remove ends their sessions; each audited as the user", async () => {
    const { b, id: ownerId, stepUp } = await withTwoFactor("olga@example.com", "owner");
    const invited = await b.call("POST", members(), { email: "Nia@Example.com", name: "Nia", role: "analyst" });
    expect(invited.status).toBe(201);
    const { member, mailed } = await invited.json();
    expect(mailed).toBe(true);
    expect(member).toMatchObject({ name: "Nia", email: "nia@example.com", role: "analyst", twoFactorEnabled: false, emailVerified: false, state: "invited" });
    expect(Date.parse(member.memberSince)).toBe(stack.clock.ms);

    const mail = await dashboard.mailbox.next("nia@example.com");
    expect(mail.subject).toContain("invited");
    const link = /(\S+\/accept-invitation\?token=([A-Za-z0-9_-]{43}))/.exec(mail.text ?? "");
    expect(link?.[1].startsWith(`${ORIGIN}/accept-invitation?token=`)).toBe(true);
    const token = link![2];

    const anon = new Browser(stack, ORIGIN);
    await expect422(await anon.call("POST", "/api/v1/invitations/accept", { token, password: "short" }), "password");
    expect((await anon.call("POST", "/api/v1/invitations/accept", { token, password: "a long enough pass phrase" }, EVIL)).status).toBe(403);
    const accepted = await anon.call("POST", "/api/v1/invitations/accept", { token, password: "a long enough pass phrase" });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ email: "nia@example.com" });
    await expect422(await anon.call("POST", "/api/v1/invitations/accept", { token, password: "another long pass phrase" }), "token");
    const nia = await accounts.signedIn("nia@example.com", "a long enough pass phrase");
    // The link came to the address: no verification needed; an analyst reads but does not manage.
    expect((await nia.call("GET", `/api/v1/orgs/${org}/sites`)).status).toBe(200);
    expect(await errorCode(await nia.call("GET", members()))).toBe("FORBIDDEN");

    const list = (await (await b.call("GET", members())).json()) as { members: { id: string; email: string; role: string; state: string; twoFactorEnabled: boolean }[]; requireTwoFactor: boolean };
    expect(list.requireTwoFactor).toBe(false);
    expect(list.members.find((m) => m.id === member.id)).toMatchObject({ role: "analyst", state: "active", emailVerified: true });
    expect(list.members.find((m) => m.id === ownerId)).toMatchObject({ role: "owner", twoFactorEnabled: true, state: "active" });

    stack.clock.advance(16 * MIN);
    expect(await errorCode(await b.call("PATCH", `${members()}/${member.id}`, { role: "viewer" }))).toBe("STEP_UP_REQUIRED");
    await stepUp();
    const changed = await b.call("PATCH", `${members()}/${member.id}`, { role: "viewer" });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: member.id, role: "viewer" });
    // A viewer's session lost analyst reads at once (the activity log is not a viewer's).
    expect((await nia.call("GET", `/api/v1/orgs/${org}/audit`)).status).toBe(403);

    const removed = await b.call("DELETE", `${members()}/${member.id}`);
    expect(removed.status).toBe(204);
    expect(await errorCode(await nia.call("GET", "/api/v1/session"))).toBe("SESSION_EXPIRED");
    expect((await b.call("DELETE", `${members()}/${member.id}`)).status).toBe(404);

    const rows = await audit(member.id);
    const actions = rows.map((r) => r.action);
    for (const action of ["member.invited", "member.role_changed", "member.removed"]) {
      expect(actions).toContain(action);
      expect(rows.find((r) => r.action === action)?.actor.id).toBe(ownerId);
    }
    expect(rows.find((r) => r.action === "member.role_changed")?.meta).toEqual({ from: "analyst", to: "viewer" });
  }, 30_000);

  test("someone with an account already is mailed a sign-in note; a member already → 409; the org's two-factor rule is toggled with step-up", async () => {
    const { b, stepUp } = await withTwoFactor("oona@example.com", "owner");
    const other = must(stack.admin("org", "create", "--name", "Other")).id;
    must(stack.admin("user", "create", "--org", other, "--name", "Kai", "--email", "kai@example.com", "--role", "viewer"));
    must(stack.admin("user", "set-password", "--email", "kai@example.com", "--password", "a long enough pass phrase"));
    const res = await b.call("POST", members(), { email: "kai@example.com", name: "Kai", role: "viewer" });
    expect(res.status).toBe(201);
    expect((await res.json()).member.state).toBe("active");
    const mail = await dashboard.mailbox.next("kai@example.com");
    expect(mail.text).toContain(`${ORIGIN}/sign-in`);
    expect(mail.text).not.toContain("accept-invitation");
    const again = await b.call("POST", members(), { email: "kai@example.com", name: "Kai", role: "viewer" });
    expect(again.status).toBe(409);
    expect((await again.json()).error.details).toEqual([{ path: "email", message: "already a member" }]);

    const on = await b.call("PUT", `/api/v1/orgs/${org}/two-factor-requirement`, { required: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ requireTwoFactor: true });
    expect((await (await b.call("GET", members())).json()).requireTwoFactor).toBe(true);
    // Kai has no two-factor: his sessions are sent to enrolment now.
    const kai = await accounts.signedIn("kai@example.com", "a long enough pass phrase");
    expect(await errorCode(await kai.call("GET", `/api/v1/orgs/${org}/sites`))).toBe("TWO_FACTOR_REQUIRED");
    stack.clock.advance(16 * MIN);
    expect(await errorCode(await b.call("PUT", `/api/v1/orgs/${org}/two-factor-requirement`, { required: false }))).toBe("STEP_UP_REQUIRED");
    await stepUp();
    expect((await b.call("PUT", `/api/v1/orgs/${org}/two-factor-requirement`, { required: false })).status).toBe(200);
    expect((await audit(org)).map((r) => r.action).filter((a) => a === "org.two_factor_required").length).toBeGreaterThanOrEqual(2);
  }, 30_000);

  test("admins cannot touch owners; the last owner stays; roles checked; 401, 403 cross-origin, 404 out of scope, 422 details", async () => {
    const { b: admin } = await withTwoFactor("adam@example.com", "admin");
    const ownerId = (await (await admin.call("GET", members())).json()).members.find((m: { email: string }) => m.email === stack.bootstrap!.ownerEmail).id;
    expect(await errorCode(await admin.call("PATCH", `${members()}/${ownerId}`, { role: "viewer" }))).toBe("FORBIDDEN");
    expect(await errorCode(await admin.call("DELETE", `${members()}/${ownerId}`))).toBe("FORBIDDEN");
    expect(await errorCode(await admin.call("POST", members(), { email: "own@example.com", name: "Own", role: "owner" }))).toBe("FORBIDDEN");

    // A fresh org with one owner: the last owner cannot demote or remove themselves.
    const solo = must(stack.admin("org", "create", "--name", "Solo")).id;
    const { b: sb, id: soloId } = await accounts.twoFactorMember(solo, "sol@example.com", "owner");
    const last = await sb.call("PATCH", `${members(solo)}/${soloId}`, { role: "admin" });
    expect(last.status).toBe(409);
    expect((await last.json()).error.details).toEqual([{ path: "role", message: "last owner" }]);
    expect((await sb.call("DELETE", `${members(solo)}/${soloId}`)).status).toBe(409);
    // Out of scope: another org's members → 404; a member of another org through ours → 404.
    expect((await admin.call("GET", members(solo))).status).toBe(404);
    expect((await admin.call("PATCH", `${members()}/${soloId}`, { role: "viewer" })).status).toBe(404);

    const cases: [string, string, unknown, string][] = [
      ["POST", members(), { email: "not-an-address", name: "X", role: "viewer" }, "email"],
      ["POST", members(), { email: "x@example.com", name: " ", role: "viewer" }, "name"],
      ["POST", members(), { email: "x@example.com", name: "X", role: "root" }, "role"],
      ["PATCH", `${members()}/${soloId}`, { role: "boss" }, "role"],
      ["PUT", `/api/v1/orgs/${org}/two-factor-requirement`, { required: "yes" }, "required"],
    ];
    for (const [method, path, body, field] of cases) await expect422(await admin.call(method, path, body), field);
    await expect404(await admin.call("PATCH", `${members()}/not-an-id`, { role: "viewer" }), "userId");

    expect((await admin.call("POST", members(), { email: "y@example.com", name: "Y", role: "viewer" }, EVIL)).status).toBe(403);
    expect((await admin.call("PUT", `/api/v1/orgs/${org}/two-factor-requirement`, { required: true }, EVIL)).status).toBe(403);
    const { browser: viewer } = await accounts.verifiedMember(org, "vera@example.com", "viewer");
    expect(await errorCode(await viewer.call("GET", members()))).toBe("FORBIDDEN");
    expect(await errorCode(await viewer.call("POST", members(), { email: "z@example.com", name: "Z", role: "viewer" }))).toBe("FORBIDDEN");
    const { browser: plain } = await accounts.verifiedMember(org, "noor@example.com", "admin");
    const noTwoFactor = await plain.call("POST", members(), { email: "z@example.com", name: "Z", role: "viewer" });
    expect(noTwoFactor.status).toBe(403);
    expect((await noTwoFactor.json()).error).toMatchObject({ code: "STEP_UP_REQUIRED", details: [{ path: "twoFactor", message: "enable two-factor first" }] });
    const anon = new Browser(stack, ORIGIN);
    expect((await anon.call("GET", members())).status).toBe(401);
    expect((await anon.call("POST", members(), { email: "z@example.com", name: "Z", role: "viewer" })).status).toBe(401);
  }, 30_000);
});

describe("Integrations", () => {
  test("an outbound webhook with step-up: the signing secret once, listed by the public GET without it; an inbound one with its URL and secret; audited", async () => {
    const { b, id, stepUp } = await withTwoFactor("ivo@example.com", "admin");
    stack.clock.advance(16 * MIN);
    expect(await errorCode(await b.call("POST", integrations(), { kind: "webhook_out", url: "https://crm.example.com/leads?k=1" }))).toBe("STEP_UP_REQUIRED");
    await stepUp();
    const out = await b.call("POST", integrations(), { kind: "webhook_out", url: "https://crm.example.com/leads?k=1" });
    expect(out.status).toBe(201);
    const made = await out.json();
    expect(made).toMatchObject({ kind: "webhook_out" });
    expect(made.signingSecret).toMatch(/^whsec_/);
    const inbound = await b.call("POST", integrations(), { kind: "webhook_in" });
    expect(inbound.status).toBe(201);
    const inMade = await inbound.json();
    expect(inMade.url).toBe(`${ORIGIN}/v1/hooks/webhook_in/${stack.bootstrap!.siteKey}`);
    expect(inMade.secret).toMatch(/^whin_/);
    // The inbound secret works on the hook.
    const lead = await fetch(`${stack.url}/v1/hooks/webhook_in/${stack.bootstrap!.siteKey}`, { method: "POST", headers: { "content-type": "application/json", "x-svc-secret": inMade.secret }, body: JSON.stringify({ externalId: "e1", email: "lead@example.com" }) });
    expect(lead.status).toBeLessThan(300);
    // An ad spend push URL: its secret works on the ads_import hook.
    const push = await b.call("POST", integrations(), { kind: "ads_import" });
    expect(push.status).toBe(201);
    const pushMade = await push.json();
    expect(pushMade).toMatchObject({ kind: "ads_import", url: `${ORIGIN}/v1/hooks/ads_import/${stack.bootstrap!.siteKey}` });
    expect(pushMade.secret).toMatch(/^whads_/);
    const row = { platform: "tiktok_ads", date: "2026-11-02", campaignName: "Winter Sale TT", spend: 21, currency: "EUR" };
    const pushed = await fetch(pushMade.url.replace(ORIGIN, stack.url), { method: "POST", headers: { "content-type": "application/json", "x-svc-secret": pushMade.secret }, body: JSON.stringify({ rows: [row] }) });
    expect([pushed.status, await pushed.json()]).toEqual([200, { imported: 1, replacedDays: 0 }]);

    const listText = await (await b.call("GET", integrations())).text();
    expect(listText).not.toContain(made.signingSecret);
    expect(listText).not.toContain(inMade.secret);
    expect(listText).not.toContain(pushMade.secret);
    const items = JSON.parse(listText).items as { id: string; kind: string; targetUrl?: string; status: string }[];
    expect(items.find((i) => i.id === made.id)).toMatchObject({ kind: "webhook_out", targetUrl: "https://crm.example.com/leads", status: "active" });
    expect(items.find((i) => i.id === inMade.id)).toMatchObject({ kind: "webhook_in", status: "active" });
    const rows = await audit(made.id);
    expect(rows.find((r) => r.action === "integration.created")?.actor.id).toBe(id);
  }, 30_000);

  test("a disabled endpoint is enabled again (step-up), audited; 401, 403, 404 out of scope, 422 details", async () => {
    const { b, stepUp } = await withTwoFactor("ines@example.com", "owner");
    const made = await (await b.call("POST", integrations(), { kind: "webhook_out", url: "https://hooks.example.com/in" })).json();
    // The delivery worker disables an endpoint failing for three days; here the operator's store says so.
    const store = await stack.platform.tenants.get({ id: org, dbUrl: null });
    await store.db.update(integrationRows).set({ status: "disabled", disabledReason: "failing for 3 days" }).where(eq(integrationRows.id, made.id));
    let item = (await (await b.call("GET", integrations())).json()).items.find((i: { id: string }) => i.id === made.id);
    expect(item).toMatchObject({ status: "disabled", disabledReason: "failing for 3 days" });
    stack.clock.advance(16 * MIN);
    const path = `${integrations()}/${made.id}/enable`;
    expect(await errorCode(await b.call("POST", path))).toBe("STEP_UP_REQUIRED");
    await stepUp();
    expect((await b.call("POST", path, undefined, EVIL)).status).toBe(403);
    const enabled = await b.call("POST", path);
    expect(enabled.status).toBe(200);
    expect(await enabled.json()).toEqual({ id: made.id, status: "active", resumed: 0 });
    item = (await (await b.call("GET", integrations())).json()).items.find((i: { id: string }) => i.id === made.id);
    expect(item).toMatchObject({ status: "active", disabledReason: null });
    expect((await audit(made.id)).map((r) => r.action)).toContain("integration.enabled");

    const otherOrg = must(stack.admin("org", "create", "--name", "Away")).id;
    const otherSite = must(stack.admin("site", "create", "--org", otherOrg, "--name", "Away", "--domain", "away.test")).id;
    expect((await b.call("POST", integrations(otherOrg, otherSite), { kind: "webhook_in" })).status).toBe(404);
    expect((await b.call("POST", integrations(org, otherSite), { kind: "webhook_in" })).status).toBe(404);
    const foreign = must(stack.admin("integration", "create", "--site", otherSite, "--kind", "webhook_in")).id;
    expect((await b.call("POST", `${integrations()}/${foreign}/enable`)).status).toBe(404);
    expect((await b.call("POST", `${integrations()}/${"0".repeat(24)}/enable`)).status).toBe(404);

    await expect422(await b.call("POST", integrations(), { kind: "webhook_out" }), "url");
    await expect422(await b.call("POST", integrations(), { kind: "webhook_out", url: "ftp://x.example" }), "url");
    await expect422(await b.call("POST", integrations(), { kind: "webhook_out", url: "https://u:p@x.example" }), "url");
    await expect422(await b.call("POST", integrations(), { kind: "webhook_in", url: "https://x.example" }), "url");
    await expect422(await b.call("POST", integrations(), { kind: "carrier_pigeon" }), "kind");

    const { browser: viewer } = await accounts.verifiedMember(org, "vik@example.com", "viewer");
    expect((await viewer.call("GET", integrations())).status).toBe(200);
    expect(await errorCode(await viewer.call("POST", integrations(), { kind: "webhook_in" }))).toBe("FORBIDDEN");
    expect((await new Browser(stack, ORIGIN).call("POST", integrations(), { kind: "webhook_in" })).status).toBe(401);
  }, 30_000);
});

describe("every workspace write route", () => {
  test("401 without a session, 403 FORBIDDEN cross-origin, 403 STEP_UP_REQUIRED 16 minutes after the second factor, 404 for another org and for a malformed id", async () => {
    const { b, stepUp } = await withTwoFactor("wes@example.com", "owner");
    const far = must(stack.admin("org", "create", "--name", "Far away")).id;
    const farSite = must(stack.admin("site", "create", "--org", far, "--name", "Far", "--domain", "far-away.test")).id;
    const { id: targetId } = await accounts.verifiedMember(org, "tess@example.com", "viewer");
    const made = await (await b.call("POST", integrations(), { kind: "webhook_in" })).json();
    /** [method, path in our org, the same in another org, a body that would be accepted] */
    const routes: [string, (o: string, s: string) => string, unknown][] = [
      ["POST", (o) => members(o), { email: "new@example.com", name: "New", role: "viewer" }],
      ["PATCH", (o) => `${members(o)}/${targetId}`, { role: "analyst" }],
      ["DELETE", (o) => `${members(o)}/${targetId}`, undefined],
      ["PUT", (o) => `/api/v1/orgs/${o}/two-factor-requirement`, { required: false }],
      ["POST", (o, s) => integrations(o, s), { kind: "webhook_in" }],
      ["POST", (o, s) => `${integrations(o, s)}/${made.id}/enable`, undefined],
    ];
    const anon = new Browser(stack, ORIGIN);
    for (const [method, path, body] of routes) {
      const where = `${method} ${path(org, site)}`;
      expect([where, await errorCode(await anon.call(method, path(org, site), body))]).toEqual([where, "UNAUTHENTICATED"]);
      const cross = await b.call(method, path(org, site), body, EVIL);
      expect([where, cross.status, (await cross.json()).error.details]).toEqual([where, 403, [{ path: "origin", message: `https://evil.example is not ${ORIGIN}` }]]);
      expect([where, (await b.call(method, path(far, farSite), body)).status]).toEqual([where, 404]);
    }
    stack.clock.advance(16 * MIN);
    for (const [method, path, body] of routes) {
      expect([`${method} ${path(org, site)}`, await errorCode(await b.call(method, path(org, site), body))]).toEqual([`${method} ${path(org, site)}`, "STEP_UP_REQUIRED"]);
    }
    // One order (docs/decisions.md): the org's scope (404) before the step-up, the path's other ids after it.
    expect((await b.call("POST", `/api/v1/orgs/not-an-org/members`, { email: "n@example.com", name: "N", role: "viewer" })).status).toBe(404);
    expect(await errorCode(await b.call("DELETE", `${members()}/xyz`))).toBe("STEP_UP_REQUIRED");
    await stepUp();
    await expect404(await b.call("DELETE", `${members()}/xyz`), "userId");
    await expect404(await b.call("POST", `${integrations()}/nope/enable`), "integrationId");
    await expect404(await b.call("POST", `/api/v1/orgs/${org}/sites/nope/integrations`, { kind: "webhook_in" }), "siteId");
    // Nothing was changed by any refused call.
    const list = (await (await b.call("GET", members())).json()).members as { id: string; email: string; role: string }[];
    expect(list.find((m) => m.id === targetId)?.role).toBe("viewer");
    expect(list.some((m) => m.email === "new@example.com")).toBe(false);
  }, 60_000);
});
