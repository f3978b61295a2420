'use client';

import { useCallback, useMemo, useState, type DragEvent } from 'react';
import Link from 'next/link';
import useSWR, { useSWRConfig } from 'swr';
import { App, Button, Card, Col, Dropdown, Empty, Input, Modal, Row, Segmented, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { noticeSocket } from '@/components/notice/notice-socket-bus';
import { useAuth, useShell } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { allowedFrom, canHandleTask, isOpenTask, TASK_MESSAGES, TASK_STATUS, TASK_STATUS_OPTIONS, type TaskView } from '@/lib/crm/task-rules';
import { PERMS } from '@/lib/permissions/codes';
import { TASK_API, TASK_URLS, TASK_VIEW_PARAM } from '@/features/crm/task/task-resource';
import type { TaskRecord } from '@/features/crm/task/task-actions';
import { DASHBOARD_LINKS } from '../../../lib/dashboard/dashboard-api';

/** How many cards a column shows (its count is the full total; the rest are on the 协商任务 list). */
export const COLUMN_SIZE = 50;
const LIST_URL = `${TASK_API}/list`;
const BOARD_KEY = 'task-board';
const COLUMNS = TASK_STATUS_OPTIONS.map((o) => ({ status: Number(o.value), title: o.text }));
const COLUMN_COLOR: Record<number, string> = { 0: '#1677ff', 1: '#fa8c16', 2: '#52c41a', 3: '#bfbfbf' };

interface Page {
  records: TaskRecord[];
  total: number;
}

type ColumnKey = [typeof BOARD_KEY, TaskView, number];

/** One column's page: the 协商任务 list (its own scope rules) filtered by status, soonest due first. */
const fetchColumn = ([, view, status]: ColumnKey) =>
  http
    .get<Page>(LIST_URL, { [TASK_VIEW_PARAM]: view, status, pageNo: 1, pageSize: COLUMN_SIZE, column: 'dueTime', order: 'asc' })
    .then((r) => r.result);

/** The statuses a task may be moved to from where it is (待办 is never a target: a task is not reopened). */
export const moveTargets = (from: number): number[] => COLUMNS.map((c) => c.status).filter((to) => allowedFrom(to).includes(from));

interface Move {
  task: TaskRecord;
  to: number;
}

/**
 * 任务 (dashboard/IndexTask): the 协商任务 as columns 待办 / 进行中 / 已完成 / 已取消. A card is dragged to another
 * column (native HTML5 drag and drop) or moved with its 移到… menu (keyboard and touch); either way the change goes
 * through the task screens' endpoint (`POST /crm/task/changeStatus`), which applies the same rules (完成 asks for
 * 处理结果). 我的任务 by default; 我创建的, and 全部 with crm:task:all, as on the task list.
 */
export default function TaskBoardScreen() {
  const { has } = useAuth();
  const { account } = useShell();
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const { mutate } = useSWRConfig();
  const user = useMemo(() => ({ id: account?.userInfo?.id ?? '', username: account?.userInfo?.username ?? '' }), [account]);
  const seesAll = has(PERMS.task.all);
  const canChange = has(PERMS.task.edit);
  const [view, setView] = useState<TaskView>('mine');
  const [dragging, setDragging] = useState<TaskRecord | null>(null);
  const [finishing, setFinishing] = useState<TaskRecord | null>(null);
  const [result, setResult] = useState('');
  const [saving, setSaving] = useState(false);

  const reload = useCallback(() => mutate((key) => Array.isArray(key) && key[0] === BOARD_KEY), [mutate]);

  const movable = (t: TaskRecord) => canChange && isOpenTask(Number(t.status)) && canHandleTask({ assignee: t.assignee ?? null, createBy: t.createBy ?? null }, user, seesAll);

  const send = async ({ task, to }: Move, text?: string) => {
    setSaving(true);
    try {
      const r = await http.post(TASK_URLS.changeStatus, { id: task.id, status: to, ...(text !== undefined ? { result: text } : {}) });
      message.success(r.message || '操作成功');
      // The bell counts 待办 tasks: it reloads at once on this page.
      noticeSocket.changed();
      return true;
    } catch (e) {
      showError(e);
      return false;
    } finally {
      setSaving(false);
      void reload();
    }
  };

  const move = (task: TaskRecord, to: number) => {
    const from = Number(task.status);
    if (from === to) return;
    // The rule of lib/crm/task-rules.ts (the server applies it again); 完成's result is asked for below.
    const problem = !isOpenTask(from) ? TASK_MESSAGES.closed : allowedFrom(to).includes(from) ? null : TASK_MESSAGES.badTransition;
    if (problem) {
      message.warning(problem);
      return;
    }
    if (to === TASK_STATUS.done) {
      setResult('');
      setFinishing(task);
    } else if (to === TASK_STATUS.cancelled) {
      modal.confirm({ title: '确定取消该任务吗?', content: task.title, okText: '确定', cancelText: '关闭', onOk: () => send({ task, to }) });
    } else {
      void send({ task, to });
    }
  };

  const finish = async () => {
    if (!finishing) return;
    if (!result.trim()) {
      message.warning(TASK_MESSAGES.resultRequired);
      return;
    }
    if (await send({ task: finishing, to: TASK_STATUS.done }, result.trim())) setFinishing(null);
  };

  if (!has(PERMS.task.list)) {
    return (
      <PageWrapper>
        <Empty description="没有协商任务的权限" data-testid="task-board-no-perm" />
      </PageWrapper>
    );
  }

  const views = [
    { value: 'mine', label: '我的任务' },
    { value: 'created', label: '我创建的' },
    ...(seesAll ? [{ value: 'all', label: '全部' }] : []),
  ];

  return (
    <PageWrapper description="协商任务按状态分列：把卡片拖到另一列即可开始、完成或取消任务（也可用卡片上的「移到…」）；完成时请填写处理结果。已完成和已取消的任务不能再移动。">
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented value={view} options={views} onChange={(v) => setView(v as TaskView)} data-testid="task-board-view" />
        <Button icon={<ReloadOutlined />} onClick={() => void reload()} data-testid="task-board-reload">
          刷新
        </Button>
        <Link href={DASHBOARD_LINKS.tasks} data-testid="task-board-list-link">
          协商任务列表
        </Link>
      </Space>
      <Row gutter={[12, 12]} data-testid="task-board">
        {COLUMNS.map((col) => (
          <Col key={col.status} xs={24} md={12} xl={6}>
            <TaskColumn
              status={col.status}
              title={col.title}
              view={view}
              dragging={dragging}
              movable={movable}
              onDragStart={setDragging}
              onDragEnd={() => setDragging(null)}
              onMove={move}
            />
          </Col>
        ))}
      </Row>
      <Modal
        open={!!finishing}
        title={`完成任务 - ${finishing?.title ?? ''}`}
        okText="完成"
        confirmLoading={saving}
        onOk={() => void finish()}
        onCancel={() => setFinishing(null)}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'task-board-finish-ok' } as Record<string, string>}
      >
        <Input.TextArea rows={4} maxLength={1000} showCount placeholder="请填写处理结果" value={result} onChange={(e) => setResult(e.target.value)} data-testid="task-board-finish-result" />
      </Modal>
    </PageWrapper>
  );
}

interface ColumnProps {
  status: number;
  title: string;
  view: TaskView;
  dragging: TaskRecord | null;
  movable: (t: TaskRecord) => boolean;
  onDragStart: (t: TaskRecord) => void;
  onDragEnd: () => void;
  onMove: (t: TaskRecord, to: number) => void;
}

function TaskColumn({ status, title, view, dragging, movable, onDragStart, onDragEnd, onMove }: ColumnProps) {
  const { data, error, isLoading } = useSWR<Page, unknown, ColumnKey>([BOARD_KEY, view, status], fetchColumn, { revalidateOnFocus: false });
  const [over, setOver] = useState(false);
  const accepts = dragging !== null && allowedFrom(status).includes(Number(dragging.status));

  const onDragOver = (e: DragEvent) => {
    if (!accepts) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (dragging) onMove(dragging, status);
    onDragEnd();
  };

  return (
    <Card
      size="small"
      title={
        <Space>
          <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: COLUMN_COLOR[status] }} />
          {title}
          <Typography.Text type="secondary" data-testid={`task-column-total-${status}`}>
            {data?.total ?? 0}
          </Typography.Text>
        </Space>
      }
      data-testid={`task-column-${status}`}
      data-accepts={accepts ? 'true' : 'false'}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{ minHeight: 320, background: over ? 'var(--ant-color-primary-bg, #e6f4ff)' : accepts ? 'var(--ant-color-fill-quaternary, #fafafa)' : undefined }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8 } }}
    >
      {error ? (
        <Typography.Text type="danger">{error instanceof Error ? error.message : '加载失败'}</Typography.Text>
      ) : isLoading || !data ? (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      ) : data.records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任务" />
      ) : (
        data.records.map((t) => <TaskCard key={t.id} task={t} movable={movable(t)} onDragStart={onDragStart} onDragEnd={onDragEnd} onMove={onMove} />)
      )}
      {data && data.total > data.records.length && (
        <Link href={DASHBOARD_LINKS.tasks}>
          <Typography.Text type="secondary">还有 {data.total - data.records.length} 条，到协商任务列表查看</Typography.Text>
        </Link>
      )}
    </Card>
  );
}

function TaskCard({ task, movable, onDragStart, onDragEnd, onMove }: { task: TaskRecord; movable: boolean; onDragStart: (t: TaskRecord) => void; onDragEnd: () => void; onMove: (t: TaskRecord, to: number) => void }) {
  const from = Number(task.status);
  const targets = movable ? moveTargets(from) : [];
  const label = (s: number) => COLUMNS.find((c) => c.status === s)?.title ?? '';
  return (
    <Card
      size="small"
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', task.id);
        onDragStart(task);
      }}
      onDragEnd={onDragEnd}
      data-testid={`task-card-${task.id}`}
      style={{ cursor: movable ? 'grab' : 'default' }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Text strong style={{ minWidth: 0 }} ellipsis={{ tooltip: task.title }}>
          {task.title}
        </Typography.Text>
        {targets.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: targets.map((s) => ({ key: String(s), label: label(s), 'data-testid': `task-move-${task.id}-${s}` })),
              onClick: ({ key }) => onMove(task, Number(key)),
            }}
          >
            <Button size="small" type="link" data-testid={`task-move-${task.id}`} aria-label={`将任务「${task.title ?? ''}」移到…`}>
              移到…
            </Button>
          </Dropdown>
        )}
      </div>
      <Space size={4} wrap style={{ marginTop: 4 }}>
        {task.targetType_dictText ? <Tag>{`${String(task.targetType_dictText)}${task.targetId_dictText ? `：${String(task.targetId_dictText)}` : ''}`}</Tag> : null}
        {task.assignee_dictText ? <Typography.Text type="secondary">{String(task.assignee_dictText)}</Typography.Text> : null}
        {task.dueTime ? (
          <Typography.Text type={task.overdue ? 'danger' : 'secondary'} data-testid={task.overdue ? `task-card-overdue-${task.id}` : undefined}>
            {String(task.dueTime).slice(0, 16)}
            {task.overdue ? ' 已逾期' : ''}
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}
