import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export interface Column<Row> {
  label: string;
  value: (row: Row) => ComponentChildren;
  numeric?: boolean;
  /** Makes the cell a link (a filter or a drill-down). */
  href?: (row: Row) => string | null;
  /** Names the link for assistive technology when the visible text is short. */
  linkLabel?: (row: Row) => string;
}

interface Props<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  empty?: string;
}

/** A report's rows: a captioned table, numbers right-aligned, optional links in the first column. */
export function Table<Row>({ caption, columns, rows, empty = "No data for this range." }: Props<Row>) {
  // A table wider than its box scrolls; keyboard users then need to be able to focus it to scroll.
  // Set on the element itself, not through state: a re-render per table (each a long task on a
  // slow phone, where most tables scroll) only to flip three attributes is not worth it.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const check = () => {
      if (element.scrollWidth > element.clientWidth) {
        element.tabIndex = 0;
        element.setAttribute("role", "region");
        element.setAttribute("aria-label", caption);
      } else {
        element.removeAttribute("tabindex");
        element.removeAttribute("role");
        element.removeAttribute("aria-label");
      }
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [rows, columns.length, caption]);
  return (
    <div class="table-wrap" ref={box}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" class={c.numeric ? "num" : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} class="empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr>
                {columns.map((c) => {
                  const href = c.href?.(row);
                  const content = href ? (
                    <a href={href} aria-label={c.linkLabel?.(row)}>
                      {c.value(row)}
                    </a>
                  ) : (
                    c.value(row)
                  );
                  return <td class={c.numeric ? "num" : undefined}>{content}</td>;
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
