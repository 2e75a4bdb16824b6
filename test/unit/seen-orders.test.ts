import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateSqlite, tenantMigrations } from "../../lib/db/migrate.ts";
import { openSqlite } from "../../lib/db/sqlite.ts";
import { runOnSqlite } from "../../lib/db/statements.ts";
import { applyHits, RowRefs, type Hit } from "../../lib/ingest/apply.ts";
import { SeenOrders } from "../../lib/ingest/seen-orders.ts";

test("SeenOrders: an order id is seen per site, also after the table grew many times", () => {
  const orders = new SeenOrders();
  for (let i = 0; i < 20_000; i++) orders.add("site-a", `ORD-${i}`);
  for (let i = 0; i < 20_000; i += 997) expect(orders.has("site-a", `ORD-${i}`)).toBe(true);
  expect(orders.has("site-a", "ORD-20000")).toBe(false);
  expect(orders.has("site-b", "ORD-1")).toBe(false);
});

const conversion = (siteId: string, orderId: string, ts: number): Hit => ({
  siteId,
  timezone: "UTC",
  currency: "EUR",
  visitorId: crypto.randomUUID(),
  sessionId: crypto.randomUUID(),
  consent: { analytics: true, marketing: true },
  attrs: { source: null, medium: null, campaign: null, term: null, content: null, channel: "direct", referrerHost: null, browser: "Chrome", os: "Linux", device: "desktop", country: null, region: null, city: null, language: null, screen: null },
  events: [{ id: crypto.randomUUID(), ts, type: "conversion", name: "purchase", path: "/thanks", title: null, value: 10, currency: "EUR", orderId, href: null, props: null }],
  receivedAt: ts,
});

test("order ids count once per site across write connections, restarts and rolled-back state", () => {
  const dir = mkdtempSync(join(tmpdir(), "tidemark-orders-"));
  const path = join(dir, "org.sqlite");
  try {
    const a = openSqlite(path);
    migrateSqlite(a, tenantMigrations);
    const b = openSqlite(path);
    const refsA = new RowRefs();
    const refsB = new RowRefs();
    const ts = Date.now();
    const write = (db: typeof a, refs: RowRefs, hits: Hit[]) => runOnSqlite(db, applyHits(hits, refs)).map((r) => [r.accepted, r.duplicates]);

    // B has looked at the orders before A writes one: it still sees A's order.
    expect(write(b, refsB, [conversion("site-1", "ORD-0", ts)])).toEqual([[1, 0]]);
    expect(write(a, refsA, [conversion("site-1", "ORD-1", ts)])).toEqual([[1, 0]]);
    expect(write(b, refsB, [conversion("site-1", "ORD-1", ts + 1), conversion("site-1", "ORD-0", ts + 1)])).toEqual([[0, 1], [0, 1]]);
    // The same order twice in one transaction counts once; another site may use the same id.
    expect(write(a, refsA, [conversion("site-1", "ORD-2", ts), conversion("site-1", "ORD-2", ts + 1), conversion("site-2", "ORD-1", ts)])).toEqual([[1, 0], [0, 1], [1, 0]]);
    // A connection that forgot everything (after a failed transaction) reloads the log.
    refsA.forget();
    expect(write(a, refsA, [conversion("site-1", "ORD-2", ts + 2), conversion("site-1", "ORD-3", ts + 2)])).toEqual([[0, 1], [1, 0]]);
    // A new connection (a restarted process) too.
    const c = openSqlite(path);
    expect(write(c, new RowRefs(), [conversion("site-1", "ORD-3", ts + 3), conversion("site-2", "ORD-1", ts + 3)])).toEqual([[0, 1], [0, 1]]);
    expect((c.query("SELECT count(*) AS n FROM conversion_orders").get() as { n: number }).n).toBe(5);
    for (const db of [a, b, c]) db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
