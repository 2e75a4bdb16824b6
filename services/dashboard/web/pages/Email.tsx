import { useState } from "preact/hooks";
import { api } from "../api.ts";
import { route } from "../router.ts";
import { useLoad } from "../load.ts";
import { Card } from "./SignIn.tsx";

/** `/verify-email?token=…`: the link from the verification e-mail posts its token (no session needed). */
export function VerifyEmail() {
  const token = route.value.query.get("token") ?? "";
  const result = useLoad(token, () => api<{ verified: boolean }>("/email-verification", { body: { token }, quiet: true }));
  return (
    <Card title="E-mail verification">
      {result.loading && <p>Checking the link…</p>}
      {result.data?.verified && (
        <p role="status">
          Your e-mail address is verified. <a href="/">Continue to the dashboard</a>
        </p>
      )}
      {result.error && (
        <p role="alert" class="error">
          This link is not valid any more ({result.error.message}). Sign in and ask for a new one.
        </p>
      )}
    </Card>
  );
}

/** Where a 403 EMAIL_NOT_VERIFIED lands: what to do, and a button that sends a new link. */
export function CheckEmail() {
  const [state, setState] = useState<"idle" | "sent" | "failed">("idle");
  return (
    <Card title="Check your e-mail">
      <p>We sent you a link to verify your e-mail address. Open it to continue; it signs nothing else in.</p>
      <button
        type="button"
        class="primary"
        onClick={() =>
          api<null>("/session/email-verification", { method: "POST", body: {}, quiet: true }).then(
            () => setState("sent"),
            () => setState("failed"),
          )
        }
      >
        Send a new link
      </button>
      {state === "sent" && <p role="status">A new link is on its way.</p>}
      {state === "failed" && (
        <p role="alert" class="error">
          The link could not be sent. <a href="/sign-in">Sign in again</a>
        </p>
      )}
    </Card>
  );
}
