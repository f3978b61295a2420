'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, Modal, Result, Spin } from 'antd';
import { RefSelect, type RefConfig } from '@/features/edu/course/ref-select';
import { useApiError } from '@/components/feedback/use-api-error';
import { testIdButton } from '@/components/pickers/picker-parts';
import { http } from '@/lib/http';
import { currentPath, resultHref } from '@/lib/result-link';
import { countsText, HANDOVER_MESSAGES, HANDOVER_SCOPES, HANDOVER_URL, SCOPE_OPTIONS, SCOPE_TEXT, STAFF_URL, totalOf, type HandoverScope, type WorkCounts } from '@/lib/edu/handover-rules';

/** The giver: any staff member; the receiver: 在职 staff whose account is active (离职 freezes it). */
const FROM_USERS: RefConfig = { url: STAFF_URL.list, textField: 'realname' };
const TO_USERS: RefConfig = { url: STAFF_URL.list, textField: 'realname', params: { staffStatus: 1, status: 1 } };

interface Values {
  fromUser?: string;
  toUser?: string;
  scopes: HandoverScope[];
  reason?: string;
}

export interface HandoverDone {
  id: string;
  counts: WorkCounts;
  scopes: HandoverScope[];
}

export interface HandoverFormModalProps {
  open: boolean;
  /** Pre-filled 交接人 (the staff screen's 工作交接 after a refused 离职). */
  fromUser?: string | null;
  onCancel: () => void;
  onDone: (done: HandoverDone) => void;
}

/** RefSelect with a data-testid around it (the select itself takes none). */
function RefSelectBox({ testId, ...props }: Parameters<typeof RefSelect>[0] & { testId: string }) {
  return (
    <div data-testid={testId}>
      <RefSelect {...props} />
    </div>
  );
}

/** The counts a handover would move, read again whenever the giver, receiver or scopes change. */
function usePreview(fromUser: string | undefined, toUser: string | undefined, scopes: HandoverScope[]) {
  const [state, setState] = useState<{ key: string; counts?: WorkCounts; error?: string }>({ key: '' });
  const key = fromUser && scopes.length ? `${fromUser}|${toUser ?? ''}|${scopes.join(',')}` : '';
  useEffect(() => {
    if (!key) return;
    let live = true;
    http
      .post<WorkCounts>(HANDOVER_URL.preview, { fromUser, toUser: toUser || null, scopes })
      .then((r) => live && setState({ key, counts: r.result }))
      .catch((e: unknown) => live && setState({ key, error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
    // The key holds every input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { loading: !!key && state.key !== key, counts: state.key === key ? state.counts : undefined, error: state.key === key ? state.error : undefined, ready: !!key };
}

/** 工作交接's form: giver, receiver, scopes and reason; the counts are shown before 确认交接. */
export function HandoverFormModal({ open, fromUser, onCancel, onDone }: HandoverFormModalProps) {
  if (!open) return null;
  return <HandoverDialog fromUser={fromUser} onCancel={onCancel} onDone={onDone} />;
}

function HandoverDialog({ fromUser, onCancel, onDone }: Omit<HandoverFormModalProps, 'open'>) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const scopes = (values?.scopes ?? []).filter((s): s is HandoverScope => (HANDOVER_SCOPES as readonly string[]).includes(s));
  const preview = usePreview(values?.fromUser || undefined, values?.toUser || undefined, scopes);
  const nothing = preview.counts !== undefined && totalOf(preview.counts) === 0;

  const submit = async () => {
    const v = await form.validateFields();
    if (v.fromUser === v.toUser) return void message.warning(HANDOVER_MESSAGES.sameUser);
    setSaving(true);
    try {
      const r = await http.post<{ id: string; counts: WorkCounts }>(HANDOVER_URL.add, { fromUser: v.fromUser, toUser: v.toUser, scopes: v.scopes, reason: v.reason?.trim() || null });
      message.success(r.message || HANDOVER_MESSAGES.done);
      onDone({ ...r.result, scopes: v.scopes });
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="工作交接"
      width={640}
      okText="确认交接"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ ...testIdButton('handover-submit'), disabled: !preview.counts || nothing || !!preview.error }}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ fromUser: fromUser ?? undefined, scopes: [...HANDOVER_SCOPES] }} data-testid="handover-form">
        <Form.Item name="fromUser" label="交接人" rules={[{ required: true, message: '请选择交接人' }]}>
          <RefSelectBox testId="handover-from-user" config={FROM_USERS} placeholder="请选择交接人" />
        </Form.Item>
        <Form.Item
          name="toUser"
          label="接收人"
          dependencies={['fromUser']}
          rules={[
            { required: true, message: '请选择接收人' },
            ({ getFieldValue }) => ({ validator: (_, v) => (v && v === getFieldValue('fromUser') ? Promise.reject(new Error(HANDOVER_MESSAGES.sameUser)) : Promise.resolve()) }),
          ]}
        >
          <RefSelectBox testId="handover-to-user" config={TO_USERS} placeholder="请选择接收人（在职员工）" />
        </Form.Item>
        <Form.Item name="scopes" label="交接范围" rules={[{ required: true, type: 'array', min: 1, message: HANDOVER_MESSAGES.noScopes }]}>
          <Checkbox.Group options={SCOPE_OPTIONS} data-testid="handover-scopes" />
        </Form.Item>
        <Form.Item name="reason" label="交接原因" rules={[{ max: 200, message: HANDOVER_MESSAGES.reasonTooLong }]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="如：离职、调岗" data-testid="handover-reason" />
        </Form.Item>
      </Form>
      <div data-testid="handover-preview">
        {!preview.ready ? (
          <Alert type="info" showIcon title="选择交接人和交接范围后，这里显示将要交接的数量" />
        ) : preview.loading ? (
          <Spin />
        ) : preview.error ? (
          <Alert type="error" showIcon title={preview.error} data-testid="handover-preview-error" />
        ) : preview.counts ? (
          <>
            <Descriptions size="small" bordered column={3} title="将要交接">
              {scopes.map((s) => (
                <Descriptions.Item key={s} label={SCOPE_TEXT[s].countLabel}>
                  <span data-testid={`handover-preview-${s}`}>
                    {preview.counts![s]}
                    {SCOPE_TEXT[s].unit}
                  </span>
                </Descriptions.Item>
              ))}
            </Descriptions>
            {nothing ? <Alert style={{ marginTop: 8 }} type="warning" showIcon title={HANDOVER_MESSAGES.nothingToMove} /> : null}
          </>
        ) : null}
      </div>
    </Modal>
  );
}

/** The result shown after a handover: what moved. */
export function handoverResultText(done: HandoverDone): string {
  return countsText(done.counts, done.scopes) || '无';
}

/** What a finished handover moved. */
export function HandoverResultModal({ done, onClose }: { done: HandoverDone | null; onClose: () => void }) {
  return (
    <Modal open={!!done} footer={null} onCancel={onClose} destroyOnHidden>
      {done ? (
        <Result
          status="success"
          title="工作交接完成"
          subTitle={<span data-testid="handover-result">已交接：{handoverResultText(done)}</span>}
          extra={[
            <Button key="close" type="primary" onClick={onClose} data-testid="handover-result-close">
              知道了
            </Button>,
            // 查看结果: the 成功 result page (issue #39), whose 返回 comes back to this list.
            <Link key="result" href={resultHref('success', { title: '工作交接完成', desc: `已交接：${handoverResultText(done)}`, back: currentPath() ?? undefined })} data-testid="handover-result-link">
              <Button>查看结果</Button>
            </Link>,
          ]}
        />
      ) : null}
    </Modal>
  );
}
