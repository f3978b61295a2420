'use client';

import { useMemo } from 'react';
import { Form, Select } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { TASK_TARGET_OPTIONS } from '@/lib/crm/task-rules';
import { REFS, RefSelect, type RefConfig } from '@/features/edu/course/ref-select';
import { TASK_URLS } from './task-resource';

/**
 * The task form's pickers: 负责人 among live, active, 在职 users (the server's list, since the user picker needs
 * system:user:list); 关联对象 by 关联类型 — a lead (the 线索 list), a student or a class — emptied when the type changes.
 */

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

const ASSIGNEES: RefConfig = { url: TASK_URLS.assigneeList, textField: 'realname' };

/** The lead list of 线索 (its name search). */
const LEADS: RefConfig = { url: '/crm/tblLead/list', textField: 'name' };

const TARGETS: Record<string, RefConfig> = { lead: LEADS, student: REFS.student, clazz: REFS.clazz };

export function AssigneeEditor({ field, value, onChange, disabled, id }: EditorProps) {
  return <RefSelect id={id} config={ASSIGNEES} detailField="username" value={text(value)} disabled={disabled} placeholder={`请选择${field.label}`} onChange={(v) => onChange?.(v ?? '')} />;
}

export function TargetTypeEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  return (
    <Select
      id={id}
      allowClear
      disabled={disabled}
      value={text(value) || undefined}
      placeholder={`请选择${field.label}`}
      options={TASK_TARGET_OPTIONS.map((o) => ({ value: o.value, label: o.text }))}
      data-testid="task-target-type"
      onChange={(v: string | undefined) => {
        // The chosen object belonged to the old type.
        if ((v ?? '') !== text(value) && text(form.getFieldValue('targetId'))) form.setFieldValue('targetId', '');
        onChange?.(v ?? '');
      }}
    />
  );
}

export function TargetEditor({ field, value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const type = text(Form.useWatch('targetType', form));
  const config = useMemo(() => TARGETS[type] ?? null, [type]);
  if (!config) return <Select id={id} disabled placeholder="请先选择关联类型" style={{ width: '100%' }} data-testid="task-target-none" />;
  // Keyed by type: the loaded options belong to one list.
  return <RefSelect key={type} id={id} config={config} value={text(value)} disabled={disabled} placeholder={`请选择${field.label}`} onChange={(v) => onChange?.(v ?? '')} />;
}

export const taskEditors = {
  assignee: (props: EditorProps) => <AssigneeEditor {...props} />,
  targetType: (props: EditorProps) => <TargetTypeEditor {...props} />,
  targetId: (props: EditorProps) => <TargetEditor {...props} />,
};
