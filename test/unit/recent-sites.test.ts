import { expect, test } from "bun:test";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RECENT_SITES_FILE, RecentSites } from "../../lib/analytics/recent-sites.ts";
import { tempDir } from "../helpers/stack.ts";

test("recent sites: most recent first, a read again moves to the front, kept across instances through the file", () => {
  const dir = tempDir();
  try {
    const first = new RecentSites(dir, () => 1000);
    first.touch("o1", "a");
    first.touch("o1", "b");
    first.touch("o2", "c");
    first.touch("o1", "a");
    expect(first.recent(2)).toEqual([{ orgId: "o1", siteId: "a" }, { orgId: "o2", siteId: "c" }]);
    first.flush();
    // Renamed into place: no temporary file is left beside it.
    expect(readdirSync(dir)).toEqual([RECENT_SITES_FILE]);
    expect(new RecentSites(dir, Date.now).recent(10)).toEqual([{ orgId: "o1", siteId: "a" }, { orgId: "o2", siteId: "c" }, { orgId: "o1", siteId: "b" }]);
    // Past 64 sites the oldest go.
    const many = new RecentSites(dir, Date.now);
    for (let i = 0; i < 70; i++) many.touch("o", `s${i}`);
    expect(many.recent(100)).toHaveLength(64);
    expect(many.recent(1)).toEqual([{ orgId: "o", siteId: "s69" }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a damaged or foreign recent-sites file is an empty list, and is replaced at the next write", () => {
  const dir = tempDir();
  try {
    for (const text of ['{"sites":[{"orgId":1}]}', "{not json", "[]"]) {
      writeFileSync(join(dir, RECENT_SITES_FILE), text);
      expect(new RecentSites(dir, Date.now).recent(4)).toEqual([]);
    }
    const list = new RecentSites(dir, Date.now);
    list.touch("o", "s");
    list.flush();
    expect(new RecentSites(dir, Date.now).recent(4)).toEqual([{ orgId: "o", siteId: "s" }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a list that cannot be written (DATA_DIR gone) is logged, not thrown: it is saved from a timer", () => {
  const dir = tempDir();
  rmSync(dir, { recursive: true, force: true });
  const list = new RecentSites(dir, Date.now);
  list.touch("o", "s");
  expect(() => list.flush()).not.toThrow();
  expect(list.recent(1)).toEqual([{ orgId: "o", siteId: "s" }]);
});
