'use client';

import { LazyTreeSelect } from '@/components/data/dict/lazy-tree-select';
import { toTreeNodes } from '@/components/data/dict/tree-nodes';
import type { EditorProps } from '@/components/fields/field-registry';
import { http } from '@/lib/http';
import { COURSE_TYPE_URLS } from '../../../lib/edu/course-type-api';

/** The whole type tree arrives in one answer, so no level is ever loaded on expand. */
const loadRoot = () => http.get<unknown>(COURSE_TYPE_URLS.tree).then((r) => toTreeNodes(r.result));
const noChildren = async () => [];
// A type in use cannot be deleted, so a value is always a node of the loaded tree.
const noLabels = async () => [];

export interface CourseTypeSelectProps {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/** 课程分类 as a tree select (any node may be chosen), searchable by name. */
export function CourseTypeSelect({ placeholder = '请选择课程分类', ...rest }: CourseTypeSelectProps) {
  return <LazyTreeSelect {...rest} treeKey={COURSE_TYPE_URLS.tree} loadRoot={loadRoot} loadChildren={noChildren} loadLabels={noLabels} placeholder={placeholder} style={{ width: '100%' }} />;
}

/** The course form's 课程分类 (ListPage `editors`). */
export function CourseTypeEditor({ value, onChange, disabled, id }: EditorProps) {
  return <CourseTypeSelect id={id} value={typeof value === 'string' ? value : null} disabled={disabled} onChange={(v) => onChange?.(v ?? '')} />;
}
