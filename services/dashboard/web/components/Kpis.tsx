/** Totals as KPI tiles: `[key, label, value]` (the key in `data-kpi`, for tests and styles). */
export function Kpis({ label, items }: { label: string; items: [key: string, label: string, value: string][] }) {
  return (
    <ul class="kpis" aria-label={label}>
      {items.map(([key, name, value]) => (
        <li class="kpi" data-kpi={key}>
          <span class="kpi-label">{name}</span>
          <span class="kpi-value">{value}</span>
        </li>
      ))}
    </ul>
  );
}
