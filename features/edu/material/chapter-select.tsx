'use client';

import { useEffect, useRef } from 'react';
import { Form, TreeSelect, Typography } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { toTreeNodes } from '@/components/data/dict/tree-nodes';
import { useChapterTree } from '../course-type/use-chapter-tree';

/**
 * 章节 of the form: the chosen course's chapter tree; empty = the whole course. A different course empties it
 * (the server refuses a chapter of another course anyway).
 */
export function ChapterEditor({ value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const courseId = Form.useWatch('courseId', form) as string | undefined;
  const tree = useChapterTree(courseId || undefined);
  const previous = useRef(courseId);

  useEffect(() => {
    // The first course seen is the stored one (edit form); only a change afterwards empties the chapter.
    if (previous.current !== undefined && previous.current !== courseId) onChange?.(null);
    previous.current = courseId;
  }, [courseId, onChange]);

  if (!courseId) return <Typography.Text type="secondary">请先选择课程</Typography.Text>;
  const loaded = !tree.loading;
  return (
    <>
      <TreeSelect
        id={id}
        data-testid="material-chapter"
        value={typeof value === 'string' && value ? value : undefined}
        onChange={(v) => onChange?.(v ?? null)}
        treeData={toTreeNodes(tree.nodes)}
        loading={!loaded}
        disabled={disabled}
        allowClear
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        placeholder={loaded && !tree.nodes.length ? '该课程还没有章节' : '整门课程（不选章节）'}
        style={{ width: '100%' }}
      />
      {tree.error && <Typography.Text type="danger">{tree.error}</Typography.Text>}
    </>
  );
}
