import { afterAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import createClient from "openapi-fetch";
import type { paths } from "./api-types.ts";
import { API_TYPES_FILE, apiTypesSource } from "./api-types-source.ts";
import { openFixture } from "./fixture.ts";

/** A client typed from the served document (openapi-typescript + openapi-fetch), checked by tsc with the rest of the code. */
const fx = await openFixture();
afterAll(() => fx.close());

const client = createClient<paths>({ baseUrl: fx.stack.url, headers: { authorization: `Bearer ${fx.key}` } });
const ids = { orgId: String(fx.known.orgId), siteId: String(fx.known.siteId) };
const range = { from: String(fx.known.from), to: String(fx.known.to) };

test("api-types.ts is what openapi-typescript makes of the served document", async () => {
  expect(readFileSync(API_TYPES_FILE, "utf8")).toBe(await apiTypesSource(fx.doc));
});

test("list sites, the overview report and an explore query through the typed client agree", async () => {
  const sites = await client.GET("/api/v1/orgs/{orgId}/sites", { params: { path: { orgId: ids.orgId } } });
  expect(sites.response.status).toBe(200);
  expect(sites.data!.data.map((s) => s.id)).toContain(ids.siteId);

  const overview = await client.GET("/api/v1/orgs/{orgId}/sites/{siteId}/analytics/overview", { params: { path: ids, query: range } });
  expect(overview.response.status).toBe(200);
  expect([overview.data!.from, overview.data!.to]).toEqual([range.from, range.to]);
  const channels = overview.data!.channels;
  expect(channels.length).toBeGreaterThan(1);

  const explore = await client.POST("/api/v1/orgs/{orgId}/sites/{siteId}/explore", {
    params: { path: ids },
    body: { kind: "query", ...range, query: { metrics: ["sessions"], dimension: "channel" } },
  });
  expect(explore.response.status).toBe(200);
  const result = explore.data!;
  if (!("rows" in result)) throw new Error(`explore query answered without rows: ${JSON.stringify(result).slice(0, 200)}`);
  // The same sessions per channel, counted by two routes.
  const byChannel = Object.fromEntries(result.rows.map((r) => [r.key, Number(r.sessions)]));
  for (const c of channels) expect([c.key, byChannel[c.key]]).toEqual([c.key, Number(c.sessions)]);
  expect(result.totals.sessions).toBe(channels.reduce((n, c) => n + Number(c.sessions), 0));
});
