import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Form } from 'antd';
import { http } from '@/lib/http';
import { FieldEditor, renderCell } from '@/components/fields/field-registry';
import type { FieldDef } from '@/lib/resources/types';
import { ok, page, rulesOf, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const departs: FieldDef = { name: 'departIds', label: '所属部门', kind: 'sel_depart', dictCode: 'sys_depart,depart_name,id' };
const teachers: FieldDef = { name: 'teacherIds', label: '教师', kind: 'sel_user', dictCode: 'sys_user,realname,id' };
const owners: FieldDef = { name: 'owners', label: '负责人', kind: 'sel_user' };

const TREE = [
  { key: 'd1', id: 'd1', title: '教务处', departName: '教务处', isLeaf: true, children: null },
  { key: 'd2', id: 'd2', title: '市场部', departName: '市场部', isLeaf: true, children: null },
];

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((url: string, p: Record<string, string> = {}) => {
    if (url === '/sys/sysDepart/queryTreeListByOrgCode') return Promise.resolve(ok(TREE));
    if (url === '/sys/user/list') return Promise.resolve(page(p.superQueryParams ? rulesOf(p).map((r) => ({ id: 'u1', username: 'wang', realname: '王老师', [r.field]: r.val })) : [{ id: 'u1', username: 'wang', realname: '王老师' }]));
    if (url.startsWith('/sys/dict/loadDictItem/')) return Promise.resolve(ok(p.key.split(',').map((k) => ({ d1: '教务处', d2: '市场部', u1: '王老师', wang: '王老师' })[k] ?? k)));
    if (url.startsWith('/sys/dict/getDictItems/')) return Promise.resolve(ok([]));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

function Editor({ field, initial, onValues }: { field: FieldDef; initial?: string; onValues: (v: Record<string, unknown>) => void }) {
  return (
    <Form initialValues={{ [field.name]: initial }} onValuesChange={(_c, all) => onValues(all)}>
      <Form.Item name={field.name} label={field.label}>
        <FieldEditor field={field} />
      </Form.Item>
    </Form>
  );
}

describe('field registry: picker kinds', () => {
  it('sel_depart edits through the department picker, comma-joined ids', async () => {
    const onValues = jest.fn();
    render(<Editor field={departs} initial="d1" onValues={onValues} />, { wrapper: wrapper() });
    const field = screen.getByTestId('field-departIds');
    expect(await within(field).findByText('教务处')).toBeTruthy();
    fireEvent.click(screen.getByTestId('field-departIds-open'));
    const picker = await screen.findByTestId('depart-picker');
    fireEvent.click(await within(picker).findByText('市场部'));
    await act(async () => fireEvent.click(screen.getByTestId('depart-picker-ok')));
    expect(onValues).toHaveBeenLastCalledWith({ departIds: 'd1,d2' });
  });

  it('sel_user keyed by id stores ids; by default it stores usernames', async () => {
    const onValues = jest.fn();
    const { unmount } = render(<Editor field={teachers} onValues={onValues} />, { wrapper: wrapper() });
    expect(screen.getByText('请选择教师')).toBeTruthy();
    fireEvent.click(screen.getByTestId('field-teacherIds-open'));
    fireEvent.click(await screen.findByText('王老师'));
    await act(async () => fireEvent.click(screen.getByTestId('user-picker-ok')));
    expect(onValues).toHaveBeenLastCalledWith({ teacherIds: 'u1' });
    unmount();

    render(<Editor field={owners} onValues={onValues} />, { wrapper: wrapper() });
    fireEvent.click(screen.getByTestId('field-owners-open'));
    fireEvent.click(await screen.findByText('王老师'));
    await act(async () => fireEvent.click(screen.getByTestId('user-picker-ok')));
    expect(onValues).toHaveBeenLastCalledWith({ owners: 'wang' });
  });

  it('their cells still show names', async () => {
    render(<>{renderCell(departs, { departIds: 'd1,d2', departIds_dictText: '教务处,市场部' })}</>, { wrapper: wrapper() });
    expect(screen.getByText('教务处,市场部')).toBeTruthy();
  });
});

describe('field registry: image and file kinds (issue #39)', () => {
  const attachments: FieldDef = { name: 'attachments', label: '附件', kind: 'file' };
  const photo: FieldDef = { name: 'photo', label: '照片', kind: 'image' };

  it('upload in place (点击上传) instead of a text box of stored paths', async () => {
    render(<Editor field={attachments} onValues={jest.fn()} />, { wrapper: wrapper() });
    expect(await screen.findByText('点击上传')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('show the stored files by name; an image field takes one file', async () => {
    const { container, unmount } = render(<Editor field={attachments} initial="homework/plan.pdf,homework/list.docx" onValues={jest.fn()} />, { wrapper: wrapper() });
    expect((await screen.findAllByTestId('upload-cell-item')).map((el) => [el.getAttribute('data-path'), el.querySelector('[title]')?.getAttribute('title')])).toEqual([
      ['homework/plan.pdf', 'plan.pdf'],
      ['homework/list.docx', 'list.docx'],
    ]);
    expect(container.querySelector('input[type="file"]')?.hasAttribute('multiple')).toBe(true);
    unmount();
    const image = render(<Editor field={photo} onValues={jest.fn()} />, { wrapper: wrapper() });
    expect(image.container.querySelector('input[type="file"]')?.hasAttribute('multiple')).toBe(false);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
