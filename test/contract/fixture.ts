import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { must, runAdmin, startStack, tempDir, type TestStack } from "../helpers/stack.ts";
import { CHROME_UA } from "../helpers/hits.ts";
import { popupDef, slice, wheelDef } from "../helpers/engagement.ts";
import { fetchDocument, operationsOf, SchemaValidator, type OpenApiDocument, type Operation } from "../helpers/openapi.ts";
import { asText, validValue, validVariants, type Known, type Values } from "./schema-values.ts";

/**
 * A served stack over a seeded store (the demo traffic on the bootstrap site, a saved funnel, an
 * inbound webhook, a popup, a spin wheel and a short link), its document, and requests built for any operation of that document.
 */
export interface ContractFixture extends Values {
  stack: TestStack;
  key: string;
  /** The inbound webhook's secret. */
  secret: string;
  /** The ads_import integration's secret. */
  adsSecret: string;
  /** The bootstrap owner's sign-in (the stack was started again, without its bootstrap). */
  owner: { email: string; password: string };
  operations: Operation[];
  /** Values that name something in the store (ids, site keys): known or discovered. */
  identities: Set<string>;
  close(): Promise<void>;
}

export interface RequestParts {
  path: Record<string, string>;
  query: [string, string][];
  /** JSON text, or undefined for no body. */
  body?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

const FUNNEL = { name: "Contract", steps: [{ kind: "page", match: "starts_with", value: "/" }, { kind: "page", match: "starts_with", value: "/" }], mode: "closed", scope: "session" };

export async function openFixture(): Promise<ContractFixture> {
  const dataDir = tempDir("tidemark-contract-");
  // Bootstrap once, then seed with the server stopped (the seeder writes the store itself).
  const first = await startStack({ dataDir });
  const boot = first.bootstrap!;
  await first.close();
  const seeded = must(runAdmin(dataDir, ["demo", "seed", "--visitors", "300", "--days", "7", "--seed", "14", "--site", boot.siteId]));
  const funnelFile = join(dataDir, "funnel.json");
  writeFileSync(funnelFile, JSON.stringify(FUNNEL));
  must(runAdmin(dataDir, ["funnel", "create", "--site", boot.siteId, "--file", funnelFile]));
  const hook = must(runAdmin(dataDir, ["integration", "create", "--site", boot.siteId, "--kind", "webhook_in"]));
  const ads = must(runAdmin(dataDir, ["integration", "create", "--site", boot.siteId, "--kind", "ads_import"]));
  const popupFile = join(dataDir, "popup.json");
  writeFileSync(popupFile, JSON.stringify({ ...popupDef(), status: "active" }));
  must(runAdmin(dataDir, ["popup", "create", "--site", boot.siteId, "--file", popupFile]));
  const wheelFile = join(dataDir, "wheel.json");
  writeFileSync(wheelFile, JSON.stringify({ ...wheelDef([slice("Prize", 1, { prize: "static_code", code: "CONTRACT" }), slice("Nothing", 1)]), status: "active" }));
  const { id: wheel } = must(runAdmin(dataDir, ["spin", "create", "--site", boot.siteId, "--file", wheelFile]));
  must(runAdmin(dataDir, ["shortlink", "create", "--site", boot.siteId, "--url", "https://example.com/contract", "--slug", "contract", "--tags", "contract"]));

  // Limits far above what the checks send: a 429 would hide the answer under test.
  const limit = "10000000";
  const stack = await startStack({ dataDir, env: { RATE_LIMIT_PER_KEY: limit, RATE_LIMIT_PER_IP: limit, INGEST_RATE_PER_IP: limit, ENGAGE_RATE_PER_IP: limit, SPIN_RATE_PER_IP: limit, SPIN_RATE_PER_DOMAIN: limit } });
  const doc = await fetchDocument(stack.url);
  // ts: an event's time must be recent (the protocol refuses events over 72 hours old); google_key: Google Ads sends the secret in its body.
  const known: Known = { orgId: boot.orgId, siteId: boot.siteId, siteKey: boot.siteKey, s: boot.siteKey, from: seeded.from, to: seeded.to, ts: stack.clock.now(), google_key: hook.secret, wheel, currency: "EUR" };
  const fixture: ContractFixture = {
    stack,
    key: boot.key,
    doc,
    validator: new SchemaValidator(doc),
    known,
    operations: operationsOf(doc),
    identities: new Set([boot.orgId, boot.siteId, boot.siteKey, wheel]),
    secret: hook.secret,
    adsSecret: ads.secret,
    owner: { email: boot.ownerEmail, password: boot.ownerPassword },
    async close() {
      await stack.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await discoverIds(fixture);
  return fixture;
}

/**
 * Credentials the document cannot carry as a security scheme: the ingest endpoint is judged by
 * Origin (spec 4.12), the inbound webhook by its integration secret (4.13); the read API by the key.
 */
export function credentialsFor(fx: ContractFixture, op: Operation): Record<string, string> {
  if (op.op.security?.some((s: Record<string, unknown>) => "apiKey" in s)) return { authorization: `Bearer ${fx.key}` };
  // The page's endpoints are judged by Origin: the bootstrap site's verified domain.
  if (["/v1/collect", "/v1/leads", "/v1/spins", "/v1/sites/{siteKey}/visitor-context"].includes(op.path)) return { origin: "http://localhost", "user-agent": CHROME_UA };
  if (op.path.startsWith("/v1/hooks/ads_import/")) return { "x-svc-secret": fx.adsSecret };
  if (op.path.startsWith("/v1/hooks/")) return { "x-svc-secret": fx.secret };
  return {};
}

/** Path values per operation: known ids by name, else discovered from the list beside the item route. */
const discovered = new WeakMap<Operation, Record<string, string>>();

/** For `…/things/{p}`, the first item of GET `…/things` gives `p` (its field `p`, else its `id`). */
async function discoverIds(fx: ContractFixture): Promise<void> {
  for (const op of fx.operations) {
    const values: Record<string, string> = {};
    for (const p of op.parameters.filter((p) => p.in === "path" && !(p.name in fx.known))) {
      const listPath = op.path.slice(0, op.path.indexOf(`/{${p.name}}`));
      const list = fx.operations.find((o) => o.method === "GET" && o.path === listPath);
      if (!list) continue;
      const answer = await send(fx, list, baseline(fx, list)[0]);
      if (answer.status !== 200) continue;
      const item = firstItem(JSON.parse(answer.text));
      const value = item?.[p.name] ?? item?.id;
      if (typeof value === "string") {
        values[p.name] = value;
        fx.identities.add(value);
      }
    }
    discovered.set(op, values);
  }
}

function firstItem(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== "object") return undefined;
  for (const value of Object.values(body)) {
    if (Array.isArray(value) && value[0] && typeof value[0] === "object") return value[0];
  }
  return undefined;
}

/** Path values that could not be found (the operation is then called with a made-up id and answers 404). */
export function missingPathValues(fx: ContractFixture, op: Operation): string[] {
  return op.parameters.filter((p) => p.in === "path" && !(p.name in fx.known) && !discovered.get(op)?.[p.name]).map((p) => p.name);
}

/** Valid requests for the operation: one per top-level body alternative, built from the schemas. */
export function baseline(fx: ContractFixture, op: Operation): RequestParts[] {
  const path: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const p of op.parameters) {
    if (p.in === "path") path[p.name] = discovered.get(op)?.[p.name] ?? asText(validValue(fx, p.schema ?? {}, p.name));
    else if (p.in === "query" && (p.required || p.name in fx.known)) query.push([p.name, asText(p.example ?? validValue(fx, p.schema ?? {}, p.name))]);
  }
  if (!op.body) return [{ path, query }];
  const media = op.op.requestBody?.content?.["application/json"] ?? {};
  const examples = [media.example, ...Object.values<{ value?: unknown }>(media.examples ?? {}).map((e) => e.value)].filter((e) => e !== undefined);
  const bodies = examples.length > 0 ? examples : validVariants(fx, op.body);
  return bodies.map((body) => ({ path, query, body: JSON.stringify(body) }));
}

export function urlOf(fx: ContractFixture, op: Operation, parts: RequestParts): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(parts.path[name] ?? ""));
  const search = new URLSearchParams(parts.query).toString();
  return `${fx.stack.url}${path}${search ? `?${search}` : ""}`;
}

export async function send(fx: ContractFixture, op: Operation, parts: RequestParts, timeoutMs = 30_000): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(urlOf(fx, op, parts), {
    method: op.method,
    signal: AbortSignal.timeout(timeoutMs),
    headers: { ...credentialsFor(fx, op), ...(parts.body !== undefined ? { "content-type": "application/json" } : {}), ...parts.headers },
    body: parts.body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, ms: performance.now() - started };
}

/** Runs the tasks with a few in flight at once, in order of start. */
export async function pool<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]);
      }
    }),
  );
  return results;
}

export type { OpenApiDocument };
