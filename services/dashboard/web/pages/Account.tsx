import type { Static } from "elysia";
import { useState } from "preact/hooks";
import type { RecoveryCodes, TwoFactorEnrolment } from "../../../../lib/api/session-models.ts";
import { api } from "../api.ts";
import { refreshSession, session } from "../session.ts";
import { stepUpRefusal, useChange } from "../components/StepUp.tsx";
import { ChangeForm } from "../components/ChangeForm.tsx";
import { Alert } from "../components/Failure.tsx";

type Enrolment = Static<typeof TwoFactorEnrolment>;

/** `/account`: the signed-in user's two-factor (enrol with a QR code, recovery codes once, turn off) and password. */
export function AccountPage({ enrolFirst = false }: { enrolFirst?: boolean }) {
  const user = session.value?.user;
  if (enrolFirst) {
    return (
      <>
        <p>Your organisation requires two-factor sign-in: set it up to continue.</p>
        <TwoFactor enabled={user?.twoFactorEnabled ?? false} />
        {user?.twoFactorEnabled && (
          <p>
            <a href="/">Continue to the dashboard</a>
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <TwoFactor enabled={user?.twoFactorEnabled ?? false} />
      <PasswordForm />
    </>
  );
}

function TwoFactor({ enabled }: { enabled: boolean }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  // Starting an enrolment and turning two-factor off prove the password again (a session alone may be stolen).
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const { change, notice } = useChange();

  const start = async () => {
    setMessage(null);
    try {
      // Quiet: a wrong password is a 401 to say here, not a reason to sign in again.
      setEnrolment(await api<Enrolment>("/me/two-factor", { body: { password }, quiet: true }));
      setPassword("");
    } catch (error) {
      setMessage(stepUpRefusal(error));
    }
  };
  const confirm = async () => {
    setMessage(null);
    try {
      const answer = await api<Static<typeof RecoveryCodes>>("/me/two-factor/confirm", { body: { code: code.replace(/\s/g, "") } });
      setEnrolment(null);
      setCode("");
      setCodes(answer.recoveryCodes);
      await refreshSession();
    } catch (error) {
      setMessage(stepUpRefusal(error));
    }
  };
  const turnOff = () => {
    if (!window.confirm("Turn two-factor off? Signing in then needs only your password, and your recovery codes stop working.")) return;
    return change(async () => {
      await api<null>("/me/two-factor", { method: "DELETE", body: { password }, quiet: true });
      setPassword("");
      await refreshSession();
    });
  };

  return (
    <section aria-labelledby="two-factor-title" class="panel">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {notice}
      {codes && (
        <section class="new-secret" role="status" aria-labelledby="recovery-title">
          <h3 id="recovery-title">Your recovery codes</h3>
          <p>
            <strong>Store them now: you will not see them again.</strong> Each signs you in once when your phone is not at hand.
          </p>
          <ul class="recovery-codes" data-recovery-codes>
            {codes.map((c) => (
              <li>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button type="button" class="primary" onClick={() => setCodes(null)}>
            I have stored them
          </button>
        </section>
      )}
      {enabled ? (
        <>
          <p data-two-factor="on">Two-factor is on: signing in asks for a code from your authenticator app.</p>
          <PasswordProof password={password} setPassword={setPassword} submit="Turn off two-factor" onSubmit={turnOff} />
        </>
      ) : enrolment ? (
        <form
          class="key-form"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <p>Scan this code with your authenticator app, or type the secret into it; then enter the code it shows.</p>
          <img class="qr" width="200" height="200" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt="QR code of your two-factor secret for the authenticator app" />
          <p>
            Secret: <code data-totp-secret>{enrolment.secret}</code>
          </p>
          <label>
            Code from the app
            <input name="code" required autocomplete="one-time-code" inputMode="numeric" pattern="[0-9 ]{6,7}" value={code} onInput={(e) => setCode(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary">
            Turn on two-factor
          </button>
        </form>
      ) : (
        <>
          <p data-two-factor="off">Two-factor is off. With it on, signing in and sensitive changes (keys, members, webhooks) ask for a code from an authenticator app.</p>
          <PasswordProof password={password} setPassword={setPassword} submit="Set up two-factor" primary onSubmit={start} />
        </>
      )}
      <Alert message={message} />
    </section>
  );
}

/** The password proved again before a two-factor change: one field and the change's button. */
function PasswordProof({ password, setPassword, submit, primary = false, onSubmit }: { password: string; setPassword: (value: string) => void; submit: string; primary?: boolean; onSubmit: () => unknown }) {
  return (
    <form
      class="key-form"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <label>
        Your password
        <input type="password" name="password" autocomplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
      </label>
      <button type="submit" class={primary ? "primary" : undefined}>
        {submit}
      </button>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <ChangeForm
      id="password-title"
      title="Password"
      submit="Change password"
      extraClass="panel"
      onSubmit={async () => {
        if (next !== repeat) return setMessage({ ok: false, text: "The new password and its repetition differ." });
        setMessage(null);
        try {
          // Quiet: a wrong current password is a 401 to say here, not a reason to sign in again.
          await api<null>("/me/password", { body: { currentPassword: current, newPassword: next }, quiet: true });
          setCurrent("");
          setNext("");
          setRepeat("");
          setMessage({ ok: true, text: "Password changed. Your other sessions have ended." });
        } catch (error) {
          setMessage({ ok: false, text: stepUpRefusal(error) });
        }
      }}
    >
      <label>
        Current password
        <input type="password" name="current-password" autocomplete="current-password" required value={current} onInput={(e) => setCurrent(e.currentTarget.value)} />
      </label>
      <label>
        New password (10 characters or more)
        <input type="password" name="new-password" autocomplete="new-password" required minLength={10} value={next} onInput={(e) => setNext(e.currentTarget.value)} />
      </label>
      <label>
        New password again
        <input type="password" name="repeat-password" autocomplete="new-password" required value={repeat} onInput={(e) => setRepeat(e.currentTarget.value)} />
      </label>
      {message && (
        <p role={message.ok ? "status" : "alert"} class={message.ok ? undefined : "error"}>
          {message.text}
        </p>
      )}
    </ChangeForm>
  );
}
