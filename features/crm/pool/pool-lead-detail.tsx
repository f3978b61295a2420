'use client';

import { Button, Modal, Popconfirm, Typography, type ButtonProps } from 'antd';
import type { Row } from '@/components/data/list/use-list-page';
import { renderCell } from '@/components/fields/field-registry';
import { DetailList, type DetailItem } from '@/components/layout/detail-list';
import { Authorized } from '@/components/shell/shell-context';
import { PERMS } from '@/lib/permissions/codes';
import { parseSignupRemark } from '@/lib/work/prospectus-blocks';
import { leadPoolResource } from './lead-pool-resource';

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
/** A dictionary or option field as the list shows it (the list row carries its `_dictText`). */
const coded = (name: string, r: Row) => {
  const f = leadPoolResource.fields.find((x) => x.name === name)!;
  const v = r[name];
  return v === null || v === undefined || v === '' ? '—' : renderCell(f, r);
};
const pre = (v: string | null) => (v ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{v}</Typography.Text> : '—');

/** The 详情 items of a pool lead: what the parent wrote (a brochure sign-up's 备注 read apart), then the pool's facts. */
export function poolLeadItems(r: Row): DetailItem[] {
  const remark = typeof r.remark === 'string' ? r.remark : null;
  const signup = parseSignupRemark(remark);
  const wrote: DetailItem[] = signup
    ? [
        { key: 'age', label: '孩子年龄', children: signup.childAge !== null ? `${signup.childAge}岁` : '—' },
        { key: 'brochure', label: '招生简章', children: signup.brochure },
        { key: 'message', label: '留言', span: 2, children: pre(signup.message) },
      ]
    : [{ key: 'remark', label: '备注', span: 2, children: pre(remark) }];
  return [
    { key: 'name', label: '姓名', children: text(r.name) },
    { key: 'phone', label: '手机号', children: text(r.phone) },
    { key: 'childName', label: '孩子姓名', children: text(r.childName) },
    { key: 'grade', label: '年级', children: text(r.grade) },
    { key: 'channel', label: '来源渠道', children: coded('channel', r) },
    { key: 'course', label: '意向课程', children: text(r.intentionCourseId_dictText ?? r.intentionCourseId) },
    ...wrote,
    { key: 'level', label: '意向度', children: coded('intentionLevel', r) },
    { key: 'status', label: '跟进状态', children: coded('followStatus', r) },
    { key: 'poolReason', label: '入池原因', children: text(r.poolReason) },
    { key: 'poolTime', label: '入池时间', children: text(r.poolTime) },
    { key: 'lastOwner', label: '原负责人', children: coded('lastOwner', r) },
    { key: 'created', label: '创建时间', children: text(r.createTime) },
  ];
}

/**
 * 线索池 详情 (issue #39 item 8): read-only, everything the parent wrote, no form; 领取 where allowed (the phone stays
 * masked until then). Replaces the list's generic detail form (ListPage `renderForm`).
 */
export function PoolLeadDetail({ record, onClose, onClaim, busy }: { record: Row | null; onClose(): void; onClaim(r: Row): void; busy: boolean }) {
  return (
    <Modal
      open={record !== null}
      title="线索详情"
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          <Button onClick={onClose}>关闭</Button>
          <Authorized code={PERMS.leadPool.claim}>
            <Popconfirm title={`确定领取“${text(record?.name)}”吗？`} okText="领取" onConfirm={() => record && onClaim(record)} okButtonProps={{ 'data-testid': 'pool-detail-claim-ok' } as ButtonProps}>
              <Button type="primary" loading={busy} data-testid="pool-detail-claim">
                领取
              </Button>
            </Popconfirm>
          </Authorized>
        </>
      }
    >
      <div data-testid="pool-detail">{record ? <DetailList col={2} bordered items={poolLeadItems(record)} /> : null}</div>
    </Modal>
  );
}
