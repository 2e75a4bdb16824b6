import { UAParser } from "ua-parser-js";
import { isbot } from "isbot";

export interface Device {
  browser: string;
  os: string;
  /** desktop | mobile | tablet | tv | console | wearable | other */
  device: string;
}

const cache = new Map<string, Device>();
const CACHE_MAX = 10_000;

/** Browser, OS and device class from a User-Agent (cached: a site sees few distinct UAs). */
export function deviceOf(userAgent: string): Device {
  const hit = cache.get(userAgent);
  if (hit) return hit;
  const r = new UAParser(userAgent).getResult();
  const type = r.device.type;
  const device: Device = {
    browser: r.browser.name ?? "Unknown",
    os: r.os.name ?? "Unknown",
    device: type === "mobile" || type === "tablet" ? type : type === "smarttv" ? "tv" : type === "console" || type === "wearable" ? type : type ? "other" : "desktop",
  };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(userAgent, device);
  return device;
}

const botCache = new Map<string, boolean>();

/** Crawlers, headless checkers and libraries (the isbot list, cached per UA: its pattern is large); an empty UA counts as a bot. */
export function isBot(userAgent: string | null): boolean {
  if (!userAgent) return true;
  let bot = botCache.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botCache.size >= CACHE_MAX) botCache.clear();
    botCache.set(userAgent, bot);
  }
  return bot;
}
