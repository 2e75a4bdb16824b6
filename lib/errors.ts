/** The spec's error codes (Part 7) with their HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TWO_FACTOR_REQUIRED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  STEP_UP_REQUIRED: 403,
  FEATURE_UNAVAILABLE: 403,
  LICENCE_INACTIVE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DOMAIN_ALREADY_CLAIMED: 409,
  VALIDATION_FAILED: 422,
  LIMIT_EXCEEDED: 422,
  ACCOUNT_LOCKED: 423,
  RATE_LIMITED: 429,
  UPSTREAM_UNAVAILABLE: 503,
  BYO_DB_UNREACHABLE: 503,
  MAINTENANCE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path?: string;
  message: string;
  [key: string]: unknown;
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details: ErrorDetail[]; requestId: string };
}

/** An error that knows how it is answered. Thrown anywhere; mapped to the envelope at the edge. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = [], headers: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
    this.headers = headers;
  }
}

export const notFound = (what = "Resource") => new ApiError("NOT_FOUND", `${what} not found`);
export const invalid = (path: string, message: string) =>
  new ApiError("VALIDATION_FAILED", `${path}: ${message}`, [{ path, message }]);

export function envelope(code: ErrorCode, message: string, details: ErrorDetail[], requestId: string): ErrorEnvelope {
  return { error: { code, message, details, requestId } };
}
