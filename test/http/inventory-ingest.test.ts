import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, openTenant, post } from "../helpers/hits.ts";

/**
 * Inventory events through POST /v1/collect (docs/consent.md "Visits"): the latest sample of a
 * page type and consent state, its items replaced only when its digest changes, first
 * sightings kept, and bad events refused on their own.
 */

let s: TestStack;
let siteId: string;
let siteKey: string;
let orgId: string;

beforeAll(async () => {
  s = await startStack({ env: { INGEST_RATE_PER_IP: "1000000" } });
  ({ siteId, siteKey, orgId } = s.bootstrap!);
});
afterAll(async () => {
  await s.close();
});

const rows = (sql: string, ...args: (string | number)[]) => {
  const db = openTenant(s.dataDir, orgId);
  try {
    return db.query(sql).all(...args) as Record<string, unknown>[];
  } finally {
    db.close();
  }
};
const NONE = { analytics: false, marketing: false };
const ALL = { analytics: true, marketing: true };
/** The digest as the contract defines it, computed here on its own. */
const digestOf = (lines: string[]) => Bun.hash(lines.join("\n")).toString(16);
const sample = (pageKey: string) => rows("SELECT page_key, state, digest, last_at, path FROM inventory_samples WHERE site_id = ? AND page_key = ? ORDER BY state", siteId, pageKey);
const sampleItems = (pageKey: string, state: number) =>
  rows("SELECT kind, name FROM inventory_sample_items WHERE site_id = ? AND page_key = ? AND state = ? ORDER BY kind, name", siteId, pageKey, state).map((r) => `${r.kind}:${r.name}`);
const items = (...names: string[]) =>
  rows(
    `SELECT kind, name, first_seen_at, last_seen_at, before_consent, last_path, host FROM inventory WHERE site_id = ? AND name IN (${names.map(() => "?").join(",")}) ORDER BY kind, name`,
    siteId,
    ...names,
  );
const sightings = (...names: string[]) =>
  rows(`SELECT kind, name, state, at, path FROM inventory_sightings WHERE site_id = ? AND name IN (${names.map(() => "?").join(",")}) ORDER BY kind, name, state`, siteId, ...names);

async function send(events: Record<string, unknown>[], consent = NONE) {
  const res = await post(s.url, batch(siteKey, events, { consent }));
  return { status: res.status, body: (await res.json()) as any };
}

describe("samples of a page type", () => {
  const t = () => s.clock.ms;

  test("a first sample stores its items, their first sightings and the sample with its digest", async () => {
    const at = t();
    const res = await send([
      ev("inventory", at, { u: "http://localhost/blog/first-post?utm_source=x&token=secret#top", ck: ["_ga", "sid", "_ga"], st: ["cart"], hs: ["CDN.Example.NET", "cdn.example.net"] }),
    ]);
    expect(res).toEqual({ status: 202, body: { ok: true, accepted: 1, duplicates: 0, rejected: [] } });
    const lines = ["cookie:_ga", "cookie:sid", "host:cdn.example.net", "storage:cart"];
    expect(sample("/blog")).toEqual([{ page_key: "/blog", state: 0, digest: digestOf(lines), last_at: at, path: "http://localhost/blog/first-post" }]);
    expect(sampleItems("/blog", 0)).toEqual(lines);
    const page = "http://localhost/blog/first-post";
    expect(items("_ga", "sid", "cdn.example.net", "cart")).toEqual([
      { kind: "cookie", name: "_ga", first_seen_at: at, last_seen_at: at, before_consent: 1, last_path: page, host: "localhost" },
      { kind: "cookie", name: "sid", first_seen_at: at, last_seen_at: at, before_consent: 1, last_path: page, host: "localhost" },
      { kind: "host", name: "cdn.example.net", first_seen_at: at, last_seen_at: at, before_consent: 1, last_path: page, host: "cdn.example.net" },
      { kind: "storage", name: "cart", first_seen_at: at, last_seen_at: at, before_consent: 1, last_path: page, host: "localhost" },
    ]);
    expect(sightings("_ga", "sid", "cdn.example.net", "cart")).toEqual([
      { kind: "cookie", name: "_ga", state: 0, at, path: page },
      { kind: "cookie", name: "sid", state: 0, at, path: page },
      { kind: "host", name: "cdn.example.net", state: 0, at, path: page },
      { kind: "storage", name: "cart", state: 0, at, path: page },
    ]);
    // The event itself is stored as before, with its (distinct) counts.
    expect(rows("SELECT props FROM events WHERE type = 'inventory' AND ts = ?", at)).toEqual([{ props: '{"cookies":2,"storage":1,"hosts":1}' }]);
  });

  test("the same items again: only the sample's last_at and page move; items, inventory and sightings stay", async () => {
    const first = sample("/blog")[0];
    const before = { items: items("_ga", "sid", "cdn.example.net", "cart"), sightings: sightings("_ga", "sid", "cdn.example.net", "cart") };
    const at = t() + 1000;
    // Another page of the same type, names in another order: the same sample.
    const res = await send([ev("inventory", at, { u: "http://localhost/blog/second", ck: ["sid", "_ga"], st: ["cart"], hs: ["cdn.example.net"] })]);
    expect(res.body.accepted).toBe(1);
    expect(sample("/blog")).toEqual([{ ...first, last_at: at, path: "http://localhost/blog/second" }]);
    expect(sampleItems("/blog", 0)).toEqual(["cookie:_ga", "cookie:sid", "host:cdn.example.net", "storage:cart"]);
    expect(items("_ga", "sid", "cdn.example.net", "cart")).toEqual(before.items);
    expect(sightings("_ga", "sid", "cdn.example.net", "cart")).toEqual(before.sightings);
    // An older copy of the same sample (a late batch) moves nothing back.
    await send([ev("inventory", at - 500, { u: "http://localhost/blog/older", ck: ["sid", "_ga"], st: ["cart"], hs: ["cdn.example.net"] })]);
    expect(sample("/blog")).toEqual([{ ...first, last_at: at, path: "http://localhost/blog/second" }]);
  });

  test("changed items: the sample's items become the new list; new items get first sightings, old ones keep theirs", async () => {
    const firstAt = (items("_ga")[0] as { first_seen_at: number }).first_seen_at;
    const previousLastAt = sample("/blog")[0].last_at;
    const at = t() + 2000;
    const page = "http://localhost/blog/third";
    await send([ev("inventory", at, { u: page, ck: ["sid"], st: ["cart", "wish"], hs: ["cdn.example.net"] })]);
    const lines = ["cookie:sid", "host:cdn.example.net", "storage:cart", "storage:wish"];
    expect(sample("/blog")).toEqual([{ page_key: "/blog", state: 0, digest: digestOf(lines), last_at: at, path: page }]);
    expect(sampleItems("/blog", 0)).toEqual(lines);
    expect(items("_ga", "sid", "wish")).toEqual([
      // _ga left the sample: it was last seen when the previous sample was.
      { kind: "cookie", name: "_ga", first_seen_at: firstAt, last_seen_at: previousLastAt, before_consent: 1, last_path: "http://localhost/blog/first-post", host: "localhost" },
      // sid stayed: its row is untouched (a read takes the sample's last_at for it).
      { kind: "cookie", name: "sid", first_seen_at: firstAt, last_seen_at: firstAt, before_consent: 1, last_path: "http://localhost/blog/first-post", host: "localhost" },
      { kind: "storage", name: "wish", first_seen_at: at, last_seen_at: at, before_consent: 1, last_path: page, host: "localhost" },
    ]);
    expect(sightings("sid", "wish")).toEqual([
      { kind: "cookie", name: "sid", state: 0, at: firstAt, path: "http://localhost/blog/first-post" },
      { kind: "storage", name: "wish", state: 0, at, path: page },
    ]);
  });

  test("the event's c sets the state over the batch's; without it the batch's; another page type is its own sample", async () => {
    const at = t() + 3000;
    await send(
      [
        ev("inventory", at, { u: "http://localhost/blog/x", c: { analytics: true, marketing: false }, ck: ["sid", "_pk_id"] }),
        ev("inventory", at + 1, { u: "http://localhost/", ck: ["sid", "_fbp"], hs: ["[2001:DB8::1]"] }),
      ],
      ALL,
    );
    expect(sample("/blog").map((r) => [r.state, r.last_at])).toEqual([[0, t() + 2000], [1, at]]);
    expect(sampleItems("/blog", 1)).toEqual(["cookie:_pk_id", "cookie:sid"]);
    expect(sample("/")).toEqual([{ page_key: "/", state: 3, digest: digestOf(["cookie:_fbp", "cookie:sid", "host:[2001:db8::1]"]), last_at: at + 1, path: "http://localhost/" }]);
    expect(sightings("sid", "_pk_id", "_fbp").map((r) => [r.name, r.state, r.at])).toEqual([
      ["_fbp", 3, at + 1],
      ["_pk_id", 1, at],
      ["sid", 0, (sightings("sid")[0] as { at: number }).at],
      ["sid", 1, at],
      ["sid", 3, at + 1],
    ]);
    // before_consent as older readers know it: seen in any state other than 3.
    expect(items("_fbp", "_pk_id", "sid").map((r) => [r.name, r.before_consent])).toEqual([
      ["_fbp", 0],
      ["_pk_id", 1],
      ["sid", 1],
    ]);
  });

  test("a late event of an older, different sample adds its items but leaves the latest sample", async () => {
    const latest = sample("/");
    const at = t() + 2500; // before the "/" sample's last_at (t + 3001)
    await send([ev("inventory", at, { u: "http://localhost/?late=1", ck: ["late_cookie"] })], ALL);
    expect(sample("/")).toEqual(latest);
    expect(sampleItems("/", 3)).toEqual(["cookie:_fbp", "cookie:sid", "host:[2001:db8::1]"]);
    expect(items("late_cookie").map((r) => [r.first_seen_at, r.last_path])).toEqual([[at, "http://localhost/"]]);
    expect(sightings("late_cookie").map((r) => [r.state, r.at])).toEqual([[3, at]]);
    // An even earlier sighting of an item takes the sighting's place (the first time wins, whatever the arrival order).
    await send([ev("inventory", at - 100, { u: "http://localhost/early", ck: ["late_cookie"] })], ALL);
    expect(sightings("late_cookie").map((r) => [r.state, r.at, r.path])).toEqual([[3, at - 100, "http://localhost/early"]]);
  });
});

describe("bad inventory events are refused on their own", () => {
  test("over a limit, huge, control characters, a bad host, not an array: each refused with its path, the good events kept", async () => {
    const at = s.clock.ms;
    const u = "http://localhost/bad-input";
    const events = [
      ev("inventory", at, { u, ck: Array.from({ length: 10_000 }, (_, i) => `c${i}`) }),
      ev("inventory", at, { u, st: ["fine", "x".repeat(5000)] }),
      ev("inventory", at, { u, st: ["fine", "a\u0000b"] }),
      ev("inventory", at, { u, ck: ["line\nbreak"] }),
      ev("inventory", at, { u, st: ["next\u0085line"] }),
      ev("inventory", at, { u, hs: ["cdn.example.net", "evil host"] }),
      ev("inventory", at, { u, hs: ["under_score.example"] }),
      ev("inventory", at, { u, hs: ["a".repeat(254)] }),
      ev("inventory", at, { u, ck: "_ga" }),
      ev("inventory", at, { u, st: [""] }),
      ev("inventory", at, { u, c: { analytics: "yes", marketing: false } }),
      ev("pageview", at, { u }),
      // Any Unicode but control characters is a storage key as seen.
      ev("inventory", at, { u, st: ["😀-cart", "Warenkorb-ä", "x".repeat(200)] }),
    ];
    const res = await send(events);
    expect(res.status).toBe(202);
    expect(res.body.accepted).toBe(2);
    const control = "must not contain control characters";
    expect(res.body.rejected).toEqual([
      { index: 0, path: "ck", message: "Expected array length to be less or equal to 200" },
      { index: 1, path: "st.1", message: "Expected string length less or equal to 200" },
      { index: 2, path: "st.1", message: control },
      { index: 3, path: "ck.0", message: control },
      { index: 4, path: "st.0", message: control },
      { index: 5, path: "hs.1", message: "must be a host name (letters, digits, dots, hyphens) or a bracketed IPv6 address" },
      { index: 6, path: "hs.0", message: "must be a host name (letters, digits, dots, hyphens) or a bracketed IPv6 address" },
      { index: 7, path: "hs.0", message: "Expected string length less or equal to 253" },
      { index: 8, path: "ck", message: "Expected array" },
      { index: 9, path: "st.0", message: "Expected string length greater or equal to 1" },
      { index: 10, path: "c.analytics", message: "Expected boolean" },
    ]);
    // Only the good inventory event's sample and items were stored for this page type.
    expect(sample("/bad-input").map((r) => r.state)).toEqual([0]);
    expect(sampleItems("/bad-input", 0)).toEqual(["storage:Warenkorb-ä", "storage:x".padEnd(208, "x"), "storage:😀-cart"]);
    expect(items("c0", "fine", "a\u0000b", "line\nbreak", "evil host", "_ga\u0000")).toEqual([]);
    expect(rows("SELECT count(*) AS n FROM events WHERE type = 'inventory' AND path = '/bad-input'")).toEqual([{ n: 1 }]);
  });

  test("a batch of only bad inventory events is 422 with each event's path", async () => {
    const at = s.clock.ms;
    const res = await send([ev("inventory", at, { ck: Array.from({ length: 201 }, (_, i) => `c${i}`) }), ev("inventory", at, { hs: 42 })]);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(res.body.error.details).toEqual([
      { path: "e.0.ck", message: "Expected array length to be less or equal to 200" },
      { path: "e.1.hs", message: "Expected array" },
    ]);
  });
});
