import type { ComponentType } from "preact";
import { ApiFailure } from "./api.ts";
import { useLoad } from "./load.ts";
import { Failure } from "./components/Failure.tsx";

/**
 * A page whose code is a chunk of its own (Bun's bundler splits at the dynamic import), fetched
 * the first time the page is shown: the first page a visitor opens ships only what it draws.
 * `load` imports the page's module and picks the component.
 */
export function lazyPage<Props extends object>(name: string, load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loading: Promise<ComponentType<Props>> | null = null;
  const once = () => (loading ??= load().catch(() => {
    loading = null; // tried again next time
    // The usual cause: the dashboard was updated since this tab loaded, and its old file names are gone.
    throw new ApiFailure(0, "PAGE_NOT_LOADED", "This page could not be loaded: the dashboard may have been updated since this tab opened. Reload the page.");
  }));
  return function LazyPage(props: Props) {
    const page = useLoad(`page:${name}`, once);
    if (page.error) return <Failure error={page.error} />;
    if (!page.data) return <p aria-busy="true">Loading…</p>;
    const Page = page.data;
    return <Page {...props} />;
  };
}
