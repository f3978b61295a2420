'use client';

import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { App, Button, Descriptions, Drawer, Empty, Flex, Form, Input, Modal, Space, Spin, Tabs, Tag, Timeline, Typography, type ButtonProps } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { LoadError } from '@/components/data/list/list-feedback';
import { isSafeUrl, sanitizeHtml } from '@/lib/sanitize-html';
import { SESSION_STATE_COLOR, SESSION_STATE_TEXT, sessionState } from '@/lib/calendar/session-state';
import { CALENDAR_TYPES, TEACHER_ROLE_TEXT, type CalendarEntryDetail, type LessonStudentRow, type SeriesScope } from '@/lib/calendar/types';
import { CAL_API, cancelEntry, fetchDetail } from './calendar-api';
import { PERMS } from '@/lib/permissions/codes';
import { timeSpan, typeColor } from './calendar-model';
import { ApplyRadio } from './apply-choice';
import { RollCall } from './roll-call';
import { SessionHomework, useSeesHomework } from '@/features/learntools/homework/session-homework';
import { SessionMaterials } from '@/features/edu/teach-template/session-materials';


/** 取消日程: which members of a series, and why. */
function CancelModal({ entry, open, onClose, onDone }: { entry: CalendarEntryDetail; open: boolean; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<{ apply: SeriesScope; reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const r = await cancelEntry({ id: entry.id, apply: entry.seriesId ? v.apply : 'this', reason: v.reason.trim() });
      message.success(r.message || '已取消日程');
      onDone();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title="取消日程" onCancel={onClose} onOk={submit} confirmLoading={busy} destroyOnHidden okButtonProps={{ danger: true, 'data-testid': 'cal-cancel-ok' } as ButtonProps}>
      <Form form={form} layout="vertical" initialValues={{ apply: 'this' }} preserve={false}>
        {entry.seriesId && (
          <Form.Item name="apply" label="取消范围">
            <ApplyRadio />
          </Form.Item>
        )}
        <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请输入取消原因' }]}>
          <Input.TextArea rows={3} maxLength={200} placeholder="请输入取消原因" data-testid="cal-cancel-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `onLeave` closes the drawer before a link opens another screen (this tab stays alive, its drawer would cover the next). */
function DetailBody({ e, onLeave }: { e: CalendarEntryDetail; onLeave: () => void }) {
  const type = CALENDAR_TYPES.find((t) => t.value === e.type);
  const liveOk = !!e.liveUrl && /^https?:\/\//i.test(e.liveUrl) && isSafeUrl(e.liveUrl);
  const seesHomework = useSeesHomework();
  // 未开始 / 进行中 / 待点名 against the time the drawer renders (a session in progress is not 未开始).
  const state = sessionState({ status: e.status, type: e.type, start: e.clazzStartTime, end: e.clazzEndTime }, new Date());
  return (
    <>
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 96 } }}>
        <Descriptions.Item label="类型">
          <Tag color={typeColor(e.type)}>{type?.text ?? e.type}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={SESSION_STATE_COLOR[state]} data-testid="cal-detail-state">
            {SESSION_STATE_TEXT[state]}
          </Tag>
          {e.conflictOverride && <Tag color="red">⚠ 冲突强制保存</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="标题">{e.title || '-'}</Descriptions.Item>
        {e.type === 0 && <Descriptions.Item label="班级">{e.clazzName ? `${e.clazzName}${e.lessonNo ? ` · 第${e.lessonNo}次课` : ''}` : '-'}</Descriptions.Item>}
        {e.type === 0 && <Descriptions.Item label="课程">{e.courseName || '-'}</Descriptions.Item>}
        <Descriptions.Item label="时间">{timeSpan(e.clazzStartTime, e.clazzEndTime)}</Descriptions.Item>
        <Descriptions.Item label="场地/教室">{[e.locationName, e.roomName].filter(Boolean).join(' · ') || '-'}</Descriptions.Item>
        <Descriptions.Item label="教师">
          {e.teachers.length === 0
            ? '-'
            : e.teachers.map((t) => (
                <Tag key={t.teacherId} color={t.role === 1 ? 'blue' : undefined}>
                  {t.name ?? t.teacherId}（{TEACHER_ROLE_TEXT[t.role]}）
                </Tag>
              ))}
        </Descriptions.Item>
        {e.type === 0 && <Descriptions.Item label="学员">{e.studentCount} 人</Descriptions.Item>}
        {e.type === 0 && e.clazzId && seesHomework && (
          <Descriptions.Item label="作业">
            <SessionHomework calendarId={e.id} onNavigate={onLeave} />
          </Descriptions.Item>
        )}
        <Descriptions.Item label="直播链接">
          {liveOk ? (
            <a href={e.liveUrl!} target="_blank" rel="noopener noreferrer" data-testid="cal-detail-live">
              进入直播
            </a>
          ) : (
            (e.liveUrl ?? '-')
          )}
        </Descriptions.Item>
        <Descriptions.Item label="备注">{e.remark || '-'}</Descriptions.Item>
        {e.overrideReason && (
          <Descriptions.Item label="强制保存原因">
            <Typography.Text type="danger">{e.overrideReason}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        教学内容
      </Typography.Title>
      {e.content ? (
        // Sanitised again here: content may come from an upstream we did not clean.
        <div className="cal-detail-content" data-testid="cal-detail-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(e.content) }} />
      ) : (
        <Typography.Text type="secondary">暂无</Typography.Text>
      )}
      {e.type === 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            课件
          </Typography.Title>
          <SessionMaterials calendarId={e.id} />
        </>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        操作记录
      </Typography.Title>
      {e.log.length === 0 ? (
        <Typography.Text type="secondary">暂无</Typography.Text>
      ) : (
        <Timeline
          items={e.log.map((l, i) => ({
            key: i,
            content: (
              <div>
                <div>
                  <Typography.Text strong>{l.action}</Typography.Text>
                  {l.operator && <Typography.Text type="secondary"> · {l.operator}</Typography.Text>}
                  <Typography.Text type="secondary"> · {l.createTime}</Typography.Text>
                </div>
                {l.detail && <div style={{ color: '#595959' }}>{l.detail}</div>}
              </div>
            ),
          }))}
        />
      )}
    </>
  );
}

export interface DetailDrawerProps {
  id: string | null;
  onClose: () => void;
  onEdit: (entry: CalendarEntryDetail) => void;
  /** Something changed (cancel, 点名, 补课): the calendar revalidates. */
  onChanged: () => void;
  /** Extra session buttons beside 编辑 / 取消日程 (e.g. 调课申请), for a loaded entry. */
  renderActions?: (entry: CalendarEntryDetail) => ReactNode;
  /** Per-student actions on the roll (e.g. 请假申请). */
  renderRollActions?: (entry: CalendarEntryDetail, row: LessonStudentRow) => ReactNode;
}

/** The detail of one entry: 详情 and, for a teaching session, 点名; 编辑 / 取消日程 while 未开始. */
export function DetailDrawer({ id, onClose, onEdit, onChanged, renderActions, renderRollActions }: DetailDrawerProps) {
  const { mode } = useAuth();
  const { data, error, isLoading, mutate } = useSWR(id ? ([CAL_API.queryById, id] as const) : null, fetchDetail);
  const [cancelling, setCancelling] = useState(false);
  const [tab, setTab] = useState('detail');
  const e = data && data.id === id ? data : null;
  const live = e?.status === 0;
  const changed = () => {
    void mutate();
    onChanged();
  };
  const leave = () => {
    setTab('detail');
    onClose();
  };

  const extra = e && (live || renderActions) && (
    <Space>
      {renderActions?.(e)}
      {live && mode(PERMS.calendar.edit) !== 'hide' && (
        <Button size="small" onClick={() => onEdit(e)} disabled={mode(PERMS.calendar.edit) === 'disable'} data-testid="cal-detail-edit">
          编辑
        </Button>
      )}
      {live && mode(PERMS.calendar.cancel) !== 'hide' && (
        <Button size="small" danger onClick={() => setCancelling(true)} disabled={mode(PERMS.calendar.cancel) === 'disable'} data-testid="cal-detail-cancel">
          取消日程
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer
      open={!!id}
      onClose={() => {
        setTab('detail');
        onClose();
      }}
      title={e ? e.title || e.clazzName || '日程详情' : '日程详情'}
      size={560}
      extra={extra}
      destroyOnHidden
    >
      <div data-testid="cal-detail">
        {error ? (
          <LoadError title="日程加载失败" error={error} onRetry={() => void mutate()} testId="cal-detail-error" />
        ) : !e ? (
          <Flex justify="center" style={{ padding: 48 }}>
            {isLoading ? <Spin /> : <Empty />}
          </Flex>
        ) : (
          <Tabs
            activeKey={e.type === 0 ? tab : 'detail'}
            onChange={setTab}
            items={[
              { key: 'detail', label: '详情', children: <DetailBody e={e} onLeave={leave} /> },
              ...(e.type === 0
                ? [
                    {
                      key: 'roll',
                      label: '点名',
                      children: (
                        <RollCall
                          calendarId={e.id}
                          status={e.status}
                          startTime={e.clazzStartTime}
                          onChanged={changed}
                          rowActions={renderRollActions ? (row) => renderRollActions(e, row) : undefined}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </div>
      {e && (
        <CancelModal
          entry={e}
          open={cancelling}
          onClose={() => setCancelling(false)}
          onDone={() => {
            setCancelling(false);
            changed();
          }}
        />
      )}
    </Drawer>
  );
}
