'use client';

import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Divider, Dropdown, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { ListPage } from '@/components/data/list/list-page';
import type { ListPage as ListPageApi, Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { PERMS } from '@/lib/permissions/codes';
import type { ResourceDef } from '@/lib/resources/types';
import { refEditor, REFS } from '../../edu/course/ref-select';
import { LeadConvertModal } from '../convert/convert-modal';
import { LeadTrialModal } from '../convert/trial-modal';
import { BatchTaskModal, PoolReasonModal, usePrompt, type BatchTaskParams } from './lead-dialogs';
import { leadCells } from './lead-cells';
import { LeadDrawer } from './lead-drawer';
import { leadResource, LEAD_URLS } from './lead-resource';
import { TagEditor, TagsModal } from './tag-editor';

const URLS = { toPool: LEAD_URLS.toPool, toPoolBatch: LEAD_URLS.toPoolBatch, topping: LEAD_URLS.topping, updateTags: LEAD_URLS.updateTags, addBatchTask: LEAD_URLS.addBatchTask };
const LIST_URL = `${leadResource.api}/list`;
const editors = { intentionCourseId: refEditor(REFS.course), tags: TagEditor };

type Lead = { id: string; name: string; childName: string | null };
const leadOf = (r: Row): Lead => ({ id: String(r.id), name: String(r.name ?? ''), childName: typeof r.childName === 'string' && r.childName ? r.childName : null });

/**
 * 线索 (crm/LeadList): my leads, or every owner's for crm:lead:all and the marketing flag; pinned first. Row
 * actions 跟进 (the drawer), 置顶 / 取消置顶, 标签, 转化, 预约试听; 放入线索池 asks an optional reason, 批量建任务 a title, assignee and due
 * time, before the list engine's own confirmation and call (components/data/list/use-list-actions.ts).
 */
export default function LeadListScreen() {
  return (
    <PageWrapper description="线索：我负责的潜在学员（有“查看全部线索”权限或市场人员可见全部）。置顶的排在最前；点击姓名查看详情与跟进记录。放入线索池后负责人清空，其他人可领取。">
      <LeadList />
    </PageWrapper>
  );
}

/** The list page with its drawer and dialogs; also the base of 今日待跟进 (`followToday`). */
export function LeadList({ extraParams, defOverride, routeKey }: { extraParams?: Record<string, string>; defOverride?: Partial<ResourceDef>; routeKey?: string }) {
  const { has, mode } = useAuth();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState<Lead | null>(null);
  const [tagsFor, setTagsFor] = useState<{ row: Row; page: ListPageApi<Row> } | null>(null);
  const [convertFor, setConvertFor] = useState<Lead | null>(null);
  const [trialFor, setTrialFor] = useState<Lead | null>(null);
  const [count, setCount] = useState(0);
  const pool = usePrompt<{ reason?: string }>();
  const task = usePrompt<BatchTaskParams>();

  // 置顶 is this screen's own link (its label follows the row); 批量放入线索池 shows with the one code crm:lead:toPool.
  const canPool = has(PERMS.lead.toPool);
  const def = useMemo<ResourceDef>(() => ({ ...leadResource, ...defOverride, actions: { ...leadResource.actions, ...defOverride?.actions, topping: false, toPoolBatch: canPool && defOverride?.actions?.toPoolBatch !== false } }), [canPool, defOverride]);
  const renderers = useMemo(() => leadCells((r) => setOpen(leadOf(r)), () => new Date()), []);
  const reloadList = () => void mutate((key) => Array.isArray(key) && key[0] === LIST_URL);

  const show = (code: string) => mode(code) !== 'hide';
  const rowActions = (r: Row, page: ListPageApi<Row>) => {
    const id = String(r.id);
    const more = [
      ...(show(PERMS.lead.topping) ? [{ key: 'topping', label: <span data-testid={`lead-topping-${id}`}>{r.topping === 1 ? '取消置顶' : '置顶'}</span>, disabled: mode(PERMS.lead.topping) === 'disable' }] : []),
      ...(show(PERMS.lead.updateTags) ? [{ key: 'tags', label: <span data-testid={`lead-tags-${id}`}>标签</span>, disabled: mode(PERMS.lead.updateTags) === 'disable' }] : []),
      // 转化 and 试听 are the pool helper's dialogs (features/crm/convert/convert-modal.tsx, trial-modal.tsx).
      ...(show(PERMS.lead.convert) ? [{ key: 'convert', label: <span data-testid={`lead-convert-${id}`}>转化</span>, disabled: mode(PERMS.lead.convert) === 'disable' }] : []),
      ...(show(PERMS.lead.trial) ? [{ key: 'trial', label: <span data-testid={`lead-trial-${id}`}>预约试听</span>, disabled: mode(PERMS.lead.trial) === 'disable' }] : []),
    ];
    return (
      <>
        <Typography.Link data-testid={`lead-follow-${id}`} onClick={() => setOpen(leadOf(r))}>
          跟进
        </Typography.Link>
        {more.length > 0 && (
          <>
            <Divider orientation="vertical" />
            <Dropdown
              trigger={['click']}
              menu={{
                items: more,
                onClick: ({ key }) => {
                  if (key === 'topping') void page.topping(r);
                  if (key === 'tags') setTagsFor({ row: r, page });
                  if (key === 'convert') setConvertFor(leadOf(r));
                  if (key === 'trial') setTrialFor(leadOf(r));
                },
              }}
            >
              <Typography.Link data-testid={`lead-more-${id}`}>
                更多 <DownOutlined />
              </Typography.Link>
            </Dropdown>
          </>
        )}
      </>
    );
  };

  return (
    <>
      <ListPage<Row>
        def={def}
        urls={URLS}
        routeKey={routeKey}
        renderers={renderers}
        editors={editors}
        extraParams={extraParams}
        labels={{ toPool: '放入线索池', addBatchTask: '批量建任务' }}
        rowActions={rowActions}
        toPoolParams={(rows) => {
          setCount(rows.length);
          return pool.ask();
        }}
        addBatchTaskParams={(rows) => {
          setCount(rows.length);
          return task.ask();
        }}
      />
      <LeadDrawer lead={open} onClose={() => setOpen(null)} onChanged={reloadList} />
      <TagsModal
        lead={tagsFor ? { id: String(tagsFor.row.id), name: String(tagsFor.row.name ?? ''), tags: tagsFor.row.tags } : null}
        onCancel={() => setTagsFor(null)}
        onSave={async (tags) => {
          if (!tagsFor) return;
          await tagsFor.page.updateTags({ id: tagsFor.row.id, tags } as Row);
          setTagsFor(null);
        }}
      />
      <PoolReasonModal open={pool.open} count={count} onDone={pool.done} />
      <BatchTaskModal open={task.open} count={count} onDone={task.done} />
      <LeadConvertModal
        lead={convertFor}
        onClose={() => setConvertFor(null)}
        onDone={() => {
          setConvertFor(null);
          reloadList();
        }}
      />
      <LeadTrialModal
        lead={trialFor}
        onClose={() => setTrialFor(null)}
        onDone={() => {
          setTrialFor(null);
          reloadList();
        }}
      />
    </>
  );
}
