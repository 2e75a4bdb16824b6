import { t } from "elysia";
import { invalid } from "./errors.ts";

/**
 * Paged lists (spec 4.2 `page`): one bound for every list, so an offset stays a small integer —
 * far inside SQLite's 64-bit range and JavaScript's exact integers.
 */
export const MAX_PAGE = 100_000;

/** The `page` query property of a paged list. */
export const PageQuery = (description = "1-based") =>
  t.Optional(t.Integer({ title: "page", minimum: 1, maximum: MAX_PAGE, default: 1, description: `${description}; at most ${MAX_PAGE}` }));

export interface PageWindow {
  page: number;
  /** Rows skipped before the page. */
  offset: number;
  size: number;
}

/** The rows a 1-based page of `size` rows covers; a page that is not a whole number from 1 to MAX_PAGE is 422 naming `page`. */
export function pageWindow(page: number | undefined, size: number): PageWindow {
  const p = page ?? 1;
  if (!Number.isSafeInteger(p) || p < 1 || p > MAX_PAGE) throw invalid("page", `must be a whole number from 1 to ${MAX_PAGE}`);
  return { page: p, offset: (p - 1) * size, size };
}
