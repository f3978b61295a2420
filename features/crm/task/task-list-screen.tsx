'use client';

import { useMemo, useState } from 'react';
import { Segmented, Tag, Typography } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth, useShell } from '@/components/shell/shell-context';
import type { TaskView } from '@/lib/crm/task-rules';
import { PERMS } from '@/lib/permissions/codes';
import { TaskStatusLinks, type TaskRecord } from './task-actions';
import { taskEditors } from './task-editors';
import { taskResource, TASK_VIEW_PARAM } from './task-resource';

const STATUS_COLOR: Record<string, string> = { '0': 'blue', '1': 'orange', '2': 'green', '3': 'default' };

const renderers = {
  /** Overdue open tasks in red with a 已逾期 mark (the server computes `overdue`). */
  dueTime: (v: unknown, r: Row) =>
    r.overdue ? (
      <Typography.Text type="danger" data-testid={`task-overdue-${String(r.id)}`}>
        {String(v ?? '')} 已逾期
      </Typography.Text>
    ) : (
      String(v ?? '')
    ),
  status: (v: unknown, r: Row) => <Tag color={STATUS_COLOR[String(v)] ?? 'default'}>{String(r.status_dictText ?? v ?? '')}</Tag>,
};

/** 协商任务 (crm/TaskList): 我的任务 by default, 我创建的, and 全部 with crm:task:all; 开始 / 完成 / 取消 per row. */
export default function TaskListScreen() {
  const { has } = useAuth();
  const { account } = useShell();
  const user = useMemo(() => ({ id: account.userInfo.id, username: account.userInfo.username }), [account.userInfo.id, account.userInfo.username]);
  const seesAll = has(PERMS.task.all);
  const canChange = has(PERMS.task.edit);
  const [view, setView] = useState<TaskView>('mine');
  const extraParams = useMemo(() => ({ [TASK_VIEW_PARAM]: view }), [view]);
  const views = [
    { value: 'mine', label: '我的任务' },
    { value: 'created', label: '我创建的' },
    ...(seesAll ? [{ value: 'all', label: '全部' }] : []),
  ];
  return (
    <PageWrapper description="协商任务：给线索、学员或班级安排的待办事项。负责人须为在职员工；截止时间已过而未完成的任务标红。完成任务时请填写处理结果。">
      <ListPage<Row>
        def={taskResource}
        renderers={renderers}
        editors={taskEditors}
        extraParams={extraParams}
        toolbarExtra={(page) => (
          <Segmented
            value={view}
            options={views}
            data-testid="task-view"
            onChange={(v) => {
              setView(v as TaskView);
              page.goToPage(1);
            }}
          />
        )}
        rowActions={(r, page) => (canChange ? <TaskStatusLinks record={r as TaskRecord} user={user} seesAll={seesAll} onChanged={() => void page.reload()} /> : null)}
      />
    </PageWrapper>
  );
}
