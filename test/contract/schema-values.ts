import { deref, type OpenApiDocument, type Schema, type SchemaValidator } from "../helpers/openapi.ts";

/** Values the schemas cannot invent, by parameter or field name: ids of the seeded store, dates in its range, the time now, secrets. */
export type Known = Record<string, string | number>;

export interface Values {
  doc: OpenApiDocument;
  validator: SchemaValidator;
  known: Known;
}

const FORMAT_SAMPLES: Record<string, string> = {
  date: "2026-01-01",
  "date-time": "2026-01-01T00:00:00.000Z",
  uuid: "00000000-0000-4000-8000-000000000000",
  email: "someone@example.com",
  uri: "http://localhost/",
  url: "http://localhost/",
  hostname: "localhost",
};

/** The branches a value may take: anyOf/oneOf alternatives (each with the outer keywords kept by the full-schema check). */
export function branchesOf(doc: OpenApiDocument, schema: Schema): Schema[] {
  const s = deref(doc, schema);
  return [...(s.oneOf ?? []), ...(s.anyOf ?? [])].map((b: Schema) => deref(doc, b));
}

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties || s.required) return ["object"];
  if (s.items || s.prefixItems) return ["array"];
  return [];
}

/** Candidate values for a schema, best first; the caller keeps the first that fits the whole schema. */
function candidates(v: Values, schema: Schema, name: string, depth: number): unknown[] {
  const s = deref(v.doc, schema);
  const out: unknown[] = [];
  if (name in v.known) out.push(v.known[name]);
  if ("const" in s) out.push(s.const);
  if (Array.isArray(s.enum)) out.push(...s.enum);
  // An example with the known values put in (a secret, the time now), where its schema names them.
  if (Array.isArray(s.examples)) out.push(...s.examples.map((example: unknown) => withKnown(v, s, example)));
  if ("example" in s) out.push(s.example);
  if ("default" in s) out.push(s.default);
  if (depth > 12) return out;
  for (const b of s.allOf ?? []) out.push(...candidates(v, b, name, depth + 1));
  for (const b of branchesOf(v.doc, s)) out.push(...candidates(v, b, name, depth + 1));
  for (const type of typesOf(s)) {
    if (type === "integer" || type === "number") {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : undefined);
      out.push(min ?? Math.min(1, s.maximum ?? 1));
    } else if (type === "string") {
      if (s.format && FORMAT_SAMPLES[s.format]) out.push(FORMAT_SAMPLES[s.format]);
      // A pattern cannot be inverted in general: offer the samples and known values that may match it.
      if (s.pattern) out.push(...Object.values(FORMAT_SAMPLES), ...Object.values(v.known));
      out.push("a".repeat(Math.max(1, s.minLength ?? 1)));
    } else if (type === "boolean") out.push(true, false);
    else if (type === "null") out.push(null);
    else if (type === "array") {
      const item = s.items ? validValue(v, s.items, name, depth + 1) : "a";
      out.push(Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => structuredClone(item)));
    } else if (type === "object") out.push(validObject(v, s, depth));
  }
  if (out.length === 0) out.push({});
  return out;
}

function withKnown(v: Values, s: Schema, example: unknown): unknown {
  if (!example || typeof example !== "object" || Array.isArray(example)) return example;
  const copy = structuredClone(example) as Record<string, unknown>;
  for (const key of Object.keys(s.properties ?? {})) if (key in v.known) copy[key] = v.known[key];
  return copy;
}

/**
 * Required properties, the optional ones the store knows a value for (from, to…), and those a
 * condition requires once the object matches its `if` (allOf of if/then: a funnel step of kind
 * page needs match and value; explore of kind query needs query).
 */
function validObject(v: Values, s: Schema, depth: number): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  const add = (key: string) => {
    const prop = s.properties?.[key];
    if (prop && !(key in obj)) obj[key] = validValue(v, prop, key, depth + 1);
  };
  const required = new Set<string>(s.required ?? []);
  for (const key of Object.keys(s.properties ?? {})) if (required.has(key) || key in v.known) add(key);
  for (const member of s.allOf ?? []) {
    const c = deref(v.doc, member);
    if (c.if && Array.isArray(c.then?.required) && v.validator.fits(c.if, obj)) for (const key of c.then.required) add(key);
  }
  return obj;
}

/** A value that fits the schema, built from it (and from the known values, by name). */
export function validValue(v: Values, schema: Schema, name = "", depth = 0): unknown {
  const list = candidates(v, schema, name, depth);
  return structuredClone(list.find((c) => v.validator.fits(schema, c)) ?? list[0]);
}

/** One valid value per top-level alternative (oneOf/anyOf) that yields one, else the single valid value. */
export function validVariants(v: Values, schema: Schema): unknown[] {
  const whole = deref(v.doc, schema);
  const outer: Schema = { ...whole, oneOf: undefined, anyOf: undefined };
  const variants = branchesOf(v.doc, whole)
    .map((b) => validValue(v, { ...outer, ...b, properties: { ...outer.properties, ...b.properties }, required: [...(outer.required ?? []), ...(b.required ?? [])] }))
    .filter((value) => v.validator.fits(schema, value));
  const unique = [...new Map(variants.map((x) => [JSON.stringify(x), x])).values()];
  return unique.length > 0 ? unique : [validValue(v, schema)];
}

/** Text for a query or path value. */
export function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Each node of a value with the schema that describes it (none where the schema says nothing), depth-first. */
export function* nodesOf(doc: OpenApiDocument, value: unknown, schema: Schema | null, path: (string | number)[] = [], depth = 0): Generator<{ path: (string | number)[]; value: unknown; schema: Schema | null }> {
  const s = schema ? deref(doc, schema) : null;
  if (path.length > 0) yield { path, value, schema: s };
  if (depth >= 5) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < Math.min(value.length, 2); i++) yield* nodesOf(doc, value[i], itemSchema(doc, s), [...path, i], depth + 1);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) yield* nodesOf(doc, child, propertySchema(doc, s, key), [...path, key], depth + 1);
  }
}

function itemSchema(doc: OpenApiDocument, s: Schema | null): Schema | null {
  if (!s) return null;
  const item = s.items ?? branchesOf(doc, s).find((b) => b.items)?.items;
  return item && Object.keys(item).length > 0 ? item : null;
}

function propertySchema(doc: OpenApiDocument, s: Schema | null, key: string): Schema | null {
  if (!s) return null;
  return s.properties?.[key] ?? branchesOf(doc, s).find((b) => b.properties?.[key])?.properties[key] ?? null;
}

/** The value with one node replaced (undefined removes it). */
export function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  const copy = structuredClone(value) as any;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (next === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = next;
  return copy;
}
