import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import MaterialListScreen from '../material-list-screen';

/** 课程资料's screen (issue #21): 新增 opens empty after 关闭; files are listed by the names users uploaded. */

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/material' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const RECORDS = [
  { id: 'm1', courseId: 'c1', courseId_dictText: '初一数学', name: '第一课讲义', materialType: 4, materialType_dictText: '文档', filePath: 'material/20260301101010_a1b2c3d4e5f6.pdf', fileName: '第一课 讲义.pdf', fileSize: 2048 },
  { id: 'm2', courseId: 'c1', courseId_dictText: '初一数学', name: '旧资料', materialType: 4, materialType_dictText: '文档', filePath: 'material/20250101000000_ffffeeee.pdf', fileName: null, fileSize: 10 },
  { id: 'm3', courseId: 'c1', courseId_dictText: '初一数学', name: '示意图', materialType: 3, materialType_dictText: '图片', filePath: 'material/x.png', fileName: '示意图.png', fileSize: 10 },
];

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((url: string) => {
    if (url === '/edu/tblCourseMaterial/list') return Promise.resolve(page(RECORDS, RECORDS.length));
    return Promise.resolve(page([], 0));
  });
});

const nameInput = () => screen.getByTestId('form-modal').querySelector<HTMLInputElement>('#tblCourseMaterial_form_name')!;

describe('课程资料 screen', () => {
  it('lists a file by the name it was uploaded with (an older row by its stored name) and previews an image inline', async () => {
    render(<MaterialListScreen />, { wrapper: wrapper() });
    const names = await screen.findAllByTestId('material-file');
    expect(names.map((l) => l.textContent)).toEqual(['第一课 讲义.pdf', '20250101000000_ffffeeee.pdf', '示意图.png']);
    expect(screen.getAllByTestId('material-download')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('material-preview-m3'));
    const img = await screen.findByTestId('material-preview-image');
    // The preview URL: permission-checked, inline and not counted as a download.
    expect(img.getAttribute('src')).toBe('/jeecg-boot/edu/tblCourseMaterial/download?id=m3&preview=1');
  });

  it('新增 after 关闭 opens an empty form', async () => {
    render(<MaterialListScreen />, { wrapper: wrapper() });
    fireEvent.click(await screen.findByTestId('list-add'));
    await waitFor(() => expect(nameInput()).toBeTruthy());
    fireEvent.change(nameInput(), { target: { value: '临时名称' } });
    expect(nameInput().value).toBe('临时名称');
    fireEvent.click(screen.getByTestId('form-modal-cancel'));
    // Typed input: closing asks first (issue #39).
    fireEvent.click((await screen.findAllByRole('button', { name: '确 定' })).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('form-modal')).toBeNull());

    fireEvent.click(screen.getByTestId('list-add'));
    await waitFor(() => expect(nameInput()).toBeTruthy());
    expect(nameInput().value).toBe('');
  });
});
