/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { vxePagePerm } from '../../../lib/grid/vxe-pages';
import { vxeJoinCheck } from '../vxe-join';

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(async () => {
  await t.close();
});

test('a grid page needs its permission code; unknown pages are refused', () => {
  expect(vxePagePerm('dict-items-abc')).toBe('system:dictItem:list');
  expect(vxePagePerm('dict-items-')).toBeNull();
  expect(vxePagePerm('page_1')).toBeNull();
});

test('joining 字典项 批量编辑 takes system:dictItem:list: admin may, a teacher may not; an unknown page nobody may', async () => {
  const canJoin = vxeJoinCheck(t.db);
  expect(await canJoin('u_admin', 'dict-items-d1')).toBe(true);
  expect(await canJoin('u_teacher2', 'dict-items-d1')).toBe(false);
  expect(await canJoin('u_admin', 'someone-elses-page')).toBe(false);
});
