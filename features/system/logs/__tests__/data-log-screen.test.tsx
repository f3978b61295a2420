import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import DataLogScreen from '../data-log-screen';

/** 数据日志's 版本对比: the record's versions, the clicked one compared with the one before it, changed fields only. */

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/dataLog' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const version = (n: number) => ({ id: `v${n}`, dataTable: 'tbl_student', dataTable_dictText: '学员', dataId: 's1', dataVersion: n, createBy: 'admin', createName: '管理员', createTime: `2026-03-0${n} 10:00:00` });
const ok = (result: unknown) => ({ success: true, code: 200, message: '', result });
const COMPARE = {
  dataTableText: '学员',
  left: { id: 'v2', dataVersion: 2, createBy: 'admin', createTime: '2026-03-02 10:00:00' },
  right: { id: 'v3', dataVersion: 3, createBy: 'admin', createTime: '2026-03-03 10:00:00' },
  fields: [
    { field: 'name', label: '姓名', before: '张三', after: '张三丰', beforeText: '张三', afterText: '张三丰', changed: true },
    { field: 'gender', label: '性别', before: '1', after: '1', beforeText: '男', afterText: '男', changed: false },
  ],
};

it('compares the clicked version with the one before it, showing only changed fields until asked for all', async () => {
  get.mockImplementation((url: string) =>
    Promise.resolve(
      url === '/sys/dataLog/list'
        ? page([version(3)], 1)
        : url === '/sys/dataLog/queryDataVerList'
          ? ok([version(3), version(2), version(1)])
          : url === '/sys/dataLog/compare'
            ? ok(COMPARE)
            : page([], 0),
    ),
  );
  render(<DataLogScreen />, { wrapper: wrapper() });
  fireEvent.click(await screen.findByTestId('datalog-compare-v3'));
  const diff = await screen.findByTestId('datalog-diff');
  expect(get).toHaveBeenCalledWith('/sys/dataLog/queryDataVerList', { dataTable: 'tbl_student', dataId: 's1' });
  expect(get).toHaveBeenCalledWith('/sys/dataLog/compare', { dataId1: 'v3', dataId2: 'v2' });
  expect(within(diff).getByText('张三丰')).toBeTruthy();
  expect(within(diff).queryByText('性别')).toBeNull();
  fireEvent.click(screen.getByTestId('datalog-only-changed'));
  await waitFor(() => expect(within(screen.getByTestId('datalog-diff')).getByText('性别')).toBeTruthy());
});
