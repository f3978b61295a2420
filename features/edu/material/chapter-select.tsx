'use client';

import { useEffect, useRef, useState } from 'react';
import { Form, TreeSelect, Typography } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { toTreeNodes, type TreeNode } from '@/components/data/dict/tree-nodes';
import { http } from '@/lib/http';

/** The chapter tree of a course (built with the 章节 screen), `result` = nodes {id,key,value,title,parentId,sort,children?}. */
export const CHAPTER_TREE_URL = '/course/chapter/tree';

/**
 * 章节 of the form: the chosen course's chapter tree; empty = the whole course. A different course empties it
 * (the server refuses a chapter of another course anyway).
 */
export function ChapterEditor({ value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const courseId = Form.useWatch('courseId', form) as string | undefined;
  const [tree, setTree] = useState<{ courseId: string; nodes: TreeNode[]; error?: string } | null>(null);
  const previous = useRef(courseId);

  useEffect(() => {
    // The first course seen is the stored one (edit form); only a change afterwards empties the chapter.
    if (previous.current !== undefined && previous.current !== courseId) onChange?.(null);
    previous.current = courseId;
  }, [courseId, onChange]);

  useEffect(() => {
    if (!courseId) return;
    let live = true;
    http.get<unknown>(CHAPTER_TREE_URL, { courseId }).then(
      (r) => live && setTree({ courseId, nodes: toTreeNodes(r.result ?? []) }),
      (e: unknown) => live && setTree({ courseId, nodes: [], error: e instanceof Error ? e.message : '章节加载失败' }),
    );
    return () => {
      live = false;
    };
  }, [courseId]);

  if (!courseId) return <Typography.Text type="secondary">请先选择课程</Typography.Text>;
  const current = tree?.courseId === courseId ? tree : null;
  return (
    <>
      <TreeSelect
        id={id}
        data-testid="material-chapter"
        value={typeof value === 'string' && value ? value : undefined}
        onChange={(v) => onChange?.(v ?? null)}
        treeData={current?.nodes ?? []}
        loading={!current}
        disabled={disabled}
        allowClear
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        placeholder={current && !current.nodes.length ? '该课程还没有章节' : '整门课程（不选章节）'}
        style={{ width: '100%' }}
      />
      {current?.error && <Typography.Text type="danger">{current.error}</Typography.Text>}
    </>
  );
}
