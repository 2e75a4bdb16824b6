import { signal } from "@preact/signals";

/** The app's router: the address bar is the state (history API); pages read `route`. */

export interface Route {
  path: string;
  query: URLSearchParams;
}

const current = (): Route => ({ path: window.location.pathname, query: new URLSearchParams(window.location.search) });

export const route = signal<Route>(current());

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === window.location.pathname + window.location.search) return;
  window.history[options.replace ? "replaceState" : "pushState"](null, "", to);
  route.value = current();
}

/** The current path with some query parameters changed (null removes one; an array repeats it). */
export function withQuery(changes: Record<string, string | string[] | null>, path = route.value.path): string {
  const query = new URLSearchParams(route.value.query);
  for (const [name, value] of Object.entries(changes)) {
    query.delete(name);
    for (const v of value === null ? [] : Array.isArray(value) ? value : [value]) query.append(name, v);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** `/orgs/:org/sites/:site` against a path: the named segments, or null when it does not match. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.replace(/\/+$/, "").split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(":")) params[want[i]!.slice(1)] = decodeURIComponent(got[i]!);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

window.addEventListener("popstate", () => (route.value = current()));

// Same-origin links navigate in place; modified clicks (new tab, download) stay the browser's.
document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.("a");
  if (!link || link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
  // An in-page anchor (the skip link) is the browser's: it scrolls and moves focus.
  if (link.hash && link.pathname === window.location.pathname && link.search === window.location.search) return;
  event.preventDefault();
  navigate(link.pathname + link.search);
});
