'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Dropdown, Empty, Flex, Input, InputNumber, Modal, Space, Spin } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormModalProps } from '@/components/data/list/form-modal';
import { RichTextEditor } from '@/components/editor';
import { useApiError } from '@/components/feedback/use-api-error';
import { AsyncSearchSelect, type AsyncOption } from '@/components/pickers/async-search-select';
import { UploadCell } from '@/components/upload/upload-cell';
import { http } from '@/lib/http';
import {
  BLOCK_LABELS,
  BLOCK_TYPES,
  emptyBlock,
  moveBlock,
  PROSPECTUS_LIMITS,
  PROSPECTUS_MESSAGES,
  type BlockOf,
  type BlockType,
  type BrochureView,
  type ProspectusBlock,
} from '@/lib/work/prospectus-blocks';
import type { ProspectusTemplateKey } from '@/lib/work/prospectus-templates';
import { BrochureBody } from './brochure-view';
import { PROSPECTUS_URLS } from './prospectus-resource';

type Row = Record<string, unknown>;
type Labels = { courses: Record<string, string>; venues: Record<string, string>; teachers: Record<string, string> };
interface Draft {
  title: string;
  subtitle: string;
  cover: string;
  blocks: ProspectusBlock[];
}
const EMPTY: Draft = { title: '', subtitle: '', cover: '', blocks: [] };
const NO_LABELS: Labels = { courses: {}, venues: {}, teachers: {} };

const optionsOf = (kind: 'course' | 'venue' | 'teacher') => async (keyword: string): Promise<AsyncOption[]> => {
  const r = await http.get<{ value: string; text: string; address?: string; price?: number | null; subjects?: string | null }[]>(PROSPECTUS_URLS.options, keyword.trim() ? { kind, keyword: keyword.trim() } : { kind });
  return r.result.map((o) => ({
    value: o.value,
    label: kind === 'course' && o.price !== null && o.price !== undefined ? `${o.text}（¥${o.price}）` : kind === 'venue' && o.address ? `${o.text}（${o.address}）` : o.text,
  }));
};
const fetchCourses = optionsOf('course');
const fetchVenues = optionsOf('venue');
const fetchTeachers = optionsOf('teacher');

/** The body the server takes for add / edit / preview. */
const bodyOf = (draft: Draft, template: ProspectusTemplateKey, id?: string) => ({
  ...(id ? { id } : {}),
  title: draft.title,
  subtitle: draft.subtitle || null,
  template,
  cover: draft.cover || null,
  blocks: draft.blocks,
});

/**
 * 新建 / 编辑 a brochure (ListPage's renderForm): title, subtitle, cover and the typed blocks, each added, moved up or
 * down and removed; courses, venues and teachers chosen from the tenant's (server search), rich text with the
 * project's editor. 预览 asks the server for the resolved view and draws it with the public page's renderer.
 */
type ComposerProps = FormModalProps<Row> & { template: ProspectusTemplateKey };

/** Mounted per opening (keyed by the record), so each opening starts from its own record. */
export function ProspectusComposer(props: ComposerProps) {
  if (!props.open) return null;
  const id = props.mode !== 'add' && props.record ? String(props.record.id ?? '') : 'new';
  return <ComposerModal key={`${props.mode}:${id}`} {...props} />;
}

function ComposerModal({ open, mode, record, onClose, onSaved, template }: ComposerProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [labels, setLabels] = useState<Labels>(NO_LABELS);
  const [loading, setLoading] = useState(mode !== 'add' && Boolean(record));
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<BrochureView | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const id = mode !== 'add' && record ? String(record.id ?? '') : undefined;
  const readOnly = mode === 'detail';

  useEffect(() => {
    if (!id) return;
    let live = true;
    http
      .get<{ title: string; subtitle: string | null; cover: string | null; blocks: ProspectusBlock[]; labels: Labels }>(PROSPECTUS_URLS.detail, { id })
      .then((r) => {
        if (!live) return;
        setDraft({ title: r.result.title, subtitle: r.result.subtitle ?? '', cover: r.result.cover ?? '', blocks: r.result.blocks });
        setLabels(r.result.labels);
      })
      .catch(showError)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, showError]);

  const setBlock = (i: number, next: ProspectusBlock) => setDraft((d) => ({ ...d, blocks: d.blocks.map((b, k) => (k === i ? next : b)) }));

  const save = async () => {
    if (!draft.title.trim()) return void message.error(PROSPECTUS_MESSAGES.titleRequired);
    setSaving(true);
    try {
      const r = id ? await http.put(PROSPECTUS_URLS.edit, bodyOf(draft, template, id)) : await http.post(PROSPECTUS_URLS.add, bodyOf(draft, template));
      message.success(r.message || '保存成功');
      onSaved?.();
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  const openPreview = async () => {
    if (!draft.title.trim()) return void message.error(PROSPECTUS_MESSAGES.titleRequired);
    setPreviewing(true);
    try {
      setPreview((await http.post<BrochureView>(PROSPECTUS_URLS.preview, bodyOf(draft, template))).result);
    } catch (e) {
      showError(e);
    } finally {
      setPreviewing(false);
    }
  };

  const addMenu = BLOCK_TYPES.map((t) => ({ key: t, label: <span data-testid={`prospectus-add-${t}`}>{BLOCK_LABELS[t]}</span> }));

  return (
    <Modal
      open={open}
      title={mode === 'add' ? '新建招生简章' : mode === 'edit' ? '编辑招生简章' : '招生简章详情'}
      width={960}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button onClick={() => void openPreview()} loading={previewing} data-testid="prospectus-preview">
            预览
          </Button>
          {!readOnly ? (
            <Button type="primary" onClick={() => void save()} loading={saving} data-testid="prospectus-save">
              保存
            </Button>
          ) : null}
        </Space>
      }
    >
      <Spin spinning={loading}>
        <div data-testid="prospectus-composer-body">
          <Field label="标题" required>
            <Input data-testid="prospectus-title" value={draft.title} maxLength={PROSPECTUS_LIMITS.title} showCount disabled={readOnly} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} />
          </Field>
          <Field label="副标题">
            <Input data-testid="prospectus-subtitle" value={draft.subtitle} maxLength={PROSPECTUS_LIMITS.subtitle} disabled={readOnly} onChange={(e) => setDraft((d) => ({ ...d, subtitle: e.target.value }))} />
          </Field>
          <Field label="封面">
            <div data-testid="prospectus-cover">
              <UploadCell kind="image" value={draft.cover} disabled={readOnly} onChange={(v) => setDraft((d) => ({ ...d, cover: v }))} />
            </div>
          </Field>
          {draft.blocks.length === 0 ? <Empty description="还没有内容块，点击下方“添加内容块”" /> : null}
          {draft.blocks.map((b, i) => (
            <Card
              key={i}
              size="small"
              style={{ marginBottom: 12 }}
              data-testid={`prospectus-block-${i}`}
              title={
                <Flex gap={8} align="center">
                  <span>{BLOCK_LABELS[b.type]}</span>
                  <Input
                    size="small"
                    style={{ width: 220 }}
                    placeholder={b.type === 'richText' ? '标题（可不填）' : `标题（默认：${BLOCK_LABELS[b.type]}）`}
                    value={b.title}
                    maxLength={PROSPECTUS_LIMITS.blockTitle}
                    disabled={readOnly}
                    data-testid={`prospectus-block-${i}-title`}
                    onChange={(e) => setBlock(i, { ...b, title: e.target.value })}
                  />
                </Flex>
              }
              extra={
                readOnly ? null : (
                  <Space size={4}>
                    <Button size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={i === 0} data-testid={`prospectus-block-${i}-up`} onClick={() => setDraft((d) => ({ ...d, blocks: moveBlock(d.blocks, i, -1) }))} />
                    <Button size="small" icon={<ArrowDownOutlined />} aria-label="下移" disabled={i === draft.blocks.length - 1} data-testid={`prospectus-block-${i}-down`} onClick={() => setDraft((d) => ({ ...d, blocks: moveBlock(d.blocks, i, 1) }))} />
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label="删除" data-testid={`prospectus-block-${i}-remove`} onClick={() => setDraft((d) => ({ ...d, blocks: d.blocks.filter((_, k) => k !== i) }))} />
                  </Space>
                )
              }
            >
              <BlockEditor block={b} index={i} labels={labels} readOnly={readOnly} onChange={(next) => setBlock(i, next)} />
            </Card>
          ))}
          {!readOnly && draft.blocks.length < PROSPECTUS_LIMITS.blocks ? (
            <Dropdown menu={{ items: addMenu, onClick: ({ key }) => setDraft((d) => ({ ...d, blocks: [...d.blocks, emptyBlock(key as BlockType)] })) }} trigger={['click']}>
              <Button icon={<PlusOutlined />} data-testid="prospectus-add-block">
                添加内容块
              </Button>
            </Dropdown>
          ) : null}
        </div>
      </Spin>
      <Modal open={preview !== null} title="预览" width={820} footer={null} onCancel={() => setPreview(null)} styles={{ body: { maxHeight: '75vh', overflow: 'auto', padding: 0 } }}>
        {preview ? <BrochureBody view={preview} access={{ kind: 'static' }} /> : null}
      </Modal>
    </Modal>
  );
}

function Field({ label, required, children }: { label: string; required?: boolean; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 12 }}>
      <div style={{ marginBottom: 4 }}>
        {required ? <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span> : null}
        {label}
      </div>
      {children}
    </div>
  );
}

const addButton = (onClick: () => void, testId: string, text: string, disabled: boolean): ReactNode => (
  <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={onClick} disabled={disabled} data-testid={testId}>
    {text}
  </Button>
);

function BlockEditor({ block: b, index, labels, readOnly, onChange }: { block: ProspectusBlock; index: number; labels: Labels; readOnly: boolean; onChange: (b: ProspectusBlock) => void }) {
  const tid = (s: string) => `prospectus-block-${index}-${s}`;
  const full = (n: number) => n >= PROSPECTUS_LIMITS.items || readOnly;
  const remove = (i: number) => <Button size="small" type="link" danger onClick={() => onItemsRemove(i)} disabled={readOnly} data-testid={tid(`remove-${i}`)}>移除</Button>;
  const onItemsRemove = (i: number) => {
    if (b.type === 'schedule') onChange({ ...b, rows: b.rows.filter((_, k) => k !== i) });
    else if (b.type === 'courses' || b.type === 'venues' || b.type === 'teachers') onChange({ ...b, items: (b.items as unknown[]).filter((_, k) => k !== i) } as ProspectusBlock);
  };
  switch (b.type) {
    case 'courses': {
      const set = (i: number, patch: Partial<BlockOf<'courses'>['items'][number]>) => onChange({ ...b, items: b.items.map((it, k) => (k === i ? { ...it, ...patch } : it)) });
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {b.items.map((it, i) => (
            <Flex key={i} gap={8} align="center" wrap>
              <div data-testid={tid(`course-${i}`)} style={{ width: 260 }}>
                <AsyncSearchSelect style={{ width: '100%' }} fetchOptions={fetchCourses} value={it.courseId || null} disabled={readOnly} allowClear={false} placeholder="选择课程" initialOptions={it.courseId ? [{ value: it.courseId, label: labels.courses[it.courseId] ?? it.courseId }] : []} onChange={(v) => set(i, { courseId: v ?? '' })} />
              </div>
              <InputNumber data-testid={tid(`price-${i}`)} min={0} max={PROSPECTUS_LIMITS.price} precision={2} prefix="¥" placeholder="课程原价" style={{ width: 150 }} value={it.price} disabled={readOnly} onChange={(v) => set(i, { price: v === null || v === undefined ? null : Number(v) })} />
              <Input data-testid={tid(`note-${i}`)} placeholder="说明（如：含教材）" style={{ width: 220 }} maxLength={PROSPECTUS_LIMITS.note} value={it.note} disabled={readOnly} onChange={(e) => set(i, { note: e.target.value })} />
              {remove(i)}
            </Flex>
          ))}
          {addButton(() => onChange({ ...b, items: [...b.items, { courseId: '', price: null, note: '' }] }), tid('add-item'), '添加课程', full(b.items.length))}
        </Space>
      );
    }
    case 'schedule': {
      const set = (i: number, patch: Partial<BlockOf<'schedule'>['rows'][number]>) => onChange({ ...b, rows: b.rows.map((r, k) => (k === i ? { ...r, ...patch } : r)) });
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {b.rows.map((r, i) => (
            <Flex key={i} gap={8} align="center">
              <Input data-testid={tid(`time-${i}`)} placeholder="时间，如：每周六 9:00-11:00" style={{ width: 240 }} maxLength={PROSPECTUS_LIMITS.scheduleTime} value={r.time} disabled={readOnly} onChange={(e) => set(i, { time: e.target.value })} />
              <Input data-testid={tid(`content-${i}`)} placeholder="内容" maxLength={PROSPECTUS_LIMITS.scheduleContent} value={r.content} disabled={readOnly} onChange={(e) => set(i, { content: e.target.value })} />
              {remove(i)}
            </Flex>
          ))}
          {addButton(() => onChange({ ...b, rows: [...b.rows, { time: '', content: '' }] }), tid('add-item'), '添加一行', full(b.rows.length))}
        </Space>
      );
    }
    case 'venues':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {b.items.map((it, i) => (
            <Flex key={i} gap={8} align="center">
              <div data-testid={tid(`venue-${i}`)} style={{ width: 420 }}>
                <AsyncSearchSelect style={{ width: '100%' }} fetchOptions={fetchVenues} value={it.locationId || null} disabled={readOnly} allowClear={false} placeholder="选择场地" initialOptions={it.locationId ? [{ value: it.locationId, label: labels.venues[it.locationId] ?? it.locationId }] : []} onChange={(v) => onChange({ ...b, items: b.items.map((x, k) => (k === i ? { locationId: v ?? '' } : x)) })} />
              </div>
              {remove(i)}
            </Flex>
          ))}
          {addButton(() => onChange({ ...b, items: [...b.items, { locationId: '' }] }), tid('add-item'), '添加场地', full(b.items.length))}
        </Space>
      );
    case 'teachers': {
      const set = (i: number, patch: Partial<BlockOf<'teachers'>['items'][number]>) => onChange({ ...b, items: b.items.map((it, k) => (k === i ? { ...it, ...patch } : it)) });
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {b.items.map((it, i) => (
            <Flex key={i} gap={8} align="flex-start">
              <div data-testid={tid(`teacher-${i}`)} style={{ width: 200 }}>
                <AsyncSearchSelect style={{ width: '100%' }} fetchOptions={fetchTeachers} value={it.teacherId || null} disabled={readOnly} allowClear={false} placeholder="选择教师" initialOptions={it.teacherId ? [{ value: it.teacherId, label: labels.teachers[it.teacherId] ?? it.teacherId }] : []} onChange={(v) => set(i, { teacherId: v ?? '' })} />
              </div>
              <Input.TextArea data-testid={tid(`intro-${i}`)} placeholder="教师介绍" autoSize={{ minRows: 1, maxRows: 4 }} maxLength={PROSPECTUS_LIMITS.teacherIntro} value={it.intro} disabled={readOnly} onChange={(e) => set(i, { intro: e.target.value })} />
              {remove(i)}
            </Flex>
          ))}
          {addButton(() => onChange({ ...b, items: [...b.items, { teacherId: '', intro: '' }] }), tid('add-item'), '添加教师', full(b.items.length))}
        </Space>
      );
    }
    case 'richText':
      return <RichTextEditor data-testid={tid('rich')} value={b.html} height={160} disabled={readOnly} onChange={(html) => onChange({ ...b, html })} />;
    case 'images':
      return (
        <div data-testid={tid('images')}>
          <UploadCell kind="image" number={PROSPECTUS_LIMITS.images} disabled={readOnly} value={b.paths.join(',')} onChange={(v) => onChange({ ...b, paths: v ? v.split(',').filter(Boolean) : [] })} />
        </div>
      );
  }
}
