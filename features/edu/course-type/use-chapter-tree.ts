'use client';

import useSWR from 'swr';
import { http } from '@/lib/http';
import { CHAPTER_URLS, type TreeNodeWire } from '../../../lib/edu/course-type-api';

/**
 * A course's 章节 tree (`GET /course/chapter/tree?courseId=`), shared by every screen that picks a chapter
 * (the template's lessons, the courseware form): one request per course, cached by swr.
 */
export function useChapterTree(courseId: string | undefined): { nodes: TreeNodeWire[]; loading: boolean; error?: string } {
  const { data, error, isLoading } = useSWR(
    courseId ? ([CHAPTER_URLS.tree, courseId] as const) : null,
    async ([url, id]) => (await http.get<TreeNodeWire[]>(url, { courseId: id })).result ?? [],
    { revalidateOnFocus: false },
  );
  return { nodes: data ?? [], loading: Boolean(courseId) && isLoading, error: error ? (error instanceof Error ? error.message : '章节加载失败') : undefined };
}
