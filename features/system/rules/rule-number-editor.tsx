'use client';

import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import type { EditorProps } from '@/components/fields/field-registry';
import { http } from '@/lib/http';
import { executeRuleUrl } from './fill-rule-resource';

/**
 * A number field filled by a 填值规则 (学员编号, 班级编号): typed by hand, left empty (the server fills it on save),
 * or 生成 now through executeRuleByCode (which takes the number from the rule's sequence).
 */
export function RuleNumberEditor({ field, value, onChange, disabled, id, onBlur, ruleCode }: EditorProps & { ruleCode: string }) {
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      const res = await http.put<string>(executeRuleUrl(ruleCode), {});
      onChange?.(res.result);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} value={typeof value === 'string' ? value : ''} disabled={disabled} maxLength={field.maxLength} allowClear placeholder="留空则保存时自动生成" onBlur={onBlur} onChange={(e) => onChange?.(e.target.value)} />
      <Button disabled={disabled} loading={busy} onClick={() => void generate()} data-testid={`rule-number-generate-${field.name}`}>
        生成
      </Button>
    </Space.Compact>
  );
}

/** ListPage `editors` entry for a numbered field. */
export const ruleNumberEditor = (ruleCode: string) =>
  function RuleNumberField(props: EditorProps) {
    return <RuleNumberEditor {...props} ruleCode={ruleCode} />;
  };
