import { expect, test } from "bun:test";
import { countryOfTimezone, GeoLocator } from "../../lib/ingest/geo.ts";
import { deviceOf, isBot } from "../../lib/ingest/device.ts";
import { dayIn } from "../../lib/time.ts";

test("IP → place through the installed DB-IP city database; timezone fallback", async () => {
  const geo = await GeoLocator.open();
  expect(geo.locate("8.8.8.8")).toEqual({ country: "US", region: "California", city: "Mountain View" });
  expect(geo.locate("81.2.69.160").country).toBe("GB");
  expect(geo.locate("2001:4860:4860::8888").country).toMatch(/^[A-Z]{2}$/); // IPv6 goes to the v6 database
  // Private and malformed addresses have no record: the visitor's timezone decides the country.
  expect(geo.locate("10.1.2.3", "Europe/Berlin")).toEqual({ country: "DE", region: null, city: null });
  expect(geo.locate("not-an-ip", "Asia/Tokyo").country).toBe("JP");
  expect(geo.locate("127.0.0.1", null).country).toBeNull();
  expect(countryOfTimezone("Mars/Base")).toBeNull();
});

test("User-Agent → browser, OS and device class; bots", () => {
  expect(deviceOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36")).toEqual({ browser: "Chrome", os: "Windows", device: "desktop" });
  expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")).toEqual({ browser: "Mobile Safari", os: "iOS", device: "mobile" });
  expect(deviceOf("Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1").device).toBe("tablet");
  expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0")).toEqual({ browser: "Firefox", os: "Linux", device: "desktop" });
  expect(isBot("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")).toBe(true);
  expect(isBot("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36")).toBe(true);
  expect(isBot(null)).toBe(true);
  expect(isBot("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36")).toBe(false);
});

test("calendar days in the site timezone across midnight and DST", () => {
  // 2026-03-08 06:59 UTC = 01:59 EST, 07:00 UTC = 03:00 EDT: the same New York day.
  expect(dayIn("America/New_York", Date.UTC(2026, 2, 8, 6, 59))).toBe("2026-03-08");
  expect(dayIn("America/New_York", Date.UTC(2026, 2, 8, 4, 59))).toBe("2026-03-07");
  expect(dayIn("Europe/Paris", Date.UTC(2026, 9, 24, 22, 30))).toBe("2026-10-25");
  expect(dayIn("Pacific/Auckland", Date.UTC(2026, 0, 1, 10, 59))).toBe("2026-01-01");
  expect(dayIn("Pacific/Auckland", Date.UTC(2026, 0, 1, 11, 0))).toBe("2026-01-02");
  expect(dayIn("UTC", Date.UTC(2026, 11, 31, 23, 59, 59))).toBe("2026-12-31");
  // Half- and quarter-hour offsets: midnight falls inside an hour, and answers are remembered.
  for (let i = 0; i < 2; i++) {
    expect(dayIn("Asia/Kolkata", Date.UTC(2026, 0, 1, 18, 29, 59, 999))).toBe("2026-01-01");
    expect(dayIn("Asia/Kolkata", Date.UTC(2026, 0, 1, 18, 30))).toBe("2026-01-02");
    expect(dayIn("Asia/Kathmandu", Date.UTC(2026, 0, 1, 18, 14, 59, 999))).toBe("2026-01-01");
    expect(dayIn("Asia/Kathmandu", Date.UTC(2026, 0, 1, 18, 15))).toBe("2026-01-02");
  }
});
