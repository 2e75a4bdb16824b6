import { afterAll, beforeAll, expect, test } from "bun:test";
import { must, runAdmin, tempDir } from "../helpers/stack.ts";
import { rmSync } from "node:fs";

let dir: string;
const admin = (...args: string[]) => runAdmin(dir, args);
const bad = (args: string[], code: string, path?: string) => {
  const r = admin(...args);
  expect(r.code).toBe(2);
  expect(r.json.error.code).toBe(code);
  expect(typeof r.json.error.message).toBe("string");
  if (path) expect(r.json.error.details[0].path).toBe(path);
  return r.json.error;
};

beforeAll(() => {
  dir = tempDir();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("each command prints what DESIGN section 9 says", () => {
  const org = must(admin("org", "create", "--name", "Cli Co", "--industry", "retail"));
  expect(Object.keys(org)).toEqual(["id"]);
  expect(must(admin("org", "licence", "--org", org.id, "--status", "suspended"))).toEqual({ id: org.id, status: "suspended" });
  must(admin("org", "licence", "--org", org.id, "--status", "active"));
  const user = must(admin("user", "create", "--org", org.id, "--name", "Cleo", "--email", "Cleo@Cli.test", "--role", "admin"));
  expect(user.id).toMatch(/^[0-9a-f]{24}$/);
  const site = must(admin("site", "create", "--org", org.id, "--name", "Shop", "--domain", "shop.cli.test", "--timezone", "America/New_York", "--currency", "usd"));
  expect(Object.keys(site).sort()).toEqual(["id", "siteKey"]);
  const domain = must(admin("domain", "add", "--site", site.id, "--hostname", "www.cli.test", "--include-subdomains"));
  expect(domain).toMatchObject({ status: "pending", record: { name: "_tidemark.www.cli.test", value: `tidemark-verify=${domain.token}` } });
  // No such DNS record here: verification fails cleanly; the operator can force it.
  const failed = must(admin("domain", "verify", "--site", site.id, "--hostname", "www.cli.test"));
  expect(failed).toMatchObject({ id: domain.id, status: "failed" });
  expect(failed.reason).toContain("_tidemark.www.cli.test");
  expect(must(admin("domain", "verify", "--site", site.id, "--hostname", "www.cli.test", "--force"))).toEqual({ id: domain.id, status: "verified" });
  const key = must(admin("key", "create", "--org", org.id, "--user", user.id, "--perms", "sites.read,analytics.read", "--sites", site.id, "--expires", "90"));
  expect(key.key).toMatch(/^exk_/);
  expect(must(admin("key", "rotate", "--id", key.id)).id).toBe(key.id);
  expect(must(admin("key", "revoke", "--id", key.id))).toEqual({ id: key.id });
  const out = must(admin("integration", "create", "--site", site.id, "--kind", "webhook_out", "--url", "https://crm.cli.test/hooks/leads"));
  expect(out.signingSecret).toMatch(/^whsec_/);
  const inbound = must(admin("integration", "create", "--site", site.id, "--kind", "webhook_in"));
  expect(inbound.url).toEndWith(`/v1/hooks/webhook_in/${site.siteKey}`);
  expect(inbound.secret).toMatch(/^whin_/);
});

test("bad input exits 2 with a precise message, and changes nothing", () => {
  const org = must(admin("org", "create", "--name", "Strict"));
  const user = must(admin("user", "create", "--org", org.id, "--name", "S", "--email", "s@strict.test", "--role", "owner"));
  const site = must(admin("site", "create", "--org", org.id, "--name", "S", "--domain", "strict.test"));
  bad(["org", "create"], "VALIDATION_FAILED", "--name");
  bad(["org", "licence", "--org", org.id, "--status", "paused"], "VALIDATION_FAILED", "--status");
  bad(["org", "licence", "--org", "nope", "--status", "active"], "VALIDATION_FAILED", "--org");
  bad(["org", "licence", "--org", "0".repeat(24), "--status", "active"], "NOT_FOUND", "--org");
  bad(["user", "create", "--org", org.id, "--name", "X", "--email", "not-an-email"], "VALIDATION_FAILED", "--email");
  bad(["user", "create", "--org", org.id, "--name", "X", "--email", "s@strict.test"], "CONFLICT", "--email");
  bad(["user", "create", "--org", org.id, "--name", "X", "--email", "x@strict.test", "--role", "god"], "VALIDATION_FAILED", "--role");
  bad(["site", "create", "--org", org.id, "--name", "X", "--domain", "no spaces.test"], "VALIDATION_FAILED", "--domain");
  bad(["site", "create", "--org", org.id, "--name", "X", "--domain", "x.test", "--timezone", "Mars/Olympus"], "VALIDATION_FAILED", "--timezone");
  bad(["site", "create", "--org", org.id, "--name", "X", "--domain", "x.test", "--currency", "ZZZ"], "VALIDATION_FAILED", "--currency");
  bad(["domain", "add", "--site", site.id, "--hostname", "strict.test"], "CONFLICT", "--hostname");
  bad(["domain", "verify", "--site", site.id, "--hostname", "other.test"], "NOT_FOUND", "--hostname");
  bad(["key", "create", "--org", org.id, "--user", user.id, "--perms", "sites.read,root"], "VALIDATION_FAILED", "--perms");
  bad(["key", "create", "--org", org.id, "--user", user.id, "--perms", "all", "--sites", "0".repeat(24)], "VALIDATION_FAILED", "--sites");
  bad(["key", "create", "--org", org.id, "--user", user.id, "--perms", "all", "--expires", "7"], "VALIDATION_FAILED", "--expires");
  bad(["integration", "create", "--site", site.id, "--kind", "webhook_out", "--url", "ftp://x.test"], "VALIDATION_FAILED", "--url");
  bad(["integration", "create", "--site", site.id, "--kind", "carrier_pigeon"], "VALIDATION_FAILED", "--kind");
  bad(["funnel", "create", "--site", site.id, "--file", "/nonexistent/def.json"], "VALIDATION_FAILED", "--file");
  bad(["schedule", "create", "--site", site.id, "--file", "def.json"], "VALIDATION_FAILED", "--file");
  // Nothing above was stored: the org still has exactly its one member, one site and one domain.
  const again = must(admin("user", "create", "--org", org.id, "--name", "Y", "--email", "y@strict.test"));
  expect(again.id).toMatch(/^[0-9a-f]{24}$/);
  const { Database } = require("bun:sqlite");
  const db = new Database(`${dir}/control.sqlite`, { readonly: true });
  expect(db.query("select count(*) as n from memberships where org_id = ?").get(org.id).n).toBe(2);
  expect(db.query("select count(*) as n from sites where org_id = ?").get(org.id).n).toBe(1);
  expect(db.query("select count(*) as n from api_keys where org_id = ?").get(org.id).n).toBe(0);
  db.close();
}, 30_000); // about twenty CLI processes, 0.2 s each

test("plan limits answer LIMIT_EXCEEDED with limit, max and current", () => {
  const org = must(admin("org", "create", "--name", "Small", "--plan", "starter"));
  for (let i = 0; i < 3; i++) must(admin("site", "create", "--org", org.id, "--name", `S${i}`, "--domain", `s${i}.small.test`));
  const err = bad(["site", "create", "--org", org.id, "--name", "S3", "--domain", "s3.small.test"], "LIMIT_EXCEEDED");
  expect(err.details[0]).toMatchObject({ limit: "sites", max: 3, current: 3 });
});

test("a hostname verified by another organization cannot be claimed", () => {
  const a = must(admin("org", "create", "--name", "First"));
  const b = must(admin("org", "create", "--name", "Second"));
  const sa = must(admin("site", "create", "--org", a.id, "--name", "A", "--domain", "claimed.test"));
  const sb = must(admin("site", "create", "--org", b.id, "--name", "B", "--domain", "claimed.test"));
  must(admin("domain", "verify", "--site", sa.id, "--hostname", "claimed.test", "--force"));
  bad(["domain", "verify", "--site", sb.id, "--hostname", "claimed.test", "--force"], "DOMAIN_ALREADY_CLAIMED", "--hostname");
});

test("site consent changes what the script reads, and refuses bad values", () => {
  const org = must(admin("org", "create", "--name", "Consenting"));
  const site = must(admin("site", "create", "--org", org.id, "--name", "C", "--domain", "consent.test"));
  const out = must(admin("site", "consent", "--site", site.id, "--mode", "opt-out", "--dnt", "ignore", "--title", "Cookies?", "--analytics-label", "Stats"));
  expect(out.consent).toMatchObject({ mode: "opt-out", dnt: "ignore", gpc: "respect", texts: { en: { title: "Cookies?", analyticsLabel: "Stats", accept: "Accept" } } });
  bad(["site", "consent", "--site", site.id, "--mode", "sometimes"], "VALIDATION_FAILED", "--mode");
  bad(["site", "consent", "--site", site.id, "--dnt", "maybe"], "VALIDATION_FAILED", "--dnt");
  bad(["site", "consent", "--site", site.id, "--title", "x".repeat(121)], "VALIDATION_FAILED", "--title");
});

test("user set-password, reset-2fa and unlock: JSON out, the password rule, unknown e-mails refused, each audited", async () => {
  const org = must(admin("org", "create", "--name", "Accounts Co"));
  const user = must(admin("user", "create", "--org", org.id, "--name", "Ada", "--email", "ada@accounts.test"));
  const generated = must(admin("user", "set-password", "--email", "ADA@accounts.test"));
  expect(Object.keys(generated).sort()).toEqual(["email", "id", "password"]);
  expect(generated).toMatchObject({ id: user.id, email: "ada@accounts.test" });
  expect(generated.password).toMatch(/^[a-zA-Z2-9]{20}$/);
  // A chosen password is not printed back.
  expect(must(admin("user", "set-password", "--email", "ada@accounts.test", "--password", "a long enough pass phrase"))).toEqual({ id: user.id, email: "ada@accounts.test" });
  expect(bad(["user", "set-password", "--email", "ada@accounts.test", "--password", "short"], "VALIDATION_FAILED", "--password").message).toMatch(/at least 10/);
  expect(bad(["user", "set-password", "--email", "ada@accounts.test", "--password", "password123"], "VALIDATION_FAILED", "--password").message).toMatch(/common/);
  bad(["user", "set-password", "--email", "nobody@accounts.test"], "NOT_FOUND", "--email");
  bad(["user", "unlock", "--email", "not-an-email"], "VALIDATION_FAILED", "--email");
  expect(must(admin("user", "reset-2fa", "--email", "ada@accounts.test"))).toEqual({ id: user.id, email: "ada@accounts.test", twoFactorEnabled: false });
  expect(must(admin("user", "unlock", "--email", "ada@accounts.test"))).toEqual({ id: user.id, email: "ada@accounts.test", locked: false });
  expect(must(admin("org", "two-factor", "--org", org.id, "--require", "on"))).toEqual({ id: org.id, requireTwoFactor: true });
  bad(["org", "two-factor", "--org", org.id, "--require", "maybe"], "VALIDATION_FAILED", "--require");

  const { openPlatform, closePlatform } = await import("../../lib/platform.ts");
  const { readSettings } = await import("../../lib/config.ts");
  const { activityLog } = await import("../../lib/audit.ts");
  const platform = openPlatform(readSettings({ DATA_DIR: dir }));
  try {
    const store = await platform.tenants.get({ id: org.id, dbUrl: null });
    const log = await activityLog(store.db, org.id, { size: 100 } as never, Date.now());
    const actions = log.rows.map((r) => `${r.action}:${r.actor.id}`);
    for (const a of ["user.password_changed", "user.2fa_disabled", "user.unlocked", "org.two_factor_required"]) expect(actions).toContain(`${a}:operator`);
    expect(log.rows.filter((r) => r.action === "user.password_changed")).toHaveLength(2);
  } finally {
    closePlatform(platform);
  }
});
