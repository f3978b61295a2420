import type { Metadata } from 'next';
import { connection } from 'next/server';
import { BlankLayout } from '@/components/layout/blank-layout';
import styles from './not-found.module.css';

export const metadata: Metadata = { title: '404' };

/**
 * Outside the signed-in shell: the blank layout of spec 01 §2, no menu or header. Plain HTML and CSS, not antd's
 * Result: the root not-found boundary is part of every page's tree, so antd here would load on the login page too
 * (issue #28).
 */
export default async function NotFound() {
  // Rendered per request, not prerendered: a prerendered page's scripts carry no nonce, and the page's
  // Content-Security-Policy (proxy.ts) would block them (/404 is served from here).
  await connection();
  return (
    <BlankLayout>
      <main className={styles.main}>
        <div className={styles.result}>
          <h1 className={styles.code}>404</h1>
          <div className={styles.subtitle}>很抱歉，您访问的页面不存在</div>
          <div className={styles.extra}>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: the home's layout brings its own providers */}
            <a className={styles.button} href="/">
              返回首页
            </a>
          </div>
        </div>
      </main>
    </BlankLayout>
  );
}
