import { afterAll, beforeAll, expect, test } from "bun:test";
import { startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, openTenant, post } from "../helpers/hits.ts";
import { ConsentRows, type VisitSample } from "../helpers/consent-inventory.ts";
import { consentOf } from "../../lib/consent/categories.ts";

/**
 * The read tests' fixture (test/helpers/consent-inventory.ts) is honest to ingest: the same
 * visits sent as inventory events through POST /v1/collect and written by the helper leave the
 * same rows in the four inventory tables — samples changed and unchanged, items that came and
 * went, first sightings per state.
 */

let s: TestStack;
const TABLES = {
  inventory: "SELECT kind, name, first_seen_at, last_seen_at, before_consent, last_path, host FROM inventory WHERE site_id = ? ORDER BY kind, name",
  inventory_samples: "SELECT page_key, state, digest, last_at, path FROM inventory_samples WHERE site_id = ? ORDER BY page_key, state",
  inventory_sample_items: "SELECT page_key, state, kind, name FROM inventory_sample_items WHERE site_id = ? ORDER BY page_key, state, kind, name",
  inventory_sightings: "SELECT kind, name, state, at, path FROM inventory_sightings WHERE site_id = ? ORDER BY kind, name, state",
};

beforeAll(async () => {
  s = await startStack({ env: { INGEST_RATE_PER_IP: "1000000" } });
});
afterAll(() => s.close());

function snapshot(siteId: string) {
  const db = openTenant(s.dataDir, s.bootstrap!.orgId);
  try {
    return Object.fromEntries(Object.entries(TABLES).map(([table, sql]) => [table, db.query(sql).all(siteId)]));
  } finally {
    db.close();
  }
}

test("the same visits through ingest and through the helper leave the same rows", async () => {
  const { siteId, siteKey, orgId } = s.bootstrap!;
  const now = s.clock.ms;
  const at = (minutesAgo: number) => now - minutesAgo * 60_000;
  const visits: VisitSample[] = [
    { url: "http://localhost/", state: 0, at: at(60), cookies: ["_ga", "PHPSESSID"], storage: ["cart"], hosts: ["WWW.GoogleTagManager.com"] },
    { url: "http://localhost/blog/x?utm_source=mail", state: 0, at: at(50), cookies: ["_fbp", "PHPSESSID"] },
    { url: "http://localhost/", state: 3, at: at(40), cookies: ["_ga", "_fbp", "PHPSESSID", "mystery"] },
    { url: "http://localhost/blog/y", state: 0, at: at(30), cookies: ["PHPSESSID"] },
    { url: "http://localhost/", state: 0, at: at(20), cookies: ["_ga", "PHPSESSID"], storage: ["cart"], hosts: ["www.googletagmanager.com"] },
    { url: "http://localhost/shop", state: 2, at: at(10), cookies: ["_gid"] },
    { url: "http://localhost/shop#basket", state: 2, at: at(5), cookies: [] },
  ];
  for (const v of visits) {
    const res = await post(s.url, batch(siteKey, [ev("inventory", v.at, { u: v.url, c: consentOf(v.state), ck: v.cookies ?? [], st: v.storage ?? [], hs: v.hosts ?? [] })]));
    expect(res.status).toBe(202);
    expect(((await res.json()) as { accepted: number }).accepted).toBe(1);
  }
  const throughIngest = snapshot(siteId);
  expect(throughIngest.inventory_sample_items.length).toBeGreaterThan(5);

  // The same visits written by the helper for a site of their own (the rows carry no site but their key).
  const mirror = "mirror-site";
  const rows = new ConsentRows(s.dataDir, orgId);
  for (const v of visits) rows.visit(mirror, v);
  expect(snapshot(mirror)).toEqual(throughIngest);
});
