import { deref, type Operation, type Schema } from "../helpers/openapi.ts";
import type { ContractFixture, RequestParts } from "./fixture.ts";
import { asText, nodesOf, replaced } from "./schema-values.ts";

export type ConstraintKind = "enum" | "pattern" | "minimum" | "maximum" | "minLength" | "maxLength" | "minItems" | "maxItems" | "required";

/** One request just inside a constraint and one just outside it, both from the same valid request. */
export interface EdgeCase {
  kind: ConstraintKind;
  op: Operation;
  where: string;
  inside: RequestParts;
  outside: RequestParts;
}

type Pair = { kind: ConstraintKind; inside: unknown; outside: unknown };

/** Values at a schema's edges, each pair checked against the schema itself (inside fits, outside does not). */
function pairs(fx: ContractFixture, schema: Schema, current: unknown): Pair[] {
  const s = deref(fx.doc, schema);
  const fits = (value: unknown) => value !== undefined && fx.validator.fits(schema, value);
  const found: Pair[] = [];
  // A value of the seeded store (an id, a site key) names a thing: another value inside the same
  // constraint names nothing (404), so only its own value serves as the inside one. So does a
  // value known by name for a rule no schema can say (an event's time: within the last 72 hours).
  const identity = (typeof current === "string" && fx.identities.has(current)) || (typeof current === "number" && Object.values(fx.known).includes(current));
  const add = (kind: ConstraintKind, inside: unknown, outside: unknown) => {
    if (identity && inside !== current) return;
    if (fits(inside) && !fits(outside)) found.push({ kind, inside, outside });
  };
  const integer = [s.type, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((b: Schema) => deref(fx.doc, b).type)].includes("integer");
  const step = integer ? 1 : 0.5;
  if (Array.isArray(s.enum)) add("enum", s.enum[0], typeof s.enum[0] === "string" ? `${s.enum[0]}-not-listed` : "not-listed");
  if (typeof s.pattern === "string" && typeof current === "string") add("pattern", current, [`${current}!`, `!${current}`, "", " "].find((v) => !fits(v)));
  if (typeof s.minimum === "number") add("minimum", s.minimum, s.minimum - step);
  if (typeof s.maximum === "number") add("maximum", s.maximum, s.maximum + step);
  if (typeof s.minLength === "number" && s.minLength > 0 && typeof current === "string") add("minLength", current.padEnd(s.minLength, current || "a").slice(0, s.minLength), current.slice(0, s.minLength - 1));
  if (typeof s.maxLength === "number" && typeof current === "string" && current.length > 0) add("maxLength", current.padEnd(s.maxLength, current).slice(0, s.maxLength), current.padEnd(s.maxLength + 1, current).slice(0, s.maxLength + 1));
  if (Array.isArray(current) && current.length > 0) {
    const of = (n: number) => Array.from({ length: n }, (_, i) => structuredClone(current[i % current.length]));
    if (typeof s.minItems === "number") add("minItems", of(s.minItems), of(s.minItems - 1 < 0 ? 0 : s.minItems - 1));
    if (typeof s.maxItems === "number") add("maxItems", of(s.maxItems), of(s.maxItems + 1));
  }
  if (current && typeof current === "object" && !Array.isArray(current)) {
    for (const key of s.required ?? []) if (key in current) add("required", current, replaced(current, [key], undefined));
  }
  return found;
}

/** Every edge case the operation's parameters and body schemas give, from its valid request. */
export function edgeCases(fx: ContractFixture, op: Operation, base: RequestParts): EdgeCase[] {
  const cases: EdgeCase[] = [];
  for (const p of op.parameters.filter((p) => (p.in === "query" || p.in === "path") && p.schema)) {
    const present = p.in === "path" ? base.path[p.name] : base.query.find(([k]) => k === p.name)?.[1];
    const typed = present === undefined ? undefined : typedText(fx, p.schema!, present);
    for (const pair of pairs(fx, p.schema!, typed)) {
      if (pair.kind === "required") continue;
      const set = (value: unknown): RequestParts =>
        p.in === "path" ? { ...base, path: { ...base.path, [p.name]: asText(value) } } : { ...base, query: [...base.query.filter(([k]) => k !== p.name), [p.name, asText(value)]] };
      cases.push({ kind: pair.kind, op, where: `${p.in} ${p.name}`, inside: set(pair.inside), outside: set(pair.outside) });
    }
    if (p.in === "query" && p.required && present !== undefined) {
      cases.push({ kind: "required", op, where: `query ${p.name}`, inside: base, outside: { ...base, query: base.query.filter(([k]) => k !== p.name) } });
    }
  }
  if (op.body && base.body !== undefined) {
    const body = JSON.parse(base.body);
    for (const pair of pairs(fx, op.body, body)) cases.push({ kind: pair.kind, op, where: "body", inside: { ...base, body: JSON.stringify(pair.inside) }, outside: { ...base, body: JSON.stringify(pair.outside) } });
    for (const node of nodesOf(fx.doc, body, op.body)) {
      if (!node.schema) continue;
      for (const pair of pairs(fx, node.schema, node.value)) {
        cases.push({ kind: pair.kind, op, where: `body ${node.path.join(".")}`, inside: { ...base, body: JSON.stringify(replaced(body, node.path, pair.inside)) }, outside: { ...base, body: JSON.stringify(replaced(body, node.path, pair.outside)) } });
      }
    }
  }
  return cases;
}

/** The typed value behind a query or path text (a number when the schema takes the number). */
function typedText(fx: ContractFixture, schema: Schema, text: string): unknown {
  const number = Number(text);
  return text !== "" && Number.isFinite(number) && !fx.validator.fits(schema, text) && fx.validator.fits(schema, number) ? number : text;
}
