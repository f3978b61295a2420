'use client';

import { useMemo, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { PRIMARY_COLOR } from '@/lib/config';
import { useReducedMotion } from '@/lib/reduced-motion';

dayjs.locale('zh-cn');

/**
 * zh-CN locale, the teal theme (no animations when the system asks for reduced motion), and antd's App context
 * (message / modal / notification via App.useApp).
 */
export function Providers({ children }: { children: ReactNode }) {
  const reduced = useReducedMotion();
  const theme = useMemo(() => ({ token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR, motion: !reduced } }), [reduced]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
