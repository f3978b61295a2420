import type { TablePaginationConfig } from 'antd';

/** The parts of the backend's page answer the lists read (contract §1: result.records, result.total). */
export interface PageResult<T> {
  records: T[];
  total: number;
}

/** List-page conventions (spec 02 §9): 10 rows by default, options 10/20/30. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30];

export interface PageQuery {
  pageNo: number;
  pageSize: number;
}

export const FIRST_PAGE: PageQuery = { pageNo: 1, pageSize: DEFAULT_PAGE_SIZE };

/** 'range 共N条' total text: "1-10 共35条". */
export function totalText(total: number, range: [number, number]): string {
  return `${range[0]}-${range[1]} 共${total}条`;
}

/** Server-side paging for an antd Table; `onChange` gets the new page and size. */
export function tablePagination(page: PageQuery, total: number, onChange: (next: PageQuery) => void): TablePaginationConfig {
  return {
    current: page.pageNo,
    pageSize: page.pageSize,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: totalText,
    onChange: (pageNo, pageSize) => onChange({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize }),
  };
}

/** The page to show after rows were removed: the last page that still has rows. */
export function pageAfterRemoval(page: PageQuery, total: number): PageQuery {
  const last = Math.max(1, Math.ceil(total / page.pageSize));
  return page.pageNo > last ? { ...page, pageNo: last } : page;
}
