import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

/**
 * A modal form's dialog, shown as soon as it is drawn. `close` closes it before the caller
 * removes it, so the browser gives focus back to the button that opened it.
 */
export function useFormDialog(onClose: (changed: boolean) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const close = (changed: boolean) => {
    ref.current?.close();
    onClose(changed);
  };
  return { ref, close };
}

/** The dialog and its form: Escape closes it unchanged, submitting calls `onSubmit`. */
export function FormDialog({ dialog, labelledBy, className, onSubmit, children }: { dialog: ReturnType<typeof useFormDialog>; labelledBy: string; className: string; onSubmit: () => void; children: ComponentChildren }) {
  return (
    <dialog
      ref={dialog.ref}
      aria-labelledby={labelledBy}
      class={className}
      onCancel={(e) => {
        e.preventDefault();
        dialog.close(false);
      }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </dialog>
  );
}

/** A form dialog's buttons: submit (disabled while the call runs) and Cancel. */
export function DialogActions({ busy, submit, onCancel }: { busy: boolean; submit: string; onCancel: () => void }) {
  return (
    <div class="actions">
      <button type="submit" class="primary" disabled={busy}>
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
