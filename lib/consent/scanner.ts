import { existsSync } from "node:fs";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { dnsResolver, resolveTarget, type Resolver, type ResolvedTarget } from "../webhooks/address-guard.ts";
import { coveredBy, type VerifiedDomain } from "../sites/verified-domains.ts";
import type { ItemKind } from "./categories.ts";

/**
 * The cookie scanner (docs/consent.md "Scans"): Debian's Chromium through playwright-core loads
 * a site's pages twice — without consent, then after accepting all — and records cookies (from
 * the browser's own store, HttpOnly included), storage keys and third-party request hosts.
 *
 * Every request of the browser, each redirect hop included, is paused at the browser level
 * (CDP `Fetch` on the browser target) and let go only past the outbound address guard;
 * top-level navigations also only to hosts the site's verified domains cover. Playwright's
 * `context.route` is not enough: it never sees a redirect's next hop.
 */

export interface ScanOptions {
  chromiumPath: string;
  /** Pages per pass (COOKIE_SCAN_MAX_PAGES). */
  maxPages: number;
  /** The whole scan's time (COOKIE_SCAN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Private, loopback… addresses may be reached (COOKIE_SCAN_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  now: () => number;
  resolve?: Resolver;
  /** Aborting closes the browser; the scan answers `stopped`. */
  signal?: AbortSignal;
}

export interface FoundItem {
  kind: ItemKind;
  name: string;
  pass: 1 | 2;
  /** The cookie's domain; the page's host for storage; the host itself for a host. */
  host: string;
  /** The first page of the pass it was seen on. */
  page: string;
  at: number;
  /** Cookies: HttpOnly or not; null for storage and hosts. */
  httpOnly: boolean | null;
}

export type ScanOutcome = { status: "done"; pages: number; items: FoundItem[] } | { status: "failed"; error: string } | { status: "stopped" };

/** Chromium's switches for a headless run on a server; its headless user agent stays, so ingest's bot filter drops the scanner's visits. */
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
/** Longest wait for a page's network to settle. */
const SETTLE_MS = 5000;
/** Longest wait for one page to load. */
const PAGE_LOAD_MS = 30_000;
/** Accept-all buttons of common consent tools, tried in order when the page has no `tidemark` function. */
export const ACCEPT_ALL_BUTTONS = [
  "#onetrust-accept-btn-handler", // OneTrust
  "#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll", // Cookiebot
  ".cky-btn-accept", // CookieYes
  "#tm-consent button:last-of-type", // Tidemark's own banner
];
/** What one pass keeps of one kind, and a name's longest length (as visits' limits): a page cannot flood the store. */
const MAX_ITEMS_PER_KIND = 500;
const MAX_NAME = 200;

const keyOf = (kind: ItemKind, name: string) => `${kind}\u0000${name}`;
const decentName = (name: string) => name.length >= 1 && name.length <= MAX_NAME && !/[\u0000-\u001f\u007f]/.test(name);
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

/** What a pass found, first sighting of each item kept. */
class PassRecord {
  readonly items = new Map<string, FoundItem>();
  private readonly perKind: Record<ItemKind, number> = { cookie: 0, storage: 0, host: 0 };
  constructor(
    readonly pass: 1 | 2,
    private readonly now: () => number,
  ) {}
  add(kind: ItemKind, name: string, host: string, page: string, httpOnly: boolean | null): void {
    const key = keyOf(kind, name);
    if (this.items.has(key) || !decentName(name) || this.perKind[kind] >= MAX_ITEMS_PER_KIND) return;
    this.perKind[kind]++;
    this.items.set(key, { kind, name, pass: this.pass, host, page, at: this.now(), httpOnly });
  }
}

type GuardVerdict = ResolvedTarget | { ok: false; reason: string; unresolved: true };
type HostGuard = (url: URL) => Promise<GuardVerdict>;

/** The outbound address guard's verdict on a URL's host, looked up once per scan. */
function hostGuard(options: ScanOptions): HostGuard {
  const verdicts = new Map<string, Promise<GuardVerdict>>();
  return (url) => {
    const host = hostOf(url);
    let verdict = verdicts.get(host);
    if (!verdict) {
      verdict = resolveTarget(url, options.allowPrivate, options.resolve ?? dnsResolver, "COOKIE_SCAN_ALLOW_PRIVATE").catch((error) => ({
        ok: false as const,
        reason: `${host} did not resolve: ${firstLine(error)}`,
        unresolved: true as const,
      }));
      verdicts.set(host, verdict);
    }
    return verdict;
  };
}

/** The page being read: requests made meanwhile are its. */
interface CurrentPage {
  url: string;
  hosts: Set<string>;
}

export async function scanSite(target: { startUrl: string; domains: VerifiedDomain[] }, options: ScanOptions): Promise<ScanOutcome> {
  let start: URL;
  try {
    start = new URL(target.startUrl);
  } catch {
    return { status: "failed", error: `${target.startUrl} is not a URL` };
  }
  if (start.protocol !== "http:" && start.protocol !== "https:") return { status: "failed", error: `${target.startUrl} is not an http(s) URL` };
  const covered = (host: string) => coveredBy(target.domains, host);
  if (!covered(hostOf(start))) return { status: "failed", error: `${hostOf(start)} is not a verified domain of this site` };
  if (!existsSync(options.chromiumPath)) return { status: "failed", error: `No Chromium browser at ${options.chromiumPath}: install Debian's chromium or set CHROMIUM_PATH` };
  // A start page the guard refuses fails the scan before a browser is started for it.
  const guard = hostGuard(options);
  const startVerdict = await guard(start);
  if (!startVerdict.ok) return { status: "failed", error: startVerdict.reason };
  if (options.signal?.aborted) return { status: "stopped" };

  const deadline = performance.now() + options.timeoutMs;
  const remaining = () => Math.max(0, deadline - performance.now());
  let browser: Browser;
  try {
    // Loaded when a scan runs: every process that imports this file (the admin CLI, the router) would pay for it at each start.
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({
      executablePath: options.chromiumPath,
      args: CHROMIUM_ARGS,
      timeout: Math.min(30_000, remaining()),
      // The service's own shutdown closes the browser (through the signal), not Playwright's handlers.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    return { status: "failed", error: `Chromium at ${options.chromiumPath} did not start: ${firstLine(error)}` };
  }
  const closeBrowser = () => browser.close().catch(() => {});
  const onAbort = () => void closeBrowser();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  // A page that holds Chromium past the budget ends with the browser.
  const hardStop = setTimeout(onAbort, options.timeoutMs + 15_000);
  try {
    const scan = new Scan(browser, covered, guard, options, remaining);
    await scan.guardRequests();
    const outcome = await scan.run(start);
    return options.signal?.aborted ? { status: "stopped" } : outcome;
  } catch (error) {
    if (options.signal?.aborted) return { status: "stopped" };
    return { status: "failed", error: `The scan stopped: ${firstLine(error)}` };
  } finally {
    clearTimeout(hardStop);
    options.signal?.removeEventListener("abort", onAbort);
    await closeBrowser();
  }
}

class Scan {
  /** Main frames of the scanner's pages: their documents are navigations, held to the verified domains. */
  private readonly mainFrames = new Set<string>();
  private current: CurrentPage | null = null;
  /** Why the last top-level navigation was refused (the reason a failed start page gives). */
  private navigationRefusal: string | null = null;

  constructor(
    private readonly browser: Browser,
    private readonly covered: (host: string) => boolean,
    private readonly guard: HostGuard,
    private readonly options: ScanOptions,
    private readonly remaining: () => number,
  ) {}

  async guardRequests(): Promise<void> {
    const cdp = await this.browser.newBrowserCDPSession();
    cdp.on("Fetch.requestPaused", (event) => void this.decide(cdp, event).catch(() => {}));
    await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }] });
  }

  private async decide(cdp: CDPSession, event: { requestId: string; request: { url: string }; resourceType: string; frameId: string }): Promise<void> {
    const refuse = (errorReason: "BlockedByClient" | "NameNotResolved") => cdp.send("Fetch.failRequest", { requestId: event.requestId, errorReason });
    let url: URL;
    try {
      url = new URL(event.request.url);
    } catch {
      return void (await refuse("BlockedByClient"));
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return void (await cdp.send("Fetch.continueRequest", { requestId: event.requestId }));
    const host = hostOf(url);
    const navigation = event.resourceType === "Document" && this.mainFrames.has(event.frameId);
    if (!navigation) this.current?.hosts.add(host);
    if (navigation && !this.covered(host)) {
      this.navigationRefusal = `${host} is not a verified domain of this site`;
      return void (await refuse("BlockedByClient"));
    }
    const verdict = await this.guard(url);
    if (!verdict.ok) {
      if (navigation) this.navigationRefusal = verdict.reason;
      return void (await refuse("unresolved" in verdict ? "NameNotResolved" : "BlockedByClient"));
    }
    await cdp.send("Fetch.continueRequest", { requestId: event.requestId });
  }

  async run(start: URL): Promise<ScanOutcome> {
    const first = new PassRecord(1, this.options.now);
    const pages: string[] = [];
    const queue = [withoutFragment(start)];
    const queued = new Set(queue);
    const failed = await this.inContext(async (context, page) => {
      while (queue.length > 0 && pages.length < this.options.maxPages && this.remaining() > 0) {
        const url = queue.shift()!;
        const read = await this.readPage(context, page, url, first);
        if (!read.ok) {
          // The start page must load; a link that does not is passed over.
          if (pages.length === 0) return { error: read.error };
          continue;
        }
        pages.push(url);
        for (const link of read.links) {
          if (queued.has(link)) continue;
          queued.add(link);
          queue.push(link);
        }
      }
      return null;
    });
    if (failed) return { status: "failed", error: failed.error };
    const second = new PassRecord(2, this.options.now);
    if (this.remaining() > 0) {
      await this.inContext(async (context, page) => {
        for (const url of pages) {
          if (this.remaining() <= 0) break;
          await this.readPage(context, page, url, second, true);
        }
        return null;
      });
    }
    return { status: "done", pages: pages.length, items: [...first.items.values(), ...second.items.values()] };
  }

  /** A fresh context (no cookies, no storage) with one page, closed after `work`. */
  private async inContext<T>(work: (context: BrowserContext, page: Page) => Promise<T>): Promise<T> {
    const context = await this.browser.newContext();
    try {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      const { frameTree } = await session.send("Page.getFrameTree");
      this.mainFrames.add(frameTree.frame.id);
      return await work(context, page);
    } finally {
      await context.close().catch(() => {});
    }
  }

  /** Loads a page (accepting all in pass 2), lets it settle, records what it holds; the same-site links it shows. */
  private async readPage(context: BrowserContext, page: Page, url: string, record: PassRecord, acceptAll = false): Promise<{ ok: true; links: string[] } | { ok: false; error: string }> {
    const current: CurrentPage = { url, hosts: new Set() };
    this.current = current;
    this.navigationRefusal = null;
    try {
      await page.goto(url, { waitUntil: "load", timeout: Math.max(1, Math.min(PAGE_LOAD_MS, this.remaining())) });
    } catch (error) {
      this.current = null;
      return { ok: false, error: this.navigationRefusal ?? `${url} did not answer: ${netError(error)}` };
    }
    await this.settle(page);
    if (acceptAll && this.remaining() > 0) {
      await acceptEverything(page);
      await this.settle(page);
    }
    const finalUrl = new URL(page.url());
    const pageHost = hostOf(finalUrl);
    for (const cookie of await context.cookies()) record.add("cookie", cookie.name, cookie.domain.replace(/^\./, "").toLowerCase(), url, cookie.httpOnly);
    for (const key of await storageKeys(page)) record.add("storage", key, pageHost, url, null);
    this.current = null;
    for (const host of current.hosts) if (host !== pageHost) record.add("host", host, host, url, null);
    return { ok: true, links: await this.sameSiteLinks(page) };
  }

  private async settle(page: Page): Promise<void> {
    const wait = Math.min(SETTLE_MS, this.remaining());
    if (wait > 0) await page.waitForLoadState("networkidle", { timeout: wait }).catch(() => {});
  }

  /** Links of the page to hosts the verified domains cover, absolute, without fragments, in page order. */
  private async sameSiteLinks(page: Page): Promise<string[]> {
    const hrefs = await page.$$eval("a[href]", (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href)).catch(() => [] as string[]);
    const links: string[] = [];
    for (const href of hrefs) {
      let link: URL;
      try {
        link = new URL(href);
      } catch {
        continue;
      }
      if ((link.protocol === "http:" || link.protocol === "https:") && this.covered(hostOf(link))) links.push(withoutFragment(link));
    }
    return links;
  }
}

/** Accepts all: the page's Tidemark (its `tidemark` function, or the snippet's queue), else a known consent tool's button. */
async function acceptEverything(page: Page): Promise<void> {
  const viaTidemark = await page
    .evaluate(() => {
      const tm = (window as unknown as { tidemark?: (...args: unknown[]) => void }).tidemark;
      if (typeof tm !== "function") return false;
      tm("consent", { analytics: true, marketing: true });
      return true;
    })
    .catch(() => false);
  if (viaTidemark) return;
  for (const selector of ACCEPT_ALL_BUTTONS) {
    const button = page.locator(selector).first();
    if (!(await button.isVisible().catch(() => false))) continue;
    await button.click({ timeout: 2000 }).catch(() => {});
    return;
  }
}

/** The top document's `localStorage` and `sessionStorage` keys (storage may be refused: an opaque origin). */
function storageKeys(page: Page): Promise<string[]> {
  return page
    .evaluate(() => {
      const keys: string[] = [];
      for (const area of ["localStorage", "sessionStorage"] as const) {
        try {
          const storage = window[area];
          for (let i = 0; i < storage.length; i++) keys.push(storage.key(i) ?? "");
        } catch {
          /* not available to this document */
        }
      }
      return keys;
    })
    .catch(() => [] as string[]);
}

function withoutFragment(url: URL): string {
  const copy = new URL(url);
  copy.hash = "";
  return copy.href;
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split("\n")[0].replace(/^[\w.]+: /, "").slice(0, 300);
}

/** Chromium's network error (net::ERR_…) or the first line of what went wrong. */
function netError(error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  if ((error as Error)?.name === "TimeoutError") return "no answer in time";
  return /net::ERR_[A-Z_]+/.exec(message)?.[0] ?? firstLine(error);
}
