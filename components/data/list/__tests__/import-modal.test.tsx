import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/http';
import { ImportModal, type ImportModalProps } from '../import-modal';
import { fileProgress, uploadExcel } from '../upload-excel';
import { fetchBlob, saveBlob } from '../use-export';
import { wrapper } from './helpers';

jest.mock('../upload-excel', () => {
  const actual = jest.requireActual('../upload-excel');
  return { ...actual, uploadExcel: jest.fn() };
});
jest.mock('../use-export', () => {
  const actual = jest.requireActual('../use-export');
  return { ...actual, fetchBlob: jest.fn(), saveBlob: jest.fn() };
});

const upload = uploadExcel as jest.Mock;
const blobOf = fetchBlob as jest.Mock;
const save = saveBlob as jest.Mock;

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
    // 查看结果 opens the 成功 result page, whose 返回 comes back here (issue #39).
    const success = new URL(screen.getByTestId('import-result-link').getAttribute('href')!, 'http://x');
    expect(success.pathname).toBe('/result/success');
    expect(Object.fromEntries(success.searchParams)).toEqual({ title: '导入成功', desc: '文件导入成功！数据行数：2', back: window.location.pathname });
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
    const fail = new URL(screen.getByTestId('import-result-link').getAttribute('href')!, 'http://x');
    expect(fail.pathname).toBe('/result/fail');
    expect(fail.searchParams.get('title')).toBe('文件导入成功，但有错误。');
    expect(fail.searchParams.get('desc')).toBe('总上传行数：3，已导入行数：2，错误行数：1');
    expect(onImported).toHaveBeenCalled();
  });

  it('saves the error file under the name the server gives (the screen and the time), not the stored id', async () => {
    upload.mockResolvedValue({ success: true, code: 201, message: '文件导入成功，但有错误。', result: { msg: '总上传行数：3，已导入行数：2，错误行数：1', fileUrl: '/sys/common/static/import-errors/lq3x_9f.xlsx', fileName: '学员导入错误_20260315_143005.xlsx' } });
    const blob = new Blob(['x']);
    blobOf.mockResolvedValue(blob);
    open();
    await pick(xls());
    fireEvent.click(startButton());
    fireEvent.click(await screen.findByTestId('import-error-file'));
    await waitFor(() => expect(save).toHaveBeenCalledWith(blob, '学员导入错误_20260315_143005.xlsx'));
    expect(blobOf).toHaveBeenCalledWith('/sys/common/static/import-errors/lq3x_9f.xlsx', {});
  });

  it('offers 仅新增 / 新增或更新 for a resource with unique fields; 新增或更新 sends importMode=upsert', async () => {
    upload.mockResolvedValue({ success: true, code: 200, message: '文件导入成功！新增1行，更新1行', result: null });
    open({ matchLabels: ['手机'] });
    await pick(xls());
    expect(screen.getByText('手机已存在的行将报错，不会导入')).toBeTruthy();
    fireEvent.click(screen.getByText('新增或更新'));
    expect(await screen.findByText('手机已存在的行将更新该记录，其余行新增')).toBeTruthy();
    fireEvent.click(startButton());
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(upload.mock.calls[0][1]).toMatchObject({ importMode: 'upsert' });
  });

  it('sends no mode where there is no choice (JeecgBoot’s request)', async () => {
    upload.mockResolvedValue({ success: true, code: 200, message: 'ok', result: null });
    open();
    await pick(xls());
    expect(screen.queryByTestId('import-mode')).toBeNull();
    fireEvent.click(startButton());
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(upload.mock.calls[0][1].importMode).toBeUndefined();
  });

  it('a file over the limit says 文件过大（最大 20 MB） and is neither listed nor sent', async () => {
    open();
    const big = xls('big.xlsx');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await act(async () => {
      fireEvent.change(fileInput(), { target: { files: [big] } });
    });
    expect(await screen.findByText('big.xlsx 文件过大（最大 20 MB）')).toBeTruthy();
    expect(screen.queryByText('big.xlsx')).toBeNull();
    expect(state()).toBe('empty');
    expect(upload).not.toHaveBeenCalled();
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
