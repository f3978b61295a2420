'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Checkbox, Descriptions, Divider, Drawer, Flex, Form, Input, InputNumber, Modal, Radio, Space, Spin, Tag, Typography } from 'antd';
import { RichTextEditor } from '@/components/editor';
import { useApiError } from '@/components/feedback/use-api-error';
import { UploadCell } from '@/components/upload/upload-cell';
import { http } from '@/lib/http';
import { HOMEWORK_LIMITS, HOMEWORK_MESSAGES as M, HOMEWORK_SOURCE, HOMEWORK_URL, SUBMISSION_STATUS, type AnswerItem, type SubmissionDetail } from '@/lib/learntools/homework-types';
import { ITEM_TYPE_LABEL, JUDGE_ANSWERS, optionLetter } from '@/lib/learntools/workbook-rules';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { minutes } from './homework-api';

const SUBJECTIVE = 5;
const COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'warning' };

/** One submission: what was handed in, 录入提交, 批改 and 退回订正. Opening it marks it 已读 on the server. */
export function SubmissionDrawer({ id, canGrade, onClose, onChanged }: { id: string | null; canGrade: boolean; onClose: () => void; onChanged: () => void }) {
  const { data, isLoading, mutate } = useSWR(id ? [HOMEWORK_URL.submission, id] : null, async () => (await http.get<SubmissionDetail>(HOMEWORK_URL.submission, { id: id ?? '' })).result, { revalidateOnFocus: false });
  const [recording, setRecording] = useState(false);
  const changed = async () => {
    setRecording(false);
    await mutate();
    onChanged();
  };
  return (
    <Drawer
      open={Boolean(id)}
      size={760}
      title={data ? `${data.studentName} 的作业` : '学员作业'}
      onClose={() => {
        setRecording(false);
        onClose();
      }}
      destroyOnHidden
      data-testid="submission-drawer"
    >
      {isLoading || !data ? (
        <Spin />
      ) : (
        <Body key={`${data.id}:${data.version}`} d={data} canGrade={canGrade} recording={recording} setRecording={setRecording} onChanged={() => void changed()} />
      )}
    </Drawer>
  );
}

function Body({ d, canGrade, recording, setRecording, onChanged }: { d: SubmissionDetail; canGrade: boolean; recording: boolean; setRecording: (v: boolean) => void; onChanged: () => void }) {
  const isBook = d.source === HOMEWORK_SOURCE.workbook;
  const submitted = d.status === SUBMISSION_STATUS.submitted || d.status === SUBMISSION_STATUS.graded;
  return (
    <Flex vertical gap={12}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="状态">
          <Space size={4}>
            <Tag color={COLORS[d.status]}>{d.status_dictText}</Tag>
            {d.late ? <Tag color="error">迟交</Tag> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="提交时间">{minutes(d.submittedTime)}</Descriptions.Item>
        <Descriptions.Item label="分数">{d.score === null ? '-' : `${d.score} / ${d.maxScore}`}</Descriptions.Item>
        <Descriptions.Item label="截止时间">{minutes(d.dueTime)}</Descriptions.Item>
        <Descriptions.Item label="评语" span={2}>
          {d.comment || '-'}
        </Descriptions.Item>
      </Descriptions>
      {recording ? (
        <RecordForm d={d} onDone={onChanged} onCancel={() => setRecording(false)} />
      ) : (
        <>
          {isBook ? <Answers items={d.items} /> : <Handed d={d} />}
          {canGrade ? (
            <>
              <Divider style={{ margin: '4px 0' }} />
              {submitted ? <GradeForm d={d} onDone={onChanged} /> : null}
              <Space>
                {d.status !== SUBMISSION_STATUS.graded ? (
                  <Button onClick={() => setRecording(true)} data-testid="submission-record">
                    录入提交
                  </Button>
                ) : null}
                {submitted ? <ReturnButton d={d} onDone={onChanged} /> : null}
              </Space>
            </>
          ) : null}
        </>
      )}
    </Flex>
  );
}

function Handed({ d }: { d: SubmissionDetail }) {
  if (!d.content && !d.attachments) return <Typography.Text type="secondary">尚未提交内容</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      {/* Sanitised by the server and again here before it reaches the DOM. */}
      {d.content ? <div className="submission-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(d.content) }} /> : null}
      {d.attachments ? <UploadCell kind="file" value={d.attachments} allowUpload={false} allowRemove={false} number={HOMEWORK_LIMITS.attachmentsMax} /> : null}
    </Flex>
  );
}

function Answers({ items }: { items: AnswerItem[] }) {
  return (
    <Flex vertical gap={8} data-testid="submission-answers">
      {items.map((it, i) => (
        <div key={it.itemId}>
          <Typography.Text strong>
            {i + 1}. [{ITEM_TYPE_LABEL[it.type]}] {it.stem}（{it.maxScore} 分）
          </Typography.Text>
          {it.options ? <div>{it.options.map((o, k) => `${optionLetter(k)}. ${o}`).join('　')}</div> : null}
          <div>
            作答：{it.given ?? <Typography.Text type="secondary">未作答</Typography.Text>}
            {it.type !== SUBJECTIVE ? <Typography.Text type="secondary">　参考答案：{it.answer ?? '-'}</Typography.Text> : null}
            {it.score !== null ? <Tag style={{ marginLeft: 8 }}>{it.score} 分</Tag> : null}
          </div>
        </div>
      ))}
    </Flex>
  );
}

function GradeForm({ d, onDone }: { d: SubmissionDetail; onDone: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const isBook = d.source === HOMEWORK_SOURCE.workbook;
  const subjective = d.items.filter((it) => it.type === SUBJECTIVE);
  const save = async (v: { score?: number; comment?: string; items?: Record<string, number> }) => {
    setBusy(true);
    try {
      await http.post(HOMEWORK_URL.grade, { id: d.id, version: d.version, comment: v.comment ?? '', ...(isBook ? { itemScores: v.items ?? {} } : { score: v.score }) });
      message.success('批改成功');
      onDone();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  const initialItems = Object.fromEntries(subjective.filter((it) => it.score !== null).map((it) => [it.itemId, it.score]));
  return (
    <Form layout="inline" initialValues={{ score: d.score ?? undefined, comment: d.comment ?? '', items: initialItems }} onFinish={(v) => void save(v)} data-testid="grade-form" style={{ rowGap: 8 }}>
      {isBook ? (
        subjective.map((it) => (
          <Form.Item key={it.itemId} name={['items', it.itemId]} label={`第${d.items.indexOf(it) + 1}题`} rules={[{ required: true, message: '请评分' }, { type: 'number', max: it.maxScore, message: `不能超过${it.maxScore}` }]}>
            <InputNumber min={0} max={it.maxScore} precision={2} />
          </Form.Item>
        ))
      ) : (
        <Form.Item name="score" label="分数" rules={[{ required: true, message: M.scoreRequired }, { type: 'number', max: d.maxScore, message: M.scoreOver(d.maxScore) }]}>
          <InputNumber min={0} precision={2} data-testid="grade-score" />
        </Form.Item>
      )}
      <Form.Item name="comment" label="评语" style={{ minWidth: 260 }}>
        <Input maxLength={HOMEWORK_LIMITS.commentMax} placeholder="可选" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="grade-submit">
          批改
        </Button>
      </Form.Item>
    </Form>
  );
}

function ReturnButton({ d, onDone }: { d: SubmissionDetail; onDone: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ comment: string }>();
  const submit = async () => {
    const { comment } = await form.validateFields();
    try {
      await http.post(HOMEWORK_URL.returnBack, { id: d.id, version: d.version, comment });
      message.success('已退回订正');
      setOpen(false);
      onDone();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="submission-return">
        退回订正
      </Button>
      <Modal open={open} title="退回订正" onCancel={() => setOpen(false)} onOk={() => void submit()} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="comment" label="订正意见" rules={[{ required: true, whitespace: true, message: M.commentRequired }]}>
            <Input.TextArea rows={3} maxLength={HOMEWORK_LIMITS.commentMax} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 录入提交: staff type in what the student handed in (late submissions are taken and flagged by the server). */
function RecordForm({ d, onDone, onCancel }: { d: SubmissionDetail; onDone: () => void; onCancel: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const isBook = d.source === HOMEWORK_SOURCE.workbook;
  const initialAnswers = Object.fromEntries(d.items.map((it) => [it.itemId, it.type === 2 ? (it.given ?? '').split(',').filter(Boolean) : (it.given ?? undefined)]));
  const save = async (v: { content?: string; attachments?: string; answers?: Record<string, string | string[] | undefined> }) => {
    const answers = Object.fromEntries(Object.entries(v.answers ?? {}).map(([k, a]) => [k, Array.isArray(a) ? a.join(',') : (a ?? '')]));
    setBusy(true);
    try {
      await http.post(HOMEWORK_URL.submit, { id: d.id, version: d.version, ...(isBook ? { answers } : { content: v.content ?? '', attachments: v.attachments ?? '' }) });
      message.success('已录入提交');
      onDone();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" initialValues={{ content: d.content ?? '', attachments: d.attachments ?? '', answers: initialAnswers }} onFinish={(v) => void save(v)} data-testid="record-form">
      {isBook ? (
        d.items.map((it, i) => (
          <Form.Item key={it.itemId} name={['answers', it.itemId]} label={`${i + 1}. [${ITEM_TYPE_LABEL[it.type]}] ${it.stem}`}>
            {it.type === 1 ? (
              <Radio.Group options={(it.options ?? []).map((o, k) => ({ value: optionLetter(k), label: `${optionLetter(k)}. ${o}` }))} />
            ) : it.type === 2 ? (
              <Checkbox.Group options={(it.options ?? []).map((o, k) => ({ value: optionLetter(k), label: `${optionLetter(k)}. ${o}` }))} />
            ) : it.type === 3 ? (
              <Radio.Group options={JUDGE_ANSWERS.map((a) => ({ value: a, label: a }))} />
            ) : it.type === 4 ? (
              <Input maxLength={5000} />
            ) : (
              <Input.TextArea rows={3} maxLength={5000} />
            )}
          </Form.Item>
        ))
      ) : (
        <>
          <Form.Item name="content" label="提交内容">
            <RichTextEditor height={160} placeholder="学员提交的内容" />
          </Form.Item>
          <Form.Item name="attachments" label="附件">
            <UploadCell kind="file" number={HOMEWORK_LIMITS.attachmentsMax} />
          </Form.Item>
        </>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="record-submit">
          保存提交
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Space>
    </Form>
  );
}
