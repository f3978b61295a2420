'use client';

import { useMemo } from 'react';
import useSWR from 'swr';
import { Descriptions, Drawer, Empty, Image, Pagination, Space, Spin, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { useAuth } from '@/components/shell/shell-context';
import { FOLLOW_METHODS, isOverdue } from '@/lib/crm/lead-rules';
import { API_PREFIX } from '@/lib/config';
import { staticFileUrl } from '@/lib/format';
import { http } from '@/lib/http';
import { PERMS } from '@/lib/permissions/codes';
import { FollowForm } from './follow-form';
import { NextFollowCell, TagChips } from './lead-cells';
import { renderCell } from '@/components/fields/field-registry';
import { LEAD_API, LEAD_URLS, leadResource } from './lead-resource';

type Rec = Record<string, unknown>;

interface FollowRow {
  id: string;
  userName: string | null;
  followTime: string;
  method: number;
  content: string;
  images: string | null;
  nextFollowTime: string | null;
}

interface HistoryRow {
  id: string;
  action: string;
  fromUserName: string | null;
  toUserName: string | null;
  operatorName: string | null;
  operator: string | null;
  reason: string | null;
  createTime: string;
}

interface TrialsAnswer {
  student: { id: string; name: string } | null;
  trials: { id: string; title: string | null; clazzName: string | null; startTime: string; endTime: string }[];
}

const FOLLOW_PAGE = 10;
/** A lead's follow-ups, 10 a page in the server's order (newest first). */
const FOLLOW_SOURCE: ListSource = { rowKey: 'id', defaultSort: null, pageSize: FOLLOW_PAGE };
const FOLLOW_URLS = { list: LEAD_URLS.followList };
const methodText = (m: number) => FOLLOW_METHODS.find((x) => x.value === m)?.text ?? String(m);
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
/**
 * A dictionary or option field as the list shows it: queryById carries no `_dictText` (as JeecgBoot's does not),
 * so the field's options or dictionary translate it here.
 */
const coded = (name: string, r: Rec) => {
  const f = leadResource.fields.find((x) => x.name === name)!;
  const v = r[name];
  return v === null || v === undefined || v === '' ? '—' : renderCell(f, r);
};

export interface LeadDrawerProps {
  lead: { id: string; name: string } | null;
  onClose(): void;
  /** After a follow-up: the list's times and status changed. */
  onChanged(): void;
}

/**
 * A lead's page beside the list (opened from its name): the lead, its 跟进记录 with the add form, its owner
 * history, and its 学员 and 试听 when it has them (read-only here).
 */
export function LeadDrawer({ lead, onClose, onChanged }: LeadDrawerProps) {
  return (
    <Drawer open={lead !== null} title={`线索 - ${lead?.name ?? ''}`} size={720} onClose={onClose} destroyOnHidden data-testid="lead-drawer">
      {lead && <LeadDetail id={lead.id} onChanged={onChanged} />}
    </Drawer>
  );
}

function LeadDetail({ id, onChanged }: { id: string; onChanged(): void }) {
  const onError = useApiError();
  const { has } = useAuth();
  const opts = { onError, revalidateOnFocus: false };
  const lead = useSWR([`${LEAD_API}/queryById`, id], async () => (await http.get<Rec>(`${LEAD_API}/queryById`, { id })).result, opts);
  const followParams = useMemo(() => ({ leadId: id }), [id]);
  const follows = useListPage<FollowRow>({ source: FOLLOW_SOURCE, urls: FOLLOW_URLS, extraParams: followParams });
  const history = useSWR([LEAD_URLS.ownerHistory, id], async () => (await http.get<HistoryRow[]>(LEAD_URLS.ownerHistory, { leadId: id })).result ?? [], opts);
  const trials = useSWR([LEAD_URLS.trials, id], async () => (await http.get<TrialsAnswer>(LEAD_URLS.trials, { leadId: id })).result, opts);

  const r = lead.data;
  const now = new Date();
  const afterFollow = () => {
    follows.goToPage(1);
    void follows.reload();
    void lead.mutate();
    onChanged();
  };

  const info = r ? (
    <Descriptions
      column={2}
      size="small"
      bordered
      data-testid="lead-detail-info"
      items={[
        { key: 'name', label: '姓名', children: text(r.name) },
        { key: 'phone', label: '手机号', children: text(r.phone) },
        { key: 'childName', label: '孩子姓名', children: text(r.childName) },
        { key: 'grade', label: '年级', children: text(r.grade) },
        { key: 'channel', label: '渠道', children: coded('channel', r) },
        { key: 'course', label: '意向课程', children: text(r.intentionCourseId_dictText) },
        { key: 'level', label: '意向度', children: coded('intentionLevel', r) },
        { key: 'status', label: '跟进状态', children: coded('followStatus', r) },
        { key: 'owner', label: '负责人', children: coded('ownBy', r) },
        { key: 'last', label: '最近跟进', children: text(r.lastFollowTime) },
        { key: 'next', label: '下次跟进', children: r.nextFollowTime ? <NextFollowCell value={r.nextFollowTime} now={now} /> : '—' },
        { key: 'created', label: '创建时间', children: text(r.createTime) },
        { key: 'tags', label: '标签', span: 2, children: <TagChips value={r.tags} /> },
        { key: 'remark', label: '备注', span: 2, children: text(r.remark) },
      ]}
    />
  ) : (
    <Spin />
  );

  const followItems = follows.records.map((f) => ({
    key: f.id,
    title: f.followTime?.slice(0, 16),
    content: (
      <div data-testid={`lead-follow-item-${f.id}`}>
        <Space size={4}>
          <Tag>{methodText(f.method)}</Tag>
          <Typography.Text type="secondary">{f.userName ?? ''}</Typography.Text>
        </Space>
        <div style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{f.content}</div>
        {f.images && (
          <Image.PreviewGroup>
            <Space wrap>
              {f.images.split(',').map((p) => (
                <Image key={p} src={staticFileUrl(p, API_PREFIX)} alt="" width={56} height={56} style={{ objectFit: 'cover' }} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
        {f.nextFollowTime && <Typography.Text type={isOverdue(f.nextFollowTime, now) ? 'danger' : 'secondary'}>下次跟进：{f.nextFollowTime.slice(0, 16)}</Typography.Text>}
      </div>
    ),
  }));

  const followTab = (
    <>
      {has(PERMS.lead.follow) && (
        <div style={{ marginBottom: 16 }}>
          <FollowForm leadId={id} onAdded={afterFollow} />
        </div>
      )}
      <Typography.Title level={5}>跟进记录</Typography.Title>
      {follows.loading && !follows.hasData ? <Spin /> : followItems.length ? <Timeline items={followItems} data-testid="lead-follow-timeline" /> : <Empty description="暂无跟进记录" />}
      {follows.total > FOLLOW_PAGE && <Pagination size="small" current={follows.state.pageNo} pageSize={FOLLOW_PAGE} total={follows.total} onChange={follows.goToPage} />}
    </>
  );

  const historyTab = (
    <Table<HistoryRow>
      rowKey="id"
      size="small"
      pagination={false}
      loading={history.isLoading}
      dataSource={history.data ?? []}
      data-testid="lead-owner-history"
      columns={[
        { key: 'createTime', title: '时间', dataIndex: 'createTime', width: 150, render: (v: string) => v?.slice(0, 16) },
        { key: 'action', title: '操作', dataIndex: 'action', width: 80 },
        { key: 'from', title: '原负责人', dataIndex: 'fromUserName', width: 90, render: text },
        { key: 'to', title: '新负责人', dataIndex: 'toUserName', width: 90, render: text },
        { key: 'operator', title: '操作人', width: 90, render: (_v, h) => text(h.operatorName ?? h.operator) },
        { key: 'reason', title: '原因', dataIndex: 'reason', render: text },
      ]}
    />
  );

  const t = trials.data;
  const trialTab = !t?.student ? (
    <Empty description="尚未关联学员" />
  ) : (
    <>
      <Descriptions size="small" column={1} items={[{ key: 'student', label: '学员', children: <span data-testid="lead-student-name">{t.student.name}</span> }]} />
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={t.trials}
        data-testid="lead-trials"
        locale={{ emptyText: '暂无试听' }}
        columns={[
          { key: 'time', title: '上课时间', render: (_v, s) => `${s.startTime.slice(0, 16)} - ${s.endTime.slice(11, 16)}` },
          { key: 'title', title: '课次', render: (_v, s) => s.clazzName ?? s.title ?? '—' },
        ]}
      />
    </>
  );

  return (
    <>
      {info}
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          { key: 'follow', label: '跟进记录', children: followTab },
          { key: 'history', label: '负责人变更', children: historyTab },
          { key: 'trial', label: '学员与试听', children: trialTab },
        ]}
      />
    </>
  );
}
