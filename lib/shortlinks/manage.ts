import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { orgs, shortSlugs } from "../db/control-schema.ts";
import { shortLinks } from "../db/tenant-schema.ts";
import { readRows } from "../db/statements.ts";
import type { TenantStore } from "../db/tenants.ts";
import { ApiError, notFound } from "../errors.ts";
import { newId, isId } from "../ids.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import { siteWithStore } from "../analytics/site-cache.ts";
import { pageWindow } from "../paging.ts";
import type { Platform } from "../platform.ts";
import { linkFields, type LinkFields } from "./fields.ts";
import type { ShortLink, ShortLinkCreateBody, ShortLinkList, ShortLinkPatchBody, ShortLinkQuery, Utm } from "./models.ts";
import { randomSlug } from "./slug.ts";

/**
 * Creating, editing and listing short links: one core for the read API and the admin CLI. A
 * slug's routing row (control `short_slugs`, what `GET /l/{slug}` resolves) is written first and
 * taken back if the tenant write fails, so a slug is never claimed twice nor left pointing at
 * nothing.
 */

type Org = { id: string; dbUrl: string | null };
type LinkRow = typeof shortLinks.$inferSelect;
/** The site a link belongs to, with its org and the org's store. */
export interface LinkSite {
  org: Org;
  siteId: string;
  store: TenantStore;
}

const EMPTY_UTM: Utm = { source: null, medium: null, campaign: null, term: null, content: null };
const RANDOM_TRIES = 5;

export function shortLinkView(row: LinkRow, publicUrl: string): ShortLink {
  return {
    id: row.id,
    slug: row.slug,
    url: row.url,
    utm: { ...EMPTY_UTM, ...(JSON.parse(row.utm) as Partial<Utm>) },
    title: row.title,
    tags: JSON.parse(row.tags) as string[],
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
    maxClicks: row.maxClicks,
    fallbackUrl: row.fallbackUrl,
    active: row.active === 1,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    clicks: row.clicks,
    shortUrl: `${publicUrl}/l/${row.slug}`,
  };
}

/** The site of an API path (404 when it is not the org's), with its store. */
export async function linkSite(platform: Platform, orgId: string, siteId: string): Promise<LinkSite> {
  const { store } = await siteWithStore(platform, orgId, siteId);
  const org = platform.control.db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).where(eq(orgs.id, orgId)).get();
  if (!org) throw notFound("Organization");
  return { org, siteId, store };
}

async function linkRow(site: LinkSite, id: string): Promise<LinkRow> {
  if (!isId(id)) throw notFound("Short link");
  const [row] = await site.store.db.select().from(shortLinks).where(and(eq(shortLinks.id, id), eq(shortLinks.siteId, site.siteId))).limit(1);
  if (!row) throw notFound("Short link");
  return row;
}

/** A link of this site; another site's or org's id is 404 (the stats route reads it too). */
export async function shortLinkById(platform: Platform, orgId: string, siteId: string, id: string): Promise<ShortLink> {
  return shortLinkView(await linkRow(await linkSite(platform, orgId, siteId), id), platform.settings.publicUrl);
}

const taken = () => new ApiError("CONFLICT", "This slug is already taken", [{ path: "slug", message: "is already taken" }]);

/** Claims a slug in the instance's one namespace; false when it is taken. */
function claimSlug(platform: Platform, site: LinkSite, slug: string, linkId: string): boolean {
  const rows = platform.control.write((db) => db.insert(shortSlugs).values({ slug, orgId: site.org.id, siteId: site.siteId, linkId }).onConflictDoNothing().returning({ slug: shortSlugs.slug }).all());
  return rows.length === 1;
}

function releaseSlug(platform: Platform, slug: string, linkId: string): void {
  platform.control.write((db) => db.delete(shortSlugs).where(and(eq(shortSlugs.slug, slug), eq(shortSlugs.linkId, linkId))).run());
}

/** Runs the tenant write; when it fails the slug claimed for it is given back. */
async function withClaim<T>(platform: Platform, slug: string, linkId: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    releaseSlug(platform, slug, linkId);
    throw error;
  }
}

const stored = (fields: LinkFields) => ({
  ...(fields.url !== undefined && { url: fields.url }),
  ...(fields.title !== undefined && { title: fields.title }),
  ...(fields.tags !== undefined && { tags: JSON.stringify(fields.tags) }),
  ...(fields.expiresAt !== undefined && { expiresAt: fields.expiresAt }),
  ...(fields.maxClicks !== undefined && { maxClicks: fields.maxClicks }),
  ...(fields.fallbackUrl !== undefined && { fallbackUrl: fields.fallbackUrl }),
  ...(fields.active !== undefined && { active: fields.active ? 1 : 0 }),
});

export async function createShortLink(platform: Platform, site: LinkSite, input: ShortLinkCreateBody, actor: Actor): Promise<ShortLink> {
  const now = platform.now();
  const fields = linkFields(input, now);
  const id = newId();
  let slug = fields.slug;
  if (slug !== undefined) {
    if (!claimSlug(platform, site, slug, id)) throw taken();
  } else {
    for (let i = 0; i < RANDOM_TRIES && slug === undefined; i++) {
      const candidate = randomSlug();
      if (claimSlug(platform, site, candidate, id)) slug = candidate;
    }
    if (slug === undefined) throw new ApiError("CONFLICT", "No free random slug was found; give one", [{ path: "slug", message: "give a slug" }]);
  }
  const row: LinkRow = {
    id,
    siteId: site.siteId,
    slug,
    url: fields.url!,
    utm: JSON.stringify({ ...EMPTY_UTM, ...fields.utm }),
    title: fields.title ?? "",
    tags: JSON.stringify(fields.tags ?? []),
    expiresAt: fields.expiresAt ?? null,
    maxClicks: fields.maxClicks ?? null,
    fallbackUrl: fields.fallbackUrl ?? null,
    active: fields.active === false ? 0 : 1,
    clicks: 0,
    createdAt: now,
    updatedAt: now,
  };
  const claimed = slug;
  await withClaim(platform, claimed, id, () => site.store.db.insert(shortLinks).values(row));
  await auditInOrg(platform, site.org, { actor, action: "shortlink.created", label: `Short link /l/${slug} created`, target: { type: "shortlink", id }, meta: { siteId: site.siteId, slug, url: row.url } });
  return shortLinkView(row, platform.settings.publicUrl);
}

/**
 * Any subset of the fields; `utm` merges key by key (null clears one). A new slug moves its
 * routing row. An edit that changes no value writes nothing (no new updatedAt, no audit entry).
 */
export async function updateShortLink(platform: Platform, site: LinkSite, id: string, input: ShortLinkPatchBody, actor: Actor): Promise<ShortLink> {
  const before = await linkRow(site, id);
  const now = platform.now();
  // A form that sends the whole link back keeps a passed expiry without being told it is past.
  const sameExpiry = typeof input.expiresAt === "string" && Date.parse(input.expiresAt) === before.expiresAt;
  const fields = linkFields(sameExpiry ? { ...input, expiresAt: undefined } : input, now);
  const proposed: Partial<LinkRow> = {
    ...stored(fields),
    ...(fields.slug !== undefined && { slug: fields.slug }),
    ...(fields.utm !== undefined && { utm: JSON.stringify({ ...EMPTY_UTM, ...(JSON.parse(before.utm) as Partial<Utm>), ...fields.utm }) }),
  };
  const changed = (Object.keys(proposed) as (keyof LinkRow)[]).filter((name) => proposed[name] !== before[name]);
  if (changed.length === 0) return shortLinkView(before, platform.settings.publicUrl);
  const changes: Partial<LinkRow> = { ...Object.fromEntries(changed.map((name) => [name, proposed[name]])), updatedAt: now };
  const moving = changes.slug !== undefined;
  if (moving && !claimSlug(platform, site, changes.slug!, id)) throw taken();
  const write = () => site.store.db.update(shortLinks).set(changes).where(and(eq(shortLinks.id, id), eq(shortLinks.siteId, site.siteId)));
  if (moving) {
    await withClaim(platform, changes.slug!, id, write);
    releaseSlug(platform, before.slug, id);
  } else {
    await write();
  }
  const after: LinkRow = { ...before, ...changes };
  await auditInOrg(platform, site.org, { actor, action: "shortlink.updated", label: `Short link /l/${after.slug} edited`, target: { type: "shortlink", id }, meta: { siteId: site.siteId, fields: changed.sort(), ...(moving && { from: before.slug, to: after.slug }) } });
  return shortLinkView(after, platform.settings.publicUrl);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, paged; `q` matches slug, title or URL (case-insensitive), `tag` one tag; `tags` is every tag of the site. */
export async function listShortLinks(platform: Platform, site: LinkSite, query: ShortLinkQuery): Promise<ShortLinkList> {
  const { page, offset, size } = pageWindow(query.page, query.size ?? 25);
  const conditions: SQL[] = [eq(shortLinks.siteId, site.siteId)];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    conditions.push(sql`(lower(${shortLinks.slug}) LIKE ${pattern} ESCAPE '\\' OR lower(${shortLinks.title}) LIKE ${pattern} ESCAPE '\\' OR lower(${shortLinks.url}) LIKE ${pattern} ESCAPE '\\')`);
  }
  const tag = query.tag?.trim().toLowerCase();
  if (tag) conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${shortLinks.tags}) WHERE value = ${tag})`);
  const where = and(...conditions);
  const rows = await site.store.db.select().from(shortLinks).where(where).orderBy(desc(shortLinks.createdAt), desc(shortLinks.id)).limit(size).offset(offset);
  const [{ total }] = await site.store.db.select({ total: count() }).from(shortLinks).where(where);
  const tags = (await readRows(site.store, "SELECT DISTINCT j.value FROM short_links, json_each(short_links.tags) AS j WHERE short_links.site_id = ? ORDER BY 1", [site.siteId])) as unknown[][];
  return { items: rows.map((row) => shortLinkView(row, platform.settings.publicUrl)), total, page, size, tags: tags.map((r) => String(r[0])) };
}
