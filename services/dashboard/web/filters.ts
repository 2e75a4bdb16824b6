import { route, withQuery } from "./router.ts";
import { dimensionLabels } from "./vocabulary.ts";

/**
 * Filter chips live in the URL (`?f=channel:organic_search&f=country:DE`), so every filtered
 * view is a link. The analytics reports take no filters (spec 4.6), so a filtered overview is
 * read through explore (spec 4.7), whose dimensions these are: a page filters as its landing page.
 */
/** The filterable dimensions with explore's labels for them (vocabulary.ts). */
export const FILTER_DIMENSIONS = dimensionLabels(["channel", "landing", "country", "device"] as const);
export type FilterDimension = keyof typeof FILTER_DIMENSIONS;

export interface Filter {
  dim: FilterDimension;
  value: string;
}

const isDimension = (dim: string): dim is FilterDimension => dim in FILTER_DIMENSIONS;

export function filtersOf(query: URLSearchParams): Filter[] {
  const filters: Filter[] = [];
  for (const raw of query.getAll("f")) {
    const at = raw.indexOf(":");
    const dim = raw.slice(0, at);
    if (at > 0 && isDimension(dim) && !filters.some((f) => f.dim === dim)) filters.push({ dim, value: raw.slice(at + 1) });
  }
  return filters;
}

const encode = (filters: Filter[]) => filters.map((f) => `${f.dim}:${f.value}`);

/** The current URL with one filter set (one value per dimension: a new one replaces it). */
export const addFilter = (filter: Filter) => withQuery({ f: encode([...filtersOf(route.value.query).filter((f) => f.dim !== filter.dim), filter]) });
export const removeFilter = (dim: FilterDimension) => withQuery({ f: encode(filtersOf(route.value.query).filter((f) => f.dim !== dim)) });
