import type { LeadField, LeadForm } from "../../../../lib/engagement/types.ts";
import type { Refusal } from "./api.ts";
import { el, uid } from "./dom.ts";

/**
 * The lead form of a popup or wheel: a `<label>` for every field, errors beside the fields
 * (`aria-describedby`, `aria-invalid`) and announced, a honeypot off-screen, the visitor's
 * own checks first, then the server's.
 */

export interface LeadValues {
  fields: Partial<Record<LeadField, string>>;
  consent?: { given: boolean; text: string };
  hp: string;
}

const LABELS: Record<LeadField, string> = { email: "E-mail", name: "Name", phone: "Phone", company: "Company", message: "Message" };
const INPUT: Record<LeadField, [type: string, autocomplete: string]> = {
  email: ["email", "email"],
  name: ["text", "name"],
  phone: ["tel", "tel"],
  company: ["text", "organization"],
  message: ["", "off"],
};
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The visitor's own mistakes, before anything is sent. */
export function checkLead(form: LeadForm, v: LeadValues): Refusal["fields"] {
  const bad: Refusal["fields"] = {};
  for (const f of askedFields(form)) {
    const value = (v.fields[f] ?? "").trim();
    if (!value && (form.required.includes(f) || f === "email")) bad[f] = f === "email" ? "Please enter your e-mail address." : `Please enter your ${LABELS[f].toLowerCase()}.`;
    else if (f === "email" && !EMAIL.test(value)) bad[f] = "Please enter a valid e-mail address (like name@example.com).";
  }
  if (form.consent?.required && !v.consent?.given) bad.consent = "Please tick this box to continue.";
  return bad;
}

/** The fields asked, in order; `email` always (first when the definition left it out). */
export const askedFields = (def: LeadForm): LeadField[] => (def.fields.includes("email") ? def.fields : ["email", ...def.fields]);

const sentence = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export interface LeadFormHandle {
  form: HTMLFormElement;
  /** Shows the answer's messages beside the fields and for the form; focuses the first bad field. */
  refuse(r: Refusal): void;
  busy(on: boolean): void;
}

/** `submit` is called with the values once they pass the visitor-side checks. */
export function leadForm(def: LeadForm, submit: (v: LeadValues) => void): LeadFormHandle {
  const form = el("form", { novalidate: "" });
  const inputs: Partial<Record<LeadField | "consent", HTMLInputElement | HTMLTextAreaElement>> = {};
  const errors: Partial<Record<LeadField | "consent", HTMLElement>> = {};
  const fields = askedFields(def);
  for (const f of fields) {
    const id = uid(f);
    const wrap = el("div", { class: "f" });
    const required = f === "email" || def.required.includes(f);
    const [type, autocomplete] = INPUT[f];
    const input = type ? el("input", { id, name: f, type, autocomplete }) : el("textarea", { id, name: f });
    if (required) input.setAttribute("aria-required", "true");
    const err = el("p", { id: `${id}-e`, class: "e" });
    input.setAttribute("aria-describedby", err.id);
    wrap.append(el("label", { for: id }, required ? LABELS[f] : `${LABELS[f]} (optional)`), input, err);
    form.append(wrap);
    inputs[f] = input;
    errors[f] = err;
  }
  if (def.consent) {
    const id = uid("consent");
    const wrap = el("div", { class: "f" });
    const box = el("input", { id, type: "checkbox", name: "consent" });
    if (def.consent.required) box.setAttribute("aria-required", "true");
    const err = el("p", { id: `${id}-e`, class: "e" });
    box.setAttribute("aria-describedby", err.id);
    const label = el("label", { for: id, class: "ck" });
    label.append(box, el("span", {}, def.consent.text));
    wrap.append(label, err);
    form.append(wrap);
    inputs.consent = box;
    errors.consent = err;
  }
  // Bots fill every field; people never see or reach this one.
  const trap = el("div", { class: "hp", "aria-hidden": "true" });
  const hp = el("input", { type: "text", name: "website", tabindex: "-1", autocomplete: "off", id: uid("hp") });
  trap.append(el("label", { for: hp.id }, "Leave this empty"), hp);
  const button = el("button", { type: "submit", class: "b" }, def.submitLabel || "Submit");
  const status = el("p", { class: "st e", role: "alert" });
  form.append(trap, button, status);

  const refuse = (r: Refusal) => {
    let first: HTMLElement | null = null;
    for (const k of Object.keys(errors) as (LeadField | "consent")[]) {
      const msg = r.fields[k];
      errors[k]!.textContent = msg ? sentence(msg) : "";
      inputs[k]!.setAttribute("aria-invalid", String(!!msg));
      if (msg && !first) first = inputs[k]!;
    }
    status.textContent = r.message;
    first?.focus();
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const values: LeadValues = { fields: {}, hp: hp.value };
    for (const f of fields) {
      const v = inputs[f]!.value.trim();
      if (v) values.fields[f] = v;
    }
    if (def.consent) values.consent = { given: (inputs.consent as HTMLInputElement).checked, text: def.consent.text };
    const bad = checkLead(def, values);
    if (Object.keys(bad).length) return refuse({ fields: bad, message: "Please correct the marked fields." });
    refuse({ fields: {}, message: "" });
    submit(values);
  });
  return {
    form,
    refuse,
    busy(on) {
      button.disabled = on;
      form.setAttribute("aria-busy", String(on));
    },
  };
}
