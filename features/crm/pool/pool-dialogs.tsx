'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Form, InputNumber, Modal, Skeleton, Switch, Typography, type ButtonProps } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { UserSelect } from '@/components/pickers/user-picker';
import { validatePoolConfig } from '@/lib/crm/pool-rules';
import { ApiError, http } from '@/lib/http';
import { POOL_URLS, type PoolConfigWire, type PoolMoveResult } from './lead-pool-resource';

/** Failures the user can act on (limits, a lead already taken) stay in the dialog, in the server's words. */
function useDialogFailure() {
  const showError = useApiError();
  const [failure, setFailure] = useState<string | null>(null);
  const report = (e: unknown) => {
    if (e instanceof ApiError && e.status === 200) setFailure(e.message);
    else showError(e);
  };
  return { failure, setFailure, report };
}

// ---------------------------------------------------------------- 分配

export function AssignModal({ leads, onClose, onDone }: { leads: { id: string; name: string }[] | null; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const { failure, setFailure, report } = useDialogFailure();
  const close = () => {
    setUserId('');
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    if (!leads || !userId) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await http.post<PoolMoveResult>(POOL_URLS.assign, { ids: leads.map((l) => l.id), userId });
      message.success(r.message || '分配成功');
      setUserId('');
      onDone();
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={leads !== null}
      title="分配线索"
      okText="分配"
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={busy}
      okButtonProps={{ disabled: !userId, 'data-testid': 'pool-assign-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph>
        将 {leads?.length ?? 0} 条线索（{leads?.slice(0, 3).map((l) => l.name).join('、')}
        {(leads?.length ?? 0) > 3 ? '等' : ''}）分配给：
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="pool-assign-error" />}
      <UserSelect multiple={false} valueField="id" value={userId} onChange={(v) => setUserId(v)} title="选择负责人" placeholder="请选择负责人" testId="pool-assign-user" />
    </Modal>
  );
}

// ---------------------------------------------------------------- 线索池设置

interface SettingsForm {
  enabled: boolean;
  contactExpireDays: number;
  dealExpireDays: number;
  notifyEnabled: boolean;
  notifyDays: number;
  maxOwned: number;
}

export function PoolSettingsModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsForm>();
  const [busy, setBusy] = useState(false);
  const { failure, setFailure, report } = useDialogFailure();
  const { data, error, isLoading, mutate } = useSWR(open ? POOL_URLS.config : null, (url: string) => http.get<PoolConfigWire>(url).then((r) => r.result), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const notify = Form.useWatch('notifyEnabled', form);

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = { ...v, enabled: v.enabled ? 1 : 0, notifyEnabled: v.notifyEnabled ? 1 : 0 };
    // The server's rule, said before the round trip (it checks again).
    const checked = validatePoolConfig(body);
    if ('error' in checked) return setFailure(checked.error);
    setBusy(true);
    setFailure(null);
    try {
      const r = await http.put<PoolConfigWire>(POOL_URLS.config, checked.config);
      message.success(r.message || '保存成功');
      await mutate(r.result, { revalidate: false });
      onClose();
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="线索池设置"
      width={560}
      okText="保存"
      onOk={() => void save()}
      onCancel={() => {
        setFailure(null);
        onClose();
      }}
      confirmLoading={busy}
      okButtonProps={{ disabled: !data, 'data-testid': 'pool-settings-ok' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="pool-settings">
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="pool-settings-error" />}
        {error && <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} style={{ marginBottom: 12 }} />}
        {isLoading || !data ? (
          <Skeleton active />
        ) : (
          <Form<SettingsForm>
            form={form}
            layout="horizontal"
            labelCol={{ span: 9 }}
            preserve={false}
            initialValues={{ ...data, enabled: data.enabled === 1, notifyEnabled: data.notifyEnabled === 1 }}
          >
            <Form.Item name="enabled" label="启用自动回收" valuePropName="checked" extra="关闭后不再自动回收和提醒；领取与分配不受影响。">
              <Switch data-testid="pool-settings-enabled" />
            </Form.Item>
            <Form.Item name="contactExpireDays" label="未跟进回收天数" rules={[{ required: true, message: '请输入未跟进回收天数' }]} extra="领取后及最近一次跟进后超过该天数，线索回到线索池。">
              <InputNumber min={1} max={3650} precision={0} suffix="天" data-testid="pool-settings-contact" />
            </Form.Item>
            <Form.Item name="dealExpireDays" label="未成交回收天数" rules={[{ required: true, message: '请输入未成交回收天数' }]} extra="领取后超过该天数仍未转化，线索回到线索池。">
              <InputNumber min={1} max={3650} precision={0} suffix="天" data-testid="pool-settings-deal" />
            </Form.Item>
            <Form.Item name="notifyEnabled" label="回收前提醒" valuePropName="checked">
              <Switch data-testid="pool-settings-notify" />
            </Form.Item>
            <Form.Item name="notifyDays" label="提前提醒天数" rules={[{ required: true, message: '请输入提前提醒天数' }]} extra="通过系统消息提醒负责人，每次回收前提醒一次。">
              <InputNumber min={0} max={365} precision={0} suffix="天" disabled={!notify} data-testid="pool-settings-notify-days" />
            </Form.Item>
            <Form.Item name="maxOwned" label="每人可拥有线索上限" rules={[{ required: true, message: '请输入每人可拥有线索上限' }]} extra="未转化的线索计入上限，领取与分配都受此限制。">
              <InputNumber min={1} max={100000} precision={0} suffix="条" data-testid="pool-settings-max" />
            </Form.Item>
            {data.updateTime && (
              <Typography.Text type="secondary">
                上次修改：{data.updateBy ?? ''} {data.updateTime}
              </Typography.Text>
            )}
          </Form>
        )}
      </div>
    </Modal>
  );
}
