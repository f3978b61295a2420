'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { courseResource } from './course-resource';

/** 课程管理 (course/TblCourseList). */
export default function CourseListScreen() {
  return (
    <PageWrapper description="课程：授课方式、计费单位、每次课时与价格。班级与课时包引用课程；还有未上课次的课程不能删除。">
      <ListPage def={courseResource} />
    </PageWrapper>
  );
}
