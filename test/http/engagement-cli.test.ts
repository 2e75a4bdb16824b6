import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { must, runAdmin, tempDir } from "../helpers/stack.ts";

/** The admin CLI's popup and spin commands (docs/engagement.md "Definitions"), run as processes. */

let dir: string;
const admin = (...args: string[]) => runAdmin(dir, args);
let files = 0;
const file = (content: unknown) => {
  const path = join(dir, `def-${files++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};
const bad = (args: string[], code: string, path?: string) => {
  const r = admin(...args);
  expect(r.code).toBe(2);
  expect(r.json.error.code).toBe(code);
  if (path) expect(r.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
  return r.json.error;
};
/** Reads the org's store directly (the CLI process has closed it). */
const query = (orgId: string, sql: string, ...args: (string | number)[]) => {
  const db = new Database(join(dir, `${orgId}.sqlite`), { readonly: true });
  try {
    return db.query(sql).all(...args) as Record<string, any>[];
  } finally {
    db.close();
  }
};
const write = (orgId: string, sql: string, ...args: (string | number)[]) => {
  const db = new Database(join(dir, `${orgId}.sqlite`));
  try {
    db.query(sql).run(...args);
  } finally {
    db.close();
  }
};

const popup = (name = "Spring") => ({ name, content: { title: "Get 10 % off" }, triggers: [{ kind: "scroll", percent: 50 }] });
const wheel = () => ({
  name: "Wheel",
  title: "Spin to win",
  triggers: [{ kind: "immediately" }],
  slices: [
    { label: "10 %", prize: "coupon_pool", codes: ["C1", "C2", "C3"], stock: 5 },
    { label: "Ship", prize: "static_code", code: "SHIP", stock: 10 },
    { label: "None", prize: "none" },
  ],
});

let org: { id: string };
let site: { id: string };

beforeAll(() => {
  dir = tempDir();
  org = must(admin("org", "create", "--name", "Pop Co"));
  site = must(admin("site", "create", "--org", org.id, "--name", "Shop", "--domain", "pop.test"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("popup create prints { id }, a draft unless the file says active; update replaces the definition", () => {
  const created = must(admin("popup", "create", "--site", site.id, "--file", file(popup())));
  expect(Object.keys(created)).toEqual(["id"]);
  const active = must(admin("popup", "create", "--site", site.id, "--file", file({ ...popup("Live"), status: "active" })));
  const rows = query(org.id, "SELECT id, site_id, name, status, definition FROM popups ORDER BY created_at");
  expect(rows.map((r) => [r.id, r.site_id, r.name, r.status])).toEqual([
    [created.id, site.id, "Spring", "draft"],
    [active.id, site.id, "Live", "active"],
  ]);
  // The stored definition is the full one, every default filled.
  expect(JSON.parse(rows[0].definition)).toMatchObject({ layout: "modal", frequency: { show: "once_per_session" }, holdout: 0, variants: [] });
  const changed = { ...popup("Spring v2"), variants: [{ key: "a" }, { key: "b", content: { title: "Free guide" } }], holdout: 10 };
  expect(must(admin("popup", "update", "--id", created.id, "--file", file(changed)))).toEqual({ id: created.id });
  const [after] = query(org.id, "SELECT name, status, definition FROM popups WHERE id = ?", created.id);
  expect(after).toMatchObject({ name: "Spring v2", status: "draft" });
  expect(JSON.parse(after.definition).variants.map((v: { key: string }) => v.key)).toEqual(["a", "b"]);
  bad(["popup", "update", "--id", "0".repeat(24), "--file", file(popup())], "NOT_FOUND", "--id");
});

test("bad definitions exit 2 naming the field, and store nothing", () => {
  const before = query(org.id, "SELECT count(*) AS n FROM popups")[0].n;
  const colour = bad(["popup", "create", "--site", site.id, "--file", file({ ...popup(), content: { title: "T", colors: { button: "blue" } } })], "VALIDATION_FAILED", "content.colors.button");
  expect(colour.details[0].message).toContain("#rrggbb");
  bad(["popup", "create", "--site", site.id, "--file", file({ ...popup(), triggers: [{ kind: "immediately" }, { kind: "scroll", percent: 0 }] })], "VALIDATION_FAILED", "triggers.1.percent");
  bad(["popup", "create", "--site", site.id, "--file", file({ ...popup(), variants: [{ key: "a" }, { key: "b" }, { key: "a" }] })], "VALIDATION_FAILED", "variants.2.key");
  bad(["popup", "create", "--site", site.id, "--file", file({ ...popup(), status: "archived" })], "VALIDATION_FAILED", "status");
  bad(["popup", "create", "--site", site.id, "--file", file("{ not json")], "VALIDATION_FAILED", "--file");
  bad(["popup", "create", "--site", site.id, "--file", join(dir, "missing.json")], "VALIDATION_FAILED", "--file");
  bad(["popup", "create", "--site", "0".repeat(24), "--file", file(popup())], "NOT_FOUND", "--site");
  bad(["spin", "create", "--site", site.id, "--file", file({ ...wheel(), slices: [wheel().slices[0], { label: "x", prize: "coupon_pool", codes: ["D1", "C2"] }] })], "VALIDATION_FAILED", "slices.1.codes.1");
  const target = query(org.id, "SELECT id FROM popups LIMIT 1")[0].id;
  const defBefore = query(org.id, "SELECT definition FROM popups WHERE id = ?", target)[0].definition;
  bad(["popup", "update", "--id", target, "--file", file({ ...popup(), holdout: 51 })], "VALIDATION_FAILED", "holdout");
  expect(query(org.id, "SELECT count(*) AS n FROM popups")[0].n).toBe(before);
  expect(query(org.id, "SELECT definition FROM popups WHERE id = ?", target)[0].definition).toBe(defBefore);
  expect(query(org.id, "SELECT count(*) AS n FROM spin_wheels")[0].n).toBe(0);
  expect(query(org.id, "SELECT count(*) AS n FROM coupon_codes")[0].n).toBe(0);
}, 30_000);

test("status transitions: pause, activate, archive; archived is final", () => {
  const { id } = must(admin("popup", "create", "--site", site.id, "--file", file(popup("Transit"))));
  expect(must(admin("popup", "pause", "--id", id))).toEqual({ id, status: "paused" });
  expect(must(admin("popup", "activate", "--id", id))).toEqual({ id, status: "active" });
  expect(must(admin("popup", "activate", "--id", id))).toEqual({ id, status: "active" });
  expect(must(admin("popup", "archive", "--id", id))).toEqual({ id, status: "archived" });
  bad(["popup", "activate", "--id", id], "CONFLICT", "--id");
  bad(["popup", "pause", "--id", id], "CONFLICT", "--id");
  bad(["popup", "update", "--id", id, "--file", file(popup())], "CONFLICT", "--id");
  expect(query(org.id, "SELECT status FROM popups WHERE id = ?", id)[0].status).toBe("archived");
  bad(["popup", "pause", "--id", "nope"], "VALIDATION_FAILED", "--id");
});

test("the plan's popups limit counts the org's popups that are not archived", () => {
  const small = must(admin("org", "create", "--name", "Small", "--plan", "starter"));
  const a = must(admin("site", "create", "--org", small.id, "--name", "A", "--domain", "a.small.test"));
  const b = must(admin("site", "create", "--org", small.id, "--name", "B", "--domain", "b.small.test"));
  const ids = [a, a, b].map((s, i) => must(admin("popup", "create", "--site", s.id, "--file", file(popup(`P${i}`)))).id);
  const err = bad(["popup", "create", "--site", b.id, "--file", file(popup("P3"))], "LIMIT_EXCEEDED");
  expect(err.details[0]).toMatchObject({ limit: "popups", max: 3, current: 3 });
  must(admin("popup", "archive", "--id", ids[0]));
  must(admin("popup", "create", "--site", b.id, "--file", file(popup("P3"))));
  expect(query(small.id, "SELECT count(*) AS n FROM popups")[0].n).toBe(4);
});

test("popup cap sets the per-session cap, 1 to 10", () => {
  expect(must(admin("popup", "cap", "--site", site.id, "--per-session", "3"))).toEqual({ siteId: site.id, popupsPerSession: 3 });
  expect(must(admin("popup", "cap", "--site", site.id, "--per-session", "2"))).toEqual({ siteId: site.id, popupsPerSession: 2 });
  bad(["popup", "cap", "--site", site.id, "--per-session", "11"], "VALIDATION_FAILED", "--per-session");
  bad(["popup", "cap", "--site", site.id, "--per-session", "0"], "VALIDATION_FAILED", "--per-session");
  expect(query(org.id, "SELECT site_id, popups_per_session FROM engagement_settings")).toEqual([{ site_id: site.id, popups_per_session: 2 }]);
});

test("spin create stores slices with stock and the codes; update keeps handed-out codes, adds new ones, drops unlisted free ones", () => {
  const { id } = must(admin("spin", "create", "--site", site.id, "--file", file(wheel())));
  expect(query(org.id, "SELECT slice, stock_left, awarded FROM spin_slices WHERE wheel_id = ? ORDER BY slice", id)).toEqual([
    { slice: 0, stock_left: 5, awarded: 0 },
    { slice: 1, stock_left: 10, awarded: 0 },
    { slice: 2, stock_left: null, awarded: 0 },
  ]);
  expect(query(org.id, "SELECT slice, code, spin_id FROM coupon_codes WHERE wheel_id = ? ORDER BY code", id)).toEqual(["C1", "C2", "C3"].map((code) => ({ slice: 0, code, spin_id: null })));
  // The stored definition has no codes (they live in coupon_codes).
  expect(JSON.parse(query(org.id, "SELECT definition FROM spin_wheels WHERE id = ?", id)[0].definition).slices[0]).not.toHaveProperty("codes");
  // A spin won C1 and one more static code.
  write(org.id, "UPDATE coupon_codes SET spin_id = 'spin1' WHERE wheel_id = ? AND code = 'C1'", id);
  write(org.id, "UPDATE spin_slices SET awarded = 1, stock_left = 4 WHERE wheel_id = ? AND slice = 0", id);
  write(org.id, "UPDATE spin_slices SET awarded = 2, stock_left = 8 WHERE wheel_id = ? AND slice = 1", id);
  const next = wheel();
  next.slices[0] = { label: "10 %", prize: "coupon_pool", codes: ["C3", "C4", "C5"], stock: 5 };
  expect(must(admin("spin", "update", "--id", id, "--file", file({ ...next, status: "active" })))).toEqual({ id });
  expect(query(org.id, "SELECT slice, code, spin_id FROM coupon_codes WHERE wheel_id = ? ORDER BY code", id)).toEqual([
    { slice: 0, code: "C1", spin_id: "spin1" },
    { slice: 0, code: "C3", spin_id: null },
    { slice: 0, code: "C4", spin_id: null },
    { slice: 0, code: "C5", spin_id: null },
  ]);
  // Stock is the total: what was awarded is subtracted.
  expect(query(org.id, "SELECT slice, stock_left, awarded FROM spin_slices WHERE wheel_id = ? ORDER BY slice", id)).toEqual([
    { slice: 0, stock_left: 4, awarded: 1 },
    { slice: 1, stock_left: 8, awarded: 2 },
    { slice: 2, stock_left: null, awarded: 0 },
  ]);
  expect(query(org.id, "SELECT status FROM spin_wheels WHERE id = ?", id)[0].status).toBe("active");
  // Fewer slices: the dropped slice's row goes.
  must(admin("spin", "update", "--id", id, "--file", file({ ...next, slices: next.slices.slice(0, 2) })));
  expect(query(org.id, "SELECT slice FROM spin_slices WHERE wheel_id = ? ORDER BY slice", id).map((r) => r.slice)).toEqual([0, 1]);
  expect(must(admin("spin", "pause", "--id", id))).toEqual({ id, status: "paused" });
  expect(must(admin("spin", "archive", "--id", id))).toEqual({ id, status: "archived" });
  bad(["spin", "activate", "--id", id], "CONFLICT", "--id");
  bad(["spin", "update", "--id", id, "--file", file(next)], "CONFLICT", "--id");
  // A popup id is no wheel id.
  bad(["spin", "pause", "--id", query(org.id, "SELECT id FROM popups LIMIT 1")[0].id], "NOT_FOUND", "--id");
}, 30_000);

test("every change is audited as the operator", () => {
  const rows = query(org.id, "SELECT action, actor_id, target_type, meta FROM audit_log ORDER BY at, id");
  const actions = new Set(rows.map((r) => r.action));
  for (const a of ["popup.created", "popup.updated", "popup.status_changed", "popup.cap_changed", "spin.created", "spin.updated", "spin.status_changed"]) expect(actions).toContain(a);
  expect(rows.filter((r) => r.action.startsWith("popup.") || r.action.startsWith("spin.")).every((r) => r.actor_id === "operator")).toBe(true);
  const archived = rows.filter((r) => r.action === "popup.status_changed").map((r) => JSON.parse(r.meta));
  expect(archived).toContainEqual(expect.objectContaining({ from: "active", to: "archived" }));
  // A refused change wrote nothing: one created row per popup made.
  expect(rows.filter((r) => r.action === "popup.created").length).toBe(query(org.id, "SELECT count(*) AS n FROM popups")[0].n);
});
