import { useEffect, useState } from "preact/hooks";
import { ApiFailure } from "./api.ts";

export interface Loaded<T> {
  data: T | null;
  error: ApiFailure | null;
  loading: boolean;
}

/**
 * Runs `load` whenever `key` changes and keeps its latest answer; an answer that arrives after
 * the key moved on is dropped. `refreshMs` asks again on a timer (realtime).
 */
export function useLoad<T>(key: string, load: () => Promise<T>, refreshMs = 0): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, error: null, loading: true });
  useEffect(() => {
    let live = true;
    const run = () => {
      setState((s) => ({ ...s, loading: true }));
      load().then(
        (data) => live && setState({ data, error: null, loading: false }),
        (error: unknown) =>
          live && setState({ data: null, error: error instanceof ApiFailure ? error : new ApiFailure(0, "NETWORK", "The server could not be reached"), loading: false }),
      );
    };
    run();
    const timer = refreshMs > 0 ? setInterval(run, refreshMs) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [key]);
  return state;
}
