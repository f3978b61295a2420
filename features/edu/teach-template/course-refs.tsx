'use client';

import useSWR from 'swr';
import { TreeSelect } from 'antd';
import { rowsOf } from '@/components/data/dict/use-dict';
import { http } from '@/lib/http';
import { TEMPLATE_URLS } from './teach-template-resource';
import type { TreeNodeWire } from '../../../lib/edu/course-type-api';
import { useChapterTree } from '../course-type/use-chapter-tree';

/** A node of `GET /course/chapter/tree?courseId=` (the chapters' tree answer). */
export type ChapterNode = TreeNodeWire;

export interface MaterialOption {
  value: string;
  text: string;
}

const swrOptions = { revalidateOnFocus: false } as const;

/** A course's chapter tree (empty without a course). */
export const useChapterNodes = (courseId: string | undefined): ChapterNode[] => useChapterTree(courseId).nodes;

/** A course's materials as options of the 课件 column (the first 200: a template's course is not a library). */
export function useCourseMaterials(courseId: string | undefined): MaterialOption[] {
  const { data } = useSWR(
    courseId ? ([TEMPLATE_URLS.materials, courseId] as const) : null,
    async ([url, id]) => rowsOf((await http.get<unknown>(url, { courseId: id, pageSize: 200, column: 'name', order: 'asc' })).result).map((r) => ({ value: String(r.id), text: String(r.name ?? r.id) })),
    swrOptions,
  );
  return data ?? [];
}

/** Chapter id → title over the whole tree. */
export function chapterTitles(tree: readonly ChapterNode[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (nodes: readonly ChapterNode[]) => {
    for (const n of nodes) {
      out.set(n.id, n.title);
      if (n.children?.length) walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** The 章节 cell: a tree select over the course's chapters. */
export function ChapterSelect({ tree, value, onChange, disabled }: { tree: ChapterNode[]; value: unknown; onChange: (v: string | null) => void; disabled?: boolean }) {
  return (
    <TreeSelect
      size="small"
      style={{ width: '100%' }}
      allowClear
      treeDefaultExpandAll
      disabled={disabled}
      placeholder={tree.length ? '请选择章节' : '该课程暂无章节'}
      value={typeof value === 'string' && value ? value : undefined}
      treeData={tree}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      onChange={(v: unknown) => onChange(typeof v === 'string' && v ? v : null)}
      data-testid="lesson-chapter"
    />
  );
}
