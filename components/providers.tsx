'use client';

import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { PRIMARY_COLOR } from '@/lib/config';

dayjs.locale('zh-cn');

const theme = { token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR } };

/** zh-CN locale, the teal theme, and antd's App context (message / modal / notification via App.useApp). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
