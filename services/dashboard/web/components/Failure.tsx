import type { ApiFailure } from "../api.ts";

/** A failed read, said plainly (session answers have already redirected). */
export function Failure({ error }: { error: ApiFailure }) {
  const text =
    error.code === "FEATURE_UNAVAILABLE" || error.code === "LICENCE_INACTIVE"
      ? `Not available on this plan: ${error.message}`
      : error.status === 403
        ? `You do not have access to this: ${error.message}`
        : error.message;
  return (
    <p role="alert" class="error">
      {text}
    </p>
  );
}
