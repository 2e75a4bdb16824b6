import { signal } from "@preact/signals";
import { navigate, route } from "./router.ts";

/**
 * Every call the app makes: the public /api/v1 routes, authenticated by the session cookie
 * (`credentials: "same-origin"`; no key ever reaches the browser). State-changing calls send
 * JSON; the browser adds the Origin header the server checks.
 */

export interface ErrorBody {
  error: { code: string; message: string; details: { path?: string; message: string }[]; requestId: string };
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path?: string; message: string }[] = [],
    /** Seconds, from Retry-After (423, 429). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Leave 401/403 session answers to the caller (the sign-in pages) instead of redirecting. */
  quiet?: boolean;
}

/** The last session answer was SESSION_EXPIRED: the sign-in page says why it is shown. */
export const sessionEnded = signal(false);

const here = () => route.value.path + (route.value.query.toString() ? `?${route.value.query}` : "");

/** Sends the user where a session answer says: sign in, pass the second factor, verify the e-mail. */
function redirectFor(failure: ApiFailure): void {
  const next = encodeURIComponent(here());
  if (failure.code === "SESSION_EXPIRED") sessionEnded.value = true;
  if (failure.code === "TWO_FACTOR_REQUIRED") navigate(`/sign-in/second-factor?next=${next}`);
  else if (failure.status === 401) navigate(`/sign-in?next=${next}`);
  else if (failure.code === "EMAIL_NOT_VERIFIED") navigate("/check-email");
}

async function call(path: string, options: CallOptions, accept: string): Promise<Response> {
  const { method = options.body === undefined ? "GET" : "POST", body, quiet = false } = options;
  const response = await fetch(`/api/v1${path}`, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? { accept } : { accept, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.ok) return response;
  const error = ((await response.json().catch(() => null)) as ErrorBody | null)?.error;
  const retry = response.headers.get("retry-after");
  const failure = new ApiFailure(response.status, error?.code ?? "INTERNAL", error?.message ?? `HTTP ${response.status}`, error?.details ?? [], retry ? Number(retry) : null);
  if (!quiet) redirectFor(failure);
  throw failure;
}

export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const response = await call(path, options, "application/json");
  return (response.status === 204 ? null : await response.json().catch(() => null)) as T;
}

/** A file the API answers (a CSV export; a person's data, by POST): its bytes and the name from Content-Disposition. */
export async function apiFile(path: string, accept: string, options: CallOptions = {}): Promise<{ blob: Blob; filename: string }> {
  const response = await call(path, options, accept);
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
  return { blob: await response.blob(), filename };
}

/** Hands a file to the browser's downloads (a link with `download`, which the router leaves alone). */
export function saveFile({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
