import type { ComponentType } from "preact";
import { useLoad } from "./load.ts";
import { Failure } from "./components/Failure.tsx";

/**
 * A page whose code is a chunk of its own (Bun's bundler splits at the dynamic import), fetched
 * the first time the page is shown: the first page a visitor opens ships only what it draws.
 * `load` imports the page's module and picks the component.
 */
export function lazyPage<Props extends object>(name: string, load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loading: Promise<ComponentType<Props>> | null = null;
  const once = () => (loading ??= load().catch((error: unknown) => {
    loading = null; // a failed fetch (a new deploy's file names, the network) is tried again next time
    throw error;
  }));
  return function LazyPage(props: Props) {
    const page = useLoad(`page:${name}`, once);
    if (page.error) return <Failure error={page.error} />;
    if (!page.data) return <p aria-busy="true">Loading…</p>;
    const Page = page.data;
    return <Page {...props} />;
  };
}
