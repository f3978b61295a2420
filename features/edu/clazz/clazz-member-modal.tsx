'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Flex, Modal, Popconfirm, Progress, Table, Tag, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { CLAZZ_PROGRESS_URL, type ClazzMemberProgress, type ClazzProgressAnswer } from '@/lib/edu/progress-types';
import { REFS, RefSelect } from '../course/ref-select';
import { CLAZZ_ADD_MEMBERS_URL, CLAZZ_MEMBERS_URL, CLAZZ_REMOVE_MEMBER_URL, MEMBER_STATUS, type ClazzMemberRow } from './clazz-resource';

export interface ClazzMemberModalProps {
  clazz: { id: string; name: string; capacity?: unknown } | null;
  /** clazz:clazz:edit: may add and remove members. */
  canEdit: boolean;
  onClose: () => void;
  /** After a change (the list's 人数 column). */
  onChanged: () => void;
}

/** 成员: the class's students (正常 / 已退班) with the class's 课次进度 and each one's attendance, adding through a student search, 退班 per row. */
export function ClazzMemberModal({ clazz, canEdit, onClose, onChanged }: ClazzMemberModalProps) {
  const { message } = App.useApp();
  const onError = useApiError();
  const [picked, setPicked] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const clazzId = clazz?.id;
  const members = useSWR(clazzId ? [CLAZZ_MEMBERS_URL, clazzId] : null, async () => (await http.get<ClazzMemberRow[]>(CLAZZ_MEMBERS_URL, { clazzId: clazzId ?? '' })).result ?? [], {
    onError,
    revalidateOnFocus: false,
  });
  const progress = useSWR(clazzId ? [CLAZZ_PROGRESS_URL, clazzId] : null, async () => (await http.get<ClazzProgressAnswer>(CLAZZ_PROGRESS_URL, { clazzId: clazzId ?? '' })).result, {
    onError,
    revalidateOnFocus: false,
  });
  const rows = members.data ?? [];
  const attendance = new Map<string, ClazzMemberProgress>((progress.data?.members ?? []).map((m) => [m.studentId, m]));
  const load = () => Promise.all([members.mutate(), progress.mutate()]);
  const close = () => {
    setPicked(undefined);
    onClose();
  };

  const add = async () => {
    if (!clazzId || !picked) return;
    setSaving(true);
    try {
      const r = await http.post<{ added: number }>(CLAZZ_ADD_MEMBERS_URL, { clazzId, studentIds: picked.split(',') });
      message.success(r.message || '添加成功');
      setPicked(undefined);
      onChanged();
      await load();
    } catch (e) {
      onError(e);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (studentId: string) => {
    if (!clazzId) return;
    try {
      const r = await http.post(CLAZZ_REMOVE_MEMBER_URL, { clazzId, studentId });
      message.success(r.message || '已退班');
      onChanged();
      await load();
    } catch (e) {
      onError(e);
    }
  };

  const active = rows.filter((r) => r.status === MEMBER_STATUS.active).length;
  return (
    <Modal open={clazz !== null} title={`班级成员 - ${clazz?.name ?? ''}`} width={760} footer={null} onCancel={close} destroyOnHidden>
      <Flex vertical gap={12} data-testid="clazz-members">
        <Typography.Text type="secondary">
          在读 {active} 人{clazz?.capacity ? `，容量 ${String(clazz.capacity)} 人` : ''}。新成员会加入本班之后所有未开始课次的点名表；退班的学员从尚未点名的课次中移除。
        </Typography.Text>
        {progress.data ? <ClazzProgressLine progress={progress.data} /> : null}
        {canEdit ? (
          <Flex gap={8}>
            <div style={{ flex: 1 }} data-testid="clazz-member-picker">
              <RefSelect config={REFS.student} detailField="phone" mode="multiple" value={picked} onChange={setPicked} placeholder="搜索学员姓名" />
            </div>
            <Button type="primary" loading={saving} disabled={!picked} onClick={() => void add()} data-testid="clazz-member-add">
              添加成员
            </Button>
          </Flex>
        ) : null}
        <Table<ClazzMemberRow>
          rowKey="id"
          size="small"
          bordered
          loading={members.isLoading}
          dataSource={rows}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { key: 'name', dataIndex: 'name', title: '姓名' },
            { key: 'phone', dataIndex: 'phone', title: '手机' },
            { key: 'status', dataIndex: 'status', title: '状态', render: (v: number, r) => <Tag color={v === MEMBER_STATUS.active ? 'green' : 'default'}>{r.status_dictText}</Tag> },
            { key: 'joinDate', dataIndex: 'joinDate', title: '入班日期' },
            { key: 'leaveDate', dataIndex: 'leaveDate', title: '退班日期' },
            {
              key: 'attendance',
              title: '出勤',
              render: (_: unknown, r: ClazzMemberRow) => {
                const a = attendance.get(r.studentId);
                if (!a) return '-';
                return (
                  <span data-testid={`clazz-member-attendance-${r.studentId}`} title={`请假 ${a.leave} 次，缺席 ${a.absent} 次，待补课 ${a.makeupPending} 次`}>
                    {`${a.attended}/${a.done}`}
                    {a.attendanceRate === null ? '' : `（${a.attendanceRate}%）`}
                  </span>
                );
              },
            },
            {
              key: 'homework',
              title: '作业完成',
              render: (_: unknown, r: ClazzMemberRow) => {
                const a = attendance.get(r.studentId);
                if (!a) return '-';
                return (
                  <span data-testid={`clazz-member-homework-${r.studentId}`} title={`章节 ${a.chaptersDone}/${a.chaptersTotal}${a.homeworkAvgScore === null ? '' : `；作业平均分 ${a.homeworkAvgScore}（百分制）`}`}>
                    {`${a.homeworkFinished}/${a.homeworkAssigned}`}
                  </span>
                );
              },
            },
            ...(canEdit
              ? [
                  {
                    key: 'action',
                    title: '操作',
                    render: (_: unknown, r: ClazzMemberRow) =>
                      r.status === MEMBER_STATUS.active ? (
                        <Popconfirm title={`确定让「${r.name}」退班吗？`} onConfirm={() => remove(r.studentId)}>
                          <a data-testid={`clazz-member-remove-${r.studentId}`}>退班</a>
                        </Popconfirm>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </Flex>
    </Modal>
  );
}

/** 课次进度: sessions done ÷ planned (ETMS FinishCount ÷ PlanCount), with the course's 总课次 when set. */
function ClazzProgressLine({ progress }: { progress: ClazzProgressAnswer }) {
  return (
    <Flex align="center" gap={12} data-testid="clazz-progress">
      <Typography.Text>
        课次进度：已上 {progress.done} / 计划 {progress.planned}
        {progress.courseLessons ? `（课程总课次 ${progress.courseLessons}）` : ''}
      </Typography.Text>
      <Progress percent={progress.percent ?? 0} size="small" style={{ flex: 1, margin: 0 }} />
      <Typography.Text data-testid="clazz-progress-content">
        章节 {progress.chaptersDone}/{progress.chaptersTotal}；作业 {progress.homeworkCount} 份，完成 {progress.homeworkFinished}/{progress.homeworkAssigned}
        {progress.homeworkAvgScore === null ? '' : `，平均分 ${progress.homeworkAvgScore}（百分制）`}
      </Typography.Text>
    </Flex>
  );
}
