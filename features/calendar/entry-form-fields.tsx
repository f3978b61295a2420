'use client';

/** Fields shared by the single-entry and the series forms. */
import { useMemo } from 'react';
import { Button, Col, Flex, Form, Row, Select, type FormInstance } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TEACHER_ROLE_TEXT } from '@/lib/calendar/types';
import type { CalendarOptions } from './calendar-api';
import { classPrefill } from './entry-form-model';

const opt = (xs: { id: string; name: string }[]) => xs.map((x) => ({ value: x.id, label: x.name }));
const ROLE_OPTIONS = ([1, 2] as const).map((r) => ({ value: r, label: TEACHER_ROLE_TEXT[r] }));

/** 授课教师: one row per teacher with 主讲 / 辅导. */
export function TeacherRows({ options }: { options: CalendarOptions }) {
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
export function VenueFields({ form, options }: { form: FormInstance; options: CalendarOptions }) {
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
export function ClassSelect({ form, options, value, onChange, id }: { form: FormInstance; options: CalendarOptions; value?: string | null; onChange?: (v: string | undefined) => void; id?: string }) {
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
