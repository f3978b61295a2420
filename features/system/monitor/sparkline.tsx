'use client';

import { theme } from 'antd';

export interface SparklineProps {
  /** Oldest first; fewer than two values draw nothing but the frame. */
  values: number[];
  width?: number;
  height?: number;
  /** Fixed vertical range (e.g. 0–100 for percentages); default: the values' own min and max. */
  min?: number;
  max?: number;
  color?: string;
  /** Accessible name, e.g. "堆内存使用 最近 30 次". */
  label: string;
}

/**
 * A small inline SVG line of the last samples (no chart library yet: the dashboards issue picks one). The
 * line is scaled to the box; a flat series is drawn in the middle.
 */
export function Sparkline({ values, width = 160, height = 36, min, max, color, label }: SparklineProps) {
  const { token } = theme.useToken();
  const stroke = color ?? token.colorPrimary;
  const lo = min ?? Math.min(...values);
  const hi = max ?? Math.max(...values);
  const span = hi - lo;
  const pad = 2;
  const points = values.map((v, i) => {
    const x = values.length > 1 ? pad + (i / (values.length - 1)) * (width - 2 * pad) : width / 2;
    const y = span > 0 ? pad + (1 - (Math.min(hi, Math.max(lo, v)) - lo) / span) * (height - 2 * pad) : height / 2;
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  return (
    <svg role="img" aria-label={label} data-testid="sparkline" data-points={values.length} width={width} height={height} viewBox={`0 0 ${width} ${height}`} style={{ display: 'block' }}>
      <rect x={0.5} y={0.5} width={width - 1} height={height - 1} fill={token.colorFillQuaternary} stroke={token.colorBorderSecondary} rx={3} />
      {points.length > 1 && <polyline points={points.join(' ')} fill="none" stroke={stroke} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />}
      {points.length > 0 && <circle cx={points.at(-1)!.split(',')[0]} cy={points.at(-1)!.split(',')[1]} r={2} fill={stroke} />}
    </svg>
  );
}
