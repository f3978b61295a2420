'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { positionResource } from './position-resource';

/** 职务管理 (system/SysPositionList): positions with a unique code and a 职级; 用户管理 picks them as 职务. */
export default function PositionListScreen() {
  return (
    <PageWrapper description="职务：编码唯一，用户管理的职务从这里选择；还有用户在用的职务不能删除，也不能修改编码。">
      <ListPage def={positionResource} />
    </PageWrapper>
  );
}
