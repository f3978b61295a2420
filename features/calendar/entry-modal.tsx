'use client';

import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Button, Checkbox, Col, DatePicker, Flex, Form, Input, InputNumber, Modal, Radio, Row, Select, Tabs, Tag, TimePicker, Typography, type FormInstance } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { RichTextEditor } from '@/components/editor';
import { useApiError } from '@/components/feedback/use-api-error';
import { isSafeUrl } from '@/lib/sanitize-html';
import { CALENDAR_TYPES, TEACHER_ROLE_TEXT, type CalendarEntryDetail, type SeriesPreview, type SeriesScope } from '@/lib/calendar/types';
import { addEntry, addSeries, editEntry, previewSeries, type CalendarOptions, type Override } from './calendar-api';
import { timeSpan } from './calendar-model';
import { CONFLICT_KIND_TEXT, useConflictGuard } from './conflict-modal';
import { buildEntryInput, buildSeriesInput, classPrefill, isoWeekday, valuesOfEntry, WEEKDAY_OPTIONS, type EntryFormValues, type SeriesFormValues } from './entry-form-model';

const opt = (xs: { id: string; name: string }[]) => xs.map((x) => ({ value: x.id, label: x.name }));
const ROLE_OPTIONS = ([1, 2] as const).map((r) => ({ value: r, label: TEACHER_ROLE_TEXT[r] }));

/** 授课教师: one row per teacher with 主讲 / 辅导. */
function TeacherRows({ options }: { options: CalendarOptions }) {
  return (
    <Form.List name="teachers">
      {(fields, { add, remove }) => (
        <div data-testid="cal-form-teachers">
          {fields.map((f) => (
            <Flex key={f.key} gap={8} align="baseline">
              <Form.Item name={[f.name, 'teacherId']} rules={[{ required: true, message: '请选择教师' }]} style={{ flex: 1, marginBottom: 8 }}>
                <Select showSearch={{ optionFilterProp: 'label' }} placeholder="请选择教师" options={opt(options.teachers)} />
              </Form.Item>
              <Form.Item name={[f.name, 'role']} initialValue={1} style={{ width: 96, marginBottom: 8 }}>
                <Select options={ROLE_OPTIONS} />
              </Form.Item>
              <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="移除教师" />
            </Flex>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({ role: fields.length === 0 ? 1 : 2 })}>
            添加教师
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** 场地 + 教室 (rooms of the chosen venue only; changing the venue clears a room that is not there). */
function VenueFields({ form, options }: { form: FormInstance; options: CalendarOptions }) {
  const locationId = Form.useWatch('locationId', form) as string | null | undefined;
  const rooms = useMemo(() => options.rooms.filter((r) => !locationId || r.locationId === locationId), [options.rooms, locationId]);
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="locationId" label="场地">
          <Select
            allowClear
            placeholder="请选择场地"
            options={opt(options.locations)}
            onChange={(v: string | undefined) => {
              const room = options.rooms.find((r) => r.id === form.getFieldValue('roomId'));
              if (room && room.locationId !== v) form.setFieldValue('roomId', null);
            }}
            data-testid="cal-form-location"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="roomId" label="教室">
          <Select allowClear placeholder="请选择教室" options={rooms.map((r) => ({ value: r.id, label: r.capacity ? `${r.name}（${r.capacity}人）` : r.name }))} data-testid="cal-form-room" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Form.Item injects value / onChange / id; choosing a class also prefills venue, room and 主讲. */
function ClassSelect({ form, options, value, onChange, id }: { form: FormInstance; options: CalendarOptions; value?: string | null; onChange?: (v: string | undefined) => void; id?: string }) {
  return (
    <Select
      id={id}
      value={value ?? undefined}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder="请选择班级"
      options={opt(options.classes)}
      onChange={(v: string | undefined) => {
        onChange?.(v);
        form.setFieldsValue(classPrefill(options, v));
      }}
      data-testid="cal-form-class"
    />
  );
}

const urlRule = {
  validator: (_: unknown, v?: string) => (!v || !v.trim() || (/^https?:\/\//i.test(v.trim()) && isSafeUrl(v.trim())) ? Promise.resolve() : Promise.reject(new Error('请输入以 http:// 或 https:// 开头的链接'))),
};

/** 单次日程 (create) and 编辑 share this form. */
function EntryForm({ form, options, initial }: { form: FormInstance<EntryFormValues>; options: CalendarOptions; initial: Partial<EntryFormValues> }) {
  const type = Form.useWatch('type', form);
  const clazzId = Form.useWatch('clazzId', form) as string | null | undefined;
  const course = useMemo(() => {
    const c = options.classes.find((x) => x.id === clazzId);
    return c?.courseId ? options.courses.find((x) => x.id === c.courseId)?.name : undefined;
  }, [options, clazzId]);
  return (
    <Form form={form} layout="vertical" initialValues={initial} data-testid="cal-entry-form">
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="type" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
            <Select options={CALENDAR_TYPES.map((t) => ({ value: t.value, label: t.text }))} data-testid="cal-form-type" />
          </Form.Item>
        </Col>
        <Col span={12}>
          {type === 0 ? (
            <Form.Item name="clazzId" label="班级" rules={[{ required: true, message: '请选择班级' }]} extra={course ? `课程：${course}` : undefined}>
              <ClassSelect form={form} options={options} />
            </Form.Item>
          ) : (
            <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
              <Input maxLength={100} placeholder="请输入标题" data-testid="cal-form-title" />
            </Form.Item>
          )}
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="start" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid="cal-form-start" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="end"
            label="结束时间"
            dependencies={['start']}
            rules={[
              { required: true, message: '请选择结束时间' },
              ({ getFieldValue }) => ({
                validator: (_, v?: Dayjs) => {
                  const s = getFieldValue('start') as Dayjs | undefined;
                  return !v || !s || v.isAfter(s) ? Promise.resolve() : Promise.reject(new Error('结束时间必须晚于开始时间'));
                },
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid="cal-form-end" />
          </Form.Item>
        </Col>
      </Row>
      {type === 0 && (
        <Form.Item name="title" label="标题">
          <Input maxLength={100} placeholder="默认为班级名称与课次" />
        </Form.Item>
      )}
      <Form.Item label="教师">
        <TeacherRows options={options} />
      </Form.Item>
      <VenueFields form={form} options={options} />
      <Form.Item name="liveUrl" label="直播链接" rules={[urlRule]}>
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item name="content" label="教学内容">
        <RichTextEditor height={160} data-testid="cal-form-content" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </Form>
  );
}

function SeriesForm({ form, options, preview, initial }: { form: FormInstance<SeriesFormValues>; options: CalendarOptions; preview: SeriesPreview | null; initial: Partial<SeriesFormValues> }) {
  const endMode = Form.useWatch('endMode', form);
  return (
    <Form form={form} layout="vertical" initialValues={initial} data-testid="cal-series-form">
      <Form.Item name="clazzId" label="班级" rules={[{ required: true, message: '请选择班级' }]}>
        <ClassSelect form={form} options={options} />
      </Form.Item>
      <Form.Item label="教师">
        <TeacherRows options={options} />
      </Form.Item>
      <VenueFields form={form} options={options} />
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="endMode" label="结束方式">
            <Radio.Group
              options={[
                { value: 'date', label: '结束日期' },
                { value: 'count', label: '课次数' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={10}>
          {endMode === 'count' ? (
            <Form.Item name="count" label="课次数" rules={[{ required: true, message: '请输入课次数' }]}>
              <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} data-testid="cal-series-count" />
            </Form.Item>
          ) : (
            <Form.Item
              name="endDate"
              label="结束日期"
              dependencies={['startDate']}
              rules={[
                { required: true, message: '请选择结束日期' },
                ({ getFieldValue }) => ({
                  validator: (_, v?: Dayjs) => {
                    const s = getFieldValue('startDate') as Dayjs | undefined;
                    return !v || !s || !v.isBefore(s, 'day') ? Promise.resolve() : Promise.reject(new Error('结束日期不能早于开始日期'));
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          )}
        </Col>
      </Row>
      <Form.Item name="weekdays" label="上课日" rules={[{ required: true, type: 'array', min: 1, message: '请选择上课日' }]}>
        <Checkbox.Group options={WEEKDAY_OPTIONS} data-testid="cal-series-weekdays" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="startTime" label="上课时间" rules={[{ required: true, message: '请选择上课时间' }]}>
            <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="endTime"
            label="下课时间"
            dependencies={['startTime']}
            rules={[
              { required: true, message: '请选择下课时间' },
              ({ getFieldValue }) => ({
                validator: (_, v?: Dayjs) => {
                  const s = getFieldValue('startTime') as Dayjs | undefined;
                  return !v || !s || v.format('HH:mm') > s.format('HH:mm') ? Promise.resolve() : Promise.reject(new Error('下课时间必须晚于上课时间'));
                },
              }),
            ]}
          >
            <TimePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="skipHoliday" valuePropName="checked" label=" ">
            <Checkbox>跳过节假日</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      {preview && <PreviewList preview={preview} />}
    </Form>
  );
}

function PreviewList({ preview }: { preview: SeriesPreview }) {
  const clashes = preview.sessions.filter((s) => s.conflicts.length > 0).length;
  return (
    <div data-testid="cal-series-preview">
      <Typography.Text>
        共 {preview.sessions.length} 个课次
        {clashes > 0 && <Typography.Text type="danger">，其中 {clashes} 个有冲突</Typography.Text>}
        {preview.skippedHolidays.length > 0 && `，跳过节假日 ${preview.skippedHolidays.join('、')}`}
      </Typography.Text>
      <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, maxHeight: 240, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6 }}>
        {preview.sessions.map((s) => (
          <li key={s.lessonNo} data-testid="cal-series-session" data-conflict={s.conflicts.length > 0 ? '1' : '0'} style={{ padding: '4px 12px', color: s.conflicts.length ? '#ff4d4f' : undefined }}>
            第{s.lessonNo}次 {timeSpan(s.clazzStartTime, s.clazzEndTime)}
            {s.conflicts.map((c, i) => (
              <Tag key={i} color="red" style={{ marginLeft: 6 }}>
                {CONFLICT_KIND_TEXT[c.kind]} {c.resourceName}：{c.title}
              </Tag>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface EntryModalProps {
  /** 'create' with an optional slot; 'edit' with the entry. */
  open: { mode: 'create'; start?: Date; end?: Date; tab?: 'single' | 'series' } | { mode: 'edit'; entry: CalendarEntryDetail } | null;
  options: CalendarOptions;
  canSingle: boolean;
  canSeries: boolean;
  /** Asks 仅此课次 / 此课次及以后 / 全部 for a series member's edit. */
  askApply: () => Promise<SeriesScope | null>;
  onClose: () => void;
  onSaved: () => void;
  /** The calendar's scope (1 on 内部班行事历): class-less entries created here take it; class sessions follow their class. */
  scope?: 0 | 1;
}

type Opening = NonNullable<EntryModalProps['open']>;

/** The forms' starting values of one opening: the entry (编辑) or the selected slot (新建). */
function initialValues(open: Opening): { single: Partial<EntryFormValues>; series: Partial<SeriesFormValues> } {
  if (open.mode === 'edit') return { single: valuesOfEntry(open.entry), series: {} };
  const start = dayjs(open.start ?? dayjs().add(1, 'hour').startOf('hour').toDate());
  const end = open.end ? dayjs(open.end) : start.add(90, 'minute');
  return {
    single: { type: 0, start, end, teachers: [] },
    series: { startDate: start.startOf('day'), endMode: 'count', count: 10, weekdays: [isoWeekday(start)], startTime: start, endTime: end, skipHoliday: true, teachers: [] },
  };
}

/** 新建日程 (单次日程 / 批量排课) and 编辑, with the clash dialog on 409. Each opening mounts fresh forms. */
export function EntryModal(props: EntryModalProps) {
  const { open, onClose } = props;
  const editing = open?.mode === 'edit';
  return (
    <Modal open={!!open} title={editing ? '编辑日程' : '新建日程'} width={760} onCancel={onClose} footer={null} destroyOnHidden>
      {open && <EntryModalBody {...props} open={open} />}
    </Modal>
  );
}

function EntryModalBody({ open, options, canSingle, canSeries, askApply, onClose, onSaved, scope = 0 }: EntryModalProps & { open: Opening }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const guard = useConflictGuard();
  const [single] = Form.useForm<EntryFormValues>();
  const [series] = Form.useForm<SeriesFormValues>();
  const [tab, setTab] = useState<'single' | 'series'>(open.mode === 'edit' ? 'single' : (open.tab ?? (canSingle ? 'single' : 'series')));
  const [preview, setPreview] = useState<SeriesPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = open.mode === 'edit' ? open.entry : null;
  const init = useMemo(() => initialValues(open), [open]);

  const saved = (text: string) => {
    message.success(text);
    onSaved();
    onClose();
  };

  const saveSingle = async () => {
    const values = await single.validateFields().catch(() => null);
    if (!values) return;
    const input = buildEntryInput(values);
    let apply: SeriesScope = 'this';
    if (editing?.seriesId) {
      const a = await askApply();
      if (!a) return;
      apply = a;
    }
    setBusy(true);
    try {
      await guard.save(
        (override?: Override) => (editing ? editEntry({ ...input, id: editing.id, apply, ...(override ? { override } : {}) }) : addEntry({ ...input, scope, ...(override ? { override } : {}) })),
        () => saved(editing ? '已保存' : '已新建日程'),
      );
    } finally {
      setBusy(false);
    }
  };

  const runPreview = async () => {
    const values = await series.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      setPreview(await previewSeries(buildSeriesInput(values)));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  const saveSeries = async () => {
    const values = await series.validateFields().catch(() => null);
    if (!values) return;
    const input = buildSeriesInput(values);
    setBusy(true);
    try {
      await guard.save(
        (override?: Override) => addSeries(override ? { ...input, override } : input),
        (r) => saved(r.message || `已生成 ${r.result?.count ?? 0} 个课次`),
      );
    } finally {
      setBusy(false);
    }
  };

  const items = [
    canSingle || editing ? { key: 'single', label: editing ? '编辑日程' : '单次日程', children: <EntryForm form={single} options={options} initial={init.single} />, forceRender: true } : null,
    !editing && canSeries ? { key: 'series', label: '批量排课', children: <SeriesForm form={series} options={options} preview={preview} initial={init.series} />, forceRender: true } : null,
  ].filter((x): x is NonNullable<typeof x> => x !== null);

  return (
    <>
      <div data-testid={editing ? 'cal-edit' : 'cal-create'}>
        <Tabs activeKey={tab} onChange={(k) => setTab(k as 'single' | 'series')} items={items} />
      </div>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onClose}>取消</Button>
        {tab === 'series' && !editing ? (
          <>
            <Button loading={busy} onClick={runPreview} data-testid="cal-series-preview-btn">
              预览
            </Button>
            <Button type="primary" loading={busy} onClick={saveSeries} data-testid="cal-series-save">
              保存
            </Button>
          </>
        ) : (
          <Button type="primary" loading={busy} onClick={saveSingle} data-testid="cal-entry-save">
            保存
          </Button>
        )}
      </Flex>
      {guard.modal}
    </>
  );
}
