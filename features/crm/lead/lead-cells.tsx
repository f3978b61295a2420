'use client';

import { Space, Tag, Typography } from 'antd';
import type { CellRenderers } from '@/components/data/list/list-columns';
import type { Row } from '@/components/data/list/use-list-page';
import { isOverdue, parseTags } from '@/lib/crm/lead-rules';

/** The lead lists' cells: the name opens the drawer (置顶 tag on pinned rows), tags as chips, overdue follow-ups in red. */

export function TagChips({ value }: { value: unknown }) {
  const tags = parseTags(value);
  if (!tags.length) return null;
  return (
    <Space size={[0, 4]} wrap>
      {tags.map((t) => (
        <Tag key={t} color="blue">
          {t}
        </Tag>
      ))}
    </Space>
  );
}

/** 下次跟进 with 已逾期 in red when it lies before `now`. */
export function NextFollowCell({ value, now }: { value: unknown; now: Date }) {
  if (typeof value !== 'string' || !value) return null;
  const overdue = isOverdue(value, now);
  return (
    <span style={overdue ? { color: '#cf1322' } : undefined} data-overdue={overdue ? 'true' : undefined}>
      {value.slice(0, 16)}
      {overdue && (
        <Tag color="red" style={{ marginLeft: 6 }}>
          已逾期
        </Tag>
      )}
    </span>
  );
}

export function leadCells(openLead: (r: Row) => void, now: () => Date): CellRenderers<Row> {
  return {
    name: (v, r) => (
      <span style={isOverdue(r.nextFollowTime as string | null, now()) ? { color: '#cf1322' } : undefined}>
        {r.topping === 1 && <Tag color="orange">顶</Tag>}
        <Typography.Link data-testid={`lead-open-${String(r.id)}`} onClick={() => openLead(r)} style={{ color: 'inherit', textDecoration: 'underline' }}>
          {String(v ?? '')}
        </Typography.Link>
      </span>
    ),
    tags: (v) => <TagChips value={v} />,
    nextFollowTime: (v) => <NextFollowCell value={v} now={now()} />,
  };
}
