import { expect, test } from "bun:test";
import { ApiError } from "../../lib/errors.ts";
import { checkPopupDef } from "../../lib/engagement/popup-definition.ts";
import { checkWheelDef, withoutCodes } from "../../lib/engagement/wheel-definition.ts";

const minimalPopup = () => ({ name: "Spring", content: { title: "Get 10 % off" }, triggers: [{ kind: "exit_intent" }] });
const minimalWheel = () => ({
  name: "Wheel",
  title: "Spin to win",
  triggers: [{ kind: "time_on_page", seconds: 10 }],
  slices: [
    { label: "10 %", prize: "coupon_pool", codes: ["A1", "A2"] },
    { label: "Free shipping", prize: "static_code", code: "SHIP" },
    { label: "No luck", prize: "none" },
  ],
});

/** The details of the refusal of a definition (it must be refused). */
function refused(check: () => unknown): { path?: string; message: string }[] {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("VALIDATION_FAILED");
    return (error as ApiError).details;
  }
  throw new Error("expected VALIDATION_FAILED");
}
const popupPaths = (patch: (d: any) => void, at = "") => {
  const d: any = minimalPopup();
  patch(d);
  return refused(() => checkPopupDef(d, at)).map((x) => x.path);
};
const wheelPaths = (patch: (d: any) => void) => {
  const d: any = minimalWheel();
  patch(d);
  return refused(() => checkWheelDef(d, "")).map((x) => x.path);
};

test("a minimal popup gets every default", () => {
  expect(checkPopupDef(minimalPopup(), "")).toEqual({
    name: "Spring",
    layout: "modal",
    content: { title: "Get 10 % off", text: "", imageUrl: null, imageAlt: "", button: "OK", buttonUrl: null, colors: { background: "#ffffff", text: "#111111", button: "#0b57d0", buttonText: "#ffffff" } },
    form: { fields: ["email"], required: ["email"], consent: null, submitLabel: "Subscribe", successText: "Thank you!" },
    triggers: [{ kind: "exit_intent", mobile: "scroll_up" }],
    targeting: { paths: [], excludePaths: [], devices: [], visitor: "any", channels: [], campaigns: [], countries: [] },
    frequency: { show: "once_per_session", days: null, stopAfterClose: true, stopAfterConvert: true, maxViews: null },
    startAt: null,
    endAt: null,
    variants: [],
    holdout: 0,
  });
});

test("the documented example is accepted as written, status aside", () => {
  const def = {
    name: "Spring newsletter",
    status: "active",
    layout: "modal",
    content: {
      title: "Get 10 % off", text: "Join the newsletter.", imageUrl: null, imageAlt: "", button: "Subscribe", buttonUrl: null,
      colors: { background: "#ffffff", text: "#111111", button: "#0b57d0", buttonText: "#FFFFFF" },
    },
    form: { fields: ["email", "name"], required: ["email"], consent: { text: "I agree to receive e-mails.", required: true }, submitLabel: "Subscribe", successText: "Thanks — check your inbox." },
    triggers: [{ kind: "exit_intent", mobile: "scroll_up" }, { kind: "scroll", percent: 50 }],
    targeting: { paths: [{ match: "starts_with", value: "/blog" }], excludePaths: [], devices: [], visitor: "any", channels: [], campaigns: [], countries: ["de"] },
    frequency: { show: "every_n_days", days: 7, stopAfterClose: true, stopAfterConvert: true, maxViews: 5 },
    startAt: "2026-12-01T10:00:00+01:00", endAt: null,
    variants: [{ key: "a", name: "Discount", weight: 50 }, { key: "b", name: "Free guide", weight: 50, content: { title: "Free SEO guide", colors: { button: "#000000" } } }],
    holdout: 10,
  };
  const out = checkPopupDef(def, "");
  expect(out).not.toHaveProperty("status");
  expect(out.content.colors.buttonText).toBe("#ffffff");
  expect(out.targeting.countries).toEqual(["DE"]);
  expect(out.startAt).toBe("2026-12-01T09:00:00.000Z");
  // A variant's colours are completed from the base popup's.
  expect(out.variants[1]).toEqual({ key: "b", name: "Free guide", weight: 50, content: { title: "Free SEO guide", colors: { background: "#ffffff", text: "#111111", button: "#000000", buttonText: "#ffffff" } } });
  // HTML-looking text is plain text to the page: kept as written.
  expect(checkPopupDef({ ...minimalPopup(), content: { title: "<b>Sale</b> & more" } }, "").content.title).toBe("<b>Sale</b> & more");
});

test("each field's limit is named by its exact path", () => {
  expect(popupPaths((d) => delete d.name)).toEqual(["name"]);
  expect(popupPaths((d) => delete d.content)).toEqual(["content"]);
  expect(refused(() => checkPopupDef({ name: "N", triggers: [{ kind: "immediately" }] }, ""))[0].message).toBe("is required");
  expect(popupPaths((d) => (d.name = "x".repeat(101)))).toEqual(["name"]);
  expect(popupPaths((d) => (d.content.title = " "))).toEqual(["content.title"]);
  expect(popupPaths((d) => (d.content.title = "x".repeat(121)))).toEqual(["content.title"]);
  expect(popupPaths((d) => (d.content.text = "x".repeat(1001)))).toEqual(["content.text"]);
  expect(popupPaths((d) => (d.content.button = "x".repeat(61)))).toEqual(["content.button"]);
  expect(popupPaths((d) => (d.content.imageUrl = "http://cdn.test/a.png"))).toEqual(["content.imageUrl"]);
  expect(popupPaths((d) => (d.content.imageUrl = "javascript:alert(1)"))).toEqual(["content.imageUrl"]);
  expect(popupPaths((d) => (d.content.imageUrl = `https://cdn.test/${"a".repeat(2040)}`))).toEqual(["content.imageUrl"]);
  expect(popupPaths((d) => (d.content.buttonUrl = "//evil.test/x"))).toEqual(["content.buttonUrl"]);
  expect(checkPopupDef({ ...minimalPopup(), content: { title: "T", buttonUrl: "/pricing" } }, "").content.buttonUrl).toBe("/pricing");
  expect(popupPaths((d) => (d.content.colors = { button: "blue" }))).toEqual(["content.colors.button"]);
  expect(popupPaths((d) => (d.content.colors = { text: "#12345" }))).toEqual(["content.colors.text"]);
  expect(popupPaths((d) => (d.layout = "sidebar"))).toEqual(["layout"]);
  expect(popupPaths((d) => (d.content.title = "a\u0000b"))).toEqual(["content.title"]);
  // A misspelt field is refused rather than ignored.
  expect(popupPaths((d) => (d.trigers = []))).toEqual(["trigers"]);
  expect(popupPaths((d) => (d.content.colour = "#ffffff"))).toEqual(["content.colour"]);
  // The prefix is put before every path (a body field).
  expect(popupPaths((d) => (d.layout = "x"), "definition")).toEqual(["definition.layout"]);
  expect(refused(() => checkPopupDef([], "")).map((x) => x.path)).toEqual(["definition"]);
});

test("triggers: 1 to 7, each kind with its own field and range", () => {
  expect(popupPaths((d) => (d.triggers = []))).toEqual(["triggers"]);
  expect(popupPaths((d) => (d.triggers = Array(8).fill({ kind: "immediately" })))).toEqual(["triggers"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "immediately" }, { kind: "scroll", percent: 101 }]))).toEqual(["triggers.1.percent"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "scroll", percent: 0 }]))).toEqual(["triggers.0.percent"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "scroll", percent: 12.5 }]))).toEqual(["triggers.0.percent"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "scroll" }]))).toEqual(["triggers.0.percent"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "time_on_page", seconds: 3601 }]))).toEqual(["triggers.0.seconds"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "inactivity", seconds: 0 }]))).toEqual(["triggers.0.seconds"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "pageviews", count: 101 }]))).toEqual(["triggers.0.count"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "click", selector: "x".repeat(201) }]))).toEqual(["triggers.0.selector"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "exit_intent", mobile: "shake" }]))).toEqual(["triggers.0.mobile"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "hover" }]))).toEqual(["triggers.0.kind"]);
  expect(popupPaths((d) => (d.triggers = [{ kind: "scroll", percent: 10, seconds: 5 }]))).toEqual(["triggers.0.seconds"]);
  const all = checkPopupDef({ ...minimalPopup(), triggers: [{ kind: "click", selector: "#buy" }, { kind: "pageviews", count: 3 }, { kind: "immediately" }] }, "");
  expect(all.triggers).toEqual([{ kind: "click", selector: "#buy" }, { kind: "pageviews", count: 3 }, { kind: "immediately" }]);
});

test("targeting: the funnels' path operators and their safe-regex check, devices, countries", () => {
  expect(popupPaths((d) => (d.targeting = { paths: [{ match: "regex", value: "(a+)+$" }] }))).toEqual(["targeting.paths.0.value"]);
  expect(popupPaths((d) => (d.targeting = { paths: [{ match: "regex", value: "([a-z" }] }))).toEqual(["targeting.paths.0.value"]);
  expect(popupPaths((d) => (d.targeting = { excludePaths: [{ match: "regex", value: "x".repeat(201) }] }))).toEqual(["targeting.excludePaths.0.value"]);
  expect(popupPaths((d) => (d.targeting = { paths: [{ match: "like", value: "/a" }] }))).toEqual(["targeting.paths.0.match"]);
  expect(popupPaths((d) => (d.targeting = { devices: ["desktop", "watch"] }))).toEqual(["targeting.devices.1"]);
  expect(popupPaths((d) => (d.targeting = { devices: ["mobile", "mobile"] }))).toEqual(["targeting.devices.1"]);
  expect(popupPaths((d) => (d.targeting = { countries: ["DEU"] }))).toEqual(["targeting.countries.0"]);
  expect(popupPaths((d) => (d.targeting = { visitor: "loyal" }))).toEqual(["targeting.visitor"]);
  expect(popupPaths((d) => (d.targeting = { paths: Array(21).fill({ match: "equals", value: "/" }) }))).toEqual(["targeting.paths"]);
  expect(checkPopupDef({ ...minimalPopup(), targeting: { paths: [{ match: "regex", value: "^/blog/\\d+$" }], visitor: "new" } }, "").targeting.paths).toEqual([{ match: "regex", value: "^/blog/\\d+$" }]);
});

test("form: email always asked and required, required within fields, consent text", () => {
  expect(popupPaths((d) => (d.form = { fields: ["name"], required: ["email"] }))).toEqual(["form.fields", "form.required.0"]);
  expect(popupPaths((d) => (d.form = { fields: ["email", "name"], required: ["name"] }))).toEqual(["form.required"]);
  expect(popupPaths((d) => (d.form = { fields: ["email"], required: ["email", "phone"] }))).toEqual(["form.required.1"]);
  expect(popupPaths((d) => (d.form = { fields: ["email", "email"] }))).toEqual(["form.fields.1"]);
  expect(popupPaths((d) => (d.form = { fields: ["email", "age"] }))).toEqual(["form.fields.1"]);
  expect(popupPaths((d) => (d.form = { consent: { text: "" } }))).toEqual(["form.consent.text"]);
  expect(popupPaths((d) => (d.form = { submitLabel: "x".repeat(61) }))).toEqual(["form.submitLabel"]);
  expect(checkPopupDef({ ...minimalPopup(), form: null }, "").form).toBeNull();
  expect(checkPopupDef({ ...minimalPopup(), form: { fields: ["name", "email"], consent: { text: "I agree" } } }, "").form).toEqual({
    fields: ["name", "email"], required: ["email"], consent: { text: "I agree", required: true }, submitLabel: "Subscribe", successText: "Thank you!",
  });
});

test("frequency and schedule", () => {
  expect(popupPaths((d) => (d.frequency = { show: "every_n_days" }))).toEqual(["frequency.days"]);
  expect(popupPaths((d) => (d.frequency = { show: "every_n_days", days: 366 }))).toEqual(["frequency.days"]);
  expect(popupPaths((d) => (d.frequency = { show: "every_page", days: 3 }))).toEqual(["frequency.days"]);
  expect(popupPaths((d) => (d.frequency = { maxViews: 1001 }))).toEqual(["frequency.maxViews"]);
  expect(popupPaths((d) => (d.frequency = { stopAfterClose: "yes" }))).toEqual(["frequency.stopAfterClose"]);
  expect(popupPaths((d) => ((d.startAt = "2026-12-02T00:00:00Z"), (d.endAt = "2026-12-01T00:00:00Z")))).toEqual(["endAt"]);
  expect(popupPaths((d) => ((d.startAt = "2026-12-01T00:00:00Z"), (d.endAt = "2026-12-01T00:00:00Z")))).toEqual(["endAt"]);
  expect(popupPaths((d) => (d.startAt = "2026-12-01"))).toEqual(["startAt"]);
  expect(popupPaths((d) => (d.endAt = "soon"))).toEqual(["endAt"]);
  expect(checkPopupDef({ ...minimalPopup(), frequency: { show: "every_n_days", days: 7, maxViews: 5 } }, "").frequency).toEqual({ show: "every_n_days", days: 7, stopAfterClose: true, stopAfterConvert: true, maxViews: 5 });
});

test("variants: none or 2 to 5, keys unique and not holdout, weights 1-100, holdout 0-50", () => {
  const v = (key: string, extra: object = {}) => ({ key, name: key.toUpperCase(), ...extra });
  expect(popupPaths((d) => (d.variants = [v("a")]))).toEqual(["variants"]);
  expect(popupPaths((d) => (d.variants = ["a", "b", "c", "d", "e", "f"].map((k) => v(k))))).toEqual(["variants"]);
  expect(popupPaths((d) => (d.variants = [v("a"), v("b"), v("a")]))).toEqual(["variants.2.key"]);
  expect(popupPaths((d) => (d.variants = [v("a"), v("holdout")]))).toEqual(["variants.1.key"]);
  expect(popupPaths((d) => (d.variants = [v("a"), v("B")]))).toEqual(["variants.1.key"]);
  expect(popupPaths((d) => (d.variants = [v("a", { weight: 0 }), v("b")]))).toEqual(["variants.0.weight"]);
  expect(popupPaths((d) => (d.variants = [v("a", { weight: 101 }), v("b")]))).toEqual(["variants.0.weight"]);
  expect(popupPaths((d) => (d.variants = [v("a"), v("b", { content: { imageUrl: "ftp://x" } })]))).toEqual(["variants.1.content.imageUrl"]);
  expect(popupPaths((d) => (d.variants = [v("a"), v("b", { layout: "popover" })]))).toEqual(["variants.1.layout"]);
  expect(popupPaths((d) => (d.holdout = 51))).toEqual(["holdout"]);
  expect(popupPaths((d) => (d.holdout = -1))).toEqual(["holdout"]);
  const out = checkPopupDef({ ...minimalPopup(), variants: [{ key: "a" }, { key: "b", weight: 20, layout: "bar" }], holdout: 50 }, "");
  expect(out.variants).toEqual([{ key: "a", name: "a", weight: 50 }, { key: "b", name: "b", weight: 20, layout: "bar" }]);
  expect(out.holdout).toBe(50);
});

test("every problem at once, each with its path", () => {
  const details = refused(() => checkPopupDef({ name: "", content: { title: "T", colors: { button: "red" } }, triggers: [{ kind: "scroll", percent: 200 }], holdout: 60 }, ""));
  expect(details.map((d) => d.path).sort()).toEqual(["content.colors.button", "holdout", "name", "triggers.0.percent"]);
  expect(details.find((d) => d.path === "triggers.0.percent")!.message).toBe("must be from 1 to 100");
});

test("a minimal wheel gets every default; codes are left out of what is shown", () => {
  const out = checkWheelDef(minimalWheel(), "");
  expect(out).toEqual({
    name: "Wheel", title: "Spin to win", text: "",
    slices: [
      { label: "10 %", prize: "coupon_pool", code: null, weight: 1, stock: null, color: "#0b57d0", codes: ["A1", "A2"] },
      { label: "Free shipping", prize: "static_code", code: "SHIP", weight: 1, stock: null, color: "#e8710a" },
      { label: "No luck", prize: "none", code: null, weight: 1, stock: null, color: "#188038" },
    ],
    form: { fields: ["email"], required: ["email"], consent: null, submitLabel: "Subscribe", successText: "Thank you!" },
    couponDays: null,
    triggers: [{ kind: "time_on_page", seconds: 10 }],
    targeting: { paths: [], excludePaths: [], devices: [], visitor: "any", channels: [], campaigns: [], countries: [] },
    colors: { background: "#ffffff", text: "#111111", button: "#0b57d0", buttonText: "#ffffff" },
    startAt: null, endAt: null,
  });
  expect(withoutCodes(out).slices[0]).not.toHaveProperty("codes");
});

test("wheel rules: slices 2-12, prizes and their codes, weights, stock, form, couponDays", () => {
  expect(wheelPaths((d) => (d.slices = d.slices.slice(0, 1)))).toEqual(["slices"]);
  expect(wheelPaths((d) => (d.slices = Array(13).fill({ label: "x", prize: "none" })))).toEqual(["slices"]);
  expect(wheelPaths((d) => (d.slices[0].label = "x".repeat(41)))).toEqual(["slices.0.label"]);
  expect(wheelPaths((d) => (d.slices[0].prize = "car"))).toEqual(["slices.0.prize"]);
  expect(wheelPaths((d) => delete d.slices[1].code)).toEqual(["slices.1.code"]);
  expect(wheelPaths((d) => (d.slices[1].code = "has space"))).toEqual(["slices.1.code"]);
  expect(wheelPaths((d) => (d.slices[2].code = "X"))).toEqual(["slices.2.code"]);
  expect(wheelPaths((d) => delete d.slices[0].codes)).toEqual(["slices.0.codes"]);
  expect(wheelPaths((d) => (d.slices[0].codes = []))).toEqual(["slices.0.codes"]);
  expect(wheelPaths((d) => (d.slices[0].codes = ["A1", "A2", "A3", "A2"]))).toEqual(["slices.0.codes.3"]);
  expect(wheelPaths((d) => (d.slices[0].codes = ["A1", "x".repeat(65)]))).toEqual(["slices.0.codes.1"]);
  expect(wheelPaths((d) => (d.slices[2].codes = ["A9"]))).toEqual(["slices.2.codes"]);
  expect(wheelPaths((d) => (d.slices = [d.slices[0], { label: "More", prize: "coupon_pool", codes: ["B1", "A2"] }]))).toEqual(["slices.1.codes.1"]);
  expect(wheelPaths((d) => (d.slices[0].codes = Array.from({ length: 10_001 }, (_, i) => `C${i}`)))).toEqual(["slices.0.codes"]);
  expect(wheelPaths((d) => (d.slices[0].weight = 0))).toEqual(["slices.0.weight"]);
  expect(wheelPaths((d) => (d.slices[0].stock = -1))).toEqual(["slices.0.stock"]);
  expect(wheelPaths((d) => (d.slices[0].color = "#fff"))).toEqual(["slices.0.color"]);
  expect(wheelPaths((d) => (d.form = null))).toEqual(["form"]);
  expect(wheelPaths((d) => (d.form = { fields: ["name"] }))).toEqual(["form.fields", "form.required.0"]);
  expect(wheelPaths((d) => (d.couponDays = 0))).toEqual(["couponDays"]);
  expect(wheelPaths((d) => (d.couponDays = 366))).toEqual(["couponDays"]);
  expect(wheelPaths((d) => (d.colors = { background: "white" }))).toEqual(["colors.background"]);
  expect(wheelPaths((d) => delete d.title)).toEqual(["title"]);
  expect(wheelPaths((d) => (d.triggers = []))).toEqual(["triggers"]);
  expect(wheelPaths((d) => ((d.startAt = "2026-12-02T00:00:00Z"), (d.endAt = "2026-12-01T00:00:00Z")))).toEqual(["endAt"]);
  const ok = checkWheelDef({ ...minimalWheel(), couponDays: 30, slices: [{ label: "A", prize: "none", weight: 2.5, stock: 0 }, { label: "B", prize: "none" }] }, "");
  expect(ok.slices[0]).toEqual({ label: "A", prize: "none", code: null, weight: 2.5, stock: 0, color: "#0b57d0" });
  expect(ok.couponDays).toBe(30);
});
