'use client';

import { useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Spin } from 'antd';
import { EditableGrid, type EditableGridRef } from '@/components/grid/editable-grid';
import { useApiError } from '@/components/feedback/use-api-error';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { PERMS } from '@/lib/permissions/codes';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { FIX_CELLS_FIRST } from '@/lib/grid/rules';

export { FIX_CELLS_FIRST };

export const SAVE_BATCH_URL = '/sys/dictItem/saveBatch';
export const LIST_ALL_URL = '/sys/dictItem/listAll';
export const DICT_ITEM_SOCKET_KEY = 'sys_dict_item';
export const NOTHING_TO_SAVE = '没有需要保存的修改';

const maxLen = (label: string, max: number) => ({ handler: (v: unknown) => String(v ?? '').length <= max || `${label}最多${max}个字符` });

/** The 批量编辑 columns; the same limits as the item form and the server (dict-item-resource.ts). */
export const DICT_ITEM_COLUMNS: GridColumn[] = [
  { key: 'itemText', title: '名称', type: 'input', width: 180, validateRules: [{ required: true, message: '请输入名称!' }, maxLen('名称', 100)] },
  {
    key: 'itemValue',
    title: '数据值',
    type: 'input',
    width: 160,
    validateRules: [{ required: true, message: '请输入数据值!' }, { unique: true, message: '数据值不能重复' }, maxLen('数据值', 100)],
  },
  { key: 'description', title: '描述', type: 'input', width: 200, validateRules: [maxLen('描述', 255)] },
  // Rewritten by drag sort (1..n in display order), so not typed in.
  { key: 'sortOrder', title: '排序', type: 'inputNumber', width: 80, disabled: true },
  { key: 'status', title: '启用', type: 'checkbox', width: 70, customValue: [1, 0], defaultChecked: true },
];

type ItemRecord = { id: string; itemText: string; itemValue: string; description: string; sortOrder: number; status: number };

/** What the server takes of a row (never the client's other keys). */
const toPayload = (r: Record<string, unknown>) => ({
  ...(typeof r.id === 'string' ? { id: r.id } : {}),
  itemText: String(r.itemText ?? '').trim(),
  itemValue: String(r.itemValue ?? '').trim(),
  description: String(r.description ?? ''),
  sortOrder: typeof r.sortOrder === 'number' ? r.sortOrder : Number(r.sortOrder) || 1,
  status: Number(r.status) === 0 ? 0 : 1,
});

/**
 * 字典项 批量编辑: every item of one dictionary in the editable grid; 保存 sends the new, changed and
 * removed rows in one `POST /sys/dictItem/saveBatch` (all or nothing on the server). Cell edits of
 * saved rows are shared live with other sessions on the same dictionary (/vxeSocket).
 */
export function DictItemsGrid({ dictId }: { dictId: string }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const { has } = useAuth();
  const gridRef = useRef<EditableGridRef>(null);
  const [saving, setSaving] = useState(false);
  const { data, error, isLoading, mutate } = useSWR(dictId ? [LIST_ALL_URL, dictId] : null, async () => (await http.get<{ records: ItemRecord[] }>(LIST_ALL_URL, { dictId })).result.records, {
    revalidateOnFocus: false,
  });
  const dataSource = useMemo<GridRow[]>(() => (data ?? []).map((r) => ({ ...r })), [data]);
  const canAdd = has(PERMS.dictItem.add);
  const canEdit = has(PERMS.dictItem.edit);
  const canDelete = has(PERMS.dictItem.delete);
  const socket = useMemo(() => ({ pageId: `dict-items-${dictId}`, socketKey: DICT_ITEM_SOCKET_KEY }), [dictId]);

  const onSave = async () => {
    const grid = gridRef.current;
    if (!grid) return;
    const checked = await grid.validate();
    if (!checked.ok) {
      void message.warning(FIX_CELLS_FIRST);
      return;
    }
    const rows = [...grid.getNewRows(), ...grid.getUpdatedRows()].map(toPayload);
    const deleteIds = grid.getDeleteIds();
    if (!rows.length && !deleteIds.length) {
      void message.info(NOTHING_TO_SAVE);
      return;
    }
    setSaving(true);
    try {
      const r = await http.post(SAVE_BATCH_URL, { dictId, rows, deleteIds });
      void message.success(r.message || '保存成功！');
      await mutate();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  if (error) return <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} />;
  if (isLoading && !data) return <Spin />;
  return (
    <EditableGrid
      ref={gridRef}
      testId="dict-items-grid"
      columns={DICT_ITEM_COLUMNS}
      dataSource={dataSource}
      dragSort={canEdit}
      dragSortKey="sortOrder"
      hideAdd={!canAdd}
      hideRemove={!canDelete}
      disabled={!canAdd && !canEdit && !canDelete}
      onSave={canAdd || canEdit || canDelete ? onSave : undefined}
      saving={saving}
      showDetails
      socket={socket}
    />
  );
}
