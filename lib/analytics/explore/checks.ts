import { ApiError, type ErrorDetail } from "../../errors.ts";
import { DIMENSIONS, FILTER_OPS, type Dimension, type Filter, type FilterOp } from "../engine.ts";
import { METRICS, type Metric } from "../metrics.ts";
import type { ExploreFilterInput } from "./model.ts";

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

  /** The kind's own object of the request; 422 at once without it. */
  required<T>(value: T | undefined, kind: string): T {
    if (value === undefined) {
      this.add(kind, `required for kind ${kind}`);
      this.check();
    }
    return value!;
  }

  metrics(values: string[], at: string): Metric[] {
    if (values.length === 0) this.add(at, "name at least one metric");
    values.forEach((m, i) => {
      if (!(METRICS as readonly string[]).includes(m)) this.add(`${at}.${i}`, `unknown metric; one of ${METRICS.join(", ")}`);
    });
    return values as Metric[];
  }

  filters(values: ExploreFilterInput[] | undefined, at: string): Filter[] {
    (values ?? []).forEach((f, i) => {
      if (!(DIMENSIONS as readonly string[]).includes(f.dim)) this.add(`${at}.${i}.dim`, `unknown dimension; one of ${DIMENSIONS.join(", ")}`);
      if (!(FILTER_OPS as readonly string[]).includes(f.op)) this.add(`${at}.${i}.op`, `unknown operator; one of ${FILTER_OPS.join(", ")}`);
      else if (f.op === "in" ? !Array.isArray(f.value) || f.value.length === 0 : typeof f.value !== "string") {
        this.add(`${at}.${i}.value`, f.op === "in" ? "must be a non-empty list of strings" : "must be a string");
      }
    });
    return (values ?? []).map((f) => ({ dim: f.dim as Dimension, op: f.op as FilterOp, value: f.value }));
  }

  /** A whole number in [min, max], or the fallback when absent. */
  integer(value: number | undefined, at: string, min: number, max: number, fallback: number): number {
    const n = value ?? fallback;
    if (!Number.isInteger(n) || n < min || n > max) this.add(at, `must be a whole number from ${min} to ${max}`);
    return n;
  }
}
