'use client';

import { useState, type ReactNode } from 'react';
import { App, Popconfirm, Tag, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { dataColumns, RowLinks } from '@/components/data/list/list-columns';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { ListToolbar, type ToolbarAction } from '@/components/data/list/list-toolbar';
import { SearchBar } from '@/components/data/list/search-bar';
import { useListPage } from '@/components/data/list/use-list-page';
import { AnnouncementModal } from '@/components/notice/announcement-modal';
import { PRIORITY_COLOR, senderText, type NoticeDetail } from '@/components/notice/notice-types';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { searchModeOf } from '@/lib/resources/field-kinds';
import {
  announcementDef, CONFIRM_DELETE, CONFIRM_RELEASE, CONFIRM_REVOKE, PUBLISHED, RELEASE_URL, REVOKE_URL,
  rowActionsFor, UNPUBLISHED, type AnnouncementRow,
} from './announcement-def';
import { AnnouncementFormModal } from './announcement-form-modal';
import { PERMS } from '@/lib/permissions/codes';

const STATUS_COLOR: Record<string, string> = { [UNPUBLISHED]: 'default', [PUBLISHED]: 'green', '2': 'orange' };
const SEARCH_FIELDS = announcementDef.fields.filter((f) => searchModeOf(f));

/** The detail modal's view of a row; read flag '1' so the administrator's preview marks nothing read. */
const toDetail = (r: AnnouncementRow): NoticeDetail => ({
  anntId: r.id,
  titile: r.titile,
  sender: senderText(r),
  sendTime: r.sendTime,
  priority: r.priority,
  msgContent: r.msgContent,
  openType: r.openType,
  openPage: r.openPage,
  readFlag: '1',
});

/** 通告管理 (system/SysAnnouncementList): drafts, 发布 (pushed to its audience at once), 撤销, 查看. */
export default function AnnouncementListScreen() {
  return (
    <PageWrapper description="起草、发布与撤销系统通告。发布后立即推送给通告对象；撤销后从其未读消息中移除。未发布的通告可编辑和删除，已发布的需先撤销。">
      <AnnouncementList />
    </PageWrapper>
  );
}

function AnnouncementList() {
  const { message } = App.useApp();
  const { mode } = useAuth();
  const showError = useApiError();
  const page = useListPage<AnnouncementRow>({ source: announcementDef, stateKey: 'system/SysAnnouncementList', columnNames: announcementDef.fields.map((f) => f.name) });
  const [form, setForm] = useState<{ open: boolean; record: AnnouncementRow | null }>({ open: false, record: null });
  const [viewing, setViewing] = useState<AnnouncementRow | null>(null);

  const act = async (url: string, row: AnnouncementRow) => {
    try {
      const res = await http.get(url, { id: row.id });
      if (res.message) message.success(res.message);
    } catch (e) {
      showError(e);
    }
    await page.reload();
  };

  /** A row link, shown with its permission (disabled by a type-2 rule), asking first when `confirm` is set. */
  const link = (key: string, label: string, row: AnnouncementRow, perm: string | null, onClick: () => void, confirm?: string): ReactNode => {
    const m = perm ? mode(perm) : 'show';
    if (m === 'hide') return null;
    const disabled = m === 'disable';
    const a = (
      <Typography.Link disabled={disabled} onClick={confirm ? undefined : onClick} data-testid={`annt-${key}-${row.id}`}>
        {label}
      </Typography.Link>
    );
    return confirm && !disabled ? (
      <Popconfirm title={confirm} okText="确定" cancelText="取消" onConfirm={onClick}>
        {a}
      </Popconfirm>
    ) : (
      a
    );
  };

  const actions = (row: AnnouncementRow) => {
    const can = rowActionsFor(row.sendStatus);
    const links = [
      can.edit && link('edit', '编辑', row, PERMS.announcement.edit, () => setForm({ open: true, record: row })),
      can.release && link('release', '发布', row, PERMS.announcement.release, () => void act(RELEASE_URL, row), CONFIRM_RELEASE),
      can.revoke && link('revoke', '撤销', row, PERMS.announcement.revoke, () => void act(REVOKE_URL, row), CONFIRM_REVOKE),
      can.remove && link('delete', '删除', row, PERMS.announcement.delete, () => void page.remove(row), CONFIRM_DELETE),
      link('view', '查看', row, null, () => setViewing(row)),
    ].filter((x): x is Exclude<typeof x, false | null> => Boolean(x));
    return <RowLinks links={links} />;
  };

  const columns = [
    ...dataColumns<AnnouncementRow>(announcementDef, page.state.sort, {
      sender: (_v, r) => senderText(r) ?? '',
      priority: (_v, r) => <Tag color={PRIORITY_COLOR[r.priority]}>{String(r.priority_dictText ?? r.priority)}</Tag>,
      sendStatus: (_v, r) => (
        <Tag color={STATUS_COLOR[r.sendStatus]} data-testid={`annt-status-${r.id}`}>
          {String(r.sendStatus_dictText ?? r.sendStatus)}
        </Tag>
      ),
    }),
    { key: 'action', title: '操作', align: 'center' as const, fixed: 'right' as const, width: 220, render: (_v: unknown, r: AnnouncementRow) => actions(r) },
  ];

  // 批量删除 needs the delete permission (the server checks system:annountCement:delete for it).
  const modeOf = (a: ToolbarAction) => mode(a === 'add' ? PERMS.announcement.add : PERMS.announcement.delete);
  const onToolbar = (a: ToolbarAction) => {
    if (a === 'add') setForm({ open: true, record: null });
    if (a === 'deleteBatch') page.removeBatch();
  };

  return (
    <ListFrame
      page={page}
      testId="annt-list"
      errorTitle="系统通告加载失败"
      search={<SearchBar name="sysAnnouncement_search" fields={SEARCH_FIELDS} initialValues={page.state.search} onSearch={page.search} onReset={page.reset} />}
      toolbar={<ListToolbar actions={{ add: true, deleteBatch: true }} modeOf={modeOf} onAction={onToolbar} />}
    >
      <ListTable<AnnouncementRow> page={page} columns={columns} testId="list-table" />
      <AnnouncementFormModal open={form.open} record={form.record} onClose={() => setForm({ open: false, record: null })} onSaved={() => void page.reload()} />
      <AnnouncementModal notice={viewing ? toDetail(viewing) : null} onClose={() => setViewing(null)} />
    </ListFrame>
  );
}

