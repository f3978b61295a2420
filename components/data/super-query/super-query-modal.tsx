'use client';

import { useEffect, useState } from 'react';
import { App, Button, Col, Flex, Modal, Row } from 'antd';
import {
  builderFromQuery,
  checkSave,
  checkSaveName,
  DELETE_CONFIRM,
  findByTitle,
  overwriteConfirm,
  runQuery,
  type BuilderState,
  type QueryField,
  type SavedQuery,
} from '@/lib/saved-queries';
import type { SuperQuery } from '@/lib/super-query';
import { ConditionRows } from './condition-rows';
import { SavedList } from './saved-list';
import { SavePrompt } from './save-prompt';
import { useSavedQueries } from './use-saved-queries';

/** JSuperQuery's dialog width. */
export const SUPER_QUERY_MODAL_WIDTH = 1050;

export interface SuperQueryModalProps {
  open: boolean;
  title: string;
  fields: readonly QueryField[];
  /** Key of the saved queries (save code or route path). */
  saveCode: string;
  state: BuilderState;
  onStateChange: (state: BuilderState) => void;
  /** 查询 with at least one complete condition. */
  onQuery: (query: SuperQuery) => void;
  /** 重置: the caller clears the builder and the active query. */
  onReset: () => void;
  onClose: () => void;
}

/**
 * The query builder modal (spec 02 §2, §4, §5): conditions on the left, 保存的查询 on the right;
 * 重置 and 保存查询条件 at the bottom left, 关闭 and 查询 at the bottom right.
 */
export function SuperQueryModal({ open, title, fields, saveCode, state, onStateChange, onQuery, onReset, onClose }: SuperQueryModalProps) {
  const { message, modal } = App.useApp();
  const saved = useSavedQueries(saveCode);
  const { sync } = saved;
  const [prompt, setPrompt] = useState(false);
  const [saving, setSaving] = useState(false);

  // Every opening shows the server's list (or the local copy when it cannot be reached).
  useEffect(() => {
    if (open) void sync();
  }, [open, sync]);

  const run = () => {
    const r = runQuery(state);
    if (!r.ok) {
      message.warning(r.error);
      return;
    }
    onQuery(r.query);
  };

  const startSave = () => {
    const r = checkSave(state);
    if (!r.ok) {
      message.warning(r.error);
      return;
    }
    setPrompt(true);
  };

  const finishSave = (name: string) => {
    const problem = checkSaveName(name);
    if (problem) {
      message.warning(problem);
      return;
    }
    const r = checkSave(state);
    if (!r.ok) {
      message.warning(r.error);
      return;
    }
    const entry: SavedQuery = { title: name.trim(), matchType: state.matchType, records: r.records };
    const doSave = async () => {
      setSaving(true);
      const kept = await saved.save(entry);
      setSaving(false);
      if (kept) setPrompt(false);
    };
    if (findByTitle(saved.list, entry.title)) modal.confirm({ content: overwriteConfirm(entry.title), onOk: doSave });
    else void doSave();
  };

  const load = (q: SavedQuery) => onStateChange(builderFromQuery(q, fields));

  const remove = (q: SavedQuery) => {
    modal.confirm({ content: DELETE_CONFIRM, onOk: () => saved.remove(q).then(() => undefined) });
  };

  return (
    <>
      <Modal
        open={open}
        title={title}
        width={SUPER_QUERY_MODAL_WIDTH}
        onCancel={onClose}
        mask={{ closable: false }}
        footer={
          <Flex justify="space-between" wrap gap={8}>
            <Flex gap={8}>
              <Button onClick={onReset} data-testid="super-query-reset">
                重置
              </Button>
              <Button onClick={startSave} data-testid="super-query-save">
                保存查询条件
              </Button>
            </Flex>
            <Flex gap={8}>
              <Button onClick={onClose} data-testid="super-query-close">
                关闭
              </Button>
              <Button type="primary" onClick={run} data-testid="super-query-submit">
                查询
              </Button>
            </Flex>
          </Flex>
        }
      >
        <Row gutter={[16, 16]} data-testid="super-query-modal">
          <Col xs={24} md={17}>
            <ConditionRows fields={fields} state={state} onChange={onStateChange} />
          </Col>
          <Col xs={24} md={7}>
            <SavedList list={saved.list} loading={saved.loading} offline={saved.offline} onLoad={load} onDelete={remove} />
          </Col>
        </Row>
      </Modal>
      <SavePrompt open={prompt} saving={saving} onOk={finishSave} onCancel={() => setPrompt(false)} />
    </>
  );
}
