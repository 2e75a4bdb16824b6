import { ApiError } from "../errors.ts";

export const MAX_BODY_BYTES = 256 * 1024;
const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Echoes a well-formed incoming x-request-id, else makes a new one. */
export function requestIdFrom(header: string | null): string {
  return header && REQUEST_ID_RE.test(header) ? header : crypto.randomUUID();
}

/** Bodies the router already read, handed to an in-process service with the request object. */
const readBodies = new WeakMap<Request, Uint8Array>();

export function attachBody(request: Request, body: Uint8Array): void {
  readBodies.set(request, body);
}

export function attachedBody(request: Request): Uint8Array | undefined {
  return readBodies.get(request);
}

/** Headers as name/value pairs, to cross a thread as plain data (Bun's Headers type lacks its iterator). */
export const headerPairs = (headers: Headers): [string, string][] => Array.from(headers as unknown as Iterable<[string, string]>);

const tooLarge = () => new ApiError("BAD_REQUEST", "Request body larger than 256 KB", [{ path: "body", message: "larger than 256 KB" }]);

/**
 * Reads a request body, refusing more than 256 KB whether or not Content-Length was sent
 * (chunked bodies are counted as they arrive and abandoned past the limit).
 */
export async function readBodyLimited(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const attached = readBodies.get(request);
  if (attached) return attached;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  // A declared length within the limit: read it whole (much cheaper than a stream reader).
  if (declared !== null) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) throw tooLarge();
    return bytes;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** Parses a JSON body under the limit; malformed JSON is 400 BAD_REQUEST. */
export async function readJsonBody(request: Request): Promise<unknown> {
  return parseJsonBody(await readBodyLimited(request));
}

const utf8 = new TextDecoder();

/** A body's bytes as text (UTF-8). */
export const bodyText = (bytes: Uint8Array): string => utf8.decode(bytes);

/** A body's bytes as JSON (undefined when empty); malformed JSON is 400 BAD_REQUEST. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  return parseJsonText(bodyText(bytes));
}

/** Bodies nest at most this deep: every checker and error message after the parser may then recurse. */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b, OPEN_BRACKET = 0x5b, CLOSE_BRACE = 0x7d, CLOSE_BRACKET = 0x5d, QUOTE = 0x22, BACKSLASH = 0x5c;

/**
 * How deep the arrays and objects of a JSON text nest, counted in one pass without recursion
 * (brackets inside strings do not count); stops as soon as `limit` is passed.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

/** parseJsonBody for a body already read as text; nesting deeper than MAX_JSON_DEPTH is 400 BAD_REQUEST. */
export function parseJsonText(text: string): unknown {
  if (!/\S/.test(text)) return undefined;
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new ApiError("BAD_REQUEST", `The request body nests deeper than ${MAX_JSON_DEPTH} levels`, [{ path: "body", message: `nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels` }]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError("BAD_REQUEST", "The request body is not valid JSON", [{ path: "body", message: error instanceof Error ? error.message : "malformed JSON" }]);
  }
}
