/** parse-prometheus-text-format ships no types: what the health and metrics tests read of its answer. */
declare module "parse-prometheus-text-format" {
  export interface ParsedSample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface ParsedFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: ParsedSample[];
  }
  export default function parse(text: string): ParsedFamily[];
}
