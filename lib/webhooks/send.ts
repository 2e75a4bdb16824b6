import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { TargetAddress } from "./address-guard.ts";

/** One HTTP POST of a signed delivery (spec 6.1), to addresses the guard already checked. */

export const USER_AGENT = "Tidemark-Webhooks/1.0";

/** `sha256=` + hex HMAC-SHA256 of `timestamp.body` with the endpoint's signing secret. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export function deliveryHeaders(delivery: { id: string; body: string; secret: string; timestamp: number }): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "x-svc-timestamp": String(delivery.timestamp),
    "x-svc-signature": signature(delivery.secret, delivery.timestamp, delivery.body),
    "x-svc-delivery": delivery.id,
  };
}

export interface PostResult {
  /** The HTTP status; null when no answer came (network error, timeout). */
  status: number | null;
  /** Why it did not work: the error, or the answer's status and the start of its body. */
  error: string | null;
  retryAfter: string | null;
  /** The worker is stopping: nothing is recorded, the delivery is tried again later. */
  aborted: boolean;
}

/** How much of an error answer's body is kept in lastError. */
const ERROR_BODY_CHARS = 200;

/**
 * POSTs `body` to `url`, connecting only to `addresses` (the lookup is answered with them, so
 * the name is not resolved a second time: a DNS answer that changed in between cannot take
 * the request elsewhere). TLS still checks the certificate against the URL's host name.
 */
export function postJson(url: URL, addresses: TargetAddress[], headers: Record<string, string>, body: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<PostResult> {
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: TargetAddress[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, "aborted"> & { aborted?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ aborted: false, ...result });
    };
    const request = client.request(url, { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, lookup: pinned }, (response) => {
      const status = response.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (!ok && text.length < ERROR_BODY_CHARS) text += chunk;
      });
      response.on("end", () => {
        const snippet = text.replace(/\s+/g, " ").trim().slice(0, ERROR_BODY_CHARS);
        const retryAfter = response.headers["retry-after"];
        finish({ status, error: ok ? null : `HTTP ${status}${snippet ? `: ${snippet}` : ""}`, retryAfter: typeof retryAfter === "string" ? retryAfter : null });
      });
      response.on("error", (error) => finish({ status: null, error: `the answer broke off: ${error.message}`, retryAfter: null }));
    });
    const fail = (error: string) => {
      finish({ status: null, error, retryAfter: null });
      request.destroy();
    };
    const timer = setTimeout(() => fail(`no answer within ${options.timeoutMs} ms`), options.timeoutMs);
    const onAbort = () => {
      finish({ status: null, error: "stopped", retryAfter: null, aborted: true });
      request.destroy();
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort);
    request.on("error", (error: Error & { code?: string }) => fail(error.code ? `${error.code}: ${error.message}` : error.message));
    request.end(body);
  });
}
