import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import controlJournal from "../../lib/db/migrations/control/meta/_journal.json";
import tenantJournal from "../../lib/db/migrations/tenant/meta/_journal.json";
import { controlMigrations, migrateSqlite, tenantMigrations } from "../../lib/db/migrate.ts";

// drizzle's migrator silently skips an entry whose `when` is not above the last applied one.
test.each([
  ["control", controlJournal],
  ["tenant", tenantJournal],
])("%s journal: `when` strictly increases", (_name, journal) => {
  const whens = journal.entries.map((e) => e.when);
  for (let i = 1; i < whens.length; i++) expect(whens[i]).toBeGreaterThan(whens[i - 1]);
});

test("every journal entry is embedded and applies once, idempotently", () => {
  for (const migrations of [controlMigrations, tenantMigrations]) {
    const db = new Database(":memory:");
    migrateSqlite(db, migrations);
    migrateSqlite(db, migrations);
    const rows = db.query<{ n: number }, []>("select count(*) as n from __drizzle_migrations").get()!;
    expect(rows.n).toBe(migrations.length);
    db.close();
  }
});
