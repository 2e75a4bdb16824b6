/**
 * `bun run screenshots [--out DIR] [--visitors 3000] [--days 30]`: PNGs of every dashboard page at
 * 1440 px and 390 px wide, light and dark, on a demo-seeded store, for review (not committed).
 * Starts the server as `npm start` does (services/router/main.ts) on a fresh store in a temporary
 * folder, seeds the bootstrap site with `admin demo seed`, signs in as the bootstrap owner in
 * Debian's Chromium (CHROMIUM_PATH to use another), and prints the folder it wrote to.
 */
import { chromium, type Page } from "playwright-core";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ACCOUNT_PAGE, SITE_PAGES, WORKSPACE_PAGES } from "../services/dashboard/web/site-pages.ts";
import { DEMO_FUNNEL } from "../lib/demo/funnel.ts";

const ROOT = join(import.meta.dir, "..");
const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const count = (name: string, fallback: number) => {
  const value = Number(arg(name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const out = resolve(arg("out") ?? mkdtempSync(join(tmpdir(), "tidemark-screenshots-")));
const visitors = count("visitors", 3000);
const days = count("days", 30);
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
/** A desktop Chrome user agent: HeadlessChrome's own is dropped by the bot filter. */
const USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

/** Views that are not a page's default: a funnel broken down, and explore's other kinds. */
const EXTRA_VIEWS: Record<string, string> = {
  "funnels-by-channel": "funnels?breakdown=channel",
  "explore-segments": "explore?kind=segments&s0=Desktop&s0f=device:is:desktop&s1=Mobile&s1f=device:is:mobile",
  "explore-retention": "explore?kind=retention",
  "explore-paths": "explore?kind=paths",
  "library-channel-performance": "library/channel_performance",
  "library-leads": "library/leads",
};

mkdirSync(out, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-screenshots-store-"));
const port = (() => {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const free = probe.port!;
  probe.stop(true);
  return free;
})();
const origin = `http://localhost:${port}`;
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: origin, LOG_REQUESTS: "0" };
const server = Bun.spawn([process.execPath, join(ROOT, "services/router/main.ts")], { cwd: ROOT, env, stdout: "ignore", stderr: "inherit" });

try {
  for (let ready = false; !ready; await Bun.sleep(100)) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    ready = await fetch(`${origin}/healthz`).then((r) => r.ok, () => false);
  }
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8")) as { orgId: string; siteId: string; ownerEmail: string; ownerPassword: string };
  const seed = Bun.spawn([process.execPath, join(ROOT, "scripts/admin.ts"), "demo", "seed", "--site", boot.siteId, "--visitors", String(visitors), "--days", String(days)], { cwd: ROOT, env, stdout: "ignore", stderr: "inherit" });
  if ((await seed.exited) !== 0) throw new Error("demo seed failed");
  // A saved funnel, so the funnels page shows one run (saved funnels come from the admin CLI).
  const funnelFile = join(dataDir, "demo-funnel.json");
  writeFileSync(funnelFile, JSON.stringify(DEMO_FUNNEL));
  const funnel = Bun.spawn([process.execPath, join(ROOT, "scripts/admin.ts"), "funnel", "create", "--site", boot.siteId, "--file", funnelFile], { cwd: ROOT, env, stdout: "ignore", stderr: "inherit" });
  if ((await funnel.exited) !== 0) throw new Error("funnel create failed");
  // The nightly recommendations job now, so the Recommendations page shows the site's figures and items.
  const recommendations = Bun.spawn([process.execPath, join(ROOT, "scripts/admin.ts"), "recommendations", "compute"], { cwd: ROOT, env, stdout: "ignore", stderr: "inherit" });
  if ((await recommendations.exited) !== 0) throw new Error("recommendations compute failed");

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    for (const scheme of ["light", "dark"] as const) {
      for (const size of WIDTHS) {
        const context = await browser.newContext({ viewport: size, userAgent: USER_AGENT, colorScheme: scheme });
        const page = await context.newPage();
        const shot = (name: string) => page.screenshot({ path: join(out, `${name}-${size.width}-${scheme}.png`), fullPage: true });
        await page.goto(`${origin}/sign-in`);
        await page.getByLabel("E-mail").waitFor();
        await shot("sign-in");
        await page.getByLabel("E-mail").fill(boot.ownerEmail);
        await page.getByLabel("Password").fill(boot.ownerPassword);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.locator('[data-kpi="sessions"]').waitFor();
        for (const { key } of SITE_PAGES) {
          await page.goto(`${origin}/orgs/${boot.orgId}/sites/${boot.siteId}/${key}`);
          await settled(page);
          await shot(key);
        }
        for (const [name, view] of Object.entries(EXTRA_VIEWS)) {
          await page.goto(`${origin}/orgs/${boot.orgId}/sites/${boot.siteId}/${view}`);
          await settled(page);
          await shot(name);
        }
        for (const { key } of WORKSPACE_PAGES) {
          await page.goto(`${origin}/orgs/${boot.orgId}/${key}`);
          await settled(page);
          await shot(`workspace-${key}`);
        }
        await page.goto(`${origin}/${ACCOUNT_PAGE.key}`);
        await settled(page);
        await shot(ACCOUNT_PAGE.key);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots of ${SITE_PAGES.length + Object.keys(EXTRA_VIEWS).length + WORKSPACE_PAGES.length + 2} pages × ${WIDTHS.length} widths × 2 themes: ${out}`);
} finally {
  server.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

/** Waits until the page shows no loading state and the network is quiet. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
}
