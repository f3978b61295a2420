import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { http } from '@/lib/http';
import { popupCache, ReportPopup, ReportPopupModal } from '../report-popup';
import {
  checkPopupConfig,
  checkSelection,
  combineRowKey,
  createGroupCache,
  mapPopupFields,
  POPUP_CACHE_MS,
  popupText,
  selfParams,
  toQueryInfo,
  toQueryParams,
} from '../report-popup-data';
import { modalWidth, ok, rowInputs, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

describe('report popup rules (pure)', () => {
  it('needs code, original and target fields, as many of each', () => {
    expect(checkPopupConfig('rp', 'a,b', 'x,y')).toBeNull();
    expect(checkPopupConfig('', 'a', 'x')).toBe('popup参数未正确配置!');
    expect(checkPopupConfig('rp', '', 'x')).toBe('popup参数未正确配置!');
    expect(checkPopupConfig('rp', 'a', ' ')).toBe('popup参数未正确配置!');
    expect(checkPopupConfig('rp', 'a,b', 'x')).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
  });

  it('confirming needs one row, or several only in multi mode', () => {
    expect(checkSelection(0, true)).toBe('请选择一条记录');
    expect(checkSelection(2, false)).toBe('请选择一条记录');
    expect(checkSelection(1, false)).toBeNull();
    expect(checkSelection(3, true)).toBeNull();
  });

  it('the row key is the id and every value, cut to 50 characters', () => {
    expect(combineRowKey({ id: 'r1', name: '张三', n: 3 })).toBe('r1r1张三3');
    expect(combineRowKey({ name: 'x'.repeat(80) })).toHaveLength(50);
    expect(combineRowKey({ a: null, b: undefined })).toBe('');
  });

  it('maps original fields of the chosen rows to target fields, comma-joined', () => {
    const rows = [{ id: 1, name: '张三', phone: '138' }, { id: 2, name: '李四' }];
    const mapped = mapPopupFields(rows, 'name, phone', 'studentName,studentPhone');
    expect(mapped).toEqual({ studentName: '张三,李四', studentPhone: '138,' });
    expect(popupText(mapped, 'studentName,studentPhone')).toBe('张三,李四');
    expect(popupText(mapped, 'studentName,studentPhone', 'studentPhone')).toBe('138,');
  });

  it('query info and params: group fields send _begin/_end; report params get self_', () => {
    const info = toQueryInfo([
      { label: '姓名', field: 'name', view: 'text', mode: 'single' },
      { label: '日期', field: 'day', view: 'DATE', mode: 'group', hidden: '1' },
      { nope: true },
    ]);
    expect(info).toEqual([
      { label: '姓名', field: 'name', view: 'text', mode: 'single', hidden: false },
      { label: '日期', field: 'day', view: 'date', mode: 'group', hidden: true },
    ]);
    expect(toQueryParams(info, { name: ' 张 ', day: ['2024-01-01', ''] })).toEqual({ name: '张', day_begin: '2024-01-01' });
    expect(selfParams({ clazzId: "'c1'", k: 'v' })).toEqual({ self_clazzId: 'c1', self_k: 'v' });
  });

  it('the group cache shares an answer for 30000 ms and forgets failures', async () => {
    let now = 0;
    const cache = createGroupCache(() => now);
    const load = jest.fn(() => Promise.resolve(now));
    expect(POPUP_CACHE_MS).toBe(30000);
    await cache.get('k', load);
    now = 29999;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 30000;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    const failing = jest.fn(() => Promise.reject(new Error('x')));
    await expect(cache.get('f', failing)).rejects.toThrow('x');
    await expect(cache.get('f', failing)).rejects.toThrow('x');
    expect(failing).toHaveBeenCalledTimes(2);
  });
});

const COLUMNS = {
  columns: [
    { title: '姓名', dataIndex: 'name', sorter: 'true' },
    { title: '性别', dataIndex: 'sex', customRender: 'sex' },
  ],
  dictOptions: { sex: [{ value: '1', text: '男' }, { value: '2', text: '女' }] },
  cgRpConfigId: 'cfg1',
  cgRpConfigName: '学员报表',
  fieldHrefSlots: [],
  isGroupTitle: false,
};
const QUERY_INFO = [
  { label: '姓名', field: 'name', view: 'text', mode: 'single' },
  { label: '电话', field: 'phone', view: 'text', mode: 'single' },
  { label: '班级', field: 'clazz', view: 'text', mode: 'single', hidden: '1' },
];
const RECORDS = [
  { id: 's1', name: '张三', sex: '1', phone: '138' },
  { id: 's2', name: '李四', sex: '2', phone: '139' },
];
type Params = Record<string, string | number>;
const dataCalls = () => get.mock.calls.filter(([url]) => url === '/online/cgreport/api/getData/cfg1').map(([, p]) => p as Params);

function serve({ infoError }: { infoError?: string } = {}) {
  get.mockImplementation((url: string) => {
    if (url === '/online/cgreport/api/getRpColumns/rp_student') return Promise.resolve(ok(COLUMNS));
    if (url === '/online/cgreport/api/getQueryInfo/cfg1') return infoError ? Promise.reject(new Error(infoError)) : Promise.resolve(ok(QUERY_INFO));
    if (url === '/online/cgreport/api/getData/cfg1') return Promise.resolve(ok({ total: 12, records: RECORDS }));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

beforeEach(() => {
  get.mockReset();
  popupCache.clear();
});

describe('ReportPopupModal', () => {
  it('is 1200 wide, titled by the report, loads columns → query info → data (self_ params, paging)', async () => {
    serve();
    render(<ReportPopupModal open code="rp_student" param={{ clazzId: 'c1' }} onOk={jest.fn()} onCancel={jest.fn()} />, { wrapper: wrapper() });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(modalWidth()).toBe('1200px');
    expect(screen.getByText('学员报表')).toBeTruthy();
    expect(screen.getAllByText('男').length).toBeGreaterThan(0);
    expect(dataCalls()[0]).toEqual({ self_clazzId: 'c1', pageNo: 1, pageSize: 10 });
    expect(screen.getByText('1-10 共12条')).toBeTruthy();
    // The 3rd query field is hidden until 展开.
    expect(screen.queryByPlaceholderText('请输入班级')).toBeNull();
    fireEvent.click(screen.getByText('展开'));
    fireEvent.change(screen.getByPlaceholderText('请输入班级'), { target: { value: '一班' } });
    fireEvent.click(screen.getByTestId('report-popup-search'));
    await waitFor(() => expect(dataCalls().at(-1)).toEqual({ self_clazzId: 'c1', clazz: '一班', pageNo: 1, pageSize: 10 }));
  });

  it('caches column and query info for 30 s across openings', async () => {
    serve();
    const { unmount } = render(<ReportPopupModal open code="rp_student" onOk={jest.fn()} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('张三');
    unmount();
    render(<ReportPopupModal open code="rp_student" onOk={jest.fn()} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('张三');
    expect(get.mock.calls.filter(([u]) => String(u).includes('getRpColumns'))).toHaveLength(1);
    expect(get.mock.calls.filter(([u]) => String(u).includes('getQueryInfo'))).toHaveLength(1);
    expect(dataCalls()).toHaveLength(2);
  });

  it('OK with nothing chosen says 请选择一条记录; single mode keeps one row', async () => {
    serve();
    const onOk = jest.fn();
    render(<ReportPopupModal open code="rp_student" onOk={onOk} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('report-popup-ok'));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    expect(rowInputs()[0].type).toBe('radio');
    fireEvent.click(screen.getByText('张三'));
    fireEvent.click(screen.getByText('李四'));
    fireEvent.click(screen.getByTestId('report-popup-ok'));
    expect(onOk).toHaveBeenCalledWith([RECORDS[1]]);
  });

  it('a query info failure is a warning with the server message; data still loads', async () => {
    serve({ infoError: '报表查询配置不存在' });
    render(<ReportPopupModal open code="rp_student" multi onOk={jest.fn()} onCancel={jest.fn()} />, { wrapper: wrapper() });
    expect(await screen.findByText('报表查询配置不存在')).toBeTruthy();
    expect(await screen.findByText('张三')).toBeTruthy();
  });
});

describe('ReportPopup (input)', () => {
  it('says popup参数未正确配置! and does not open when misconfigured', async () => {
    render(<ReportPopup code="rp_student" orgFields="name,phone" destFields="studentName" />, { wrapper: wrapper() });
    expect(await screen.findByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-popup-input'));
    expect(screen.queryByTestId('report-popup')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('maps the chosen rows into the form fields and shows the field’s text', async () => {
    serve();
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    const onChange = jest.fn();
    function Host() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f}>
          <Form.Item name="studentName">
            <ReportPopup code="rp_student" orgFields="name,phone" destFields="studentName,studentPhone" field="studentName" multi form={f} onChange={onChange} />
          </Form.Item>
          <Form.Item name="studentPhone" hidden>
            <Input />
          </Form.Item>
        </Form>
      );
    }
    render(<Host />, { wrapper: wrapper() });
    fireEvent.click(screen.getByTestId('report-popup-input'));
    await screen.findByText('张三');
    fireEvent.click(screen.getByText('张三'));
    fireEvent.click(screen.getByText('李四'));
    await act(async () => fireEvent.click(screen.getByTestId('report-popup-ok')));
    expect(onChange).toHaveBeenCalledWith('张三,李四');
    expect(form!.getFieldsValue()).toEqual({ studentName: '张三,李四', studentPhone: '138,139' });
  });
});
