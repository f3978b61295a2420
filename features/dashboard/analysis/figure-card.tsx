'use client';

import { memo, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Card, Segmented, Skeleton, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { LazyDataChart } from '@/components/charts/lazy-data-chart';
import { fetchBlob, saveBlob } from '@/components/data/list/use-export';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { DASHBOARD_URLS, type FigureAnswer, type FigureColumn, type FigureDef, type FigureRow } from '../../../lib/dashboard/dashboard-api';
import type { DateRange } from '../../../lib/dashboard/date-range';

export interface FigureFilterState extends DateRange {
  locationId: string;
}

/** The query of a figure's two urls: begin, end and (for a figure by venue) the venue. */
export function figureParams(def: FigureDef, f: FigureFilterState): Record<string, string> {
  return { begin: f.begin, end: f.end, ...(def.byVenue && f.locationId ? { locationId: f.locationId } : {}) };
}

const fetchFigure = ([url, params]: [string, Record<string, string>]) => http.get<FigureAnswer>(url, params).then((r) => r.result);

const formatCell = (v: unknown, col: FigureColumn) => {
  if (col.kind === 'text') return String(v ?? '');
  const n = Number(v ?? 0);
  if (col.kind === 'decimal') return n.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
  if (col.kind === 'percent') return `${n}%`;
  return n.toLocaleString('zh-CN');
};

/** Sums of the count and amount columns (a rate has no sum). */
export function columnTotals(def: FigureDef, rows: readonly FigureRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const col of def.columns) {
    if (col.kind !== 'int' && col.kind !== 'decimal') continue;
    out[col.key] = Math.round(rows.reduce((s, r) => s + (Number(r[col.key]) || 0), 0) * 100) / 100;
  }
  return out;
}

/**
 * One figure of 分析页: its chart, or its table (图表 / 表格), its totals and its export. Memoised: editing the
 * filter (not yet applied) re-renders the page, not the six figures.
 */
export const FigureCard = memo(function FigureCard({ def, filter }: { def: FigureDef; filter: FigureFilterState }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [exporting, setExporting] = useState(false);
  const params = figureParams(def, filter);
  const { data, error, isLoading } = useSWR([DASHBOARD_URLS.figure(def.key), params] as [string, Record<string, string>], fetchFigure, { revalidateOnFocus: false });
  const rows = data?.rows ?? [];
  const labels = Object.fromEntries(def.columns.map((c) => [c.key, c.title]));
  const totals = columnTotals(def, rows);

  const exportXls = async () => {
    setExporting(true);
    try {
      const blob = await fetchBlob(DASHBOARD_URLS.figureExport(def.key), params);
      if (!blob.size) {
        message.warning('文件下载失败');
        return;
      }
      saveBlob(blob, `${def.title}_${filter.begin}_${filter.end}.xlsx`);
    } catch (e) {
      showError(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      title={def.title}
      data-testid={`figure-${def.key}`}
      extra={
        <Space size={8}>
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            options={[
              { value: 'chart', label: '图表' },
              { value: 'table', label: '表格' },
            ]}
            data-testid={`figure-view-${def.key}`}
          />
          <Button size="small" icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXls()} data-testid={`figure-export-${def.key}`}>
            导出
          </Button>
        </Space>
      }
    >
      {error ? (
        <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} />
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : view === 'chart' ? (
        rows.length ? (
          <LazyDataChart type={def.chart} rows={rows} x={def.x} y={def.y} labels={labels} height={280} testId={`figure-chart-${def.key}`} />
        ) : (
          <Typography.Text type="secondary">区间内没有数据</Typography.Text>
        )
      ) : (
        <Table<FigureRow>
          size="small"
          bordered
          pagination={false}
          scroll={{ y: 280 }}
          rowKey={(r) => String(r[def.x])}
          dataSource={rows}
          columns={def.columns.map((c) => ({ key: c.key, dataIndex: c.key, title: c.title, align: c.kind === 'text' ? 'left' : 'right', render: (v: unknown) => formatCell(v, c) }))}
          locale={{ emptyText: '区间内没有数据' }}
          data-testid={`figure-table-${def.key}`}
        />
      )}
      <div style={{ marginTop: 8 }}>
        {data && Object.keys(totals).length > 0 && (
          <Space size={16} wrap>
            <Typography.Text type="secondary">合计</Typography.Text>
            {def.columns
              .filter((c) => c.key in totals)
              .map((c) => (
                <span key={c.key}>
                  {c.title}：<Typography.Text strong data-testid={`figure-total-${def.key}-${c.key}`}>{formatCell(totals[c.key], c)}</Typography.Text>
                </span>
              ))}
          </Space>
        )}
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
          {def.hint}
        </Typography.Paragraph>
      </div>
    </Card>
  );
});
