import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { ControlStore } from "../../lib/db/control.ts";
import { orgs } from "../../lib/db/control-schema.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openControl(): ControlStore {
  const dir = mkdtempSync(join(tmpdir(), "tidemark-control-"));
  dirs.push(dir);
  return new ControlStore(dir);
}

const orgNames = (control: ControlStore) => control.db.select({ name: orgs.name }).from(orgs).all().map((o) => o.name);

test("a write drops what was memoized before it, at once", () => {
  const control = openControl();
  expect(control.memo("orgs", () => orgNames(control))).toEqual([]);
  control.write((db) => db.insert(orgs).values({ id: "o1", name: "Acme", createdAt: 1 }).run());
  expect(control.memo("orgs", () => orgNames(control))).toEqual(["Acme"]);
  control.close();
});

test("a failed write rolls back all its statements and still moves the generation", () => {
  const control = openControl();
  control.write((db) => db.insert(orgs).values({ id: "o1", name: "Acme", createdAt: 1 }).run());
  const before = control.generation();
  expect(() =>
    control.write((db) => {
      db.update(orgs).set({ name: "Renamed" }).where(eq(orgs.id, "o1")).run();
      db.insert(orgs).values({ id: "o1", name: "Duplicate", createdAt: 2 }).run();
    }),
  ).toThrow();
  expect(orgNames(control)).toEqual(["Acme"]);
  expect(control.generation()).not.toBe(before);
  control.close();
});

test("writes nest: the inner one is part of the outer transaction", () => {
  const control = openControl();
  const count = control.write((db) => {
    db.insert(orgs).values({ id: "o1", name: "Acme", createdAt: 1 }).run();
    control.write((inner) => inner.insert(orgs).values({ id: "o2", name: "Globex", createdAt: 1 }).run());
    return db.select().from(orgs).all().length;
  });
  expect(count).toBe(2);
  expect(orgNames(control).sort()).toEqual(["Acme", "Globex"]);
  control.close();
});
