import Link from 'next/link';
import { Button, Result } from 'antd';

const TEXT = {
  '403': { title: '403', subTitle: '抱歉，你无权访问该页面' },
  '404': { title: '404', subTitle: '抱歉，你访问的页面不存在' },
  '500': { title: '500', subTitle: '抱歉，服务器出错了' },
} as const;

/** The 403 / 404 / 500 exception pages of spec 01 §2 (server-renderable: no function props). */
export function ExceptionPage({ type, detail, homeHref = '/' }: { type: keyof typeof TEXT; detail?: string; homeHref?: string }) {
  return (
    <Result
      status={type}
      title={TEXT[type].title}
      subTitle={
        <span data-testid={`exception-${type}`}>
          {TEXT[type].subTitle}
          {detail ? <><br />{detail}</> : null}
        </span>
      }
      extra={
        <Link href={homeHref}>
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
