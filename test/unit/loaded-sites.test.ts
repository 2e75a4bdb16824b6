import { afterEach, expect, spyOn, test } from "bun:test";
import { LoadedSites } from "../../lib/analytics/loaded-sites.ts";
import { setLogging } from "../../lib/log.ts";

/** A stand-in for a site's data whose size the test sets. */
type Sized = { bytes: number };
const sites = (budget: number) => new LoadedSites<Sized>(budget, { measure: (d) => d.bytes, now: () => 1000 });
const label = (siteId: string) => ({ orgId: "org", siteId });
/** Holds and loads a site of `bytes`, as site-cache.ts does for a request that finds it cold. */
function load(held: LoadedSites<Sized>, key: string, bytes: number): Sized {
  const data = { bytes };
  held.hold(key, data, label(key));
  held.loaded(key, data, label(key), 5);
  return data;
}

afterEach(() => setLogging(false));

test("least recently used sites are dropped by bytes when the budget is exceeded; using a site keeps it", () => {
  const held = sites(100);
  load(held, "a", 40);
  load(held, "b", 40);
  expect(held.stats()).toEqual({ sites: 2, bytes: 80, budgetBytes: 100, loads: 2, drops: 0 });
  expect(held.take("a")).toEqual({ bytes: 40 }); // a is now the most recently used
  load(held, "c", 40);
  expect(held.take("b")).toBeUndefined();
  expect(held.stats()).toEqual({ sites: 2, bytes: 80, budgetBytes: 100, loads: 3, drops: 1 });
  load(held, "d", 20); // 100: fits exactly
  expect(held.stats()).toEqual({ sites: 3, bytes: 100, budgetBytes: 100, loads: 4, drops: 1 });
  load(held, "e", 1); // a is the least recently used now
  expect(held.take("a")).toBeUndefined();
  expect(held.stats()).toEqual({ sites: 3, bytes: 61, budgetBytes: 100, loads: 5, drops: 2 });
});

test("a site that grows past the budget drops the others but is kept itself, alone", () => {
  const held = sites(100);
  load(held, "a", 30);
  const b = load(held, "b", 30);
  b.bytes = 80;
  expect(held.measure("b", b)).toBe(80);
  expect(held.stats()).toMatchObject({ sites: 1, bytes: 80, drops: 1 });
  b.bytes = 250;
  held.measure("b", b);
  expect(held.stats()).toMatchObject({ sites: 1, bytes: 250, drops: 1 });
  expect(held.take("b")).toBe(b);
});

test("a site loaded again reserves its last size first, so room is made before the load", () => {
  const held = sites(100);
  load(held, "a", 60);
  load(held, "b", 60); // drops a (60 remembered)
  held.hold("a", { bytes: 0 }, label("a")); // not loaded yet: 60 reserved, b dropped now
  expect(held.stats()).toMatchObject({ sites: 1, bytes: 60, drops: 2 });
});

test("data dropped while a request holds it is not counted again; a failed load is let go only if still held", () => {
  const held = sites(100);
  const a = load(held, "a", 60);
  load(held, "b", 60); // drops a
  expect(held.measure("a", a)).toBe(0);
  const newer = { bytes: 10 };
  held.hold("a", newer, label("a")); // reserves a's last 60 bytes: b goes
  expect(held.take("b")).toBeUndefined();
  held.forget("a", a); // the older data's failure does not let go of the newer
  expect(held.take("a")).toBe(newer);
  held.forget("a", newer);
  expect(held.take("a")).toBeUndefined();
  expect(held.stats()).toMatchObject({ sites: 0, bytes: 0, drops: 2 });
});

test("a load that finishes after its site was dropped for others still counts as a load, its bytes not as held", () => {
  const held = sites(100);
  const a = { bytes: 70 };
  held.hold("a", a, label("a"));
  load(held, "b", 70); // a is dropped while it loads
  held.loaded("a", a, label("a"), 5);
  expect(held.stats()).toEqual({ sites: 1, bytes: 70, budgetBytes: 100, loads: 2, drops: 1 });
});

test("each load and drop is logged on one line (site, bytes, ms), and a site over the budget is warned about", () => {
  setLogging(true);
  const lines: Record<string, unknown>[] = [];
  const write = spyOn(process.stdout, "write").mockImplementation((text) => (lines.push(JSON.parse(String(text))), true));
  try {
    const held = sites(100);
    load(held, "a", 60);
    load(held, "b", 150);
  } finally {
    write.mockRestore();
  }
  expect(lines.map(({ t, ...rest }) => (expect(typeof t).toBe("string"), rest))).toEqual([
    { msg: "analytics site loaded", orgId: "org", siteId: "a", bytes: 60, ms: 5, held: true, heldBytes: 60, sites: 1 },
    { msg: "analytics site dropped", orgId: "org", siteId: "a", bytes: 60, idleMs: 0, heldBytes: 150, sites: 1 },
    { msg: "analytics site loaded", orgId: "org", siteId: "b", bytes: 150, ms: 5, held: true, heldBytes: 150, sites: 1 },
    { level: "warn", msg: "analytics site larger than the memory budget: served alone", orgId: "org", siteId: "b", bytes: 150, budgetBytes: 100 },
  ]);
});

test("a site whose version is unchanged is not measured again; a new version is", () => {
  let measured = 0;
  const held = new LoadedSites<Sized & { version: number }>(100, { measure: (d) => (measured++, d.bytes), version: (d) => String(d.version), now: () => 1000 });
  const data = { bytes: 30, version: 1 };
  held.hold("a", data, label("a"));
  held.loaded("a", data, label("a"), 5);
  expect(measured).toBe(1);
  data.bytes = 50; // grew without saying so: not seen
  expect(held.measure("a", data)).toBe(30);
  expect(measured).toBe(1);
  data.version = 2;
  expect(held.measure("a", data)).toBe(50);
  expect([measured, held.stats().bytes]).toEqual([2, 50]);
});
