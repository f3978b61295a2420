'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Button, Card, Descriptions, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { RowLinks } from '@/components/data/list/list-columns';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { useScreenRoute } from '@/components/shell/screen-route';
import { http } from '@/lib/http';
import { HOMEWORK_PAGES, HOMEWORK_SOURCE, HOMEWORK_STATUS_OPTIONS, HOMEWORK_URL, type HomeworkStudentsAnswer, type SubmissionRow } from '@/lib/learntools/homework-types';
import { PERMS } from '@/lib/permissions/codes';
import { minutes } from './homework-api';
import { SubmissionDrawer } from './submission-drawer';

export const SUBMISSION_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'warning' };

/**
 * 学员作业 (/calendar/homeworkStudentInfo?homeworkId= under /detailOperation): each assigned student's
 * status, late flag, submitted time, score and comment; 查看/批改 opens the submission (marking it 已读),
 * where staff also record what the student handed in.
 */
export default function HomeworkStudentsScreen() {
  const route = useScreenRoute(HOMEWORK_PAGES.students);
  const pathname = usePathname();
  const search = useSearchParams();
  // Kept alive on other routes: only our own address chooses the homework.
  const own = pathname === route ? (search.get('homeworkId') ?? '') : undefined;
  const [homeworkId, setHomeworkId] = useState(own ?? '');
  if (own !== undefined && own !== homeworkId) setHomeworkId(own);
  return (
    <PageWrapper title="学员作业">
      {homeworkId ? <StudentsBody key={homeworkId} homeworkId={homeworkId} /> : <Empty description="请从作业列表选择作业" />}
    </PageWrapper>
  );
}

function StudentsBody({ homeworkId }: { homeworkId: string }) {
  const router = useRouter();
  const { mode } = useAuth();
  const canGrade = mode(PERMS.homework.grade) === 'show';
  const [open, setOpen] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useSWR([HOMEWORK_URL.students, homeworkId], async () => (await http.get<HomeworkStudentsAnswer>(HOMEWORK_URL.students, { homeworkId })).result);

  if (isLoading) return <Spin />;
  if (error || !data) return <Empty description={error instanceof Error ? error.message : '作业不存在或已删除'} />;
  const h = data.homework;
  const status = HOMEWORK_STATUS_OPTIONS.find((o) => o.value === String(h.status))?.text ?? '';
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={h.title}
        extra={
          <Space>
            <Button onClick={() => router.push(HOMEWORK_PAGES.list)}>返回作业列表</Button>
          </Space>
        }
      >
        <Descriptions size="small" column={3} data-testid="homework-summary">
          <Descriptions.Item label="班级">{h.clazzName}</Descriptions.Item>
          <Descriptions.Item label="来源">{h.source === HOMEWORK_SOURCE.workbook ? '练习册' : '自定义'}</Descriptions.Item>
          <Descriptions.Item label="状态">{status}</Descriptions.Item>
          <Descriptions.Item label="截止时间">{minutes(h.dueTime)}</Descriptions.Item>
          <Descriptions.Item label="满分">{h.maxScore}</Descriptions.Item>
          <Descriptions.Item label="总数 / 已读 / 已完成">
            <span data-testid="homework-counters">
              {h.total} / {h.readCount} / {h.finishCount}
            </span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small">
        <Table<SubmissionRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.records}
          data-testid="homework-students"
          columns={[
            { key: 'name', title: '学员', dataIndex: 'studentName' },
            {
              key: 'status',
              title: '状态',
              render: (_v, r) => (
                <Space size={4}>
                  <Tag color={SUBMISSION_COLORS[r.status]}>{r.status_dictText}</Tag>
                  {r.late ? <Tag color="error">迟交</Tag> : null}
                  {r.readFlag ? null : <Typography.Text type="secondary">未读</Typography.Text>}
                </Space>
              ),
            },
            { key: 'submitted', title: '提交时间', render: (_v, r) => minutes(r.submittedTime) },
            { key: 'score', title: '分数', render: (_v, r) => (r.score === null ? '-' : `${r.score} / ${h.maxScore}`) },
            { key: 'comment', title: '评语', dataIndex: 'comment', ellipsis: true, render: (v: string | null) => v || '-' },
            { key: 'gradedBy', title: '批改人', render: (_v, r) => r.gradedBy || '-' },
            {
              key: 'action',
              title: '操作',
              align: 'center',
              render: (_v, r) => (
                <RowLinks
                  links={[
                    <Typography.Link key="open" data-testid={`submission-open-${r.studentId}`} onClick={() => setOpen(r.id)}>
                      {canGrade && (r.status === 1 || r.status === 2) ? '批改' : canGrade && r.status !== 2 ? '录入提交' : '查看'}
                    </Typography.Link>,
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <SubmissionDrawer
        id={open}
        canGrade={canGrade}
        onClose={() => {
          setOpen(null);
          void mutate();
        }}
        onChanged={() => void mutate()}
      />
    </Space>
  );
}
