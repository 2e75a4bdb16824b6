import { useState } from "preact/hooks";
import { navigate, route, withQuery } from "../router.ts";

/** One filter of a list, kept in the URL under its name. */
export type Field =
  | { name: string; label: string; kind: "select"; options: { value: string; label: string }[] }
  | { name: string; label: string; kind: "text" | "search"; maxLength?: number }
  | { name: string; label: string; kind: "number"; min: number; max: number };

/**
 * A list's filters as a form: it starts from the URL and, when applied, writes every field back
 * to it (an empty one removed) and goes to the first page, so a filtered list is a link.
 */
export function QueryForm({ label, fields }: { label: string; fields: Field[] }) {
  const read = () => Object.fromEntries(fields.map((f) => [f.name, route.value.query.get(f.name) ?? ""]));
  const [values, setValues] = useState<Record<string, string>>(read);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const cleared = withQuery({ page: null, ...Object.fromEntries(fields.map((f) => [f.name, null])) });
  return (
    <form
      class="filters"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        navigate(withQuery({ page: null, ...Object.fromEntries(fields.map((f) => [f.name, values[f.name]?.trim() ? values[f.name]!.trim() : null])) }));
      }}
    >
      {fields.map((f) => (
        <label>
          {f.label}
          {f.kind === "select" ? (
            <select name={f.name} value={values[f.name]} onChange={(e) => set(f.name, e.currentTarget.value)}>
              {f.options.map((o) => (
                <option value={o.value}>{o.label}</option>
              ))}
            </select>
          ) : f.kind === "number" ? (
            <input name={f.name} type="number" inputMode="numeric" value={values[f.name]} min={f.min} max={f.max} onInput={(e) => set(f.name, e.currentTarget.value)} />
          ) : f.kind === "search" ? (
            <input name={f.name} type="search" value={values[f.name]} maxLength={f.maxLength ?? 200} onInput={(e) => set(f.name, e.currentTarget.value)} />
          ) : (
            <input name={f.name} type="text" value={values[f.name]} maxLength={f.maxLength ?? 200} onInput={(e) => set(f.name, e.currentTarget.value)} />
          )}
        </label>
      ))}
      <div class="actions">
        <button type="submit" class="primary">
          Apply filters
        </button>
        <a href={cleared}>Clear filters</a>
      </div>
    </form>
  );
}

/** A facet: counts per value, each a link that filters the list by it (the current one marked). */
export function Facet({ label, name, counts, show }: { label: string; name: string; counts: Record<string, number>; show: (value: string) => string }) {
  const current = route.value.query.get(name);
  return (
    <nav class="facet" aria-label={label}>
      <span class="facet-label">{label}</span>
      <ul>
        {Object.entries(counts).map(([value, n]) => (
          <li>
            <a href={withQuery({ [name]: current === value ? null : value, page: null })} aria-current={current === value ? "true" : undefined} data-facet={`${name}:${value}`}>
              {show(value)} <span class="count">{n}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
