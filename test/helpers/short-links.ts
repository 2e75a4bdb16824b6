/**
 * Short links made the way docs/campaigns.md stores them (control `short_slugs` + the tenant's
 * `short_links`), for the redirect and stats tests. The links' own CRUD (lib/shortlinks/
 * manage.ts) is another change's: once merged, `createShortLink` can go through the CLI.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { newId } from "../../lib/ids.ts";

export interface TestLink {
  slug: string;
  url: string;
  utm?: Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string | null>>;
  title?: string;
  tags?: string[];
  expiresAt?: number | null;
  maxClicks?: number | null;
  fallbackUrl?: string | null;
  active?: boolean;
  createdAt?: number;
}

/** Stores a link of the site; returns its id. */
export function createShortLink(dataDir: string, where: { orgId: string; siteId: string }, link: TestLink): string {
  const id = newId();
  const slug = link.slug.toLowerCase();
  const at = link.createdAt ?? Date.now();
  const utm = { source: null, medium: null, campaign: null, term: null, content: null, ...link.utm };
  const tenant = new Database(join(dataDir, `${where.orgId}.sqlite`));
  const control = new Database(join(dataDir, "control.sqlite"));
  try {
    tenant.exec("PRAGMA busy_timeout = 5000");
    control.exec("PRAGMA busy_timeout = 5000");
    tenant
      .query(
        `INSERT INTO short_links (id, site_id, slug, url, utm, title, tags, expires_at, max_clicks, fallback_url, active, clicks, created_at, updated_at)
         VALUES (?,?,?,?,?,?,?,?,?,?,?,0,?,?)`,
      )
      .run(id, where.siteId, slug, link.url, JSON.stringify(utm), link.title ?? "", JSON.stringify(link.tags ?? []), link.expiresAt ?? null, link.maxClicks ?? null, link.fallbackUrl ?? null, link.active === false ? 0 : 1, at, at);
    control.query("INSERT INTO short_slugs (slug, org_id, site_id, link_id) VALUES (?,?,?,?)").run(slug, where.orgId, where.siteId, id);
  } finally {
    tenant.close();
    control.close();
  }
  return id;
}

/** Sets columns of a stored link (as an edit would). */
export function updateShortLink(dataDir: string, orgId: string, id: string, set: { active?: boolean; expiresAt?: number | null }): void {
  const tenant = new Database(join(dataDir, `${orgId}.sqlite`));
  try {
    tenant.exec("PRAGMA busy_timeout = 5000");
    if (set.active !== undefined) tenant.query("UPDATE short_links SET active = ? WHERE id = ?").run(set.active ? 1 : 0, id);
    if (set.expiresAt !== undefined) tenant.query("UPDATE short_links SET expires_at = ? WHERE id = ?").run(set.expiresAt, id);
  } finally {
    tenant.close();
  }
}
