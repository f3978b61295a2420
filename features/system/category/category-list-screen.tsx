'use client';

import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, Popconfirm, Row, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { RowLinks } from '@/components/data/list/list-columns';
import { CONFIRM_DELETE } from '@/components/data/list/use-list-actions';
import { totalText } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@/lib/list-state';
import { PERMS } from '@/lib/permissions/codes';
import { LoadError, SearchActions } from '../list-parts';
import { CategoryFormModal, type CategoryFormTarget } from './category-form-modal';
import { HAS_CHILD, useCategoryTree, type CategoryQuery, type CategoryRow, type CategoryTreeRow } from './use-category-tree';

export const DELETE_SUBTREE_HINT = '其下级分类将一并删除';

interface Search {
  name?: string;
  code?: string;
}

/** Every loaded row by id (roots and loaded children), to name a node's parent. */
function indexRows(rows: readonly CategoryTreeRow[], into = new Map<string, CategoryRow>()): Map<string, CategoryRow> {
  for (const r of rows) {
    if (r.placeholder) continue;
    into.set(r.id, r);
    if (r.children) indexRows(r.children, into);
  }
  return into;
}

/**
 * 分类字典 (system/SysCategoryList): root categories page by page (rootList), children loaded on first
 * expand (childList), 新增 / 添加下级 / 编辑 / 删除 with the code rule (a child's code starts with its
 * parent's; checked by checkCode and again by the server). Reads need only a session (pickers use
 * them); writes need system:category:add|edit|delete.
 */
export default function CategoryListScreen() {
  const { message } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const [searchForm] = Form.useForm<Search>();
  const [query, setQuery] = useState<CategoryQuery>({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [target, setTarget] = useState<CategoryFormTarget | null>(null);
  const tree = useCategoryTree(query);
  const byId = useMemo(() => indexRows(tree.rows), [tree.rows]);

  const remove = async (row: CategoryRow) => {
    try {
      const res = await http.del('/sys/category/delete', { id: row.id });
      if (res.message) message.success(res.message);
      // The last root of a page: go back one page (spec 02 §4), which loads by itself.
      const lastOnPage = row.pid === '0' && tree.records.length === 1 && query.pageNo > 1 && !query.name && !query.code;
      if (lastOnPage) setQuery((q) => ({ ...q, pageNo: q.pageNo - 1 }));
      else await tree.refresh();
    } catch (e) {
      showError(e);
    }
  };

  const link = (code: string, key: string, label: string, onClick?: () => void) => {
    const m = mode(code);
    if (m === 'hide') return null;
    return (
      <Typography.Link key={key} disabled={m === 'disable'} onClick={onClick} data-testid={key}>
        {label}
      </Typography.Link>
    );
  };

  const actions = (row: CategoryTreeRow) => {
    if (row.placeholder) return null;
    const del = link(PERMS.category.delete, `category-delete-${row.id}`, '删除');
    const items = [
      link(PERMS.category.add, `category-add-child-${row.id}`, '添加下级', () => setTarget({ mode: 'add', parent: row })),
      link(PERMS.category.edit, `category-edit-${row.id}`, '编辑', () => setTarget({ mode: 'edit', record: row, parentName: byId.get(row.pid)?.name })),
      del && mode(PERMS.category.delete) !== 'disable' ? (
        <Popconfirm
          key="delete"
          title={CONFIRM_DELETE}
          description={row.hasChild === HAS_CHILD ? DELETE_SUBTREE_HINT : undefined}
          okText="确定"
          cancelText="取消"
          onConfirm={() => remove(row)}
        >
          {del}
        </Popconfirm>
      ) : (
        del
      ),
    ].filter(Boolean);
    return <RowLinks links={items} />;
  };

  const columns: TableColumnsType<CategoryTreeRow> = [
    { key: 'name', dataIndex: 'name', title: '分类名称', width: 320 },
    { key: 'code', dataIndex: 'code', title: '分类编码', width: 240 },
    { key: 'action', title: '操作', align: 'center', width: 220, render: (_v, row) => actions(row) },
  ];

  const search = (values: Search) => setQuery((q) => ({ ...q, name: values.name, code: values.code, pageNo: 1 }));
  const reset = () => {
    searchForm.resetFields();
    setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize }));
  };

  return (
    <PageWrapper description="树形的分类字典：下级分类的编码以上级编码开头，不填编码时按 A01、A01A01 的规则自动生成。">
      <Card data-testid="category-list">
        <Form form={searchForm} name="sysCategory_search" layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
          <Row gutter={24} style={{ width: '100%' }}>
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="name" label="名称">
                <Input placeholder="请输入名称" allowClear data-testid="category-search-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="code" label="编码">
                <Input placeholder="请输入编码" allowClear data-testid="category-search-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <SearchActions testIdPrefix="category" onReset={reset} />
            </Col>
          </Row>
        </Form>
        {mode(PERMS.category.add) !== 'hide' && (
          <div style={{ marginBottom: 16 }}>
            <Button type="primary" icon={<PlusOutlined />} disabled={mode(PERMS.category.add) === 'disable'} onClick={() => setTarget({ mode: 'add', parent: null })} data-testid="category-add">
              新增
            </Button>
          </div>
        )}
        {tree.error ? <LoadError title="分类字典加载失败" error={tree.error} onRetry={tree.retry} testId="category-error" /> : null}
        <Table<CategoryTreeRow>
          rowKey="id"
          size="middle"
          bordered
          columns={columns}
          dataSource={tree.rows}
          loading={tree.loading}
          expandable={{ expandedRowKeys: tree.expandedRowKeys, onExpand: tree.onExpand }}
          pagination={{
            current: query.pageNo,
            pageSize: query.pageSize,
            total: tree.total,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: totalText,
            onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo: pageSize !== q.pageSize ? 1 : pageNo, pageSize })),
          }}
          locale={{ emptyText: <Empty description="暂无数据" /> }}
          data-testid="category-table"
        />
      </Card>
      <CategoryFormModal target={target} onClose={() => setTarget(null)} onSaved={(parentId) => void tree.refresh(parentId === '0' ? undefined : parentId)} />
    </PageWrapper>
  );
}
