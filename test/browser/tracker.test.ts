import { afterAll, beforeAll, expect, test } from "bun:test";
import { chromium, type Browser, type Page } from "playwright-core";
import { existsSync } from "node:fs";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { CHROME_UA, openTenant } from "../helpers/hits.ts";
import { until } from "../helpers/browser-page.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let s: TestStack;
let browser: Browser;
let pages: ReturnType<typeof Bun.serve>;

function html(title: string, body: string, scriptUrl: string, siteKey: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script>window.tidemark=window.tidemark||function(){(tidemark.q=tidemark.q||[]).push(arguments)};tidemark('event','queued_before_load',{early:true});</script>
<script defer src="${scriptUrl}" data-site="${siteKey}"></script></head>
<body style="margin:0"><h1>${title}</h1>${body}<div style="height:5000px"></div><p id="end">end</p></body></html>`;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium); .ci/run does`);
  s = await startStack();
  const script = `http://localhost:${s.port}/v1/script.js`;
  const key = s.bootstrap!.siteKey;
  const index = html(
    "Home",
    `<a id="out" href="https://partner.example.org/offer" onclick="event.preventDefault()">Partner</a>
     <a id="dl" href="/files/report.pdf" onclick="event.preventDefault()">Report</a>
     <form id="contact" onsubmit="event.preventDefault()"><input name="q"><button id="send">Send</button></form>`,
    script,
    key,
  );
  pages = Bun.serve({
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === "/about.html") return new Response(html("About", "<p>About us</p>", script, key), { headers: { "content-type": "text/html" } });
      return new Response(index, { headers: { "content-type": "text/html" } });
    },
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // A browser-wide user agent: headless Chromium's own ("HeadlessChrome") is a bot by isbot's list,
    // and page-level overrides do not reach beacons sent while a page unloads.
    args: [`--user-agent=${CHROME_UA}`, "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  pages?.stop(true);
  await s?.close();
});

const tenant = () => openTenant(s.dataDir, s.bootstrap!.orgId);

/** What the server stored, once it is there. */
const waitFor = until;

async function click(page: Page, role: string) {
  await page.getByRole("button", { name: role }).click();
}

test("a visit with every kind of hit is stored exactly", async () => {
  const context = await browser.newContext({ userAgent: CHROME_UA, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (process.env.DEBUG_TRACKER) page.on("request", (r) => r.url().includes("/v1/collect") && console.log(r.method(), r.headers()["content-type"], r.postData()?.slice(0, 400)));
  if (process.env.DEBUG_TRACKER) page.on("console", (m) => console.log("console:", m.text()));
  const origin = `http://localhost:${pages.port}`;
  await page.goto(`${origin}/index.html?utm_source=newsletter&utm_medium=email&utm_campaign=launch`);
  // The consent dialog (opt-in by default) is accessible and can be declined.
  const dialog = page.getByRole("dialog", { name: "Your privacy" });
  await dialog.waitFor();
  await click(page, "Decline");
  await page.evaluate(() => (window as any).tidemark("event", "cta_click", { variant: "a" }));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.click("#out");
  await page.click("#dl");
  await page.click("#send");
  await page.evaluate(() => history.pushState({}, "", "/app/step2"));
  await page.evaluate(() => {
    const t = (window as any).tidemark;
    t("conversion", { name: "purchase", value: 25, currency: "USD", orderId: "ORD-9" });
    t("conversion", { name: "purchase", value: 25, currency: "USD", orderId: "ORD-9" });
    t("identify", { userId: "ann@example.com" }); // refused by the script
    t("identify", { userId: "cust-7" });
  });
  // Consent granted later through the preferences dialog.
  await page.evaluate(() => (window as any).tidemark("showPreferences"));
  await page.getByLabel("Analytics: remember my visits").check();
  await page.getByLabel("Marketing: remember campaigns").check();
  await click(page, "Save choices");
  const storedVid = await page.evaluate(() => localStorage.getItem("tm_vid"));
  // A UUIDv7 whose time part is now: time-ordered ids keep the server's indexes compact.
  expect(storedVid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(Math.abs(parseInt(storedVid!.replace(/-/g, "").slice(0, 12), 16) - Date.now())).toBeLessThan(60_000);
  await page.goto(`${origin}/about.html`);
  await Bun.sleep(300);
  await page.goto("about:blank"); // page hide: engagement and vitals go out with the beacon
  await context.close();

  const db = tenant();
  try {
    const sessions = await waitFor(() => {
      const rows = db.query("SELECT * FROM sessions WHERE visitor_id = ?").all(storedVid!) as any[];
      return rows.length > 0 && rows[0].pageviews === 3 ? rows : null;
    }, "three pageviews");
    expect(sessions).toHaveLength(1);
    const x = sessions[0];
    expect(x).toMatchObject({
      landing_path: "/index.html",
      exit_path: "/about.html",
      pageviews: 3,
      conversions: 1,
      revenue: 25,
      engaged: 1,
      channel: "email",
      browser: "Chrome",
      device: "desktop",
      language: "en-US",
      consent_analytics: 1,
      consent_marketing: 1,
    });
    // The page-hide beacons (engagement and web vitals of both full pages) arrive last.
    await waitFor(() => (db.query("SELECT count(*) AS n FROM events WHERE session_id = ? AND type = 'vital' AND name = 'TTFB'").get(x.id) as any).n >= 2, "vitals of both pages");
    const counts = Object.fromEntries(
      (db.query("SELECT type, count(*) AS n FROM events WHERE session_id = ? GROUP BY type").all(x.id) as any[]).map((r) => [r.type, r.n]),
    );
    // Each page queues one event before the script loads: two pages, two queued events, plus one custom event.
    expect(counts).toMatchObject({ pageview: 3, consent: 2, event: 3, scroll: 4, outbound: 1, download: 1, form_submit: 1, conversion: 1, identify: 1 });
    const ev = (type: string) => db.query("SELECT name, path, href, value, props FROM events WHERE session_id = ? AND type = ? ORDER BY ts").all(x.id, type) as any[];
    expect(ev("pageview").map((e) => e.path)).toEqual(["/index.html", "/app/step2", "/about.html"]);
    expect(ev("event").map((e) => [e.name, e.props])).toEqual([["queued_before_load", '{"early":true}'], ["cta_click", '{"variant":"a"}'], ["queued_before_load", '{"early":true}']]);
    expect(ev("scroll").map((e) => e.value)).toEqual([25, 50, 75, 90]);
    expect(ev("outbound")[0].href).toBe("https://partner.example.org/offer");
    expect(ev("download")[0].href).toBe(`${origin}/files/report.pdf`);
    expect(ev("form_submit")[0].name).toBe("contact");
    expect(ev("conversion")[0]).toMatchObject({ name: "purchase", value: 25 });
    expect(ev("identify")[0].name).toBe("cust-7");
    expect(ev("consent").map((e) => e.props)).toEqual(['{"analytics":false,"marketing":false}', '{"analytics":true,"marketing":true}']);
    const engaged = (db.query("SELECT engaged_ms FROM sessions WHERE id = ?").get(x.id) as any).engaged_ms;
    expect(engaged).toBeGreaterThan(0);
    const vitals = ev("vital").map((e) => e.name);
    expect(vitals).toContain("TTFB");
    expect(vitals).toContain("FCP");
    const visitor = db.query("SELECT * FROM visitors WHERE id = ?").get(storedVid!) as any;
    expect(visitor).toMatchObject({ sessions: 1, user_id: "cust-7", consented: 1 });
    expect((db.query("SELECT analytics, marketing FROM consent_log WHERE session_id = ? ORDER BY at").all(x.id) as any[])).toEqual([
      { analytics: 0, marketing: 0 },
      { analytics: 1, marketing: 1 },
    ]);
  } finally {
    db.close();
  }
}, 60_000);

test("without consent the visitor id lives only in the tab", async () => {
  const context = await browser.newContext({ userAgent: CHROME_UA });
  const page = await context.newPage();
  await page.goto(`http://localhost:${pages.port}/index.html`);
  await page.getByRole("dialog").waitFor();
  await click(page, "Decline");
  await page.waitForFunction(() => sessionStorage.getItem("tm_vid"));
  const ids = await page.evaluate(() => ({ ls: localStorage.getItem("tm_vid"), ss: sessionStorage.getItem("tm_vid"), choice: localStorage.getItem("tm_consent") }));
  expect(ids.ls).toBeNull();
  expect(ids.ss).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(ids.choice!)).toMatchObject({ a: 0, m: 0 });
  // A second tab is another visitor id.
  const other = await context.newPage();
  await other.goto(`http://localhost:${pages.port}/about.html`);
  await other.waitForFunction(() => sessionStorage.getItem("tm_vid"));
  const otherId = await other.evaluate(() => sessionStorage.getItem("tm_vid"));
  expect(otherId).not.toBe(ids.ss);
  await context.close();
}, 30_000);

test("Do-Not-Track / GPC visitors are not tracked and see no dialog", async () => {
  const context = await browser.newContext({ userAgent: CHROME_UA, extraHTTPHeaders: {} });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(`http://localhost:${pages.port}/index.html?dnt=1`);
  await Bun.sleep(1500);
  expect(await page.getByRole("dialog").count()).toBe(0);
  expect(requests.filter((u) => u.includes("/v1/collect"))).toEqual([]);
  await context.close();
}, 30_000);

test("a page on a foreign origin stores nothing", async () => {
  const db = tenant();
  const before = (db.query("SELECT count(*) AS n FROM events").get() as any).n;
  db.close();
  const context = await browser.newContext({ userAgent: CHROME_UA });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${pages.port}/index.html`);
  await page.getByRole("dialog").waitFor();
  await click(page, "Accept");
  await page.evaluate(() => (window as any).tidemark("event", "foreign"));
  await Bun.sleep(1500);
  await page.goto("about:blank");
  await context.close();
  const status = (await (await s.api(`/api/v1/orgs/${s.bootstrap!.orgId}/sites/${s.bootstrap!.siteId}/status`, s.bootstrap!.key)).json()) as any;
  // The page's hits were answered 403 before the page closed, so the count is already there.
  expect(status.rejectedHosts.find((h: any) => h.host === "127.0.0.1").hits).toBeGreaterThanOrEqual(1);
  const after = tenant();
  expect((after.query("SELECT count(*) AS n FROM events").get() as any).n).toBe(before);
  after.close();
}, 30_000);

test("opt-out mode: remembered at once, forgotten when the visitor declines", async () => {
  const optOut = must(s.admin("site", "create", "--org", s.bootstrap!.orgId, "--name", "Opt-out", "--domain", "127.0.0.1"));
  must(s.admin("domain", "verify", "--site", optOut.id, "--hostname", "127.0.0.1", "--force"));
  must(s.admin("site", "consent", "--site", optOut.id, "--mode", "opt-out"));
  const script = `http://localhost:${s.port}/v1/script.js`;
  const page2 = Bun.serve({ port: 0, fetch: () => new Response(html("Opt-out", "<p>x</p>", script, optOut.siteKey), { headers: { "content-type": "text/html" } }) });
  const context = await browser.newContext({ userAgent: CHROME_UA });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${page2.port}/`);
    await page.getByRole("dialog").waitFor();
    await page.waitForFunction(() => localStorage.getItem("tm_vid"));
    const vid = await page.evaluate(() => localStorage.getItem("tm_vid"));
    await click(page, "Decline");
    expect(await page.evaluate(() => localStorage.getItem("tm_vid"))).toBeNull();
    const db = tenant();
    try {
      const visitor = await waitFor(() => db.query("SELECT consented FROM visitors WHERE id = ?").get(vid!) as any, "opt-out visitor");
      expect(visitor.consented).toBe(1);
      const log = await waitFor(() => (db.query("SELECT analytics, marketing FROM consent_log WHERE visitor_id = ?").all(vid!) as any[]).length > 0 && db.query("SELECT analytics, marketing FROM consent_log WHERE visitor_id = ?").all(vid!), "consent log");
      expect(log).toEqual([{ analytics: 0, marketing: 0 }]);
    } finally {
      db.close();
    }
  } finally {
    await context.close();
    page2.stop(true);
  }
}, 30_000);
