'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Divider, Drawer, Popconfirm, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { ITEM_TYPE_LABEL, optionLetter } from '@/lib/learntools/workbook-rules';
import { WorkbookItemForm, type WorkbookItemRow } from './workbook-item-form';
import { WORKBOOK_ITEM_API } from './workbook-resource';

export interface ItemsDrawerProps {
  workbook: { id: string; name: string } | null;
  /** learn:workbook:edit: may add, edit and delete items. */
  canEdit: boolean;
  onClose: () => void;
  /** After a change: the list's 题数 / 总分. */
  onChanged: () => void;
}

/** 题目 of a workbook: the items in order, with 新增 / 编辑 / 删除 for editors. */
export function WorkbookItemsDrawer({ workbook, canEdit, onClose, onChanged }: ItemsDrawerProps) {
  const { message } = App.useApp();
  const onError = useApiError();
  const [editing, setEditing] = useState<WorkbookItemRow | 'new' | null>(null);
  const id = workbook?.id;
  const items = useSWR(id ? [WORKBOOK_ITEM_API, id] : null, async () => (await http.get<WorkbookItemRow[]>(`${WORKBOOK_ITEM_API}/list`, { workbookId: id ?? '' })).result ?? [], {
    onError,
    revalidateOnFocus: false,
  });
  const rows = items.data ?? [];
  const total = rows.reduce((sum, r) => sum + Number(r.score), 0);

  const changed = async () => {
    await items.mutate();
    onChanged();
  };

  const save = async (values: Parameters<Parameters<typeof WorkbookItemForm>[0]['onSave']>[0]) => {
    const r =
      editing === 'new'
        ? await http.post(`${WORKBOOK_ITEM_API}/add`, { ...values, workbookId: id })
        : await http.put(`${WORKBOOK_ITEM_API}/edit`, { ...values, id: editing === null ? '' : editing.id });
    message.success(r.message || '保存成功');
    setEditing(null);
    await changed();
  };

  const remove = async (item: WorkbookItemRow) => {
    try {
      const r = await http.del(`${WORKBOOK_ITEM_API}/delete`, { id: item.id });
      message.success(r.message || '删除成功');
      await changed();
    } catch (e) {
      onError(e);
    }
  };

  return (
    <Drawer
      open={workbook !== null}
      title={`题目 - ${workbook?.name ?? ''}`}
      size={960}
      onClose={onClose}
      destroyOnHidden
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="item-add">
            新增题目
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        共 {rows.length} 题，总分 {Number(total.toFixed(2))} 分。单选、多选、判断、填空题提交后自动判分，主观题由老师批改。
      </Typography.Paragraph>
      <Table<WorkbookItemRow>
        rowKey="id"
        size="small"
        loading={items.isLoading}
        dataSource={rows}
        pagination={false}
        data-testid="item-table"
        columns={[
          { title: '#', width: 48, render: (_v, _r, i) => i + 1 },
          { title: '题型', dataIndex: 'type', width: 70, render: (t: number) => <Tag>{ITEM_TYPE_LABEL[t] ?? t}</Tag> },
          {
            title: '题干',
            dataIndex: 'stem',
            render: (stem: string, r) => (
              <>
                <div style={{ whiteSpace: 'pre-wrap' }}>{stem}</div>
                {r.options?.map((o, i) => (
                  <div key={i} style={{ color: '#666' }}>
                    {optionLetter(i)}. {o}
                  </div>
                ))}
              </>
            ),
          },
          { title: '答案', dataIndex: 'answer', width: 160, render: (a: string | null, r) => (r.type === 5 ? <Typography.Text type="secondary">{a ? '有参考答案' : '—'}</Typography.Text> : a) },
          { title: '分值', dataIndex: 'score', width: 70 },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  width: 110,
                  render: (_v: unknown, r: WorkbookItemRow) => (
                    <>
                      <a onClick={() => setEditing(r)}>编辑</a>
                      <Divider orientation="vertical" />
                      <Popconfirm title="确定删除这道题吗?" onConfirm={() => void remove(r)}>
                        <a>删除</a>
                      </Popconfirm>
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
      <WorkbookItemForm item={editing} onClose={() => setEditing(null)} onSave={save} />
    </Drawer>
  );
}
