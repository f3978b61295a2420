'use client';

import { useState } from 'react';
import { Divider } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { DepartSelect } from '@/components/pickers/depart-picker';
import { UserSelect } from '@/components/pickers/user-picker';
import { useAuth } from '@/components/shell/shell-context';
import { REFS, refEditor } from '../course/ref-select';
import { teacherResource } from './teacher-resource';
import { TeacherTransferHistory, TeacherTransferModal, type TeacherRef } from './teacher-transfer-modal';
import { PERMS } from '@/lib/permissions/codes';

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** One campus and one account (the kinds' default editors allow several). */
const editors = {
  venueId: refEditor(REFS.venue),
  departId: ({ value, onChange, disabled, id }: EditorProps) => <DepartSelect id={id} value={text(value)} disabled={disabled} placeholder="请选择所属校区" onChange={(v) => onChange?.(v)} testId="field-departId" />,
  userId: ({ value, onChange, disabled, id }: EditorProps) => (
    <UserSelect id={id} multiple={false} valueField="id" value={text(value)} disabled={disabled} placeholder="请选择关联账号" onChange={(v) => onChange?.(v)} testId="field-userId" />
  ),
};

/** 教师管理 (teacher/TblTeacherList): teacher records with 调动 and 调动记录. */
export default function TeacherListScreen() {
  const { mode } = useAuth();
  return (
    <PageWrapper description="教师档案：在职状态、授课角色、所属场地与校区。还有未上课次的教师不能设为离职，请先调整课次或调动并指定接替教师。">
      <TeacherList transferMode={mode(PERMS.teacher.transfer)} />
    </PageWrapper>
  );
}

function TeacherList({ transferMode }: { transferMode: 'show' | 'hide' | 'disable' }) {
  const [transfer, setTransfer] = useState<TeacherRef | null>(null);
  const [history, setHistory] = useState<TeacherRef | null>(null);
  const [reload, setReload] = useState<(() => void) | null>(null);
  const refOf = (r: Row): TeacherRef => ({ id: String(r.id), name: text(r.name) });
  return (
    <>
      <ListPage<Row>
        def={teacherResource}
        editors={editors}
        rowActions={(r, page) => (
          <>
            {transferMode !== 'hide' ? (
              <>
                <a
                  data-testid={`teacher-transfer-${String(r.id)}`}
                  aria-disabled={transferMode === 'disable'}
                  onClick={() => {
                    if (transferMode === 'disable') return;
                    setReload(() => () => void page.reload());
                    setTransfer(refOf(r));
                  }}
                >
                  调动
                </a>
                <Divider orientation="vertical" />
              </>
            ) : null}
            <a data-testid={`teacher-transfers-${String(r.id)}`} onClick={() => setHistory(refOf(r))}>
              调动记录
            </a>
          </>
        )}
      />
      <TeacherTransferModal teacher={transfer} onClose={() => setTransfer(null)} onDone={() => reload?.()} />
      <TeacherTransferHistory teacher={history} onClose={() => setHistory(null)} />
    </>
  );
}
