import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/**
 * A workspace form: titled (its heading names it for assistive technology), its submit button
 * disabled while the change runs (the step-up dialog may be open meanwhile).
 */
export function ChangeForm({ id, title, submit, onSubmit, extraClass, children }: { id: string; title: string; submit: string; onSubmit: () => Promise<unknown>; extraClass?: string; children: ComponentChildren }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      class={extraClass ? `key-form ${extraClass}` : "key-form"}
      aria-labelledby={id}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await onSubmit();
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id={id}>{title}</h2>
      {children}
      <button type="submit" class="primary" disabled={busy}>
        {submit}
      </button>
    </form>
  );
}
