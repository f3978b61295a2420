'use client';

import { useState } from 'react';
import { App, Input, Modal, Popconfirm, Space } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { noticeSocket } from '@/components/notice/notice-socket-bus';
import { http } from '@/lib/http';
import { canHandleTask, isOpenTask, TASK_MESSAGES, TASK_STATUS } from '@/lib/crm/task-rules';
import { TASK_URLS } from './task-resource';

export interface TaskRecord {
  id: string;
  title?: string;
  status?: number | string;
  assignee?: string | null;
  createBy?: string | null;
  [key: string]: unknown;
}

/** 开始 / 完成 / 取消 of one open task, for its assignee, its creator or a holder of crm:task:all. */
export function TaskStatusLinks({ record, user, seesAll, onChanged }: { record: TaskRecord; user: { id: string; username: string }; seesAll: boolean; onChanged: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [finishing, setFinishing] = useState(false);
  const [result, setResult] = useState('');
  const [saving, setSaving] = useState(false);
  const status = Number(record.status);
  if (!isOpenTask(status) || !canHandleTask({ assignee: record.assignee ?? null, createBy: record.createBy ?? null }, user, seesAll)) return null;

  const change = async (to: number, text?: string) => {
    setSaving(true);
    try {
      const r = await http.post(TASK_URLS.changeStatus, { id: record.id, status: to, ...(text !== undefined ? { result: text } : {}) });
      message.success(r.message || '操作成功');
      // The bell counts 待办 tasks: it reloads at once on this page.
      noticeSocket.changed();
      onChanged();
      return true;
    } catch (e) {
      showError(e);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const finish = async () => {
    if (!result.trim()) {
      message.warning(TASK_MESSAGES.resultRequired);
      return;
    }
    if (await change(TASK_STATUS.done, result.trim())) {
      setFinishing(false);
      setResult('');
    }
  };

  return (
    <Space size={8}>
      {status === TASK_STATUS.todo && (
        <a data-testid={`task-start-${record.id}`} onClick={() => void change(TASK_STATUS.doing)}>
          开始
        </a>
      )}
      <a data-testid={`task-finish-${record.id}`} onClick={() => setFinishing(true)}>
        完成
      </a>
      <Popconfirm title="确定取消该任务吗?" onConfirm={() => change(TASK_STATUS.cancelled)}>
        <a data-testid={`task-cancel-${record.id}`}>取消</a>
      </Popconfirm>
      <Modal
        open={finishing}
        title={`完成任务 - ${record.title ?? ''}`}
        okText="完成"
        confirmLoading={saving}
        onOk={() => void finish()}
        onCancel={() => setFinishing(false)}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'task-finish-ok' } as Record<string, string>}
      >
        <Input.TextArea
          rows={4}
          maxLength={1000}
          showCount
          placeholder="请填写处理结果"
          value={result}
          onChange={(e) => setResult(e.target.value)}
          data-testid="task-finish-result"
        />
      </Modal>
    </Space>
  );
}
