import { ApiError, type ErrorCode, type ErrorDetail } from "../errors.ts";

/** An error as it crosses between threads: structured cloning keeps no class, so it is rebuilt. */
export interface ThreadError {
  message: string;
  name?: string;
  code?: string;
  /** An ApiError's answer (its code is then the error code). */
  details?: ErrorDetail[];
  headers?: Record<string, string>;
}

export function toThreadError(error: unknown): ThreadError {
  if (error instanceof ApiError) return { message: error.message, name: error.name, code: error.code, details: error.details, headers: error.headers };
  const e = error as { message?: string; code?: string; name?: string } | null;
  return { message: e?.message ?? String(error), code: typeof e?.code === "string" ? e.code : undefined, name: e?.name };
}

/** An error from another thread, rebuilt so the usual answers apply (ApiError, storage-failure codes). */
export class ThreadFailure extends Error {
  constructor(info: ThreadError) {
    super(info.message);
    this.name = info.name ?? "ThreadFailure";
    if (info.code) (this as { code?: string }).code = info.code;
  }
}

export function fromThreadError(info: ThreadError): Error {
  if (info.name === "ApiError" && info.code) return new ApiError(info.code as ErrorCode, info.message, info.details ?? [], info.headers ?? {});
  return new ThreadFailure(info);
}
