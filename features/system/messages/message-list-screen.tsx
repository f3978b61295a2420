'use client';

import { useMemo } from 'react';
import { ListPage } from '@/components/data/list/list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { messageResource } from './message-resource';

/** The message's content in 详情, as the receiver sees it (sanitised again: it may predate our checks). */
export function MessageContentView({ value }: EditorProps) {
  const html = useMemo(() => sanitizeHtml(typeof value === 'string' ? value : ''), [value]);
  return (
    <div
      data-testid="msg-record-content"
      style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '8px 12px', maxHeight: 360, overflowY: 'auto', wordBreak: 'break-word' }}
      // Sanitised with lib/sanitize-html's strict allow-list just above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

const editors = { msgContent: (p: EditorProps) => <MessageContentView {...p} /> };

/** 消息记录 (system/SysMessageList): system messages sent from templates, with receivers and read counts. */
export default function MessageListScreen() {
  return (
    <PageWrapper description="由消息模板发送的系统消息：接收人在右上角铃铛的「系统消息」中查看。删除模板不影响已发送的消息。">
      <ListPage def={messageResource} editors={editors} />
    </PageWrapper>
  );
}
