import { ApiError, type ErrorDetail } from "../../errors.ts";
import { DIMENSIONS, FILTER_OPS, type Dimension, type Filter, type FilterOp } from "../engine.ts";
import { METRICS, type Metric } from "../metrics.ts";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Checks shared by the explore kinds: every problem is collected with the path of its item. */
export class Problems {
  readonly details: ErrorDetail[] = [];

  add(path: string, message: string): void {
    this.details.push({ path, message });
  }

  /** Throws 422 VALIDATION_FAILED when any problem was found. */
  check(): void {
    if (this.details.length > 0) throw new ApiError("VALIDATION_FAILED", "Invalid explore request", this.details);
  }

  /** The kind's own object of the request; 422 at once without it, or when it is not an object. */
  required<T>(value: T | undefined, kind: string): T {
    if (value === undefined) this.add(kind, `required for kind ${kind}`);
    else if (!isObject(value)) this.add(kind, "must be an object");
    this.check();
    return value!;
  }

  /**
   * A list's items, or none when the value is not an array (then reported as such): the shape is
   * checked before any item is, so a string is never walked as if it were a list.
   */
  list(value: unknown, at: string): unknown[] {
    if (Array.isArray(value)) return value;
    this.add(at, "must be an array");
    return [];
  }

  metrics(values: unknown, at: string): Metric[] {
    if (!Array.isArray(values)) return this.list(values, at) as Metric[];
    if (values.length === 0) this.add(at, "name at least one metric");
    values.forEach((m, i) => {
      if (!(METRICS as readonly unknown[]).includes(m)) this.add(`${at}.${i}`, `unknown metric; one of ${METRICS.join(", ")}`);
    });
    return values as Metric[];
  }

  filters(values: unknown, at: string): Filter[] {
    const list = values === undefined ? [] : this.list(values, at);
    const filters: Filter[] = [];
    list.forEach((f, i) => {
      if (!isObject(f)) return this.add(`${at}.${i}`, "must be an object");
      filters.push({ dim: f.dim as Dimension, op: f.op as FilterOp, value: f.value as Filter["value"] });
      if (!(DIMENSIONS as readonly unknown[]).includes(f.dim)) this.add(`${at}.${i}.dim`, `unknown dimension; one of ${DIMENSIONS.join(", ")}`);
      if (!(FILTER_OPS as readonly unknown[]).includes(f.op)) this.add(`${at}.${i}.op`, `unknown operator; one of ${FILTER_OPS.join(", ")}`);
      else if (f.op === "in" ? !Array.isArray(f.value) || f.value.length === 0 || !f.value.every((v) => typeof v === "string") : typeof f.value !== "string") {
        this.add(`${at}.${i}.value`, f.op === "in" ? "must be a non-empty list of strings" : "must be a string");
      }
    });
    return filters;
  }

  /** A whole number in [min, max], or the fallback when absent. */
  integer(value: number | undefined, at: string, min: number, max: number, fallback: number): number {
    const n = value ?? fallback;
    if (!Number.isInteger(n) || n < min || n > max) this.add(at, `must be a whole number from ${min} to ${max}`);
    return n;
  }
}
