/**
 * Popups and spin wheels as stored and as the page gets them (docs/engagement.md). The
 * definitions' TypeBox models and their checks (lib/engagement/popup-definition.ts,
 * wheel-definition.ts) produce these types; the public views (what /v1/sites/{key}/config
 * hands the script) are derived from them by `publicPopup` / `publicWheel`.
 */

/** The variant a popup's views, exposures and leads are stored under when it runs no test (the held-out group's is `holdout`, lib/engagement/assign.ts). */
export const NO_VARIANT = "-";

export const ENGAGEMENT_STATUSES = ["draft", "active", "paused", "archived"] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

export const POPUP_LAYOUTS = ["modal", "slide_in", "bar", "fullscreen"] as const;
export type PopupLayout = (typeof POPUP_LAYOUTS)[number];

/** Contact fields a lead form may ask for (the lead's own fields, spec 2.11). */
export const LEAD_FIELDS = ["email", "name", "phone", "company", "message"] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** Plain text and colours only: a definition never carries HTML, so it cannot inject script. */
export interface PopupContent {
  title: string;
  text: string;
  /** https URL, or null. */
  imageUrl: string | null;
  imageAlt: string;
  /** The button's label (a popup without a form: its link is `buttonUrl`, or it just closes). */
  button: string;
  buttonUrl: string | null;
  /** `#rrggbb` each. */
  colors: { background: string; text: string; button: string; buttonText: string };
}

export interface LeadForm {
  /** Asked for, in order; `email` is always among them. */
  fields: LeadField[];
  /** Of `fields`, the ones that must be filled (`email` always). */
  required: LeadField[];
  /** A consent checkbox; its exact text is stored with every lead that ticks it. */
  consent: { text: string; required: boolean } | null;
  submitLabel: string;
  successText: string;
}

export const TRIGGER_KINDS = ["exit_intent", "scroll", "time_on_page", "inactivity", "pageviews", "click", "immediately"] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
/** Triggers are OR-ed: the first that fires shows the popup. */
export type Trigger =
  /** Desktop: the pointer leaves through the top of the viewport. Mobile (no pointer): `scroll_up` (a quick scroll back up after reading), or `none`. */
  | { kind: "exit_intent"; mobile: "scroll_up" | "none" }
  | { kind: "scroll"; percent: number }
  | { kind: "time_on_page"; seconds: number }
  | { kind: "inactivity"; seconds: number }
  /** Pageviews in the tab's session, this one included. */
  | { kind: "pageviews"; count: number }
  /** A click on an element matching a CSS selector. */
  | { kind: "click"; selector: string }
  | { kind: "immediately" };

export const PATH_MATCHES = ["equals", "starts_with", "contains", "regex"] as const;
export type PathMatch = (typeof PATH_MATCHES)[number];
export const TARGET_DEVICES = ["desktop", "mobile", "tablet"] as const;

/** AND-ed; an empty list (or `any`) does not restrict. */
export interface Targeting {
  /** The page's path matches one of these (the funnels' operators, case-sensitive). */
  paths: { match: PathMatch; value: string }[];
  /** Paths that never show it. */
  excludePaths: { match: PathMatch; value: string }[];
  devices: (typeof TARGET_DEVICES)[number][];
  visitor: "any" | "new" | "returning";
  /** Channel names as reports show them (lib/channels). */
  channels: string[];
  /** utm_campaign values of the session. */
  campaigns: string[];
  /** ISO 3166-1 alpha-2. */
  countries: string[];
}

export interface Frequency {
  /** every_page: on each page load; once_per_session; every_n_days: at most once per `days` days. */
  show: "every_page" | "once_per_session" | "every_n_days";
  days: number | null;
  stopAfterClose: boolean;
  stopAfterConvert: boolean;
  /** Never again after this many views (null: no cap). */
  maxViews: number | null;
}

/** An A/B variant: its share and what it changes of the base popup. */
export interface Variant {
  /** `a`, `b`… unique; `holdout` is reserved. The first variant is the control. */
  key: string;
  name: string;
  /** Relative weight, 1–100. */
  weight: number;
  layout?: PopupLayout;
  content?: Partial<PopupContent>;
}

export interface PopupDefinition {
  name: string;
  layout: PopupLayout;
  content: PopupContent;
  form: LeadForm | null;
  triggers: Trigger[];
  targeting: Targeting;
  frequency: Frequency;
  /** ISO 8601 instants, or null. */
  startAt: string | null;
  endAt: string | null;
  /** Empty: no test. Otherwise 2 to 5 variants. */
  variants: Variant[];
  /** Percent of visitors (0–50) shown nothing and kept as the baseline. */
  holdout: number;
}

export const PRIZE_KINDS = ["coupon_pool", "static_code", "none"] as const;
export interface Slice {
  label: string;
  prize: (typeof PRIZE_KINDS)[number];
  /** static_code: the code everyone winning the slice gets. */
  code: string | null;
  /** Relative weight (> 0) of the slice among the slices that still have stock. */
  weight: number;
  /** How many times it can be won (null: unlimited; a coupon_pool slice is also bounded by its codes). */
  stock: number | null;
  /** coupon_pool: the unique codes, each handed out once (stored in coupon_codes, never sent to a page). */
  codes?: string[];
  /** `#rrggbb`. */
  color: string;
}

export interface WheelDefinition {
  name: string;
  title: string;
  text: string;
  /** 2 to 12 slices. */
  slices: Slice[];
  /** The lead form that gates the spin (`email` always asked). */
  form: LeadForm;
  /** Days a won code stays valid (null: no expiry). */
  couponDays: number | null;
  triggers: Trigger[];
  targeting: Targeting;
  colors: { background: string; text: string; button: string; buttonText: string };
  startAt: string | null;
  endAt: string | null;
}

/** What the page gets of a popup (config): no stats, nothing of other variants' internals beyond their share. */
export interface PublicPopup {
  id: string;
  layout: PopupLayout;
  content: PopupContent;
  form: LeadForm | null;
  triggers: Trigger[];
  targeting: Targeting;
  frequency: Frequency;
  endAt: string | null;
  /** Variants with their weights and changes; the page assigns one by `assignVariant`. */
  variants: Variant[];
  holdout: number;
  updatedAt: string;
}

/** What the page gets of a wheel: labels and colours only — no weights, stock or codes (the server draws). */
export interface PublicWheel {
  id: string;
  title: string;
  text: string;
  slices: { label: string; color: string }[];
  form: LeadForm;
  triggers: Trigger[];
  targeting: Targeting;
  colors: { background: string; text: string; button: string; buttonText: string };
  endAt: string | null;
  updatedAt: string;
}
