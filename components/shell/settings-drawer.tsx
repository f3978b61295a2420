'use client';

import { Divider, Drawer, Flex, Radio, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { disabledSettingControls, PRESET_COLORS, type Settings } from '@/lib/settings';

const row = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 0' } as const;

/** The settings drawer (spec 01 §2, development preview): every change is applied and persisted by the shell. */
export function SettingsDrawer({ open, settings, onClose, onChange }: {
  open: boolean;
  settings: Settings;
  onClose: () => void;
  onChange: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}) {
  const disabled = disabledSettingControls(settings);
  return (
    <Drawer title="系统设置" open={open} onClose={onClose} size={300} data-testid="settings-drawer">
      <Typography.Title level={5}>整体风格设置</Typography.Title>
      <Radio.Group value={settings.navTheme} onChange={(e) => onChange('navTheme', e.target.value)} data-testid="setting-theme">
        <Radio.Button value="dark">暗色菜单</Radio.Button>
        <Radio.Button value="light">亮色菜单</Radio.Button>
      </Radio.Group>

      <Typography.Title level={5} style={{ marginTop: 24 }}>主题色</Typography.Title>
      <Flex gap={8} wrap data-testid="setting-colors">
        {PRESET_COLORS.map((c) => (
          <Tooltip key={c.color} title={c.key}>
            <button
              type="button"
              aria-label={c.key}
              data-color={c.color}
              onClick={() => onChange('primaryColor', c.color)}
              style={{ width: 22, height: 22, borderRadius: 4, border: 'none', background: c.color, cursor: 'pointer', color: '#fff', padding: 0 }}
            >
              {settings.primaryColor.toLowerCase() === c.color.toLowerCase() ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </Flex>

      <Divider />
      <Typography.Title level={5}>导航模式</Typography.Title>
      <Radio.Group value={settings.layout} onChange={(e) => onChange('layout', e.target.value)} data-testid="setting-layout">
        <Radio.Button value="sidemenu">侧边栏导航</Radio.Button>
        <Radio.Button value="topmenu">顶部栏导航</Radio.Button>
      </Radio.Group>
      <div style={row}>
        <span>内容区域宽度</span>
        <Radio.Group size="small" value={settings.contentWidth} onChange={(e) => onChange('contentWidth', e.target.value)}>
          <Radio.Button value="Fixed">固定</Radio.Button>
          <Tooltip title={disabled.fluidContent ? '该设定仅 [顶部栏导航] 时有效' : undefined}>
            <Radio.Button value="Fluid" disabled={disabled.fluidContent}>流式</Radio.Button>
          </Tooltip>
        </Radio.Group>
      </div>
      <div style={row}>
        <span>固定 Header</span>
        <Switch size="small" checked={settings.fixedHeader} onChange={(v) => onChange('fixedHeader', v)} data-testid="setting-fixed-header" />
      </div>
      <div style={row}>
        <span style={disabled.autoHideHeader ? { opacity: 0.5 } : undefined}>下滑时隐藏 Header</span>
        <Switch size="small" checked={settings.autoHideHeader} disabled={disabled.autoHideHeader} onChange={(v) => onChange('autoHideHeader', v)} data-testid="setting-auto-hide" />
      </div>
      <div style={row}>
        <span style={disabled.fixSiderbar ? { opacity: 0.5 } : undefined}>固定侧边菜单</span>
        <Switch size="small" checked={settings.fixSiderbar} disabled={disabled.fixSiderbar} onChange={(v) => onChange('fixSiderbar', v)} />
      </div>

      <Divider />
      <Typography.Title level={5}>其他设置</Typography.Title>
      <div style={row}>
        <span>色弱模式</span>
        <Switch size="small" checked={settings.colorWeak} onChange={(v) => onChange('colorWeak', v)} data-testid="setting-color-weak" />
      </div>
      <div style={row}>
        <span>多页签模式</span>
        <Switch size="small" checked={settings.multipage} onChange={(v) => onChange('multipage', v)} data-testid="setting-multipage" />
      </div>
    </Drawer>
  );
}
