'use client';

import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import dayjs from 'dayjs';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Spin } from 'antd';
import { RichTextEditor } from '@/components/editor';
import { DateTimeField } from '@/components/inputs/date-pickers';
import { useApiError } from '@/components/feedback/use-api-error';
import { rowsOf } from '@/components/data/dict/use-dict';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useScreenRoute } from '@/components/shell/screen-route';
import { UploadCell } from '@/components/upload/upload-cell';
import { http } from '@/lib/http';
import { ASSIGNEE_MODE, HOMEWORK_LIMITS, HOMEWORK_MESSAGES as M, HOMEWORK_PAGES, HOMEWORK_SOURCE, HOMEWORK_URL, type HomeworkDetail, type HomeworkInput, type SessionChoice } from '@/lib/learntools/homework-types';
import { suggestedTitle } from './assign-title';
import { fetchAssignOptions, minutes } from './homework-api';

const WORKBOOK_LIST = '/learntools/tblWorkbook/list';

interface FormValues {
  clazzId?: string;
  calendarId?: string | null;
  title?: string;
  source: number;
  workbookId?: string | null;
  content?: string;
  attachments?: string;
  maxScore?: number | null;
  /** YYYY-MM-DD HH:mm:ss ('' or absent: not chosen). */
  dueTime?: string;
  assigneeMode: number;
  studentIds?: string[];
}

const sessionLabel = (s: SessionChoice) => `${minutes(s.startTime)}${s.lessonNo ? ` 第${s.lessonNo}次课` : ''}${s.title ? ` · ${s.title}` : ''}`;

/**
 * 布置作业 (/learntools/assignWork under /detailOperation): `?id=` edits, `?calendarId=` prefills the class
 * and session (the calendar drawer's link). The server checks everything again (scope, members, due time).
 */
export default function AssignWorkScreen() {
  const route = useScreenRoute(HOMEWORK_PAGES.assign);
  const pathname = usePathname();
  const search = useSearchParams();
  // Kept alive on other routes: only our own address chooses what the form edits.
  const ownKey = pathname === route ? `${search.get('id') ?? ''}|${search.get('calendarId') ?? ''}` : undefined;
  const [formKey, setFormKey] = useState(ownKey ?? '|');
  if (ownKey !== undefined && ownKey !== formKey) setFormKey(ownKey);
  const [id, calendarId] = formKey.split('|');
  return (
    <PageWrapper title={id ? '编辑作业' : '布置作业'}>
      <AssignForm key={formKey} id={id || null} calendarId={calendarId || null} />
    </PageWrapper>
  );
}

function AssignForm({ id, calendarId }: { id: string | null; calendarId: string | null }) {
  const { message } = App.useApp();
  const router = useRouter();
  const showError = useApiError();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const clazzId = Form.useWatch('clazzId', form);
  const source = Form.useWatch('source', form) ?? HOMEWORK_SOURCE.custom;
  const mode = Form.useWatch('assigneeMode', form) ?? ASSIGNEE_MODE.wholeClass;
  // The title last proposed (练习册 name, the session's homework): replaced by the next one until the user types.
  const suggested = useRef<string | null>(null);
  const suggest = (title: string | null | undefined) => {
    const next = suggestedTitle(form.getFieldValue('title') as string | undefined, suggested.current, title);
    if (next === null) return;
    suggested.current = next;
    form.setFieldsValue({ title: next });
  };

  const existing = useSWR(id ? [HOMEWORK_URL.detail, id] : null, async () => (await http.get<HomeworkDetail>(HOMEWORK_URL.detail, { id: id ?? '' })).result, { revalidateOnFocus: false });
  // The first load names the session's class; later loads follow the chosen class.
  const options = useSWR(['homework-assign', clazzId ?? null, clazzId ? null : calendarId] as const, ([, z, cal]) => fetchAssignOptions(z, cal), { revalidateOnFocus: false, keepPreviousData: true });
  const workbooks = useSWR(source === HOMEWORK_SOURCE.workbook ? WORKBOOK_LIST : null, async () => rowsOf((await http.get<unknown>(WORKBOOK_LIST, { status: 1, pageSize: 200 })).result), { revalidateOnFocus: false });

  useEffect(() => {
    const d = existing.data;
    if (!d) return;
    form.setFieldsValue({
      clazzId: d.clazzId,
      calendarId: d.calendarId ?? null,
      title: d.title,
      source: d.source,
      workbookId: d.workbookId ?? null,
      content: d.content ?? '',
      attachments: d.attachments ?? '',
      maxScore: d.maxScore,
      dueTime: d.dueTime ?? '',
      assigneeMode: d.assigneeMode,
      studentIds: d.studentIds,
    });
  }, [existing.data, form]);
  // A session filled from a template lesson names its homework: proposed as the title (never over a typed one).
  const chosenSession = Form.useWatch('calendarId', form);
  const sessionHomework = !id ? options.data?.sessions.find((s) => s.id === chosenSession)?.homeworkTitle : null;
  useEffect(() => {
    if (sessionHomework) suggest(sessionHomework);
    // `suggest` reads the form and a ref only; it is rebuilt each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionHomework]);
  useEffect(() => {
    // ?calendarId=: the answer names the session's class; prefill both once.
    if (!id && calendarId && options.data?.calendarId === calendarId && !form.getFieldValue('clazzId')) {
      form.setFieldsValue({ clazzId: options.data.clazzId ?? undefined, calendarId });
    }
  }, [id, calendarId, options.data, form]);

  const submit = async (v: FormValues) => {
    const body: HomeworkInput = {
      clazzId: v.clazzId ?? '',
      calendarId: v.calendarId || null,
      title: (v.title ?? '').trim(),
      content: v.content ?? '',
      attachments: v.source === HOMEWORK_SOURCE.custom ? (v.attachments ?? '') : null,
      source: v.source,
      workbookId: v.source === HOMEWORK_SOURCE.workbook ? (v.workbookId ?? null) : null,
      dueTime: v.dueTime ?? '',
      maxScore: v.source === HOMEWORK_SOURCE.custom ? (v.maxScore ?? 100) : null,
      assigneeMode: v.assigneeMode,
      studentIds: v.assigneeMode === ASSIGNEE_MODE.chosen ? (v.studentIds ?? []) : [],
    };
    setSaving(true);
    try {
      const r = id ? await http.put(HOMEWORK_URL.edit, { ...body, id }) : await http.post(HOMEWORK_URL.add, body);
      message.success(r.message || '保存成功');
      router.push(HOMEWORK_PAGES.list);
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  if (id && !existing.data) return <Card>{existing.error ? '作业加载失败' : <Spin />}</Card>;
  const opts = options.data;
  const editing = Boolean(id);
  return (
    <Card>
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        style={{ maxWidth: 900 }}
        initialValues={{ source: HOMEWORK_SOURCE.custom, assigneeMode: ASSIGNEE_MODE.wholeClass, maxScore: 100, content: '', attachments: '' }}
        onFinish={(v) => void submit(v)}
        data-testid="assign-work-form"
      >
        <Form.Item name="clazzId" label="班级" rules={[{ required: true, message: M.clazzRequired }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={editing}
            placeholder="请选择班级"
            options={(opts?.clazzes ?? []).map((z) => ({ value: z.id, label: z.name }))}
            onChange={() => form.setFieldsValue({ calendarId: null, studentIds: [] })}
            data-testid="assign-clazz"
          />
        </Form.Item>
        <Form.Item name="calendarId" label="课次" extra="可选：作业关联到本班的某次课">
          <Select allowClear placeholder="不关联课次" disabled={!clazzId} options={(opts?.sessions ?? []).map((s) => ({ value: s.id, label: sessionLabel(s) }))} data-testid="assign-session" />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: M.titleRequired }, { max: HOMEWORK_LIMITS.titleMax, message: M.titleTooLong }]}>
          <Input placeholder="请输入作业标题" data-testid="assign-title" />
        </Form.Item>
        <Form.Item name="source" label="来源">
          <Radio.Group disabled={editing} options={[{ value: HOMEWORK_SOURCE.custom, label: '自定义' }, { value: HOMEWORK_SOURCE.workbook, label: '练习册' }]} />
        </Form.Item>
        {source === HOMEWORK_SOURCE.workbook ? (
          <Form.Item name="workbookId" label="练习册" rules={[{ required: true, message: M.workbookRequired }]} extra="满分为练习册各题分值之和；客观题录入后自动判分">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              disabled={editing}
              loading={workbooks.isLoading}
              placeholder="请选择已发布的练习册"
              options={(workbooks.data ?? []).map((w) => ({ value: String(w.id), label: String(w.name ?? w.id) }))}
              onChange={(_v, option) => suggest(option && !Array.isArray(option) ? String(option.label) : null)}
              data-testid="assign-workbook"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="content" label="作业内容">
          <RichTextEditor placeholder="作业要求（可选）" height={200} />
        </Form.Item>
        {source === HOMEWORK_SOURCE.custom ? (
          <>
            <Form.Item name="attachments" label="附件">
              <UploadCell kind="file" number={HOMEWORK_LIMITS.attachmentsMax} />
            </Form.Item>
            <Form.Item name="maxScore" label="满分" rules={[{ required: true, message: '请输入满分' }]}>
              <InputNumber min={0.5} max={HOMEWORK_LIMITS.maxScoreMax} precision={2} data-testid="assign-max" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="dueTime" label="截止时间" rules={[{ required: true, message: M.dueRequired }]}>
          <DateTimeField disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} style={{ width: 'auto' }} placeholder="请选择截止时间" data-testid="assign-due" />
        </Form.Item>
        <Form.Item name="assigneeMode" label="布置对象">
          <Radio.Group options={[{ value: ASSIGNEE_MODE.wholeClass, label: '全班' }, { value: ASSIGNEE_MODE.chosen, label: '指定学员' }]} />
        </Form.Item>
        {mode === ASSIGNEE_MODE.chosen ? (
          <Form.Item name="studentIds" label="学员" rules={[{ required: true, type: 'array', min: 1, message: M.studentsRequired }]} extra="只能选择本班在读的学员">
            <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} disabled={!clazzId} placeholder="请选择学员" options={(opts?.students ?? []).map((s) => ({ value: s.id, label: s.name }))} data-testid="assign-students" />
          </Form.Item>
        ) : clazzId ? (
          <Form.Item label="学员">{opts?.clazzId === clazzId ? `全班 ${opts.students.length} 名在读学员` : <Spin size="small" />}</Form.Item>
        ) : null}
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="assign-submit">
              {editing ? '保存' : '布置'}
            </Button>
            <Button onClick={() => router.push(HOMEWORK_PAGES.list)}>返回</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
