import type { Schema } from "../helpers/openapi.ts";

/** Names that live on every JS object: a lookup table keyed by input must not find them. */
export const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__lookupSetter__"];

/** Text that a path or query value should never choke on. */
export const BAD_TEXT = [
  "",
  " ",
  "abc",
  "-1",
  "0",
  "1.5",
  "99999999999999999999",
  "-99999999999999999999",
  "1e309",
  "NaN",
  "Infinity",
  "0x1F",
  "0000-01-01",
  "99999-01-01",
  "2026-02-30",
  "2026-13-01",
  "zz-unknown-value",
  "true",
  "null",
  "[]",
  "{}",
  "%00",
  "\u0000",
  "../../etc/passwd",
  "'; DROP TABLE sites; --",
  "💥".repeat(50),
  "x".repeat(5000),
  ...PROTOTYPE_NAMES,
];

const HUGE_STRING = "x".repeat(200_000);

/** Replacements for one JSON value: other types, edges of its own type, names of the prototype. */
export function badJson(schema: Schema | null, current: unknown): unknown[] {
  const type = schema?.type ?? (Array.isArray(current) ? "array" : current === null ? "null" : typeof current);
  const other = ["a string", 1, -1, 1.5, true, null, [], {}, ["a"], [1], { a: 1 }];
  const byType: Record<string, unknown[]> = {
    string: ["", HUGE_STRING, "0000-01-01", "99999-01-01", "zz-unknown-value", ...PROTOTYPE_NAMES, 99999999999999999999],
    integer: [99999999999999999999, -99999999999999999999, -1, 0, 1.5, 2 ** 53 + 1, "1", "abc", 1e308],
    number: [99999999999999999999, -99999999999999999999, -1, 0, 1e308, -1e308, "1", "abc"],
    boolean: ["true", 1, 0, "yes"],
    array: ["not an array", [null], [[]], [{}], Array.from({ length: 1001 }, () => "a"), [HUGE_STRING]],
    object: ["not an object", [], Object.fromEntries(PROTOTYPE_NAMES.map((k) => [k, { polluted: true }]))],
  };
  return [...(byType[Array.isArray(type) ? type[0] : type] ?? []), ...other];
}

/** Whole bodies that are not the document's shape at all. */
export function badBodies(): { label: string; text: string }[] {
  const depth = 50_000;
  return [
    { label: "empty", text: "" },
    { label: "not JSON", text: "{\"a\":" },
    { label: "null", text: "null" },
    { label: "array", text: "[]" },
    { label: "number", text: "1" },
    { label: "string", text: "\"x\"" },
    { label: `${depth} nested arrays (~100 KB)`, text: "[".repeat(depth) + "]".repeat(depth) },
    { label: "20 000 nested objects", text: "{\"a\":".repeat(20_000) + "1" + "}".repeat(20_000) },
    { label: "prototype keys", text: `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}` },
    { label: "body over 256 KB", text: JSON.stringify({ pad: "x".repeat(300_000) }) },
  ];
}

/** Bodies that are JSON but not the object every body of the document is (issue 32, item 15). */
export const NOT_OBJECT_BODIES = ["123", "null", "[]", '"s"', "true"];

/** A path value no id, key or name of the store can be (an id is 24 hex, a visitor id a UUID). */
export const MALFORMED_ID = "not-an-id";

/** A field no body of the document lists. */
export const UNKNOWN_FIELD = "zz_unknown";
