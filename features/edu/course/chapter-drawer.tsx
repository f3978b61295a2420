'use client';

import { Drawer } from 'antd';
import { PERMS } from '@/lib/permissions/codes';
import { CHAPTER_URLS } from '../../../lib/edu/course-type-api';
import { EditableTree } from '../course-type/editable-tree';

export interface ChapterDrawerProps {
  course: { id: string; name: string } | null;
  onClose: () => void;
}

/** 章节 of a course (课程管理's row action): the chapter tree, edited in place. */
export function ChapterDrawer({ course, onClose }: ChapterDrawerProps) {
  return (
    <Drawer open={course !== null} title={`章节 - ${course?.name ?? ''}`} size={640} onClose={onClose} destroyOnHidden data-testid="chapter-drawer">
      {course && (
        <EditableTree
          urls={CHAPTER_URLS}
          scope={{ courseId: course.id }}
          label="章节"
          nameField="title"
          perms={PERMS.chapter}
          addRootText="新增章节"
          emptyText="暂无章节"
          testId="chapter"
        />
      )}
    </Drawer>
  );
}
