'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Radio, Skeleton, Space, Tag, Typography, type ButtonProps } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';

export const TWO_FACTOR_URL = '/sys/user/twoFactor';

interface TwoFactorStatus {
  enabled: boolean;
  enableTime: string | null;
  recoveryCodesLeft: number;
}

interface SetupAnswer {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

type ProofKind = 'disable' | 'regenerate';

const loadStatus = async () => (await http.get<TwoFactorStatus>(TWO_FACTOR_URL)).result;

/** Groups of four, as authenticator apps show secrets for typing. */
const spaced = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The ten codes, shown once: copy or download them before closing. */
function RecoveryCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const download = () => {
    const blob = new Blob([`教务系统 两步验证恢复码（每个只能使用一次）\n\n${(codes ?? []).join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = '教务系统-恢复码.txt';
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <Modal
      open={codes !== null}
      title="保存恢复码"
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Space>
            <Typography.Text copyable={{ text: (codes ?? []).join('\n'), tooltips: ['复制全部', '已复制'] }}>复制全部</Typography.Text>
            <Button size="small" onClick={download} data-testid="two-factor-recovery-download">
              下载
            </Button>
          </Space>
          <Button type="primary" onClick={onClose} data-testid="two-factor-recovery-done">
            我已保存
          </Button>
        </Flex>
      }
    >
      <Alert type="warning" showIcon title="恢复码只显示这一次" description="手机丢失或无法使用身份验证器时，可用恢复码登录；每个恢复码只能使用一次。请保存在安全的地方。" style={{ marginBottom: 16 }} />
      <ol data-testid="two-factor-recovery-codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, margin: 0 }}>
        {(codes ?? []).map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
    </Modal>
  );
}

/** 开启两步验证: scan (or type) the secret, then confirm with the app's code. */
function SetupModal({ setup, onCancel, onEnabled }: { setup: SetupAnswer | null; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const [form] = Form.useForm<{ verifyCode: string }>();
  const showError = useApiError();
  const [saving, setSaving] = useState(false);
  const submit = async ({ verifyCode }: { verifyCode: string }) => {
    setSaving(true);
    try {
      const res = await http.post<{ recoveryCodes: string[] }>(`${TWO_FACTOR_URL}/enable`, { verifyCode: verifyCode.trim() });
      form.resetFields();
      onEnabled(res.result.recoveryCodes);
    } catch (e) {
      if (e instanceof Error) form.setFields([{ name: 'verifyCode', errors: [e.message] }]);
      else showError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={setup !== null}
      title="开启两步验证"
      okText="确认开启"
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'two-factor-setup-ok' } as ButtonProps}
    >
      {setup && (
        <Flex vertical gap={12}>
          <Typography.Text>1. 在手机上打开身份验证器应用（如 Microsoft Authenticator、Google Authenticator、腾讯身份验证器），扫描下方二维码：</Typography.Text>
          <Flex justify="center">
            {/* A data URL made by the server: next/image adds nothing here. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={setup.qrCode} alt="两步验证二维码" width={180} height={180} data-testid="two-factor-qr" data-otpauth={setup.otpauthUri} />
          </Flex>
          <Typography.Text type="secondary">
            无法扫码时，可手动输入密钥：
            <Typography.Text code copyable={{ text: setup.secret }} data-testid="two-factor-secret" data-secret={setup.secret}>
              {spaced(setup.secret)}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text>2. 输入应用中显示的6位验证码：</Typography.Text>
          <Form form={form} onFinish={submit}>
            <Form.Item name="verifyCode" rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: '请输入6位数字验证码' }]} style={{ marginBottom: 0 }}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="6位验证码" autoFocus data-testid="two-factor-setup-code" />
            </Form.Item>
          </Form>
        </Flex>
      )}
    </Modal>
  );
}

/** 关闭 and 重新生成恢复码 ask again: the password, or a code from the app (or a recovery code). */
function ProofModal({ kind, onCancel, onDone }: { kind: ProofKind | null; onCancel: () => void; onDone: (kind: ProofKind, codes: string[] | null, message: string) => void }) {
  const [form] = Form.useForm<{ by: 'password' | 'code'; password?: string; verifyCode?: string }>();
  const by = Form.useWatch('by', form) ?? 'password';
  const [saving, setSaving] = useState(false);
  const submit = async (v: { by: 'password' | 'code'; password?: string; verifyCode?: string }) => {
    if (!kind) return;
    setSaving(true);
    try {
      const body = v.by === 'password' ? { password: v.password ?? '' } : { verifyCode: (v.verifyCode ?? '').trim() };
      const res = await http.post<{ recoveryCodes: string[] } | null>(`${TWO_FACTOR_URL}/${kind === 'disable' ? 'disable' : 'recoveryCodes'}`, body);
      form.resetFields();
      onDone(kind, res.result?.recoveryCodes ?? null, res.message);
    } catch (e) {
      form.setFields([{ name: v.by === 'password' ? 'password' : 'verifyCode', errors: [e instanceof Error ? e.message : '操作失败'] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={kind !== null}
      title={kind === 'disable' ? '关闭两步验证' : '重新生成恢复码'}
      okText={kind === 'disable' ? '关闭' : '生成'}
      okButtonProps={{ danger: kind === 'disable', 'data-testid': 'two-factor-proof-ok' } as ButtonProps}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ by: 'password' }}>
        <Form.Item name="by" label="验证方式">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'password', label: '当前密码' },
              { value: 'code', label: '验证码或恢复码' },
            ]}
            data-testid="two-factor-proof-by"
          />
        </Form.Item>
        {by === 'password' ? (
          <Form.Item name="password" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
            <Input.Password autoComplete="current-password" maxLength={64} autoFocus data-testid="two-factor-proof-password" />
          </Form.Item>
        ) : (
          <Form.Item name="verifyCode" label="验证码或恢复码" rules={[{ required: true, whitespace: true, message: '请输入6位验证码或恢复码' }]}>
            <Input autoComplete="one-time-code" maxLength={20} autoFocus data-testid="two-factor-proof-code" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 两步验证: off → 开启 (QR, confirm, recovery codes); on → 重新生成恢复码 / 关闭. */
export function TwoFactorCard() {
  const { message } = App.useApp();
  const showError = useApiError();
  const { data, error, isLoading, mutate } = useSWR(TWO_FACTOR_URL, loadStatus, { revalidateOnFocus: false });
  const [setup, setSetup] = useState<SetupAnswer | null>(null);
  const [starting, setStarting] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [proof, setProof] = useState<ProofKind | null>(null);

  const start = async () => {
    setStarting(true);
    try {
      setSetup((await http.post<SetupAnswer>(`${TWO_FACTOR_URL}/setup`)).result);
    } catch (e) {
      showError(e);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card title="两步验证" data-testid="two-factor-card">
      {error && <Alert type="error" showIcon title="加载两步验证状态失败" description={error instanceof Error ? error.message : undefined} />}
      {isLoading && <Skeleton active paragraph={{ rows: 1 }} />}
      {data && (
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Flex vertical gap={4}>
            <Space>
              <SafetyCertificateOutlined />
              <Typography.Text strong>身份验证器</Typography.Text>
              {data.enabled ? (
                <Tag color="green" data-testid="two-factor-status" data-enabled="true">
                  已开启
                </Tag>
              ) : (
                <Tag data-testid="two-factor-status" data-enabled="false">
                  未开启
                </Tag>
              )}
            </Space>
            <Typography.Text type="secondary">
              {data.enabled
                ? `登录时除密码外还需输入身份验证器中的6位验证码。开启时间：${data.enableTime ?? '-'}；剩余恢复码 ${data.recoveryCodesLeft} 个。`
                : '开启后，登录时除密码外还需输入手机身份验证器中的6位动态验证码，账号更安全。'}
            </Typography.Text>
          </Flex>
          {data.enabled ? (
            <Space>
              <Button onClick={() => setProof('regenerate')} data-testid="two-factor-regenerate">
                重新生成恢复码
              </Button>
              <Button danger onClick={() => setProof('disable')} data-testid="two-factor-disable">
                关闭两步验证
              </Button>
            </Space>
          ) : (
            <Button type="primary" onClick={() => void start()} loading={starting} data-testid="two-factor-enable">
              开启两步验证
            </Button>
          )}
        </Flex>
      )}
      <SetupModal
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(recovery) => {
          setSetup(null);
          setCodes(recovery);
          message.success('两步验证已开启');
          void mutate();
        }}
      />
      <ProofModal
        kind={proof}
        onCancel={() => setProof(null)}
        onDone={(_, recovery, text) => {
          setProof(null);
          message.success(text);
          if (recovery) setCodes(recovery);
          void mutate();
        }}
      />
      <RecoveryCodesModal codes={codes} onClose={() => setCodes(null)} />
    </Card>
  );
}
