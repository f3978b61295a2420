'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Alert, Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ListPage } from '@/components/data/list/list-page';
import { RowLinks } from '@/components/data/list/list-columns';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { useScreenRoute } from '@/components/shell/screen-route';
import { HOMEWORK_PAGES } from '@/lib/learntools/homework-types';
import { PERMS } from '@/lib/permissions/codes';
import type { ResourceDef } from '@/lib/resources/types';
import { fetchAssignOptions } from './homework-api';
import { homeworkResource } from './homework-resource';

type Row = Record<string, unknown>;

/**
 * 作业 (learntools/HomeworkList): the engine's list (filters 班级 / 状态 / 截止时间, server-side paging and
 * sort, export) with 学员作业 and 编辑 opening their full pages and 布置作业 on the toolbar. `?calendarId=`
 * (from the session drawer) narrows it to one session's homework.
 */
export default function HomeworkListScreen() {
  const router = useRouter();
  const { mode } = useAuth();
  const route = useScreenRoute(HOMEWORK_PAGES.list);
  const pathname = usePathname();
  const search = useSearchParams();
  // Kept alive on other routes: only our own address may change the session filter.
  const own = pathname === route ? (search.get('calendarId') ?? null) : undefined;
  const [calendarId, setCalendarId] = useState<string | null>(own ?? null);
  const [seen, setSeen] = useState(own);
  if (own !== undefined && own !== seen) {
    setSeen(own);
    setCalendarId(own);
  }

  const { data: options } = useSWR('homework-assign-options', () => fetchAssignOptions(), { revalidateOnFocus: false });
  const def = useMemo<ResourceDef>(() => {
    const clazzOptions = (options?.clazzes ?? []).map((z) => ({ value: z.id, text: z.name }));
    return { ...homeworkResource, fields: homeworkResource.fields.map((f) => (f.name === 'clazzId' ? { ...f, options: clazzOptions } : f)) };
  }, [options]);
  const extraParams = useMemo(() => (calendarId ? { calendarId } : undefined), [calendarId]);

  const canAssign = mode(PERMS.homework.add);
  const canEdit = mode(PERMS.homework.edit) === 'show';
  const rowActions = (r: Row) => {
    const id = encodeURIComponent(String(r.id));
    const links = [
      <Typography.Link key="students" data-testid={`row-students-${String(r.id)}`} onClick={() => router.push(`${HOMEWORK_PAGES.students}?homeworkId=${id}`)}>
        学员作业
      </Typography.Link>,
    ];
    if (canEdit) {
      links.push(
        <Typography.Link key="edit" data-testid={`row-hw-edit-${String(r.id)}`} onClick={() => router.push(`${HOMEWORK_PAGES.assign}?id=${id}`)}>
          编辑
        </Typography.Link>,
      );
    }
    return <RowLinks links={links} />;
  };

  return (
    <PageWrapper description="布置给班级或指定学员的作业：总数、已读与已完成（已提交或已批改）随学员作业实时更新。教师只看到自己任教班级的作业。">
      {calendarId ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="homework-session-filter"
          title="仅显示所选课次的作业"
          action={
            <Button size="small" onClick={() => router.push(HOMEWORK_PAGES.list)}>
              显示全部
            </Button>
          }
        />
      ) : null}
      <ListPage<Row>
        def={def}
        extraParams={extraParams}
        rowActions={rowActions}
        toolbarExtra={() =>
          canAssign === 'hide' ? null : (
            <Button type="primary" icon={<PlusOutlined />} disabled={canAssign === 'disable'} data-testid="homework-assign" onClick={() => router.push(calendarId ? `${HOMEWORK_PAGES.assign}?calendarId=${encodeURIComponent(calendarId)}` : HOMEWORK_PAGES.assign)}>
              布置作业
            </Button>
          )
        }
      />
    </PageWrapper>
  );
}
