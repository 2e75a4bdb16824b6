import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sites } from "../../lib/db/control-schema.ts";
import type { TenantStore } from "../../lib/db/tenants.ts";
import { claimScan, doneScans, finishScan, latestScan, queueScan, scanItems, type ScanItemRow } from "../../lib/consent/scans.ts";
import { ScanWorker } from "../../lib/consent/scan-worker.ts";
import { scanSite } from "../../lib/consent/scanner.ts";
import { dnsResolver } from "../../lib/webhooks/address-guard.ts";
import { consentSettings } from "../../lib/consent/settings.ts";
import { freePort } from "../helpers/process.ts";
import { must, runAdminAsync, startStack, type CliResult, type TestStack } from "../helpers/stack.ts";
import { startMailbox, type Mailbox } from "../helpers/mailbox.ts";
import { dashboardAccounts, errorCode } from "../helpers/session-browser.ts";

/**
 * The cookie scanner in real Chromium (CHROMIUM_PATH, default /usr/bin/chromium) against a local
 * test site on `localhost` (the bootstrap site's verified domain) that loads a script from a
 * second server on 127.0.0.1 — private addresses allowed by COOKIE_SCAN_ALLOW_PRIVATE=1.
 */

const ORIGIN = "http://dashboard.test";
const DAY = 86_400_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The second host: a third-party script, and the target of a link the scanner must not follow. */
const thirdPartyPaths: string[] = [];
const thirdParty = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request) {
    thirdPartyPaths.push(new URL(request.url).pathname);
    return new Response("window.thirdPartyLoaded = true;", { headers: { "content-type": "text/javascript" } });
  },
});
const THIRD = `http://127.0.0.1:${thirdParty.port}`;

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(`<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`, { headers: { "content-type": "text/html; charset=utf-8", ...headers } });

/**
 * The shop: the home page sets _ga and _fbp from script before consent, a necessary csrftoken,
 * an HttpOnly PHPSESSID by Set-Cookie, a localStorage key; loads the third-party script; links
 * to /about (followed), to the other host (not followed) and to /partner, which redirects to the
 * other host (the redirect's hop is refused); an image whose URL redirects to the other host. A stand-in `tidemark` sets the marketing
 * cookie _gcl_au only once marketing is granted. /about adds a sessionStorage key.
 */
const shopPaths: string[] = [];
const shop = Bun.serve({
  port: 0,
  hostname: "localhost",
  fetch(request) {
    const path = new URL(request.url).pathname;
    shopPaths.push(path);
    if (path === "/")
      return html(
        `<script>
          document.cookie = "_ga=GA1.1.123.456; path=/";
          document.cookie = "_fbp=fb.1.123.456; path=/";
          document.cookie = "csrftoken=abc; path=/";
          localStorage.setItem("cart", "[]");
          window.tidemark = function (command, choice) {
            window.consentCalls = (window.consentCalls || []).concat([[command, choice]]);
            if (command === "consent" && choice.marketing) document.cookie = "_gcl_au=1.1.789; path=/";
          };
        </script>
        <script src="${THIRD}/tag.js"></script>
        <img src="/pixel" alt="">
        <a href="/about#team">About us</a> <a href="${THIRD}/outside">Partner</a> <a href="/partner">Partner (redirect)</a>`,
        { "set-cookie": "PHPSESSID=s3cr3t; Path=/; HttpOnly" },
      );
    if (path === "/slow") return new Promise<Response>((resolve) => setTimeout(() => resolve(html("late")), 20_000));
    if (path === "/pixel") return new Response(null, { status: 302, headers: { location: `${THIRD}/pixel-hop` } });
    if (path === "/partner") return new Response(null, { status: 302, headers: { location: `${THIRD}/redirected` } });
    if (path === "/about") return html(`<script>sessionStorage.setItem("seen_about", "1");</script><a href="/">Home</a>`);
    return new Response("not found", { status: 404 });
  },
});
const SHOP = `http://localhost:${shop.port}/`;

let stack: TestStack, mailbox: Mailbox, accounts: ReturnType<typeof dashboardAccounts>;
let org: string, site: string, store: TenantStore;
/** The stack's scan worker: woken by "Scan now", kicked by the test (no schedule until a test sets one). */
let worker: ScanWorker;

const scan = (env: Record<string, string> = {}): Promise<CliResult> => runAdminAsync(stack.dataDir, ["cookies", "scan", "--site", site], { COOKIE_SCAN_ALLOW_PRIVATE: "1", ...env });

/** The consent settings' defaultUrl, written as stored settings (the CLI would refuse a start page off the verified domains, which a test wants). */
function setDefaultUrl(url: string) {
  const stored = stack.platform.control.db.select({ consent: sites.consent }).from(sites).where(eq(sites.id, site)).get()!;
  const consent = JSON.stringify({ ...consentSettings(stored.consent), defaultUrl: url });
  stack.platform.control.write((db) => db.update(sites).set({ consent }).where(eq(sites.id, site)).run());
}

interface AuditRow {
  actor: { id: string };
  label: string;
  meta: { scanId: string; trigger: string; alreadyQueued: boolean };
}

/** The activity log's `cookie.scan_requested` entries of one scan, newest first. */
async function scanRequests(scanId: string): Promise<AuditRow[]> {
  const log = await (await stack.api(`/api/v1/orgs/${org}/audit?action=cookie.scan_requested&size=100`, stack.bootstrap!.key)).json();
  return (log.rows as AuditRow[]).filter((r) => r.meta.scanId === scanId);
}

/** A scan's items of one pass as `kind name host page-path httpOnly` (1, 0 or null), sorted. */
function itemsOf(rows: ScanItemRow[], pass: 1 | 2): string[] {
  return rows
    .filter((r) => r.pass === pass)
    .map((r) => `${r.kind} ${r.name} ${r.host} ${new URL(r.page).pathname} ${r.httpOnly}`)
    .sort();
}

beforeAll(async () => {
  mailbox = await startMailbox();
  stack = await startStack({ env: { PUBLIC_URL: ORIGIN, SMTP_URL: mailbox.url, COOKIE_SCAN_ALLOW_PRIVATE: "1", COOKIE_SCAN_INTERVAL_DAYS: "0", CHROMIUM_PATH: CHROMIUM } });
  accounts = dashboardAccounts(stack, mailbox, ORIGIN);
  org = stack.bootstrap!.orgId;
  site = stack.bootstrap!.siteId;
  store = await stack.platform.tenants.get({ id: org, dbUrl: null });
  worker = stack.scans!;
  setDefaultUrl(SHOP);
});

afterAll(async () => {
  await stack.close();
  await mailbox.close();
  shop.stop(true);
  thirdParty.stop(true);
});

let firstScan: { id: string; finishedAt: string };

describe("admin cookies scan", () => {
  test("two passes over the site's pages: HttpOnly cookies, storage keys, third-party hosts; the consent-gated cookie only after accepting all; links elsewhere not followed", async () => {
    const result = await scan();
    expect(result.code).toBe(0);
    const printed = result.json;
    expect(printed).toMatchObject({ status: "done", pages: 2, found: 8, error: null, trigger: "cli" });
    expect(printed.id).toMatch(/^[0-9a-f]{24}$/);
    expect(printed.itemsFrom).toBe(printed.finishedAt);
    expect(Date.parse(printed.finishedAt)).toBeGreaterThanOrEqual(Date.parse(printed.startedAt));
    firstScan = printed;

    const rows = await scanItems(store, printed.id);
    const before = [
      "cookie PHPSESSID localhost / 1",
      "cookie _fbp localhost / 0",
      "cookie _ga localhost / 0",
      "cookie csrftoken localhost / 0",
      "host 127.0.0.1 127.0.0.1 / null",
      "storage cart localhost / null",
      "storage seen_about localhost /about null",
    ];
    expect(itemsOf(rows, 1)).toEqual(before);
    expect(itemsOf(rows, 2)).toEqual([...before, "cookie _gcl_au localhost / 0"].sort());
    // Home and about, twice each (no fragment, no second visit of home from about's link); /partner
    // asked once, its redirect off the verified domains refused; the partner host never visited.
    expect(shopPaths.filter((p) => p !== "/favicon.ico" && p !== "/pixel")).toEqual(["/", "/about", "/partner", "/", "/about"]);
    expect(thirdPartyPaths.sort()).toEqual(["/pixel-hop", "/pixel-hop", "/tag.js", "/tag.js"]);

    expect((await scanRequests(printed.id)).map((r) => [r.actor.id, r.meta.trigger])).toEqual([["operator", "cli"]]);
  }, 60_000);

  test("without the operator's private setting the browser may not reach localhost: failed with the guard's reason, and the last done scan stays", async () => {
    const result = await scan({ COOKIE_SCAN_ALLOW_PRIVATE: "0" });
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({ status: "failed", pages: 0, found: 0, trigger: "cli", itemsFrom: firstScan.finishedAt });
    expect(result.json.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address: refused \(COOKIE_SCAN_ALLOW_PRIVATE=1 allows private targets\)$/);
    expect(await scanItems(store, result.json.id)).toEqual([]);
    expect((await doneScans(store, site, 2)).map((s) => s.id)).toEqual([firstScan.id]);
  }, 60_000);

  test("a site that does not answer ends failed with the reason; the previous done scan's items stay the latest done", async () => {
    const closed = freePort();
    setDefaultUrl(`http://localhost:${closed}/`);
    try {
      const result = await scan();
      expect(result.code).toBe(0);
      expect(result.json).toMatchObject({ status: "failed", error: `http://localhost:${closed}/ did not answer: net::ERR_CONNECTION_REFUSED`, pages: 0, found: 0, itemsFrom: firstScan.finishedAt });
      expect((await latestScan(store, site))!.id).toBe(result.json.id);
      const [done] = await doneScans(store, site, 2);
      expect(done.id).toBe(firstScan.id);
      expect((await scanItems(store, done.id)).length).toBe(15);
    } finally {
      setDefaultUrl(SHOP);
    }
  }, 60_000);

  test("a start page off the site's verified domains fails the scan without a browser visit", async () => {
    setDefaultUrl(`${THIRD}/`);
    try {
      const seen = thirdPartyPaths.length;
      const result = await scan();
      expect(result.json).toMatchObject({ status: "failed", error: "127.0.0.1 is not a verified domain of this site" });
      expect(thirdPartyPaths.length).toBe(seen);
    } finally {
      setDefaultUrl(SHOP);
    }
  }, 60_000);

  test("inside the browser every request and redirect hop goes through the guard: with localhost passed as public, the script from 127.0.0.1 and the image redirected there are refused, never made, and the host still listed", async () => {
    const seen = thirdPartyPaths.length;
    // The guard is told localhost is a public address (Chromium still connects to the real one): only 127.0.0.1 is refused.
    const resolve = async (host: string) => (host === "localhost" ? [{ address: "93.184.216.34", family: 4 as const }] : dnsResolver(host));
    const outcome = await scanSite(
      { startUrl: SHOP, domains: [{ hostname: "localhost", includeSubdomains: false }] },
      { chromiumPath: CHROMIUM, maxPages: 10, timeoutMs: 60_000, allowPrivate: false, now: Date.now, resolve },
    );
    expect(outcome.status).toBe("done");
    if (outcome.status !== "done") return;
    expect(outcome.pages).toBe(2);
    expect(outcome.items.filter((i) => i.kind === "host").map((i) => `${i.pass} ${i.name}`)).toEqual(["1 127.0.0.1", "2 127.0.0.1"]);
    expect(thirdPartyPaths.length).toBe(seen);
  }, 60_000);

  test("no browser at CHROMIUM_PATH: failed with what to install, exit 0", async () => {
    const result = await scan({ CHROMIUM_PATH: "/nonexistent/chromium" });
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({ status: "failed", error: "No Chromium browser at /nonexistent/chromium: install Debian's chromium or set CHROMIUM_PATH", pages: 0, found: 0 });
  }, 30_000);

  test("the page budget: COOKIE_SCAN_MAX_PAGES=1 reads the start page only, and the scan is done", async () => {
    const result = await scan({ COOKIE_SCAN_MAX_PAGES: "1" });
    expect(result.json).toMatchObject({ status: "done", pages: 1, found: 7, error: null });
    expect((await scanItems(store, result.json.id)).some((r) => r.name === "seen_about")).toBe(false);
  }, 60_000);

  test("bad input: no --site, a malformed or unknown id → exit 2 with the flag's path; nothing queued", async () => {
    const count = async () => (await store.db.query.cookieScans.findMany()).length;
    const before = await count();
    for (const [args, message] of [
      [[], "is required"],
      [["--site", "nope"], "must be a 24-hex id"],
      [["--site", "0123456789abcdef01234567"], "not found"],
    ] as const) {
      const result = await runAdminAsync(stack.dataDir, ["cookies", "scan", ...args]);
      expect(result.code).toBe(2);
      expect(result.json.error.details).toEqual([{ path: "--site", message }]);
    }
    expect(await count()).toBe(before);
  });
});

describe("Scan now (dashboard) and the hooks service's worker", () => {
  test("owners and admins queue a scan (202) and the worker, woken, runs it; a second request meanwhile answers the same scan; analysts 403; another org's site or a stranger 404", async () => {
    const path = `/api/v1/orgs/${org}/sites/${site}/cookies/scan`;
    // The CLI's processes queued on the real clock; the stack's stands where it started.
    stack.clock.ms = Date.now();
    const { browser: admin, id: adminId } = await accounts.verifiedMember(org, "ada@example.com", "admin");
    const first = await admin.call("POST", path);
    expect(first.status).toBe(202);
    const queued = await first.json();
    const [lastDone] = await doneScans(store, site, 1);
    expect(queued).toEqual({ id: queued.id, status: "queued", startedAt: null, finishedAt: null, pages: 0, found: 0, error: null, trigger: "dashboard", itemsFrom: new Date(lastDone.finishedAt!).toISOString() });
    // The worker woke and took the scan (or is about to): the same one, no second.
    const again = await admin.call("POST", path);
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ id: queued.id, status: expect.stringMatching(/^(queued|running)$/), trigger: "dashboard" });

    const analyst = (await accounts.verifiedMember(org, "ann@example.com", "analyst")).browser;
    const refused = await analyst.call("POST", path);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe("FORBIDDEN");

    const other = must(stack.admin("org", "create", "--name", "Other"));
    const otherSite = must(stack.admin("site", "create", "--org", other.id, "--name", "Other", "--domain", "other.test"));
    expect((await admin.call("POST", `/api/v1/orgs/${org}/sites/${otherSite.id}/cookies/scan`)).status).toBe(404);
    expect((await admin.call("POST", `/api/v1/orgs/${other.id}/sites/${otherSite.id}/cookies/scan`)).status).toBe(404);
    // A session's POST from another origin is refused (CSRF).
    expect((await admin.call("POST", path, undefined, { origin: "https://evil.example" })).status).toBe(403);

    expect((await scanRequests(queued.id)).map((r) => [r.actor.id, r.label.replace("already running", "already queued"), r.meta.alreadyQueued])).toEqual([
      [adminId, "Cookie scan of localhost requested (one was already queued)", true],
      [adminId, "Cookie scan of localhost requested", false],
    ]);

    // A pass asked for now runs after the woken one: the scan has ended by then.
    expect(await worker.kick()).toMatchObject({ scheduled: 0, done: 0, failed: 0 });
    const ran = (await latestScan(store, site))!;
    expect(ran).toMatchObject({ id: queued.id, status: "done", trigger: "dashboard", pages: 2, found: 8, error: null, leaseUntil: null });
    expect(itemsOf(await scanItems(store, ran.id), 2)).toEqual(itemsOf(await scanItems(store, firstScan.id), 2));
    // Done now, so "Scan now" queues a new one.
    const next = await (await admin.call("POST", path)).json();
    expect(next.id).not.toBe(queued.id);
    await worker.kick();
    expect((await latestScan(store, site))!).toMatchObject({ id: next.id, status: "done" });
  }, 90_000);

  test("the schedule: a site with a verified domain is due once its latest scan was queued more than COOKIE_SCAN_INTERVAL_DAYS ago; 0 turns it off", async () => {
    const last = (await latestScan(store, site))!;
    const settings = stack.platform.settings;
    try {
      settings.cookieScanIntervalDays = 0;
      stack.clock.ms = last.queuedAt + 30 * DAY;
      expect(await worker.kick()).toMatchObject({ scheduled: 0, done: 0, failed: 0 });

      settings.cookieScanIntervalDays = 7;
      stack.clock.ms = last.queuedAt + 7 * DAY;
      expect(await worker.kick()).toMatchObject({ scheduled: 0, done: 0, failed: 0 });
      expect((await latestScan(store, site))!.id).toBe(last.id);

      stack.clock.ms = last.queuedAt + 7 * DAY + 1;
      // Only the bootstrap site has a verified domain: the other org's site is not scanned.
      expect(await worker.kick()).toMatchObject({ scheduled: 1, done: 1, failed: 0 });
      const scheduled = (await latestScan(store, site))!;
      expect(scheduled).toMatchObject({ status: "done", trigger: "schedule", queuedAt: stack.clock.ms, startedAt: stack.clock.ms, pages: 2, found: 8 });
      expect(await worker.kick()).toMatchObject({ scheduled: 0, done: 0 });
    } finally {
      settings.cookieScanIntervalDays = 0;
    }
  }, 90_000);

  test("a worker stopped in the middle of a scan closes its browser and gives the scan back to the queue", async () => {
    setDefaultUrl(`${SHOP}slow`);
    const own = new ScanWorker(stack.platform);
    try {
      const { scan: row } = await queueScan(store, site, "cli", stack.clock.ms);
      const pass = own.kick();
      for (let i = 0; i < 100 && (await latestScan(store, site))!.status !== "running"; i++) await Bun.sleep(50);
      expect((await latestScan(store, site))!.status).toBe("running");
      await Bun.sleep(500);
      const stopped = performance.now();
      await own.stop();
      expect(performance.now() - stopped).toBeLessThan(5000);
      expect(await pass).toMatchObject({ done: 0, failed: 0 });
      expect((await latestScan(store, site))!).toMatchObject({ id: row.id, status: "queued", startedAt: null, leaseUntil: null, finishedAt: null });
    } finally {
      setDefaultUrl(SHOP);
    }
    // The stack's worker runs it (the shop answers again: the start page is the home page).
    await worker.kick();
    expect((await latestScan(store, site))!).toMatchObject({ status: "done", pages: 2 });
  }, 60_000);

  test("a running scan whose lease ran out is taken over; a live one is not", async () => {
    const now = stack.clock.ms;
    const { scan: row } = await queueScan(store, site, "cli", now);
    const held = (await claimScan(store, row.id, now, 1000))!;
    expect(held.status).toBe("running");
    expect(await claimScan(store, row.id, now + 1000, 1000)).toBeNull();
    const taken = await claimScan(store, row.id, held.leaseUntil! + 1, 1000);
    expect(taken).toMatchObject({ status: "running", startedAt: held.leaseUntil! + 1 });
    // The first holder's finish is refused: the scan is the new holder's.
    expect(await finishScan(store, held, { status: "failed", error: "late" }, now)).toBeNull();
    expect(await finishScan(store, taken!, { status: "failed", error: "ended by the test" }, now)).toMatchObject({ status: "failed", error: "ended by the test" });
  });

  test("a scan the CLI starts is claimed from the moment it exists: a worker's pass in between does not take it", async () => {
    const now = stack.clock.ms;
    const { scan: mine, created } = await queueScan(store, site, "cli", now, 120_000);
    expect(created).toBe(true);
    expect(mine).toMatchObject({ status: "running", startedAt: now });
    expect(await worker.kick()).toMatchObject({ done: 0, failed: 0 });
    expect((await latestScan(store, site))!).toMatchObject({ id: mine.id, status: "running", leaseUntil: mine.leaseUntil });
    expect(await finishScan(store, mine, { status: "failed", error: "ended by the test" }, now)).toMatchObject({ status: "failed" });
  });
});
