import type { Metadata } from 'next';
import { Button, Result } from 'antd';
import { AntdRoot } from '@/components/antd-root';
import { BlankLayout } from '@/components/layout/blank-layout';

export const metadata: Metadata = { title: '404' };

/** Outside the signed-in shell: the blank layout of spec 01 §2, no menu or header. */
export default function NotFound() {
  return (
    <AntdRoot>
      <BlankLayout>
        <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
          <Result
            status="404"
            title="404"
            subTitle="很抱歉，您访问的页面不存在"
            extra={
              <Button type="primary" href="/">
                返回首页
              </Button>
            }
          />
        </main>
      </BlankLayout>
    </AntdRoot>
  );
}
