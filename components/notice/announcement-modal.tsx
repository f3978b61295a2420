'use client';

import { useEffect, useMemo } from 'react';
import { useRouter } from 'next/navigation';
import { Button, Divider, Flex, Modal, Tag, Typography } from 'antd';
import { http } from '@/lib/http';
import { isSitePath, sanitizeHtml } from '@/lib/sanitize-html';
import { noticeSocket } from './notice-socket-bus';
import { MARK_READ_URL, PRIORITY_COLOR, PRIORITY_TEXT, type NoticeDetail } from './notice-types';

/** The window's height less the dialog's own parts (margins, header, title, meta line, divider, footer: about 280 px). */
export const CONTENT_MAX_HEIGHT = 'calc(100vh - 320px)';

export interface AnnouncementModalProps {
  /** The notice to show; null = closed. */
  notice: NoticeDetail | null;
  onClose(): void;
  /** Called after the notice was marked read (the bell and 我的消息 also hear it through `noticeSocket`). */
  onRead?(): void;
}

/**
 * 通知消息 (spec 01 §2): title, sender, send time, priority and the HTML content (sanitised again
 * here: it may come from a legacy upstream). Opening an unread notice marks it read. For openType
 * url a 去处理 button closes the dialog and goes to openPage, a path on this site only.
 */
export function AnnouncementModal({ notice, onClose, onRead }: AnnouncementModalProps) {
  const router = useRouter();
  const html = useMemo(() => sanitizeHtml(notice?.msgContent), [notice?.msgContent]);
  const anntId = notice?.anntId;
  const unread = notice ? notice.readFlag !== '1' : false;

  useEffect(() => {
    if (!anntId || !unread) return;
    let live = true;
    http.put(MARK_READ_URL, { anntId }).then(
      () => {
        noticeSocket.changed();
        if (live) onRead?.();
      },
      (e: unknown) => console.info('[notice] mark read failed', e),
    );
    return () => {
      live = false;
    };
    // Marks once per opened notice; onRead may change identity on every render of the parent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [anntId, unread]);

  const target = notice?.openType === 'url' && notice.openPage && isSitePath(notice.openPage) ? notice.openPage : null;
  const goHandle = () => {
    onClose();
    if (target) router.push(target);
  };

  return (
    <Modal
      title="通知消息"
      open={Boolean(notice)}
      onCancel={onClose}
      width="min(880px, 96vw)"
      // Centered, with the content scrolling inside a height taken from the window: at 1440×900 the
      // footer (关闭 / 去处理) was below the fold with the default top offset and a 60vh content area.
      centered
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={onClose} data-testid="announcement-close">
            关闭
          </Button>
          {target && (
            <Button type="primary" onClick={goHandle} data-testid="announcement-go">
              去处理
            </Button>
          )}
        </Flex>
      }
    >
      {notice && (
        <div data-testid="announcement-modal">
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {notice.titile}
          </Typography.Title>
          <Flex gap={16} wrap style={{ color: 'rgba(0,0,0,.45)' }}>
            <span>发布人：{notice.sender || '-'}</span>
            <span>发布时间：{notice.sendTime || '-'}</span>
            {PRIORITY_TEXT[notice.priority] && (
              <span>
                优先级：<Tag color={PRIORITY_COLOR[notice.priority]}>{PRIORITY_TEXT[notice.priority]}</Tag>
              </span>
            )}
          </Flex>
          <Divider style={{ margin: '12px 0' }} />
          <div
            className="announcement-content"
            data-testid="announcement-content"
            style={{ maxHeight: CONTENT_MAX_HEIGHT, overflowY: 'auto', wordBreak: 'break-word' }}
            // Sanitised with the strict allow-list of lib/sanitize-html just above.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </div>
      )}
    </Modal>
  );
}
