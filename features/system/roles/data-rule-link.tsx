'use client';

import { createContext, useContext } from 'react';
import { Typography } from 'antd';

/** The menu whose 数据规则 the role screens open (a node of the grant tree). */
export interface DataRuleMenu {
  key: string;
  title: string;
}

/**
 * Set by a role screen that offers 数据规则 (角色授权, 角色管理 → 授权) around its grant tree: the tree's
 * titles are built once per tree (permission-tree.tsx toTreeData), so the opener reaches them through
 * context rather than through the tree data. Without a provider no link is shown.
 */
export const DataRuleOpenContext = createContext<((menu: DataRuleMenu) => void) | null>(null);

/** 数据规则 beside a menu that has rules (JeecgBoot's `hasDatarule` title slot, shown where ruleFlag is set). */
export function DataRuleLink({ menu }: { menu: DataRuleMenu }) {
  const open = useContext(DataRuleOpenContext);
  if (!open) return null;
  return (
    <Typography.Link
      style={{ marginInlineStart: 8, fontSize: 12 }}
      data-testid={`role-datarule-${menu.key}`}
      onClick={(e) => {
        // The tree is not selectable, so a click on a title would otherwise tick or untick the menu.
        e.stopPropagation();
        open(menu);
      }}
    >
      数据规则
    </Typography.Link>
  );
}
