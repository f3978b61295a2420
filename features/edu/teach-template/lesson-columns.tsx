'use client';

import { useState } from 'react';
import { Modal, Typography, type ButtonProps } from 'antd';
import { RichTextEditor } from '@/components/editor';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { ellipsis } from '@/lib/format';
import { stripTags } from '@/lib/sanitize-html';
import { ChapterSelect, type ChapterNode, type MaterialOption } from './course-refs';
import { LESSON_NO_RULES, maxLen } from './lesson-rules';
import { idList, LESSON_LIMITS } from './teach-template-resource';

/**
 * The lesson grid's columns (the editable grid of components/grid): 课次 is the drag-sort key, so dragging a
 * lesson renumbers the lessons 1..n in their new order; a typed number must be 1–999 and unique (课次序号3重复).
 * 教学内容 is rich text edited in a dialog with the project's editor (sanitised again by the server).
 */

/** 教学内容: a short text preview in the cell and the rich text editor in a dialog. */
function ContentCell({ value, onChange, disabled, title }: { value: unknown; onChange: (v: unknown) => void; disabled?: boolean; title: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const html = typeof value === 'string' ? value : '';
  const preview = ellipsis(stripTags(html).replace(/\s+/g, ' ').trim(), 16);
  return (
    <>
      <Typography.Link onClick={() => setDraft(html)} data-testid="lesson-content-open">
        {preview || (disabled ? '查看' : '编辑内容')}
      </Typography.Link>
      {draft !== null && (
        <Modal
          open
          width={860}
          title={`教学内容${title ? ` · ${title}` : ''}`}
          okText="确定"
          cancelText="取消"
          okButtonProps={{ disabled, 'data-testid': 'lesson-content-ok' } as ButtonProps}
          onCancel={() => setDraft(null)}
          onOk={() => {
            if (draft.length > LESSON_LIMITS.content) return;
            onChange(draft);
            setDraft(null);
          }}
          destroyOnHidden
        >
          <RichTextEditor value={draft} onChange={setDraft} disabled={disabled} placeholder="请输入本次课的教学内容" data-testid="lesson-content-editor" />
        </Modal>
      )}
    </>
  );
}

export function lessonColumns({ tree, materials, disabled }: { tree: ChapterNode[]; materials: MaterialOption[]; disabled?: boolean }): GridColumn[] {
  return [
    { key: 'lessonNo', title: '课次', type: 'inputNumber', width: 80, validateRules: LESSON_NO_RULES },
    {
      key: 'chapterId',
      title: '章节',
      type: 'slot',
      width: 200,
      render: ({ value, onChange }) => <ChapterSelect tree={tree} value={value} disabled={disabled} onChange={onChange} />,
    },
    { key: 'title', title: '课次标题', type: 'input', width: 200, validateRules: [{ required: true, message: '请输入课次标题' }, maxLen('课次标题', LESSON_LIMITS.title)] },
    {
      key: 'content',
      title: '教学内容',
      type: 'slot',
      width: 180,
      render: ({ row, value, onChange }) => <ContentCell value={value} onChange={onChange} disabled={disabled} title={String(row.title ?? '')} />,
    },
    {
      key: 'materialIds',
      title: '课件',
      type: 'list_multi',
      width: 220,
      options: materials.map((m) => ({ value: m.value, text: m.text })),
      allowSearch: true,
      placeholder: materials.length ? '请选择课件' : '该课程暂无课件',
      validateRules: [{ handler: (v: unknown) => idList(v).length <= LESSON_LIMITS.maxMaterials || `课件最多选择${LESSON_LIMITS.maxMaterials}个` }],
    },
    { key: 'homeworkTitle', title: '作业标题', type: 'input', width: 150, validateRules: [maxLen('作业标题', LESSON_LIMITS.homeworkTitle), { handler: (v: unknown, row: GridRow) => Boolean(String(v ?? '').trim()) || !String(row.homeworkContent ?? '').trim() || '填写了作业内容，请输入作业标题' }] },
    { key: 'homeworkContent', title: '作业内容', type: 'input_pop', width: 180, validateRules: [maxLen('作业内容', LESSON_LIMITS.homeworkContent)] },
  ];
}
