import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/http';
import { ImportModal, type ImportModalProps } from '../import-modal';
import { fileProgress, uploadExcel } from '../upload-excel';
import { wrapper } from './helpers';

jest.mock('../upload-excel', () => {
  const actual = jest.requireActual('../upload-excel');
  return { ...actual, uploadExcel: jest.fn() };
});

const upload = uploadExcel as jest.Mock;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function open(props: Partial<ImportModalProps> = {}) {
  const onClose = jest.fn();
  const onImported = jest.fn();
  render(<ImportModal open url="/location/tblLocation/importExcel" onClose={onClose} onImported={onImported} {...props} />, { wrapper: wrapper() });
  return { onClose, onImported };
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const xls = (name = 'a.xls', size = 100) => new File(['x'.repeat(size)], name, { type: 'application/vnd.ms-excel' });

async function pick(...files: File[]) {
  await act(async () => {
    fireEvent.change(fileInput(), { target: { files } });
  });
  await screen.findByText(files[0].name);
}

const state = () => screen.getByTestId('import-modal').getAttribute('data-state');
const startButton = () => screen.getByTestId('import-start') as HTMLButtonElement;

beforeEach(() => jest.clearAllMocks());

describe('fileProgress', () => {
  it('splits the request progress over the files in order', () => {
    expect(fileProgress([100, 100], 0, 200)).toEqual([0, 0]);
    expect(fileProgress([100, 100], 50, 200)).toEqual([50, 0]);
    expect(fileProgress([100, 100], 150, 200)).toEqual([100, 50]);
    expect(fileProgress([100, 100], 200, 200)).toEqual([100, 100]);
  });
});

describe('ImportModal', () => {
  it('accepts several .xls / .xlsx files and starts empty with 开始上传 disabled', async () => {
    open();
    expect(await screen.findByText('导入EXCEL')).toBeTruthy();
    expect(fileInput().getAttribute('accept')).toBe('.xls,.xlsx');
    expect(fileInput().multiple).toBe(true);
    expect(state()).toBe('empty');
    expect(startButton().disabled).toBe(true);
    expect(screen.getByTestId('import-close')).toBeTruthy();
  });

  it('uploads files[] with the extras, shows the uploading state and progress, then closes with the server message', async () => {
    const call = deferred<unknown>();
    upload.mockReturnValue(call.promise);
    const { onClose, onImported } = open({ isSingleTableImport: 'tbl_location', foreignKeys: '{"pid":"1"}' });
    await pick(xls('a.xls', 100), xls('b.xlsx', 100));
    expect(state()).toBe('ready');
    fireEvent.click(startButton());
    await waitFor(() => expect(state()).toBe('uploading'));
    expect(startButton().textContent).toContain('上传中...');
    expect((screen.getByTestId('import-close') as HTMLButtonElement).disabled).toBe(true);
    const [url, options] = upload.mock.calls[0];
    expect(url).toBe('/location/tblLocation/importExcel');
    expect(options.files.map((f: File) => f.name)).toEqual(['a.xls', 'b.xlsx']);
    expect(options).toMatchObject({ isSingleTableImport: 'tbl_location', foreignKeys: '{"pid":"1"}' });

    act(() => options.onProgress(150, 200));
    await waitFor(() => expect(document.querySelectorAll('.ant-progress').length).toBeGreaterThan(0));
    const percents = Array.from(document.querySelectorAll('.ant-progress')).map((p) => p.getAttribute('aria-valuenow'));
    expect(percents).toEqual(['100', '50']);

    await act(async () => call.resolve({ success: true, code: 200, message: '文件导入成功！数据行数：2', result: null }));
    expect(await screen.findByText('文件导入成功！数据行数：2')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(onImported).toHaveBeenCalled();
  });

  it('code 201 shows the msg and a link to the error file under /jeecg-boot', async () => {
    upload.mockResolvedValue({ success: true, code: 201, message: '文件导入成功，但有错误。', result: { msg: '总上传行数：3，已导入行数：2，错误行数：1', fileUrl: '/sys/common/static/errorExcelFiles/x.xls', fileName: 'x.xls' } });
    const { onImported } = open();
    await pick(xls());
    fireEvent.click(startButton());
    expect((await screen.findAllByText('文件导入成功，但有错误。')).length).toBeGreaterThan(0);
    expect(screen.getByText('总上传行数：3，已导入行数：2，错误行数：1')).toBeTruthy();
    expect(screen.getByTestId('import-error-file').getAttribute('href')).toBe('/jeecg-boot/sys/common/static/errorExcelFiles/x.xls');
    expect(onImported).toHaveBeenCalled();
  });

  it('warns with the file name and the server message on failure (spec 02 §8) and stays open', async () => {
    upload.mockRejectedValue(new ApiError('文件导入失败:有重复数据！', 500, 200));
    const { onClose, onImported } = open();
    await pick(xls());
    fireEvent.click(startButton());
    expect(await screen.findByText('a.xls 文件导入失败:有重复数据！')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice-warning, .ant-message-warning')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(onImported).not.toHaveBeenCalled();
    expect(state()).not.toBe('uploading');
  });

  it('a permission refusal keeps the 510 warning without the file name', async () => {
    upload.mockRejectedValue(new ApiError('没有权限，请联系管理员授权', 510, 200));
    open();
    await pick(xls());
    fireEvent.click(startButton());
    expect(await screen.findByText('没有权限，请联系管理员授权')).toBeTruthy();
  });

  it('says 请设置url.importExcelUrl属性! without a url', async () => {
    open({ url: undefined });
    await pick(xls());
    fireEvent.click(startButton());
    expect(await screen.findByText('请设置url.importExcelUrl属性!')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });
});
