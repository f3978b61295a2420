'use client';

import { ListPage } from '@/components/data/list/list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { ColorEditor, ColorSwatch } from '@/components/pickers/color-field';
import { formatYuan } from '@/lib/format';
import { courseResource } from './course-resource';

/** 颜色 as a swatch and 价格 in yuan, rather than a hex code and a bare number (issue #21). */
const renderers = {
  color: (v: unknown) => <ColorSwatch value={v} />,
  price: (v: unknown) => formatYuan(v),
};
const editors = { color: (props: EditorProps) => <ColorEditor {...props} /> };

/** 课程管理 (course/TblCourseList). */
export default function CourseListScreen() {
  return (
    <PageWrapper description="课程：授课方式、计费单位、每次课时与价格。班级与课时包引用课程；还有未上课次的课程不能删除。">
      <ListPage def={courseResource} renderers={renderers} editors={editors} />
    </PageWrapper>
  );
}
