import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { LoginUserInfo } from '@/lib/login-state';
import { ConsoleHeader } from '../console-header';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/lib/http', () => ({ ...jest.requireActual('@/lib/http'), http: { post: jest.fn(), get: jest.fn() } }));

const user = { id: 'u_admin', username: 'admin', realname: '管理员', avatar: null, orgCode: 'A01' } as unknown as LoginUserInfo;

it('puts 欢迎进入 教务系统 with the right-hand actions, apart from the breadcrumb (issue #21)', () => {
  render(
    <App>
      <ConsoleHeader title="教务系统" helpUrl="/manual/" user={user} departs={[]} homePath="/" showBrand={false} left={<nav data-testid="crumbs">首页 / 课程管理</nav>} actions={<span data-testid="bell" />} />
    </App>,
  );
  const greeting = screen.getByTestId('header-greeting');
  expect(greeting.textContent).toBe('欢迎进入 教务系统');
  expect(greeting.parentElement).toBe(screen.getByTestId('bell').parentElement);
  expect(greeting.parentElement).not.toBe(screen.getByTestId('crumbs').parentElement);
});
