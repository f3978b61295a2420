'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Button, Result } from 'antd';
import { safeBackPath } from '@/lib/result-link';

const DEFAULTS = {
  success: { title: '提交成功', description: '提交结果页用于反馈一系列操作任务的处理结果。' },
  error: { title: '提交失败', description: '请核对并修改以下信息后，再重新提交。' },
} as const;

/**
 * 成功 / 失败 result pages (spec 01 §1, routes /result/success and /result/fail): shown after a long action (an
 * import, a work handover). `?title=&desc=&back=` say what happened and where 返回 goes (a path of this site only).
 */
export function ResultScreen({ status }: { status: keyof typeof DEFAULTS }) {
  const q = useSearchParams();
  const title = q.get('title')?.slice(0, 100) || DEFAULTS[status].title;
  const desc = q.get('desc')?.slice(0, 500) || DEFAULTS[status].description;
  const back = safeBackPath(q.get('back'));
  return (
    <Result
      status={status}
      title={<span data-testid={`result-${status}-title`}>{title}</span>}
      subTitle={desc}
      extra={[
        <Link key="back" href={back ?? '/'}>
          <Button type="primary" data-testid="result-back">{back ? '返回' : '返回首页'}</Button>
        </Link>,
      ]}
    />
  );
}
