import nodemailer, { type Transporter } from "nodemailer";
import type { Settings } from "./config.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the mail carries, logged when no mail can be sent. */
  link: string;
  /** Files the mail carries (a scheduled report's export). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** Extra headers (a scheduled report's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

const transports = new Map<string, Transporter>();

/**
 * Sends a mail through SMTP_URL. Without it the mail's link is written to stdout as one JSON
 * line — even with LOG_REQUESTS=0, since it is then the only way to finish — so a self-hoster
 * without mail can still verify an address.
 */
export async function sendMail(settings: Pick<Settings, "smtpUrl" | "mailFrom">, mail: Mail): Promise<void> {
  if (!settings.smtpUrl) {
    process.stdout.write(JSON.stringify({ t: new Date().toISOString(), msg: "mail not sent (no SMTP_URL)", to: mail.to, subject: mail.subject, link: mail.link }) + "\n");
    return;
  }
  let transport = transports.get(settings.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(settings.smtpUrl);
    transports.set(settings.smtpUrl, transport);
  }
  await transport.sendMail({
    from: settings.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
  });
}

/** Text for a mail's HTML part (a name, an org's name). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
