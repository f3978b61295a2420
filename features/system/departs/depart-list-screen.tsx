'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { App, Button, Card, Col, Empty, Flex, Input, Popconfirm, Row, Spin, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { ApiError, http } from '@/lib/http';
import { LoadError } from '../list-parts';
import { AddModal, DEPART_API, EditPanel } from './depart-panels';
import { ancestorsOf, findDepart, parentKeys, toTreeData, type DepartNode } from './depart-tree';
import { PERMS } from '@/lib/permissions/codes';

const BASE = DEPART_API;
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

const NO_MATCH = '未查询匹配数据！';

const loadTree = (url: string) => http.get<DepartNode[]>(url).then((r) => r.result ?? []);

/** 部门管理 (system/DepartList): the department tree on the left, the selected department's details on the right. */
export default function DepartListScreen() {
  return (
    <PageWrapper description="组织机构树：新增一级部门或下级部门，选中部门后在右侧编辑。机构编码由系统生成；有下级部门或用户的部门不能删除。">
      <DepartList />
    </PageWrapper>
  );
}

function DepartList() {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const can = (code: string) => mode(code) !== 'hide';
  const tree = useSWR(`${BASE}/queryTreeList`, loadTree, { ...SWR_OPTIONS, onError: showError });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<DepartNode[] | null>(null);
  const [adding, setAdding] = useState<{ parent: DepartNode | null } | null>(null);

  const selected = selectedId ? findDepart(results ?? nodes, selectedId) ?? findDepart(nodes, selectedId) : null;
  // Until the user expands or collapses, the first level stands open.
  const expandedKeys = expanded ?? nodes.map((n) => n.id);
  const shown = results ?? nodes;
  const treeData = useMemo(() => toTreeData(shown), [shown]);
  const allParents = useMemo(() => parentKeys(nodes), [nodes]);
  const allOpen = allParents.length > 0 && allParents.every((k) => expandedKeys.includes(k));

  const search = async (value: string) => {
    const kw = value.trim();
    setKeyword(value);
    if (!kw) return setResults(null);
    try {
      const r = await http.get<DepartNode[]>(`${BASE}/searchBy`, { keyWord: kw });
      setResults(r.result ?? []);
    } catch (e) {
      // 未查询匹配数据！ is an answer, not a failure: show an empty result.
      if (e instanceof ApiError && e.message === NO_MATCH) return setResults([]);
      showError(e);
    }
  };

  const afterAdd = async (node: DepartNode, parent: DepartNode | null) => {
    await tree.mutate();
    setResults(null);
    setKeyword('');
    setSelectedId(node.id);
    if (parent) setExpanded([...new Set([...expandedKeys, ...(ancestorsOf(nodes, parent.id) ?? []), parent.id])]);
  };

  const remove = async (ids: string[]) => {
    try {
      const r = ids.length === 1 ? await http.del(`${BASE}/delete`, { id: ids[0] }) : await http.del(`${BASE}/deleteBatch`, { ids: ids.join(',') });
      message.success(r.message || '删除成功!');
      if (selectedId && ids.includes(selectedId)) setSelectedId(null);
      setChecked((c) => c.filter((k) => !ids.includes(k)));
      if (results) setResults(results.filter((n) => !ids.includes(n.id)));
      await tree.mutate();
    } catch (e) {
      showError(e);
    }
  };

  const removeChecked = () => {
    if (!checked.length) return void message.warning('请选择一条记录！');
    modal.confirm({ title: '确认删除', content: `确定要删除这 ${checked.length} 项吗?`, okText: '确定', cancelText: '取消', onOk: () => remove(checked) });
  };

  const onCheck: TreeProps['onCheck'] = (keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String));

  const toolbar = (
    <Flex gap={8} wrap style={{ marginBottom: 12 }}>
      {can(PERMS.depart.add) && (
        <Button type="primary" icon={<PlusOutlined />} disabled={mode(PERMS.depart.add) === 'disable'} onClick={() => setAdding({ parent: null })} data-testid="depart-add-root">
          新增一级部门
        </Button>
      )}
      {can(PERMS.depart.add) && (
        <Button icon={<PlusOutlined />} disabled={!selected || mode(PERMS.depart.add) === 'disable'} onClick={() => selected && setAdding({ parent: selected })} data-testid="depart-add-child">
          添加下级
        </Button>
      )}
      {can(PERMS.depart.delete) && (
        <Popconfirm title={selected ? `确定删除部门「${selected.departName}」吗?` : ''} okText="确定" cancelText="取消" disabled={!selected} onConfirm={() => selected && remove([selected.id])}>
          <Button danger icon={<DeleteOutlined />} disabled={!selected || mode(PERMS.depart.delete) === 'disable'} data-testid="depart-delete">
            删除
          </Button>
        </Popconfirm>
      )}
      {can(PERMS.depart.deleteBatch) && (
        <Button danger disabled={mode(PERMS.depart.deleteBatch) === 'disable'} onClick={removeChecked} data-testid="depart-delete-batch">
          批量删除
        </Button>
      )}
    </Flex>
  );

  const treePane =
    tree.error && !tree.data ? (
      <LoadError title="部门加载失败" error={tree.error} onRetry={() => void tree.mutate()} testId="depart-load-error" />
    ) : tree.isLoading ? (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    ) : shown.length === 0 ? (
      <Empty description={results ? NO_MATCH : '暂无部门，请先新增一级部门'} />
    ) : (
      <Tree
        blockNode
        showLine
        checkable={can(PERMS.depart.deleteBatch)}
        checkStrictly
        checkedKeys={checked}
        onCheck={onCheck}
        selectedKeys={selectedId ? [selectedId] : []}
        onSelect={(keys) => keys.length && setSelectedId(String(keys[0]))}
        expandedKeys={results ? [] : expandedKeys}
        onExpand={(keys) => setExpanded(keys.map(String))}
        treeData={treeData}
        data-testid="depart-tree"
      />
    );

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={10} lg={9}>
        <Card
          title="组织机构"
          extra={
            !results && allParents.length > 0 ? (
              <Typography.Link onClick={() => setExpanded(allOpen ? [] : allParents)} data-testid="depart-expand-all">
                {allOpen ? '折叠全部' : '展开全部'}
              </Typography.Link>
            ) : null
          }
        >
          {toolbar}
          <Input.Search placeholder="请输入部门名称" allowClear enterButton="查询" value={keyword} onChange={(e) => (e.target.value ? setKeyword(e.target.value) : void search(''))} onSearch={(v) => void search(v)} style={{ marginBottom: 12 }} data-testid="depart-search" />
          {checked.length > 0 && (
            <Typography.Paragraph type="secondary" data-testid="depart-checked">
              已选择 {checked.length} 项 <Typography.Link onClick={() => setChecked([])}>清空</Typography.Link>
            </Typography.Paragraph>
          )}
          {treePane}
        </Card>
      </Col>
      <Col xs={24} md={14} lg={15}>
        {selected ? (
          <EditPanel
            key={selected.id}
            depart={selected}
            parentName={selected.parentId ? (findDepart(nodes, selected.parentId)?.departName ?? '') : ''}
            onSaved={() => {
              void tree.mutate();
              // Search results are copies: refresh them too, so the edited name shows there.
              if (results) void search(keyword);
            }}
          />
        ) : (
          <Card title="基本信息">
            <Empty description="请在左侧选择一个部门" />
          </Card>
        )}
      </Col>
      <AddModal
        key={adding ? (adding.parent?.id ?? 'root') : 'closed'}
        open={adding !== null}
        parent={adding?.parent ?? null}
        onClose={() => setAdding(null)}
        onAdded={(node) => {
          const parent = adding?.parent ?? null;
          setAdding(null);
          void afterAdd(node, parent);
        }}
      />
    </Row>
  );
}
