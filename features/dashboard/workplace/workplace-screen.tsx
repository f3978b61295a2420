'use client';

import { useMemo, useState, type ReactNode } from 'react';
import Link from 'next/link';
import useSWR from 'swr';
import { Alert, Card, Col, Empty, Row, Segmented, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useShell } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { flattenForSearch } from '@/lib/menu';
import { SESSION_STATE_COLOR, SESSION_STATE_TEXT, sessionState } from '@/lib/calendar/session-state';
import { DASHBOARD_LINKS, DASHBOARD_URLS, type WorkplaceAnswer, type WorkplaceSession } from '../../../lib/dashboard/dashboard-api';

const fetchWorkplace = (url: string) => http.get<WorkplaceAnswer>(url).then((r) => r.result);

/** How many menu screens the 快捷入口 offers. */
const SHORTCUTS = 12;
const TASK_STATUS_TEXT: Record<number, string> = { 0: '待办', 1: '进行中' };

function Tile({ title, value, testId }: { title: string; value: number; testId: string }) {
  return (
    <Card size="small" data-testid={testId}>
      <Statistic title={title} value={value} />
    </Card>
  );
}

function Part({ title, testId, more, children, empty }: { title: string; testId: string; more?: ReactNode; children: ReactNode[]; empty: string }) {
  return (
    <Card title={title} size="small" extra={more} data-testid={testId} style={{ height: '100%' }}>
      {children.length ? <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>{children}</div> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
    </Card>
  );
}

function Line({ main, side, testId, href }: { main: ReactNode; side?: ReactNode; testId: string; href?: string }) {
  const body = (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }} data-testid={testId}>
      <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{main}</span>
      {side && <span style={{ flex: 'none' }}>{side}</span>}
    </div>
  );
  return href ? <Link href={href}>{body}</Link> : body;
}

const sessionLine = (s: WorkplaceSession, showDay: boolean) => (
  <Line
    key={s.id}
    testId={`wp-session-${s.id}`}
    main={
      <>
        <Typography.Text type="secondary">{showDay ? s.startTime.slice(5, 16) : s.startTime.slice(11, 16)}</Typography.Text> {s.title}
        {s.lessonNo ? ` 第${s.lessonNo}次课` : ''}
        {s.place ? <Typography.Text type="secondary"> · {s.place}</Typography.Text> : null}
      </>
    }
    side={<SessionStateTag s={s} />}
  />
);

/** 未开始 / 进行中 / 待点名 / 已点名, from the one state rule of the calendar (lib/calendar/session-state.ts). */
function SessionStateTag({ s }: { s: WorkplaceSession }) {
  const state = sessionState({ status: s.status === 1 ? 1 : 0, type: 0, start: s.startTime, end: s.endTime }, new Date());
  return <Tag color={state === 'checked' ? 'green' : SESSION_STATE_COLOR[state]}>{SESSION_STATE_TEXT[state]}</Tag>;
}

/**
 * 工作台 (dashboard/Workplace): my sessions today and this week, my open tasks, follow-ups due, unread messages,
 * homework waiting for a grade, and shortcuts to my menu — one request (`GET /dashboard/workplace`); a part the
 * user may not see comes back null and is not shown.
 */
export default function WorkplaceScreen() {
  const { menu, account } = useShell();
  const { data, error, isLoading } = useSWR(DASHBOARD_URLS.workplace, fetchWorkplace, { revalidateOnFocus: true });
  const [sessionView, setSessionView] = useState<'today' | 'week'>('today');
  const shortcuts = useMemo(() => flattenForSearch(menu).filter((i) => !i.external && i.path !== DASHBOARD_LINKS.workplace).slice(0, SHORTCUTS), [menu]);
  const name = account?.userInfo?.realname || account?.userInfo?.username || '';

  if (error) return <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} />;
  if (isLoading || !data) return <Skeleton active />;

  const todaySessions = data.sessions?.records.filter((s) => s.startTime.startsWith(data.today)) ?? [];
  const shownSessions = sessionView === 'today' ? todaySessions : (data.sessions?.records ?? []);

  return (
    <PageWrapper description={`${name ? `${name}，` : ''}今天是 ${data.today}。这里是你今天和本周要做的事。`}>
      <Row gutter={[16, 16]} data-testid="workplace">
        {data.sessions && (
          <>
            <Col xs={12} md={8} xl={4}>
              <Tile title="今日课次" value={todaySessions.length} testId="wp-stat-today" />
            </Col>
            <Col xs={12} md={8} xl={4}>
              <Tile title="本周课次" value={data.sessions.total} testId="wp-stat-week" />
            </Col>
          </>
        )}
        {data.tasks && (
          <Col xs={12} md={8} xl={4}>
            <Tile title="待办任务" value={data.tasks.total} testId="wp-stat-tasks" />
          </Col>
        )}
        {data.followUps && (
          <Col xs={12} md={8} xl={4}>
            <Tile title="待跟进线索" value={data.followUps.total} testId="wp-stat-followups" />
          </Col>
        )}
        <Col xs={12} md={8} xl={4}>
          <Tile title="未读消息" value={data.announcements.total} testId="wp-stat-unread" />
        </Col>
        {data.homework && (
          <Col xs={12} md={8} xl={4}>
            <Tile title="待批改作业" value={data.homework.total} testId="wp-stat-homework" />
          </Col>
        )}

        {data.sessions && (
          <Col xs={24} xl={12}>
            <Part
              title="我的课次"
              testId="wp-sessions"
              empty={sessionView === 'today' ? '今天没有课' : '本周没有课'}
              more={
                <Space size={12}>
                  <Segmented
                    size="small"
                    value={sessionView}
                    onChange={(v) => setSessionView(v as 'today' | 'week')}
                    options={[
                      { value: 'today', label: '今日' },
                      { value: 'week', label: `本周（${data.week.begin.slice(5)} 至 ${data.week.end.slice(5)}）` },
                    ]}
                    data-testid="wp-session-view"
                  />
                  <Link href={DASHBOARD_LINKS.calendar} data-testid="wp-link-calendar">
                    行事历
                  </Link>
                </Space>
              }
            >
              {shownSessions.map((s) => sessionLine(s, sessionView === 'week'))}
            </Part>
          </Col>
        )}
        {data.tasks && (
          <Col xs={24} md={12} xl={6}>
            <Part
              title="我的任务"
              testId="wp-tasks"
              empty="没有待办任务"
              more={
                <Link href={DASHBOARD_LINKS.taskBoard} data-testid="wp-link-tasks">
                  任务看板
                </Link>
              }
            >
              {data.tasks.records.map((t) => (
                <Line
                  key={t.id}
                  testId={`wp-task-${t.id}`}
                  main={t.title}
                  side={
                    <Space size={4}>
                      {t.dueTime && <Typography.Text type={t.overdue ? 'danger' : 'secondary'}>{t.dueTime.slice(5, 16)}</Typography.Text>}
                      <Tag color={t.status === 1 ? 'orange' : 'blue'}>{TASK_STATUS_TEXT[t.status] ?? ''}</Tag>
                    </Space>
                  }
                />
              ))}
            </Part>
          </Col>
        )}
        {data.followUps && (
          <Col xs={24} md={12} xl={6}>
            <Part
              title="待跟进线索"
              testId="wp-followups"
              empty="今天没有要跟进的线索"
              more={
                <Link href={DASHBOARD_LINKS.followToday} data-testid="wp-link-followups">
                  今日待跟进
                </Link>
              }
            >
              {data.followUps.records.map((l) => (
                <Line
                  key={l.id}
                  testId={`wp-followup-${l.id}`}
                  main={`${l.name}${l.childName ? `（${l.childName}）` : ''}`}
                  side={<Typography.Text type={l.overdue ? 'danger' : 'secondary'}>{l.nextFollowTime?.slice(5, 16) ?? ''}</Typography.Text>}
                />
              ))}
            </Part>
          </Col>
        )}
        <Col xs={24} md={12} xl={6}>
          <Part
            title="未读消息"
            testId="wp-announcements"
            empty="没有未读消息"
            more={
              <Link href={DASHBOARD_LINKS.messages} data-testid="wp-link-messages">
                我的消息
              </Link>
            }
          >
            {data.announcements.records.map((a) => (
              <Line
                key={a.id}
                testId={`wp-announcement-${a.id}`}
                href={DASHBOARD_LINKS.messages}
                main={
                  <>
                    <Tag color={a.category === '2' ? 'purple' : 'blue'}>{a.category === '2' ? '系统消息' : '通知公告'}</Tag>
                    {a.title}
                  </>
                }
                side={<Typography.Text type="secondary">{a.sendTime?.slice(5, 10) ?? ''}</Typography.Text>}
              />
            ))}
          </Part>
        </Col>
        {data.homework && (
          <Col xs={24} md={12} xl={6}>
            <Part
              title="待批改作业"
              testId="wp-homework"
              empty="没有待批改的作业"
              more={
                <Link href={DASHBOARD_LINKS.homework} data-testid="wp-link-homework">
                  作业
                </Link>
              }
            >
              {data.homework.records.map((h) => (
                <Line
                  key={h.id}
                  testId={`wp-homework-${h.id}`}
                  href={`${DASHBOARD_LINKS.homeworkStudents}?homeworkId=${encodeURIComponent(h.id)}`}
                  main={`${h.title}${h.clazzName ? ` · ${h.clazzName}` : ''}`}
                  side={<Tag color="orange">待批改 {h.waiting}</Tag>}
                />
              ))}
            </Part>
          </Col>
        )}
        <Col xs={24} xl={12}>
          <Card title="快捷入口" size="small" data-testid="wp-shortcuts" style={{ height: '100%' }}>
            <Space wrap>
              {shortcuts.map((s) => (
                <Link key={s.id} href={s.path} data-testid={`wp-shortcut-${s.path}`}>
                  <Tag style={{ padding: '4px 12px', margin: 0, cursor: 'pointer' }}>{s.title}</Tag>
                </Link>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </PageWrapper>
  );
}
