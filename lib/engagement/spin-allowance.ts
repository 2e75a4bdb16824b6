import { clientNetwork, RateLimiter, rateLimited } from "../ratelimit.ts";
import type { Settings } from "../config.ts";
import type { TrackedSite } from "../ingest/site-lookup.ts";

/**
 * What one client may take of a site's wheels (docs/engagement.md "Limits on spins"). A fresh
 * `vid` and e-mail address cost nothing, so the once-per-address-and-browser rule alone lets one
 * client spin until the prizes are gone. These windows count what a client cannot mint for
 * free: its network (an IPv4 address, an IPv6 /64), and the domain of its addresses — a domain
 * with a catch-all mailbox gives any number of them — except the public mailbox providers, where
 * each address is an account of its own. Counted per site, in hour-long windows; a spin counts
 * once it has passed every other check, when it goes to the draw (won, lost or beaten to the
 * last prize alike), so a typo refused with 422 or a second spin refused with 409 costs nothing.
 */

const HOUR_MS = 3_600_000;

/**
 * Public mailbox providers: a new address there is a new account (sign-up, often a phone
 * number), and a site's honest visitors share them by the thousand, so their domains are not
 * counted. Sub-addresses (`name+tag@`) are still one mailbox each; the once-per-address rule
 * keeps them apart as before.
 */
const PUBLIC_MAILBOX_PROVIDERS = new Set([
  "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "msn.com", "yahoo.com", "ymail.com",
  "icloud.com", "me.com", "mac.com", "aol.com", "proton.me", "protonmail.com", "gmx.com", "gmx.net", "gmx.de",
  "web.de", "t-online.de", "orange.fr", "free.fr", "laposte.net", "libero.it", "yandex.ru", "mail.ru", "qq.com",
  "163.com", "126.com", "naver.com", "comcast.net", "verizon.net", "att.net", "zoho.com", "fastmail.com",
]);

/** Second-level labels under which a country's names are registered (example.co.uk, example.com.au). */
const REGISTRY_LABELS = new Set(["co", "com", "net", "org", "gov", "edu", "ac", "or", "ne", "go"]);

/**
 * The domain an address's domain is registered as, which is what its owner gets for one fee:
 * the last two labels (mail.example.com → example.com), or three under a country's registry label
 * (shop.example.co.uk → example.co.uk). Lower case, without a final dot.
 */
export function registeredDomain(email: string): string {
  const labels = email.slice(email.lastIndexOf("@") + 1).toLowerCase().replace(/\.$/, "").split(".");
  const n = labels.length;
  const keep = n >= 3 && labels[n - 1].length === 2 && REGISTRY_LABELS.has(labels[n - 2]) ? 3 : 2;
  return labels.slice(-keep).join(".");
}

export class SpinAllowance {
  private readonly byNetwork: RateLimiter;
  private readonly byDomain: RateLimiter;

  constructor(settings: Pick<Settings, "spinRatePerIp" | "spinRatePerDomain">, now: () => number) {
    this.byNetwork = new RateLimiter(settings.spinRatePerIp, now, HOUR_MS);
    this.byDomain = new RateLimiter(settings.spinRatePerDomain, now, HOUR_MS);
  }

  /**
   * Counts a spin going to the draw, or throws 429 RATE_LIMITED. Synchronous, so spins sent at
   * once are counted one by one: no more of them reach the draw than the window allows.
   */
  take(site: TrackedSite, ip: string, email: string, at: number): void {
    const domain = registeredDomain(email);
    const networkKey = `${site.id}|${clientNetwork(ip)}`;
    const domainKey = PUBLIC_MAILBOX_PROVIDERS.has(domain) ? null : `${site.id}|${domain}`;
    // Both are looked at before either is counted: a spin refused by one window does not spend the other.
    const network = this.byNetwork.peek(networkKey, at);
    if (!network.allowed) throw rateLimited(network, "Too many spins from this network");
    if (domainKey !== null) {
      const byDomain = this.byDomain.peek(domainKey, at);
      if (!byDomain.allowed) {
        throw rateLimited(byDomain, "Too many spins with addresses at this domain", [{ path: "fields.email", message: `too many spins with addresses at ${domain} this hour` }]);
      }
      this.byDomain.hit(domainKey, at);
    }
    this.byNetwork.hit(networkKey, at);
  }
}
