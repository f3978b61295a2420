'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Badge, Button, Empty, Popover, Tabs, Tag } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import dynamic from 'next/dynamic';
import { fromAnnouncement, PRIORITY_COLOR, TASK_LIST_PATH, USER_ANNOUNCEMENT_PATH, type AnnouncementRecord, type NoticeDetail } from './notice-types';
import { TaskTodoList } from './task-todo-list';
import { useNoticeFeed } from './use-notice-feed';
import { useApiError } from '@/components/feedback/use-api-error';

// The detail modal (and the HTML sanitiser it needs) loads when a notice is first opened.
const AnnouncementModal = dynamic(() => import('./announcement-modal').then((m) => m.AnnouncementModal), { ssr: false });

/** The bell's priority tags (JeecgBoot HeaderNotice texts). */
const PRIORITY_TAG: Record<string, string> = { L: '一般消息', M: '重要消息', H: '紧急消息' };

function NoticeList({ items, onOpen, onMore, testId }: { items: AnnouncementRecord[]; onOpen(a: AnnouncementRecord): void; onMore(): void; testId: string }) {
  return (
    <div data-testid={testId}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
          {items.map((a) => (
            <li key={a.id} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '8px 4px', borderBottom: '1px solid rgba(5,5,5,.06)' }}>
              <div style={{ flex: 1, minWidth: 0 }}>
                <a onClick={() => onOpen(a)} style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="notice-item">
                  {a.titile}
                </a>
                <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12 }}>{a.sendTime ?? a.createTime} 发布</div>
              </div>
              {PRIORITY_TAG[a.priority] && (
                <Tag color={PRIORITY_COLOR[a.priority]} style={{ cursor: 'pointer', marginInlineEnd: 0 }} onClick={() => onOpen(a)}>
                  {PRIORITY_TAG[a.priority]}
                </Tag>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button type="dashed" block onClick={onMore} style={{ marginTop: 8 }} data-testid="notice-more">
        查看更多
      </Button>
    </div>
  );
}

/**
 * The header bell (spec 01 §2): a 300-wide popover with 通知(n) / 系统消息(n), newest unread first,
 * 查看更多 → /isps/userAnnouncement, and a badge with the unread total. Listens on the shell's socket
 * through `noticeSocket` (see notice-socket-bus.ts) instead of opening its own. `withTasks` (the user holds
 * crm:task:list) adds 任务(n), my 待办 协商任务, to the tabs and the badge (issue #23).
 */
export function NoticeBell({ withTasks = false }: { withTasks?: boolean } = {}) {
  const router = useRouter();
  const showError = useApiError();
  const feed = useNoticeFeed(undefined, showError, withTasks);
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<NoticeDetail | null>(null);

  const show = (a: AnnouncementRecord) => {
    setOpen(false);
    setDetail(fromAnnouncement(a));
  };
  const more = () => {
    setOpen(false);
    router.push(USER_ANNOUNCEMENT_PATH);
  };
  const openTasks = () => {
    setOpen(false);
    router.push(TASK_LIST_PATH);
  };

  const content = (
    <Tabs
      size="small"
      items={[
        { key: '1', label: `通知(${feed.anntMsgTotal})`, children: <NoticeList items={feed.anntMsgList} onOpen={show} onMore={more} testId="notice-annt-list" /> },
        { key: '2', label: `系统消息(${feed.sysMsgTotal})`, children: <NoticeList items={feed.sysMsgList} onOpen={show} onMore={more} testId="notice-sys-list" /> },
        ...(withTasks ? [{ key: 'task', label: `任务(${feed.taskTotal})`, children: <TaskTodoList items={feed.taskList} onOpen={openTasks} /> }] : []),
      ]}
    />
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={content}
        arrow={{ pointAtCenter: true }}
        styles={{ root: { width: 300 } }}
      >
        <Button type="text" aria-label="消息通知" data-testid="notice-bell" data-loaded={feed.loaded}>
          <Badge count={feed.total} size="small" data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      {detail && <AnnouncementModal notice={detail} onClose={() => setDetail(null)} />}
    </>
  );
}
