'use client';

import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Button, DatePicker, Form, Modal, Popconfirm, Space, Tag } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { ListPage as ListPageApi, Row } from '@/components/data/list/use-list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { DepartSelect } from '@/components/pickers/depart-picker';
import { LocationPicker } from '@/components/pickers/location-picker';
import { testIdButton } from '@/components/pickers/picker-parts';
import { useAuth } from '@/components/shell/shell-context';
import { ApiError, http } from '@/lib/http';
import { DATE_FORMAT } from '@/lib/format';
import { STAFF_MESSAGES, STAFF_STATUS, STAFF_URL } from '@/lib/edu/handover-rules';
import { PERMS } from '@/lib/permissions/codes';
import { HandoverFormModal, HandoverResultModal, type HandoverDone } from '../handover/handover-form';
import { PositionSelect } from '../../system/position/position-select';
import { staffResource } from './staff-resource';

const VENUE_LIST_URL = '/location/tblLocation/list';
const text = (v: unknown) => (v == null ? '' : String(v));

/** 岗位 from 职务管理's positions (as 用户管理's 职务); 校区 through the venue picker. */
const editors = {
  post: ({ value, onChange, disabled, id }: EditorProps) => (
    <PositionSelect value={text(value)} onChange={(v) => onChange?.(v)} disabled={disabled} id={id} placeholder="请选择岗位" testId="staff-post-select" />
  ),
  campusId: ({ value, onChange, disabled, id }: EditorProps) => (
    <LocationPicker url={VENUE_LIST_URL} value={text(value)} onChange={(v) => onChange?.(v)} disabled={disabled} id={id} placeholder="请选择校区" testId="staff-campus-select" />
  ),
};

const renderers = {
  staffStatus: (v: unknown) => (Number(v) === STAFF_STATUS.left ? <Tag color="default">离职</Tag> : <Tag color="green">在职</Tag>),
};

/** 员工管理 (edu/StaffList, issue #23 item 6): staff are users with 岗位, 校区 and 在职/离职. */
export default function StaffListScreen() {
  const { has } = useAuth();
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [departId, setDepartId] = useState('');
  const [campusId, setCampusId] = useState('');
  const [leaving, setLeaving] = useState<{ row: Row; page: ListPageApi<Row> } | null>(null);
  const [handover, setHandover] = useState<{ fromUser: string; page?: ListPageApi<Row> } | null>(null);
  const [done, setDone] = useState<HandoverDone | null>(null);
  const extraParams = useMemo(() => ({ ...(departId ? { departId } : {}), ...(campusId ? { campusId } : {}) }), [departId, campusId]);
  const canEdit = has(PERMS.staff.edit);
  const canHandover = has(PERMS.handover.add);

  const rejoin = async (row: Row, page: ListPageApi<Row>) => {
    try {
      const r = await http.post(STAFF_URL.rejoin, { id: row.id });
      message.success(r.message || STAFF_MESSAGES.rejoined);
      await page.reload();
    } catch (e) {
      showError(e);
    }
  };

  /** A refused 离职 names what the user still holds and offers 工作交接 for it. */
  const blocked = (e: ApiError, row: Row, page: ListPageApi<Row>) => {
    const instance = modal.warning({
      title: `${text(row.realname)}不能设为离职`,
      content: <span data-testid="staff-leave-blocked">{e.message}</span>,
      okText: '关闭',
      footer: (_, { OkBtn }) => (
        <Space>
          {canHandover ? (
            <Button
              type="primary"
              data-testid="staff-leave-handover"
              onClick={() => {
                instance.destroy();
                setHandover({ fromUser: String(row.id), page });
              }}
            >
              工作交接
            </Button>
          ) : null}
          <OkBtn />
        </Space>
      ),
    });
  };

  return (
    <PageWrapper description="员工即系统用户：在这里设置岗位和校区，办理离职与复职。名下还有线索、学员、班级、未上课次或未完成任务的员工不能离职，请先工作交接；离职后账号冻结，不能登录，也不会再被选为接收人或负责人。">
      <Space wrap style={{ marginBottom: 12 }} data-testid="staff-filters">
        <span>部门：</span>
        <div style={{ width: 200 }}>
          <DepartSelect value={departId} onChange={(v) => setDepartId(v)} placeholder="全部部门" testId="staff-depart-filter" />
        </div>
        <span>校区：</span>
        <div style={{ width: 240 }}>
          <LocationPicker url={VENUE_LIST_URL} value={campusId} onChange={(v) => setCampusId(v)} placeholder="全部校区" testId="staff-campus-filter" />
        </div>
      </Space>
      <ListPage<Row>
        def={staffResource}
        editors={editors}
        renderers={renderers}
        extraParams={extraParams}
        rowActions={(r, page) => (
          <Space size={8}>
            {canEdit && Number(r.staffStatus) !== STAFF_STATUS.left ? (
              <a data-testid={`staff-leave-${String(r.id)}`} onClick={() => setLeaving({ row: r, page })}>
                离职
              </a>
            ) : null}
            {canEdit && Number(r.staffStatus) === STAFF_STATUS.left ? (
              <Popconfirm title={`确定为${text(r.realname)}办理复职？账号将解冻。`} onConfirm={() => rejoin(r, page)} okButtonProps={testIdButton('staff-rejoin-ok')}>
                <a data-testid={`staff-rejoin-${String(r.id)}`}>复职</a>
              </Popconfirm>
            ) : null}
            {canHandover ? (
              <a data-testid={`staff-handover-${String(r.id)}`} onClick={() => setHandover({ fromUser: String(r.id), page })}>
                工作交接
              </a>
            ) : null}
          </Space>
        )}
      />
      <LeaveModal
        target={leaving?.row ?? null}
        onCancel={() => setLeaving(null)}
        onDone={async (error) => {
          const current = leaving;
          setLeaving(null);
          if (!current) return;
          if (error) blocked(error, current.row, current.page);
          else await current.page.reload();
        }}
      />
      <HandoverFormModal
        open={!!handover}
        fromUser={handover?.fromUser}
        onCancel={() => setHandover(null)}
        onDone={(d) => {
          void handover?.page?.reload();
          setHandover(null);
          setDone(d);
        }}
      />
      <HandoverResultModal done={done} onClose={() => setDone(null)} />
    </PageWrapper>
  );
}

/** 离职: the day they leave; a refusal that names held work goes back to the screen (it offers 工作交接). */
function LeaveModal({ target, onCancel, onDone }: { target: Row | null; onCancel: () => void; onDone: (blocked: ApiError | null) => void | Promise<void> }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<{ leaveDate: Dayjs }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await http.post(STAFF_URL.leave, { id: target?.id, leaveDate: v.leaveDate.format(DATE_FORMAT) });
      message.success(r.message || STAFF_MESSAGES.left);
      await onDone(null);
    } catch (e) {
      // The counts in the answer mean "still holds work": the screen explains and offers 工作交接.
      const counts = e instanceof ApiError ? (e.envelope?.result as { counts?: unknown } | null)?.counts : undefined;
      if (e instanceof ApiError && counts) await onDone(e);
      else showError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!target}
      title={`办理离职：${text(target?.realname)}`}
      okText="确定离职"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onCancel}
      confirmLoading={saving}
      okButtonProps={testIdButton('staff-leave-ok')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ leaveDate: dayjs() }} preserve={false}>
        <Form.Item name="leaveDate" label="离职日期" rules={[{ required: true, message: STAFF_MESSAGES.leaveDateRequired }]}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="staff-leave-date" />
        </Form.Item>
      </Form>
      <div style={{ color: 'rgba(0,0,0,0.45)' }}>离职后账号将被冻结，不能再登录。</div>
    </Modal>
  );
}
