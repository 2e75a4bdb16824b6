import { afterAll, expect, test } from "bun:test";
import { envelopeProblems, fitsAsParameter, type Operation } from "../helpers/openapi.ts";
import { batch, ev } from "../helpers/hits.ts";
import { baseline, openFixture, pool, send, type RequestParts } from "./fixture.ts";
import { BAD_TEXT, PROTOTYPE_NAMES, badBodies, badJson } from "./bad-values.ts";
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
