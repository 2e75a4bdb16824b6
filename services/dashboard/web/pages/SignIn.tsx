import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiFailure, sessionEnded } from "../api.ts";
import { navigate, route } from "../router.ts";
import { afterSignIn, passSecondFactor, session, signIn } from "../session.ts";
import { ThemeToggle } from "../components/Shell.tsx";
import { Alert } from "../components/Failure.tsx";

/** Frame of the pages before a session: a centred card with one heading. */
export function Card({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <>
      <header class="banner">
        <span class="brand">Tidemark</span>
        <ThemeToggle />
      </header>
      <main id="main" class="card">
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}

/** What a refused sign-in says: wrong credentials, a lock (with its Retry-After), or a bad field. */
export function refusal(error: unknown): string {
  if (!(error instanceof ApiFailure)) return "The server could not be reached. Try again.";
  if (error.code === "ACCOUNT_LOCKED") {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 900) / 60));
    return `Too many failed sign-ins: this account is locked. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  }
  if (error.code === "RATE_LIMITED") return `Too many requests. Try again in ${error.retryAfter ?? 60} seconds.`;
  if (error.status === 401) return error.details.some((d) => d.path === "code" || d.path === "recoveryCode") ? "That code is not valid. Try again." : "Wrong e-mail or password.";
  return error.details.map((d) => d.message).join("; ") || error.message;
}

const nextPage = () => route.value.query.get("next");

export function SignIn() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card title="Sign in">
      {sessionEnded.value && (
        <p role="status" class="notice" data-reason="SESSION_EXPIRED">
          Your session has expired: it ends after a while without activity, some hours after signing in, or when your password or membership changes. Sign in again to continue.
        </p>
      )}
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setMessage(null);
          try {
            navigate(afterSignIn(await signIn(email, password), nextPage()));
          } catch (error) {
            setMessage(refusal(error));
          } finally {
            setBusy(false);
          }
        }}
      >
        <label>
          E-mail
          <input type="email" name="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <label>
          Password
          <input type="password" name="password" autocomplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        <Alert message={message} />
        <button type="submit" class="primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </Card>
  );
}

export function SecondFactor() {
  // Two-factor required by an org but never set up: there is no code to ask for; set it up instead.
  useEffect(() => {
    if (session.value && !session.value.user.twoFactorEnabled) navigate("/account", { replace: true });
  }, []);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Card title="Second factor">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setMessage(null);
          try {
            const answer = recovery ? { recoveryCode: code.trim() } : { code: code.replace(/\s/g, "") };
            navigate(afterSignIn(await passSecondFactor(answer), nextPage()));
          } catch (error) {
            if (error instanceof ApiFailure && error.code !== "ACCOUNT_LOCKED" && error.status === 401 && error.details.length === 0) navigate("/sign-in");
            else setMessage(refusal(error));
          }
        }}
      >
        <label>
          {recovery ? "Recovery code" : "Code from your authenticator app"}
          {/* One input per kind (a key): Preact would leave the app code's pattern on the recovery code's field. */}
          <input
            key={recovery ? "recovery" : "app"}
            name="code"
            required
            autocomplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            pattern={recovery ? undefined : "[0-9 ]{6,7}"}
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
        </label>
        <Alert message={message} />
        <button type="submit" class="primary">
          Continue
        </button>
        <button
          type="button"
          class="link"
          onClick={() => {
            setRecovery(!recovery);
            setCode("");
          }}
        >
          {recovery ? "Use a code from the app" : "Use a recovery code"}
        </button>
      </form>
    </Card>
  );
}
