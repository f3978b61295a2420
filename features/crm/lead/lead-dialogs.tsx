'use client';

import { useCallback, useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Form, Input, Modal, type ButtonProps } from 'antd';
import { AsyncSearchSelect, urlOptions } from '@/components/pickers/async-search-select';
import { LEAD_LIMITS, LEAD_MESSAGES } from '@/lib/crm/lead-rules';
import { DATETIME_FORMAT } from '@/lib/format';
import { TASK_MESSAGES } from '@/lib/crm/task-rules';
import { TASK_URLS } from '../task/task-resource';

/**
 * Dialogs the lead list asks before an action of the list engine (ListPage `toPoolParams`, `addBatchTaskParams`):
 * each resolves to the action's extra params, or null when cancelled.
 */

/** A dialog as a promise: `ask()` opens it, `done(value | null)` closes it and answers. */
export function usePrompt<T>() {
  const [open, setOpen] = useState(false);
  const resolver = useRef<((v: T | null) => void) | null>(null);
  const ask = useCallback(
    () =>
      new Promise<T | null>((resolve) => {
        resolver.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const done = useCallback((v: T | null) => {
    resolver.current?.(v);
    resolver.current = null;
    setOpen(false);
  }, []);
  return { open, ask, done };
}

// ---------------------------------------------------------------- 放入线索池: the reason

/** The reason is optional (spec 02 §7 sends id / ids only): a blank one is not sent. */
export function PoolReasonModal({ open, count, onDone }: { open: boolean; count: number; onDone(v: { reason?: string } | null): void }) {
  const [form] = Form.useForm<{ reason?: string }>();
  // A failed validation shows its message on the field; nothing else to do.
  const ok = () =>
    form.validateFields().then(
      (v) => onDone(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
      () => undefined,
    );
  return (
    <Modal open={open} title="放入线索池" okText="下一步" onOk={() => void ok()} onCancel={() => onDone(null)} destroyOnHidden okButtonProps={{ 'data-testid': 'lead-pool-reason-ok' } as ButtonProps}>
      <p>{count > 1 ? `将${count}条线索放入线索池，负责人将被清空。` : '线索将被放入线索池，负责人将被清空。'}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="原因"
          rules={[{ max: LEAD_LIMITS.reasonMax, message: LEAD_MESSAGES.reasonTooLong }]}
        >
          <Input.TextArea rows={3} placeholder="选填，如：多次联系未接通、暂无需求" data-testid="lead-pool-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ---------------------------------------------------------------- 批量建任务

/** A type, not an interface: it is handed on as the action's extra params (a plain record). */
export type BatchTaskParams = {
  title: string;
  assignee: string;
  dueTime: string;
  content?: string;
};

const assigneeOptions = urlOptions({ url: TASK_URLS.assigneeList, keywordParam: 'realname', like: true, valueField: 'id', textField: 'realname' });

export function BatchTaskModal({ open, count, onDone }: { open: boolean; count: number; onDone(v: BatchTaskParams | null): void }) {
  const [form] = Form.useForm<{ title: string; assignee: string; dueTime: Dayjs; content?: string }>();
  const ok = () =>
    form.validateFields().then(
      (v) => onDone({ title: v.title.trim(), assignee: v.assignee, dueTime: v.dueTime.second(0).format(DATETIME_FORMAT), content: v.content?.trim() || undefined }),
      () => undefined,
    );
  return (
    <Modal open={open} title={`批量建任务（${count}条线索，每条一个任务）`} onOk={() => void ok()} onCancel={() => onDone(null)} destroyOnHidden okButtonProps={{ 'data-testid': 'lead-task-ok' } as ButtonProps}>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label="任务标题" rules={[{ required: true, whitespace: true, message: LEAD_MESSAGES.taskTitleRequired }, { max: LEAD_LIMITS.taskTitleMax }]}>
          <Input placeholder="如：回访、邀约试听" data-testid="lead-task-title" />
        </Form.Item>
        <Form.Item name="assignee" label="负责人" rules={[{ required: true, message: LEAD_MESSAGES.taskAssigneeRequired }]}>
          <AsyncSearchSelect fetchOptions={assigneeOptions} placeholder="搜索姓名" id="lead-task-assignee" />
        </Form.Item>
        <Form.Item
          name="dueTime"
          label="截止时间"
          rules={[
            { required: true, message: LEAD_MESSAGES.taskDueRequired },
            // Said here too; the server has the last word (lib/crm/task-rules.ts).
            { validator: (_r, v: Dayjs | undefined) => (v && v.isBefore(dayjs(), 'minute') ? Promise.reject(new Error(TASK_MESSAGES.duePast)) : Promise.resolve()) },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} data-testid="lead-task-due" />
        </Form.Item>
        <Form.Item name="content" label="任务内容" rules={[{ max: LEAD_LIMITS.taskContentMax }]}>
          <Input.TextArea rows={3} data-testid="lead-task-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
