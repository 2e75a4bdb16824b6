import { expect, test } from "bun:test";
import { ApiError } from "../../lib/errors.ts";
import { jsonDepth, MAX_JSON_DEPTH, parseJsonText } from "../../lib/http/request.ts";
import { checkFunnelDef, checkStep } from "../../lib/analytics/funnels/definition.ts";
import { Problems } from "../../lib/analytics/explore/checks.ts";
import { checkEvent } from "../../lib/ingest/protocol.ts";
import { MAX_PAGE, pageWindow } from "../../lib/paging.ts";
import { resolveRange } from "../../lib/date-range.ts";
import { planOf, PLANS } from "../../lib/plans.ts";

/**
 * The parser and the hand-written checkers against odd values: they answer with problems
 * (an ApiError, or a refusal) and never throw anything else.
 */

/** A small deterministic PRNG so a failure can be replayed with the same seed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const ODD_STRINGS = ["", "x", "steps", "__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "page", "event", "[[[", "{\"a\":", "😀", "\u0000"];

function oddValue(r: () => number, depth = 0): unknown {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  switch (Math.floor(r() * (depth > 4 ? 6 : 9))) {
    case 0: return null;
    case 1: return r() < 0.5;
    case 2: return pick([0, -1, 1e21, Number.MAX_SAFE_INTEGER + 2, 0.5, -0]);
    case 3: return pick(ODD_STRINGS);
    case 4: return undefined;
    case 5: return pick(["page", "event", "closed", "session", "equals", "regex", "users", "channel", "is", "in"]);
    case 6: return Array.from({ length: Math.floor(r() * 4) }, () => oddValue(r, depth + 1));
    case 7: {
      const keys = ["kind", "match", "value", "name", "eventType", "label", "steps", "mode", "scope", "dim", "op", "t", "id", "ts", "u", ...ODD_STRINGS];
      return Object.fromEntries(Array.from({ length: Math.floor(r() * 6) }, () => [pick(keys), oddValue(r, depth + 1)]));
    }
    default: return JSON.parse(`{"__proto__": ${JSON.stringify(oddValue(r, depth + 1)) ?? "null"}}`);
  }
}

/** Runs `fn`; anything thrown must be an ApiError with details naming a path. */
function answersWithProblems(fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof ApiError)) throw new Error(`threw ${String(error)}`);
    expect(error.details.length).toBeGreaterThan(0);
  }
}

test("jsonDepth counts nesting without recursion, ignoring brackets in strings", () => {
  expect(jsonDepth("1")).toBe(0);
  expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
  expect(jsonDepth('"[[[[{{{{"')).toBe(0);
  expect(jsonDepth('["\\"[[[[", []]')).toBe(2);
  expect(jsonDepth("[".repeat(1_000_000))).toBe(MAX_JSON_DEPTH + 1);
  expect(() => parseJsonText("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH))).not.toThrow();
  const tooDeep = () => parseJsonText("[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1));
  expect(tooDeep).toThrow(ApiError);
  try {
    tooDeep();
  } catch (error) {
    expect((error as ApiError).code).toBe("BAD_REQUEST");
    expect((error as ApiError).details).toEqual([{ path: "body", message: `nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels` }]);
  }
});

test("parseJsonText: random texts parse or are 400 BAD_REQUEST, and its depth agrees with the parsed value", () => {
  const r = prng(1411);
  const alphabet = ['[', ']', '{', '}', '"', '\\', ':', ',', '1', 'a', ' ', 'null', '"x"'];
  const measured = (v: unknown): number => {
    // Iterative, like the parser's own count.
    let deepest = 0;
    const stack: [unknown, number][] = [[v, 0]];
    while (stack.length) {
      const [x, d] = stack.pop()!;
      if (typeof x === "object" && x !== null) {
        deepest = Math.max(deepest, d + 1);
        for (const child of Object.values(x)) stack.push([child, d + 1]);
      }
    }
    return deepest;
  };
  for (let i = 0; i < 3000; i++) {
    const text = i % 2 ? Array.from({ length: Math.floor(r() * 200) }, () => alphabet[Math.floor(r() * alphabet.length)]).join("") : JSON.stringify(oddValue(r)) ?? "";
    try {
      const value = parseJsonText(text);
      if (value !== undefined) expect(jsonDepth(text)).toBe(measured(value));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      expect(error.code).toBe("BAD_REQUEST");
    }
  }
});

test("the funnel and explore checkers answer odd values with problems", () => {
  const r = prng(20260614);
  for (let i = 0; i < 3000; i++) {
    const value = oddValue(r);
    answersWithProblems(() => checkFunnelDef(value, "def"));
    answersWithProblems(() => checkFunnelDef({ name: "F", mode: "closed", scope: "session", steps: value }, "def"));
    const bad: { path: string; message: string }[] = [];
    checkStep(value, "step", (path, message) => bad.push({ path, message }));
    const problems = new Problems();
    problems.metrics(value, "query.metrics");
    problems.filters(value, "query.filters");
    problems.list(value, "segments.list");
    answersWithProblems(() => problems.required(value, "query"));
  }
});

test("a definition's steps are an array before any step is checked", () => {
  for (const steps of ["x", "page", 3, { 0: { kind: "page" }, length: 2 }, null]) {
    try {
      checkFunnelDef({ name: "F", mode: "closed", scope: "session", steps }, "def");
      throw new Error("accepted");
    } catch (error) {
      expect((error as ApiError).details).toEqual([{ path: "def.steps", message: "must be an array of steps" }]);
    }
  }
  const problems = new Problems();
  problems.metrics("users", "query.metrics");
  problems.filters("is", "query.filters");
  expect(problems.details).toEqual([
    { path: "query.metrics", message: "must be an array" },
    { path: "query.filters", message: "must be an array" },
  ]);
});

test("checkEvent: every odd event is a refusal, prototype names included", () => {
  const r = prng(7);
  const now = Date.now();
  for (const t of ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"]) {
    expect(checkEvent({ t, id: crypto.randomUUID(), ts: now, u: "/" }, now)).toEqual({ ok: false, path: "t", message: `unknown event type "${t}"` });
  }
  for (let i = 0; i < 3000; i++) {
    const check = checkEvent(oddValue(r), now);
    expect(check.ok).toBe(false);
  }
});

test("pageWindow: offsets for pages 1 to MAX_PAGE, 422 naming page beyond", () => {
  expect(pageWindow(undefined, 25)).toEqual({ page: 1, offset: 0, size: 25 });
  expect(pageWindow(3, 50)).toEqual({ page: 3, offset: 100, size: 50 });
  expect(pageWindow(MAX_PAGE, 100)).toEqual({ page: MAX_PAGE, offset: (MAX_PAGE - 1) * 100, size: 100 });
  for (const page of [0, -1, MAX_PAGE + 1, 1e20, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    try {
      pageWindow(page, 50);
      throw new Error(`accepted ${page}`);
    } catch (error) {
      expect((error as ApiError).details).toEqual([{ path: "page", message: `must be a whole number from 1 to ${MAX_PAGE}` }]);
    }
  }
});

test("dates: the years 2000 to 2100, else 422 naming the field", () => {
  const now = Date.UTC(2026, 5, 14);
  expect(resolveRange({ from: "2000-01-01", to: "2000-01-02" }, "UTC", now)).toMatchObject({ from: "2000-01-01", days: 2 });
  expect(resolveRange({ from: "2100-12-30", to: "2100-12-31" }, "UTC", now)).toMatchObject({ to: "2100-12-31", days: 2 });
  const cases: [{ from?: string; to?: string }, string][] = [
    [{ to: "0000-01-01" }, "to"],
    [{ from: "1999-12-31", to: "2000-01-01" }, "from"],
    [{ from: "2101-01-01" }, "from"],
    [{ to: "9999-12-31" }, "to"],
  ];
  for (const [query, field] of cases) {
    try {
      resolveRange(query, "UTC", now);
      throw new Error(`accepted ${JSON.stringify(query)}`);
    } catch (error) {
      expect((error as ApiError).details).toEqual([{ path: field, message: "must be a date in the years 2000 to 2100" }]);
    }
  }
});

test("planOf looks up own plans only", () => {
  expect(planOf("growth")).toBe(PLANS.growth);
  for (const name of ["constructor", "__proto__", "toString", "nope"]) expect(planOf(name)).toBe(PLANS.self_hosted);
});
