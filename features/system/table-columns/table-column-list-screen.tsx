'use client';

import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { tableColumnResource } from './table-column-resource';

/** 自定义列 (system/TableColumnList): extra fields an administrator adds to a table's list and form. */
export default function TableColumnListScreen() {
  return (
    <PageWrapper description="为表格增加自定义列：列表和新增/编辑表单会显示这些列。下拉类型的选项用逗号分隔，可写成 值:文本（如 web:官网,ad:广告）。所属表和字段名创建后不能修改。">
      <ListPage def={tableColumnResource} />
    </PageWrapper>
  );
}
