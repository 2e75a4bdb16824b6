/** Numbers as the findings' sentences show them (en-US grouping, as the dashboard). */
export const count = (n: number): string => Math.round(n).toLocaleString("en-US");
export const percent = (fraction: number): string => `${(fraction * 100).toFixed(1)} %`;
export const ms = (n: number): string => `${count(n)} ms`;
export const list = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
export const plural = (n: number, one: string, many = `${one}s`): string => `${count(n)} ${n === 1 ? one : many}`;
/** A channel key (`paid_search`) as a sentence names it (no label table exists for channels). */
export const channelName = (key: string): string => key.replaceAll("_", " ");
