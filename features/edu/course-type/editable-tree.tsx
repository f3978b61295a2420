'use client';

import { useMemo, useState, type MouseEvent } from 'react';
import useSWR from 'swr';
import { App, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Spin, Tree, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { TREE_LIMITS, treeMessages, type TreeLabel, type TreeNodeWire, type TreeUrls } from '../../../lib/edu/course-type-api';
import { dropTarget } from './tree-drop';

export interface EditableTreeProps {
  urls: TreeUrls;
  /** Sent with the tree's GET and with every add (a course's chapters: `{ courseId }`). */
  scope?: Record<string, string>;
  label: TreeLabel;
  /** The body field holding a node's name. */
  nameField: 'name' | 'title';
  perms: { add: string; edit: string; delete: string };
  /** The button adding a top-level node. */
  addRootText: string;
  emptyText: string;
  testId: string;
}

type Editing = { mode: 'add'; parent: TreeNodeWire | null } | { mode: 'rename'; node: TreeNodeWire };

const parentKeys = (nodes: readonly TreeNodeWire[]): string[] => nodes.flatMap((n) => (n.children?.length ? [n.key, ...parentKeys(n.children)] : []));

/** Wire nodes → antd's (the title is rendered by titleRender; isLeaf dropped so a leaf still takes a drop). */
const toData = (nodes: readonly TreeNodeWire[]): TreeDataNode[] => nodes.map((n) => ({ key: n.key, title: n.title, ...(n.children ? { children: toData(n.children) } : {}) }));

function findNode(nodes: readonly TreeNodeWire[], key: string): TreeNodeWire | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = n.children ? findNode(n.children, key) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/**
 * A tree edited in place (课程分类, a course's 章节): 新增 at the top, 添加下级 / 重命名 / 删除 on each node, and
 * drag to reorder or move (the server refuses a move under the node's own descendants). Every change reloads the
 * tree from the server, which keeps the order; refusals (names in use, nodes still used) are shown as answered.
 */
export function EditableTree({ urls, scope, label, nameField, perms, addRootText, emptyText, testId }: EditableTreeProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const messages = treeMessages(label);
  const maxName = label === '分类' ? TREE_LIMITS.typeName : TREE_LIMITS.chapterTitle;
  const tree = useSWR([urls.tree, JSON.stringify(scope ?? {})], async () => (await http.get<TreeNodeWire[]>(urls.tree, scope)).result ?? [], {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: showError,
  });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toData(nodes), [nodes]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  // Until the user expands or collapses, every node stands open.
  const expandedKeys = expanded ?? parentKeys(nodes);
  const can = (code: string) => mode(code) !== 'hide';
  const off = (code: string) => mode(code) === 'disable';
  const canMove = mode(perms.edit) === 'show';

  const run = async (call: () => Promise<{ message?: string }>, done: string) => {
    setBusy(true);
    try {
      const r = await call();
      message.success(r.message || done);
      return true;
    } catch (e) {
      showError(e);
      return false;
    } finally {
      setBusy(false);
      await tree.mutate();
    }
  };

  const open = (next: Editing) => {
    form.resetFields();
    form.setFieldsValue({ name: next.mode === 'rename' ? next.node.title : '' });
    setEditing(next);
  };

  const save = async () => {
    if (!editing) return;
    // An invalid name is shown on its field; the rejected validation is not an error (issue #39: it was unhandled).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { name } = values;
    const ok =
      editing.mode === 'add'
        ? await run(() => http.post(urls.add, { ...scope, parentId: editing.parent?.id ?? null, [nameField]: name.trim() }), '添加成功')
        : await run(() => http.put(urls.edit, { id: editing.node.id, [nameField]: name.trim() }), '编辑成功！');
    if (!ok) return;
    if (editing.mode === 'add' && editing.parent) setExpanded([...new Set([...expandedKeys, editing.parent.key])]);
    setEditing(null);
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const pos = String(info.node.pos).split('-');
    const target = dropTarget(nodes, {
      dragKey: String(info.dragNode.key),
      dropKey: String(info.node.key),
      relative: info.dropPosition - Number(pos[pos.length - 1]),
      dropToGap: info.dropToGap,
      targetExpanded: Boolean(info.node.expanded),
    });
    if (!target) return;
    void run(() => http.post(urls.move, { id: String(info.dragNode.key), ...target }), '移动成功');
  };

  const titleOf = (data: TreeDataNode) => {
    const node = findNode(nodes, String(data.key));
    if (!node) return String(data.title ?? '');
    const stop = (e: MouseEvent) => e.stopPropagation();
    return (
      <Flex justify="space-between" gap={12} data-testid={`${testId}-node-${node.id}`}>
        <span>{node.title}</span>
        <Flex gap={10} onClick={stop}>
          {can(perms.add) && (
            <Typography.Link disabled={off(perms.add)} onClick={() => open({ mode: 'add', parent: node })} data-testid={`${testId}-add-${node.id}`}>
              添加下级
            </Typography.Link>
          )}
          {can(perms.edit) && (
            <Typography.Link disabled={off(perms.edit)} onClick={() => open({ mode: 'rename', node })} data-testid={`${testId}-rename-${node.id}`}>
              重命名
            </Typography.Link>
          )}
          {can(perms.delete) && (
            <Popconfirm title={`确定删除${label}“${node.title}”吗?`} okText="确定" cancelText="取消" disabled={off(perms.delete)} onConfirm={() => run(() => http.del(urls.delete, { id: node.id }), '删除成功')}>
              <Typography.Link type="danger" disabled={off(perms.delete)} data-testid={`${testId}-delete-${node.id}`}>
                删除
              </Typography.Link>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
    );
  };

  const body = tree.isLoading ? (
    <Flex justify="center" style={{ padding: 32 }}>
      <Spin />
    </Flex>
  ) : nodes.length === 0 ? (
    <Empty description={emptyText} />
  ) : (
    <Tree
      blockNode
      showLine
      selectable={false}
      draggable={canMove && !busy ? { icon: false } : false}
      onDrop={onDrop}
      expandedKeys={expandedKeys}
      onExpand={(keys) => setExpanded(keys.map(String))}
      treeData={treeData}
      titleRender={titleOf}
      data-testid={`${testId}-tree`}
    />
  );

  return (
    <div data-testid={testId}>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        {can(perms.add) && (
          <Button type="primary" icon={<PlusOutlined />} disabled={off(perms.add)} onClick={() => open({ mode: 'add', parent: null })} data-testid={`${testId}-add-root`}>
            {addRootText}
          </Button>
        )}
        {canMove && nodes.length > 1 && <Typography.Text type="secondary">拖动{label}可调整顺序或移到其他{label}之下</Typography.Text>}
      </Flex>
      {body}
      <Modal
        open={editing !== null}
        title={editing?.mode === 'rename' ? `重命名${label}` : editing?.parent ? `添加下级${label}：${editing.parent.title}` : `新增${label}`}
        okText="保存"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
        data-testid={`${testId}-form`}
      >
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item
            name="name"
            label={`${label}名称`}
            rules={[
              { required: true, whitespace: true, message: messages.nameRequired },
              { max: maxName, message: messages.nameTooLong },
            ]}
          >
            <Input autoFocus maxLength={maxName} placeholder={messages.nameRequired} data-testid={`${testId}-name`} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
