import { afterAll, beforeAll, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";

let s: TestStack;
let base: string;

beforeAll(async () => {
  s = await startStack();
  const boot = s.bootstrap!;
  base = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
  const now = s.clock.ms;
  const page = (path: string, ago: number) => ev("pageview", now - ago * 60_000, { u: `http://localhost${path}` });
  // Three visitors: one 2 minutes ago (active), one 20 minutes ago, one 40 minutes ago (too old).
  const a = uuid();
  await post(s.url, batch(boot.siteKey, [page("/", 2.5), page("/pricing", 2)], { vid: a, tz: "Europe/Berlin" }));
  await post(s.url, batch(boot.siteKey, [page("/", 20)], { tz: "America/New_York", ref: "https://www.google.com/" }), { "user-agent": IPHONE_UA });
  await post(s.url, batch(boot.siteKey, [page("/old", 40)], { tz: "Asia/Tokyo" }), { "user-agent": CHROME_UA });
});
afterAll(() => s.close());

test("realtime: active visitors, 30 one-minute slots, top pages, sources, countries; from/to ignored", async () => {
  const res = await s.api(`${base}/analytics/realtime?from=2020-01-01&to=2020-01-02`, s.bootstrap!.key);
  expect(res.status).toBe(200);
  const body = (await res.json()) as any;
  expect(body).toMatchObject({ activeVisitors: 1, visitors: 2, pageviews: 3 });
  expect(body.series).toHaveLength(30);
  expect(body.series.reduce((n: number, m: any) => n + m.pageviews, 0)).toBe(3);
  expect(body.series[29].minute).toBe(new Date(Math.floor(s.clock.ms / 60_000) * 60_000).toISOString());
  expect(body.pages).toEqual([
    { path: "/", visitors: 2, pageviews: 2 },
    { path: "/pricing", visitors: 1, pageviews: 1 },
  ]);
  expect(body.sources).toEqual([
    { key: "(direct)", visitors: 1, pageviews: 2 },
    { key: "google", visitors: 1, pageviews: 1 },
  ]);
  expect(body.countries).toEqual([
    { key: "DE", visitors: 1, pageviews: 2 },
    { key: "US", visitors: 1, pageviews: 1 },
  ]);
});

test("realtime needs analytics.realtime; other reports need analytics.read; unknown reports are 404", async () => {
  const boot = s.bootstrap!;
  const readOnly = must(s.admin("key", "create", "--org", boot.orgId, "--user", boot.userId, "--perms", "analytics.read", "--sites", "all", "--expires", "never", "--name", "reader"));
  const realtime = await s.api(`${base}/analytics/realtime`, readOnly.key);
  expect(realtime.status).toBe(403);
  expect(((await realtime.json()) as any).error.details).toEqual([{ path: "permission", message: "analytics.realtime" }]);
  expect((await s.api(`${base}/analytics/overview`, readOnly.key)).status).toBe(200);
  const unknown = await s.api(`${base}/analytics/nonsense`, readOnly.key);
  expect(unknown.status).toBe(404);
  const bad = await s.api(`${base}/analytics/overview?from=2026-02-30`, readOnly.key);
  expect(bad.status).toBe(422);
  expect(((await bad.json()) as any).error.details[0].path).toBe("from");
});

test("realtime from the loaded columns answers as realtime from the rows", async () => {
  const url = `${base}/analytics/realtime`;
  const key = s.bootstrap!.key;
  const fromRows = (await (await s.api(url, key)).json()) as any;
  // Another report loads the site's columns; realtime then reads them.
  expect((await s.api(`${base}/analytics/overview`, key)).status).toBe(200);
  const fromColumns = (await (await s.api(url, key)).json()) as any;
  expect({ ...fromColumns, at: null }).toEqual({ ...fromRows, at: null });
  expect(fromColumns).toMatchObject({ activeVisitors: 1, visitors: 2, pageviews: 3 });
});
