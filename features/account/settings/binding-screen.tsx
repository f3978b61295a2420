'use client';

import { useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import useSWR from 'swr';
import { Alert, App, Avatar, Button, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { BIND_MESSAGES, type BindOutcome } from '../../../lib/account/account-rules';
import { SettingsLayout } from './settings-layout';
import { SETTINGS_URLS } from './settings-urls';

interface ThirdBinding {
  thirdType: string;
  bound: boolean;
  realname: string | null;
  avatar: string | null;
  bindTime: string | null;
}
interface Bindings {
  enabled: boolean;
  providers: ThirdBinding[];
  canUnbind: boolean;
}

/** Display names of well-known provider names (OAUTH_NAME); any other name is shown as configured. */
const PROVIDER_LABELS: Record<string, string> = { wechat_enterprise: '企业微信', dingtalk: '钉钉', wechat_open: '微信', github: 'GitHub', gitee: 'Gitee' };
const labelOf = (t: string) => PROVIDER_LABELS[t] ?? t;

/** Where 绑定 starts: the OAuth flow in bind mode, back to this page with `?bind=<outcome>`. */
export const bindStartUrl = (path: string) => `/oauth/start?mode=bind&redirect=${encodeURIComponent(path)}`;

const loadBindings = async () => (await http.get<Bindings>(SETTINGS_URLS.bindings)).result;

/**
 * 账号绑定 (account/settings/Binding): the configured third-party sign-in with 绑定 / 解绑. 绑定 runs the
 * provider's authorization in bind mode; 解绑 is refused by the server when it is the user's only way to sign in.
 */
export default function BindingScreen() {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const pathname = usePathname();
  const { data, error, isLoading, mutate } = useSWR(SETTINGS_URLS.bindings, loadBindings, { revalidateOnFocus: false });
  // Back from the provider (`?bind=<key>`): the outcome is shown by its fixed key, never the address's text.
  const key = useSearchParams().get('bind');
  const [dismissed, setDismissed] = useState(false);
  const outcome: BindOutcome | null = !key || dismissed ? null : Object.hasOwn(BIND_MESSAGES, key) ? (key as BindOutcome) : 'failed';

  const unbind = (p: ThirdBinding) =>
    modal.confirm({
      title: '解绑第三方账号',
      content: `解绑后将不能再使用${labelOf(p.thirdType)}登录，确定解绑吗？`,
      okText: '解绑',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const res = await http.del<null>(SETTINGS_URLS.unbind, { thirdType: p.thirdType });
          message.success(res.message || BIND_MESSAGES.unbound);
          await mutate();
        } catch (e) {
          showError(e);
        }
      },
    });

  return (
    <SettingsLayout active="binding">
      {outcome && (
        <Alert
          type={outcome === 'bound' ? 'success' : 'error'}
          showIcon
          title={<span data-testid="binding-outcome">{BIND_MESSAGES[outcome]}</span>}
          closable={{ onClose: () => setDismissed(true) }}
        />
      )}
      {error && <Alert type="error" showIcon title="加载绑定信息失败" description={error instanceof Error ? error.message : undefined} />}
      {isLoading && <Skeleton active />}
      {data && !data.providers.length && <Empty description="系统未启用第三方登录，暂无可绑定的账号" data-testid="binding-empty" />}
      {data && !!data.providers.length && (
        <Flex vertical data-testid="binding-list">
          {data.providers.map((p) => (
            <Flex key={p.thirdType} justify="space-between" align="center" gap={16} style={{ padding: '14px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }} data-testid={`binding-row-${p.thirdType}`}>
              <Flex gap={12} align="center">
                <Avatar src={p.avatar || undefined} icon={<LinkOutlined />} />
                <Flex vertical>
                  <Typography.Text strong>
                    {labelOf(p.thirdType)} {p.bound ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {p.bound ? `${p.realname ? `账号：${p.realname}，` : ''}绑定于 ${p.bindTime ?? ''}` : `绑定后可使用${labelOf(p.thirdType)}登录本系统`}
                  </Typography.Text>
                </Flex>
              </Flex>
              {p.bound ? (
                <Button
                  danger
                  onClick={() => unbind(p)}
                  disabled={!data.canUnbind}
                  title={data.canUnbind ? undefined : BIND_MESSAGES.onlyWay}
                  data-testid={`binding-unbind-${p.thirdType}`}
                >
                  解绑
                </Button>
              ) : (
                <Button type="primary" href={bindStartUrl(pathname || '/account/settings/binding')} disabled={!data.enabled} data-testid={`binding-bind-${p.thirdType}`}>
                  绑定
                </Button>
              )}
            </Flex>
          ))}
          {!data.canUnbind && <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>{BIND_MESSAGES.onlyWay}</Typography.Paragraph>}
        </Flex>
      )}
    </SettingsLayout>
  );
}
