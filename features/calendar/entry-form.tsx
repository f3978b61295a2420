'use client';

import { useMemo } from 'react';
import type { Dayjs } from 'dayjs';
import { Col, DatePicker, Form, Input, Row, Select, type FormInstance } from 'antd';
import { RichTextEditor } from '@/components/editor';
import { isSafeUrl } from '@/lib/sanitize-html';
import { CALENDAR_TYPES } from '@/lib/calendar/types';
import type { CalendarOptions } from './calendar-api';
import { ClassSelect, TeacherRows, VenueFields } from './entry-form-fields';
import type { EntryFormValues } from './entry-form-model';

const urlRule = {
  validator: (_: unknown, v?: string) => (!v || !v.trim() || (/^https?:\/\//i.test(v.trim()) && isSafeUrl(v.trim())) ? Promise.resolve() : Promise.reject(new Error('请输入以 http:// 或 https:// 开头的链接'))),
};

/** 单次日程 (create) and 编辑 share this form. */
export function EntryForm({ form, options, initial }: { form: FormInstance<EntryFormValues>; options: CalendarOptions; initial: Partial<EntryFormValues> }) {
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
