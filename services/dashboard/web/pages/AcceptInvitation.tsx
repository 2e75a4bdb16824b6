import { useState } from "preact/hooks";
import { api } from "../api.ts";
import { route } from "../router.ts";
import { stepUpRefusal } from "../components/StepUp.tsx";
import { Card } from "./SignIn.tsx";
import { Alert } from "../components/Failure.tsx";

/** `/accept-invitation?token=…`: the invitation mail's link; the new member sets a password (no session needed). */
export function AcceptInvitation() {
  const token = route.value.query.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (done) {
    return (
      <Card title="Welcome to Tidemark">
        <p role="status">
          Your password is set. <a href={`/sign-in`}>Sign in</a> as {done}.
        </p>
      </Card>
    );
  }
  return (
    <Card title="Set your password">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (password !== repeat) return setMessage("The two passwords differ.");
          setMessage(null);
          try {
            setDone((await api<{ email: string }>("/invitations/accept", { body: { token, password }, quiet: true })).email);
          } catch (error) {
            setMessage(stepUpRefusal(error));
          }
        }}
      >
        <p>You were invited to an organisation. Choose a password of 10 characters or more.</p>
        <label>
          Password
          <input type="password" name="password" autocomplete="new-password" required minLength={10} value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        <label>
          Password again
          <input type="password" name="repeat" autocomplete="new-password" required value={repeat} onInput={(e) => setRepeat(e.currentTarget.value)} />
        </label>
        <Alert message={message} />
        <button type="submit" class="primary">
          Set password
        </button>
      </form>
    </Card>
  );
}
