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
 *
 * A fleet whose sites should differ (`bench recommendations`: industry percentiles over the
 * organizations) seeds several organizations (`seeded`), each at its own scale of
 * `eventsPerSite`, and the others copy them in turn; `industry` and `optedOut` set each
 * organization's benchmark fields.
 */
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { readSettings } from "../../lib/config.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { bootstrapIfEmpty } from "../../lib/admin/bootstrap.ts";
import { createOrg } from "../../lib/admin/orgs.ts";
import { createSite } from "../../lib/admin/sites.ts";
import { createUser } from "../../lib/admin/users.ts";
import { createKey } from "../../lib/admin/keys.ts";
import { orgs as orgsTable } from "../../lib/db/control-schema.ts";
import { verifyDomain } from "../../lib/admin/domains.ts";
import { progressBar, seedDemo } from "../../lib/demo/seed.ts";
import { setLogging } from "../../lib/log.ts";

export interface FleetOptions {
  orgs: number;
  sitesPerOrg: number;
  eventsPerSite: number;
  days: number;
  /** Organizations seeded through the ingest path (default 1), organization i at about `eventsPerSite × scale(i)` events a site. */
  seeded?: { orgs: number; scale: (org: number) => number };
  /** Organization i's industry (default "general") and whether it opted out of benchmarks (default not). */
  industry?: (org: number) => string;
  optedOut?: (org: number) => boolean;
  /** The fleet's folder in the temp folder (default: named by the sizes). */
  name?: string;
}

export interface FleetOrg {
  orgId: string;
  key: string;
  sites: string[];
}

export interface Fleet {
  orgs: FleetOrg[];
  /** Events stored per site of the seeded organizations, in order (every other organization has copies). */
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

/** Organization o (after the bootstrap one): an owner and an API key of its own. */
async function addOrg(platform: Platform, o: number): Promise<{ orgId: string; key: string }> {
  const org = await createOrg(platform, { name: `Tenant ${o + 1}` });
  const user = await createUser(platform, { org: org.id, name: "Owner", email: `owner${o + 1}@tenants.test`, role: "owner" });
  const key = await createKey(platform, { org: org.id, user: user.id, perms: "all", sites: "all", expires: "never", name: "bench" });
  return { orgId: org.id, key: key.key };
}

export async function tenantFleet(options: FleetOptions): Promise<{ dataDir: string; env: Record<string, string>; fleet: Fleet }> {
  const { orgs, sitesPerOrg, eventsPerSite, days } = options;
  const seeded = options.seeded ?? { orgs: 1, scale: () => 1 };
  const dataDir = join(tmpdir(), options.name ?? `tidemark-bench-tenants-${orgs}x${sitesPerOrg}-${eventsPerSite}-${days}`);
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
    for (let o = 0; o < orgs; o++) {
      const org = o === 0 ? { orgId: boot.orgId, key: boot.key } : await addOrg(platform, o);
      const sites: string[] = [];
      for (let i = 0; i < sitesPerOrg; i++) sites.push(await addSite(platform, org.orgId, o * sitesPerOrg + i + 1));
      fleet.orgs.push({ ...org, sites });
      const industry = options.industry?.(o) ?? "general";
      const optedOut = options.optedOut?.(o) ?? false;
      platform.control.write((db) => db.update(orgsTable).set({ industry, benchmarkOptOut: optedOut }).where(eq(orgsTable.id, org.orgId)).run());
    }
    const started = performance.now();
    for (const [o, org] of fleet.orgs.slice(0, seeded.orgs).entries()) {
      for (const [i, siteId] of org.sites.entries()) {
        const events = Math.round(eventsPerSite * seeded.scale(o));
        console.error(`seeding site ${i + 1}/${sitesPerOrg} of organization ${o + 1}/${seeded.orgs} (~${events} events over ${days} days) into ${dataDir} …`);
        const result = await seedDemo(platform, { visitors: Math.max(1, Math.round(events / EVENTS_PER_VISITOR)), days, siteId, seed: o * sitesPerOrg + i + 1, progress: progressBar() });
        fleet.eventsPerSite.push(result.accepted);
      }
    }
    fleet.seedSeconds = (performance.now() - started) / 1000;
  } finally {
    closePlatform(platform);
  }
  const copying = performance.now();
  const sources = fleet.orgs.slice(0, seeded.orgs);
  for (const source of sources) {
    const db = new Database(join(dataDir, `${source.orgId}.sqlite`));
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
  }
  for (const [o, org] of fleet.orgs.entries()) {
    if (o < seeded.orgs) continue;
    const source = sources[o % seeded.orgs];
    const target = join(dataDir, `${org.orgId}.sqlite`);
    for (const f of [target, `${target}-wal`, `${target}-shm`]) rmSync(f, { force: true });
    copyFileSync(join(dataDir, `${source.orgId}.sqlite`), target);
    const db = new Database(target);
    db.transaction(() => source.sites.forEach((from, i) => renameSite(db, from, org.sites[i])))();
    db.close();
  }
  fleet.copySeconds = (performance.now() - copying) / 1000;
  writeFileSync(marker, JSON.stringify(fleet));
  return { dataDir, env, fleet };
}
