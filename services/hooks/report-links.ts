import { Elysia, t } from "elysia";
import { escapeHtml } from "../../lib/mail.ts";
import { logLine } from "../../lib/log.ts";
import type { Platform } from "../../lib/platform.ts";
import { followLink, linkTarget, type LinkTarget } from "../../lib/reports/schedules/recipient-links.ts";

/**
 * The links of scheduled report mails (docs/reports.md "Schedules"): GET shows a page with a
 * button (mail scanners prefetch GETs, so reading changes nothing), POST confirms or
 * unsubscribes — also the RFC 8058 one-click POST of `List-Unsubscribe=One-Click`. A bad or
 * tampered token is a 404 page; an expired confirmation link a 422 page.
 */

const page = (status: number, title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" } },
  );

/** These routes sit before the service's error envelope (they answer pages): a store that fails is a page too. */
async function answering(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    logLine({ level: "error", msg: "report link failed", error: String((error as Error)?.message ?? error) });
    return page(503, "Try again later", "<p>This could not be done just now. Please try the link again in a few minutes.</p>");
  }
}

const gone = () => page(404, "Link not valid", "<p>This link is not valid, or the schedule or address it was for no longer exists.</p>");

/** 422 as an expired e-mail verification token is: the link itself is what is wrong (docs/reports.md). */
const expired = (t: LinkTarget) =>
  page(422, "Link expired", `<p>This confirmation link has expired. Ask whoever added ${escapeHtml(t.email)} to <b>${escapeHtml(t.report)}</b> to remove the address and add it again: a new link is mailed.</p>`);

const ASK: Record<LinkTarget["purpose"], { title: string; button: string }> = {
  confirm: { title: "Confirm your address", button: "Confirm" },
  unsubscribe: { title: "Unsubscribe", button: "Unsubscribe" },
};

function asked(t: LinkTarget): Response {
  const what = t.purpose === "confirm" ? `receive the report <b>${escapeHtml(t.report)}</b> at ${escapeHtml(t.email)}` : `stop the report <b>${escapeHtml(t.report)}</b> to ${escapeHtml(t.email)}`;
  return page(200, ASK[t.purpose].title, `<p>Press the button to ${what}.</p><form method="post"><button type="submit">${ASK[t.purpose].button}</button></form>`);
}

function done(t: LinkTarget): Response {
  if (t.state === "unsubscribed") return page(200, "Unsubscribed", `<p>${escapeHtml(t.email)} receives no more of <b>${escapeHtml(t.report)}</b>.</p>`);
  if (t.state === "confirmed" || t.state === "member") return page(200, "Address confirmed", `<p>${escapeHtml(t.email)} receives <b>${escapeHtml(t.report)}</b> from its next send.</p>`);
  return gone();
}

export function reportLinks(platform: Platform) {
  const params = t.Object({ purpose: t.String(), token: t.String() });
  // Left out of the OpenAPI document like GET /l/{slug}: pages for a browser, not API calls (docs/reports.md describes them).
  const detail = (summary: string) => ({ summary, hide: true });
  return new Elysia({ name: "hooks-report-links" })
    .get("/v1/hooks/reports/:purpose/:token", ({ params: p }) =>
      answering(async () => {
        const target = await linkTarget(platform, p.purpose, p.token);
        return !target ? gone() : target.expired ? expired(target) : asked(target);
      }), { params, detail: detail("A scheduled report mail's confirmation or unsubscribe page (HTML)") })
    .post("/v1/hooks/reports/:purpose/:token", ({ params: p }) =>
      answering(async () => {
        const target = await followLink(platform, p.purpose, p.token);
        return !target ? gone() : target.expired ? expired(target) : done(target);
      }), { params, detail: detail("Confirm or unsubscribe (HTML; also the List-Unsubscribe=One-Click POST)") });
}
