'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Form, Modal, Select, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { ApiError, http } from '@/lib/http';
import { RefSelect, type RefConfig } from '../course/ref-select';
import { APPLY_CONFIRM_CODE, TEMPLATE_MESSAGES, TEMPLATE_URLS, type ApplyConfirm, type ApplyResult, type ApplyTargets } from './teach-template-resource';

export interface ApplyTarget {
  id: string;
  name: string;
  courseId: string;
}

/** The apply answer that asks first (code 409 with `needConfirm`), or null. */
export function confirmOf(e: unknown): ApplyConfirm | null {
  if (!(e instanceof ApiError) || e.code !== APPLY_CONFIRM_CODE) return null;
  const r = e.envelope?.result as Partial<ApplyConfirm> | null | undefined;
  return r?.needConfirm ? { needConfirm: true, changed: Number(r.changed) || 0 } : null;
}

/**
 * 应用到班级: a class of the template's course and, optionally, one of its series; the server fills the future
 * 未开始 sessions (lesson n → the class's n-th session). When teachers changed some of them it asks
 * 有N个课次的教学内容已被修改，是否覆盖？ with 覆盖 / 跳过已修改.
 */
export function ApplyTemplateModal({ template, onClose }: { template: ApplyTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [clazzId, setClazzId] = useState<string | undefined>();
  const [seriesId, setSeriesId] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [ask, setAsk] = useState<ApplyConfirm | null>(null);
  const clazzRef = useMemo<RefConfig>(() => ({ url: '/clazz/tblClazz/list', textField: 'name', params: template ? { courseId: template.courseId } : undefined }), [template]);
  const { data: targets } = useSWR(clazzId ? ([TEMPLATE_URLS.applyTargets, clazzId] as const) : null, async ([url, id]) => (await http.get<ApplyTargets>(url, { clazzId: id })).result, { revalidateOnFocus: false });

  const close = () => {
    setClazzId(undefined);
    setSeriesId('');
    setAsk(null);
    onClose();
  };

  const run = async (overwrite?: boolean) => {
    if (!template || !clazzId) {
      void message.warning('请选择班级');
      return;
    }
    setBusy(true);
    try {
      const r = await http.post<ApplyResult>(TEMPLATE_URLS.apply, { templateId: template.id, clazzId, seriesId: seriesId || null, ...(overwrite === undefined ? {} : { overwrite }) });
      void message.success(r.message || TEMPLATE_MESSAGES.applied(r.result?.filled ?? 0, r.result?.skipped ?? 0));
      close();
    } catch (e) {
      const confirm = confirmOf(e);
      if (confirm) setAsk(confirm);
      else showError(e);
    } finally {
      setBusy(false);
    }
  };

  const footer = ask
    ? [
        <Button key="cancel" onClick={() => setAsk(null)}>
          取消
        </Button>,
        <Button key="skip" loading={busy} onClick={() => void run(false)} data-testid="apply-skip">
          跳过已修改
        </Button>,
        <Button key="over" type="primary" danger loading={busy} onClick={() => void run(true)} data-testid="apply-overwrite">
          覆盖
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={busy} disabled={!clazzId} onClick={() => void run()} data-testid="apply-ok">
          应用
        </Button>,
      ];

  return (
    <Modal open={!!template} title={`应用到班级 · ${template?.name ?? ''}`} onCancel={close} footer={footer} destroyOnHidden data-testid="apply-modal">
      {ask ? (
        <Alert type="warning" showIcon title={TEMPLATE_MESSAGES.changedConfirm(ask.changed)} description="覆盖：用模板内容替换这些课次；跳过已修改：保留老师改过的课次，只填充其余课次。" data-testid="apply-confirm" />
      ) : (
        <Form layout="vertical">
          <Form.Item label="班级" required>
            <RefSelect config={clazzRef} value={clazzId ?? ''} placeholder="请选择该课程的班级" onChange={(v) => (setClazzId(v || undefined), setSeriesId(''))} />
          </Form.Item>
          <Form.Item label="排课规则">
            <Select
              value={seriesId}
              disabled={!clazzId}
              onChange={setSeriesId}
              options={[{ value: '', label: '全部排课规则' }, ...(targets?.series ?? []).map((s) => ({ value: s.id, label: `${s.label} · 未开始${s.futureSessions}次` }))]}
              data-testid="apply-series"
            />
          </Form.Item>
          {targets && (
            <Typography.Paragraph type="secondary" data-testid="apply-info">
              该班级有 {targets.futureSessions} 个未开始的课次{targets.firstLessonNo ? `，从第${targets.firstLessonNo}次课起` : ''}。模板第 n 课的标题、教学内容、课件与作业标题填入班级的第 n 次课（按上课时间计，已上过的课次也计数）；已上过、已点名的课次不会改动。
            </Typography.Paragraph>
          )}
        </Form>
      )}
    </Modal>
  );
}
