/**
 * The engagement chunk (docs/engagement.md "The page"): popups, spin wheels and marked forms.
 * Built by scripts/build-tracker.ts into engage.min.js (≤ 12 KB gzip), served at /v1/engage.js
 * and loaded by the core script (tracker.ts) only when the site has popups or wheels or the page
 * has a `form[data-tidemark-lead]`. All it knows of the core is `tidemark.e` (engage/core-link.ts).
 */
import { assignVariant, HOLDOUT } from "../../../lib/engagement/assign.ts";
import type { Frequency, PublicPopup, PublicWheel, Targeting, Trigger } from "../../../lib/engagement/types.ts";
import { postJson, refusalOf, submissionIds } from "./engage/api.ts";
import type { CoreLink } from "./engage/core-link.ts";
import { typing } from "./engage/dialog.ts";
import { mayShow, viewed, WHEEL_FREQUENCY, withinCap } from "./engage/frequency.ts";
import type { LeadValues } from "./engage/lead-form.ts";
import { renderPopup, withVariant } from "./engage/popup.ts";
import { loadState, moveState, saveState, tabCache, tabCounter, type EngageState } from "./engage/store.ts";
import { contextTargeted, deviceClass, ended, needsContext, pageTargeted, type VisitorContext } from "./engage/targeting.ts";
import { clickMatches, isExitIntent, msUntil, scrollPercent, scrollUpDetector } from "./engage/triggers.ts";
import { renderWheel, type SpinOutcome } from "./engage/wheel.ts";
import { watchMarkedForms } from "./engage/marked-forms.ts";

type Item =
  | { kind: "popup"; id: string; def: PublicPopup; targeting: Targeting; triggers: Trigger[]; frequency: Frequency; endAt: string | null }
  | { kind: "wheel"; id: string; def: PublicWheel; targeting: Targeting; triggers: Trigger[]; frequency: Frequency; endAt: string | null };

const w = window as Window & { tidemark?: { e?: CoreLink; engaged?: boolean } };
const link = w.tidemark?.e;
if (link && !w.tidemark!.engaged) {
  w.tidemark!.engaged = true;
  run(link);
}

function run(core: CoreLink) {
  const persistent = () => core.consent().analytics;
  const utm = () => {
    const q = new URLSearchParams(location.search);
    const out: Record<string, string> = {};
    for (const k of ["utm_source", "utm_medium", "utm_campaign"]) {
      const v = q.get(k);
      if (v) out[k] = v.slice(0, 200);
    }
    return out;
  };
  /** The state for this visitor and session (a new visitor id starts afresh; a new session keeps the history). */
  const state = (): EngageState => {
    const [vid, sid] = core.ids();
    let s = loadState(persistent());
    if (!s || s.vid !== vid) s = { vid, first: core.fresh() ? sid : "", items: {}, sid: "", shown: [], held: [], land: { ref: "", utm: {} } };
    if (s.sid !== sid) Object.assign(s, { sid, shown: [], held: [], land: { ref: document.referrer.slice(0, 2048), utm: utm() } });
    return s;
  };
  const update = (change: (s: EngageState) => void) => {
    const s = state();
    change(s);
    saveState(persistent(), s);
  };
  let wasPersistent = persistent();
  (w as any).tidemark("onConsent", (c: { analytics: boolean }) => {
    if (c.analytics !== wasPersistent) moveState((wasPersistent = c.analytics));
  });

  const api = (path: string) => core.base + path;
  const items: Item[] = [
    ...(core.c.popups ?? []).map((p) => ({ kind: "popup" as const, id: p.id, def: p, targeting: p.targeting, triggers: p.triggers, frequency: p.frequency, endAt: p.endAt })),
    ...(core.c.wheels ?? []).map((p) => ({ kind: "wheel" as const, id: p.id, def: p, targeting: p.targeting, triggers: p.triggers, frequency: WHEEL_FREQUENCY, endAt: p.endAt })),
  ];
  const cap = core.c.popupsPerSession ?? 1;
  let host: HTMLElement | null = null;
  let open = false;
  const shadow = () => {
    if (!host || !host.isConnected) {
      host = document.createElement("div");
      host.setAttribute("data-tidemark-engage", "");
      document.body.append(host);
      host.attachShadow({ mode: "open" });
    }
    return host.shadowRoot!;
  };
  const event = (t: "popup" | "spin", id: string, a: string, variant?: string | null) => core.push(t, { n: id, a, ...(variant ? { p: { v: variant } } : {}) });
  /** The body of a lead or spin; `id` is the same for a retry of the same values (submissionIds). */
  const leadBase = (values: LeadValues, id: (values: unknown) => string = submissionIds()) => {
    const [vid, sid] = core.ids();
    const own = { fields: values.fields, ...(values.consent ? { consent: values.consent } : {}), hp: values.hp };
    return { v: 1, s: core.key, id: id(own), vid, sid, ...own, path: location.pathname };
  };

  async function visitorContext(): Promise<VisitorContext | null> {
    const s = state();
    const cache = tabCache<VisitorContext | null>("tm_ectx", s.sid);
    const hit = cache.get();
    if (hit !== undefined) return hit;
    const q = new URLSearchParams({ ref: s.land.ref, utm_source: s.land.utm.utm_source ?? "", utm_medium: s.land.utm.utm_medium ?? "", utm_campaign: s.land.utm.utm_campaign ?? "" });
    try {
      const res = await fetch(api(`/v1/sites/${encodeURIComponent(core.key)}/visitor-context?${q}`), { credentials: "omit" });
      const ctx = res.ok ? ((await res.json()) as VisitorContext) : null;
      cache.set(ctx);
      return ctx;
    } catch {
      return null;
    }
  }

  /** Shows it if its frequency and the session cap still allow; false when another is open (the trigger keeps listening). */
  function show(item: Item): boolean {
    if (open) return false;
    const s = state();
    const now = Date.now();
    if (!mayShow(item.frequency, s.items[item.id], s.sid, now) || !withinCap(s.shown, item.id, cap)) return true;
    const variant = item.kind === "popup" ? assignVariant(s.vid, item.id, item.def.variants, item.def.holdout) : null;
    if (variant === HOLDOUT) {
      // Counted once a session at the moment it would have shown; the visitor sees nothing.
      if (!s.held.includes(item.id)) update((x) => void x.held.push(item.id)), event("popup", item.id, "holdout", HOLDOUT);
      return true;
    }
    update((x) => {
      x.items[item.id] = viewed(x.items[item.id], x.sid, now);
      if (!x.shown.includes(item.id)) x.shown.push(item.id);
    });
    const t = item.kind === "popup" ? "popup" : "spin";
    const mark = (k: "closed" | "converted") => update((x) => void (x.items[item.id] && (x.items[item.id][k] = true)));
    let handle: { remove(): void; focus(): void } | null = null;
    const close = () => {
      handle?.remove();
      open = false;
      mark("closed");
      event(t, item.id, "close", variant);
    };
    open = true;
    const id = submissionIds();
    if (item.kind === "popup") {
      handle = renderPopup(shadow(), item.def, variant, {
        onClose: close,
        // The button of a popup without a form is its conversion; it follows its link, or just closes.
        onButton: () => {
          mark("converted");
          event("popup", item.id, "submit", variant);
          handle?.remove();
          open = false;
        },
        onSubmit: async (values) => {
          const answer = await postJson(api("/v1/leads"), { ...leadBase(values, id), source: "popup", ref: item.id, ...(variant ? { variant } : {}) });
          if (answer.status !== 200 && answer.status !== 201) return refusalOf(answer);
          mark("converted");
          event("popup", item.id, "submit", variant);
          return null;
        },
      });
    } else {
      const wheel = item.def;
      handle = renderWheel(shadow(), wheel, {
        onClose: close,
        onSpin: async (values) => {
          const answer = await postJson(api("/v1/spins"), { ...leadBase(values, id), wheel: wheel.id });
          if (answer.status === 409) mark("converted");
          if (answer.status !== 200 && answer.status !== 201) return refusalOf(answer);
          const outcome = answer.body as unknown as SpinOutcome;
          if (!Number.isInteger(outcome?.slice) || outcome.slice < 0 || outcome.slice >= wheel.slices.length) return refusalOf({ status: 500, body: null });
          mark("converted");
          event("spin", wheel.id, "spin");
          return outcome;
        },
      });
    }
    event(t, item.id, "view", variant);
    const layout = item.kind === "wheel" ? "modal" : withVariant(item.def, variant).layout;
    const modal = layout === "modal" || layout === "fullscreen";
    if (modal || !typing()) handle.focus();
    return true;
  }

  /** Listens for the item's triggers (OR-ed) until one shows it; returns the way to stop listening. */
  function watch(item: Item, pageStart: number, pageviews: number): () => void {
    const offs: (() => void)[] = [];
    const stop = () => offs.splice(0).forEach((f) => f());
    const fire = (e?: Event) => {
      if (show(item)) {
        stop();
        // A click trigger on a link opens the popup instead of leaving the page.
        if (e && e.type === "click" && open) e.preventDefault();
      }
    };
    const on = (target: EventTarget, type: string, f: (e: any) => void, opts: AddEventListenerOptions = { passive: true }) => {
      target.addEventListener(type, f, opts);
      offs.push(() => target.removeEventListener(type, f, opts));
    };
    const later = (ms: number, f: () => void) => {
      const t = setTimeout(f, ms);
      offs.push(() => clearTimeout(t));
    };
    const onPage = () => performance.now() - pageStart;
    for (const t of item.triggers) {
      if (t.kind === "exit_intent") {
        if (matchMedia("(pointer: fine)").matches) on(document, "mouseout", (e: MouseEvent) => isExitIntent(e, onPage()) && fire());
        else if (t.mobile === "scroll_up") {
          const feed = scrollUpDetector();
          on(w, "scroll", () => feed(w.scrollY, performance.now()) && fire());
        }
      } else if (t.kind === "scroll") {
        const check = () => scrollPercent(w.scrollY, document.documentElement.scrollHeight, w.innerHeight) >= t.percent && fire();
        on(w, "scroll", check);
      } else if (t.kind === "time_on_page") later(msUntil(t.seconds, onPage()), fire);
      else if (t.kind === "inactivity") {
        let timer = 0;
        const reset = () => {
          clearTimeout(timer);
          timer = setTimeout(fire, t.seconds * 1000) as unknown as number;
        };
        for (const type of ["mousemove", "keydown", "scroll", "touchstart", "pointerdown"]) on(w, type, reset);
        offs.push(() => clearTimeout(timer));
        reset();
      } else if (t.kind === "pageviews") {
        if (pageviews >= t.count) later(0, fire);
      } else if (t.kind === "click") on(document, "click", (e: MouseEvent) => clickMatches(e.target as Element | null, t.selector) && fire(e), { capture: true });
      else if (t.kind === "immediately") later(0, fire);
    }
    return stop;
  }

  let stops: (() => void)[] = [];
  let path = "";
  async function page(first: boolean) {
    if (location.pathname === path) return;
    path = location.pathname;
    stops.forEach((f) => f());
    stops = [];
    const pageStart = first ? 0 : performance.now();
    const pageviews = tabCounter("tm_epv");
    const s = state();
    saveState(persistent(), s);
    const facts = {
      path,
      device: deviceClass(navigator.userAgent, navigator.maxTouchPoints || 0, w.innerWidth, matchMedia("(pointer: coarse)").matches),
      isNew: s.first === s.sid,
    };
    const now = Date.now();
    let chosen = items.filter((i) => !ended(i.endAt, now) && pageTargeted(i.targeting, facts) && mayShow(i.frequency, s.items[i.id], s.sid, now));
    if (chosen.some((i) => needsContext(i.targeting))) {
      const ctx = await visitorContext();
      if (path !== location.pathname) return;
      chosen = chosen.filter((i) => contextTargeted(i.targeting, ctx));
    }
    stops = chosen.map((i) => watch(i, pageStart, pageviews));
  }

  watchMarkedForms((body) => postJson(api("/v1/leads"), { ...leadBase(body), source: body.source, ref: body.ref }));
  if (items.length) {
    void page(true);
    // Single-page apps: the core reports the new page; the chunk looks again at what it targets.
    for (const m of ["pushState", "replaceState"] as const) {
      const orig = history[m];
      history[m] = function (this: History, ...a: Parameters<History["pushState"]>) {
        const r = orig.apply(this, a);
        void page(false);
        return r;
      };
    }
    w.addEventListener("popstate", () => void page(false));
  }
}
