'use client';

import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Input, InputNumber, Select, Typography } from 'antd';
import { ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { EditorProps } from '@/components/fields/field-registry';
import { CHECK_ALL, CHECK_RULE_LIMITS, CHECK_RULE_MESSAGES, checkRuleValue, kindOf, parseRuleJson, ruleJsonOf, SEGMENT_KIND_OPTIONS, segmentsProblem, shorthandPattern, type CheckRuleSegment, type SegmentKind } from '@/lib/rules/check-rule';

interface Row extends CheckRuleSegment {
  kind: SegmentKind;
}

const toRows = (value: unknown): Row[] | null => {
  if (value === undefined || value === null || value === '') return [];
  const segs = parseRuleJson(String(value));
  return segs ? segs.map((s) => ({ ...s, kind: kindOf(s) })) : null;
};

const kindLabel = (k: SegmentKind) => SEGMENT_KIND_OPTIONS.find((o) => o.value === k)?.label ?? '';

/** A default message for a shorthand segment at its position: 第3到6位须为数字 / 只能填写字母. */
function defaultMessage(rows: Row[], index: number): string {
  const r = rows[index];
  if (r.kind === 'regex') return '';
  if (r.digits === CHECK_ALL) return `只能填写${kindLabel(r.kind)}`;
  const begin = rows.slice(0, index).reduce((n, x) => n + (x.digits === CHECK_ALL ? 0 : Number(x.digits) || 0), 0);
  const n = Number(r.digits) || 1;
  return n === 1 ? `第${begin + 1}位须为${kindLabel(r.kind)}` : `第${begin + 1}到${begin + n}位须为${kindLabel(r.kind)}`;
}

/**
 * 规则 of the 编码校验规则 form: ordered segments (a shorthand — 数字, 字母 … — or a regex; a length or the whole
 * value) stored as JeecgBoot's rule_json, and a test box that runs lib/rules/check-rule.ts, the function the
 * server's checkByCode runs, on every keystroke.
 */
export function CheckRuleEditor({ value, onChange, disabled, id }: EditorProps) {
  const [rows, setRows] = useState<Row[]>(() => toRows(value) ?? []);
  // The form modal mounts its editors per opening (destroyOnHidden): the rows are read from the value once.
  const [unreadable] = useState(() => toRows(value) === null);
  const [sample, setSample] = useState('');

  const commit = (next: Row[]) => {
    setRows(next);
    onChange?.(next.length ? ruleJsonOf(next) : '');
  };
  const update = (i: number, patch: Partial<Row>) => {
    const next = rows.map((r, j) => (j === i ? { ...r, ...patch } : r));
    const r = next[i];
    if (r.kind !== 'regex') {
      const wasDefault = !rows[i].message || rows[i].message === defaultMessage(rows, i);
      next[i] = { ...r, pattern: shorthandPattern(r.kind, r.digits) };
      if (wasDefault) next[i].message = defaultMessage(next, i);
    }
    commit(next);
  };
  const add = () => {
    const next: Row[] = [...rows, { kind: 'digit', digits: '1', pattern: shorthandPattern('digit', '1'), message: '' }];
    next[next.length - 1].message = defaultMessage(next, next.length - 1);
    commit(next);
  };
  const remove = (i: number) => commit(rows.filter((_, j) => j !== i));
  const up = (i: number) => commit(rows.map((r, j) => (j === i - 1 ? rows[i] : j === i ? rows[i - 1] : r)));

  const problem = rows.length ? segmentsProblem(rows) : CHECK_RULE_MESSAGES.empty;
  let result: { passed: boolean; text: string } | null = null;
  if (!problem && sample !== '') {
    const failure = checkRuleValue(rows, sample);
    const n = failure ? rows.findIndex((r) => r.digits === failure.digits && r.pattern === failure.pattern && r.message === failure.message) + 1 : 0;
    result = failure ? { passed: false, text: `第${n}条规则未通过：${failure.message}（校验的内容：「${failure.checkValue}」）` } : { passed: true, text: '校验通过' };
  }

  return (
    <div id={id} data-testid="check-rule-editor">
      {unreadable && <Alert type="warning" showIcon style={{ marginBottom: 8 }} message="已保存的规则无法识别，请重新设置" />}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        按顺序校验：位数为 N 的规则校验接下来的 N 个字符，「整个值」的规则校验全部输入。正则表达式以 RE2 引擎执行（线性时间），不支持反向引用和环视。
      </Typography.Paragraph>
      {rows.map((r, i) => (
        <Flex key={i} gap={6} align="center" wrap style={{ marginBottom: 6 }} data-testid={`check-seg-${i}`}>
          <span style={{ width: 20 }}>{i + 1}.</span>
          <Select
            style={{ width: 118 }}
            value={r.kind}
            disabled={disabled}
            options={SEGMENT_KIND_OPTIONS}
            onChange={(k: SegmentKind) => update(i, { kind: k })}
            data-testid={`check-seg-kind-${i}`}
          />
          <InputNumber
            style={{ width: 80 }}
            min={1}
            max={CHECK_RULE_LIMITS.digits}
            precision={0}
            value={r.digits === CHECK_ALL ? null : Number(r.digits) || null}
            disabled={disabled || r.digits === CHECK_ALL}
            placeholder="位数"
            onChange={(n) => update(i, { digits: n ? String(n) : '' })}
            data-testid={`check-seg-digits-${i}`}
          />
          <Checkbox checked={r.digits === CHECK_ALL} disabled={disabled} onChange={(e) => update(i, { digits: e.target.checked ? CHECK_ALL : '1' })} data-testid={`check-seg-all-${i}`}>
            整个值
          </Checkbox>
          <Input
            style={{ width: 200 }}
            value={r.pattern}
            readOnly={r.kind !== 'regex'}
            disabled={disabled}
            placeholder="正则表达式"
            maxLength={CHECK_RULE_LIMITS.pattern}
            onChange={(e) => update(i, { pattern: e.target.value })}
            data-testid={`check-seg-pattern-${i}`}
          />
          <Input
            style={{ width: 180 }}
            value={r.message}
            disabled={disabled}
            placeholder="未通过时的提示"
            maxLength={CHECK_RULE_LIMITS.message}
            onChange={(e) => update(i, { message: e.target.value })}
            data-testid={`check-seg-message-${i}`}
          />
          <Button size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={disabled || i === 0} onClick={() => up(i)} data-testid={`check-seg-up-${i}`} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label="删除" disabled={disabled} onClick={() => remove(i)} data-testid={`check-seg-remove-${i}`} />
        </Flex>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || rows.length >= CHECK_RULE_LIMITS.segments} onClick={add} data-testid="check-seg-add">
        添加规则
      </Button>
      {problem && (
        <Alert type="error" showIcon style={{ marginTop: 8 }} message={problem} data-testid="check-rule-problem" />
      )}
      <Flex gap={8} align="center" style={{ marginTop: 12 }}>
        <span style={{ whiteSpace: 'nowrap' }}>测试：</span>
        <Input value={sample} placeholder="输入要测试的值" maxLength={CHECK_RULE_LIMITS.value} onChange={(e) => setSample(e.target.value)} data-testid="check-rule-test-input" />
      </Flex>
      {result && (
        <Typography.Text type={result.passed ? 'success' : 'danger'} data-testid="check-rule-test-result" data-passed={result.passed ? 'true' : 'false'}>
          {result.text}
        </Typography.Text>
      )}
    </div>
  );
}
