'use client';

import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import { CodeEditor } from '@/components/code-editor';
import { RichTextEditor } from '@/components/editor';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { messageTemplateResource } from './message-template-resource';
import { SendMessageModal, type TemplateRow } from './send-message-modal';
import { TEMPLATE_TYPE_RICH } from '../../../lib/system/template-vars';
import { PERMS } from '@/lib/permissions/codes';

const CONTENT_PLACEHOLDER = '请输入模板内容，可使用 ${变量名} 占位';

/** 模板内容: the rich text editor for a 富文本 template, a plain text area for a 文本 one. */
export function TemplateContentEditor({ value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('templateType', form) as string | undefined;
  const text = typeof value === 'string' ? value : '';
  if (type === TEMPLATE_TYPE_RICH) {
    return <RichTextEditor id={id} value={text} onChange={(html) => onChange?.(html)} placeholder={CONTENT_PLACEHOLDER} disabled={disabled} height={300} data-testid="msg-tpl-content-rich" />;
  }
  return <Input.TextArea id={id} rows={6} value={text} onChange={(e) => onChange?.(e.target.value)} placeholder={CONTENT_PLACEHOLDER} disabled={disabled} data-testid="msg-tpl-content-text" />;
}

const editors = {
  templateContent: (p: EditorProps) => <TemplateContentEditor {...p} />,
  // 测试数据 is a JSON object: edited as code (spec 02 §2's code editor), checked by the server.
  templateTestJson: (p: EditorProps) => <CodeEditor id={p.id} value={typeof p.value === 'string' ? p.value : ''} onChange={p.onChange} readOnly={p.disabled} language="javascript" height={120} />,
};

/**
 * 消息模板 (system/SysMessageTemplateList): templates of system messages; 发送消息 sends one to chosen
 * users, where it arrives in the bell's 系统消息 tab. Readable with the list right or the send right
 * (the server's list accepts either); every other button follows its own code.
 */
export default function MessageTemplateListScreen() {
  const { mode } = useAuth();
  const [sending, setSending] = useState<TemplateRow | null>(null);
  const sendMode = mode(PERMS.message.send);
  return (
    <PageWrapper description="消息模板的标题和内容可使用 ${变量名} 占位（变量名只能包含字母、数字和下划线）；测试数据为JSON对象，发送时用来预填变量。富文本内容保存时会过滤不安全的标签。">
      <ListPage<TemplateRow>
        def={messageTemplateResource}
        formWidth={960}
        editors={editors}
        rowActions={(r) =>
          sendMode === 'hide' ? null : (
            <Typography.Link disabled={sendMode === 'disable'} onClick={() => setSending(r)} data-testid={`msg-tpl-send-${r.id}`}>
              发送消息
            </Typography.Link>
          )
        }
      />
      <SendMessageModal template={sending} onClose={() => setSending(null)} />
    </PageWrapper>
  );
}
