/**
 * The multi-tenant benchmark's fixture (`bench tenants`): `orgs` organizations of
 * `sitesPerOrg` sites each, every site with about `eventsPerSite` events, kept in the temp
 * folder and reused by later runs (`--fresh` builds it again).
 *
 * Seeding every site through the ingest path (`demo seed`) would take half an hour for the
 * default 50 × 200 k events on a small machine, so only the first organization's sites are
 * seeded that way (each with its own random seed, so they differ); every other organization is
 * created with the admin functions (its sites, an owner and an API key in the control store)
 * and given a copy of the first organization's store in which the site ids are rewritten to its
 * own. Each copied site is a separate site to the engine — its own rows, strings and loaded
 * columns — with the same shape of traffic as its original, which is what a memory and
 * load/drop benchmark needs.
 */
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { readSettings } from "../../lib/config.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { bootstrapIfEmpty } from "../../lib/admin/bootstrap.ts";
import { createOrg } from "../../lib/admin/orgs.ts";
import { createSite } from "../../lib/admin/sites.ts";
import { createUser } from "../../lib/admin/users.ts";
import { createKey } from "../../lib/admin/keys.ts";
import { verifyDomain } from "../../lib/admin/domains.ts";
import { progressBar, seedDemo } from "../../lib/demo/seed.ts";
import { setLogging } from "../../lib/log.ts";

export interface FleetOptions {
  orgs: number;
  sitesPerOrg: number;
  eventsPerSite: number;
  days: number;
}

export interface FleetOrg {
  orgId: string;
  key: string;
  sites: string[];
}

export interface Fleet {
  orgs: FleetOrg[];
  /** Events stored per site of the first organization (every other organization has copies). */
  eventsPerSite: number[];
  seedSeconds: number;
  copySeconds: number;
}

/** Demo visitors make about 6.7 events each (90 days; measured on the `bench query` seed). */
const EVENTS_PER_VISITOR = 6.7;

async function addSite(platform: Platform, orgId: string, n: number): Promise<string> {
  const hostname = `site${n}.tenants.test`;
  const site = await createSite(platform, { org: orgId, name: `Site ${n}`, domain: hostname, timezone: "Europe/Berlin", currency: "EUR" });
  await verifyDomain(platform, { site: site.id, hostname, force: true });
  return site.id;
}

/** Rewrites one site id to another everywhere a tenant store holds it: its `strings` row and every `site_id` column. */
function renameSite(db: Database, from: string, to: string): void {
  db.query("UPDATE strings SET value = ? WHERE value = ?").run(to, from);
  const tables = db.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  for (const { name } of tables) {
    const columns = db.query(`SELECT name FROM pragma_table_info('${name}')`).all() as { name: string }[];
    if (columns.some((c) => c.name === "site_id")) db.query(`UPDATE "${name}" SET site_id = ? WHERE site_id = ?`).run(to, from);
  }
}

export async function tenantFleet(options: FleetOptions): Promise<{ dataDir: string; env: Record<string, string>; fleet: Fleet }> {
  const { orgs, sitesPerOrg, eventsPerSite, days } = options;
  const dataDir = join(tmpdir(), `tidemark-bench-tenants-${orgs}x${sitesPerOrg}-${eventsPerSite}-${days}`);
  const marker = join(dataDir, "fleet.json");
  // Limits out of the way: the benchmark measures the 200 path.
  const env = { DATA_DIR: dataDir, INGEST_RATE_PER_IP: "1000000000", RATE_LIMIT_PER_KEY: "1000000000", RATE_LIMIT_PER_IP: "1000000000" };
  if (process.argv.includes("--fresh")) rmSync(dataDir, { recursive: true, force: true });
  if (existsSync(marker)) return { dataDir, env, fleet: JSON.parse(readFileSync(marker, "utf8")) as Fleet };
  rmSync(dataDir, { recursive: true, force: true });
  setLogging(false);
  const platform = openPlatform(readSettings({ ...process.env, ...env, INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" }));
  const fleet: Fleet = { orgs: [], eventsPerSite: [], seedSeconds: 0, copySeconds: 0 };
  try {
    const boot = (await bootstrapIfEmpty(platform))!;
    const first: FleetOrg = { orgId: boot.orgId, key: boot.key, sites: [] };
    for (let i = 0; i < sitesPerOrg; i++) first.sites.push(await addSite(platform, boot.orgId, i + 1));
    fleet.orgs.push(first);
    const started = performance.now();
    for (const [i, siteId] of first.sites.entries()) {
      console.error(`seeding site ${i + 1}/${sitesPerOrg} of the first organization (~${eventsPerSite} events over ${days} days) into ${dataDir} …`);
      const result = await seedDemo(platform, { visitors: Math.max(1, Math.round(eventsPerSite / EVENTS_PER_VISITOR)), days, siteId, seed: i + 1, progress: progressBar() });
      fleet.eventsPerSite.push(result.accepted);
    }
    fleet.seedSeconds = (performance.now() - started) / 1000;
    for (let o = 1; o < orgs; o++) {
      const org = await createOrg(platform, { name: `Tenant ${o + 1}` });
      const user = await createUser(platform, { org: org.id, name: "Owner", email: `owner${o + 1}@tenants.test`, role: "owner" });
      const sites: string[] = [];
      for (let i = 0; i < sitesPerOrg; i++) sites.push(await addSite(platform, org.id, o * sitesPerOrg + i + 1));
      const key = await createKey(platform, { org: org.id, user: user.id, perms: "all", sites: "all", expires: "never", name: "bench" });
      fleet.orgs.push({ orgId: org.id, key: key.key, sites });
    }
  } finally {
    closePlatform(platform);
  }
  const copying = performance.now();
  const source = join(dataDir, `${fleet.orgs[0].orgId}.sqlite`);
  {
    const db = new Database(source);
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
  }
  for (const org of fleet.orgs.slice(1)) {
    const target = join(dataDir, `${org.orgId}.sqlite`);
    for (const f of [target, `${target}-wal`, `${target}-shm`]) rmSync(f, { force: true });
    copyFileSync(source, target);
    const db = new Database(target);
    db.transaction(() => fleet.orgs[0].sites.forEach((from, i) => renameSite(db, from, org.sites[i])))();
    db.close();
  }
  fleet.copySeconds = (performance.now() - copying) / 1000;
  writeFileSync(marker, JSON.stringify(fleet));
  return { dataDir, env, fleet };
}
