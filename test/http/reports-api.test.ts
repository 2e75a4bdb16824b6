import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { read, type CellObject } from "xlsx";
import { must, type TestStack } from "../helpers/stack.ts";
import { startDashboardStack, type Browser } from "../helpers/session-browser.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { PERMISSIONS } from "../../lib/auth/permissions.ts";
import { REPORT_DEFINITIONS, REPORT_KEYS, type ReportKey } from "../../lib/reports/catalogue.ts";
import { SPEC_LIBRARY_REPORT_COUNT } from "../helpers/spec-counts.ts";

/**
 * The report library's two read routes (spec 4.8; docs/reports.md) over HTTP. Site: the
 * bootstrap site "localhost" (UTC, USD); "now" 2026-11-20 12:00 UTC; range 2026-11-10 … 11-12.
 *
 * Visits (/v1/collect):
 * - V1 11-10 09:00: pageviews / and /pricing, a conversion "buy" of 49.5 at 09:05 → 1 session.
 * - V2 11-10 15:00: pageview "/=cmd" titled "=SUM(A1)" with utm_campaign "+spring", source "-x", medium "@cpc".
 * - 11-11: nothing (a zero day).
 * - V1 11-12 10:00 from news.example.com: pageview / and a custom event "=download" (a second session of a returning visitor).
 *
 * kpi_daily, worked out by hand:
 * | date       | users | sessions | pageviews | conversions |
 * | 2026-11-10 | 2     | 2        | 3         | 1           |
 * | 2026-11-11 | 0     | 0        | 0         | 0           |
 * | 2026-11-12 | 1     | 1        | 1         | 0           |
 *
 * Leads (stored rows): "=HYPERLINK(…)" <@evil@example.com> 11-10 and "Bea" 11-11.
 *
 * A `pii` report's file is a personal-data export (lib/privacy/personal-data-export.ts): keys
 * are refused it, so those files are read by an analyst's session after a step-up.
 */

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-20T12:00:00Z");
const RANGE = "from=2026-11-10&to=2026-11-12";
const V1 = uuid();
const V2 = uuid();
const page = (path: string, iso: string, title = path) => ev("pageview", at(iso), { u: `http://localhost${path}`, ti: title });

let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let s: TestStack;
let analyst: { b: Browser; stepUp: () => Promise<void> };
let base: string;
let org: string;
const keys: Record<"all" | "noExport" | "noPii" | "noLeads" | "viewer", string> = { all: "", noExport: "", noPii: "", noLeads: "", viewer: "" };
let starter: { key: string; base: string };

const without = (...left: string[]) => PERMISSIONS.filter((p) => !left.includes(p)).join(",");

beforeAll(async () => {
  dashboard = await startDashboardStack("http://dashboard.test");
  s = dashboard.stack;
  const boot = s.bootstrap!;
  org = boot.orgId;
  base = `/api/v1/orgs/${org}/sites/${boot.siteId}/reports`;
  const send = async (vid: string, events: Record<string, unknown>[], utm: Record<string, string> = {}, ref = "") => {
    s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
    expect((await post(s.url, batch(boot.siteKey, events, { vid, sid: uuid(), utm, ref }))).status).toBe(202);
  };
  await send(V1, [
    page("/", "2026-11-10T09:00:00Z"),
    page("/pricing", "2026-11-10T09:02:00Z"),
    ev("conversion", at("2026-11-10T09:05:00Z"), { u: "http://localhost/thanks", ti: "Thanks", n: "buy", val: 49.5, oid: uuid() }),
  ]);
  await send(V2, [page("/=cmd", "2026-11-10T15:00:00Z", "=SUM(A1)")], { utm_campaign: "+spring", utm_source: "-x", utm_medium: "@cpc" });
  await send(V1, [page("/", "2026-11-12T10:00:00Z"), ev("event", at("2026-11-12T10:01:00Z"), { n: "=download" })], {}, "https://news.example.com/story");
  s.clock.ms = NOW;

  const db = new Database(join(s.dataDir, `${org}.sqlite`));
  const insert = db.query(`INSERT INTO leads (id, site_id, created_at, source, source_name, name, email, phone, company, message, path, country, channel, campaign, source_medium)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  insert.run("0000000000000000000000b1", boot.siteId, at("2026-11-10T11:00:00Z"), "api", "Webhook", '=HYPERLINK("http://x")', "@evil@example.com", "+1 555 0100", "-Minus", null, "/", "DE", "email", "=fall", "newsletter / email");
  insert.run("0000000000000000000000b2", boot.siteId, at("2026-11-11T08:00:00Z"), "form", "Contact form", "Bea", "bea@example.com", null, null, null, "/contact", "GB", "direct", null, "(direct) / (none)");
  db.close();

  const key = (perms: string, user = boot.userId) => must(s.admin("key", "create", "--org", org, "--user", user, "--perms", perms)).key as string;
  keys.all = boot.key;
  keys.noExport = key(without("reports.export"));
  keys.noPii = key(without("analytics.pii.read"));
  keys.noLeads = key(without("leads.read"));
  const viewer = must(s.admin("user", "create", "--org", org, "--name", "Vera", "--email", "vera@example.com", "--role", "viewer"));
  keys.viewer = key("all", viewer.id);
  analyst = await dashboard.accounts.twoFactorMember(org, "ana@example.com", "analyst");

  const starterOrg = must(s.admin("org", "create", "--name", "Starter", "--plan", "starter"));
  const starterSite = must(s.admin("site", "create", "--org", starterOrg.id, "--name", "S", "--domain", "starter.test"));
  const owner = must(s.admin("user", "create", "--org", starterOrg.id, "--name", "O", "--email", "o@starter.test", "--role", "owner"));
  starter = { key: must(s.admin("key", "create", "--org", starterOrg.id, "--user", owner.id, "--perms", "all")).key, base: `/api/v1/orgs/${starterOrg.id}/sites/${starterSite.id}/reports` };
}, 60_000); // ten CLI processes: slow on a loaded machine
afterAll(() => dashboard.close());

const get = (path: string, key = keys.all) => s.api(path, key);
/** A file of personal data: the analyst's session, stepped up just before. */
async function stepped(path: string): Promise<Response> {
  await analyst.stepUp();
  return analyst.b.call("GET", path);
}
async function json(path: string, key = keys.all): Promise<{ status: number; body: any }> {
  const res = await get(path, key);
  return { status: res.status, body: await res.json() };
}
async function exportCount(): Promise<number> {
  const log = await (await get(`/api/v1/orgs/${org}/audit?action=report.exported&size=100`)).json();
  return log.total;
}

describe("GET …/reports", () => {
  test("every report of the catalogue, as many as the spec names, with the spec's fields, pii only for leads and hot_leads; no schedules yet", async () => {
    const { status, body } = await json(base);
    expect(status).toBe(200);
    expect(body.reports.map((r: { key: string }) => r.key)).toEqual(REPORT_KEYS);
    expect(body.reports).toHaveLength(SPEC_LIBRARY_REPORT_COUNT);
    for (const r of body.reports) expect(Object.keys(r).sort()).toEqual(["category", "description", "key", "pii", "title"]);
    expect(body.reports.filter((r: { pii: boolean }) => r.pii).map((r: { key: string }) => r.key)).toEqual(["leads", "hot_leads"]);
    expect(body.reports[0]).toEqual({
      key: "kpi_daily",
      category: "Overview",
      title: "Daily KPIs",
      description: "Users, sessions, pageviews and conversions for each day of the range, every day listed (zero days too).",
      pii: false,
    });
    expect(body.schedules).toEqual([]);
  });

  test("a viewer reads the catalogue too (reports.read)", async () => {
    expect((await get(base, keys.viewer)).status).toBe(200);
  });
});

describe("GET …/reports/{key}: refusals", () => {
  test("an unknown key is 404 NOT_FOUND naming the keys", async () => {
    const { status, body } = await json(`${base}/bounce_daily`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
    expect(body.error.details).toEqual([{ path: "key", message: `must be one of ${REPORT_KEYS.join(", ")}` }]);
  });

  test("422 VALIDATION_FAILED for a bad format, from or to, and a range over 400 days; nothing audited", async () => {
    const before = await exportCount();
    const cases: [string, string][] = [
      ["format=pdf", "format"],
      ["format=csv&from=2026-02-30", "from"],
      ["format=csv&from=2026-11-10&to=11/12/2026", "to"],
      ["format=xlsx&from=2025-01-01&to=2026-11-12", "from"],
    ];
    for (const [query, path] of cases) {
      const { status, body } = await json(`${base}/kpi_daily?${query}`);
      expect([query, status, body.error.code]).toEqual([query, 422, "VALIDATION_FAILED"]);
      expect(body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
    expect(await exportCount()).toBe(before);
  });

  test("a file needs reports.export: 403 FORBIDDEN naming format, for csv and xlsx", async () => {
    for (const format of ["csv", "xlsx"]) {
      const { status, body } = await json(`${base}/kpi_daily?${RANGE}&format=${format}`, keys.noExport);
      expect(status).toBe(403);
      expect(body.error).toMatchObject({ code: "FORBIDDEN", message: `The report kpi_daily as ${format} needs the permission reports.export`, details: [{ path: "format", message: "needs reports.export" }] });
    }
  });

  test("a pii report needs analytics.pii.read, as JSON as as a file; the leads report needs leads.read even as JSON", async () => {
    for (const key of ["leads", "hot_leads"]) {
      for (const format of ["json", "csv"]) {
        const { status, body } = await json(`${base}/${key}?${RANGE}&format=${format}`, keys.noPii);
        expect(status).toBe(403);
        expect(body.error).toMatchObject({ code: "FORBIDDEN", message: `The report ${key} needs the permission analytics.pii.read`, details: [{ path: "key", message: "needs analytics.pii.read" }] });
      }
    }
    for (const format of ["json", "csv"]) {
      const { status, body } = await json(`${base}/leads?${RANGE}&format=${format}`, keys.noLeads);
      expect(status).toBe(403);
      expect(body.error).toMatchObject({ code: "FORBIDDEN", message: "The report leads needs the permission leads.read", details: [{ path: "key", message: "needs leads.read" }] });
    }
  });

  test("a viewer gets 403 on exports and on the leads reports", async () => {
    for (const format of ["csv", "xlsx"]) expect((await json(`${base}/kpi_daily?${RANGE}&format=${format}`, keys.viewer)).body.error.details).toEqual([{ path: "format", message: "needs reports.export" }]);
    expect((await json(`${base}/hot_leads?${RANGE}`, keys.viewer)).body.error.details).toEqual([{ path: "key", message: "needs leads.read" }]);
  });

  test("a report of data the plan lacks is 403 FEATURE_UNAVAILABLE naming the feature", async () => {
    for (const [key, feature] of [["spin_performance", "spinwheel"], ["short_links", "shortlinks"]]) {
      const { status, body } = await json(`${starter.base}/${key}`, starter.key);
      expect(status).toBe(403);
      expect(body.error).toMatchObject({ code: "FEATURE_UNAVAILABLE", details: [{ path: "key", message: feature }] });
    }
  });
});

const KPI_ROWS = [
  { date: "2026-11-10", users: 2, sessions: 2, pageviews: 3, conversions: 1 },
  { date: "2026-11-11", users: 0, sessions: 0, pageviews: 0, conversions: 0 },
  { date: "2026-11-12", users: 1, sessions: 1, pageviews: 1, conversions: 0 },
];

describe("kpi_daily on the fixture", () => {
  test("JSON: columns with types, the rows worked out by hand, total, currency and range", async () => {
    const { status, body } = await json(`${base}/kpi_daily?${RANGE}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      key: "kpi_daily",
      title: "Daily KPIs",
      currency: "USD",
      columns: [
        { key: "date", label: "Date", type: "date" },
        { key: "users", label: "Users", type: "integer" },
        { key: "sessions", label: "Sessions", type: "integer" },
        { key: "pageviews", label: "Pageviews", type: "integer" },
        { key: "conversions", label: "Conversions", type: "integer" },
      ],
      rows: KPI_ROWS,
      total: 3,
      range: { from: "2026-11-10", to: "2026-11-12" },
    });
  });

  test("a viewer reads its JSON", async () => {
    const { status, body } = await json(`${base}/kpi_daily?${RANGE}`, keys.viewer);
    expect(status).toBe(200);
    expect(body.rows).toEqual(KPI_ROWS);
  });

  test("CSV: the exact bytes, headers, and one audit entry naming the key", async () => {
    const before = await exportCount();
    const res = await get(`${base}/kpi_daily?${RANGE}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="localhost_kpi_daily_2026-11-10_2026-11-12.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("Date,Users,Sessions,Pageviews,Conversions\r\n2026-11-10,2,2,3,1\r\n2026-11-11,0,0,0,0\r\n2026-11-12,1,1,1,0\r\n");
    const log = await (await get(`/api/v1/orgs/${org}/audit?action=report.exported&size=1`)).json();
    expect(log.total).toBe(before + 1);
    expect(log.rows[0]).toMatchObject({
      action: "report.exported",
      actor: { name: "Owner", email: "owner@localhost" },
      target: { type: "report", id: "kpi_daily" },
      meta: { report: "kpi_daily", site: s.bootstrap!.siteId, format: "csv", from: "2026-11-10", to: "2026-11-12", rows: 3 },
    });
  });

  test("XLSX: the file name and type, one audit entry, typed cells read back", async () => {
    const before = await exportCount();
    const res = await get(`${base}/kpi_daily?${RANGE}&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="localhost_kpi_daily_2026-11-10_2026-11-12.xlsx"');
    expect(await exportCount()).toBe(before + 1);
    const book = read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellNF: true });
    expect(book.SheetNames).toEqual(["Daily KPIs"]);
    const sheet = book.Sheets["Daily KPIs"];
    expect(sheet.A2).toMatchObject({ t: "n", v: 46336, z: "yyyy-mm-dd" });
    expect(sheet.D2).toMatchObject({ t: "n", v: 3 });
  });
});

/** What the CSV holds for a JSON cell: numbers as they are, text with the formula escape. */
const csvCellOf = (v: string | number | null) => (v === null ? "" : typeof v === "number" ? String(v) : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** A JSON cell from an XLSX cell of the column's type. */
function xlsxValue(type: string, cell: CellObject | undefined): string | number | null {
  if (!cell) return null;
  if (type === "date") return new Date(Math.round(((cell.v as number) - 25569) * 86_400_000)).toISOString().slice(0, 10);
  if (type === "timestamp") return new Date(Math.round(((cell.v as number) - 25569) * 86_400_000)).toISOString();
  return cell.v as string | number;
}

describe("every report: JSON, CSV and XLSX agree", () => {
  for (const def of REPORT_DEFINITIONS) {
    test(def.key, async () => {
      const key = def.key as ReportKey;
      const { status, body } = await json(`${base}/${key}?${RANGE}`);
      expect(status).toBe(200);
      expect(body.columns.map((c: { key: string }) => c.key)).toEqual(def.columns.map((c) => c.key));
      expect(body.rows.length).toBe(Math.min(body.total, 200));

      const file = (format: string) => (def.pii ? stepped : get)(`${base}/${key}?${RANGE}&format=${format}`);
      const csv = await file("csv");
      expect(csv.status).toBe(200);
      const records: string[][] = parse(Buffer.from(await csv.arrayBuffer()), { bom: true, relax_column_count: false });
      expect(records[0]).toEqual(def.columns.map((c) => c.label));
      expect(records.length - 1).toBe(body.total);
      if (body.total <= 200) expect(records.slice(1)).toEqual(body.rows.map((row: Record<string, string | number | null>) => def.columns.map((c) => csvCellOf(row[c.key]))));

      const xlsx = await file("xlsx");
      expect(xlsx.status).toBe(200);
      const book = read(new Uint8Array(await xlsx.arrayBuffer()), { type: "array" });
      const sheet = book.Sheets[book.SheetNames[0]];
      const cols = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
      const rows = Array.from({ length: body.rows.length }, (_, r) => Object.fromEntries(def.columns.map((c, i) => [c.key, xlsxValue(c.type, sheet[`${cols[i]}${r + 2}`])])));
      expect(rows).toEqual(body.rows);
    });
  }
});

describe("formula injection through a campaign", () => {
  test("UTM values starting with +, -, @ are escaped in the CSV; the numbers after them are not", async () => {
    const csv = new TextDecoder().decode(new Uint8Array(await (await get(`${base}/campaign_performance?${RANGE}&format=csv`)).arrayBuffer()));
    expect(csv).toContain("'+spring,'-x,'@cpc,1,1,");
  });
});

describe("formula injection through an event name", () => {
  test("a custom event named =download is escaped in the CSV", async () => {
    const csv = new TextDecoder().decode(new Uint8Array(await (await get(`${base}/events?${RANGE}&format=csv`)).arrayBuffer()));
    expect(csv).toContain(",'=download,1,1,1,1\r\n");
  });
});

describe("formula injection through a page", () => {
  test("a page path and title starting with = are escaped in the CSV, its counts are not", async () => {
    const csv = new TextDecoder().decode(new Uint8Array(await (await get(`${base}/page_performance?${RANGE}&format=csv`)).arrayBuffer()));
    expect(csv).toContain("\r\n/=cmd,'=SUM(A1),1,1,");
  });
});

describe("formula injection through a lead", () => {
  test("a lead's name, e-mail, phone, company and campaign starting with =, @, +, - are escaped in the CSV", async () => {
    const csv = new TextDecoder().decode(new Uint8Array(await (await stepped(`${base}/leads?${RANGE}&format=csv`)).arrayBuffer()));
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")",'@evil@example.com,'+1 555 0100,'-Minus`);
    expect(csv).toContain("'=fall");
  });
});

describe("the leads report's contact details", () => {
  test("unmasked with analytics.pii.read; without it the report is refused (spec 4.8), not masked", async () => {
    const contact = (rows: Record<string, unknown>[]) => rows.map((r) => [r.name, r.email, r.phone, r.company]);
    const full = await json(`${base}/leads?${RANGE}`);
    expect(full.body.total).toBe(2);
    expect(contact(full.body.rows)).toEqual([
      ["Bea", "bea@example.com", null, null],
      ['=HYPERLINK("http://x")', "@evil@example.com", "+1 555 0100", "-Minus"],
    ]);
    const refused = await json(`${base}/leads?${RANGE}`, keys.noPii);
    expect([refused.status, refused.body.error.code, refused.body.rows]).toEqual([403, "FORBIDDEN", undefined]);
  });
});
