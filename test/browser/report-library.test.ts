import { beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { parse } from "csv-parse/sync";
import { Temporal } from "temporal-polyfill";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { asOwner, dashboardInChromium, enrolTwoFactor, inPage, signInWith, verifiedMembers } from "../helpers/browser-page.ts";
import { REPORT_DEFINITIONS } from "../../lib/reports/catalogue.ts";
import { SPEC_LIBRARY_REPORT_COUNT } from "../helpers/spec-counts.ts";
import type { ReportCatalogue, ReportResult } from "../../lib/reports/models.ts";

/**
 * The report library in Debian's Chromium against the real server (docs/dashboard.md "Report
 * library"): every report of the catalogue by category; Daily KPIs over a three-day range of a small
 * fixture, row for row as worked out by hand; its CSV download equals the table; a viewer gets
 * no export links and no schedule buttons; a schedule made through the dialog (a bad recipient
 * answered beside its field first) is listed with its next send in the site's timezone, paused,
 * resumed and deleted; axe at 1440 and 390 px.
 */

const TZ = "Europe/Berlin";
const HOUR = 3_600_000;
const VIEWER = { email: "vic@example.com", password: "a long enough viewer phrase" };

// SMTP_URL set (nothing is sent: every recipient here is a member, so no confirmation mail goes out).
const running = dashboardInChromium("tm-report-library-", { SMTP_URL: "smtp://127.0.0.1:1" });
let server: Proc;
let browser: Browser;
let origin: string;
let boot: { orgId: string; siteId: string; siteKey: string; key: string; ownerEmail: string; ownerPassword: string };
let base: string;
/** The fixture's three days in the site's timezone: two visitors on the first, one with three pages and a purchase on the second, nobody on the third (today). */
let days: string[];

beforeAll(async () => {
  const { dataDir } = running;
  ({ server, origin, boot, browser } = running);
  base = `${origin}/orgs/${boot.orgId}/sites/${boot.siteId}`;
  // The site's timezone is Berlin (there is no `admin site update`; the control store's data_version tells the server).
  const control = new Database(join(dataDir, "control.sqlite"));
  control.run("UPDATE sites SET timezone = ? WHERE id = ?", [TZ, boot.siteId]);
  control.close();

  const today = Temporal.Now.plainDateISO(TZ);
  // Ingest takes events up to 72 hours old: the two days before today, and today without a hit.
  days = [2, 1, 0].map((n) => today.subtract({ days: n }).toString());
  // Noon UTC is 13:00 or 14:00 in Berlin: the same date on both sides.
  const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);
  const page = (path: string, at: number) => ev("pageview", at, { u: `http://localhost${path}`, ti: path });
  const send = async (events: Record<string, unknown>[]) => expect((await post(server.url, batch(boot.siteKey, events, { vid: uuid(), sid: uuid() }))).status).toBe(202);
  await send([page("/", noon(days[0]!))]);
  await send([page("/pricing", noon(days[0]!) + HOUR)]);
  await send([page("/", noon(days[1]!)), page("/pricing", noon(days[1]!) + 60_000), page("/buy", noon(days[1]!) + 120_000), ev("conversion", noon(days[1]!) + 180_000, { n: "buy", val: 49 })]);
  verifiedMembers(dataDir, boot.orgId, [{ ...VIEWER, role: "viewer" }]);
}, 90_000);

async function bearer<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}${path}`, { headers: { authorization: `Bearer ${boot.key}` } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const range = () => `from=${days[0]}&to=${days[2]}`;
const kpiDaily = () => bearer<ReportResult>(`/reports/kpi_daily?${range()}`);

/** Opens a page and waits until nothing on it is loading. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator("main h1").waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
}

async function tableCells(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole("table", { name: caption });
  await table.waitFor();
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td"), (td) => td.textContent ?? "")));
}

test("the library lists every report of the catalogue by category, the PII ones marked", async () => {
  await asOwner(browser, origin, boot, async (page) => {
    await open(page, `${base}/library`);
    const links = await page.locator(".library-list li > a").allTextContents();
    expect(links).toEqual(REPORT_DEFINITIONS.map((r) => r.title));
    expect(links).toHaveLength(SPEC_LIBRARY_REPORT_COUNT);
    const categories = [...new Set(REPORT_DEFINITIONS.map((r) => r.category))];
    expect(await page.locator(".library-category h2").allTextContents()).toEqual(categories);
    const marked = await page.locator(".library-list li", { has: page.locator(".badge") }).locator("> a").allTextContents();
    expect(marked).toEqual(REPORT_DEFINITIONS.filter((r) => r.pii).map((r) => r.title));
    await page.getByRole("link", { name: "Daily KPIs" }).click();
    await page.getByRole("heading", { name: "Daily KPIs" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/orgs/${boot.orgId}/sites/${boot.siteId}/library/kpi_daily`);
  });
});

test("Daily KPIs shows the fixture's rows as worked out by hand, and its CSV download equals the table", async () => {
  // Ingest has stored the fixture once the read API counts it.
  const deadline = Date.now() + 15_000;
  while ((await kpiDaily()).rows.reduce((n, r) => n + Number(r.pageviews), 0) < 5 && Date.now() < deadline) await Bun.sleep(100);
  await asOwner(browser, origin, boot, async (page) => {
    await open(page, `${base}/library/kpi_daily?${range()}`);
    const caption = `Daily KPIs, ${days[0]} to ${days[2]}`;
    expect(await page.locator(`table:has(caption:text-is("${caption}")) thead th`).allTextContents()).toEqual(["Date", "Users", "Sessions", "Pageviews", "Conversions"]);
    const cells = await tableCells(page, caption);
    expect(cells).toEqual([
      [days[0]!, "2", "2", "2", "0"],
      [days[1]!, "1", "1", "3", "1"],
      [days[2]!, "0", "0", "0", "0"],
    ]);
    expect(await page.locator(".table-count").textContent()).toBe("Showing 3 of 3 rows.");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toEndWith(`_kpi_daily_${days[0]}_${days[2]}.csv`);
    const text = readFileSync((await download.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual(["Date", "Users", "Sessions", "Pageviews", "Conversions"]);
    expect(rows).toEqual(cells);
    const xlsx = page.getByRole("link", { name: "Export XLSX" });
    expect(await xlsx.getAttribute("href")).toBe(`/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/reports/kpi_daily?format=xlsx&from=${days[0]}&to=${days[2]}`);
  });
});

test("a viewer reads the report without export links or schedule buttons, and is told why", async () => {
  await inPage(browser, async (page) => {
    await signInWith(page, origin, VIEWER, "Report library");
    await open(page, `${base}/library/kpi_daily?${range()}`);
    await page.getByRole("table", { name: `Daily KPIs, ${days[0]} to ${days[2]}` }).waitFor();
    expect(await page.getByRole("link", { name: /^Export/ }).count()).toBe(0);
    await page.getByText("Exporting needs the permission reports.export, which your role does not hold.").waitFor();
    expect(await page.getByRole("button", { name: "Schedule this report" }).count()).toBe(0);
    await page.getByText(/Schedules are read-only here/).waitFor();
  });
});

/** The next Monday 08:00 in Berlin after now, as the page writes it ("YYYY-MM-DD 08:00"). */
function nextMondayEight(): string {
  const now = Temporal.Now.zonedDateTimeISO(TZ);
  for (let i = 0; ; i++) {
    const day = now.toPlainDate().add({ days: i });
    const at = day.toZonedDateTime({ timeZone: TZ, plainTime: "08:00" });
    if (day.dayOfWeek === 1 && Temporal.ZonedDateTime.compare(at, now) > 0) return `${day} 08:00`;
  }
}

test("a schedule made through the dialog (a bad recipient refused beside its field) is listed with its next send in Berlin, paused, resumed and deleted", async () => {
  await asOwner(browser, origin, boot, async (page) => {
    page.on("dialog", (d) => void d.accept());
    await open(page, `${base}/library/kpi_daily?${range()}`);
    const caption = "Daily KPIs: sends";
    expect(await tableCells(page, caption)).toEqual([["No schedule yet."]]);
    await page.getByRole("button", { name: "Schedule this report" }).click();
    const dialog = page.getByRole("dialog", { name: "New schedule" });
    expect(await dialog.getByLabel("Report").inputValue()).toBe("kpi_daily");
    await dialog.getByLabel("Frequency").selectOption("weekly");
    await dialog.getByLabel("Day of the week").selectOption({ label: "Monday" });
    await dialog.getByLabel(`Time (${TZ})`).fill("08:00");
    const recipients = dialog.getByLabel(/^Recipients/);
    await recipients.fill(`${boot.ownerEmail}, not-an-address`);
    await dialog.getByRole("button", { name: "Create schedule" }).click();
    await dialog.locator("#problem-recipients").waitFor();
    expect(await dialog.locator("#problem-recipients").textContent()).toBe("is not an e-mail address");
    expect(await recipients.getAttribute("aria-invalid")).toBe("true");
    expect(await recipients.getAttribute("aria-describedby")).toBe("problem-recipients");
    expect((await bearer<ReportCatalogue>("/reports")).schedules).toEqual([]);

    await recipients.fill(boot.ownerEmail);
    await dialog.getByLabel("Attachment").selectOption("xlsx");
    await dialog.getByRole("button", { name: "Create schedule" }).click();
    await dialog.waitFor({ state: "detached" });
    const next = nextMondayEight();
    const [stored] = (await bearer<ReportCatalogue>("/reports")).schedules;
    expect(stored).toMatchObject({ reportKey: "kpi_daily", frequency: "weekly", weekday: 1, at: "08:00", format: "xlsx", timezone: TZ, active: true, recipients: [boot.ownerEmail.toLowerCase()] });
    expect(Temporal.Instant.from(stored!.nextRunAt!).toZonedDateTimeISO(TZ).toString().slice(0, 16).replace("T", " ")).toBe(next);
    const row = (state: string, nextSend: string) => ["Weekly on Monday at 08:00", "XLSX", boot.ownerEmail.toLowerCase(), nextSend, "Not sent yet", state, stored!.owner ?? "", "EditPauseDelete".replace("Pause", state === "Active" ? "Pause" : "Resume")];
    await page.getByRole("cell", { name: next }).waitFor();
    expect(await tableCells(page, caption)).toEqual([row("Active", next)]);

    await page.getByRole("button", { name: /^Pause Daily KPIs/ }).click();
    await page.getByRole("button", { name: /^Resume Daily KPIs/ }).waitFor();
    expect(await tableCells(page, caption)).toEqual([row("Paused", "—")]);
    expect((await bearer<ReportCatalogue>("/reports")).schedules[0]).toMatchObject({ active: false, pausedReason: "paused", nextRunAt: null });

    await page.getByRole("button", { name: /^Resume Daily KPIs/ }).click();
    await page.getByRole("button", { name: /^Pause Daily KPIs/ }).waitFor();
    expect(await tableCells(page, caption)).toEqual([row("Active", next)]);

    // The library page lists it too, with the report's name linking to its page.
    await open(page, `${base}/library`);
    expect(await tableCells(page, "Schedules of this site")).toEqual([["Daily KPIs", ...row("Active", next)]]);

    await page.getByRole("button", { name: /^Delete Daily KPIs/ }).click();
    await page.getByRole("cell", { name: "No schedule yet." }).waitFor();
    expect((await bearer<ReportCatalogue>("/reports")).schedules).toEqual([]);
  });
});

test("axe finds nothing serious on the library, a report and the schedule dialog at 1440 and 390 px", async () => {
  for (const width of [1440, 390]) {
    await asOwner(
      browser,
      origin,
      boot,
      async (page) => {
        await open(page, `${base}/library`);
        expect(await seriousViolations(page)).toEqual([]);
        await open(page, `${base}/library/kpi_daily?${range()}`);
        await page.getByRole("table", { name: `Daily KPIs, ${days[0]} to ${days[2]}` }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole("button", { name: "Schedule this report" }).click();
        await page.getByRole("dialog", { name: "New schedule" }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      },
      width,
    );
  }
});

test("a pii report's CSV downloads through the step-up dialog: no plain link, a code asked, then the file with the contacts", async () => {
  const ANALYST = { email: "ana@example.com", password: "a long enough analyst phrase" };
  verifiedMembers(running.dataDir, boot.orgId, [{ ...ANALYST, role: "analyst" }]);
  const store = new Database(join(running.dataDir, `${boot.orgId}.sqlite`));
  store
    .query(`INSERT INTO leads (id, site_id, created_at, source, source_name, name, email, phone, company, message, path, country, channel, campaign, source_medium)
      VALUES ('0000000000000000000000d1', ?, ?, 'api', 'Webhook', 'Bea Smith', 'bea@example.com', NULL, NULL, NULL, '/contact', 'GB', 'direct', NULL, '(direct) / (none)')`)
    .run(boot.siteId, Date.parse(`${days[1]}T12:00:00Z`));
  store.close();
  await inPage(browser, async (page) => {
    await signInWith(page, origin, ANALYST, "Report library");
    const app = await enrolTwoFactor(page, origin, ANALYST.password);
    await open(page, `${base}/library/leads?${range()}`);
    await page.getByRole("table", { name: `Leads, ${days[0]} to ${days[2]}` }).getByText("bea@example.com").waitFor();
    expect(await page.getByRole("link", { name: /^Export/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Export CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent("download");
    await dialog.getByLabel("6-digit code").fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toEndWith(`_leads_${days[0]}_${days[2]}.csv`);
    const [header, ...rows] = parse(readFileSync((await file.path())!, "utf8"), { bom: true }) as string[][];
    expect(rows.map((r) => r[header!.indexOf("E-mail")])).toEqual(["bea@example.com"]);
  });
});
