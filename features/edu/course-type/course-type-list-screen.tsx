'use client';

import { Card } from 'antd';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { PERMS } from '@/lib/permissions/codes';
import { COURSE_TYPE_URLS } from '../../../lib/edu/course-type-api';
import { EditableTree } from './editable-tree';

/** 课程分类 (course/CourseTypeList): the tree courses are filed under. */
export default function CourseTypeListScreen() {
  return (
    <PageWrapper description="课程分类树：新增一级分类或下级分类，重命名，拖动调整顺序或层级。同一级下分类名称不能重复；分类或其下级还有课程时不能删除，有下级分类时也不能删除。">
      <Card>
        <EditableTree
          urls={COURSE_TYPE_URLS}
          label="分类"
          nameField="name"
          perms={PERMS.courseType}
          addRootText="新增一级分类"
          emptyText="暂无课程分类，请先新增一级分类"
          testId="course-type"
        />
      </Card>
    </PageWrapper>
  );
}
