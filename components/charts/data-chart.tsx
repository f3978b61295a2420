'use client';

import { useMemo } from 'react';
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Bar, Line, Pie } from 'react-chartjs-2';

/*
 * The one chart wrapper (issue #26): rows in, a bar, line or pie chart out. chart.js is tree-shaken: only the
 * elements, scales and plugins these three types use are registered (react-chartjs-2's typed components register
 * their own controllers). Import it through `LazyDataChart` (./lazy-data-chart.tsx) so chart.js is loaded only by
 * the pages that draw a chart, never by the shell.
 */
ChartJS.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, ArcElement, Tooltip, Legend);

/** antd's categorical palette (the charts sit beside antd components). */
export const CHART_COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'];

export type ChartRow = Record<string, unknown>;

export interface DataChartProps {
  type: 'bar' | 'line' | 'pie';
  rows: readonly ChartRow[];
  /** The category column (x axis, or the pie's slices). */
  x: string;
  /** The value columns, one series each; a pie draws the first. */
  y: readonly string[];
  /** Legend names of the value columns (default: the column key). */
  labels?: Readonly<Record<string, string>>;
  /** Height in px (default 300); the width follows the container. */
  height?: number;
  testId?: string;
}

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** Chart.js data for the rows: pure, so a screen's test can check it without a canvas. */
export function chartData({ type, rows, x, y, labels }: Pick<DataChartProps, 'type' | 'rows' | 'x' | 'y' | 'labels'>) {
  const categories = rows.map((r) => String(r[x] ?? ''));
  if (type === 'pie') {
    const key = y[0];
    return {
      labels: categories,
      datasets: key ? [{ label: labels?.[key] ?? key, data: rows.map((r) => num(r[key])), backgroundColor: categories.map((_, i) => CHART_COLORS[i % CHART_COLORS.length]) }] : [],
    };
  }
  return {
    labels: categories,
    datasets: y.map((key, i) => ({
      label: labels?.[key] ?? key,
      data: rows.map((r) => num(r[key])),
      backgroundColor: CHART_COLORS[i % CHART_COLORS.length],
      borderColor: CHART_COLORS[i % CHART_COLORS.length],
      tension: 0.25,
    })),
  };
}

export default function DataChart({ type, rows, x, y, labels, height = 300, testId }: DataChartProps) {
  const data = useMemo(() => chartData({ type, rows, x, y, labels }), [type, rows, x, y, labels]);
  const options = useMemo(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false as const,
      plugins: { legend: { position: 'bottom' as const } },
      ...(type === 'pie' ? {} : { scales: { y: { beginAtZero: true } } }),
    }),
    [type],
  );
  return (
    <div style={{ position: 'relative', height }} data-testid={testId} data-chart-type={type}>
      {type === 'bar' && <Bar data={data} options={options} />}
      {type === 'line' && <Line data={data} options={options} />}
      {type === 'pie' && <Pie data={data} options={options} />}
    </div>
  );
}
