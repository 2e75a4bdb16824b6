import type { PopupContent, PopupLayout, PublicPopup } from "../../../../lib/engagement/types.ts";
import type { Refusal } from "./api.ts";
import { openDialog } from "./dialog.ts";
import { el, uid } from "./dom.ts";
import { leadForm, type LeadValues } from "./lead-form.ts";

/**
 * A popup as visitors see it, built from its public definition and the variant's changes:
 * the chunk shows it on the site, and the dashboard can import `renderPopup` for its
 * "preview as visitors see it" (give it an element or a shadow root to render into).
 */

export interface PopupHandlers {
  /** The visitor closed it (close button, Escape, the backdrop). */
  onClose(): void;
  /** The form's values (after the visitor-side checks); null when stored, else what to show. Absent: the form just shows its success text. */
  onSubmit?(values: LeadValues): Promise<Refusal | null>;
  /** The button of a popup without a form was used. */
  onButton?(): void;
}

export interface PopupHandle {
  /** Removes the popup and gives focus back, without calling onClose. */
  remove(): void;
  focus(): void;
}

/** The variant's layout and content over the popup's own (its colours merged one by one). */
export function withVariant(popup: Pick<PublicPopup, "layout" | "content" | "variants">, variant: string | null): { layout: PopupLayout; content: PopupContent } {
  const v = popup.variants.find((x) => x.key === variant);
  if (!v) return { layout: popup.layout, content: popup.content };
  return {
    layout: v.layout ?? popup.layout,
    content: { ...popup.content, ...v.content, colors: { ...popup.content.colors, ...v.content?.colors } },
  };
}

const httpUrl = (u: string | null, scheme: RegExp): string | null => {
  if (!u) return null;
  try {
    return scheme.test(new URL(u).protocol) ? u : null;
  } catch {
    return null;
  }
};

export function renderPopup(root: ShadowRoot | Element, popup: PublicPopup, variant: string | null, handlers: PopupHandlers): PopupHandle {
  const { layout, content } = withVariant(popup, variant);
  const dialog = openDialog(root, { layout, colors: content.colors, onClose: handlers.onClose });
  const title = el("h2", { id: uid("title"), class: "t" }, content.title);
  dialog.labelBy(title);
  const image = httpUrl(content.imageUrl, /^https:$/);
  if (image && layout !== "bar") dialog.body.append(el("img", { src: image, alt: content.imageAlt ?? "" }));
  dialog.body.append(title);
  if (content.text) dialog.body.append(el("p", {}, content.text));
  if (popup.form) {
    // Without a handler (a preview), a submission just shows the success text.
    const submit = handlers.onSubmit ?? (async () => null);
    const success = el("p", { class: "st", role: "status", tabindex: "-1" });
    const f = leadForm(popup.form, async (values) => {
      f.busy(true);
      const refusal = await submit(values);
      f.busy(false);
      if (refusal) return f.refuse(refusal);
      // Focus was on the form's button: it goes to the message that replaces the form.
      f.form.remove();
      success.textContent = popup.form!.successText || "Thank you!";
      success.focus();
    });
    dialog.body.append(f.form, success);
  } else {
    const url = httpUrl(content.buttonUrl, /^https?:$/);
    const button = url ? el("a", { href: url, class: "b" }, content.button) : el("button", { type: "button", class: "b" }, content.button);
    button.addEventListener("click", () => handlers.onButton?.());
    if (content.button) dialog.body.append(button);
  }
  return { remove: dialog.remove, focus: dialog.focus };
}
