import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { toTreeData } from './permission-tree';

/** 角色授权 (issue #39): a node's permission code is hover text, written beside it only with 显示编码. */
const nodes = [{ key: 'b1', title: '查看学员', menuType: 2, perms: 'edu:student:list' }];

it('hides the code by default (hover text only) and shows it with 显示编码', () => {
  const hidden = render(toTreeData(nodes)[0].title as ReactElement);
  expect(hidden.container.textContent).toBe('查看学员按钮');
  expect(hidden.container.querySelector('[data-permission-key="b1"]')!.getAttribute('title')).toBe('edu:student:list');
  hidden.unmount();
  const shown = render(toTreeData(nodes, true)[0].title as ReactElement);
  expect(shown.container.textContent).toContain('edu:student:list');
});
