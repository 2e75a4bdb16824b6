/**
 * The flag lists of the admin commands whose flags are more than a line, apart from the commands
 * themselves: scripts/admin.ts checks every command's flags before it loads the one command it
 * runs, so this file imports only names, not the commands' libraries.
 */
import { TEXT_FIELDS } from "../consent/settings.ts";
import { UTM_KEYS } from "../shortlinks/utm-keys.ts";

/** A text field's flag: `analyticsLabel` → `--analytics-label`. */
export const textFlag = (field: string) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
export const flagKey = (flag: string) => flag.slice(2);

/** The flags of `site consent`. */
export const CONSENT_FLAGS = [
  "site", "mode", "categories", "dnt", "gpc", "policy-url", "default-url", "default-language", "lang", "remove-lang",
  ...TEXT_FIELDS.map((f) => flagKey(textFlag(f))),
];

/** The flags `shortlink create` and `shortlink update` share. */
export const SHORTLINK_FLAGS = ["url", "slug", "title", "tags", ...UTM_KEYS.map((k) => `utm-${k}`), "expires", "max-clicks", "fallback-url"];

/** The flags `schedule create` and `schedule update` share. */
export const SCHEDULE_FLAGS = ["report", "frequency", "at", "weekday", "day", "recipients", "format"];

/** The person commands' selector flags, each to the selector it is. */
export const SELECTOR_FLAGS = { visitor: "visitor", email: "email", "user-id": "userId" } as const;
export const PERSON_FLAGS = ["site", ...Object.keys(SELECTOR_FLAGS)];
