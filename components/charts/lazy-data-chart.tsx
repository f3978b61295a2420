'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from 'antd';
import type { DataChartProps } from './data-chart';

/**
 * `DataChart` loaded on first render (next/dynamic, browser only: chart.js draws on a canvas), so chart.js and
 * react-chartjs-2 stay out of the shell's bundle and out of every page that shows no chart.
 */
export const LazyDataChart = dynamic<DataChartProps>(() => import('./data-chart'), {
  ssr: false,
  loading: () => <Skeleton active paragraph={{ rows: 6 }} />,
});

export type { DataChartProps };
