'use client';

import { useEffect, useState } from 'react';
import { App, Badge, Button, Empty, Form, Input, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { http } from '@/lib/http';
import { readCommand, RELOAD_COMMANDS } from '@/lib/notice-poll';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { AnnouncementModal } from '@/components/notice/announcement-modal';
import { noticeSocket } from '@/components/notice/notice-socket-bus';
import {
  CATEGORY_TEXT, fromMyRow, MY_SENDS_URL, PRIORITY_COLOR, PRIORITY_TEXT, READ_ALL_URL, READ_TEXT, senderText, type MyAnnouncementRow, type NoticeDetail,
} from '@/components/notice/notice-types';
import { SearchActions } from '@/features/system/list-parts';

interface Filters {
  titile: string;
  sender: string;
  readFlag: string;
  msgCategory: string;
}

/** The user's notices in the server's order (unread first); the wire params are the page plus the filters that are set. */
export const MY_NOTICE_SOURCE: ListSource = {
  rowKey: 'id',
  defaultSort: null,
  fields: (['titile', 'sender', 'readFlag', 'msgCategory'] as const).map((name) => ({ name, search: 'eq' as const })),
};
const MY_NOTICE_URLS = { list: MY_SENDS_URL };

/** 我的消息 (/isps/userAnnouncement): the user's notices and system messages, unread first, with 全部标注已读. */
export default function UserAnnouncementScreen() {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Partial<Filters>>();
  const [detail, setDetail] = useState<NoticeDetail | null>(null);
  const page = useListPage<MyAnnouncementRow>({ source: MY_NOTICE_SOURCE, urls: MY_NOTICE_URLS });
  const { reload } = page;

  // New or revoked notices (the shell's socket) and reads elsewhere on the page refresh this list as they do the bell.
  useEffect(
    () =>
      noticeSocket.subscribe((e) => {
        if (e.type === 'reload') void reload();
        if (e.type !== 'socketMessage') return;
        const r = readCommand(e.data);
        if ('cmd' in r && RELOAD_COMMANDS.has(r.cmd)) void reload();
      }),
    [reload],
  );

  const reset = () => {
    form.resetFields();
    page.reset();
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
    { title: '发布人', dataIndex: 'sender', width: 120, render: (_v: string | null, r) => senderText(r) || '-' },
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

  const { params } = page;
  const filtered = Boolean(params.titile || params.sender || params.readFlag || params.msgCategory);
  const searchForm = (
    <Form form={form} layout="inline" onFinish={(v: Partial<Filters>) => page.search(v)} style={{ marginBottom: 16, rowGap: 12 }} data-testid="my-notice-search">
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
  );
  const toolbar = (
    <div style={{ marginBottom: 16 }}>
      <Button type="primary" icon={<BookOutlined />} onClick={readAll} data-testid="my-notice-read-all">
        全部标注已读
      </Button>
    </div>
  );
  return (
    <PageWrapper title="我的消息">
      <ListFrame page={page} search={searchForm} toolbar={toolbar} selection={false} errorTitle="消息加载失败" errorTestId="my-notice-error" errorOnlyWithoutRows>
        <div data-testid="my-notice-table">
          <ListTable<MyAnnouncementRow>
            page={page}
            columns={columns}
            compact={false}
            selectable={false}
            scroll={{ x: 860 }}
            emptyText={<Empty description={filtered ? '没有匹配的消息' : '暂无消息'} />}
          />
        </div>
      </ListFrame>
      <AnnouncementModal notice={detail} onClose={() => setDetail(null)} />
    </PageWrapper>
  );
}
