'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Empty, Flex, Input, Modal, Popconfirm, Select, Table, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { CLAZZ_GROUP_URL, GROUP_LIMITS, GROUP_MESSAGES, type ClazzGroup } from '@/lib/edu/progress-types';
import { CLAZZ_MEMBERS_URL, MEMBER_STATUS, type ClazzMemberRow } from './clazz-resource';

export interface ClazzGroupModalProps {
  clazz: { id: string; name: string } | null;
  /** clazz:group:edit: may add, rename and delete groups and assign members; otherwise read-only. */
  canEdit: boolean;
  onClose: () => void;
}

/** Checked here too so an empty or long name never leaves the browser; the server says the same. */
function nameError(name: string): string | null {
  const t = name.trim();
  if (!t) return GROUP_MESSAGES.nameRequired;
  if (t.length > GROUP_LIMITS.nameMax) return GROUP_MESSAGES.nameTooLong;
  return null;
}

/** 分组: a class's groups (新增分组 / 重命名 / 删除) and, per 正常 member, the group it is in. */
export function ClazzGroupModal({ clazz, canEdit, onClose }: ClazzGroupModalProps) {
  const { message } = App.useApp();
  const onError = useApiError();
  const clazzId = clazz?.id;
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const groups = useSWR(clazzId ? [CLAZZ_GROUP_URL.list, clazzId] : null, async () => (await http.get<ClazzGroup[]>(CLAZZ_GROUP_URL.list, { clazzId: clazzId ?? '' })).result ?? [], {
    onError,
    revalidateOnFocus: false,
  });
  const members = useSWR(clazzId ? [CLAZZ_MEMBERS_URL, clazzId] : null, async () => (await http.get<ClazzMemberRow[]>(CLAZZ_MEMBERS_URL, { clazzId: clazzId ?? '' })).result ?? [], {
    onError,
    revalidateOnFocus: false,
  });
  const groupRows = groups.data ?? [];
  const active = (members.data ?? []).filter((m) => m.status === MEMBER_STATUS.active);
  const groupOf = new Map(groupRows.flatMap((g) => g.members.map((m) => [m.studentId, g.id] as const)));

  const run = async (call: () => Promise<{ message?: string }>, fallback: string) => {
    setBusy(true);
    try {
      const r = await call();
      message.success(r.message || fallback);
      await groups.mutate();
      return true;
    } catch (e) {
      onError(e);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const addGroup = async () => {
    const err = nameError(newName);
    if (err) return void message.warning(err);
    if (await run(() => http.post(CLAZZ_GROUP_URL.add, { clazzId, name: newName.trim() }), '添加成功')) setNewName('');
  };

  const rename = async () => {
    if (!renaming) return;
    const err = nameError(renaming.name);
    if (err) return void message.warning(err);
    if (await run(() => http.put(CLAZZ_GROUP_URL.edit, { id: renaming.id, name: renaming.name.trim() }), '编辑成功！')) setRenaming(null);
  };

  const remove = (id: string) => run(() => http.del(CLAZZ_GROUP_URL.delete, { id }), '删除成功');

  /** Moves one student: into `target` (its complete list plus the student), or out of its group when target is empty. */
  const assign = async (studentId: string, target: string | undefined) => {
    const current = groupOf.get(studentId);
    if (current === target) return;
    if (target) {
      const g = groupRows.find((x) => x.id === target);
      const ids = [...(g?.members.map((m) => m.studentId) ?? []), studentId];
      await run(() => http.post(CLAZZ_GROUP_URL.setMembers, { groupId: target, studentIds: ids }), '分组成员已保存');
    } else if (current) {
      const g = groupRows.find((x) => x.id === current);
      const ids = (g?.members.map((m) => m.studentId) ?? []).filter((s) => s !== studentId);
      await run(() => http.post(CLAZZ_GROUP_URL.setMembers, { groupId: current, studentIds: ids }), '分组成员已保存');
    }
  };

  const close = () => {
    setNewName('');
    setRenaming(null);
    onClose();
  };
  const groupName = (id: string | undefined) => groupRows.find((g) => g.id === id)?.name;

  return (
    <Modal open={clazz !== null} title={`分组 - ${clazz?.name ?? ''}`} width={860} footer={null} onCancel={close} destroyOnHidden>
      <Flex vertical gap={12} data-testid="clazz-groups">
        <Typography.Text type="secondary">
          每名在读学员最多属于本班的一个分组；改选分组即移到新分组。退班的学员自动离开分组。每个班级最多{GROUP_LIMITS.perClazz}个分组。
        </Typography.Text>
        {canEdit ? (
          <Flex gap={8}>
            <Input
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              onPressEnter={() => void addGroup()}
              maxLength={GROUP_LIMITS.nameMax}
              placeholder="分组名称"
              data-testid="clazz-group-name"
              style={{ flex: 1 }}
            />
            <Button type="primary" loading={busy} onClick={() => void addGroup()} data-testid="clazz-group-add">
              新增分组
            </Button>
          </Flex>
        ) : null}
        <Table<ClazzGroup>
          rowKey="id"
          size="small"
          bordered
          loading={groups.isLoading}
          dataSource={groupRows}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分组" /> }}
          data-testid="clazz-group-table"
          columns={[
            { key: 'name', dataIndex: 'name', title: '分组', width: 160 },
            { key: 'count', title: '人数', width: 70, render: (_v, g) => g.members.length },
            { key: 'members', title: '成员', render: (_v, g) => g.members.map((m) => m.name).join('、') || '-' },
            ...(canEdit
              ? [
                  {
                    key: 'action',
                    title: '操作',
                    width: 130,
                    render: (_v: unknown, g: ClazzGroup) => (
                      <Flex gap={12}>
                        <a data-testid={`clazz-group-rename-${g.id}`} onClick={() => setRenaming({ id: g.id, name: g.name })}>
                          重命名
                        </a>
                        <Popconfirm title={`确定删除分组「${g.name}」吗？`} okText="确定" cancelText="取消" onConfirm={() => remove(g.id)}>
                          <a data-testid={`clazz-group-delete-${g.id}`}>删除</a>
                        </Popconfirm>
                      </Flex>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          学员分组
        </Typography.Title>
        <Table<ClazzMemberRow>
          rowKey="studentId"
          size="small"
          bordered
          loading={members.isLoading}
          dataSource={active}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          data-testid="clazz-group-members"
          columns={[
            { key: 'name', dataIndex: 'name', title: '姓名' },
            { key: 'phone', dataIndex: 'phone', title: '手机' },
            {
              key: 'group',
              title: '分组',
              width: 220,
              render: (_v, m) =>
                canEdit ? (
                  <div data-testid={`clazz-group-assign-${m.studentId}`}>
                    <Select
                      style={{ width: '100%' }}
                      allowClear
                      placeholder="未分组"
                      disabled={busy}
                      value={groupOf.get(m.studentId)}
                      options={groupRows.map((g) => ({ value: g.id, label: g.name }))}
                      onChange={(v: string | undefined) => void assign(m.studentId, v)}
                    />
                  </div>
                ) : (
                  (groupName(groupOf.get(m.studentId)) ?? '未分组')
                ),
            },
          ]}
        />
      </Flex>
      <Modal open={renaming !== null} title="重命名分组" confirmLoading={busy} onOk={() => void rename()} onCancel={() => setRenaming(null)} destroyOnHidden>
        <Input
          value={renaming?.name ?? ''}
          maxLength={GROUP_LIMITS.nameMax}
          onChange={(e) => setRenaming((r) => (r ? { ...r, name: e.target.value } : r))}
          onPressEnter={() => void rename()}
          data-testid="clazz-group-rename-input"
        />
      </Modal>
    </Modal>
  );
}
