'use client';

import { Empty, Typography } from 'antd';

/** A lesson as `queryTeachTemplateItemByMainId` answers it (names of its chapter and materials included). */
export interface LessonRecordView {
  id: string;
  lessonNo: number;
  title: string;
  chapterId_dictText?: string | null;
  materialIds_dictText?: string | null;
  homeworkTitle?: string | null;
}

/** A template's lessons, compact (the list's sub-table popover). */
export function LessonList({ lessons }: { lessons: LessonRecordView[] }) {
  if (!lessons.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无课次" />;
  return (
    <ol style={{ margin: 0, paddingLeft: 0, listStyle: 'none', maxHeight: 320, overflow: 'auto', minWidth: 320, maxWidth: 520 }} data-testid="template-lessons">
      {lessons.map((l) => (
        <li key={l.id} style={{ padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Typography.Text strong>第{l.lessonNo}课</Typography.Text> {l.title}
          {l.chapterId_dictText ? <Typography.Text type="secondary"> · {l.chapterId_dictText}</Typography.Text> : null}
          {l.materialIds_dictText ? <div style={{ color: '#8c8c8c', fontSize: 12 }}>课件：{l.materialIds_dictText.split(',').join('、')}</div> : null}
          {l.homeworkTitle ? <div style={{ color: '#8c8c8c', fontSize: 12 }}>作业：{l.homeworkTitle}</div> : null}
        </li>
      ))}
    </ol>
  );
}
