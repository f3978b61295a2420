'use client';

import { useState } from 'react';
import Link from 'next/link';
import { Alert, Button, Col, Row, Segmented, Space } from 'antd';
import { DateField } from '@/components/inputs/date-pickers';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { LocationPicker } from '@/components/pickers/location-picker';
import { useAuth } from '@/components/shell/shell-context';
import { PERMS } from '@/lib/permissions/codes';
import { DASHBOARD_LINKS, FIGURES } from '../../../lib/dashboard/dashboard-api';
import { defaultRange, rangeProblem } from '../../../lib/dashboard/date-range';
import { FigureCard, type FigureFilterState } from './figure-card';

const VENUE_LIST_URL = '/location/tblLocation/list';
const PRESETS = [
  { value: 3, label: '近3个月' },
  { value: 6, label: '近6个月' },
  { value: 12, label: '近12个月' },
];

const initialFilter = (months = 6): FigureFilterState => ({ ...defaultRange(new Date(), months), locationId: '' });

/**
 * 分析页 (dashboard/Analysis): enrolments and conversions, 课消 by month and venue, attendance and homework by
 * class, package revenue; each figure is one server query (server/dashboard/dashboard-analysis.ts) for the applied
 * filter, and can show its table or export it. The filter is edited, then applied with 查询.
 */
export default function AnalysisScreen() {
  const { has } = useAuth();
  const [draft, setDraft] = useState<FigureFilterState>(() => initialFilter());
  const [applied, setApplied] = useState<FigureFilterState>(draft);
  const [preset, setPreset] = useState<number | null>(6);
  const problem = rangeProblem(draft);

  const apply = (next: FigureFilterState) => {
    if (rangeProblem(next)) return;
    setApplied(next);
  };
  const choosePreset = (months: number) => {
    const next = { ...initialFilter(months), locationId: draft.locationId };
    setPreset(months);
    setDraft(next);
    apply(next);
  };

  return (
    <PageWrapper
      description="招生、课消、出勤、作业与课时包收入的统计。每个图表可切换为表格并导出；场地筛选只作用于有场地的统计。"
      extra={
        has(PERMS.monitor.list) ? (
          <Link href={DASHBOARD_LINKS.monitor} data-testid="analysis-monitor-link">
            系统监控
          </Link>
        ) : null
      }
    >
      <Space wrap style={{ marginBottom: 16 }} data-testid="analysis-filters">
        <Segmented value={preset ?? ''} options={PRESETS} onChange={(v) => choosePreset(Number(v))} data-testid="analysis-preset" />
        <span>开始日期</span>
        <div style={{ width: 150 }} data-testid="analysis-begin">
          <DateField
            value={draft.begin}
            onChange={(begin) => {
              setPreset(null);
              setDraft((d) => ({ ...d, begin }));
            }}
            allowClear={false}
            placeholder="开始日期"
          />
        </div>
        <span>结束日期</span>
        <div style={{ width: 150 }} data-testid="analysis-end">
          <DateField
            value={draft.end}
            onChange={(end) => {
              setPreset(null);
              setDraft((d) => ({ ...d, end }));
            }}
            allowClear={false}
            placeholder="结束日期"
          />
        </div>
        <span>场地</span>
        <div style={{ width: 240 }}>
          <LocationPicker url={VENUE_LIST_URL} value={draft.locationId} onChange={(locationId) => setDraft((d) => ({ ...d, locationId }))} placeholder="全部场地" testId="analysis-venue" />
        </div>
        <Button type="primary" disabled={!!problem} onClick={() => apply(draft)} data-testid="analysis-search">
          查询
        </Button>
        <Button
          onClick={() => {
            const next = initialFilter();
            setPreset(6);
            setDraft(next);
            apply(next);
          }}
          data-testid="analysis-reset"
        >
          重置
        </Button>
      </Space>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="analysis-range-problem" />}
      <Row gutter={[16, 16]} data-testid="analysis-figures" data-begin={applied.begin} data-end={applied.end}>
        {FIGURES.map((def) => (
          <Col key={def.key} xs={24} xl={12}>
            <FigureCard def={def} filter={applied} />
          </Col>
        ))}
      </Row>
    </PageWrapper>
  );
}
