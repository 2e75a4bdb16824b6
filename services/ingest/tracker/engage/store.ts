import type { ShownState } from "./frequency.ts";

/**
 * The chunk's memory in this browser: `localStorage` with analytics consent, `sessionStorage`
 * (this tab only) without — as the core keeps its ids. `tm_eng` holds the history of each popup
 * and wheel, the visitor's first session (new or returning) and this session's shown list.
 */
export interface EngageState {
  /** The visitor id the rest belongs to. */
  vid: string;
  /** The session the visitor id was made in ("" when it existed before the chunk first ran). */
  first: string;
  items: Record<string, ShownState>;
  /** The current session and what it has seen. */
  sid: string;
  shown: string[];
  /** Popups whose holdout was already counted in this session. */
  held: string[];
  /** How the session came in (referrer and UTM of its first page), for the visitor context. */
  land: { ref: string; utm: Record<string, string> };
}

const KEY = "tm_eng";
const storage = (persistent: boolean): Storage | null => {
  try {
    return persistent ? localStorage : sessionStorage;
  } catch {
    return null;
  }
};

export function loadState(persistent: boolean): EngageState | null {
  try {
    const s = JSON.parse(storage(persistent)?.getItem(KEY) ?? "null");
    return s && typeof s === "object" && s.items ? (s as EngageState) : null;
  } catch {
    return null;
  }
}

export function saveState(persistent: boolean, state: EngageState): void {
  try {
    storage(persistent)?.setItem(KEY, JSON.stringify(state));
  } catch {
    /* full or blocked: the page goes on without memory */
  }
}

/** Consent changed: granted moves the tab's memory to `localStorage`; withdrawn deletes the persistent copy. */
export function moveState(persistent: boolean): void {
  try {
    if (persistent) {
      const s = sessionStorage.getItem(KEY);
      if (s) localStorage.setItem(KEY, s);
      sessionStorage.removeItem(KEY);
    } else localStorage.removeItem(KEY);
  } catch {
    /* blocked */
  }
}

/** A number kept for the tab (pageviews in the tab session, whatever the consent). */
export function tabCounter(key: string): number {
  try {
    const n = (Number(sessionStorage.getItem(key)) || 0) + 1;
    sessionStorage.setItem(key, String(n));
    return n;
  } catch {
    return 1;
  }
}

/** A value kept for the tab under `key`, valid for one session id. */
export function tabCache<T>(key: string, sid: string): { get(): T | undefined; set(value: T): void } {
  return {
    get() {
      try {
        const c = JSON.parse(sessionStorage.getItem(key) ?? "null");
        return c && c.sid === sid ? (c.v as T) : undefined;
      } catch {
        return undefined;
      }
    },
    set(v) {
      try {
        sessionStorage.setItem(key, JSON.stringify({ sid, v }));
      } catch {
        /* blocked */
      }
    },
  };
}
