import type { ApiFailure } from "../api.ts";

/**
 * A 422's details by field: `at(path)` is the message for one field (shown beside it, and the
 * field marked invalid); `rest` are those no field of the form claims (shown above it).
 */
export function problemsOf(error: ApiFailure | null, prefix: string, fields: (path: string) => boolean) {
  const details = error?.status === 422 ? error.details : [];
  const strip = (path = "") => (path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path);
  const byField = new Map<string, string>();
  for (const d of details) if (fields(strip(d.path)) && !byField.has(strip(d.path))) byField.set(strip(d.path), d.message);
  return {
    at: (path: string) => byField.get(path) ?? null,
    rest: details.filter((d) => !fields(strip(d.path))),
  };
}

/**
 * A form dialog's refusal by field: the details of a 422 (or another of `statuses`) each beside the
 * field `fieldOf` names (`tags.3` → `tags`), and whether every detail found one (else the whole
 * refusal is shown above the buttons).
 */
export function problemsByField(error: ApiFailure | null, fields: readonly string[], fieldOf: (path: string) => string, statuses: readonly number[] = [422]) {
  const details = error && statuses.includes(error.status) ? error.details : [];
  const byField = new Map<string, string>();
  for (const d of details) if (fields.includes(fieldOf(d.path ?? "")) && !byField.has(fieldOf(d.path ?? ""))) byField.set(fieldOf(d.path ?? ""), d.message);
  return { at: (field: string) => byField.get(field) ?? null, claimed: details.length > 0 && details.every((d) => fields.includes(fieldOf(d.path ?? ""))) };
}

/** The field's error id, for `aria-describedby`. */
export const problemId = (field: string) => `problem-${field.replace(/\W/g, "-")}`;

/** Props that mark a control invalid and point it at its message. */
export const invalidProps = (field: string, message: string | null) =>
  message ? { "aria-invalid": true as const, "aria-describedby": problemId(field) } : {};

export function FieldProblem({ field, message }: { field: string; message: string | null }) {
  if (!message) return null;
  return (
    <span class="error field-problem" id={problemId(field)}>
      {message}
    </span>
  );
}

/** A failed call: its message and each detail (field: problem). */
export function ProblemList({ error, details }: { error: ApiFailure; details?: { path?: string; message: string }[] }) {
  const list = details ?? error.details;
  return (
    <div role="alert" class="error">
      <p>{error.message}</p>
      {list.length > 0 && (
        <ul>
          {list.map((d) => (
            <li>
              {d.path ? <code>{d.path}</code> : null} {d.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
