import { dialogPagination } from '../list-table';
import { totalText } from '../use-list-page';

describe('dialogPagination', () => {
  it('keeps the list’s page, size and total and its page change; drops the size changer, jumper and total; hides a single page', () => {
    const pagination = { current: 2, pageSize: 8, total: 30, pageSizeOptions: ['10', '20'], showSizeChanger: true, showQuickJumper: true, showTotal: totalText };
    expect(dialogPagination({ pagination })).toEqual({
      current: 2,
      pageSize: 8,
      total: 30,
      pageSizeOptions: ['10', '20'],
      showSizeChanger: false,
      showQuickJumper: false,
      showTotal: undefined,
      hideOnSinglePage: true,
    });
  });
});
