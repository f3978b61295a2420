'use client';

import { useState } from 'react';
import useSWR from 'swr';
import dayjs, { type Dayjs } from 'dayjs';
import { Card, DatePicker, Empty, Form, Input, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { NoPermission } from './no-permission';
import { FIRST_PAGE, tablePagination, type PageQuery, type PageResult } from './paging';
import { LoadError, SearchActions } from './list-parts';

/** One row of GET /sys/log/list (login log, logType 1). */
interface LogRow {
  id: string;
  logContent: string | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  createTime: string | null;
}

interface Filters {
  keyWord: string;
  createTime_begin: string;
  createTime_end: string;
}

interface Query extends PageQuery, Filters {}

interface SearchValues {
  keyWord?: string;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

const LIST_PERM = 'system:log:list';
/** Spec 02 §9 datetime format; the backend reads the bounds as GMT+8 wall-clock times. */
const DATETIME = 'YYYY-MM-DD HH:mm:ss';
const NO_FILTERS: Filters = { keyWord: '', createTime_begin: '', createTime_end: '' };
const TIME_DEFAULTS = { defaultOpenValue: [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')] };

const orDash = (v: string | null) => v || '-';

function fetchPage([url, q]: readonly [string, Query]) {
  const params: Record<string, string | number> = { logType: 1, pageNo: q.pageNo, pageSize: q.pageSize };
  if (q.keyWord) params.keyWord = q.keyWord;
  if (q.createTime_begin) params.createTime_begin = q.createTime_begin;
  if (q.createTime_end) params.createTime_end = q.createTime_end;
  return http.get<PageResult<LogRow>>(url, params).then((r) => r.result);
}

function filtersOf(v: SearchValues): Filters {
  const [begin, end] = v.createTime ?? [null, null];
  return {
    keyWord: (v.keyWord ?? '').trim(),
    createTime_begin: begin ? begin.format(DATETIME) : '',
    createTime_end: end ? end.format(DATETIME) : '',
  };
}

const columns: TableColumnsType<LogRow> = [
  { title: '日志内容', dataIndex: 'logContent', ellipsis: true, render: (v: string | null) => <Typography.Text title={v ?? undefined}>{orDash(v)}</Typography.Text> },
  { title: '用户名', dataIndex: 'username', width: 160, render: orDash },
  { title: 'IP', dataIndex: 'ip', width: 160, render: orDash },
  { title: '时间', dataIndex: 'createTime', width: 190, render: orDash },
];

/** 登录日志 (system/LogList): the login log, newest first, searchable by content and time range. */
export default function LogListScreen() {
  const { mode } = useAuth();
  if (mode(LIST_PERM) === 'hide') return <NoPermission code={LIST_PERM} />;
  return (
    <PageWrapper description="登录、退出与登录失败的记录，可按用户名、类型和时间查询。">
      <LogList />
    </PageWrapper>
  );
}

function LogList() {
  const showError = useApiError();
  const [form] = Form.useForm<SearchValues>();
  const [query, setQuery] = useState<Query>({ ...FIRST_PAGE, ...NO_FILTERS });
  const { data, error, isLoading, isValidating, mutate } = useSWR(['/sys/log/list', query] as const, fetchPage, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });

  const search = (v: SearchValues) => setQuery((q) => ({ ...q, ...filtersOf(v), pageNo: 1 }));
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...q, ...NO_FILTERS, pageNo: 1 }));
  };
  const filtered = Boolean(query.keyWord || query.createTime_begin || query.createTime_end);

  return (
    <Card>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }} data-testid="log-search">
        <Form.Item name="keyWord" label="搜索日志">
          <Input placeholder="请输入日志内容关键字" allowClear maxLength={100} style={{ width: 220 }} data-testid="log-keyword" />
        </Form.Item>
        <Form.Item name="createTime" label="创建时间">
          <DatePicker.RangePicker showTime={TIME_DEFAULTS} format={DATETIME} placeholder={['开始时间', '结束时间']} allowEmpty={[true, true]} data-testid="log-range" />
        </Form.Item>
        <SearchActions testIdPrefix="log" onReset={reset} />
      </Form>
      {error && !data && <LoadError title="登录日志加载失败" error={error} onRetry={() => mutate()} testId="log-error" />}
      <div data-testid="log-table">
        <Table<LogRow>
          rowKey="id"
          columns={columns}
          dataSource={data?.records ?? []}
          loading={isLoading || isValidating}
          pagination={tablePagination(query, data?.total ?? 0, (p) => setQuery((q) => ({ ...q, ...p })))}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的日志' : '暂无登录日志'} /> }}
          scroll={{ x: 800 }}
        />
      </div>
    </Card>
  );
}
