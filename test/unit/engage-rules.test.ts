import { describe, expect, test } from "bun:test";
import type { Frequency, Targeting } from "../../lib/engagement/types.ts";
import { mayShow, viewed, WHEEL_FREQUENCY, withinCap, type ShownState } from "../../services/ingest/tracker/engage/frequency.ts";
import { contextTargeted, deviceClass, ended, needsContext, pageTargeted, pathMatches } from "../../services/ingest/tracker/engage/targeting.ts";
import { clickMatches, EXIT_ARM_MS, isExitIntent, msUntil, scrollPercent, scrollUpDetector } from "../../services/ingest/tracker/engage/triggers.ts";
import { refusalOf } from "../../services/ingest/tracker/engage/api.ts";
import { turnFor } from "../../services/ingest/tracker/engage/wheel.ts";
import { checkLead } from "../../services/ingest/tracker/engage/lead-form.ts";
import { withVariant } from "../../services/ingest/tracker/engage/popup.ts";

const ANY: Targeting = { paths: [], excludePaths: [], devices: [], visitor: "any", channels: [], campaigns: [], countries: [] };
const DAY = 86_400_000;
const T0 = Date.parse("2026-11-27T10:00:00Z");

describe("targeting", () => {
  test("path operators are the funnels' (case-sensitive); a regex the browser refuses never matches", () => {
    expect(pathMatches({ match: "equals", value: "/pricing" }, "/pricing")).toBe(true);
    expect(pathMatches({ match: "equals", value: "/pricing" }, "/pricing/")).toBe(false);
    expect(pathMatches({ match: "starts_with", value: "/blog" }, "/blog/post-1")).toBe(true);
    expect(pathMatches({ match: "starts_with", value: "/blog" }, "/Blog/post-1")).toBe(false);
    expect(pathMatches({ match: "contains", value: "sale" }, "/summer-sale/shoes")).toBe(true);
    expect(pathMatches({ match: "regex", value: "^/p/\\d+$" }, "/p/42")).toBe(true);
    expect(pathMatches({ match: "regex", value: "^/p/\\d+$" }, "/p/42x")).toBe(false);
    expect(pathMatches({ match: "regex", value: "([" }, "/anything")).toBe(false);
  });

  test("paths, excluded paths, devices and new/returning are AND-ed; empty lists do not restrict", () => {
    const blog = { ...ANY, paths: [{ match: "starts_with" as const, value: "/blog" }], excludePaths: [{ match: "equals" as const, value: "/blog/private" }], devices: ["desktop" as const, "tablet" as const], visitor: "new" as const };
    const page = { path: "/blog/a", device: "desktop" as const, isNew: true };
    expect(pageTargeted(ANY, { path: "/x", device: "mobile", isNew: false })).toBe(true);
    expect(pageTargeted(blog, page)).toBe(true);
    expect(pageTargeted(blog, { ...page, path: "/shop" })).toBe(false);
    expect(pageTargeted(blog, { ...page, path: "/blog/private" })).toBe(false);
    expect(pageTargeted(blog, { ...page, device: "mobile" })).toBe(false);
    expect(pageTargeted(blog, { ...page, isNew: false })).toBe(false);
    expect(pageTargeted({ ...ANY, visitor: "returning" }, { ...page, isNew: false })).toBe(true);
    expect(pageTargeted({ ...ANY, visitor: "returning" }, page)).toBe(false);
  });

  test("device: the User-Agent first (iPadOS as a Mac with touch is a tablet), then a coarse pointer on a narrow viewport", () => {
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    const pixel = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
    const galaxyTab = "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
    const ipadOs = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";
    expect(deviceClass(chrome, 0, 1280, false)).toBe("desktop");
    expect(deviceClass(iphone, 5, 390, true)).toBe("mobile");
    expect(deviceClass(pixel, 5, 412, true)).toBe("mobile");
    expect(deviceClass(galaxyTab, 10, 1200, true)).toBe("tablet");
    expect(deviceClass(ipadOs, 5, 1024, true)).toBe("tablet");
    expect(deviceClass(ipadOs, 0, 1440, false)).toBe("desktop");
    expect(deviceClass(chrome, 1, 500, true)).toBe("mobile");
    expect(deviceClass(chrome, 0, 500, false)).toBe("desktop");
  });

  test("country, channel and campaign need the visitor context; without it such a rule fails", () => {
    const uk = { ...ANY, countries: ["GB"], channels: ["Email"] };
    expect(needsContext(ANY)).toBe(false);
    expect(needsContext({ ...ANY, campaigns: ["spring"] })).toBe(true);
    expect(contextTargeted(ANY, null)).toBe(true);
    expect(contextTargeted(uk, null)).toBe(false);
    expect(contextTargeted(uk, { country: "GB", channel: "Email", campaign: null })).toBe(true);
    expect(contextTargeted(uk, { country: "gb", channel: "email", campaign: null })).toBe(true);
    expect(contextTargeted(uk, { country: "FR", channel: "Email", campaign: null })).toBe(false);
    expect(contextTargeted(uk, { country: "GB", channel: "Direct", campaign: null })).toBe(false);
    expect(contextTargeted({ ...ANY, campaigns: ["Spring"] }, { country: null, channel: null, campaign: "spring" })).toBe(true);
    expect(contextTargeted({ ...ANY, campaigns: ["spring"] }, { country: null, channel: null, campaign: null })).toBe(false);
  });

  test("endAt: shown until, not at, its instant", () => {
    expect(ended(null, T0)).toBe(false);
    expect(ended("2026-11-27T10:00:01Z", T0)).toBe(false);
    expect(ended("2026-11-27T10:00:00Z", T0)).toBe(true);
  });
});

describe("frequency", () => {
  const f = (over: Partial<Frequency>): Frequency => ({ show: "every_page", days: null, stopAfterClose: false, stopAfterConvert: false, maxViews: null, ...over });
  const seen = (over: Partial<ShownState> = {}): ShownState => ({ views: 1, last: T0, sid: "s1", closed: false, converted: false, ...over });

  test("never shown: always allowed", () => {
    for (const show of ["every_page", "once_per_session", "every_n_days"] as const) expect(mayShow(f({ show, days: 7 }), undefined, "s1", T0)).toBe(true);
  });

  test("every_page: again on the next page; once_per_session: not again in the session, again in the next", () => {
    expect(mayShow(f({}), seen(), "s1", T0 + 1000)).toBe(true);
    expect(mayShow(f({ show: "once_per_session" }), seen(), "s1", T0 + 1000)).toBe(false);
    expect(mayShow(f({ show: "once_per_session" }), seen(), "s2", T0 + 1000)).toBe(true);
  });

  test("every_n_days: not before `days` days have passed since the last view", () => {
    const weekly = f({ show: "every_n_days", days: 7 });
    expect(mayShow(weekly, seen(), "s2", T0 + 7 * DAY - 1)).toBe(false);
    expect(mayShow(weekly, seen(), "s9", T0 + 7 * DAY)).toBe(true);
  });

  test("stopAfterClose, stopAfterConvert and maxViews end it for good", () => {
    expect(mayShow(f({ stopAfterClose: true }), seen({ closed: true }), "s2", T0 + 365 * DAY)).toBe(false);
    expect(mayShow(f({ stopAfterClose: false }), seen({ closed: true }), "s2", T0)).toBe(true);
    expect(mayShow(f({ stopAfterConvert: true }), seen({ converted: true }), "s2", T0)).toBe(false);
    expect(mayShow(f({ maxViews: 3 }), seen({ views: 2 }), "s2", T0)).toBe(true);
    expect(mayShow(f({ maxViews: 3 }), seen({ views: 3 }), "s2", T0)).toBe(false);
  });

  test("a wheel: once a session, never again once spun", () => {
    expect(mayShow(WHEEL_FREQUENCY, seen(), "s1", T0)).toBe(false);
    expect(mayShow(WHEEL_FREQUENCY, seen({ closed: true }), "s2", T0)).toBe(true);
    expect(mayShow(WHEEL_FREQUENCY, seen({ converted: true }), "s2", T0)).toBe(false);
  });

  test("the session cap counts different popups; one already seen in the session does not count twice", () => {
    expect(withinCap([], "p1", 1)).toBe(true);
    expect(withinCap(["p1"], "p2", 1)).toBe(false);
    expect(withinCap(["p1"], "p1", 1)).toBe(true);
    expect(withinCap(["p1"], "p2", 2)).toBe(true);
    expect(withinCap(["p1", "p2"], "p3", 2)).toBe(false);
  });

  test("a view counts, keeps close and convert, and moves to the session", () => {
    expect(viewed(undefined, "s1", T0)).toEqual({ views: 1, last: T0, sid: "s1", closed: false, converted: false });
    expect(viewed(seen({ views: 4, closed: true }), "s2", T0 + 5)).toEqual({ views: 5, last: T0 + 5, sid: "s2", closed: true, converted: false });
  });
});

describe("trigger arithmetic", () => {
  test("scroll percent of the scrollable height (a page that cannot scroll is 100 %)", () => {
    expect(scrollPercent(0, 3000, 1000)).toBe(0);
    expect(scrollPercent(1000, 3000, 1000)).toBe(50);
    expect(scrollPercent(600, 3000, 1000)).toBe(30);
    expect(scrollPercent(2500, 3000, 1000)).toBe(100);
    expect(scrollPercent(0, 800, 1000)).toBe(100);
  });

  test("exit intent: leaving through the top, to no element, once armed", () => {
    expect(isExitIntent({ clientY: -1, relatedTarget: null }, EXIT_ARM_MS)).toBe(true);
    expect(isExitIntent({ clientY: 0, relatedTarget: null }, 5000)).toBe(true);
    expect(isExitIntent({ clientY: -1, relatedTarget: null }, EXIT_ARM_MS - 1)).toBe(false);
    expect(isExitIntent({ clientY: 300, relatedTarget: null }, 5000)).toBe(false); // out through a side or the bottom
    expect(isExitIntent({ clientY: 0, relatedTarget: {} }, 5000)).toBe(false); // into another element
  });

  test("scroll_up: a fast way back up after reading down; slowly back up, or not deep enough, does not count", () => {
    const fast = scrollUpDetector();
    expect([fast(0, 0), fast(800, 1000), fast(780, 5000), fast(700, 5100), fast(640, 5200)]).toEqual([false, false, false, false, true]);
    const slow = scrollUpDetector();
    expect([slow(0, 0), slow(800, 1000), slow(740, 2000), slow(680, 3000), slow(620, 4000), slow(560, 5000)]).toEqual([false, false, false, false, false, false]);
    const shallow = scrollUpDetector();
    expect([shallow(0, 0), shallow(300, 500), shallow(100, 600)]).toEqual([false, false, false]);
  });

  test("time left of a time trigger", () => {
    expect(msUntil(10, 2500)).toBe(7500);
    expect(msUntil(1, 2500)).toBe(0);
  });

  test("click selectors: a match through closest(); a selector the browser refuses never fires and throws nothing", () => {
    const target = { closest: (s: string) => (s === ".cta" ? {} : s === "((" ? (() => { throw new SyntaxError("bad selector"); })() : null) };
    expect(clickMatches(target, ".cta")).toBe(true);
    expect(clickMatches(target, ".other")).toBe(false);
    expect(clickMatches(target, "((")).toBe(false);
    expect(clickMatches(null, ".cta")).toBe(false);
  });
});

describe("the page's side of forms and wheels", () => {
  const form = { fields: ["email" as const, "name" as const], required: ["email" as const], consent: { text: "I agree.", required: true }, submitLabel: "Go", successText: "Thanks" };

  test("the visitor's own checks: e-mail required and well-formed, required consent ticked", () => {
    expect(checkLead(form, { fields: {}, hp: "" })).toEqual({ email: "Please enter your e-mail address.", consent: "Please tick this box to continue." });
    expect(checkLead(form, { fields: { email: "ann@" }, consent: { given: true, text: "I agree." }, hp: "" })).toEqual({ email: "Please enter a valid e-mail address (like name@example.com)." });
    expect(checkLead(form, { fields: { email: "ann@example.com" }, consent: { given: true, text: "I agree." }, hp: "" })).toEqual({});
    expect(checkLead({ ...form, required: ["email", "name"], consent: null }, { fields: { email: "ann@example.com" }, hp: "" })).toEqual({ name: "Please enter your name." });
  });

  test("the server's refusal beside its fields; its message for the form", () => {
    const r = refusalOf({
      status: 422,
      body: { error: { code: "VALIDATION_FAILED", message: "Some fields are not valid", details: [{ path: "fields.email", message: "uses a disposable domain" }, { path: "consent.given", message: "must be given" }, { path: "hp", message: "must be empty" }] } },
    });
    expect(r).toEqual({ fields: { email: "uses a disposable domain", consent: "must be given" }, message: "Some fields are not valid" });
    expect(refusalOf({ status: 409, body: { error: { code: "CONFLICT", message: "This e-mail address has already spun this wheel", details: [] } } })).toEqual({ fields: {}, message: "This e-mail address has already spun this wheel" });
    expect(refusalOf({ status: 0, body: null }).message).toBe("Could not send. Please check your connection and try again.");
  });

  test("the wheel turns whole spins plus the angle that puts the drawn slice's middle under the top pointer", () => {
    expect(turnFor(0, 4)).toBe(5 * 360 + 315);
    expect(turnFor(1, 4)).toBe(5 * 360 + 225);
    expect(turnFor(3, 4, 0)).toBe(45);
    expect(turnFor(5, 6, 0)).toBe(30);
  });

  test("a variant's layout and content over the popup's, colours one by one", () => {
    const colors = { background: "#ffffff", text: "#111111", button: "#0b57d0", buttonText: "#ffffff" };
    const popup = {
      layout: "modal" as const,
      content: { title: "Base", text: "t", imageUrl: null, imageAlt: "", button: "Go", buttonUrl: null, colors },
      variants: [{ key: "a", name: "A", weight: 50 }, { key: "b", name: "B", weight: 50, layout: "bar" as const, content: { title: "B title", colors: { ...colors, button: "#ff0000" } } }],
    };
    expect(withVariant(popup, "a")).toEqual({ layout: "modal", content: popup.content });
    expect(withVariant(popup, null)).toEqual({ layout: "modal", content: popup.content });
    const b = withVariant(popup, "b");
    expect(b.layout).toBe("bar");
    expect(b.content).toMatchObject({ title: "B title", text: "t", colors: { button: "#ff0000", background: "#ffffff" } });
  });
});
