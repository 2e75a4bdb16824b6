import { isIP } from "node:net";
import { resolve } from "node:path";
import { isEmailAddress } from "./email-address.ts";

/** Settings read from the environment (README lists each with its default). */
export interface Settings {
  port: number;
  /** The address the router and every service listen on (HOST; docs/operations.md "Bind addresses"). */
  host: string;
  /** /readyz fails below this much free space in DATA_DIR (MiB). */
  readyMinFreeMb: number;
  /** Bearer token /metrics asks for; unset = only a scraper on this host (loopback) may read it. */
  metricsToken?: string;
  dataDir: string;
  ingestUrl?: string;
  queryUrl?: string;
  hooksUrl?: string;
  /** The dashboard service's URL (split mode); unset = in the router's process. */
  dashboardUrl?: string;
  internalSecret?: string;
  publicUrl: string;
  trustProxy: boolean;
  sqliteSynchronous: "NORMAL" | "FULL";
  disabledFeatures: string[];
  /** One JSON line per request (and diagnostics) on stdout. */
  logRequests: boolean;
  /** Open tenant database handles kept (least recently used closed first). */
  tenantCacheSize: number;
  /** Read-API requests per minute per key and per client IP (spec Part 8: 300 and 600). */
  rateLimitPerKey: number;
  rateLimitPerIp: number;
  /** Tracking requests per minute per client IP and site (flood guard). */
  ingestRatePerIp: number;
  /** Lead submissions, and spins, per minute per client IP and site (docs/engagement.md). */
  engageRatePerIp: number;
  /** Spins that reach the draw per hour per client address (an IPv6 /64) and site (docs/engagement.md "Limits on spins"). */
  spinRatePerIp: number;
  /** Spins that reach the draw per hour per e-mail domain and site, for domains that are not public mailbox providers. */
  spinRatePerDomain: number;
  /** Short-link redirects (GET /l/{slug}) per minute per client IP (docs/campaigns.md). */
  redirectRatePerIp: number;
  /** MaxMind-format city database; unset = the DB-IP Lite databases installed with the project. */
  geoipDb?: string;
  /** Outbound webhooks may reach private, loopback and other non-public addresses (tests, intranets). */
  webhookAllowPrivate: boolean;
  /** How long one outbound webhook attempt may take before it counts as a timeout. */
  webhookTimeoutMs: number;
  /**
   * Seconds a connection may stay silent — a request still being worked on included — before
   * Bun's server closes it (its own default is 10 s, which cut a cold site's first report).
   */
  httpIdleTimeoutS: number;
  /**
   * Bytes (in MiB) the analytics engine may hold in loaded sites' columns; least recently used
   * sites are dropped past it (lib/analytics/loaded-sites.ts).
   */
  analyticsMemoryMb: number;
  /** Most recently read sites the query service loads in the background after a start (0: none). */
  analyticsWarmSites: number;
  /** Outgoing mail (nodemailer URL, smtp:// or smtps://); unset = links are written to the log. */
  smtpUrl?: string;
  mailFrom: string;
  /**
   * The first owner's e-mail, made on an empty store. The default has no mailbox, so it counts as
   * verified; a real address is verified by the link its first sign-in mails (or logs).
   */
  ownerEmail: string;
  /** Dashboard sessions end after this long without a call, and this long after sign-in whatever happens. */
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Argon2id cost of stored passwords (OWASP's minimum: 19 MiB, 2 passes). */
  passwordHashMemoryKib: number;
  passwordHashTime: number;
  /** Cookie scanner (docs/consent.md "Settings"): days between scheduled scans (0: none), pages per pass, a scan's time, private targets. */
  cookieScanIntervalDays: number;
  cookieScanMaxPages: number;
  cookieScanTimeoutMs: number;
  cookieScanAllowPrivate: boolean;
  /** The Chromium the scanner drives. */
  chromiumPath: string;
  /**
   * Rows an XLSX export may hold (docs/reports.md "Files"): SheetJS builds a workbook in memory,
   * ~12 MB of RAM per 1 000 rows at its peak; above this a report is refused with "use csv".
   */
  reportXlsxMaxRows: number;
  /** Industry benchmarks (docs/recommendations.md): a site's sessions in the window to contribute, organizations a group needs, the most of its sessions one organization may hold. */
  benchmarkMinSessions: number;
  benchmarkMinOrgs: number;
  benchmarkMaxShare: number;
}

/** Default analytics memory budget: a 1 GB host keeps room for the runtime, SQLite's caches and one site's load. */
export const DEFAULT_ANALYTICS_MEMORY_MB = 512;
/** Upper bound of ANALYTICS_MEMORY_MB (1 TiB), so the bytes stay an exact integer. */
export const MAX_ANALYTICS_MEMORY_MB = 1_048_576;

/** Upper bound of READY_MIN_FREE_MB (1 PiB): larger is a typo, not a threshold. */
export const MAX_READY_MIN_FREE_MB = 2 ** 30;

/** Bun's server takes idle timeouts of at most 255 s. */
export const MAX_IDLE_TIMEOUT_S = 255;

function flag(value: string | undefined): boolean {
  return value === "1" || value === "true" || value === "yes";
}

const ON = ["1", "true", "yes", "on"];
const OFF = ["0", "false", "no", "off"];

function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  const v = value.toLowerCase();
  if (ON.includes(v)) return true;
  if (OFF.includes(v)) return false;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be an integer 0..65535, got "${value}"`);
  return n;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function intIn(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer ${min}..${max}, got "${value}"`);
  return n;
}

function fraction(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0.01 || n > 1) throw new Error(`${name} must be a number 0.01..1, got "${value}"`);
  return n;
}

function url(name: string, value: string | undefined, protocols: readonly string[]): string | undefined {
  if (value === undefined || value === "") return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL, got "${value}"`);
  }
  if (!protocols.includes(parsed.protocol)) throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}, got "${value}"`);
  return value;
}

/** An IP address (v4 or v6) or a host name (RFC 1123 labels), as Bun's server takes. */
function bindHost(value: string | undefined): string {
  if (value === undefined || value === "") return DEFAULT_HOST;
  const host = value.trim();
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
  if (isIP(host) !== 0 || (host.length <= 253 && host.split(".").every((part) => label.test(part)))) return host;
  throw new Error(`HOST must be an IP address or a host name, got "${value}"`);
}

/** A bearer token for /metrics: printable, no spaces, long enough not to be guessed. */
function metricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^[\x21-\x7e]{16,256}$/.test(value)) throw new Error("METRICS_TOKEN must be 16 to 256 printable characters without spaces");
  return value;
}

/** Every interface, as before HOST existed: a container's port mapping or a firewall decides who reaches it. */
export const DEFAULT_HOST = "0.0.0.0";

/** The bootstrap owner's address when OWNER_EMAIL is not set: nobody's mailbox. */
export const DEFAULT_OWNER_EMAIL = "owner@localhost";

function ownerEmail(value: string | undefined): string {
  if (value === undefined || value.trim() === "") return DEFAULT_OWNER_EMAIL;
  const text = value.trim().toLowerCase();
  if (!isEmailAddress(text) || text.length > 254) throw new Error(`OWNER_EMAIL must be an e-mail address, got "${value}"`);
  return text;
}

export function readSettings(env: Record<string, string | undefined> = process.env): Settings {
  const p = port(env.PORT, 8080);
  const sync = (env.SQLITE_SYNCHRONOUS ?? "NORMAL").toUpperCase();
  if (sync !== "NORMAL" && sync !== "FULL") throw new Error(`SQLITE_SYNCHRONOUS must be NORMAL or FULL, got "${env.SQLITE_SYNCHRONOUS}"`);
  return {
    port: p,
    host: bindHost(env.HOST),
    readyMinFreeMb: intIn("READY_MIN_FREE_MB", env.READY_MIN_FREE_MB, 256, 0, MAX_READY_MIN_FREE_MB),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    dataDir: resolve(env.DATA_DIR || "./tenants"),
    ingestUrl: env.INGEST_URL || undefined,
    queryUrl: env.QUERY_URL || undefined,
    hooksUrl: env.HOOKS_URL || undefined,
    internalSecret: env.INTERNAL_SECRET || undefined,
    dashboardUrl: env.DASHBOARD_URL || undefined,
    publicUrl: (url("PUBLIC_URL", env.PUBLIC_URL, ["http:", "https:"]) ?? `http://localhost:${p}`).replace(/\/+$/, ""),
    trustProxy: flag(env.TRUST_PROXY),
    sqliteSynchronous: sync,
    disabledFeatures: (env.DISABLED_FEATURES ?? "").split(",").map((s) => s.trim()).filter(Boolean),
    logRequests: onOff("LOG_REQUESTS", env.LOG_REQUESTS, true),
    tenantCacheSize: positiveInt("TENANT_CACHE_SIZE", env.TENANT_CACHE_SIZE, 64),
    rateLimitPerKey: positiveInt("RATE_LIMIT_PER_KEY", env.RATE_LIMIT_PER_KEY, 300),
    rateLimitPerIp: positiveInt("RATE_LIMIT_PER_IP", env.RATE_LIMIT_PER_IP, 600),
    ingestRatePerIp: positiveInt("INGEST_RATE_PER_IP", env.INGEST_RATE_PER_IP, 1200),
    engageRatePerIp: positiveInt("ENGAGE_RATE_PER_IP", env.ENGAGE_RATE_PER_IP, 20),
    spinRatePerIp: positiveInt("SPIN_RATE_PER_IP", env.SPIN_RATE_PER_IP, 5),
    spinRatePerDomain: positiveInt("SPIN_RATE_PER_DOMAIN", env.SPIN_RATE_PER_DOMAIN, 20),
    redirectRatePerIp: positiveInt("REDIRECT_RATE_PER_IP", env.REDIRECT_RATE_PER_IP, 600),
    geoipDb: env.GEOIP_DB || undefined,
    webhookAllowPrivate: flag(env.WEBHOOK_ALLOW_PRIVATE),
    webhookTimeoutMs: positiveInt("WEBHOOK_TIMEOUT_MS", env.WEBHOOK_TIMEOUT_MS, 10_000),
    httpIdleTimeoutS: intIn("HTTP_IDLE_TIMEOUT_S", env.HTTP_IDLE_TIMEOUT_S, 120, 1, MAX_IDLE_TIMEOUT_S),
    analyticsMemoryMb: intIn("ANALYTICS_MEMORY_MB", env.ANALYTICS_MEMORY_MB, DEFAULT_ANALYTICS_MEMORY_MB, 1, MAX_ANALYTICS_MEMORY_MB),
    analyticsWarmSites: intIn("ANALYTICS_WARM_SITES", env.ANALYTICS_WARM_SITES, 4, 0, 64),
    smtpUrl: url("SMTP_URL", env.SMTP_URL, ["smtp:", "smtps:"]),
    mailFrom: env.MAIL_FROM || "Tidemark <tidemark@localhost>",
    ownerEmail: ownerEmail(env.OWNER_EMAIL),
    sessionIdleMinutes: intIn("SESSION_IDLE_MINUTES", env.SESSION_IDLE_MINUTES, 30, 1, 24 * 60),
    sessionMaxHours: intIn("SESSION_MAX_HOURS", env.SESSION_MAX_HOURS, 12, 1, 24 * 30),
    passwordHashMemoryKib: intIn("PASSWORD_HASH_MEMORY_KIB", env.PASSWORD_HASH_MEMORY_KIB, 19_456, 1024, 4_194_304),
    passwordHashTime: intIn("PASSWORD_HASH_TIME", env.PASSWORD_HASH_TIME, 2, 1, 20),
    cookieScanIntervalDays: intIn("COOKIE_SCAN_INTERVAL_DAYS", env.COOKIE_SCAN_INTERVAL_DAYS, 7, 0, 365),
    cookieScanMaxPages: intIn("COOKIE_SCAN_MAX_PAGES", env.COOKIE_SCAN_MAX_PAGES, 10, 1, 100),
    cookieScanTimeoutMs: intIn("COOKIE_SCAN_TIMEOUT_MS", env.COOKIE_SCAN_TIMEOUT_MS, 120_000, 1_000, 3_600_000),
    cookieScanAllowPrivate: onOff("COOKIE_SCAN_ALLOW_PRIVATE", env.COOKIE_SCAN_ALLOW_PRIVATE, false),
    chromiumPath: env.CHROMIUM_PATH || "/usr/bin/chromium",
    reportXlsxMaxRows: intIn("REPORT_XLSX_MAX_ROWS", env.REPORT_XLSX_MAX_ROWS, 200_000, 1, 1_048_575),
    benchmarkMinSessions: intIn("BENCHMARK_MIN_SESSIONS", env.BENCHMARK_MIN_SESSIONS, 500, 1, 100_000_000),
    benchmarkMinOrgs: intIn("BENCHMARK_MIN_ORGS", env.BENCHMARK_MIN_ORGS, 10, 2, 10_000),
    // A share in percent (1–100) would read oddly next to a fraction: given as 0.01–1.
    benchmarkMaxShare: fraction("BENCHMARK_MAX_SHARE", env.BENCHMARK_MAX_SHARE, 0.5),
  };
}
