/**
 * Short links for the redirect and stats tests, made through the admin CLI (`shortlink create`,
 * `shortlink update`: lib/shortlinks/manage.ts, the routes' own core).
 */
import { must, runAdmin } from "./stack.ts";

export interface TestLink {
  slug: string;
  url: string;
  utm?: Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string>>;
  title?: string;
  tags?: string[];
  /** ms since epoch (the CLI takes it as ISO) */
  expiresAt?: number;
  maxClicks?: number;
  fallbackUrl?: string;
  active?: boolean;
}

/** Creates a link of the site; returns its id. */
export function createShortLink(dataDir: string, where: { siteId: string }, link: TestLink): string {
  const args = ["shortlink", "create", "--site", where.siteId, "--url", link.url, "--slug", link.slug];
  if (link.title !== undefined) args.push("--title", link.title);
  if (link.tags !== undefined) args.push("--tags", link.tags.join(","));
  for (const [key, value] of Object.entries(link.utm ?? {})) args.push(`--utm-${key}`, value);
  if (link.expiresAt !== undefined) args.push("--expires", new Date(link.expiresAt).toISOString());
  if (link.maxClicks !== undefined) args.push("--max-clicks", String(link.maxClicks));
  if (link.fallbackUrl !== undefined) args.push("--fallback-url", link.fallbackUrl);
  const { id } = must(runAdmin(dataDir, args));
  if (link.active === false) updateShortLink(dataDir, id, { active: false });
  return id;
}

/** Edits a link (as `shortlink update` does). */
export function updateShortLink(dataDir: string, id: string, set: { active?: boolean }): void {
  const args = ["shortlink", "update", "--id", id];
  if (set.active !== undefined) args.push("--active", String(set.active));
  must(runAdmin(dataDir, args));
}
