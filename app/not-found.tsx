import type { Metadata } from 'next';
import { connection } from 'next/server';
import { BlankLayout } from '@/components/layout/blank-layout';
import { NOT_FOUND_CSS } from './not-found-style';

export const metadata: Metadata = { title: '404' };

/**
 * Outside the signed-in shell: the blank layout of spec 01 §2, no menu or header. Plain HTML and CSS, not antd's
 * Result: the root not-found boundary is part of every page's tree, so antd here would load on the login page too
 * (issue #28). For the same reason its CSS is an inline `<style>` sent only with the 404 itself: as a CSS module
 * (a stylesheet) Next preloaded it on every page, where it went unused and the browser warned "preloaded using link
 * preload but not used within a few seconds" on every load (issue #39).
 */
export default async function NotFound() {
  // Rendered per request, not prerendered: a prerendered page's scripts carry no nonce, and the page's
  // Content-Security-Policy (proxy.ts) would block them (/404 is served from here).
  await connection();
  return (
    <BlankLayout>
      {/* style-src allows 'unsafe-inline' (lib/csp.ts); React hoists and dedupes a style with href + precedence. */}
      <style href="jw-not-found" precedence="default">
        {NOT_FOUND_CSS}
      </style>
      <main className="jw-nf-main">
        <div className="jw-nf-result">
          <h1 className="jw-nf-code">404</h1>
          <div className="jw-nf-subtitle">很抱歉，您访问的页面不存在</div>
          <div className="jw-nf-extra">
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: the home's layout brings its own providers */}
            <a className="jw-nf-button" href="/">
              返回首页
            </a>
          </div>
        </div>
      </main>
    </BlankLayout>
  );
}
