import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { ERROR_STATUS } from "../../lib/errors.ts";

/** JSON Schema as the served document writes it (2020-12 plus OpenAPI keywords). */
export type Schema = Record<string, any>;

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
  example?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  op: Record<string, any>;
  parameters: Parameter[];
  /** The JSON request body schema, when the operation takes one. */
  body: Schema | null;
  bodyRequired: boolean;
}

export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } } & Record<string, any>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export async function fetchDocument(url: string): Promise<OpenApiDocument> {
  const res = await fetch(`${url}/api/v1/openapi.json`);
  if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`);
  return res.json();
}

/** Every operation in document order, with path-level and operation-level parameters merged. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const byKey = new Map<string, Parameter>();
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p) as Parameter)) byKey.set(`${p.in}:${p.name}`, p);
      const content = deref(doc, op.requestBody)?.content;
      out.push({ method: method.toUpperCase(), path, op, parameters: [...byKey.values()], body: content?.["application/json"]?.schema ?? null, bodyRequired: !!op.requestBody?.required });
    }
  }
  return out;
}

/** Follows a local `$ref` (`#/components/...`) to its target; other values come back unchanged. */
export function deref<T>(doc: OpenApiDocument, value: T): T {
  let current: any = value;
  for (let hops = 0; current && typeof current === "object" && typeof current.$ref === "string" && current.$ref.startsWith("#/"); hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${current.$ref}`);
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((node: any, key: string) => node?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], doc);
  }
  return current;
}

const DOCUMENT_ID = "tidemark:openapi";

/** Rewrites `#/…` refs so that they point into the registered document wherever a schema is compiled. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `${DOCUMENT_ID}${v}` : anchored(v)]));
}

/**
 * An independent JSON Schema 2020-12 validator (Ajv, not the TypeBox that produced the document)
 * with the document's components registered, so `#/components/schemas/…` refs resolve.
 */
export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<Schema, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    // strict off: OpenAPI adds keywords (example, discriminator, xml) that 2020-12 does not know.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: anchored(doc.components ?? {}) });
  }

  private compile(schema: Schema): ValidateFunction {
    let fn = this.compiled.get(schema);
    if (!fn) {
      fn = this.ajv.compile(anchored(schema) as Schema);
      this.compiled.set(schema, fn);
    }
    return fn;
  }

  /** null when the value fits, else Ajv's messages (path: message). */
  errors(schema: Schema, value: unknown): string[] | null {
    const fn = this.compile(schema);
    if (fn(value)) return null;
    return (fn.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
  }

  fits(schema: Schema, value: unknown): boolean {
    return this.errors(schema, value) === null;
  }
}

/**
 * A query or path value as the schema sees it: the wire carries text, so text that reads as a
 * JSON number or boolean is checked as one when the text itself does not fit.
 */
export function fitsAsParameter(validator: SchemaValidator, schema: Schema, text: string): boolean {
  if (validator.fits(schema, text)) return true;
  const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
  if (Number.isFinite(number) && validator.fits(schema, number)) return true;
  return (text === "true" || text === "false") && validator.fits(schema, text === "true");
}

/** What is wrong with an error answer against spec Part 7 (empty when it is the envelope). */
export function envelopeProblems(status: number, headers: Headers, text: string): string[] {
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return [`body is not JSON: ${text.slice(0, 120)}`];
  }
  const problems: string[] = [];
  const e = body?.error;
  if (!e || typeof e !== "object" || Object.keys(body).length !== 1) return [`not { error: … }: ${text.slice(0, 200)}`];
  if (typeof e.code !== "string" || ERROR_STATUS[e.code as keyof typeof ERROR_STATUS] !== status) problems.push(`code ${JSON.stringify(e.code)} does not belong to status ${status}`);
  if (typeof e.message !== "string" || e.message === "") problems.push("message is not a non-empty string");
  if (!Array.isArray(e.details)) problems.push("details is not an array");
  else if (e.details.some((d: any) => !d || typeof d !== "object" || typeof d.message !== "string")) problems.push(`a detail lacks its message: ${JSON.stringify(e.details).slice(0, 200)}`);
  if (typeof e.requestId !== "string" || e.requestId === "" || e.requestId !== headers.get("x-request-id")) problems.push(`requestId ${JSON.stringify(e.requestId)} is not the x-request-id header ${headers.get("x-request-id")}`);
  if (!(headers.get("content-type") ?? "").includes("application/json")) problems.push(`content-type ${headers.get("content-type")}`);
  return problems;
}
