import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, openTenant, post, uuid } from "../helpers/hits.ts";

let s: TestStack;
let boot: NonNullable<TestStack["bootstrap"]>;
let hook: { id: string; url: string; secret: string };

const leadRows = (where = "1 = 1", ...args: (string | number)[]) => {
  const db = openTenant(s.dataDir, boot.orgId);
  try {
    return db.query(`SELECT * FROM leads WHERE ${where} ORDER BY rowid`).all(...args) as Record<string, any>[];
  } finally {
    db.close();
  }
};
const leadById = (id: string) => leadRows("id = ?", id)[0];

function send(body: unknown, headers: Record<string, string> = { "x-svc-secret": hook.secret }, siteKey = boot.siteKey) {
  return fetch(`${s.url}/v1/hooks/webhook_in/${siteKey}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
}

async function expectError(res: Response, status: number, code: string, path?: string) {
  const body = (await res.json()) as any;
  expect(res.status).toBe(status);
  expect(body.error.code).toBe(code);
  expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
  if (path !== undefined) expect(body.error.details.map((d: any) => d.path)).toContain(path);
  return body.error;
}

/** 201 for the first send, then 200 duplicate with the same id, and one row. */
async function createdThenDuplicate(body: unknown, headers?: Record<string, string>) {
  const first = await send(body, headers);
  const created = (await first.json()) as any;
  expect(first.status).toBe(201);
  expect(created).toMatchObject({ ok: true, duplicate: false });
  const again = await send(body, headers);
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ ok: true, id: created.id, duplicate: true });
  return leadById(created.id);
}

beforeAll(async () => {
  s = await startStack();
  boot = s.bootstrap!;
  hook = must(s.admin("integration", "create", "--site", boot.siteId, "--kind", "webhook_in"));
});

afterAll(async () => {
  await s.close();
});

describe("the generic format", () => {
  test("creates a lead (201), a repeat of its externalId is a duplicate (200), one row", async () => {
    const externalId = `crm-${uuid()}`;
    const row = await createdThenDuplicate({ externalId, name: " Ada Lovelace ", email: "Ada@Example.com", phone: "+44 20 7946 0000", company: "Engines Ltd", message: "Call me", campaign: "spring", extra: { budget: 5000 } });
    expect(leadRows("external_id = ?", externalId)).toHaveLength(1);
    expect(row).toMatchObject({
      site_id: boot.siteId, source: "api", source_name: "Webhook", name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7946 0000",
      company: "Engines Ltd", message: "Call me", campaign: "spring", visitor: null,
    });
    expect(JSON.parse(row.extra)).toEqual({ budget: 5000 });
  });

  test("the secret works as a bearer token too, and the integration records when it was heard from", async () => {
    const before = s.clock.ms;
    s.clock.advance(1000);
    const row = await createdThenDuplicate({ externalId: uuid(), email: "bearer@example.com" }, { authorization: `Bearer ${hook.secret}` });
    expect(row.email).toBe("bearer@example.com");
    const db = openTenant(s.dataDir, boot.orgId);
    const integration = db.query("SELECT last_received_at FROM integrations WHERE id = ?").get(hook.id) as any;
    db.close();
    expect(integration.last_received_at).toBe(before + 1000);
  });

  test("without externalId every send is a new lead", async () => {
    const a = (await (await send({ name: "No Id" })).json()) as any;
    const b = (await (await send({ name: "No Id" })).json()) as any;
    expect(a.id).not.toBe(b.id);
    expect(leadRows("name = 'No Id'")).toHaveLength(2);
  });

  test("a missing or wrong secret is 401; an unknown site key, or a site without an inbound webhook, is 404", async () => {
    const body = { email: "x@example.com" };
    await expectError(await send(body, {}), 401, "UNAUTHENTICATED", "X-Svc-Secret");
    await expectError(await send(body, { "x-svc-secret": `${hook.secret}x` }), 401, "UNAUTHENTICATED", "X-Svc-Secret");
    await expectError(await send(body, { authorization: "Bearer nope" }), 401, "UNAUTHENTICATED");
    // Two secrets must both be right.
    await expectError(await send(body, { "x-svc-secret": hook.secret, authorization: "Bearer nope" }), 401, "UNAUTHENTICATED");
    await expectError(await send(body, undefined, "tm_unknown"), 404, "NOT_FOUND", "siteKey");
    const other = must(s.admin("site", "create", "--org", boot.orgId, "--name", "No hooks", "--domain", "nohooks.test"));
    await expectError(await send(body, undefined, other.siteKey), 404, "NOT_FOUND", "siteKey");
    expect(leadRows("email = 'x@example.com'")).toHaveLength(0);
  });

  test("an organization whose plan or operator switched off leads is told so (403 FEATURE_UNAVAILABLE), and nothing is stored", async () => {
    const org = must(s.admin("org", "create", "--name", "Starter Co"));
    const site = must(s.admin("site", "create", "--org", org.id, "--name", "Starter", "--domain", "starter.test"));
    const starterHook = must(s.admin("integration", "create", "--site", site.id, "--kind", "webhook_in"));
    must(s.admin("org", "feature", "--org", org.id, "--disable", "leads"));
    const error = await expectError(await send({ email: "off@example.com" }, { "x-svc-secret": starterHook.secret }, site.siteKey), 403, "FEATURE_UNAVAILABLE");
    expect(error.details[0].message).toBe("leads");
    // A wrong secret is still 401 first: the plan is not revealed to strangers.
    await expectError(await send({ email: "off@example.com" }, { "x-svc-secret": "nope" }, site.siteKey), 401, "UNAUTHENTICATED");
    must(s.admin("org", "feature", "--org", org.id, "--enable", "leads"));
    expect((await send({ email: "on@example.com" }, { "x-svc-secret": starterHook.secret }, site.siteKey)).status).toBe(201);
  });

  test("invalid bodies are 400 or 422 naming the field, never 500", async () => {
    await expectError(await send("{not json"), 400, "BAD_REQUEST", "body");
    await expectError(await send("[1,2]"), 422, "VALIDATION_FAILED", "body");
    await expectError(await send(""), 422, "VALIDATION_FAILED", "body");
    const noContact = await expectError(await send({ externalId: "x", company: "Acme", message: "hi" }), 422, "VALIDATION_FAILED", "email");
    expect(noContact.details[0].message).toContain("email, phone or name");
    await expectError(await send({ email: "not-an-address" }), 422, "VALIDATION_FAILED", "email");
    await expectError(await send({ name: "x".repeat(201) }), 422, "VALIDATION_FAILED", "name");
    await expectError(await send({ name: "A", message: "m".repeat(5001) }), 422, "VALIDATION_FAILED", "message");
    await expectError(await send({ name: "A", phone: "call me" }), 422, "VALIDATION_FAILED", "phone");
    await expectError(await send({ name: 42 }), 422, "VALIDATION_FAILED", "name");
    await expectError(await send({ name: "A", vid: "not-a-uuid" }), 422, "VALIDATION_FAILED", "vid");
    await expectError(await send({ name: "A", extra: [1] }), 422, "VALIDATION_FAILED", "extra");
    await expectError(await send({ name: "A", mail: "typo@example.com" }), 422, "VALIDATION_FAILED", "mail");
    await expectError(await send({ name: "A", extra: { big: "x".repeat(40_000) } }), 422, "VALIDATION_FAILED", "extra");
    const tooBig = await send({ name: "A", extra: { big: "x".repeat(300_000) } });
    await expectError(tooBig, 400, "BAD_REQUEST", "body");
  });
});

describe("merging into a visitor", () => {
  const vid = uuid();

  beforeAll(async () => {
    const now = s.clock.ms;
    const hit = batch(boot.siteKey, [ev("pageview", now - 60_000, { u: "http://localhost/" }), ev("pageview", now - 30_000, { u: "http://localhost/pricing?plan=pro" })], {
      vid,
      utm: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "autumn" },
    });
    expect((await post(s.url, hit)).status).toBe(202);
  });

  const visitorSeq = () => {
    const db = openTenant(s.dataDir, boot.orgId);
    try {
      return (db.query("SELECT v.seq FROM visitor_rows v JOIN strings s ON s.id = v.site WHERE s.value = ? AND v.uid = ?").get(boot.siteId, Buffer.from(vid.replaceAll("-", ""), "hex")) as any).seq;
    } finally {
      db.close();
    }
  };

  test("by vid: the lead takes the visitor, page, country and attribution of the latest session", async () => {
    const row = await createdThenDuplicate({ externalId: uuid(), email: "grace@example.com", name: "Grace", vid: vid.toUpperCase() });
    expect(row).toMatchObject({ visitor: visitorSeq(), path: "/pricing", country: "GB", channel: "email", campaign: "autumn", source_medium: "newsletter / email" });
  });

  test("a campaign sent wins over the visitor's", async () => {
    const row = await createdThenDuplicate({ externalId: uuid(), email: "grace@example.com", campaign: "partner-list", vid });
    expect(row).toMatchObject({ visitor: visitorSeq(), campaign: "partner-list", channel: "email" });
  });

  test("by e-mail never: a later lead with the same address but no vid joins no visitor (a typed address proves nothing)", async () => {
    const row = await createdThenDuplicate({ externalId: uuid(), email: "GRACE@example.com", phone: "555 0100" });
    expect(row).toMatchObject({ visitor: null, path: null, channel: null });
  });

  test("an unknown vid, or a visitor without consent, is not merged into", async () => {
    const unknown = await createdThenDuplicate({ externalId: uuid(), name: "Nobody", vid: uuid() });
    expect(unknown).toMatchObject({ visitor: null, path: null, channel: null });
    const refused = uuid();
    const hit = batch(boot.siteKey, [ev("pageview", s.clock.ms)], { vid: refused, consent: { analytics: false, marketing: false } });
    expect((await post(s.url, hit)).status).toBe(202);
    const row = await createdThenDuplicate({ externalId: uuid(), name: "Private", vid: refused });
    expect(row.visitor).toBeNull();
  });
});

describe("Google Ads lead forms", () => {
  const googleBody = (leadId: string, key = hook.secret) => ({
    lead_id: leadId,
    api_version: "1.0",
    form_id: 40000000000,
    campaign_id: 20000000000,
    google_key: key,
    is_test: true,
    gcl_id: "TeSter-123",
    adgroup_id: 20000000000,
    creative_id: 30000000000,
    user_column_data: [
      { column_name: "First Name", string_value: "Alan", column_id: "FIRST_NAME" },
      { column_name: "Last Name", string_value: "Turing", column_id: "LAST_NAME" },
      { column_name: "User Email", string_value: "alan@example.com", column_id: "EMAIL" },
      { column_name: "User Phone", string_value: "+16505550123", column_id: "PHONE_NUMBER" },
      { column_name: "Company Name", string_value: "Bletchley", column_id: "COMPANY_NAME" },
      { column_name: "What is your budget?", string_value: "10k", column_id: "what_is_your_budget?" },
    ],
  });

  test("the key in the body is the secret; the lead is deduplicated by lead_id", async () => {
    const leadId = `TeSter-${uuid()}`;
    const row = await createdThenDuplicate(googleBody(leadId), {});
    expect(row).toMatchObject({
      source: "connector", source_name: "Google Ads lead form 40000000000", external_id: `google_ads:${leadId}`,
      name: "Alan Turing", email: "alan@example.com", phone: "+16505550123", company: "Bletchley",
    });
    const extra = JSON.parse(row.extra);
    expect(extra["What is your budget?"]).toBe("10k");
    expect(extra.campaign_id).toBe(20000000000);
    expect(extra.google_key).toBeUndefined();
  });

  test("a wrong or missing google_key is 401, even with the right header", async () => {
    await expectError(await send(googleBody(uuid(), "wrong"), {}), 401, "UNAUTHENTICATED", "google_key");
    await expectError(await send(googleBody(uuid(), "wrong")), 401, "UNAUTHENTICATED");
    const { google_key: _, ...keyless } = googleBody(uuid());
    await expectError(await send(keyless), 401, "UNAUTHENTICATED", "google_key");
  });

  test("a lead form without contact columns is 422 at user_column_data", async () => {
    const body = { ...googleBody(uuid()), user_column_data: [{ column_id: "POSTAL_CODE", string_value: "12345" }] };
    await expectError(await send(body, {}), 422, "VALIDATION_FAILED", "user_column_data");
    await expectError(await send({ ...googleBody(uuid()), user_column_data: "x" }, {}), 422, "VALIDATION_FAILED", "user_column_data");
    const badEmail = googleBody(uuid());
    badEmail.user_column_data[2].string_value = "nope";
    await expectError(await send(badEmail, {}), 422, "VALIDATION_FAILED", "user_column_data.2.string_value");
  });
});

describe("Typeform", () => {
  const typeformBody = (token: string, vid?: string) => ({
    event_id: "LtWXD3crgy",
    event_type: "form_response",
    form_response: {
      form_id: "lT4Z3j",
      token,
      submitted_at: "2026-01-18T18:17:02Z",
      hidden: { ...(vid ? { vid } : {}), utm_campaign: "typeform-launch", plan: "pro" },
      definition: {
        id: "lT4Z3j",
        title: "Contact us",
        fields: [
          { id: "f1", title: "What's your name?", type: "short_text", ref: "name_ref" },
          { id: "f2", title: "Your e-mail", type: "email", ref: "email_ref" },
          { id: "f3", title: "Phone", type: "phone_number", ref: "phone_ref" },
          { id: "f4", title: "Which company do you work for?", type: "short_text", ref: "org" },
          { id: "f5", title: "Anything else?", type: "long_text", ref: "free_text" },
          { id: "f6", title: "Team size", type: "multiple_choice", ref: "size" },
        ],
      },
      answers: [
        { type: "text", text: "Katherine Johnson", field: { id: "f1", type: "short_text", ref: "name_ref" } },
        { type: "email", email: "katherine@example.com", field: { id: "f2", type: "email", ref: "email_ref" } },
        { type: "phone_number", phone_number: "+15555555555", field: { id: "f3", type: "phone_number", ref: "phone_ref" } },
        { type: "text", text: "NASA", field: { id: "f4", type: "short_text", ref: "org" } },
        { type: "text", text: "Orbits, please.", field: { id: "f5", type: "long_text", ref: "free_text" } },
        { type: "choice", choice: { label: "10-50" }, field: { id: "f6", type: "multiple_choice", ref: "size" } },
      ],
    },
  });

  test("answers go to the contact fields by type, then by words; the rest to extra; hidden vid merges", async () => {
    const vid = uuid();
    const hit = batch(boot.siteKey, [ev("pageview", s.clock.ms, { u: "http://localhost/contact" })], { vid });
    expect((await post(s.url, hit)).status).toBe(202);
    const token = uuid().replaceAll("-", "");
    const row = await createdThenDuplicate(typeformBody(token, vid));
    expect(row).toMatchObject({
      source: "connector", source_name: "Typeform Contact us", external_id: `typeform:${token}`, name: "Katherine Johnson", email: "katherine@example.com",
      phone: "+15555555555", company: "NASA", message: "Orbits, please.", campaign: "typeform-launch", path: "/contact",
    });
    expect(row.visitor).toBeNumber();
    expect(JSON.parse(row.extra)).toEqual({ "Team size": "10-50", plan: "pro" });
  });

  test("a response without answers that reach anyone is 422 at form_response.answers", async () => {
    const body = typeformBody(uuid());
    body.form_response.answers = body.form_response.answers.slice(3);
    await expectError(await send(body), 422, "VALIDATION_FAILED", "form_response.answers");
    await expectError(await send({ event_type: "form_response", form_response: { token: "t", answers: {} } }), 422, "VALIDATION_FAILED", "form_response.answers");
    await expectError(await send({ event_type: "form_response", form_response: { answers: [] } }), 422, "VALIDATION_FAILED", "form_response.token");
  });
});

describe("Tally", () => {
  const tallyBody = (responseId: string) => ({
    eventId: uuid(),
    eventType: "FORM_RESPONSE",
    createdAt: "2026-06-28T15:00:21.889Z",
    data: {
      responseId,
      submissionId: responseId,
      formId: "VwbNEw",
      formName: "Contact form",
      fields: [
        { key: "question_1", label: "Full name", type: "INPUT_TEXT", value: "Hedy Lamarr" },
        { key: "question_2", label: "Email", type: "INPUT_EMAIL", value: "hedy@example.com" },
        { key: "question_3", label: "How can we help?", type: "TEXTAREA", value: "Frequency hopping" },
        { key: "question_4", label: "Interests", type: "CHECKBOXES", value: ["o1", "o2"], options: [{ id: "o1", text: "Radio" }, { id: "o2", text: "Film" }] },
        { key: "question_5", label: "vid", type: "HIDDEN_FIELDS", value: "not-a-uuid" },
        { key: "question_6", label: "Unanswered", type: "INPUT_TEXT", value: null },
      ],
    },
  });

  test("fields go to the contact fields by type and label; choices are shown by their text", async () => {
    const responseId = uuid().slice(0, 8);
    const row = await createdThenDuplicate(tallyBody(responseId));
    expect(row).toMatchObject({
      source: "connector", source_name: "Tally Contact form", external_id: `tally:${responseId}`, name: "Hedy Lamarr", email: "hedy@example.com",
      message: "Frequency hopping", visitor: null,
    });
    expect(JSON.parse(row.extra)).toEqual({ Interests: ["Radio", "Film"], vid: "not-a-uuid" });
  });

  test("a bad field is 422 at its path", async () => {
    const body = tallyBody(uuid());
    body.data.fields[1].value = "hedy-at-example";
    await expectError(await send(body), 422, "VALIDATION_FAILED", "data.fields.1.value");
    await expectError(await send({ eventType: "FORM_RESPONSE", data: { responseId: "x", fields: [1] } }), 422, "VALIDATION_FAILED", "data.fields.0");
  });
});
