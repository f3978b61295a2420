'use client';

import { useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Flex, Spin } from 'antd';
import { EditableGrid, type EditableGridRef } from '@/components/grid/editable-grid';
import { useApiError } from '@/components/feedback/use-api-error';
import { rowsOf } from '@/components/data/dict/use-dict';
import { http } from '@/lib/http';
import type { GridColumn, GridOption, GridRow } from '@/lib/grid/types';
import { REFS } from '../course/ref-select';
import { STUDENT_PACKAGE_BATCH_MAX, STUDENT_PACKAGE_BATCH_URL } from './student-resource';
import { FIX_CELLS_FIRST } from '@/lib/grid/rules';

export { FIX_CELLS_FIRST };

export const COURSE_OPTIONS_URL = REFS.course.url;
/** The course list's page size limit (server/core/paging.ts MAX_PAGE_SIZE). */
const COURSE_OPTIONS_MAX = 200;
export const ADD_ONE_FIRST = '请至少添加一个课时包';
export const TOO_MANY = `一次最多添加${STUDENT_PACKAGE_BATCH_MAX}个课时包`;
export const MONEY_MESSAGE = '请输入正确的金额!';
const nonNegative = (label: string) => ({ handler: (v: unknown) => v === '' || v === null || v === undefined || Number(v) >= 0 || `${label}不能为负数` });

/** The 批量添加 columns; the same rules as the single add's form and the server (student-resource.ts). */
export function packageColumns(courses: GridOption[]): GridColumn[] {
  return [
    { key: 'courseId', title: '课程', type: 'select', width: 180, options: courses, allowSearch: true, validateRules: [{ required: true, message: '请选择课程' }] },
    { key: 'buyQty', title: '购买数量', type: 'inputNumber', width: 110, statistics: ['sum'], validateRules: [{ required: true, message: '请输入购买数量' }, nonNegative('购买数量')] },
    { key: 'giftQty', title: '赠送数量', type: 'inputNumber', width: 110, defaultValue: 0, statistics: ['sum'], validateRules: [nonNegative('赠送数量')] },
    { key: 'amount', title: '金额', type: 'inputNumber', width: 120, statistics: ['sum', 'average'], validateRules: [{ pattern: 'money', message: MONEY_MESSAGE }, nonNegative('金额')] },
    { key: 'validTo', title: '有效期至', type: 'date', width: 150 },
    { key: 'remark', title: '备注', type: 'input', width: 160, validateRules: [{ handler: (v: unknown) => String(v ?? '').length <= 500 || '备注最多500个字符' }] },
  ];
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const num = (v: unknown) => (blank(v) ? null : Number(v));

/** What the server takes of a new row (never the grid's other keys). */
export const toPackagePayload = (r: Record<string, unknown>) => ({
  courseId: String(r.courseId ?? ''),
  buyQty: num(r.buyQty),
  giftQty: num(r.giftQty) ?? 0,
  amount: num(r.amount),
  validTo: blank(r.validTo) ? null : String(r.validTo),
  remark: blank(r.remark) ? null : String(r.remark),
});

/**
 * 批量添加课时包: an editable grid of NEW packages of one student (statistics row: 购买/赠送 sums, 金额 sum and
 * average); 保存 sends them in one `POST /edu/tblStudentCourse/addBatch` (all or nothing on the server).
 */
export function StudentPackagesGrid({ studentId, onSaved, onCancel }: { studentId: string; onSaved: () => void | Promise<void>; onCancel: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const gridRef = useRef<EditableGridRef>(null);
  const [saving, setSaving] = useState(false);
  const courses = useSWR([COURSE_OPTIONS_URL, 'grid-options'], async () => rowsOf((await http.get<unknown>(COURSE_OPTIONS_URL, { pageSize: COURSE_OPTIONS_MAX })).result), {
    revalidateOnFocus: false,
  });
  const columns = useMemo(() => packageColumns((courses.data ?? []).map((c) => ({ value: String(c.id), text: String(c.name ?? c.id) }))), [courses.data]);
  // Starts empty (新增 adds a row); a new array would reset the grid, so it is made once.
  const [dataSource] = useState<GridRow[]>([]);

  const onSave = async () => {
    const grid = gridRef.current;
    if (!grid) return;
    const checked = await grid.validate();
    if (!checked.ok) {
      void message.warning(FIX_CELLS_FIRST);
      return;
    }
    const rows = grid.getNewRows().map(toPackagePayload);
    if (!rows.length) {
      void message.info(ADD_ONE_FIRST);
      return;
    }
    if (rows.length > STUDENT_PACKAGE_BATCH_MAX) {
      void message.warning(TOO_MANY);
      return;
    }
    setSaving(true);
    try {
      const r = await http.post(STUDENT_PACKAGE_BATCH_URL, { studentId, rows });
      void message.success(r.message || '课时包已添加');
      await onSaved();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  if (courses.error) return <Alert type="error" showIcon title={courses.error instanceof Error ? courses.error.message : '加载失败'} />;
  if (courses.isLoading && !courses.data) return <Spin />;
  return (
    <Flex vertical gap={8} data-testid="student-packages-batch">
      <EditableGrid
        ref={gridRef}
        testId="student-packages-grid"
        columns={columns}
        dataSource={dataSource}
        dragSortKey={null}
        rowNumber
        rowSelection="checkbox"
        onSave={onSave}
        saving={saving}
        maxHeight={360}
      />
      <Flex justify="flex-end">
        <Button onClick={onCancel} disabled={saving} data-testid="student-packages-batch-cancel">
          取消
        </Button>
      </Flex>
    </Flex>
  );
}
