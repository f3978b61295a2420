'use client';

import { Form, Input } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { FillPatternEditor } from './fill-pattern-editor';
import { fillRuleResource } from './fill-rule-resource';

/** 规则编码 is fixed once created (the rule's counters are kept under it): read-only when editing. */
function RuleCodeEditor({ value, onChange, disabled, id, onBlur, field }: EditorProps) {
  const editing = Boolean(Form.useFormInstance().getFieldValue('id'));
  return <Input id={id} value={typeof value === 'string' ? value : ''} disabled={disabled || editing} maxLength={field.maxLength} placeholder="如 student_no" onBlur={onBlur} onChange={(e) => onChange?.(e.target.value)} />;
}

const editors = {
  ruleCode: (props: EditorProps) => <RuleCodeEditor {...props} />,
  rulePattern: (props: EditorProps) => <FillPatternEditor {...props} />,
};

/** 填值规则 (system/SysFillRuleList): numbering patterns (prefix, date, sequence) with a preview; 学员 and 班级 use student_no / clazz_no. */
export default function FillRuleListScreen() {
  return (
    <PageWrapper description="填值规则：前缀、日期与补零序号组成的编号规则，序号可按年、月、日重置；学员编号用 student_no，班级编号用 clazz_no。">
      <ListPage def={fillRuleResource} editors={editors} formWidth={900} />
    </PageWrapper>
  );
}
