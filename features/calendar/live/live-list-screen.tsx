'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { App, Button, Form, Input, Modal, Popover, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LinkOutlined, TeamOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { parseWireTime } from '@/lib/calendar/wire-time';
import type { LivePresence, LiveSession } from '@/lib/calendar/types';
import { CAL_API } from '../calendar-api';
import { PERMS } from '@/lib/permissions/codes';
import { LIVE_STATE_TEXT, liveState, type LiveState } from '../../../lib/calendar/live-model';

/** The page beats and refreshes every 30 s; the server counts a user online for 60 s after a beat. */
export const LIVE_REFRESH_MS = 30_000;
const STATE_COLOR: Record<LiveState, string> = { live: 'red', upcoming: 'blue', ended: 'default' };

/** The coming sessions in the server's order, 20 a page. */
const LIVE_SOURCE: ListSource = { rowKey: 'id', defaultSort: null, pageSize: 20 };
const LIVE_URLS = { list: CAL_API.liveList };
const fetchPresence = ([url, id]: readonly [string, string]) => http.get<LivePresence[]>(url, { id }).then((r) => r.result ?? []);

/** 直播课堂 (calendar/LiveList, /edu/live): today's and the coming week's sessions, their live link and who is on them. */
export default function LiveListScreen() {
  return <LiveList />;
}

function stateOf(s: LiveSession, now: Date): LiveState {
  const start = parseWireTime(s.clazzStartTime);
  const end = parseWireTime(s.clazzEndTime);
  return start && end ? liveState(start, end, now) : 'ended';
}

function PresenceList({ id }: { id: string }) {
  const { data, error } = useSWR([CAL_API.livePresence, id] as const, fetchPresence, { refreshInterval: LIVE_REFRESH_MS });
  if (error) return <Typography.Text type="danger">加载失败</Typography.Text>;
  if (!data) return <Typography.Text type="secondary">加载中…</Typography.Text>;
  if (!data.length) return <Typography.Text type="secondary">暂无人在线</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 16, maxHeight: 240, overflow: 'auto' }} data-testid="live-presence-list">
      {data.map((p) => (
        <li key={p.userId}>
          {p.realname} <Typography.Text type="secondary">{p.joinedAt.slice(11, 16)} 进入</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

function LiveList() {
  const { message } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const canEdit = mode(PERMS.live.edit) === 'show';
  const page = useListPage<LiveSession>({ source: LIVE_SOURCE, urls: LIVE_URLS, refreshInterval: LIVE_REFRESH_MS, notifyErrors: false });
  const { reload } = page;
  const [now, setNow] = useState(() => new Date());
  const [watching, setWatching] = useState<string[]>([]);
  const [linkFor, setLinkFor] = useState<LiveSession | null>(null);
  const [form] = Form.useForm<{ url: string }>();

  // One timer: re-derives 直播中/未开始/已结束 and keeps the sessions entered from this page marked online.
  useEffect(() => {
    const t = setInterval(() => {
      setNow(new Date());
      for (const id of watching) {
        http.post(CAL_API.liveHeartbeat, { id }).catch(() => setWatching((w) => w.filter((x) => x !== id)));
      }
    }, LIVE_REFRESH_MS);
    return () => clearInterval(t);
  }, [watching]);

  const enter = useCallback(
    (s: LiveSession) => {
      // The link opens natively (a user gesture, so no popup blocker); presence is recorded beside it.
      http
        .post(CAL_API.liveJoin, { id: s.id })
        .then(() => {
          setWatching((w) => (w.includes(s.id) ? w : [...w, s.id]));
          void reload();
        })
        .catch(showError);
    },
    [reload, showError],
  );

  const generate = useCallback(
    (s: LiveSession) => {
      http
        .post<{ liveUrl: string }>(CAL_API.liveLink, { id: s.id })
        .then(() => {
          message.success('直播链接已生成');
          void reload();
        })
        .catch(showError);
    },
    [message, reload, showError],
  );

  const saveLink = async () => {
    // Invalid fields show their messages under the input; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { url } = values;
    try {
      await http.post(CAL_API.liveLink, { id: linkFor!.id, url });
      message.success('直播链接已保存');
      setLinkFor(null);
      void reload();
    } catch (e) {
      showError(e);
    }
  };

  const columns = useMemo<ColumnsType<LiveSession>>(
    () => [
      {
        title: '课次',
        dataIndex: 'title',
        render: (_, s) => (
          <Space orientation="vertical" size={0}>
            <span>{s.title}</span>
            {s.scope === 1 && <Tag color="purple">内部班</Tag>}
          </Space>
        ),
      },
      { title: '班级', dataIndex: 'clazzName', render: (v: string | null) => v ?? '—' },
      { title: '课程', dataIndex: 'courseName', render: (v: string | null) => v ?? '—' },
      { title: '教师', dataIndex: 'teachers', render: (v: string) => v || '—' },
      { title: '时间', key: 'time', render: (_, s) => `${s.clazzStartTime.slice(0, 16)} - ${s.clazzEndTime.slice(11, 16)}` },
      {
        title: '状态',
        key: 'state',
        render: (_, s) => {
          const st = stateOf(s, now);
          return (
            <Tag color={STATE_COLOR[st]} data-testid={`live-state-${s.id}`}>
              {LIVE_STATE_TEXT[st]}
            </Tag>
          );
        },
      },
      {
        title: '在线',
        key: 'online',
        render: (_, s) => (
          <Popover trigger="click" title="在线人员" content={<PresenceList id={s.id} />} destroyOnHidden>
            <Button type="link" size="small" icon={<TeamOutlined />} data-testid={`live-online-${s.id}`}>
              在线 {s.online} 人
            </Button>
          </Popover>
        ),
      },
      {
        title: '操作',
        key: 'actions',
        render: (_, s) => {
          const live = stateOf(s, now) === 'live';
          return (
            <Space wrap size={4}>
              {s.liveUrl && live ? (
                <Button type="primary" size="small" icon={<VideoCameraOutlined />} href={s.liveUrl} target="_blank" rel="noopener noreferrer" onClick={() => enter(s)} data-testid={`live-enter-${s.id}`} data-watching={watching.includes(s.id) ? 'true' : undefined}>
                  进入直播
                </Button>
              ) : (
                <Button size="small" icon={<VideoCameraOutlined />} disabled title={s.liveUrl ? '开课前15分钟可进入' : '尚未设置直播链接'} data-testid={`live-enter-${s.id}`}>
                  进入直播
                </Button>
              )}
              {canEdit && !s.liveUrl && s.canGenerate && (
                <Button size="small" onClick={() => generate(s)} data-testid={`live-generate-${s.id}`}>
                  生成直播链接
                </Button>
              )}
              {canEdit && (
                <Button
                  size="small"
                  icon={<LinkOutlined />}
                  onClick={() => {
                    form.setFieldsValue({ url: s.liveUrl ?? '' });
                    setLinkFor(s);
                  }}
                  data-testid={`live-set-${s.id}`}
                >
                  设置链接
                </Button>
              )}
            </Space>
          );
        },
      },
    ],
    [now, canEdit, enter, generate, form, watching],
  );

  return (
    <PageWrapper description="今天及未来7天的课次与直播链接。开课前15分钟可进入直播。">
      <ListFrame page={page} bare selection={false} errorTitle="直播课堂加载失败" errorTestId="live-error">
        <ListTable<LiveSession>
          page={page}
          columns={columns}
          compact={false}
          selectable={false}
          emptyText="近期没有可直播的课次"
          pagination={{ ...page.pagination, showSizeChanger: false, showQuickJumper: false, showTotal: undefined }}
          scroll={{ x: 960 }}
          testId="live-table"
        />
      </ListFrame>
      <Modal title="设置直播链接" open={!!linkFor} onOk={() => void saveLink()} onCancel={() => setLinkFor(null)} okText="保存" destroyOnHidden forceRender>
        <Form form={form} layout="vertical">
          <Form.Item
            name="url"
            label="直播链接"
            rules={[
              { required: true, message: '请填写直播链接' },
              { pattern: /^https?:\/\//i, message: '直播地址必须以 http:// 或 https:// 开头' },
              { max: 500, message: '直播地址最多500个字符' },
            ]}
          >
            <Input placeholder="https://" data-testid="live-url-input" />
          </Form.Item>
        </Form>
      </Modal>
    </PageWrapper>
  );
}
