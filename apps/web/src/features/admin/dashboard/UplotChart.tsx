import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from './chart-series';
import styles from './dashboard.module.css';

/** Colours with enough contrast on light and dark surfaces, told apart by dash patterns too. */
const COLOURS = ['#1f6feb', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490'];
const DASHES = [[], [6, 4], [2, 3], [10, 3, 2, 3], [4, 4], [1, 2]];
const HEIGHT = 240;

/**
 * A uPlot line chart that follows its container's width (ResizeObserver). It is decoration for
 * sighted readers: the figure around it carries the caption, and the same numbers as a table.
 */
let measure: CanvasRenderingContext2D | null | undefined;

/** Width of the value axis: its widest label in uPlot's axis font (12 px), plus the ticks' gap. */
function axisSize(_plot: uPlot, values: string[] | null): number {
  if (!values || values.length === 0) return 50;
  measure ??= document.createElement('canvas').getContext('2d');
  if (!measure) return 70;
  measure.font = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
  const widest = Math.max(...values.map((value) => measure!.measureText(value).width));
  return Math.max(50, Math.ceil(widest) + 24);
}

export function UplotChart({ data, format }: { data: ChartData; format: (value: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = data.dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        // A live legend shows "--" for every value until the pointer is on the chart; the table below has the numbers.
        legend: { live: false },
        // The value axis is as wide as its longest label: a price in words ("20 يوان صيني") is wider
        // than a fixed 70 px, which cut its digits off.
        axes: [{}, { values: (_u, values) => values.map((v) => format(v)), size: axisSize }],
        series: [
          {},
          ...data.series.map((s, i) => ({
            label: s.label,
            stroke: COLOURS[i % COLOURS.length],
            dash: DASHES[i % DASHES.length],
            width: 2,
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)),
          })),
        ],
      },
      [xs, ...data.series.map((s) => s.values)],
      element,
    );
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0) plot.setSize({ width, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [data, format]);
  // The chart is drawn on a canvas; assistive technology reads the table instead.
  return <div ref={box} className={styles.chart} aria-hidden="true" />;
}
