/**
 * A page's type for inventory sampling: the first segment of its path (`/` for the home page,
 * `/blog` for `/blog/2024/x`). The script samples once per page type and consent state per tab
 * session; ingest derives the key from the event's URL with this same function.
 */
export function pageKey(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return "/";
  }
  const first = path.split("/").find((segment) => segment !== "");
  return first === undefined ? "/" : `/${first.slice(0, 100)}`;
}
