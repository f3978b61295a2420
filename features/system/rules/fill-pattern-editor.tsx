'use client';

import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { FILL_LIMITS, previewFill } from '@/lib/rules/fill-rule';

/** Quick inserts for the usual variables. */
const INSERTS = ['{yyyy}', '{yyMM}', '{yyyyMMdd}', '{seq:4}', '{field:campus}'];

/**
 * 规则 of the 填值规则 form: the pattern with quick inserts and a preview of the first number of the current
 * period (reading the form's 序号重置), computed by lib/rules/fill-rule.ts, the same rules the server applies.
 */
export function FillPatternEditor({ value, onChange, disabled, id, onBlur }: EditorProps) {
  const form = Form.useFormInstance();
  const reset: unknown = Form.useWatch('resetPeriod', form);
  // The preview's clock: the time the form was opened (a preview need not tick).
  const [now] = useState(() => new Date());
  const pattern = typeof value === 'string' ? value : '';
  const preview = pattern ? previewFill(pattern, reset ?? 'none', now) : null;
  return (
    <div>
      <Input id={id} value={pattern} disabled={disabled} maxLength={FILL_LIMITS.pattern} placeholder="如 XS{yyyyMMdd}{seq:4}" onBlur={onBlur} onChange={(e) => onChange?.(e.target.value)} data-testid="fill-rule-pattern" />
      <Flex gap={4} wrap style={{ marginTop: 6 }}>
        {INSERTS.map((v) => (
          <Button key={v} size="small" disabled={disabled || pattern.length + v.length > FILL_LIMITS.pattern} onClick={() => onChange?.(pattern + v)} data-testid={`fill-insert-${v.replace(/[{}:]/g, '')}`}>
            {v}
          </Button>
        ))}
      </Flex>
      {preview && (
        <div style={{ marginTop: 6 }} data-testid="fill-rule-preview" data-ok={preview.ok ? 'true' : 'false'}>
          {preview.ok ? (
            <Typography.Text>
              预览：<Typography.Text code>{preview.value}</Typography.Text>
              {pattern.includes('{field:') && <Typography.Text type="secondary">（{'{field:…}'} 取提交表单中该字段的值）</Typography.Text>}
            </Typography.Text>
          ) : (
            <Typography.Text type="danger">{preview.message}</Typography.Text>
          )}
        </div>
      )}
    </div>
  );
}
