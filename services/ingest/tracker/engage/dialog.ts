import type { PopupLayout } from "../../../../lib/engagement/types.ts";
import { colour, el } from "./dom.ts";
import { STYLES } from "../../../../lib/engagement/dialog-styles.ts";

/**
 * The accessible dialog every popup and wheel is shown in: `role="dialog"`, `aria-modal` for
 * modal and fullscreen (Tab stays inside), labelled by its title, focus moved in and given back
 * on close, Escape and a visible labelled close button, styles of its own (inside a shadow root
 * the site's CSS does not reach) and no motion when the visitor asks for reduced motion.
 */

export interface DialogOptions {
  layout: PopupLayout;
  colors: { background: string; text: string; button: string; buttonText: string };
  /** The accessible name of the close button. */
  closeLabel?: string;
  onClose(): void;
}

export interface Dialog {
  /** The dialog element (role="dialog"); put content in `body`. */
  box: HTMLElement;
  body: HTMLElement;
  /** Labels the dialog by this element (its title). */
  labelBy(title: HTMLElement): void;
  /** Moves focus into the dialog (the first field or button; else the dialog). */
  focus(): void;
  /** Removes it and gives focus back (does not call onClose). */
  remove(): void;
}

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]):not([tabindex="-1"]),textarea:not([disabled]),select:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The element that has focus, through shadow roots. */
function deepActive(): Element | null {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

export function openDialog(root: ShadowRoot | Element, o: DialogOptions): Dialog {
  if (!root.querySelector("style[data-tm]")) root.append(el("style", { "data-tm": "" }, STYLES));
  const modal = o.layout === "modal" || o.layout === "fullscreen";
  const before = deepActive() as HTMLElement | null;
  const overlay = o.layout === "modal" ? el("div", { class: "o" }) : null;
  const box = el("div", { role: "dialog", "aria-modal": String(modal), class: `d ${o.layout}`, tabindex: "-1" });
  box.style.setProperty("--bg", colour(o.colors.background, "#ffffff"));
  box.style.setProperty("--fg", colour(o.colors.text, "#111111"));
  box.style.setProperty("--btn", colour(o.colors.button, "#0b57d0"));
  box.style.setProperty("--btnfg", colour(o.colors.buttonText, "#ffffff"));
  const body = el("div", { class: "in" });
  const x = el("button", { type: "button", class: "x", "aria-label": o.closeLabel ?? "Close" }, "×");
  x.onclick = () => o.onClose();
  box.append(x, body);
  if (overlay) overlay.onclick = () => o.onClose();
  const focusables = () => Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((e) => e.getClientRects().length > 0 && !e.closest(".hp"));
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      o.onClose();
    } else if (e.key === "Tab" && modal) {
      const list = focusables();
      if (!list.length) return e.preventDefault();
      const active = (box.getRootNode() as Document | ShadowRoot).activeElement;
      const i = list.indexOf(active as HTMLElement);
      if (e.shiftKey && i <= 0) {
        e.preventDefault();
        list[list.length - 1].focus();
      } else if (!e.shiftKey && i === list.length - 1) {
        e.preventDefault();
        list[0].focus();
      }
    }
  });
  if (overlay) root.append(overlay);
  root.append(box);
  return {
    box,
    body,
    labelBy(title) {
      box.setAttribute("aria-labelledby", title.id);
    },
    focus() {
      const first = focusables().find((e) => e !== x);
      (first ?? box).focus();
    },
    remove() {
      overlay?.remove();
      box.remove();
      if (before && before.isConnected && typeof before.focus === "function") before.focus();
    },
  };
}

/** Whether focus is in something the visitor is typing into (a non-modal popup then leaves focus alone). */
export function typing(): boolean {
  const a = deepActive() as HTMLElement | null;
  return !!a && (a.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName));
}
