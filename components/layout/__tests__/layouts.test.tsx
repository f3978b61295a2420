import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import type { MenuNode } from '@/lib/menu-types';
import { clampColumns, DetailList } from '../detail-list';
import { PageHeader } from '../page-header';
import { PageWrapper } from '../page-wrapper';
import { BlankLayout } from '../blank-layout';

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/online' }));

const node = (path: string, title: string, children?: MenuNode[]): MenuNode => ({
  id: path,
  route: '1',
  path,
  name: path,
  component: 'x',
  meta: { keepAlive: false, internalOrExternal: false, title, componentName: 'x' },
  children,
});

const shell = (menu: MenuNode[]): ShellData =>
  ({ menu, auth: [], allAuth: [], systemTitle: '教务系统', homePath: '/account/center', account: { userInfo: { id: 'u1' }, departs: [] } }) as unknown as ShellData;

describe('DetailList (1–4 columns)', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2.4, 2],
    [4, 4],
    [9, 4],
    [Number.NaN, 1],
  ])('col %p is clamped to %p', (col, expected) => {
    expect(clampColumns(col)).toBe(expected);
  });

  it('renders every label and value with the chosen column count', () => {
    render(<DetailList col={6} title="基本信息" items={[{ key: 'a', label: '姓名', children: '张老师' }, { key: 'b', label: '工号', children: 'T0001' }]} />);
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(screen.getByText('张老师')).toBeTruthy();
    expect(screen.getByText('T0001')).toBeTruthy();
    expect(screen.getByTestId('detail-list').getAttribute('data-columns')).toBe('4');
  });
});

describe('PageHeader', () => {
  it('shows title, description, links, image; search trims; tabs switch', () => {
    const onSearch = jest.fn();
    const onTab = jest.fn();
    render(
      <App>
        <PageHeader
          title="班级管理"
          description="本学期全部班级"
          links={[{ title: '使用说明', href: '/manual/index.html' }]}
          image={{ src: '/logo.svg', alt: '头图' }}
          search={{ placeholder: '搜索班级', onSearch }}
          tabs={{ items: [{ key: 'a', label: '进行中' }, { key: 'b', label: '已结班' }], activeKey: 'a', onChange: onTab }}
        />
      </App>,
    );
    expect(screen.getByTestId('page-header-title').textContent).toBe('班级管理');
    expect(screen.getByText('本学期全部班级')).toBeTruthy();
    expect(screen.getByText('使用说明').closest('a')!.getAttribute('href')).toBe('/manual/index.html');
    expect(screen.getByAltText('头图')).toBeTruthy();
    const input = screen.getByPlaceholderText('搜索班级');
    fireEvent.change(input, { target: { value: '  三年级  ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledWith('三年级');
    fireEvent.click(screen.getByText('已结班'));
    expect(onTab).toHaveBeenCalledWith('b');
  });

  it('leaves out what is not given', () => {
    render(<PageHeader title="只有标题" />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('PageWrapper', () => {
  const menu = [node('/isystem', '系统管理', [node('/isystem/online', '在线用户管理')])];

  it('takes its title from the route metadata (the menu entry of the current path)', () => {
    render(
      <ShellProvider value={shell(menu)}>
        <PageWrapper description="说明">内容</PageWrapper>
      </ShellProvider>,
    );
    expect(screen.getByTestId('page-header-title').textContent).toBe('在线用户管理');
    expect(screen.getByText('内容')).toBeTruthy();
  });

  it('a title given by the page wins', () => {
    render(
      <ShellProvider value={shell(menu)}>
        <PageWrapper title="自定义标题">内容</PageWrapper>
      </ShellProvider>,
    );
    expect(screen.getByTestId('page-header-title').textContent).toBe('自定义标题');
  });
});

it('BlankLayout renders only its children', () => {
  render(<BlankLayout>打印视图</BlankLayout>);
  expect(screen.getByTestId('blank-layout').textContent).toBe('打印视图');
});
