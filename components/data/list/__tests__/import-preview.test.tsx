import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@/lib/http';
import { ImportModal, previewSummary, type ImportModalProps } from '../import-modal';
import { uploadExcel, type ImportPreview } from '../upload-excel';
import { wrapper } from './helpers';

jest.setTimeout(60_000);

jest.mock('../upload-excel', () => {
  const actual = jest.requireActual('../upload-excel');
  return { ...actual, uploadExcel: jest.fn() };
});

const upload = uploadExcel as jest.Mock;

const PREVIEW_URL = '/edu/tblStudent/previewExcel';
const IMPORT_URL = '/edu/tblStudent/importExcel';

const PREVIEW: ImportPreview = {
  total: 3,
  valid: 1,
  invalid: 2,
  headers: ['姓名', '手机'],
  rows: [
    { rowNumber: 4, fileName: 'students.xlsx', values: { 姓名: '导入甲', 手机: '13911110001' }, error: null },
    { rowNumber: 5, fileName: 'students.xlsx', values: { 姓名: '导入乙', 手机: '13911110001' }, error: '手机与第4行重复' },
    { rowNumber: 6, fileName: 'students.xlsx', values: { 姓名: '', 手机: '13911110003' }, error: '请输入姓名' },
  ],
};

function open(props: Partial<ImportModalProps> = {}) {
  const onClose = jest.fn();
  const onImported = jest.fn();
  render(<ImportModal open url={IMPORT_URL} previewUrl={PREVIEW_URL} onClose={onClose} onImported={onImported} {...props} />, { wrapper: wrapper() });
  return { onClose, onImported };
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const xlsx = (name = 'students.xlsx') => new File(['x'.repeat(100)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function pick(file = xlsx()) {
  await act(async () => {
    fireEvent.change(fileInput(), { target: { files: [file] } });
  });
  await screen.findByText(file.name);
}

const state = () => screen.getByTestId('import-modal').getAttribute('data-state');
const startButton = () => screen.getByTestId('import-start') as HTMLButtonElement;

beforeEach(() => jest.clearAllMocks());

describe('previewSummary', () => {
  it('counts rows, importable rows and errors', () => {
    expect(previewSummary({ total: 12, valid: 10, invalid: 2 })).toBe('共 12 行，可导入 10 行，错误 2 行');
    expect(previewSummary({ total: 12, valid: 10, invalid: 2, updates: 3 })).toBe('共 12 行，可导入 10 行（其中更新 3 行），错误 2 行');
  });
});

describe('ImportModal with a preview URL', () => {
  it('开始上传 previews first: the rows, bad ones highlighted with the reason, and the counts; 确认导入 imports', async () => {
    upload.mockImplementation((url: string) =>
      url === PREVIEW_URL ? Promise.resolve({ success: true, code: 200, message: '', result: PREVIEW }) : Promise.resolve({ success: true, code: 200, message: '文件导入成功！数据行数：1', result: null }),
    );
    const { onClose, onImported } = open();
    await pick();
    expect(startButton().textContent).toContain('开始上传');
    await act(async () => fireEvent.click(startButton()));
    await waitFor(() => expect(state()).toBe('preview'));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0][0]).toBe(PREVIEW_URL);
    expect(upload.mock.calls[0][1].files.map((f: File) => f.name)).toEqual(['students.xlsx']);

    expect(screen.getByTestId('import-preview-summary').textContent).toBe('共 3 行，可导入 1 行，错误 2 行');
    const good = screen.getByTestId('import-preview-row-4');
    expect(good.getAttribute('data-invalid')).toBe('false');
    expect(within(good).getByText('导入甲')).toBeTruthy();
    expect(within(good).getByText('可导入')).toBeTruthy();
    const dup = screen.getByTestId('import-preview-row-5');
    expect(dup.getAttribute('data-invalid')).toBe('true');
    expect(dup.style.background).not.toBe('');
    expect(within(dup).getByText('手机与第4行重复')).toBeTruthy();
    expect(within(screen.getByTestId('import-preview-row-6')).getByText('请输入姓名')).toBeTruthy();
    // Nothing imported yet.
    expect(onImported).not.toHaveBeenCalled();
    expect(startButton().textContent).toContain('确认导入');

    await act(async () => fireEvent.click(startButton()));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(upload.mock.calls[1][0]).toBe(IMPORT_URL);
    expect(upload.mock.calls[1][1].files.map((f: File) => f.name)).toEqual(['students.xlsx']);
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('文件导入成功！数据行数：1')).toBeTruthy();
  });

  it('返回 goes back to the file list with the same files, and previews again', async () => {
    upload.mockResolvedValue({ success: true, code: 200, message: '', result: PREVIEW });
    open();
    await pick();
    await act(async () => fireEvent.click(startButton()));
    await screen.findByTestId('import-preview');
    fireEvent.click(screen.getByTestId('import-back'));
    await waitFor(() => expect(state()).toBe('ready'));
    expect(screen.queryByTestId('import-preview')).toBeNull();
    expect(screen.queryByTestId('import-back')).toBeNull();
    expect(screen.getByText('students.xlsx')).toBeTruthy();
    expect(startButton().textContent).toContain('开始上传');
    await act(async () => fireEvent.click(startButton()));
    await screen.findByTestId('import-preview');
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls.every(([u]) => u === PREVIEW_URL)).toBe(true);
  });

  it('a refused preview stays on the file list with the file named in the warning', async () => {
    upload.mockRejectedValue(new ApiError('文件内容与模板不符：没有可导入的列，请先导出一份作为模板', 500, 200));
    const { onImported } = open();
    await pick();
    await act(async () => fireEvent.click(startButton()));
    expect(await screen.findByText('students.xlsx 文件内容与模板不符：没有可导入的列，请先导出一份作为模板')).toBeTruthy();
    expect(screen.queryByTestId('import-preview')).toBeNull();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('without the prop, 开始上传 imports at once (no preview step)', async () => {
    upload.mockResolvedValue({ success: true, code: 200, message: '文件导入成功！数据行数：2', result: null });
    const { onImported } = open({ previewUrl: undefined });
    await pick();
    await act(async () => fireEvent.click(startButton()));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0][0]).toBe(IMPORT_URL);
  });
});

describe('ImportModal template link', () => {
  it('offers 下载导入模板 under the API prefix when given templateUrl', () => {
    open({ templateUrl: '/edu/tblStudent/importTemplate' });
    const link = screen.getByTestId('import-template');
    expect(link.getAttribute('href')).toBe('/jeecg-boot/edu/tblStudent/importTemplate');
    expect(link.textContent).toBe('下载导入模板');
  });

  it('has no template link by default (spec 02 §2 dialog)', () => {
    open();
    expect(screen.queryByTestId('import-template')).toBeNull();
  });
});
