import { ApiError, envelope, ERROR_STATUS, type ErrorCode, type ErrorDetail } from "../errors.ts";
import { isDatabaseError, isStorageFailure } from "../db/sqlite.ts";

/** Builds the spec's error response (Part 7). */
export function errorResponse(code: ErrorCode, message: string, details: ErrorDetail[], requestId: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(envelope(code, message, details, requestId)), {
    status: ERROR_STATUS[code],
    headers: { "content-type": "application/json; charset=utf-8", "x-request-id": requestId, ...headers },
  });
}

interface ValueErrorLike {
  path?: string;
  message?: string;
  summary?: string;
  schema?: { error?: unknown; title?: string };
}

/** `/def/steps/0/value` → `def.steps.0.value`; the root becomes the part name (body, query). */
function fieldPath(path: string | undefined, part: string): string {
  const p = (path ?? "").replace(/^\//, "").replace(/\//g, ".").replace(/~1/g, "/").replace(/~0/g, "~");
  return p || part;
}

/** Turns Elysia's ValidationError into `details[{path,message}]`, the same in every NODE_ENV. */
export function validationDetails(error: { type?: string; all?: ValueErrorLike[]; valueError?: ValueErrorLike }): ErrorDetail[] {
  const part = error.type === "property" ? "query" : (error.type ?? "body");
  let all: ValueErrorLike[] = [];
  try {
    all = error.all ?? [];
  } catch {
    all = [];
  }
  if (all.length === 0 && error.valueError) all = [error.valueError];
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const e of all) {
    // Coerced query values fail without a path; QueryModel put the property name in the title.
    // A body's root (`123` where an object belongs) is the body itself.
    const path = e.path ? fieldPath(e.path, part) : part === "query" ? (e.schema?.title ?? part) : part;
    const message = (typeof e.schema?.error === "string" ? e.schema.error : e.summary || e.message) ?? "is invalid";
    const key = `${path}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push({ path, message });
  }
  return details.length ? details : [{ path: part, message: "is invalid" }];
}

/** A failed schema check as the VALIDATION_FAILED error, its message listing the details. */
export function validationError(error: Parameters<typeof validationDetails>[0]): ApiError {
  const details = validationDetails(error);
  return new ApiError("VALIDATION_FAILED", details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
}

export interface MapErrorOptions {
  requestId: string;
  /** The org uses its own database: every database failure is then BYO_DB_UNREACHABLE. */
  byo?: boolean;
  log?: (line: Record<string, unknown>) => void;
}

/** Maps anything thrown in a request to the envelope; never leaks a stack or Elysia's own shape. */
export function mapError(code: string | number, error: unknown, options: MapErrorOptions): Response {
  const { requestId } = options;
  // Elysia wraps whatever a parse hook throws; our parser's own error says what was wrong.
  if (code === "PARSE" && error instanceof Error && error.cause instanceof ApiError) error = error.cause;
  if (error instanceof ApiError) return errorResponse(error.code, error.message, error.details, requestId, error.headers);
  switch (code) {
    case "VALIDATION": {
      // A path id that cannot name anything is an unknown id (spec 7): 404, never 422. Elysia checks
      // the path before the query and the body, so it is said before any input is judged.
      if ((error as { type?: string }).type === "params") return errorResponse("NOT_FOUND", "Not found", validationDetails(error as never), requestId);
      const invalid = validationError(error as never);
      return errorResponse(invalid.code, invalid.message, invalid.details, requestId);
    }
    case "NOT_FOUND":
      return errorResponse("NOT_FOUND", "No such route", [], requestId);
    case "PARSE":
      return errorResponse("BAD_REQUEST", "The request body is not valid JSON", [{ path: "body", message: "malformed JSON" }], requestId);
    case "INVALID_COOKIE_SIGNATURE":
      return errorResponse("BAD_REQUEST", "Invalid cookie", [], requestId);
  }
  if (options.byo && isDatabaseError(error)) {
    const reason = error instanceof Error ? error.message : String(error);
    return errorResponse("BYO_DB_UNREACHABLE", "The organization's own database cannot be reached", [{ path: "database", message: reason.slice(0, 300) }], requestId);
  }
  if (isStorageFailure(error)) {
    options.log?.({ level: "error", requestId, msg: "storage unavailable", error: String(error) });
    return errorResponse("UPSTREAM_UNAVAILABLE", "The data store is temporarily unavailable", [], requestId, { "retry-after": "5" });
  }
  const status = typeof code === "number" ? code : 500;
  if (status === 413) return errorResponse("BAD_REQUEST", "Request body larger than 256 KB", [{ path: "body", message: "larger than 256 KB" }], requestId);
  options.log?.({ level: "error", requestId, msg: "unhandled error", error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  return errorResponse("INTERNAL", "Unexpected error", [], requestId);
}
