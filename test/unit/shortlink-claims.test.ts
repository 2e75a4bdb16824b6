import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSettings } from "../../lib/config.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { createOrg } from "../../lib/admin/orgs.ts";
import { createSite } from "../../lib/admin/sites.ts";
import { OPERATOR } from "../../lib/audit.ts";
import { shortSlugs } from "../../lib/db/control-schema.ts";
import { createShortLink, linkSite, updateShortLink, type LinkSite } from "../../lib/shortlinks/manage.ts";

/**
 * The slug's routing row and the tenant row move together (docs/campaigns.md "Short links"): when
 * the tenant write fails, the claim made for it is given back and the old slug stays routed.
 */

let dir: string;
let platform: Platform;
let site: LinkSite;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tidemark-shortlinks-"));
  platform = openPlatform(readSettings({ DATA_DIR: dir, LOG_REQUESTS: "0" }));
  const org = await createOrg(platform, { name: "Claims" });
  const made = await createSite(platform, { org: org.id, name: "Claims", domain: "claims.test" });
  site = await linkSite(platform, org.id, made.id);
});
afterAll(async () => {
  await closePlatform(platform);
  rmSync(dir, { recursive: true, force: true });
});

const routes = () => platform.control.db.select({ slug: shortSlugs.slug, linkId: shortSlugs.linkId }).from(shortSlugs).all();

/** The site with a store whose writes fail, as a full disk or a lost BYO database would. */
const failingWrites = (): LinkSite => {
  const db = new Proxy(site.store.db, {
    get(target, name, receiver) {
      if (name === "insert" || name === "update") return () => {
        throw new Error("disk I/O error");
      };
      return Reflect.get(target, name, receiver);
    },
  });
  return { ...site, store: { ...site.store, db } };
};

test("a failed tenant insert gives the slug back", async () => {
  await expect(createShortLink(platform, failingWrites(), { url: "https://claims.test/", slug: "lost" }, OPERATOR)).rejects.toThrow("disk I/O error");
  expect(routes()).toEqual([]);
  const made = await createShortLink(platform, site, { url: "https://claims.test/", slug: "lost" }, OPERATOR);
  expect(routes()).toEqual([{ slug: "lost", linkId: made.id }]);
});

test("a failed edit to a new slug keeps the old slug routed and frees the new one", async () => {
  const [{ linkId }] = routes();
  await expect(updateShortLink(platform, failingWrites(), linkId, { slug: "moved" }, OPERATOR)).rejects.toThrow("disk I/O error");
  expect(routes()).toEqual([{ slug: "lost", linkId }]);
  const moved = await updateShortLink(platform, site, linkId, { slug: "moved" }, OPERATOR);
  expect(moved.slug).toBe("moved");
  expect(routes()).toEqual([{ slug: "moved", linkId }]);
});
