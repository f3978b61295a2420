/** @jest-environment node */
import type { TreeNodeWire } from '../../../lib/edu/course-type-api';
import { dropTarget } from './tree-drop';

const node = (key: string, parentId: string | null, children?: TreeNodeWire[]): TreeNodeWire => ({ id: key, key, value: key, title: key, parentId, sort: 0, isLeaf: !children, ...(children ? { children } : {}) });
// a [a1, a2], b, c
const TREE = [node('a', null, [node('a1', 'a'), node('a2', 'a')]), node('b', null), node('c', null)];
const drop = (dragKey: string, dropKey: string, relative: number, dropToGap = true, targetExpanded = false) => dropTarget(TREE, { dragKey, dropKey, relative, dropToGap, targetExpanded });

it('puts a node dropped on another as its first child', () => {
  expect(drop('c', 'b', 0, false)).toEqual({ parentId: 'b', sort: 0 });
  // Just below an open node with children: its first child too.
  expect(drop('c', 'a', 1, true, true)).toEqual({ parentId: 'a', sort: 0 });
});

it('counts positions among the new siblings without the dragged node', () => {
  expect(drop('c', 'a', -1)).toEqual({ parentId: null, sort: 0 });
  expect(drop('a', 'b', 1)).toEqual({ parentId: null, sort: 1 });
  expect(drop('a', 'c', 1)).toEqual({ parentId: null, sort: 2 });
  expect(drop('c', 'a2', -1)).toEqual({ parentId: 'a', sort: 1 });
  expect(drop('a1', 'a2', 1)).toEqual({ parentId: 'a', sort: 1 });
  expect(drop('b', 'b', 0, false)).toBeNull();
});
