'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { NoPermission } from '@/features/system/no-permission';
import { COURSE_PERM, courseResource } from './course-resource';

const LIST = `${COURSE_PERM}:list`;

/** 课程管理 (course/TblCourseList). */
export default function CourseListScreen() {
  const { mode } = useAuth();
  if (mode(LIST) === 'hide') return <NoPermission code={LIST} />;
  return (
    <PageWrapper description="课程：授课方式、计费单位、每次课时与价格。班级与课时包引用课程；还有未上课次的课程不能删除。">
      <ListPage def={courseResource} />
    </PageWrapper>
  );
}
