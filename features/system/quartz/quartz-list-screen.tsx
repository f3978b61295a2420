'use client';

import { App, Badge, Divider, Popconfirm, Radio, Typography } from 'antd';
import { CodeEditor } from '@/components/code-editor';
import { CronInput } from '@/components/cron';
import type { EditorProps } from '@/components/fields/field-registry';
import { useApiError } from '@/components/feedback/use-api-error';
import { ListPage } from '@/components/data/list/list-page';
import type { ListPage as ListPageApi, Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { QUARTZ_API, QUARTZ_STATUS_OPTIONS, quartzResource } from './quartz-resource';
import { PERMS } from '@/lib/permissions/codes';

export interface QuartzRow extends Row {
  id: string;
  jobClassName: string;
  jobClassName_dictText?: string;
  cronExpression: string;
  parameter?: string;
  description?: string;
  status: number;
  status_dictText?: string;
}

const RUNNING = 0;

const editors = {
  cronExpression: ({ value, onChange, disabled, id }: EditorProps) => <CronInput id={id} value={typeof value === 'string' ? value : ''} onChange={onChange} disabled={disabled} data-testid="quartz-cron" />,
  parameter: ({ value, onChange, disabled, id }: EditorProps) => (
    <CodeEditor id={id} value={typeof value === 'string' ? value : ''} onChange={onChange} readOnly={disabled} language="javascript" height={140} placeholder='{"days":7}' data-testid="quartz-parameter" />
  ),
  status: ({ value, onChange, disabled, id }: EditorProps) => (
    <Radio.Group id={id} value={value === undefined || value === null || value === '' ? RUNNING : Number(value)} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} options={QUARTZ_STATUS_OPTIONS} data-testid="quartz-status" />
  ),
};

const renderers = {
  jobClassName: (_v: unknown, r: QuartzRow) => (
    <span title={r.jobClassName}>
      {r.jobClassName_dictText ?? r.jobClassName}
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {r.jobClassName}
      </Typography.Text>
    </span>
  ),
  status: (_v: unknown, r: QuartzRow) => (
    <Badge status={r.status === RUNNING ? 'processing' : 'default'} text={r.status_dictText ?? (r.status === RUNNING ? '正常' : '停止')} data-testid={`quartz-status-${r.id}`} />
  ),
};

/** 停止 / 启动 and 立即执行, each behind its own code (quartz:job:pause|resume|execute). */
function RowLinks({ r, page }: { r: QuartzRow; page: ListPageApi<QuartzRow> }) {
  const { mode } = useAuth();
  const { message } = App.useApp();
  const showError = useApiError();
  const call = async (action: 'pause' | 'resume' | 'execute') => {
    try {
      const res = await http.get<unknown>(`${QUARTZ_API}/${action}`, { id: r.id });
      if (res.message) message.success(res.message);
      await page.reload();
    } catch (e) {
      showError(e);
    }
  };
  const toggle = r.status === RUNNING ? 'pause' : 'resume';
  const toggleMode = mode(PERMS.quartz[toggle]);
  const execMode = mode(PERMS.quartz.execute);
  return (
    <>
      {toggleMode !== 'hide' ? (
        <>
          <Popconfirm title={toggle === 'pause' ? '确定停止吗?' : '确定启动吗?'} onConfirm={() => call(toggle)} disabled={toggleMode === 'disable'}>
            <Typography.Link disabled={toggleMode === 'disable'} data-testid={`quartz-${toggle}-${r.id}`}>
              {toggle === 'pause' ? '停止' : '启动'}
            </Typography.Link>
          </Popconfirm>
        </>
      ) : null}
      {execMode !== 'hide' ? (
        <>
          {/* The list puts the divider before this block; only the one between our two links is ours. */}
          {toggleMode !== 'hide' ? <Divider orientation="vertical" /> : null}
          <Popconfirm title="确定立即执行一次吗?" onConfirm={() => call('execute')} disabled={execMode === 'disable'}>
            <Typography.Link disabled={execMode === 'disable'} data-testid={`quartz-execute-${r.id}`}>
              立即执行
            </Typography.Link>
          </Popconfirm>
        </>
      ) : null}
    </>
  );
}

/**
 * 定时任务 (system/QuartzJobList): jobs of the whitelisted classes, run in process on their Quartz
 * expression (Asia/Shanghai). The server validates the expression, the class and the parameter.
 */
export default function QuartzListScreen() {
  return (
    <PageWrapper description="定时任务按Cron表达式（秒 分 时 日 月 周 年，北京时间）在服务器上运行；只能选择系统提供的任务类。参数为JSON对象，可留空。">
      <ListPage<QuartzRow> def={quartzResource} formWidth={800} editors={editors} renderers={renderers} superQuery={false} rowActions={(r, page) => <RowLinks r={r} page={page} />} />
    </PageWrapper>
  );
}
