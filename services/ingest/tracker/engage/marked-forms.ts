import type { LeadField } from "../../../../lib/engagement/types.ts";
import type { LeadValues } from "./lead-form.ts";

/**
 * `<form data-tidemark-lead="newsletter">` or `"form"` on the site: its submission is also sent
 * as a lead (docs/engagement.md "Lead submission"). The site's own submit goes on untouched:
 * nothing is prevented, and the lead goes with `keepalive` so a navigation does not cancel it.
 */

export interface MarkedLead extends LeadValues {
  source: "newsletter" | "form";
  ref: string;
}

const FIELDS: LeadField[] = ["email", "name", "phone", "company", "message"];

/** The lead a marked form holds: e-mail by `type="email"` (or `name="email"`), the others by `name`; null without an e-mail. */
export function markedLead(form: HTMLFormElement): MarkedLead | null {
  const source = form.getAttribute("data-tidemark-lead");
  if (source !== "newsletter" && source !== "form") return null;
  const value = (selector: string) => {
    const e = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector);
    return e && typeof e.value === "string" ? e.value.trim().slice(0, 2000) : "";
  };
  const fields: MarkedLead["fields"] = {};
  for (const f of FIELDS) {
    const v = f === "email" ? value('input[type="email"]') || value('[name="email"]') : value(`[name="${f}"]`);
    if (v) fields[f] = v;
  }
  if (!fields.email) return null;
  const ref = (form.getAttribute("name") || form.id || form.getAttribute("action") || "").slice(0, 200);
  return { source, ref, fields, hp: "" };
}

export function watchMarkedForms(send: (lead: MarkedLead) => void): void {
  document.addEventListener(
    "submit",
    (e) => {
      const form = e.target as HTMLFormElement | null;
      if (!form || typeof form.getAttribute !== "function") return;
      const lead = markedLead(form);
      if (lead) send(lead);
    },
    true,
  );
}
