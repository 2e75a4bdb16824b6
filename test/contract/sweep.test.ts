import { afterAll, expect, test } from "bun:test";
import { deref, envelopeProblems, fitsAsParameter, type Operation, type Schema } from "../helpers/openapi.ts";
import { batch, ev } from "../helpers/hits.ts";
import { baseline, openFixture, pool, send, urlOf, type RequestParts } from "./fixture.ts";
import { ownerSession } from "../helpers/stack.ts";
import { BAD_TEXT, MALFORMED_ID, NOT_OBJECT_BODIES, PROTOTYPE_NAMES, UNKNOWN_FIELD, badBodies, badJson } from "./bad-values.ts";
import { nodesOf, replaced } from "./schema-values.ts";

/**
 * Bad input to every operation of the served document, generated from its parameters and body
 * schemas, with a key of every permission: only 400, 401, 403, 404 or 422 with the error envelope
 * (spec Part 7), or a success where the schema itself allows the value — never a 5xx. Seeded and
 * capped, so the same calls run every time and the sweep stays well under a minute.
 */
const fx = await openFixture();
afterAll(() => fx.close());

const REFUSALS = new Set([400, 401, 403, 404, 422]);
const SEED = 20261124;
/** Per operation: the whole-body cases always run, the rest is a seeded sample of this size. */
const SAMPLE_PER_OPERATION = 45;
const COLLECT_SAMPLE = 150;
/** A bad request answered later than this holds the server up: reported, not waited for. */
const ANSWER_WITHIN_MS = 5_000;

interface Case {
  op: Operation;
  label: string;
  parts: RequestParts;
  /** The schema refuses the value (or it names nothing in the store): a success would be wrong. */
  mustRefuse: boolean;
}

/** mulberry32: a small seeded generator, so the sample is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample<T>(items: T[], size: number, random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, size);
}

function bodyFits(op: Operation, text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return op.body !== null && fx.validator.fits(op.body, value);
}

/** Every bad value in every place of one valid body. */
function bodyCases(op: Operation, base: RequestParts, body: unknown): Case[] {
  const cases: Case[] = [];
  for (const node of nodesOf(fx.doc, body, op.body)) {
    const at = node.path.join(".");
    for (const bad of [undefined, ...badJson(node.schema, node.value)]) {
      const text = JSON.stringify(replaced(body, node.path, bad));
      cases.push({ op, label: `body ${at} = ${bad === undefined ? "(removed)" : JSON.stringify(bad).slice(0, 40)}`, parts: { ...base, body: text }, mustRefuse: !bodyFits(op, text) });
    }
  }
  return cases;
}

function casesFor(op: Operation, random: () => number): Case[] {
  const [base] = baseline(fx, op);
  const sampled: Case[] = [];
  for (const p of op.parameters) {
    if (p.in === "path") {
      // An empty segment makes another URL (`…/visitors/` is the list), so it is no path value.
      for (const text of BAD_TEXT.filter((t) => t !== "")) {
        const mustRefuse = fx.identities.has(base.path[p.name]) || !fitsAsParameter(fx.validator, p.schema ?? {}, text);
        sampled.push({ op, label: `path ${p.name} = ${JSON.stringify(text).slice(0, 40)}`, parts: { ...base, path: { ...base.path, [p.name]: text } }, mustRefuse });
      }
    } else if (p.in === "query") {
      const others = base.query.filter(([k]) => k !== p.name);
      for (const text of BAD_TEXT) {
        sampled.push({ op, label: `query ${p.name} = ${JSON.stringify(text).slice(0, 40)}`, parts: { ...base, query: [...others, [p.name, text]] }, mustRefuse: !fitsAsParameter(fx.validator, p.schema ?? {}, text) });
      }
      sampled.push({ op, label: `query ${p.name} twice`, parts: { ...base, query: [...base.query, [p.name, "1"], [p.name, "abc"]] }, mustRefuse: false });
    }
  }
  sampled.push({ op, label: "prototype names as query keys", parts: { ...base, query: [...base.query, ...PROTOTYPE_NAMES.map((k): [string, string] => [k, "1"]), ["__proto__[polluted]", "1"]] }, mustRefuse: false });
  const whole: Case[] = [];
  if (op.body && base.body !== undefined) {
    sampled.push(...bodyCases(op, base, JSON.parse(base.body)));
    for (const { label, text } of badBodies()) whole.push({ op, label: `body: ${label}`, parts: { ...base, body: text }, mustRefuse: !bodyFits(op, text) });
  }
  return [...whole, ...sample(sampled, SAMPLE_PER_OPERATION, random)];
}

/** The ingest protocol from a real batch (the document's event items say little today): every field wrong, and `t` named after the prototype. */
function collectCases(random: () => number): Case[] {
  const op = fx.operations.find((o) => o.method === "POST" && o.path === "/v1/collect");
  if (!op) return [];
  const [base] = baseline(fx, op);
  const body = batch(String(fx.known.siteKey), [ev("pageview", fx.stack.clock.now() - 60_000)]);
  const cases = bodyCases(op, base, body);
  const named = PROTOTYPE_NAMES.map((t): Case => {
    const text = JSON.stringify({ ...body, e: [ev(t, fx.stack.clock.now() - 60_000)] });
    return { op, label: `event t = ${t}`, parts: { ...base, body: text }, mustRefuse: !bodyFits(op, text) };
  });
  return [...named, ...sample(cases, COLLECT_SAMPLE, random)];
}

test("bad input to every operation is refused with the error envelope, never a 5xx", async () => {
  const random = seeded(SEED);
  const cases = [...fx.operations.flatMap((op) => casesFor(op, random)), ...collectCases(random)];
  const started = performance.now();
  const problems = (
    await pool(cases, 4, async (c) => {
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(fx, c.op, c.parts, ANSWER_WITHIN_MS);
      } catch (error) {
        return [`${c.op.method} ${c.op.path} ${c.label}: no answer (${(error as Error).message.slice(0, 80)})`];
      }
      const name = `${c.op.method} ${c.op.path} ${c.label}: ${answer.status}`;
      if (answer.status >= 200 && answer.status <= 299) return c.mustRefuse ? [`${name} (the schema refuses it)`] : [];
      const found = REFUSALS.has(answer.status) ? [] : [`${name} is not 400/401/403/404/422`];
      return [...found, ...envelopeProblems(answer.status, answer.headers, answer.text).map((p) => `${name}: ${p}`)];
    })
  ).flat();
  console.log(`sweep: ${fx.operations.length} operations, ${cases.length} calls in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  expect(problems).toEqual([]);
}, 120_000);

test("after the sweep the server still answers a simple request quickly", async () => {
  // A liveness check, not a benchmark (a generous bound, for a busy CI machine): a stuck event loop
  // or a wedged store would miss it by far.
  const op = fx.operations.find((o) => o.method === "GET" && o.path === "/api/v1/orgs/{orgId}/sites")!;
  const answer = await send(fx, op, baseline(fx, op)[0]);
  expect(answer.status).toBe(200);
  expect(answer.ms).toBeLessThan(5000);
});

/**
 * One order of checks and bodies checked as sent (issue 32, items 13, 15, 16), for every
 * operation of the document: a call without credentials is 401 whatever its path and body; with
 * a key of every permission, a malformed path id is 404 and, on a valid path, a body that is not
 * an object is 422 at `body` and a field no schema lists is 422 naming it, where the document
 * says `additionalProperties: false`.
 */
const guarded = fx.operations.filter((op) => (op.op.security ?? []).length > 0);
const keyed = guarded.filter((op) => op.op.security.some((s: Record<string, unknown>) => "apiKey" in s));

/** The error code and details paths of an answer. */
async function refusalOf(op: Operation, parts: RequestParts, headers?: Record<string, string>): Promise<string> {
  const res = headers
    ? await fetch(urlOf(fx, op, parts), { method: op.method, headers: { ...headers, ...(parts.body !== undefined ? { "content-type": "application/json" } : {}) }, body: parts.body })
    : await fetch(urlOf(fx, op, parts), { method: op.method, headers: { authorization: `Bearer ${fx.key}`, ...(parts.body !== undefined ? { "content-type": "application/json" } : {}) }, body: parts.body });
  const error = ((await res.json().catch(() => null)) as { error?: { code: string; details: { path: string }[] } } | null)?.error;
  return `${res.status} ${error?.code ?? "-"} [${error?.details.map((d) => d.path).join(",") ?? ""}]`;
}

/** Where a baseline body has an object the document closes (`additionalProperties: false`): its path, the root first. */
function closedObjects(op: Operation, body: unknown): string[][] {
  const closed = (schema: Schema | null) => schema !== null && deref(fx.doc, schema).additionalProperties === false;
  const found: string[][] = closed(op.body) && body && typeof body === "object" && !Array.isArray(body) ? [[]] : [];
  for (const node of nodesOf(fx.doc, body, op.body)) {
    if (node.value && typeof node.value === "object" && !Array.isArray(node.value) && closed(node.schema)) found.push(node.path.map(String));
  }
  return found;
}

test("without credentials, every guarded operation is 401 whatever its path ids and body", async () => {
  expect(guarded.length).toBeGreaterThan(40);
  expect(guarded.filter((op) => op.op["x-session-only"]).length).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const op of guarded) {
    const [base] = baseline(fx, op);
    const path = Object.fromEntries(Object.keys(base.path).map((name) => [name, MALFORMED_ID]));
    const got = await refusalOf(op, { ...base, path, body: op.body ? "123" : undefined }, {});
    if (!got.startsWith("401 UNAUTHENTICATED")) problems.push(`${op.method} ${op.path}: ${got}`);
  }
  expect(problems).toEqual([]);
});

test("with a key of every permission, a malformed path id is 404 on every operation that has one", async () => {
  const problems: string[] = [];
  let calls = 0;
  for (const op of keyed) {
    const [base] = baseline(fx, op);
    for (const name of Object.keys(base.path)) {
      calls++;
      const got = await refusalOf(op, { ...base, path: { ...base.path, [name]: MALFORMED_ID } });
      if (!got.startsWith("404 NOT_FOUND")) problems.push(`${op.method} ${op.path} ${name}: ${got}`);
    }
  }
  expect(calls).toBeGreaterThan(40);
  expect(problems).toEqual([]);
});

test("with a key, a body that is not an object is 422 at body, and an unknown field is 422 naming it at any depth", async () => {
  const problems: string[] = [];
  const bodied = keyed.filter((op) => op.body);
  expect(bodied.length).toBeGreaterThan(3);
  let nested = 0;
  for (const op of bodied) {
    const [base] = baseline(fx, op);
    for (const text of NOT_OBJECT_BODIES) {
      const got = await refusalOf(op, { ...base, body: text });
      if (got !== "422 VALIDATION_FAILED [body]") problems.push(`${op.method} ${op.path} body ${text}: ${got}`);
    }
    const body = JSON.parse(base.body!);
    for (const at of closedObjects(op, body)) {
      if (at.length > 0) nested++;
      const field = [...at, UNKNOWN_FIELD];
      const got = await refusalOf(op, { ...base, body: JSON.stringify(replaced(body, field, 1)) });
      if (got !== `422 VALIDATION_FAILED [${field.join(".")}]`) problems.push(`${op.method} ${op.path} ${field.join(".")}: ${got}`);
    }
  }
  expect(nested).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test("no request body of the document has a default: what a caller leaves out is never filled in", () => {
  /** Paths under a schema (its $refs followed once) where a `default` is declared. */
  const defaultsIn = (schema: unknown, at: string, seen: Set<unknown>): string[] => {
    const s = deref(fx.doc, schema as Schema);
    if (!s || typeof s !== "object" || seen.has(s)) return [];
    seen.add(s);
    const own = "default" in s && !Array.isArray(s) ? [at] : [];
    return [...own, ...Object.entries(s).flatMap(([key, child]) => (child && typeof child === "object" ? defaultsIn(child, `${at}/${key}`, seen) : []))];
  };
  const bodied = fx.operations.filter((op) => op.body);
  expect(bodied.length).toBeGreaterThan(20);
  expect(bodied.flatMap((op) => defaultsIn(op.body, `${op.method} ${op.path}`, new Set()))).toEqual([]);
});

test("with the owner's session, a session route refuses a body that is not an object (422 at body, or 401/403/404 first) and a malformed path id (404, or 403 first)", async () => {
  const { cookie, origin } = await ownerSession(fx.stack, fx.owner);
  const browser = { cookie, origin };
  // Signing out would end the session the rest uses.
  const routes = guarded.filter((op) => op.op["x-session-only"] && !(op.method === "DELETE" && op.path === "/api/v1/session"));
  const problems: string[] = [];
  let atBody = 0;
  let notFound = 0;
  for (const op of routes) {
    const [base] = baseline(fx, op);
    if (op.body) {
      for (const text of NOT_OBJECT_BODIES) {
        const got = await refusalOf(op, { ...base, body: text }, browser);
        if (got === "422 VALIDATION_FAILED [body]") atBody++;
        else if (!/^(401|403|404) /.test(got)) problems.push(`${op.method} ${op.path} body ${text}: ${got}`);
      }
    }
    // A name the document leaves free (a cookie's) is no id: "not-an-id" may be one.
    for (const { name } of op.parameters.filter((p) => p.in === "path" && !fitsAsParameter(fx.validator, p.schema ?? {}, MALFORMED_ID))) {
      const got = await refusalOf(op, { ...base, path: { ...base.path, [name]: MALFORMED_ID } }, browser);
      if (got.startsWith("404 NOT_FOUND")) notFound++;
      else if (!got.startsWith("403 ")) problems.push(`${op.method} ${op.path} ${name}: ${got}`);
    }
  }
  expect(problems).toEqual([]);
  expect(atBody).toBeGreaterThan(10);
  expect(notFound).toBeGreaterThan(10);
});
