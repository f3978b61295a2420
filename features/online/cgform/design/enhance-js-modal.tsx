'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Col, Collapse, Empty, Modal, Row, Space, Spin, Tabs, Typography } from 'antd';
import { CodeEditor } from '@/components/code-editor';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import type { CgformEnhanceJs, CgformEnhanceJsHistory } from '@/lib/online/wire';
import { ENHANCE_HELP } from '../enhance-runtime';
import { CGFORM_URLS } from './cgform-resource';
import { LineDiffView } from './line-diff';

type JsType = 'list' | 'form';
/** The server's limit (64 KB), checked here first so nothing typed is lost to a refusal. */
export const ENHANCE_JS_MAX_BYTES = 64 * 1024;
export const ENHANCE_JS_TOO_LONG = 'JS增强代码不能超过64KB';
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

const bytes = (s: string) => new TextEncoder().encode(s).length;

export interface EnhanceTarget {
  id: string;
  tableName: string;
  tableTxt: string;
}

/** JS增强 (JeecgBoot's EnhanceJsModal): a script per 列表 / 表单, saved with a history of the last 16 versions. */
export function EnhanceJsModal({ target, onClose }: { target: EnhanceTarget | null; onClose: () => void }) {
  const [type, setType] = useState<JsType>('list');
  return (
    <Modal open={!!target} title={target ? `JS增强：${target.tableTxt}（${target.tableName}）` : 'JS增强'} width={1100} footer={null} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      {target && (
        <Tabs
          activeKey={type}
          onChange={(k) => setType(k as JsType)}
          data-testid="cgform-js-tabs"
          items={[
            { key: 'list', label: '列表', children: <EnhancePane key={`${target.id}:list`} headId={target.id} type="list" onClose={onClose} /> },
            { key: 'form', label: '表单', children: <EnhancePane key={`${target.id}:form`} headId={target.id} type="form" onClose={onClose} /> },
          ]}
        />
      )}
    </Modal>
  );
}

function EnhancePane({ headId, type, onClose }: { headId: string; type: JsType; onClose: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const current = useSWR(['cgform-js', headId, type], async () => (await http.get<CgformEnhanceJs | null>(CGFORM_URLS.enhanceJs(headId), { type })).result?.cgJs ?? '', SWR_OPTIONS);
  const history = useSWR(['cgform-js-history', headId, type], async () => (await http.get<CgformEnhanceJsHistory[]>(CGFORM_URLS.enhanceJsHistory(headId), { type })).result ?? [], SWR_OPTIONS);
  const [text, setText] = useState<string | null>(null);
  const [viewing, setViewing] = useState<CgformEnhanceJsHistory | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Untouched, the editor shows the stored script; once typed in (or restored), the typed text.
  const value = text ?? current.data ?? '';

  const save = async () => {
    if (bytes(value) > ENHANCE_JS_MAX_BYTES) {
      setProblem(ENHANCE_JS_TOO_LONG);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const r = await http.post(CGFORM_URLS.enhanceJs(headId), { cgJsType: type, cgJs: value });
      void message.success(r.message || '保存成功！');
      await Promise.all([current.mutate(value, { revalidate: false }), history.mutate()]);
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  if (current.error) return <Alert type="error" showIcon title={current.error instanceof Error ? current.error.message : '加载失败'} />;
  if (current.data === undefined) return <Spin />;
  return (
    <Row gutter={16}>
      <Col span={15}>
        <CodeEditor value={value} onChange={setText} language="javascript" height={360} data-testid={`cgform-js-editor-${type}`} />
        <Collapse
          size="small"
          style={{ marginTop: 8 }}
          items={[{ key: 'help', label: '脚本接口说明', children: <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>{ENHANCE_HELP}</pre> }]}
        />
        {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} />}
        <Space style={{ marginTop: 12, display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid={`cgform-js-save-${type}`}>
            保存
          </Button>
        </Space>
      </Col>
      <Col span={9}>
        <Typography.Text strong>历史（最近16个版本）</Typography.Text>
        {history.data && history.data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无历史版本" />
        ) : (
          <div data-testid={`cgform-js-history-${type}`} style={{ maxHeight: 200, overflow: 'auto', marginTop: 6 }}>
            {!history.data && !history.error ? <Spin size="small" /> : null}
            {(history.data ?? []).map((h, i) => (
              <div
                key={h.id}
                role="button"
                tabIndex={0}
                onClick={() => setViewing(h)}
                onKeyDown={(e) => (e.key === 'Enter' ? setViewing(h) : undefined)}
                data-testid={`cgform-js-version-${i}`}
                style={{ display: 'flex', justifyContent: 'space-between', padding: '4px 8px', cursor: 'pointer', borderBottom: '1px solid #f0f0f0', background: viewing?.id === h.id ? '#e6f4ff' : undefined }}
              >
                <span>
                  {h.createTime} {h.createBy ?? ''}
                </span>
                <Typography.Link
                  data-testid={`cgform-js-restore-${i}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    setText(h.cgJs);
                    setViewing(null);
                    void message.info('已恢复到编辑器，保存后生效（作为新版本）');
                  }}
                >
                  恢复
                </Typography.Link>
              </div>
            ))}
          </div>
        )}
        {viewing && (
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {viewing.createTime} 的版本与当前内容对比：绿色 + 为当前新增，红色 - 为该版本中有、当前已删除
            </Typography.Text>
            <LineDiffView from={viewing.cgJs} to={value} />
          </div>
        )}
      </Col>
    </Row>
  );
}
