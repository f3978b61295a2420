import { render, screen } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import CourseListScreen from '../course-list-screen';

/** 课程管理's cells (issue #21): 颜色 as a swatch, 价格 in yuan. */

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/course' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const COURSE = { id: 'c1', name: '初一数学', subject: '数学', mode: 2, mode_dictText: '一对多', unit: 1, unit_dictText: '课时', defaultHours: 1.5, price: 150, totalLessons: 24, color: '#13a8a8', status: 1, status_dictText: '正常' };

it('shows 颜色 as a swatch (the code only as its tooltip) and 价格 with ¥', async () => {
  get.mockImplementation((url: string) => Promise.resolve(url === '/course/tblCourse/list' ? page([COURSE], 1) : page([], 0)));
  render(<CourseListScreen />, { wrapper: wrapper() });
  const swatch = await screen.findByTestId('color-swatch');
  expect(swatch.getAttribute('title')).toBe('#13a8a8');
  expect(swatch.style.background).toContain('rgb(19, 168, 168)');
  const row = swatch.closest('tr')!;
  expect(row.textContent).not.toContain('#13a8a8');
  expect(row.textContent).toContain('¥150.00');
});
