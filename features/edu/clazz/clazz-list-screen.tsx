'use client';

import { useState } from 'react';
import { Divider } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { PERMS } from '@/lib/permissions/codes';
import { clazzEditors as editors } from './clazz-editors';
import { ClazzGroupModal } from './clazz-group-modal';
import { ClazzMemberModal } from './clazz-member-modal';
import { clazzResource } from './clazz-resource';

/** 班级管理 (clazz/TblClazzList): classes with their 人数, the 成员 dialog and the 分组 dialog. */
export default function ClazzListScreen() {
  const { mode } = useAuth();
  return (
    <PageWrapper description="班级：课程、班主任、场地与默认教室、容量与扣课时规则。成员人数不能超过容量（可超额的班级除外），也不能超过默认教室的容量。">
      <ClazzList canEdit={mode(PERMS.clazz.edit) === 'show'} canEditGroups={mode(PERMS.clazzGroup.edit) === 'show'} />
    </PageWrapper>
  );
}

function ClazzList({ canEdit, canEditGroups }: { canEdit: boolean; canEditGroups: boolean }) {
  const [members, setMembers] = useState<{ id: string; name: string; capacity?: unknown } | null>(null);
  const [groups, setGroups] = useState<{ id: string; name: string } | null>(null);
  const [reload, setReload] = useState<(() => void) | null>(null);
  return (
    <>
      <ListPage<Row>
        def={clazzResource}
        editors={editors}
        rowActions={(r, page) => (
          <>
            <a
              data-testid={`clazz-members-${String(r.id)}`}
              onClick={() => {
                setReload(() => () => void page.reload());
                setMembers({ id: String(r.id), name: String(r.name ?? ''), capacity: r.capacity });
              }}
            >
              成员
            </a>
            <Divider orientation="vertical" />
            <a data-testid={`clazz-groups-${String(r.id)}`} onClick={() => setGroups({ id: String(r.id), name: String(r.name ?? '') })}>
              分组
            </a>
          </>
        )}
      />
      <ClazzMemberModal clazz={members} canEdit={canEdit} onClose={() => setMembers(null)} onChanged={() => reload?.()} />
      <ClazzGroupModal clazz={groups} canEdit={canEditGroups} onClose={() => setGroups(null)} />
    </>
  );
}
