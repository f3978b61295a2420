import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ok, page, wrapper } from '@/components/pickers/__tests__/helpers';
import { uploadExcel } from '@/components/data/list/upload-excel';
import { http } from '@/lib/http';
import StudentListScreen from '../student-list-screen';

jest.setTimeout(60_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/student' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('@/components/data/list/upload-excel', () => {
  const actual = jest.requireActual('@/components/data/list/upload-excel');
  return { ...actual, uploadExcel: jest.fn() };
});

const get = http.get as jest.Mock;
const upload = uploadExcel as jest.Mock;
const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const CODES = ['edu:student:list', 'edu:student:importExcel'].map(perm);

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  get.mockImplementation((url: string) => Promise.resolve(url === '/edu/tblStudent/list' ? page([]) : ok([])));
});

describe('学员管理 import', () => {
  it('previews the file before importing it', async () => {
    upload.mockResolvedValue(ok({ total: 1, valid: 1, invalid: 0, headers: ['姓名'], rows: [{ rowNumber: 4, fileName: 's.xlsx', values: { 姓名: '导入甲' }, error: null }] }));
    render(<StudentListScreen />, { wrapper: wrapper({ auth: CODES, allAuth: CODES }) });
    fireEvent.click(await screen.findByTestId('list-importExcel'));
    const input = (await waitFor(() => document.querySelector('input[type="file"]'))) as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [new File(['x'], 's.xlsx')] } }));
    await screen.findByText('s.xlsx');
    await act(async () => fireEvent.click(screen.getByTestId('import-start')));
    expect(await screen.findByTestId('import-preview')).toBeTruthy();
    expect(upload.mock.calls[0][0]).toBe('/edu/tblStudent/previewExcel');
  });
});
