import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { migrateSqlite, tenantMigrations } from "../../lib/db/migrate.ts";
import { runOnSqlite, type Op, type Program } from "../../lib/db/statements.ts";
import { inventorySample, KnownSamples, writeInventorySample } from "../../lib/ingest/inventory.ts";

const NONE = { analytics: false, marketing: false };
/** The visitor_rows.seq of the visitor who reports the samples. */
const VISITOR = 1;

test("a sample: page type, state from the event's c over the batch's, page without query, items sorted without repeats", () => {
  const s = inventorySample({ u: "https://Shop.Example/blog/2024/x?token=1#a", ck: ["b", "a", "b"], st: ["z", "k"], hs: ["CDN.example", "cdn.EXAMPLE"] }, { analytics: true, marketing: false });
  expect(s).toEqual({
    pageKey: "/blog",
    state: 1,
    page: "https://shop.example/blog/2024/x",
    pageHost: "shop.example",
    items: [
      { kind: "cookie", name: "a" },
      { kind: "cookie", name: "b" },
      { kind: "host", name: "cdn.example" },
      { kind: "storage", name: "k" },
      { kind: "storage", name: "z" },
    ],
    digest: Bun.hash("cookie:a\ncookie:b\nhost:cdn.example\nstorage:k\nstorage:z").toString(16),
  });
  expect(inventorySample({ u: "https://shop.example/", c: { analytics: true, marketing: true } }, NONE)).toMatchObject({ pageKey: "/", state: 3, items: [], digest: Bun.hash("").toString(16) });
  expect(inventorySample({ u: "not a url?x=1" }, NONE)).toMatchObject({ pageKey: "/", page: "not a url", pageHost: null });
});

/** Runs a program on `db`, recording the statements it ran. */
function traced(db: Database, program: Program<void>): string[] {
  const ran: string[] = [];
  function* trace(): Program<void> {
    let step = program.next();
    while (!step.done) {
      const op: Op = step.value;
      const words = op.sql.trim().split(/\s+/);
      ran.push(words.slice(0, words[1] === "OR" ? 5 : 3).join(" "));
      step = program.next(yield op);
    }
  }
  runOnSqlite(db, trace());
  return ran;
}

test("what a sample costs: a repeated one is one UPDATE (none when older), a changed one writes its difference", () => {
  const db = new Database(":memory:");
  migrateSqlite(db, tenantMigrations);
  let digests = new KnownSamples();
  const names = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `c${from + i}`);
  const at = 1_767_000_000_000;
  const first = inventorySample({ u: "https://s.example/p/1", ck: names(250) }, NONE);
  // New: a lookup, the sample row, its items (250 rows: three statements of ≤ 100), the inventory's room, the items and their sightings.
  expect(traced(db, writeInventorySample("site", at, first, digests, VISITOR))).toEqual([
    "SELECT digest, last_at",
    "INSERT INTO inventory_samples",
    ...Array(3).fill("INSERT OR IGNORE INTO inventory_sample_items"),
    // The room the site's inventory has (MAX_INVENTORY_ITEMS), then the items and their sightings.
    "SELECT count(*) AS",
    ...Array(3).fill("INSERT INTO inventory"),
    ...Array(3).fill("INSERT INTO inventory_sightings"),
    // Seen before consent: the visitor witnesses the items (per 100, a read of their witnesses and an insert).
    ...Array(3).fill(["SELECT kind, name,", "INSERT OR IGNORE INTO inventory_witnesses"]).flat(),
  ]);
  // Unchanged, later, however often in a transaction: the sample's row once at its end, without a lookup.
  const group = (...writes: Program<void>[]) =>
    (function* () {
      for (const w of writes) yield* w;
      yield* digests.writeMoves();
    })();
  expect(traced(db, group(writeInventorySample("site", at + 1, first, digests, VISITOR), writeInventorySample("site", at, first, digests, VISITOR)))).toEqual(["UPDATE inventory_samples SET"]);
  expect(db.query("SELECT last_at, path FROM inventory_samples").all()).toEqual([{ last_at: at + 1, path: "https://s.example/p/1" }]);
  // Unchanged and older: nothing.
  expect(traced(db, group(writeInventorySample("site", at - 1, first, digests, VISITOR)))).toEqual([]);
  // A new connection (an empty cache) looks the digest up once, and the items' witnesses (the visitor is one already).
  digests = new KnownSamples();
  expect(traced(db, group(writeInventorySample("site", at + 2, first, digests, VISITOR)))).toEqual(["SELECT digest, last_at", ...Array(3).fill("SELECT kind, name,"), "UPDATE inventory_samples SET"]);
  // One name more, one less: the difference only, whatever the sample's size.
  const changed = inventorySample({ u: "https://s.example/p/2", ck: [...names(249, 1), "extra"] }, NONE);
  expect(traced(db, writeInventorySample("site", at + 3, changed, digests, VISITOR))).toEqual([
    "SELECT kind, name",
    "INSERT INTO inventory_samples",
    "DELETE FROM inventory_sample_items",
    "UPDATE inventory SET",
    "INSERT OR IGNORE INTO inventory_sample_items",
    "SELECT count(*) AS",
    "INSERT INTO inventory",
    "INSERT INTO inventory_sightings",
    // Only the new item's witness: the others are settled for this visitor.
    "SELECT kind, name,",
    "INSERT OR IGNORE INTO inventory_witnesses",
  ]);
  const list = (sql: string) => (db.query(sql).all() as { name: string }[]).map((r) => r.name);
  expect(list("SELECT name FROM inventory_sample_items ORDER BY name")).toEqual(changed.items.map((i) => i.name).sort());
  expect(db.query("SELECT count(*) AS n FROM inventory").get()).toEqual({ n: 251 });
  expect(db.query("SELECT name, first_seen_at, last_seen_at FROM inventory WHERE name IN ('c0', 'c1', 'extra') ORDER BY name").all()).toEqual([
    { name: "c0", first_seen_at: at, last_seen_at: at + 2 },
    { name: "c1", first_seen_at: at, last_seen_at: at },
    { name: "extra", first_seen_at: at + 3, last_seen_at: at + 3 },
  ]);
  expect(list("SELECT name FROM inventory_sightings WHERE at = " + (at + 3))).toEqual(["extra"]);
  expect(db.query("SELECT last_at, path FROM inventory_samples").all()).toEqual([{ last_at: at + 3, path: "https://s.example/p/2" }]);
});

test("two connections writing one file: what one remembers may be behind, and a write never fails for it", () => {
  const db = new Database(":memory:");
  migrateSqlite(db, tenantMigrations);
  const [a, b] = [new KnownSamples(), new KnownSamples()];
  const x = inventorySample({ u: "https://s.example/", ck: ["one", "two"] }, NONE);
  const y = inventorySample({ u: "https://s.example/", ck: ["two", "three"] }, NONE);
  const write = (known: KnownSamples, at: number, sample: typeof x) =>
    runOnSqlite(
      db,
      (function* () {
        yield* writeInventorySample("site", at, sample, known, VISITOR);
        yield* known.writeMoves();
      })(),
    );
  const items = () => (db.query("SELECT name FROM inventory_sample_items ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  write(a, 1, x);
  write(b, 2, y);
  expect(items()).toEqual(["three", "two"]);
  // a still remembers x: y looks changed to it; its difference is already there.
  write(a, 3, y);
  expect(items()).toEqual(["three", "two"]);
  expect(db.query("SELECT digest, last_at FROM inventory_samples").all()).toEqual([{ digest: y.digest, last_at: 3 }]);
});
