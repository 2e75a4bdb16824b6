import { escapeHtml, type Mail } from "../../mail.ts";
import type { ReportResult } from "../models.ts";

/**
 * The mails a schedule sends (docs/reports.md "Schedules", "The mail"): the report itself, one
 * per recipient with that recipient's unsubscribe link, and the note to the owner when the
 * schedule pauses after failures.
 */

/** The rows a mail shows; the attachment holds them all. */
export const MAIL_ROWS = 10;

type Column = ReportResult["columns"][number];
type Cell = ReportResult["rows"][number][string];

/** A cell as a person reads it: rates as percentages, money with two decimals and the currency. */
function shown(cell: Cell, column: Column, currency: string): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "string") return cell;
  if (column.type === "rate") return `${(cell * 100).toFixed(1)}%`;
  if (column.type === "money") return `${cell.toFixed(2)} ${currency}`;
  return String(cell);
}

export interface ReportMailContent {
  site: string;
  report: ReportResult;
  file: { filename: string; contentType: string; content: Uint8Array };
  unsubscribeUrl: string;
}

export function reportMail(to: string, c: ReportMailContent): Mail {
  const { report } = c;
  const { from, to: through } = report.range;
  const top = report.rows.slice(0, MAIL_ROWS);
  const cells = top.map((row) => report.columns.map((col) => shown(row[col.key], col, report.currency)));
  const labels = report.columns.map((col) => col.label);
  const shownCount = top.length < report.total ? `the first ${top.length} of ${report.total} rows` : `all ${report.total} rows`;
  const text = [
    `${report.title} — ${c.site}, ${from} to ${through}`,
    `Data complete through ${through}.`,
    "",
    `${shownCount}; the whole report is attached (${c.file.filename}).`,
    "",
    labels.join(" | "),
    ...cells.map((r) => r.join(" | ")),
    "",
    `Unsubscribe: ${c.unsubscribeUrl}`,
    "",
  ].join("\n");
  const td = (v: string, tag = "td") => `<${tag} style="border:1px solid #ccc;padding:4px 8px;text-align:left">${escapeHtml(v)}</${tag}>`;
  const html =
    `<h2>${escapeHtml(report.title)} — ${escapeHtml(c.site)}</h2>` +
    `<p>${escapeHtml(from)} to ${escapeHtml(through)}. <b>Data complete through ${escapeHtml(through)}.</b></p>` +
    `<p>${escapeHtml(shownCount)}; the whole report is attached (${escapeHtml(c.file.filename)}).</p>` +
    `<table style="border-collapse:collapse"><thead><tr>${labels.map((l) => td(l, "th")).join("")}</tr></thead>` +
    `<tbody>${cells.map((r) => `<tr>${r.map((v) => td(v)).join("")}</tr>`).join("")}</tbody></table>` +
    `<p style="font-size:small"><a href="${escapeHtml(c.unsubscribeUrl)}">Unsubscribe</a> from this report.</p>`;
  return {
    to,
    subject: `${c.site}: ${report.title}, ${from} – ${through}`,
    text,
    html,
    link: c.unsubscribeUrl,
    attachments: [c.file],
    // RFC 8058 one-click: a mail client POSTs List-Unsubscribe=One-Click to the link.
    headers: { "List-Unsubscribe": `<${c.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The owner's note when three failed attempts in a row paused the schedule. */
export function pausedMail(to: string, c: { site: string; title: string; scheduleId: string; error: string; dashboardUrl: string }): Mail {
  const text =
    `The scheduled report "${c.title}" of ${c.site} failed 3 times in a row and is paused; nothing more is sent until it is resumed.\n\n` +
    `Last error: ${c.error}\n\n` +
    `Resume it in the dashboard (${c.dashboardUrl}) or with: admin schedule resume --id ${c.scheduleId}\n`;
  const html =
    `<p>The scheduled report <b>${escapeHtml(c.title)}</b> of ${escapeHtml(c.site)} failed 3 times in a row and is paused; nothing more is sent until it is resumed.</p>` +
    `<p>Last error: ${escapeHtml(c.error)}</p><p>Resume it in the <a href="${escapeHtml(c.dashboardUrl)}">dashboard</a> or with <code>admin schedule resume --id ${escapeHtml(c.scheduleId)}</code>.</p>`;
  return { to, subject: `${c.site}: ${c.title} schedule paused after 3 failed sends`, text, html, link: c.dashboardUrl };
}
