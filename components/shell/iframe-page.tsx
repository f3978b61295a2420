'use client';

import { Alert, Typography } from 'antd';
import { API_PREFIX } from '@/lib/config';
import { safeFrameUrl } from '@/lib/menu';

/**
 * An iframe menu page (JeecgBoot's IframePageView) inside the shell. Sites that forbid framing show a
 * blank frame, so a link to open the page in a new tab is always offered.
 */
export function IframePage({ url, title }: { url: string; title: string }) {
  const src = safeFrameUrl(url, API_PREFIX);
  if (!src) return <Alert type="error" showIcon title="页面地址无效" description={`菜单「${title}」配置的地址不是 http(s) 地址或站内路径，请联系管理员检查菜单配置`} />;
  return (
    <div data-testid="iframe-page" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        页面无法显示？
        <Typography.Link href={src} target="_blank" rel="noopener noreferrer">
          在新窗口打开
        </Typography.Link>
      </Typography.Text>
      <iframe
        src={src}
        title={title}
        // Same-origin pages keep their cookies; external ones get no access to this window.
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ width: '100%', height: 'calc(100vh - 200px)', minHeight: 480, border: 0, background: '#fff' }}
      />
    </div>
  );
}
