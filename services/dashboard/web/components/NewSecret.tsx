import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/** A secret the server shows once (an API key, a webhook secret): a warning, the secret, a copy button. */
export function NewSecret({ title, secret, copyLabel, onClose, children }: { title: string; secret: string; copyLabel: string; onClose: () => void; children?: ComponentChildren }) {
  const [copied, setCopied] = useState(false);
  return (
    <section class="new-secret" aria-labelledby="new-secret-title" role="status">
      <h2 id="new-secret-title">{title}</h2>
      <p>
        <strong>Copy it now: you will not see it again.</strong> {children}
      </p>
      <p>
        <code class="secret" data-secret>
          {secret}
        </code>
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={async () => {
            await navigator.clipboard.writeText(secret).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {copied ? "Copied" : copyLabel}
        </button>
        <button type="button" onClick={onClose}>
          I have stored it
        </button>
      </div>
    </section>
  );
}
