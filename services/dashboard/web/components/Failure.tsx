import type { ComponentChildren } from "preact";
import type { ApiFailure } from "../api.ts";
import type { Loaded } from "../load.ts";

/** A failed read, said plainly (session answers have already redirected). */
export function Failure({ error }: { error: ApiFailure }) {
  const text =
    error.code === "FEATURE_UNAVAILABLE" || error.code === "LICENCE_INACTIVE"
      ? `Not available on this plan: ${error.message}`
      : error.status === 403
        ? `You do not have access to this: ${error.message}`
        : error.message;
  return <Alert message={text} />;
}

/** A refusal or a problem to read at once (announced by screen readers); nothing when there is none. */
export function Alert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" class="error">
      {message}
    </p>
  );
}

/** What a load answered: its failure, "Loading…", or `children` with the data. */
export function Await<T>({ state, children }: { state: Loaded<T>; children: (data: T) => ComponentChildren }) {
  if (state.error) return <Failure error={state.error} />;
  if (state.data === null) return <p aria-busy="true">Loading…</p>;
  return <>{children(state.data)}</>;
}
