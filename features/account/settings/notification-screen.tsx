'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Flex, Skeleton, Switch, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { NOTIFY_KINDS, type NotifyKind, type NotifySettings } from '../../../lib/account/account-rules';
import { SettingsLayout } from './settings-layout';
import { SETTINGS_URLS } from './settings-urls';

const loadSettings = async () => (await http.get<NotifySettings>(SETTINGS_URLS.notifySetting)).result;

/**
 * 新消息通知 (account/settings/Notification): per kind of message, whether it appears in the header's bell.
 * Each switch saves at once; the server filters the bell's lists and counts by them (我的消息 keeps everything).
 */
export default function NotificationScreen() {
  const { message } = App.useApp();
  const showError = useApiError();
  const { data, error, isLoading, mutate } = useSWR(SETTINGS_URLS.notifySetting, loadSettings, { revalidateOnFocus: false });
  const [saving, setSaving] = useState<NotifyKind | null>(null);

  const toggle = async (kind: NotifyKind, on: boolean) => {
    if (!data) return;
    const next = { ...data, [kind]: on };
    setSaving(kind);
    try {
      await http.put<NotifySettings>(SETTINGS_URLS.notifySetting, next);
      await mutate(next, { revalidate: false });
      message.success(on ? '已开启' : '已关闭');
    } catch (e) {
      showError(e);
    } finally {
      setSaving(null);
    }
  };

  return (
    <SettingsLayout active="notification">
      {error && <Alert type="error" showIcon title="加载通知设置失败" description={error instanceof Error ? error.message : undefined} />}
      {isLoading && <Skeleton active />}
      {data && (
        <Flex vertical data-testid="notify-settings">
          {NOTIFY_KINDS.map((k) => (
            <Flex key={k.key} justify="space-between" align="center" gap={16} style={{ padding: '14px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
              <Flex vertical>
                <Typography.Text strong>{k.label}</Typography.Text>
                <Typography.Text type="secondary">{k.description}</Typography.Text>
              </Flex>
              <Switch
                checked={data[k.key]}
                loading={saving === k.key}
                checkedChildren="开"
                unCheckedChildren="关"
                onChange={(on) => void toggle(k.key, on)}
                aria-label={`${k.label}站内通知`}
                data-testid={`notify-switch-${k.key}`}
              />
            </Flex>
          ))}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            关闭后，该类消息不再出现在右上角的消息提醒中，也不计入未读数；在“我的消息”中仍可查看全部消息。
          </Typography.Paragraph>
        </Flex>
      )}
    </SettingsLayout>
  );
}
