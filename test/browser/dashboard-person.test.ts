import { beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import type { Browser } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { asOwner, dashboardInChromium, enrolTwoFactor } from "../helpers/browser-page.ts";
import { seriousViolations } from "../helpers/axe.ts";

/**
 * The visitor profile's "Export data" and "Erase this person" (docs/data-lifecycle.md "A
 * person") in Debian's Chromium against the real server: both behind the step-up dialog, the
 * export's file equal to what the API holds, the erasure behind a confirm dialog; axe on both
 * dialogs. Pat is two visitor ids sharing a user id; Olga stays.
 */
const running = dashboardInChromium("tm-person-e2e-");
let server: Proc;
let browser: Browser;
let dataDir: string;
let origin: string;
let boot: { orgId: string; siteId: string; siteKey: string; key: string; ownerEmail: string; ownerPassword: string };
let site: string;
const HOUR = 3_600_000;
const V = { P1: uuid(), P2: uuid(), O: uuid() };

const bearer = async (path: string) => fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${boot.key}` } });

beforeAll(async () => {
  ({ server, dataDir, origin, boot, browser } = running);
  site = `/orgs/${boot.orgId}/sites/${boot.siteId}`;
  const now = Date.now();
  const page = (path: string, at: number) => ev("pageview", at, { u: `http://localhost${path}`, ti: path });
  const send = async (vid: string, events: Record<string, unknown>[]) => expect((await post(server.url, batch(boot.siteKey, events, { vid, sid: uuid() }))).status).toBe(202);
  await send(V.P1, [page("/pricing", now - 30 * HOUR), ev("identify", now - 30 * HOUR + 5_000, { uid: "pat-7781" })]);
  await send(V.P2, [page("/contact", now - 5 * HOUR), ev("identify", now - 5 * HOUR + 5_000, { uid: "pat-7781" })]);
  await send(V.O, [page("/", now - 3 * HOUR)]);
  const db = new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  const stored = () => (db.query("SELECT count(*) AS n FROM visitor_rows").get() as { n: number }).n === 3;
  for (const deadline = Date.now() + 10_000; !stored() && Date.now() < deadline; ) await Bun.sleep(50);
  db.close();
}, 60_000);

test("the owner exports and erases a person through the step-up and confirm dialogs; the file is the person's data, the visitors list drops by their two ids; axe", async () => {
  await asOwner(browser, origin, boot, async (page) => {
    const app = await enrolTwoFactor(page, origin, boot.ownerPassword);
    const code = () => app.generate({ timestamp: Date.now() + 30_000 });
    await page.goto(`${origin}${site}/visitors/${V.P1}`);
    await page.getByRole("heading", { name: "This person's data" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Export: the step-up dialog, then the download.
    await page.getByRole("button", { name: "Export data" }).click();
    const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
    await stepUp.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent("download");
    await stepUp.getByLabel("6-digit code").fill(code());
    await page.keyboard.press("Enter");
    const file = await download;
    expect(file.suggestedFilename()).toBe(`person-${V.P1}.json`);
    const data = JSON.parse(readFileSync((await file.path())!, "utf8"));
    expect(data.person).toEqual({ visitorIds: [V.P1, V.P2], userIds: ["pat-7781"], emails: [] });
    expect(data.counts).toMatchObject({ visitors: 2, sessions: 2, events: 4, identityLinks: 2, leads: 0 });

    // Erase: a confirm dialog first (Cancel leaves everything), then Erase.
    await page.getByRole("button", { name: "Erase this person" }).click();
    const confirm = page.getByRole("dialog", { name: "Erase this person?" });
    await confirm.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect((await bearer(`${site}/visitors/${V.P2}`)).status).toBe(200);
    await page.getByRole("button", { name: "Erase this person" }).click();
    await confirm.getByRole("button", { name: "Erase" }).click();
    await page.getByRole("status").filter({ hasText: "2 visitor ids, 2 sessions, 4 events and 0 leads were erased." }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    expect((await bearer(`${site}/visitors/${V.P1}`)).status).toBe(404);
    expect((await bearer(`${site}/visitors/${V.P2}`)).status).toBe(404);
    const list = await (await bearer(`${site}/visitors`)).json();
    expect(list.items.map((i: { visitorId: string }) => i.visitorId)).toEqual([V.O]);
    const log = await (await bearer(`/orgs/${boot.orgId}/audit?action=person.erased`)).json();
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ actor: { email: boot.ownerEmail }, meta: { by: "visitor", visitors: 2, counts: { sessions: 2, events: 4 } } });
    expect(JSON.stringify(log.rows[0])).not.toContain("pat-7781");
    expect(JSON.stringify(log.rows[0])).not.toContain(V.P1);
  });
}, 120_000);

test("an API key cannot reach the person routes: they are session-only", async () => {
  const res = await fetch(`${server.url}/api/v1${site}/people/${V.O}/erase`, { method: "POST", headers: { authorization: `Bearer ${boot.key}` } });
  expect(res.status).toBe(401);
  expect((await bearer(`${site}/visitors/${V.O}`)).status).toBe(200);
});
