import { TypeCompiler } from "@sinclair/typebox/compiler";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import type { Static, TSchema } from "@sinclair/typebox";
import { validationError } from "./errors.ts";

/** Problems named at most per refusal: a large body can break a rule in every row. */
export const MAX_DETAILS = 20;

/** One problem per place (a missing field is "is required", not also the wrong type); the root as the part itself. */
function problems(errors: Iterable<ValueError>): { path: string; message: string; schema?: { error?: unknown } }[] {
  const out: ReturnType<typeof problems> = [];
  const named = new Set<string>();
  for (const error of errors) {
    if (named.has(error.path)) continue;
    named.add(error.path);
    const required = error.type === ValueErrorType.ObjectRequiredProperty;
    out.push(required ? { path: error.path, message: "is required" } : { path: error.path || "/", message: error.message, schema: error.schema });
    if (out.length >= MAX_DETAILS) break;
  }
  return out;
}

/**
 * A value checked against the TypeBox model its route publishes in the OpenAPI document (the
 * same object): 422 VALIDATION_FAILED naming each problem (a schema's `error` text where it has
 * one), else the value as the model types it. For bodies a route reads after its own checks — a
 * webhook's site, secret and plan answer 404/401/403 first, which Elysia's `body` option would
 * answer after the 422.
 */
export function modelCheck<T extends TSchema>(model: T, part: "body" | "query" = "body"): (value: unknown) => Static<T> {
  const check = TypeCompiler.Compile(model);
  return (value) => {
    if (check.Check(value)) return value;
    throw validationError({ type: part, all: problems(check.Errors(value)) });
  };
}
