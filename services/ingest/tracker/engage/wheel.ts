import type { PublicWheel } from "../../../../lib/engagement/types.ts";
import type { Refusal } from "./api.ts";
import { openDialog } from "./dialog.ts";
import { colour, el, readableOn, svg, uid } from "./dom.ts";
import { leadForm, type LeadValues } from "./lead-form.ts";

/**
 * A spin-to-win wheel: the gating form, then the wheel turns to the slice the SERVER drew
 * (POST /v1/spins) and the page shows the label and code the server returned. Nothing here
 * picks a prize.
 */

/** What the server drew (the 201 answer of POST /v1/spins). */
export interface SpinOutcome {
  slice: number;
  label: string;
  prize: "coupon_pool" | "static_code" | "none";
  code: string | null;
  expiresAt: string | null;
}

export interface WheelHandlers {
  onClose(): void;
  /** Sends the spin; the outcome, or what to show instead (a 409 names why). */
  onSpin(values: LeadValues): Promise<SpinOutcome | Refusal>;
}

const SPINS = 5;

/** The wheel's turn (degrees, clockwise) that brings the middle of `slice` under the pointer at the top. */
export function turnFor(slice: number, slices: number, spins = SPINS): number {
  const seg = 360 / slices;
  return spins * 360 + ((360 - (slice + 0.5) * seg) % 360);
}

function wheelSvg(slices: PublicWheel["slices"]) {
  const n = slices.length;
  const seg = (2 * Math.PI) / n;
  const r = 95;
  const at = (a: number) => `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
  const root = svg("svg", { viewBox: "-100 -100 200 200", class: "wheel", role: "img", "aria-label": `Prize wheel: ${slices.map((s) => s.label).join(", ")}` });
  const turning = svg("g", { class: "wh" });
  // A rim, so a slice of the dialog's own colour still shows its edge.
  turning.append(svg("circle", { r: r + 1.5, fill: "none", stroke: "#333333", "stroke-width": 3 }));
  slices.forEach((s, i) => {
    const fill = colour(s.color, i % 2 ? "#f4b400" : "#0b57d0");
    turning.append(svg("path", { d: `M0 0L${at(i * seg)}A${r} ${r} 0 0 1 ${at((i + 1) * seg)}Z`, fill, stroke: "#ffffff", "stroke-width": 1 }));
    const mid = ((i + 0.5) * 360) / n;
    // Along the radius, between the hub and the rim: a long label gets a smaller font to fit.
    const size = Math.max(5, Math.min(n > 8 ? 8 : 10, 72 / (s.label.length * 0.62)));
    turning.append(svg("text", { transform: `rotate(${mid - 90}) translate(52 0)`, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": size.toFixed(1), "font-family": "system-ui,sans-serif", "font-weight": 700, fill: readableOn(fill) }, s.label));
  });
  turning.append(svg("circle", { r: 8, fill: "#ffffff", stroke: "#333333" }));
  root.append(turning, svg("path", { d: "M-9 -99L9 -99L0 -80Z", fill: "#222222", stroke: "#ffffff" }));
  return { root, turning };
}

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export function renderWheel(root: ShadowRoot | Element, wheel: PublicWheel, handlers: WheelHandlers): { remove(): void; focus(): void } {
  const dialog = openDialog(root, { layout: "modal", colors: wheel.colors, onClose: handlers.onClose });
  const title = el("h2", { id: uid("title"), class: "t" }, wheel.title);
  dialog.labelBy(title);
  dialog.body.append(title);
  if (wheel.text) dialog.body.append(el("p", {}, wheel.text));
  const { root: picture, turning } = wheelSvg(wheel.slices);
  const result = el("div", { class: "st", role: "status", tabindex: "-1" });
  const f = leadForm(wheel.form, async (values) => {
    f.busy(true);
    const answer = await handlers.onSpin(values);
    f.busy(false);
    if (!("slice" in answer)) return f.refuse(answer);
    f.form.remove();
    const shown = () => {
      result.append(el("p", {}, answer.prize === "none" ? answer.label : `You won: ${answer.label}`));
      if (answer.code) {
        result.append(el("p", {}, "Your code:"), el("p", { class: "code" }, answer.code));
        if (answer.expiresAt) result.append(el("p", {}, `Valid until ${new Date(answer.expiresAt).toLocaleDateString()}.`));
      }
      result.focus();
    };
    const turn = `rotate(${turnFor(answer.slice, wheel.slices.length, reducedMotion() ? 0 : SPINS)}deg)`;
    if (reducedMotion()) {
      turning.style.transform = turn;
      return shown();
    }
    let done = false;
    const finish = () => {
      if (!done) (done = true), shown();
    };
    turning.addEventListener("transitionend", finish, { once: true });
    setTimeout(finish, 4500);
    requestAnimationFrame(() => (turning.style.transform = turn));
  });
  dialog.body.append(picture, f.form, result);
  return { remove: dialog.remove, focus: dialog.focus };
}
