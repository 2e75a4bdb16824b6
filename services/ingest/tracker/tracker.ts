/**
 * Tidemark tracking script (protocol v1, DESIGN section 4). Built by scripts/build-tracker.ts
 * into tracker.min.js (≤ 6 KB gzip) and served at /v1/script.js. Embed:
 *   <script defer src="https://HOST/v1/script.js" data-site="SITE_KEY"></script>
 * Commands: tidemark('event', name, props) · tidemark('conversion', {name, value, currency, orderId})
 *   · tidemark('identify', {userId}) · tidemark('onConsent', cb) · tidemark('showPreferences')
 *   · tidemark('consent', {analytics, marketing}) (sites with their own consent tool).
 */
import { pageKey } from "../../../lib/consent/page-key.ts";

type Consent = { analytics: boolean; marketing: boolean };
type Texts = {
  title: string;
  text: string;
  accept: string;
  reject: string;
  preferences: string;
  save: string;
  analyticsLabel: string;
  marketingLabel: string;
  policyLabel: string;
};
/** The public config's consent settings (lib/consent/settings.ts, without defaultUrl). */
type Settings = {
  mode: "opt-in" | "opt-out" | "none";
  categories: ("analytics" | "marketing")[];
  dnt: "respect" | "ignore";
  gpc: "respect" | "ignore";
  policyUrl: string | null;
  defaultLanguage: string;
  texts: Record<string, Texts>;
};
type Ev = Record<string, unknown>;

((w: Window & { tidemark?: any }, d: Document) => {
  const script = d.currentScript as HTMLScriptElement | null;
  const siteKey = script?.getAttribute("data-site");
  if (!script || !siteKey || (w.tidemark && w.tidemark.loaded)) return;
  const base = new URL(script.src).origin;
  const endpoint = base + "/v1/collect";
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const LS = (() => { try { return w.localStorage; } catch { return null; } })();
  const SS = (() => { try { return w.sessionStorage; } catch { return null; } })();
  const read = (s: Storage | null, k: string) => { try { return s ? s.getItem(k) : null; } catch { return null; } };
  const write = (s: Storage | null, k: string, v: string | null) => { try { if (s) v === null ? s.removeItem(k) : s.setItem(k, v); } catch { /* full or blocked */ } };
  const uuid = (): string =>
    crypto.randomUUID ? crypto.randomUUID() : "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) => (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (+c / 4)))).toString(16));
  const now = () => Date.now();
  /** UUIDv7 for visitor and session ids: time-ordered, so the server's indexes grow at one end. */
  const uuid7 = (): string => {
    const b = crypto.getRandomValues(new Uint8Array(16));
    for (let i = 5, t = now(); i >= 0; i--, t = Math.floor(t / 256)) b[i] = t % 256;
    b[6] = (b[6] & 15) | 0x70;
    b[8] = (b[8] & 63) | 0x80;
    const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const VID = "tm_vid", SID = "tm_sid", CHOICE = "tm_consent", INV = "tm_inv";
  const CAMPAIGN = ["utm_source", "utm_medium", "utm_campaign", "gclid", "gbraid", "wbraid", "msclkid", "fbclid", "ttclid", "li_fat_id"];

  let settings: Settings | null = null;
  let consent: Consent = { analytics: false, marketing: false };
  let dnt = false;
  let ready = false;
  let nv = false;
  /** The visitor id was made on this page (nv is cleared once sent; the engagement chunk needs it later). */
  let fresh = false;
  let lastRef: string = d.referrer;
  const buf: Ev[] = [];
  const listeners: ((c: Consent) => void)[] = [];
  let timer = 0;

  const idStore = () => (consent.analytics ? LS : SS);
  function visitorId(): string {
    let id = read(idStore(), VID);
    if (!id) { id = uuid7(); nv = fresh = true; write(idStore(), VID, id); }
    return id;
  }
  function campaignKey(): string {
    const p = new URLSearchParams(location.search);
    return CAMPAIGN.map((k) => p.get(k) || "").join("|").replace(/^\|+$/, "");
  }
  /** A new session after 30 minutes without activity or when the campaign changes. */
  function sessionId(): string {
    let s: { id: string; at: number; camp: string } | null = null;
    try { s = JSON.parse(read(idStore(), SID) || "null"); } catch { s = null; }
    const camp = campaignKey();
    if (!s || now() - s.at > 1800000 || (camp && camp !== s.camp)) s = { id: uuid7(), at: now(), camp: camp || (s ? s.camp : "") };
    s.at = now();
    write(idStore(), SID, JSON.stringify(s));
    return s.id;
  }
  function utm() {
    const p = new URLSearchParams(location.search);
    const out: Record<string, string> = {};
    for (const k of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]) { const v = p.get(k); if (v) out[k] = v.slice(0, 200); }
    return out;
  }

  function send(beacon?: boolean) {
    clearTimeout(timer);
    timer = 0;
    if (!ready || dnt || !buf.length) return;
    const body = JSON.stringify({
      v: 1, s: siteKey, vid: visitorId(), sid: sessionId(), nv, c: consent,
      ctx: { ref: lastRef.slice(0, 2048), lang: nav.language, tz: Intl.DateTimeFormat().resolvedOptions().timeZone, sw: screen.width, sh: screen.height, utm: utm() },
      e: buf.splice(0, 100),
    });
    nv = false;
    lastRef = location.href;
    if (beacon && nav.sendBeacon && nav.sendBeacon(endpoint, new Blob([body], { type: "text/plain" }))) return;
    fetch(endpoint, { method: "POST", body, keepalive: true, credentials: "omit", headers: { "content-type": "application/json" } }).catch(() => {});
    if (buf.length) send(beacon);
  }
  function push(t: string, fields: Ev = {}, now_?: boolean) {
    buf.push({ id: uuid(), t, ts: now(), u: location.href.slice(0, 2048), ti: d.title.slice(0, 512), ...fields });
    if (now_ || buf.length >= 10) send();
    else if (!timer) timer = setTimeout(send, 1000) as unknown as number;
  }

  // Engaged time: foreground only, reported before the next page and when the page hides.
  let engagedSince = d.visibilityState === "visible" ? now() : 0;
  let engaged = 0;
  const pause = () => { if (engagedSince) engaged += now() - engagedSince; engagedSince = 0; };
  const flushEngagement = () => { pause(); if (engaged > 0) push("engagement", { et: Math.min(engaged, 1800000) }); engaged = 0; if (d.visibilityState === "visible") engagedSince = now(); };

  // Scroll depth, once per threshold per page.
  let depths: number[] = [];
  function onScroll() {
    const h = d.documentElement.scrollHeight - w.innerHeight;
    const pct = h <= 0 ? 100 : ((w.scrollY) / h) * 100;
    for (const mark of [25, 50, 75, 90]) if (pct >= mark && depths.indexOf(mark) < 0) { depths.push(mark); push("scroll", { pct: mark }); }
  }

  let page = "";
  function pageview() {
    const here = location.pathname + location.search;
    if (here === page) return;
    if (page) flushEngagement();
    page = here;
    depths = [];
    push("pageview");
    sampleSoon();
  }

  // Web vitals, reported once when the page first hides.
  const vitals: Record<string, number> = {};
  let vitalsSent = false;
  function observe(type: string, cb: (e: any) => void, opts: Record<string, unknown> = {}) {
    try { new PerformanceObserver((l) => l.getEntries().forEach(cb)).observe({ type, buffered: true, ...opts } as PerformanceObserverInit); } catch { /* unsupported */ }
  }
  observe("paint", (e) => { if (e.name === "first-contentful-paint") vitals.FCP = e.startTime; });
  observe("largest-contentful-paint", (e) => { vitals.LCP = e.startTime; });
  let clsWindow = 0, clsLast = 0, clsFirst = 0;
  observe("layout-shift", (e) => {
    if (e.hadRecentInput) return;
    if (e.startTime - clsLast > 1000 || e.startTime - clsFirst > 5000) { clsWindow = 0; clsFirst = e.startTime; }
    clsWindow += e.value; clsLast = e.startTime;
    vitals.CLS = Math.max(vitals.CLS || 0, clsWindow);
  });
  observe("event", (e) => { if (e.interactionId) vitals.INP = Math.max(vitals.INP || 0, e.duration); }, { durationThreshold: 40 });
  const navEntry = performance.getEntriesByType && (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined);
  if (navEntry) vitals.TTFB = Math.max(0, navEntry.responseStart);
  function sendVitals() {
    if (vitalsSent) return;
    vitalsSent = true;
    for (const n in vitals) push("vital", { n, val: Math.round(vitals[n] * 1000) / 1000 });
  }

  /**
   * The page's cookie names (never values), storage keys and third-party hosts, once per page
   * type and consent state per tab session (docs/consent.md "Visits"), 3 s after a pageview or
   * a consent change. Names the server would refuse (control characters) are left out.
   */
  let invTimer = 0;
  const sampleSoon = () => { clearTimeout(invTimer); invTimer = setTimeout(inventory, 3000) as unknown as number; };
  function inventory() {
    if (!ready) return sampleSoon();
    if (dnt) return;
    const key = pageKey(location.href) + ":" + (+consent.analytics | (+consent.marketing << 1));
    let done: string[];
    try { done = JSON.parse(read(SS, INV) || "[]"); } catch { done = []; }
    if (!Array.isArray(done)) done = [];
    if (done.indexOf(key) >= 0) return;
    done.push(key);
    write(SS, INV, JSON.stringify(done.slice(-50)));
    const names = (list: string[]) => {
      const out: string[] = [];
      for (let n of list) { n = n.slice(0, 200); if (n && !/[\0-\x1f\x7f-\x9f]/.test(n) && out.length < 200 && out.indexOf(n) < 0) out.push(n); }
      return out.sort(); // in order, the server only checks it
    };
    const keys: string[] = [];
    for (const s of [LS, SS]) try { for (let i = 0; s && i < s.length; i++) keys.push(s.key(i)!); } catch { /* blocked */ }
    const hosts: string[] = [];
    for (const r of performance.getEntriesByType("resource")) try { const h = new URL(r.name).hostname; if (h !== location.hostname && /^([a-z\d.-]+|\[[\da-f:.]+\])$/i.test(h)) hosts.push(h); } catch { /* not a URL */ }
    push("inventory", { c: consent, ck: names(d.cookie.split(";").map((c) => c.split("=")[0].trim())), st: names(keys), hs: names(hosts) });
  }

  // Consent: the stored choice, the site's settings, and the dialog.
  function setConsent(c: Consent, record: boolean) {
    const next = { analytics: !!c.analytics, marketing: !!c.marketing };
    const withdraw = consent.analytics && !next.analytics;
    const recordChoice = () => {
      if (!record) return;
      write(LS, CHOICE, JSON.stringify({ a: +next.analytics, m: +next.marketing, t: now() }));
      push("consent", { c: next }, true);
    };
    // A withdrawal is recorded under the ids it withdraws, before they are forgotten.
    if (withdraw) recordChoice();
    const before = consent.analytics;
    const vid = read(idStore(), VID), sid = read(idStore(), SID);
    consent = next;
    if (consent.analytics && !before) { write(LS, VID, vid); write(LS, SID, sid); write(SS, VID, null); write(SS, SID, null); }
    if (withdraw) { write(LS, VID, null); write(LS, SID, null); }
    else recordChoice();
    listeners.forEach((f) => { try { f(consent); } catch { /* a listener's error is its own */ } });
    sampleSoon();
  }
  /** The banner grants only the categories the site offers. */
  const offered = (c: Consent): Consent => {
    const o = settings ? settings.categories : [];
    return { analytics: c.analytics && o.indexOf("analytics") >= 0, marketing: c.marketing && o.indexOf("marketing") >= 0 };
  };
  /** The first browser language with texts (its full tag, then its primary subtag), else the default language. */
  function language(s: Settings): string {
    for (const l of nav.languages || [nav.language]) {
      const tag = String(l).toLowerCase(), primary = tag.split("-")[0];
      if (s.texts[tag]) return tag;
      if (s.texts[primary]) return primary;
    }
    return s.defaultLanguage;
  }
  let dialog: HTMLElement | null = null;
  function showDialog(prefs: boolean) {
    if (!settings || dialog) return;
    const s = settings;
    const lang = language(s), x = s.texts[lang];
    if (!x) return;
    const el = (tag: string, attrs: Record<string, string>, text?: string) => {
      const e = d.createElement(tag);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      if (text) e.textContent = text;
      return e;
    };
    const box = (dialog = el("div", { role: "dialog", "aria-modal": "false", "aria-labelledby": "tm-ct", "aria-describedby": "tm-cd", id: "tm-consent", lang,
      style: "position:fixed;z-index:2147483647;left:16px;right:16px;bottom:16px;max-width:560px;margin:auto;background:#fff;color:#111;border:1px solid #888;border-radius:8px;padding:16px;font:15px/1.4 system-ui,sans-serif;box-shadow:0 4px 24px rgba(0,0,0,.2)" }));
    box.append(el("h2", { id: "tm-ct", style: "margin:0 0 8px;font-size:17px" }, x.title), el("p", { id: "tm-cd", style: "margin:0 0 12px" }, x.text));
    if (s.policyUrl) {
      const p = el("p", { style: "margin:0 0 12px" });
      p.append(el("a", { href: s.policyUrl, rel: "noopener", style: "color:#0645ad;text-decoration:underline" }, x.policyLabel));
      box.append(p);
    }
    const prefBox = el("fieldset", { style: "border:0;padding:0;margin:0 0 12px" + (prefs ? "" : ";display:none") });
    prefBox.append(el("legend", { style: "position:absolute;left:-9999px" }, x.preferences));
    // Only the offered categories get a checkbox.
    const checks: Partial<Record<keyof Consent, HTMLInputElement>> = {};
    for (const c of s.categories) {
      const input = (checks[c] = el("input", { type: "checkbox", id: "tm-c" + c[0] }) as HTMLInputElement);
      input.checked = consent[c];
      const label = el("label", { for: input.id, style: "display:block" });
      label.append(input, " " + (c === "analytics" ? x.analyticsLabel : x.marketingLabel));
      prefBox.append(label);
    }
    box.append(prefBox);
    const close = (c: Consent) => { setConsent(offered(c), true); box.remove(); dialog = null; };
    const checked = (c: keyof Consent) => !!checks[c] && checks[c]!.checked;
    const button = (label: string, action: () => void) => { const b = el("button", { type: "button", style: "margin:0 8px 0 0;padding:8px 14px;font:inherit;cursor:pointer" }, label); b.onclick = action; box.append(b); return b; };
    const first = button(x.reject, () => close({ analytics: false, marketing: false }));
    const prefButton = button(prefs ? x.save : x.preferences, () => {
      if (prefBox.style.display === "none") { prefBox.style.display = ""; prefButton.textContent = x.save; (prefBox.querySelector("input") as HTMLElement).focus(); }
      else close({ analytics: checked("analytics"), marketing: checked("marketing") });
    });
    button(x.accept, () => close({ analytics: true, marketing: true }));
    box.addEventListener("keydown", (e) => { if ((e as KeyboardEvent).key === "Escape") close(consent.analytics || consent.marketing ? consent : { analytics: false, marketing: false }); });
    d.body.append(box);
    if (prefs) first.focus();
  }

  const commands: Record<string, (...a: any[]) => void> = {
    event: (name: string, props?: Record<string, unknown>) => push("event", { n: String(name).slice(0, 100), p: props }),
    conversion: (c: { name: string; value?: number; currency?: string; orderId?: string }) =>
      push("conversion", { n: String(c.name).slice(0, 100), val: c.value, cur: c.currency, oid: c.orderId === undefined ? undefined : String(c.orderId) }, true),
    identify: (o: { userId: string }) => {
      const id = String(o && o.userId);
      if (/@/.test(id) || /^\+?[\d\s().-]{7,}$/.test(id)) return console.warn("tidemark: identify takes your own user id, not an e-mail address or phone number");
      push("identify", { uid: id.slice(0, 200) });
    },
    onConsent: (cb: (c: Consent) => void) => { if (typeof cb === "function") { listeners.push(cb); if (ready) cb(consent); } },
    showPreferences: () => showDialog(true),
    consent: (c: Consent) => setConsent(c, true),
    pageview: () => { page = ""; pageview(); },
  };
  const run = (args: ArrayLike<any>) => { const f = commands[args[0]]; if (f) f.apply(null, Array.prototype.slice.call(args, 1)); };
  const queued: ArrayLike<any>[] = (w.tidemark && w.tidemark.q) || [];
  const api = function (...args: any[]) { run(args); } as any;
  api.loaded = true;
  w.tidemark = api;

  function start(s: Settings) {
    settings = s;
    // Do-Not-Track and Global Privacy Control, each as the site handles it: respected, a refusal without a banner.
    dnt = (s.dnt === "respect" && nav.doNotTrack === "1") || (s.gpc === "respect" && nav.globalPrivacyControl === true);
    let choice: { a: number; m: number } | null = null;
    try { choice = JSON.parse(read(LS, CHOICE) || "null"); } catch { choice = null; }
    if (choice) consent = { analytics: !!choice.a, marketing: !!choice.m };
    else if (s.mode === "opt-out" && !dnt) consent = offered({ analytics: true, marketing: true });
    ready = true;
    listeners.forEach((f) => f(consent));
    if (!dnt && !choice && s.mode !== "none") showDialog(false);
    send();
  }

  /**
   * Popups, wheels and marked forms live in a separate chunk (services/ingest/tracker/engage.ts),
   * loaded only when the site has some or the page has a marked form; `api.e` is all it gets.
   */
  function engage(c: { engage?: string | null }) {
    const url = c.engage || (d.querySelector("form[data-tidemark-lead]") && "/v1/engage.js");
    if (!url || dnt) return;
    api.e = { c, base, key: siteKey, push: (t: string, f: Ev) => push(t, f, true), ids: () => [visitorId(), sessionId()], fresh: () => fresh, consent: () => consent };
    const el = d.createElement("script");
    el.async = true;
    el.src = new URL(url, base).href;
    d.head.append(el);
  }

  pageview();
  queued.forEach(run);
  for (const m of ["pushState", "replaceState"] as const) {
    const orig = history[m];
    history[m] = function (this: History, ...a: any[]) { const r = orig.apply(this, a as any); pageview(); return r; } as any;
  }
  w.addEventListener("popstate", pageview);
  w.addEventListener("scroll", onScroll, { passive: true });
  d.addEventListener("click", (e) => {
    const a = (e.target as Element | null)?.closest && (e.target as Element).closest("a[href]") as HTMLAnchorElement | null;
    if (!a) return;
    let url: URL;
    try { url = new URL(a.href, location.href); } catch { return; }
    if (a.hasAttribute("download") || /\.(pdf|zip|docx?|xlsx?|pptx?|csv|txt|rtf|dmg|exe|msi|pkg|apk|mp3|mp4|mov|avi|wav|gz|tgz|rar|7z|iso|epub|json|xml)$/i.test(url.pathname)) push("download", { href: url.href.slice(0, 2048) }, true);
    else if (/^https?:$/.test(url.protocol) && url.hostname !== location.hostname) push("outbound", { href: url.href.slice(0, 2048) }, true);
  }, true);
  d.addEventListener("submit", (e) => {
    const f = e.target as HTMLFormElement;
    push("form_submit", { form: (f.id || f.getAttribute("name") || f.getAttribute("action") || "").slice(0, 200) }, true);
  }, true);
  d.addEventListener("visibilitychange", () => {
    if (d.visibilityState === "hidden") { flushEngagement(); sendVitals(); send(true); }
    else engagedSince = now();
  });
  w.addEventListener("pagehide", () => { flushEngagement(); sendVitals(); send(true); });

  fetch(base + "/v1/sites/" + encodeURIComponent(siteKey) + "/config", { credentials: "omit" })
    .then((r) => (r.ok ? r.json() : Promise.reject()))
    .then((c: { consent: Settings; engage?: string | null }) => { start(c.consent); engage(c); })
    // Without the config: opt-in, DNT and GPC respected, and no banner (it has no texts to show).
    .catch(() => start({ mode: "opt-in", categories: [], dnt: "respect", gpc: "respect", policyUrl: null, defaultLanguage: "en", texts: {} }));
})(window, document);
