import { expect, test } from "bun:test";
import { clickClassOf } from "../../lib/shortlinks/redirect.ts";
import { CHROME_UA, IPHONE_UA } from "../helpers/hits.ts";

const none = new URLSearchParams();
const qr = new URLSearchParams("qr=1");

test("link unfurlers are previews, checked before isbot (which knows several of them as bots)", () => {
  const previews = [
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "Slack-ImgProxy (+https://api.slack.com/robots)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "facebookexternalhit/1.1 Facebot Twitterbot/1.0", // iMessage
    "Twitterbot/1.0",
    "WhatsApp/2.23.20.0 A",
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0 Safari/537.36 MicrosoftPreview/2.0 +https://aka.ms/MicrosoftPreview",
    "TelegramBot (like TwitterBot)",
  ];
  for (const ua of previews) expect([ua, clickClassOf(ua, none)]).toEqual([ua, "preview"]);
  // A preview of the QR URL is still a preview.
  expect(clickClassOf(previews[0], qr)).toBe("preview");
});

test("crawlers, tools and a missing User-Agent are bots; browsers are human, or qr with qr=1", () => {
  for (const ua of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "curl/8.5.0", "python-requests/2.31.0", null, ""]) expect(clickClassOf(ua, qr)).toBe("bot");
  expect(clickClassOf(CHROME_UA, none)).toBe("human");
  expect(clickClassOf(IPHONE_UA, qr)).toBe("qr");
  expect(clickClassOf(IPHONE_UA, new URLSearchParams("qr=0"))).toBe("human");
});
