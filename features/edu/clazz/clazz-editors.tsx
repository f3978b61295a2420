'use client';

import { useMemo } from 'react';
import { Form, Select } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { REFS, RefSelect, refEditor, type RefConfig } from '../course/ref-select';
import { ruleNumberEditor } from '../../system/rules/rule-number-editor';

/**
 * The 班级 form's 场地 and 默认教室 (issue #21): the server refuses a room of another venue
 * (默认教室不属于所选场地), so the room select lists only the chosen venue's live, enabled rooms, waits for
 * a venue, and is cleared when the venue changes.
 */

/** The room list of one venue: the room resource's own filters (locationId eq, status 1 启用). */
export function roomsOfVenue(venueId: string): RefConfig {
  return { ...REFS.room, params: { locationId: venueId, status: 1 } };
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** 场地: the venue reference; choosing another venue empties 默认教室, which belonged to the old one. */
export function ClazzVenueEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  return (
    <RefSelect
      id={id}
      config={REFS.venue}
      value={text(value)}
      disabled={disabled}
      placeholder={`请选择${field.label}`}
      onChange={(v) => {
        const next = v ?? '';
        if (next !== text(value) && text(form.getFieldValue('roomId'))) form.setFieldValue('roomId', '');
        onChange?.(next);
      }}
    />
  );
}

/** 默认教室: the chosen venue's rooms only; without a venue there is nothing to choose yet. */
export function ClazzRoomEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const venue = text(Form.useWatch('locationId', form));
  const config = useMemo(() => (venue ? roomsOfVenue(venue) : null), [venue]);
  if (!config) return <Select id={id} disabled placeholder="请先选择场地" style={{ width: '100%' }} data-testid="clazz-room-no-venue" />;
  // Keyed by venue: the select's loaded options belong to one venue and must not survive a change.
  return <RefSelect key={venue} id={id} config={config} value={text(value)} disabled={disabled} placeholder={`请选择${field.label}`} onChange={(v) => onChange?.(v ?? '')} />;
}

/** The 班级 form's reference editors (ListPage `editors`). */
export const clazzEditors = {
  courseId: refEditor(REFS.course),
  headTeacher: refEditor(REFS.activeTeacher),
  locationId: (props: EditorProps) => <ClazzVenueEditor {...props} />,
  roomId: (props: EditorProps) => <ClazzRoomEditor {...props} />,
  clazzNo: ruleNumberEditor('clazz_no'),
};
