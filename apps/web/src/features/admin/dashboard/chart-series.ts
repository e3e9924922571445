import type { Stats } from '@inkstream/contracts';

export interface Series {
  /** Column header and legend label. */
  label: string;
  values: number[];
}

export interface ChartData {
  dates: string[];
  series: Series[];
}

/**
 * One line per provider and plan (the API's `provider:plan` keys), in a stable order, named by
 * `label` ("Sandbox · Monthly pass"); a day without payments is 0.
 */
export function revenueData(stats: Stats, label: (provider: string, plan: string) => string): ChartData {
  const keys = [...new Set(stats.days.flatMap((day) => Object.keys(day.revenue_fen_by)))].sort();
  return {
    dates: stats.days.map((day) => day.date),
    series: keys.map((key) => {
      const [provider = key, plan = ''] = key.split(':');
      return { label: label(provider, plan), values: stats.days.map((day) => day.revenue_fen_by[key] ?? 0) };
    }),
  };
}

export const membersData = (stats: Stats, label: string): ChartData => ({
  dates: stats.days.map((day) => day.date),
  series: [{ label, values: stats.days.map((day) => day.new_members) }],
});

export const readingData = (stats: Stats, labels: { starts: string; finishes: string }): ChartData => ({
  dates: stats.days.map((day) => day.date),
  series: [
    { label: labels.starts, values: stats.days.map((day) => day.chapter_starts) },
    { label: labels.finishes, values: stats.days.map((day) => day.chapter_finishes) },
  ],
});

/** The same numbers as rows: a header, then one row per day. */
export const toRows = (data: ChartData, dateLabel: string) => [
  [dateLabel, ...data.series.map((s) => s.label)],
  ...data.dates.map((date, i) => [date, ...data.series.map((s) => s.values[i] ?? 0)]),
];
