'use client';

import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Empty, Form, Input, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { SearchActions } from './list-parts';

/** One row of GET /sys/log/list (login log, logType 1). */
interface LogRow {
  id: string;
  logContent: string | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  createTime: string | null;
}

interface SearchValues {
  keyWord?: string;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

/** Spec 02 §9 datetime format; the backend reads the bounds as GMT+8 wall-clock times. */
const DATETIME = 'YYYY-MM-DD HH:mm:ss';
const TIME_DEFAULTS = { defaultOpenValue: [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')] };

const orDash = (v: string | null) => v || '-';

/** GET /sys/log/list?logType=1 in the server's order: 搜索日志 (keyWord) and 创建时间 (createTime_begin / _end). */
const LOG_SOURCE: ListSource = { rowKey: 'id', defaultSort: null, fields: [{ name: 'keyWord', search: 'eq' }, { name: 'createTime', search: 'range' }] };
const LOG_URLS = { list: '/sys/log/list' };
const LOGIN_LOG = { logType: 1 };

const timesOf = (v: SearchValues) => {
  const [begin, end] = v.createTime ?? [null, null];
  return { keyWord: v.keyWord, createTime: [begin ? begin.format(DATETIME) : '', end ? end.format(DATETIME) : ''] as const };
};

const columns: TableColumnsType<LogRow> = [
  { title: '日志内容', dataIndex: 'logContent', ellipsis: true, render: (v: string | null) => <Typography.Text title={v ?? undefined}>{orDash(v)}</Typography.Text> },
  { title: '用户名', dataIndex: 'username', width: 160, render: orDash },
  { title: 'IP', dataIndex: 'ip', width: 160, render: orDash },
  { title: '时间', dataIndex: 'createTime', width: 190, render: orDash },
];

/** 登录日志 (system/LogList): the login log, newest first, searchable by content and time range. */
export default function LogListScreen() {
  return (
    <PageWrapper description="登录、退出与登录失败的记录，可按用户名、类型和时间查询。">
      <LogList />
    </PageWrapper>
  );
}

function LogList() {
  const [form] = Form.useForm<SearchValues>();
  const page = useListPage<LogRow>({ source: LOG_SOURCE, urls: LOG_URLS, extraParams: LOGIN_LOG });
  const reset = () => {
    form.resetFields();
    page.reset();
  };
  const { params } = page;
  const filtered = Boolean(params.keyWord || params.createTime_begin || params.createTime_end);

  const searchForm = (
    <Form form={form} layout="inline" onFinish={(v: SearchValues) => page.search(timesOf(v))} style={{ marginBottom: 16, rowGap: 12 }} data-testid="log-search">
      <Form.Item name="keyWord" label="搜索日志">
        <Input placeholder="请输入日志内容关键字" allowClear maxLength={100} style={{ width: 220 }} data-testid="log-keyword" />
      </Form.Item>
      <Form.Item name="createTime" label="创建时间">
        <DatePicker.RangePicker showTime={TIME_DEFAULTS} format={DATETIME} placeholder={['开始时间', '结束时间']} allowEmpty={[true, true]} data-testid="log-range" />
      </Form.Item>
      <SearchActions testIdPrefix="log" onReset={reset} />
    </Form>
  );
  return (
    <ListFrame page={page} search={searchForm} selection={false} errorTitle="登录日志加载失败" errorTestId="log-error" errorOnlyWithoutRows>
      <div data-testid="log-table">
        <ListTable<LogRow> page={page} columns={columns} compact={false} selectable={false} scroll={{ x: 800 }} emptyText={<Empty description={filtered ? '没有符合条件的日志' : '暂无登录日志'} />} />
      </div>
    </ListFrame>
  );
}
