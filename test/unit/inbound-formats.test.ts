import { expect, test } from "bun:test";
import { detectFormat, parseInbound, targetByWords } from "../../lib/leads/inbound-formats.ts";
import { ApiError } from "../../lib/errors.ts";
import { Random } from "../../lib/demo/random.ts";

const detailsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).details;
  }
  throw new Error("did not throw");
};

test("formats are told apart by shape", () => {
  expect(detectFormat({ email: "a@b.co" })).toBe("generic");
  expect(detectFormat({ lead_id: "x", user_column_data: [] })).toBe("google_ads");
  expect(detectFormat({ lead_id: "x", google_key: "k" })).toBe("google_ads");
  expect(detectFormat({ event_type: "form_response", form_response: {} })).toBe("typeform");
  expect(detectFormat({ eventType: "FORM_RESPONSE", data: {} })).toBe("tally");
  // A generic body that happens to have lead_id is still generic (and refused for the unknown field).
  expect(detectFormat({ lead_id: "x", email: "a@b.co" })).toBe("generic");
  expect(detectFormat([1])).toBe("generic");
});

test("labels and refs name contact fields, most specific first", () => {
  expect(targetByWords("Company name")).toBe("company");
  expect(targetByWords("What's your name?")).toBe("name");
  expect(targetByWords("readable_ref_email")).toBe("email");
  expect(targetByWords("E-mail address")).toBe("email");
  expect(targetByWords("Mobile")).toBe("phone");
  expect(targetByWords("First name")).toBe("first_name");
  expect(targetByWords("Surname")).toBe("last_name");
  expect(targetByWords("How can we help?")).toBe("message");
  expect(targetByWords("Username")).toBeNull();
  expect(targetByWords("Team size")).toBeNull();
});

test("a word-matched e-mail field takes only an address; first and last name make the name", () => {
  const lead = parseInbound({
    eventType: "FORM_RESPONSE",
    data: {
      responseId: "r1",
      formName: "Signup",
      fields: [
        { label: "Email me offers?", type: "INPUT_TEXT", value: "yes" },
        { label: "First name", type: "INPUT_TEXT", value: "Mary" },
        { label: "Last name", type: "INPUT_TEXT", value: "Jackson" },
        { label: "Work email", type: "INPUT_TEXT", value: "mary@example.com" },
        { label: "Notes", type: "INPUT_TEXT", value: "one" },
        { label: "Notes", type: "INPUT_NUMBER", value: 2 },
        { label: "Notes", type: "INPUT_NUMBER", value: 3 },
      ],
    },
  });
  expect(lead.contact).toEqual({ name: "Mary Jackson", email: "mary@example.com", phone: null, company: null, message: "one" });
  expect(lead.extra).toEqual({ "Email me offers?": "yes", Notes: 2, "Notes (2)": 3 });
  expect(lead).toMatchObject({ source: "connector", sourceName: "Tally Signup", externalId: "tally:r1" });
});

test("a full name wins over its parts, which are kept as other answers", () => {
  const lead = parseInbound({
    lead_id: "L1",
    google_key: "k",
    user_column_data: [
      { column_id: "FIRST_NAME", column_name: "First Name", string_value: "Ada" },
      { column_id: "FULL_NAME", column_name: "Full Name", string_value: "Ada King" },
      { column_id: "custom_1", column_name: "Your message", string_value: "Hello" },
    ],
  });
  expect(lead.contact).toMatchObject({ name: "Ada King", message: "Hello" });
  expect(lead.extra).toEqual({ "First Name": "Ada" });
  expect(lead.sourceName).toBe("Google Ads lead form");
});

test("Typeform answer values by type; a malformed hidden vid is kept, not used", () => {
  const lead = parseInbound({
    event_type: "form_response",
    form_response: {
      token: "tok",
      form_id: "abc123",
      hidden: { vid: "nope" },
      answers: [
        { type: "email", email: "x@example.com", field: { id: "a", type: "email" } },
        { type: "choices", choices: { labels: ["A", "B"], other: "C" }, field: { id: "b", type: "multiple_choice", ref: "picks" } },
        { type: "boolean", boolean: false, field: { id: "c", type: "yes_no", ref: "agree" } },
      ],
    },
  });
  expect(lead).toMatchObject({ sourceName: "Typeform abc123", externalId: "typeform:tok", visitorId: null });
  expect(lead.extra).toEqual({ picks: ["A", "B", "C"], agree: false, vid: "nope" });
});

test("errors name the exact place in the body", () => {
  expect(detailsOf(() => parseInbound({ name: "A", email: "a@b" }))).toEqual([{ path: "email", message: "is not an e-mail address" }]);
  expect(detailsOf(() => parseInbound({ lead_id: "x", user_column_data: [{ column_id: "EMAIL", string_value: 5 }] }))[0].path).toBe("user_column_data.0.string_value");
  expect(detailsOf(() => parseInbound({ event_type: "form_response", form_response: { token: "t", answers: [{ field: {} }] } }))[0].path).toBe("form_response.answers.0.type");
  expect(detailsOf(() => parseInbound({ eventType: "FORM_RESPONSE", data: { fields: [] } }))[0].path).toBe("data.responseId");
  expect(detailsOf(() => parseInbound(undefined))).toEqual([{ path: "body", message: "is required" }]);
});

test("labels are plain keys of the other answers, whatever they are called", () => {
  const lead = parseInbound({
    eventType: "FORM_RESPONSE",
    data: {
      responseId: "r2",
      fields: [
        { label: "Email", type: "INPUT_EMAIL", value: "p@example.com" },
        { label: "__proto__", type: "INPUT_NUMBER", value: 1 },
        { label: "toString", type: "INPUT_NUMBER", value: 2 },
        { label: "constructor", type: "CHECKBOXES", value: { polluted: true } },
      ],
    },
  });
  expect(JSON.parse(JSON.stringify(lead.extra))).toEqual({ ["__proto__"]: 1, toString: 2, constructor: { polluted: true } });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("any mutation of a valid body is accepted or refused with a 422, never thrown otherwise", () => {
  const bodies: unknown[] = [
    { externalId: "x", name: "A", email: "a@example.com", extra: { a: [1, { b: 2 }] } },
    { lead_id: "L", google_key: "k", form_id: 1, user_column_data: [{ column_id: "EMAIL", column_name: "E", string_value: "a@example.com" }, { column_id: "x", string_value: "y" }] },
    {
      event_type: "form_response",
      form_response: {
        token: "t",
        form_id: "f",
        hidden: { vid: "0f8fad5b-d9cb-469f-a165-70867728950e" },
        definition: { title: "T", fields: [{ id: "a", title: "Name", ref: "r" }] },
        answers: [{ type: "text", text: "Ann", field: { id: "a", type: "short_text" } }, { type: "choices", choices: { labels: ["x"] }, field: { id: "b" } }],
      },
    },
    { eventType: "FORM_RESPONSE", data: { responseId: "r", formName: "F", fields: [{ label: "Email", type: "INPUT_EMAIL", value: "a@example.com" }, { label: "C", type: "CHECKBOXES", value: ["o"], options: [{ id: "o", text: "O" }] }] } },
  ];
  const junk = (r: Random): unknown => r.pick([null, 0, -1, 1e308, "", "x".repeat(r.int(0, 6000)), true, [], {}, [null], { a: null }, "a@b.co", "0f8fad5b-d9cb-469f-a165-70867728950e"]);
  /** Every place in a JSON value, as a path of keys. */
  const places = (value: unknown, path: (string | number)[] = []): (string | number)[][] =>
    [path, ...(value && typeof value === "object" ? Object.entries(value).flatMap(([k, v]) => places(v, [...path, Array.isArray(value) ? Number(k) : k])) : [])];
  const r = new Random(11);
  for (let i = 0; i < 4000; i++) {
    const body = structuredClone(r.pick(bodies)) as Record<string, unknown>;
    const spots = places(body).filter((p) => p.length > 0);
    const spot = r.pick(spots);
    let parent: any = body;
    for (const key of spot.slice(0, -1)) parent = parent[key];
    if (r.chance(0.2)) delete parent[spot.at(-1)!];
    else parent[spot.at(-1)!] = junk(r);
    try {
      parseInbound(body);
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("VALIDATION_FAILED");
      expect((error as ApiError).details[0].path).toBeString();
    }
  }
});
