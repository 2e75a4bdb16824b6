import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS custom property holding the line colour, so the chart follows the theme. */
  colorVar: string;
}

interface Props {
  title: string;
  /** YYYY-MM-DD days (or ISO times), one per value. */
  dates: string[];
  series: ChartSeries[];
}

const seconds = (date: string) => Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) / 1000;

/** A uPlot line chart sized to its box; the figure is labelled, the numbers are also in a table. */
export function Chart({ title, dates, series }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: style.getPropertyValue(s.colorVar).trim() || "#2563eb", width: 2 }))],
        axes: [
          { stroke: style.color, grid: { stroke: "rgba(128,128,128,.15)" } },
          { stroke: style.color, grid: { stroke: "rgba(128,128,128,.15)" } },
        ],
      },
      [dates.map(seconds), ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [dates.join(), series.map((s) => s.values.join()).join("|")]);
  return <figure class="chart" aria-label={title} ref={box} />;
}
