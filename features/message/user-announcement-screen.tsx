'use client';

import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { App, Badge, Button, Card, Empty, Form, Input, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { http } from '@/lib/http';
import { readCommand, RELOAD_COMMANDS } from '@/lib/notice-poll';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { AnnouncementModal } from '@/components/notice/announcement-modal';
import { noticeSocket } from '@/components/notice/notice-socket-bus';
import {
  CATEGORY_TEXT, fromMyRow, MY_SENDS_URL, PRIORITY_COLOR, PRIORITY_TEXT, READ_ALL_URL, READ_TEXT, type MyAnnouncementRow, type NoticeDetail,
} from '@/components/notice/notice-types';
import { LoadError, SearchActions } from '@/features/system/list-parts';
import { FIRST_PAGE, tablePagination, type PageQuery, type PageResult } from '@/features/system/paging';

interface Filters {
  titile: string;
  sender: string;
  readFlag: string;
  msgCategory: string;
}
type Query = PageQuery & Filters;

const NO_FILTERS: Filters = { titile: '', sender: '', readFlag: '', msgCategory: '' };

/** The wire params: page plus the filters that are set. */
export function toParams(q: Query): Record<string, string | number> {
  const params: Record<string, string | number> = { pageNo: q.pageNo, pageSize: q.pageSize };
  for (const key of ['titile', 'sender', 'readFlag', 'msgCategory'] as const) if (q[key]) params[key] = q[key];
  return params;
}

const fetchPage = ([url, q]: readonly [string, Query]) => http.get<PageResult<MyAnnouncementRow>>(url, toParams(q)).then((r) => r.result);

/** 我的消息 (/isps/userAnnouncement): the user's notices and system messages, unread first, with 全部标注已读. */
export default function UserAnnouncementScreen() {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Partial<Filters>>();
  const [query, setQuery] = useState<Query>({ ...FIRST_PAGE, ...NO_FILTERS });
  const [detail, setDetail] = useState<NoticeDetail | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useSWR([MY_SENDS_URL, query] as const, fetchPage, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });

  // New or revoked notices (the shell's socket) and reads elsewhere on the page refresh this list as they do the bell.
  useEffect(
    () =>
      noticeSocket.subscribe((e) => {
        if (e.type === 'reload') void mutate();
        if (e.type !== 'socketMessage') return;
        const r = readCommand(e.data);
        if ('cmd' in r && RELOAD_COMMANDS.has(r.cmd)) void mutate();
      }),
    [mutate],
  );

  const search = (v: Partial<Filters>) =>
    setQuery((q) => ({ ...q, pageNo: 1, titile: (v.titile ?? '').trim(), sender: (v.sender ?? '').trim(), readFlag: v.readFlag ?? '', msgCategory: v.msgCategory ?? '' }));
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...q, ...NO_FILTERS, pageNo: 1 }));
  };

  const readAll = () =>
    modal.confirm({
      title: '确认操作',
      content: '是否全部标注已读?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const r = await http.put<null>(READ_ALL_URL);
          message.success(r.message || '全部已读');
          noticeSocket.changed();
        } catch (e) {
          showError(e);
        }
      },
    });

  const columns: TableColumnsType<MyAnnouncementRow> = [
    { title: '标题', dataIndex: 'titile', ellipsis: true },
    { title: '消息类型', dataIndex: 'msgCategory', width: 110, render: (v: string) => CATEGORY_TEXT[v] ?? v },
    { title: '发布人', dataIndex: 'sender', width: 120, render: (v: string | null) => v || '-' },
    { title: '发布时间', dataIndex: 'sendTime', width: 180, render: (v: string | null) => v || '-' },
    { title: '优先级', dataIndex: 'priority', width: 90, render: (v: string) => (PRIORITY_TEXT[v] ? <Tag color={PRIORITY_COLOR[v]}>{PRIORITY_TEXT[v]}</Tag> : v) },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      width: 100,
      render: (v: string) => <Badge status={v === '1' ? 'default' : 'processing'} text={READ_TEXT[v] ?? v} data-testid={`read-flag-${v}`} />,
    },
    {
      title: '操作',
      key: 'action',
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setDetail(fromMyRow(row))} data-testid="my-notice-view">
          查看
        </Button>
      ),
    },
  ];

  const filtered = Boolean(query.titile || query.sender || query.readFlag || query.msgCategory);
  return (
    <PageWrapper title="我的消息">
      <Card>
        <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }} data-testid="my-notice-search">
          <Form.Item name="titile" label="标题">
            <Input placeholder="请输入标题" allowClear maxLength={100} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="sender" label="发布人">
            <Input placeholder="请输入发布人" allowClear maxLength={100} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="readFlag" label="阅读状态">
            <Select placeholder="请选择" allowClear style={{ width: 120 }} options={[{ value: '0', label: '未读' }, { value: '1', label: '已读' }]} data-testid="my-notice-read-flag" />
          </Form.Item>
          <Form.Item name="msgCategory" label="消息类型">
            <Select placeholder="请选择" allowClear style={{ width: 130 }} options={[{ value: '1', label: '通知公告' }, { value: '2', label: '系统消息' }]} data-testid="my-notice-category" />
          </Form.Item>
          <SearchActions testIdPrefix="my-notice" onReset={reset} />
        </Form>
        <div style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<BookOutlined />} onClick={readAll} data-testid="my-notice-read-all">
            全部标注已读
          </Button>
        </div>
        {error && !data && <LoadError title="消息加载失败" error={error} onRetry={() => mutate()} testId="my-notice-error" />}
        <div data-testid="my-notice-table">
          <Table<MyAnnouncementRow>
            rowKey="id"
            columns={columns}
            dataSource={data?.records ?? []}
            loading={isLoading || isValidating}
            pagination={tablePagination(query, data?.total ?? 0, (p) => setQuery((q) => ({ ...q, ...p })))}
            locale={{ emptyText: <Empty description={filtered ? '没有匹配的消息' : '暂无消息'} /> }}
            scroll={{ x: 860 }}
          />
        </div>
      </Card>
      <AnnouncementModal notice={detail} onClose={() => setDetail(null)} />
    </PageWrapper>
  );
}
