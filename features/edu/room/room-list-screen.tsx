'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { REFS, refEditor } from '../course/ref-select';
import { roomResource } from './room-resource';

const editors = { locationId: refEditor(REFS.venue) };

/** 教室管理 (room/TblRoomList). */
export default function RoomListScreen() {
  return (
    <PageWrapper description="各场地的教室与容量。同一场地内教室名称不能重复；排课时按教室检查冲突。">
      <ListPage def={roomResource} editors={editors} />
    </PageWrapper>
  );
}
