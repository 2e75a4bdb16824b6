/** A labelled select over a labels record (value → text, in the record's order). */
export function Select<V extends string>({ label, value, labels, onChange, id, class: className, extra = {} }: {
  label: string;
  value: V;
  labels: Record<V, string>;
  onChange: (value: V) => void;
  id?: string;
  class?: string;
  /** More attributes of the select (aria-invalid, aria-describedby). */
  extra?: Record<string, unknown>;
}) {
  return (
    <label class={className}>
      {label}
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as V)} {...extra}>
        {(Object.entries(labels) as [V, string][]).map(([v, text]) => (
          <option value={v}>{text}</option>
        ))}
      </select>
    </label>
  );
}
