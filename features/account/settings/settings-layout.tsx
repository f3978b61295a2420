'use client';

import type { ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { Card, Flex, Menu } from 'antd';
import { BellOutlined, LinkOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';

/** 账户设置's tabs (JeecgBoot's AccountSettings: a left menu, the page on the right); 头像 lives in 基本设置. */
export const SETTINGS_TABS = [
  { key: 'base', path: '/account/settings/base', label: '基本设置', icon: <UserOutlined /> },
  { key: 'security', path: '/account/settings/security', label: '安全设置', icon: <SafetyOutlined /> },
  { key: 'binding', path: '/account/settings/binding', label: '账号绑定', icon: <LinkOutlined /> },
  { key: 'notification', path: '/account/settings/notification', label: '新消息通知', icon: <BellOutlined /> },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];

export const BASE_SETTING_PATH = SETTINGS_TABS[0].path;

export function SettingsLayout({ active, children }: { active: SettingsTab; children: ReactNode }) {
  const router = useRouter();
  const current = SETTINGS_TABS.find((t) => t.key === active)!;
  return (
    <Card styles={{ body: { padding: 0 } }} data-testid="account-settings-layout">
      <Flex wrap>
        <Menu
          mode="inline"
          selectedKeys={[active]}
          style={{ width: 200, flex: '0 0 200px', minHeight: 360 }}
          items={SETTINGS_TABS.map((t) => ({ key: t.key, icon: t.icon, label: <span data-testid={`account-settings-tab-${t.key}`}>{t.label}</span> }))}
          onClick={({ key }) => {
            const tab = SETTINGS_TABS.find((t) => t.key === key);
            if (tab && key !== active) router.push(tab.path);
          }}
        />
        <Flex vertical gap={16} style={{ flex: '1 1 420px', padding: '16px 32px 32px', minWidth: 0 }}>
          <h2 style={{ margin: 0, fontSize: 20, fontWeight: 500 }}>{current.label}</h2>
          {children}
        </Flex>
      </Flex>
    </Card>
  );
}
