'use client';

import { ListPage } from '@/components/data/list/list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { CheckRuleEditor } from './check-rule-editor';
import { checkRuleResource } from './check-rule-resource';

const editors = { ruleJson: (props: EditorProps) => <CheckRuleEditor {...props} /> };

/** 编码校验规则 (system/SysCheckRuleList): rules of segments with a live test box; forms check values through checkByCode. */
export default function CheckRuleListScreen() {
  return (
    <PageWrapper description="编码校验规则：按顺序的若干段（数字、字母或正则表达式，指定位数或整个值），表单通过规则编码校验输入（/sys/checkRule/checkByCode）。">
      <ListPage def={checkRuleResource} editors={editors} formWidth={1000} />
    </PageWrapper>
  );
}
