'use client';

import { useMemo, useState } from 'react';
import { Space } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { ColorEditor, ColorSwatch } from '@/components/pickers/color-field';
import { formatYuan } from '@/lib/format';
import { COURSE_TYPE_FILTER_PARAM } from '../../../lib/edu/course-type-api';
import { CourseTypeEditor, CourseTypeSelect } from '../course-type/course-type-select';
import { ChapterDrawer } from './chapter-drawer';
import { courseResource } from './course-resource';

/** 颜色 as a swatch and 价格 in yuan, rather than a hex code and a bare number (issue #21). */
const renderers = {
  color: (v: unknown) => <ColorSwatch value={v} />,
  price: (v: unknown) => formatYuan(v),
};
const editors = {
  color: (props: EditorProps) => <ColorEditor {...props} />,
  typeId: (props: EditorProps) => <CourseTypeEditor {...props} />,
};

/** 课程管理 (course/TblCourseList): filtered by 课程分类 (its sub-types included); 章节 per course. */
export default function CourseListScreen() {
  const [typeId, setTypeId] = useState<string | undefined>();
  const [chapters, setChapters] = useState<{ id: string; name: string } | null>(null);
  // The server widens the type to its descendants; the course's own typeId param would match one type only.
  const extraParams = useMemo(() => (typeId ? { [COURSE_TYPE_FILTER_PARAM]: typeId } : undefined), [typeId]);
  return (
    <PageWrapper description="课程：课程分类、授课方式、计费单位、每次课时与价格，以及每门课程的章节。班级与课时包引用课程；还有未上课次的课程不能删除。">
      <Space style={{ marginBottom: 12 }} data-testid="course-type-filter">
        <span>课程分类：</span>
        <div style={{ width: 240 }}>
          <CourseTypeSelect value={typeId ?? null} placeholder="全部分类（含下级）" onChange={(v) => setTypeId(v || undefined)} />
        </div>
      </Space>
      <ListPage<Row>
        def={courseResource}
        renderers={renderers}
        editors={editors}
        extraParams={extraParams}
        rowActions={(r) => (
          <a data-testid={`course-chapters-${String(r.id)}`} onClick={() => setChapters({ id: String(r.id), name: String(r.name ?? '') })}>
            章节
          </a>
        )}
      />
      <ChapterDrawer course={chapters} onClose={() => setChapters(null)} />
    </PageWrapper>
  );
}
