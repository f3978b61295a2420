'use client';

import { useState } from 'react';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { TagFieldEditor } from '@/components/inputs/tag-input';
import { useAuth } from '@/components/shell/shell-context';
import { StudentDetailDrawer, type StudentRef } from './student-detail-drawer';
import { ruleNumberEditor } from '../../system/rules/rule-number-editor';
import { PERMS } from '@/lib/permissions/codes';
import { maskedPhoneStudentResource, STUDENT_API, studentResource } from './student-resource';

/** 导入 offers a template and first shows what will land and why the other rows will not (issue 7 item 6). */
const IMPORT_OPTIONS = { previewUrl: `${STUDENT_API}/previewExcel`, templateUrl: `${STUDENT_API}/importTemplate` };
/** 标签: a semicolon after every 2 characters (spec 02 §5). */
const EDITORS = { tags: TagFieldEditor, studentNo: ruleNumberEditor('student_no') };
const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
/** Built once: a new definition per render would rebuild the list's columns and form. */
const MASKED_DEF = maskedPhoneStudentResource();

/** 学员管理 (student/TblStudentList): students (one per phone), their 课时包 and consumption. */
export default function StudentListScreen() {
  const { mode, has } = useAuth();
  return (
    <PageWrapper description="学员档案按手机号去重（导入时重复的手机号逐行报错）。「课时包」为剩余课时合计，点「课时」查看课时包与课消记录。">
      <StudentList canAddPackage={mode(PERMS.student.edit) === 'show'} fullPhones={has(PERMS.student.phone)} />
    </PageWrapper>
  );
}

function StudentList({ canAddPackage, fullPhones }: { canAddPackage: boolean; fullPhones: boolean }) {
  const [detail, setDetail] = useState<StudentRef | null>(null);
  const [reload, setReload] = useState<(() => void) | null>(null);
  return (
    <>
      <ListPage<Row>
        def={fullPhones ? studentResource : MASKED_DEF}
        importOptions={IMPORT_OPTIONS}
        editors={EDITORS}
        rowActions={(r, page) => (
          <a
            data-testid={`student-detail-${String(r.id)}`}
            onClick={() => {
              setReload(() => () => void page.reload());
              setDetail({ id: String(r.id), name: text(r.name), phone: text(r.phone) });
            }}
          >
            课时
          </a>
        )}
      />
      <StudentDetailDrawer student={detail} canAddPackage={canAddPackage} onClose={() => setDetail(null)} onChanged={() => reload?.()} />
    </>
  );
}
