import type { PublicPopup, PublicWheel } from "../../../../lib/engagement/types.ts";

/** The site config as the core script fetched it (GET /v1/sites/{key}/config, docs/engagement.md "The page"). */
export interface EngageConfig {
  popups?: PublicPopup[];
  wheels?: PublicWheel[];
  /** How many different popups and wheels one session may see (default 1). */
  popupsPerSession?: number;
  engage?: string | null;
}

/**
 * What the core script (tracker.ts, `tidemark.e`) hands the engagement chunk: the config it
 * already fetched, the events queue, the ids and the consent — nothing else of the core.
 */
export interface CoreLink {
  c: EngageConfig;
  /** The Tidemark origin the script came from. */
  base: string;
  /** The site key. */
  key: string;
  /** Queues an event in the core's batch and sends it at once. */
  push(t: string, fields: Record<string, unknown>): void;
  /** [visitor id, session id] (touching the session, as any activity does). */
  ids(): [string, string];
  /** The visitor id was made on this page load. */
  fresh(): boolean;
  consent(): { analytics: boolean; marketing: boolean };
}
