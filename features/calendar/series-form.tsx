'use client';

import type { Dayjs } from 'dayjs';
import { Checkbox, Col, DatePicker, Form, InputNumber, Radio, Row, Tag, TimePicker, Typography, type FormInstance } from 'antd';
import type { SeriesPreview } from '@/lib/calendar/types';
import type { CalendarOptions } from './calendar-api';
import { timeSpan } from './calendar-model';
import { CONFLICT_KIND_TEXT } from '@/lib/calendar/types';
import { ClassSelect, TeacherRows, VenueFields } from './entry-form-fields';
import { WEEKDAY_OPTIONS, type SeriesFormValues } from './entry-form-model';

/** 批量排课: a class's sessions by weekday and time, between two dates or for a number of sessions. */
export function SeriesForm({ form, options, preview, initial }: { form: FormInstance<SeriesFormValues>; options: CalendarOptions; preview: SeriesPreview | null; initial: Partial<SeriesFormValues> }) {
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
