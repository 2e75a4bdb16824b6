import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { must, startStack, tempDir, type TestStack } from "../helpers/stack.ts";
import { openTenant } from "../helpers/hits.ts";
import { popupDef, slice, wheelDef } from "../helpers/engagement.ts";
import { deref, fetchDocument, SchemaValidator, type OpenApiDocument, type Schema } from "../helpers/openapi.ts";

/**
 * Issue 32, items 17 and 18: what the service enforces, the document states, and what the
 * document states, the service enforces — a webhook body is checked against the schema the
 * document publishes, and a public answer fits the schema published for it.
 */

let s: TestStack;
let doc: OpenApiDocument;
let validator: SchemaValidator;
let org: string;
let site: { id: string; siteKey: string };
let adsSecret: string;
let leadSecret: string;

beforeAll(async () => {
  s = await startStack();
  org = s.bootstrap!.orgId;
  const made = must(s.admin("site", "create", "--org", org, "--name", "Trust shop", "--domain", "trust.example.com", "--currency", "EUR"));
  site = { id: made.id, siteKey: made.siteKey };
  adsSecret = must(s.admin("integration", "create", "--site", site.id, "--kind", "ads_import")).secret;
  leadSecret = must(s.admin("integration", "create", "--site", site.id, "--kind", "webhook_in")).secret;
  const dir = tempDir("tidemark-trust-");
  const file = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  must(s.admin("popup", "create", "--site", site.id, "--file", file("popup.json", { ...popupDef(), status: "active" })));
  const wheel = wheelDef([slice("Ten off", 1, { prize: "static_code", code: "TEN" }), slice("Nothing", 3)]);
  must(s.admin("spin", "create", "--site", site.id, "--file", file("wheel.json", { ...wheel, status: "active" })));
  doc = await fetchDocument(s.url);
  validator = new SchemaValidator(doc);
});

afterAll(async () => {
  await s.close();
});

const count = (table: "ad_spend" | "leads"): number => {
  const db = openTenant(s.dataDir, org);
  try {
    return (db.query(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};
const spendRows = () => count("ad_spend");

/** The JSON schema an operation publishes for a status's answer, its `$ref`s followed. */
const responseSchema = (path: string, method: string, status: string): Schema => deref(doc, doc.paths[path][method].responses[status].content["application/json"].schema);

describe("the ad spend push is checked against the schema the document publishes", () => {
  const row = { platform: "google_ads", date: "2026-11-02", campaignName: "Brand", spend: 12.5, currency: "EUR" };
  const push = (body: unknown) =>
    fetch(`${s.url}/v1/hooks/ads_import/${site.siteKey}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "x-svc-secret": adsSecret } });
  const published = () => deref(doc, doc.paths["/v1/hooks/ads_import/{siteKey}"].post.requestBody.content["application/json"].schema);

  test('a row with currency "eur" → 422 at rows.0.currency, nothing imported', async () => {
    const body = { rows: [{ ...row, currency: "eur" }] };
    // The document refuses this body, so the service must too.
    expect(validator.fits(published(), body)).toBe(false);
    const res = await push(body);
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as any;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details).toEqual([{ path: "rows.0.currency", message: "must be an ISO 4217 currency code: 3 upper-case letters" }]);
    expect(spendRows()).toBe(0);
  });

  test("a date that is not a day (2026-02-30) → 422 at rows.0.date; the document says format date", async () => {
    expect(deref(doc, published().properties.rows.items).properties.date.format).toBe("date");
    const res = await push({ rows: [{ ...row, date: "2026-02-30" }] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).error.details).toEqual([{ path: "rows.0.date", message: "must be a calendar date YYYY-MM-DD" }]);
    expect(spendRows()).toBe(0);
  });

  test("every body the document accepts is imported: one row, nulls for the optional fields", async () => {
    const body = { rows: [{ ...row, account: null, campaignId: null, utm: { source: "google", medium: "cpc", campaign: null, id: null }, impressions: null, clicks: 40 }] };
    expect(validator.errors(published(), body)).toBeNull();
    const res = await push(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: 1, replacedDays: 0 });
    expect(spendRows()).toBe(1);
  });
});

describe("the inbound lead webhook is checked against the model published for the body's format", () => {
  const send = (body: unknown) =>
    fetch(`${s.url}/v1/hooks/webhook_in/${site.siteKey}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "x-svc-secret": leadSecret } });
  const tally = (data: Record<string, unknown>) => ({ eventType: "FORM_RESPONSE", data: { responseId: "2wgx4n", fields: [{ key: "q", label: "Email", type: "INPUT_EMAIL", value: "ada@example.com" }], ...data } });

  test("a Tally body whose formName is not text → 422 at data.formName, no lead; as published → 201", async () => {
    const res = await send(tally({ formName: 3 }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).error.details).toEqual([{ path: "data.formName", message: "Expected string" }]);
    expect(count("leads")).toBe(0);
    const ok = await send(tally({ formName: "Contact" }));
    expect(ok.status).toBe(201);
    expect(count("leads")).toBe(1);
  });

  test("a generic body with an externalId that is not text → 422 naming it", async () => {
    const res = await send({ email: "grace@example.com", externalId: 12 });
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).error.details).toEqual([{ path: "externalId", message: "must be text of at most 200 characters, or null" }]);
    expect(count("leads")).toBe(1);
  });
});

describe("GET /v1/sites/{siteKey}/config answers what its published schema describes", () => {
  test("popups[] and wheels[] items have real schemas, and the real answer fits them", async () => {
    const schema = responseSchema("/v1/sites/{siteKey}/config", "get", "200");
    const popupItem = deref(doc, schema.properties.popups.items);
    const wheelItem = deref(doc, schema.properties.wheels.items);
    expect(popupItem.type).toBe("object");
    expect(wheelItem.type).toBe("object");
    expect(Object.keys(popupItem.properties).sort()).toEqual(["content", "endAt", "form", "frequency", "holdout", "id", "layout", "targeting", "triggers", "updatedAt", "variants"]);
    expect(Object.keys(wheelItem.properties).sort()).toEqual(["colors", "endAt", "form", "id", "slices", "targeting", "text", "title", "triggers", "updatedAt"]);
    // A wheel's slices publish labels and colours only: no weight, stock or code.
    expect(Object.keys(deref(doc, wheelItem.properties.slices.items).properties).sort()).toEqual(["color", "label"]);

    const res = await fetch(`${s.url}/v1/sites/${site.siteKey}/config`);
    expect(res.status).toBe(200);
    const config = (await res.json()) as any;
    expect(config.popups.length).toBe(1);
    expect(config.wheels.length).toBe(1);
    expect(validator.errors(schema, config)).toBeNull();
    // The check can fail: an item the schema does not describe is refused.
    expect(validator.fits(schema, { ...config, popups: [{ ...config.popups[0], layout: "banner" }] })).toBe(false);
    expect(validator.fits(schema, { ...config, wheels: [{ ...config.wheels[0], slices: "none" }] })).toBe(false);
  });
});

describe("dates: the document states what the service refuses", () => {
  test("from=2026-02-30 is refused by the service and by the document (format date on every date query parameter)", async () => {
    const path = "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/overview";
    const res = await s.api(`/api/v1/orgs/${org}/sites/${site.id}/analytics/overview?from=2026-02-30&to=2026-03-05`, s.bootstrap!.key);
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).error.details).toEqual([{ path: "from", message: "must be a calendar date YYYY-MM-DD" }]);
    const from = doc.paths[path].get.parameters.find((p: any) => p.name === "from");
    expect(from.schema.format).toBe("date");
    expect(validator.fits(from.schema, "2026-02-30")).toBe(false);
    expect(validator.fits(from.schema, "2026-02-28")).toBe(true);

    // One schema for every date query parameter: each from/to/until states format date.
    const dateParameters = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries<any>(ops).flatMap(([method, op]) =>
        (op.parameters ?? []).filter((q: any) => q.in === "query" && ["from", "to", "until"].includes(q.name)).map((q: any) => ({ where: `${method} ${p} ${q.name}`, format: q.schema?.format })),
      ),
    );
    expect(dateParameters.length).toBeGreaterThan(10);
    expect(dateParameters.filter((q) => q.format !== "date")).toEqual([]);
  });
});
