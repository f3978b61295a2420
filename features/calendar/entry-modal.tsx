'use client';

import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { App, Button, Flex, Form, Modal, Tabs } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import type { CalendarEntryDetail, SeriesPreview, SeriesScope } from '@/lib/calendar/types';
import { addEntry, addSeries, editEntry, previewSeries, type CalendarOptions, type Override } from './calendar-api';
import { useConflictGuard } from './conflict-guard';
import { EntryForm } from './entry-form';
import { buildEntryInput, buildSeriesInput, isoWeekday, valuesOfEntry, type EntryFormValues, type SeriesFormValues } from './entry-form-model';
import { SeriesForm } from './series-form';

export interface EntryModalProps {
  /** 'create' with an optional slot; 'edit' with the entry. */
  open: { mode: 'create'; start?: Date; end?: Date; tab?: 'single' | 'series' } | { mode: 'edit'; entry: CalendarEntryDetail } | null;
  options: CalendarOptions;
  canSingle: boolean;
  canSeries: boolean;
  /** Asks 仅此课次 / 此课次及以后 / 全部 for a series member's edit. */
  askApply: () => Promise<SeriesScope | null>;
  onClose: () => void;
  onSaved: () => void;
  /** The calendar's scope (1 on 内部班行事历): class-less entries created here take it; class sessions follow their class. */
  scope?: 0 | 1;
}

type Opening = NonNullable<EntryModalProps['open']>;

/** The forms' starting values of one opening: the entry (编辑) or the selected slot (新建). */
function initialValues(open: Opening): { single: Partial<EntryFormValues>; series: Partial<SeriesFormValues> } {
  if (open.mode === 'edit') return { single: valuesOfEntry(open.entry), series: {} };
  const start = dayjs(open.start ?? dayjs().add(1, 'hour').startOf('hour').toDate());
  const end = open.end ? dayjs(open.end) : start.add(90, 'minute');
  return {
    single: { type: 0, start, end, teachers: [] },
    series: { startDate: start.startOf('day'), endMode: 'count', count: 10, weekdays: [isoWeekday(start)], startTime: start, endTime: end, skipHoliday: true, teachers: [] },
  };
}

/** 新建日程 (单次日程 / 批量排课) and 编辑, with the clash dialog on 409. Each opening mounts fresh forms. */
export function EntryModal(props: EntryModalProps) {
  const { open, onClose } = props;
  const editing = open?.mode === 'edit';
  return (
    <Modal open={!!open} title={editing ? '编辑日程' : '新建日程'} width={760} onCancel={onClose} footer={null} destroyOnHidden>
      {open && <EntryModalBody {...props} open={open} />}
    </Modal>
  );
}

function EntryModalBody({ open, options, canSingle, canSeries, askApply, onClose, onSaved, scope = 0 }: EntryModalProps & { open: Opening }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const guard = useConflictGuard();
  const [single] = Form.useForm<EntryFormValues>();
  const [series] = Form.useForm<SeriesFormValues>();
  const [tab, setTab] = useState<'single' | 'series'>(open.mode === 'edit' ? 'single' : (open.tab ?? (canSingle ? 'single' : 'series')));
  const [preview, setPreview] = useState<SeriesPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = open.mode === 'edit' ? open.entry : null;
  const init = useMemo(() => initialValues(open), [open]);

  const saved = (text: string) => {
    message.success(text);
    onSaved();
    onClose();
  };

  const saveSingle = async () => {
    const values = await single.validateFields().catch(() => null);
    if (!values) return;
    const input = buildEntryInput(values);
    let apply: SeriesScope = 'this';
    if (editing?.seriesId) {
      const a = await askApply();
      if (!a) return;
      apply = a;
    }
    setBusy(true);
    try {
      await guard.save(
        (override?: Override) => (editing ? editEntry({ ...input, id: editing.id, apply, ...(override ? { override } : {}) }) : addEntry({ ...input, scope, ...(override ? { override } : {}) })),
        () => saved(editing ? '已保存' : '已新建日程'),
      );
    } finally {
      setBusy(false);
    }
  };

  const runPreview = async () => {
    const values = await series.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      setPreview(await previewSeries(buildSeriesInput(values)));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  const saveSeries = async () => {
    const values = await series.validateFields().catch(() => null);
    if (!values) return;
    const input = buildSeriesInput(values);
    setBusy(true);
    try {
      await guard.save(
        (override?: Override) => addSeries(override ? { ...input, override } : input),
        (r) => saved(r.message || `已生成 ${r.result?.count ?? 0} 个课次`),
      );
    } finally {
      setBusy(false);
    }
  };

  const items = [
    canSingle || editing ? { key: 'single', label: editing ? '编辑日程' : '单次日程', children: <EntryForm form={single} options={options} initial={init.single} />, forceRender: true } : null,
    !editing && canSeries ? { key: 'series', label: '批量排课', children: <SeriesForm form={series} options={options} preview={preview} initial={init.series} />, forceRender: true } : null,
  ].filter((x): x is NonNullable<typeof x> => x !== null);

  return (
    <>
      <div data-testid={editing ? 'cal-edit' : 'cal-create'}>
        <Tabs activeKey={tab} onChange={(k) => setTab(k as 'single' | 'series')} items={items} />
      </div>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onClose}>取消</Button>
        {tab === 'series' && !editing ? (
          <>
            <Button loading={busy} onClick={runPreview} data-testid="cal-series-preview-btn">
              预览
            </Button>
            <Button type="primary" loading={busy} onClick={saveSeries} data-testid="cal-series-save">
              保存
            </Button>
          </>
        ) : (
          <Button type="primary" loading={busy} onClick={saveSingle} data-testid="cal-entry-save">
            保存
          </Button>
        )}
      </Flex>
      {guard.modal}
    </>
  );
}
