'use client';

import { useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { App, Button, DatePicker, Empty, Form, Input, Modal, Select, Space, Tabs, Tag, Typography } from 'antd';
import type { ButtonProps, TableColumnsType } from 'antd';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { SearchActions } from '@/features/system/list-parts';
import { APPLY_API, APPLY_KIND_TEXT, APPLY_MESSAGES, APPLY_STATUS_TEXT, type ApplyAuditStatus, type ApplyKind, type ApplyRow } from '@/lib/calendar/apply-types';
import { useConflictGuard } from '../conflict-guard';
import { auditApply, withdrawApply } from './apply-api';
import { PERMS } from '@/lib/permissions/codes';

const STATUS_TABS: ApplyAuditStatus[] = [0, 1, 2, 3];
const STATUS_COLOR: Record<ApplyAuditStatus, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };
const KIND_COLOR: Record<ApplyKind, string> = { 1: 'orange', 2: 'blue' };

/** Applications in the server's order; the tab's auditStatus on every call, kind and the session days when set. */
const APPLY_SOURCE: ListSource = { rowKey: 'id', defaultSort: null, fields: (['kind', 'dateBegin', 'dateEnd'] as const).map((name) => ({ name, search: 'eq' as const })) };
const APPLY_URLS = { list: APPLY_API.list };

/** 'YYYY-MM-DD HH:mm:ss' → 'MM-DD HH:mm'. */
const short = (t: string | null) => (t ? t.slice(5, 16) : '');
/** A slot as '2026-11-23 10:00-11:30'. */
const slot = (start: string | null, end: string | null) => (start && end ? `${start.slice(0, 16)}-${end.slice(11, 16)}` : '-');

/** 审核 (calendar/TblCalendarApplyList, /edu/audit): 请假 / 调课 applications by status, approved or rejected here. */
export default function ApplyListScreen() {
  return <ApplyList />;
}

function ApplyList() {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const canAudit = mode(PERMS.apply.audit) === 'show';
  const canWithdraw = mode(PERMS.apply.withdraw) === 'show';
  const [form] = Form.useForm<{ kind?: ApplyKind; range?: [Dayjs | null, Dayjs | null] | null }>();
  const [auditStatus, setAuditStatus] = useState<ApplyAuditStatus>(0);
  const [auditing, setAuditing] = useState<{ row: ApplyRow; pass: boolean } | null>(null);
  const byStatus = useMemo(() => ({ auditStatus }), [auditStatus]);
  const page = useListPage<ApplyRow>({ source: APPLY_SOURCE, urls: APPLY_URLS, extraParams: byStatus, notifyErrors: false });

  const search = (v: { kind?: ApplyKind; range?: [Dayjs | null, Dayjs | null] | null }) =>
    page.search({ kind: v.kind, dateBegin: v.range?.[0]?.format('YYYY-MM-DD'), dateEnd: v.range?.[1]?.format('YYYY-MM-DD') });
  const reset = () => {
    form.resetFields();
    page.reset();
  };

  const withdraw = (row: ApplyRow) =>
    modal.confirm({
      title: '确认撤销',
      content: `确定撤销该${APPLY_KIND_TEXT[row.kind]}申请吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const r = await withdrawApply(row.id);
          message.success(r.message || '已撤销');
          await page.reload();
        } catch (e) {
          showError(e);
        }
      },
    });

  const pending = auditStatus === 0;
  const columns: TableColumnsType<ApplyRow> = [
    { title: '类型', dataIndex: 'kind', width: 80, render: (k: ApplyKind) => <Tag color={KIND_COLOR[k]}>{APPLY_KIND_TEXT[k] ?? k}</Tag> },
    {
      title: '课次',
      key: 'session',
      width: 260,
      render: (_, r) => (
        <div>
          <Typography.Text strong>{r.title}</Typography.Text>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {slot(r.clazzStartTime, r.clazzEndTime)}
            {(r.locationName || r.roomName) && ` · ${[r.locationName, r.roomName].filter(Boolean).join(' ')}`}
          </div>
        </div>
      ),
    },
    {
      title: '申请内容',
      key: 'content',
      width: 240,
      render: (_, r) =>
        r.kind === 1 ? (
          <span>学员：{r.studentName ?? r.studentId}</span>
        ) : (
          <span>
            调至 {slot(r.toStartTime, r.toEndTime)}
            {r.toRoomName ? ` · ${r.toRoomName}` : ' · 原教室'}
            {r.teacherName && <div style={{ color: '#8c8c8c', fontSize: 12 }}>教师：{r.teacherName}</div>}
          </span>
        ),
    },
    { title: '原因', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v || '-' },
    { title: '申请人', key: 'createBy', width: 100, render: (_, r) => r.createByName || r.createBy || '-' },
    { title: '申请时间', dataIndex: 'createTime', width: 120, render: (v: string) => short(v) },
    ...(pending
      ? []
      : ([
          { title: '审核人', key: 'auditBy', width: 100, render: (_: unknown, r: ApplyRow) => r.auditByName || r.auditBy || '-' },
          { title: '处理时间', dataIndex: 'auditTime', width: 120, render: (v: string | null) => short(v) || '-' },
          { title: '审核意见', dataIndex: 'auditRemark', ellipsis: true, render: (v: string | null) => v || '-' },
        ] as TableColumnsType<ApplyRow>)),
    {
      title: '状态',
      dataIndex: 'auditStatus',
      width: 90,
      render: (s: ApplyAuditStatus) => <Tag color={STATUS_COLOR[s]}>{APPLY_STATUS_TEXT[s]}</Tag>,
    },
    ...(pending
      ? ([
          {
            title: '操作',
            key: 'action',
            width: 170,
            fixed: 'right',
            render: (_: unknown, r: ApplyRow) => (
              <Space size={0}>
                {canAudit && (
                  <>
                    <Button type="link" size="small" onClick={() => setAuditing({ row: r, pass: true })} data-testid={`apply-pass-${r.id}`}>
                      通过
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setAuditing({ row: r, pass: false })} data-testid={`apply-reject-${r.id}`}>
                      驳回
                    </Button>
                  </>
                )}
                {canWithdraw && r.mine && (
                  <Button type="link" size="small" onClick={() => withdraw(r)} data-testid={`apply-withdraw-${r.id}`}>
                    撤销
                  </Button>
                )}
              </Space>
            ),
          },
        ] as TableColumnsType<ApplyRow>)
      : []),
  ];

  const { params } = page;
  const filtered = Boolean(params.kind || params.dateBegin || params.dateEnd);
  const searchForm = (
    <>
      <Tabs
        activeKey={String(auditStatus)}
        onChange={(k) => {
          setAuditStatus(Number(k) as ApplyAuditStatus);
          page.goToPage(1);
        }}
        items={STATUS_TABS.map((s) => ({ key: String(s), label: <span data-testid={`apply-tab-${s}`}>{APPLY_STATUS_TEXT[s]}</span> }))}
        data-testid="apply-tabs"
      />
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }} data-testid="apply-search">
        <Form.Item name="kind" label="申请类型">
          <Select
            placeholder="请选择"
            allowClear
            style={{ width: 120 }}
            options={([1, 2] as ApplyKind[]).map((k) => ({ value: k, label: APPLY_KIND_TEXT[k] }))}
            data-testid="apply-kind"
          />
        </Form.Item>
        <Form.Item name="range" label="上课日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} data-testid="apply-range" />
        </Form.Item>
        <SearchActions testIdPrefix="apply" onReset={reset} />
      </Form>
    </>
  );
  return (
    <PageWrapper title="审核">
      <ListFrame page={page} search={searchForm} selection={false} errorTitle="申请加载失败" errorTestId="apply-error" errorOnlyWithoutRows>
        <div data-testid="apply-table">
          <ListTable<ApplyRow>
            page={page}
            columns={columns}
            compact={false}
            selectable={false}
            scroll={{ x: 1100 }}
            emptyText={<Empty description={filtered ? '没有匹配的申请' : '暂无申请'} />}
          />
        </div>
      </ListFrame>
      <AuditModal target={auditing} onClose={() => setAuditing(null)} onDone={() => void page.reload()} />
    </PageWrapper>
  );
}

export interface AuditModalProps {
  target: { row: ApplyRow; pass: boolean } | null;
  onClose: () => void;
  onDone: () => void;
}

/** 通过 / 驳回 with 审核意见 (required to reject). A clashing 调课 opens the calendar's conflict modal. */
export function AuditModal({ target, onClose, onDone }: AuditModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark?: string }>();
  const [saving, setSaving] = useState(false);
  const guard = useConflictGuard();
  const pass = target?.pass ?? true;
  const submit = async () => {
    if (!target) return;
    // A failed validation shows under the field; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const remark = (v.remark ?? '').trim();
    setSaving(true);
    try {
      await guard.save(
        (override) => auditApply({ id: target.row.id, pass, remark: remark || undefined, override }),
        (r) => {
          message.success(r.message || (pass ? '审核通过' : '已驳回'));
          onClose();
          onDone();
        },
      );
    } finally {
      setSaving(false);
    }
  };
  const row = target?.row;
  return (
    <>
      <Modal
        open={!!target}
        title={pass ? '通过申请' : '驳回申请'}
        onCancel={onClose}
        onOk={submit}
        okText={pass ? '通过' : '驳回'}
        okButtonProps={{ danger: !pass, loading: saving, 'data-testid': 'apply-audit-ok' } as ButtonProps}
        cancelText="取消"
        destroyOnHidden
        afterOpenChange={(open) => !open && form.resetFields()}
      >
        {row && (
          <div data-testid="apply-audit-summary" style={{ marginBottom: 12 }}>
            <Tag color={KIND_COLOR[row.kind]}>{APPLY_KIND_TEXT[row.kind]}</Tag>
            {row.title} {slot(row.clazzStartTime, row.clazzEndTime)}
            <div style={{ color: '#8c8c8c', marginTop: 4 }}>
              {row.kind === 1 ? `学员：${row.studentName ?? ''}` : `调至 ${slot(row.toStartTime, row.toEndTime)}${row.toRoomName ? ` · ${row.toRoomName}` : ''}`}
              {row.reason && `；原因：${row.reason}`}
            </div>
          </div>
        )}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="remark"
            label="审核意见"
            rules={pass ? [{ max: 200, message: APPLY_MESSAGES.remarkTooLong }] : [{ required: true, whitespace: true, message: APPLY_MESSAGES.remarkRequired }, { max: 200, message: APPLY_MESSAGES.remarkTooLong }]}
          >
            <Input.TextArea rows={3} maxLength={200} placeholder="请输入审核意见" data-testid="apply-audit-remark" />
          </Form.Item>
        </Form>
      </Modal>
      {guard.modal}
    </>
  );
}
