'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, Button, Card, DatePicker, Descriptions, Drawer, Empty, Flex, Form, InputNumber, Modal, Progress, Spin, Table, Tabs, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { percentOf, STUDENT_PROGRESS_URL, type StudentCourseProgress, type StudentProgressAnswer } from '@/lib/edu/progress-types';
import { REFS, RefSelect } from '../course/ref-select';
import { StudentPackagesGrid } from './student-packages-grid';
import { STUDENT_COURSE_API, STUDENT_COURSES_URL, type StudentCoursesAnswer } from './student-resource';

export interface StudentRef {
  id: string;
  name: string;
  phone: string;
}

const PACKAGE_STATUS: Record<number, string> = { 0: '正常', 1: '停课', 2: '结课' };
const LOG_STATUS: Record<number, string> = { 0: '正常', 1: '已撤销' };

interface PackageForm {
  courseId?: string;
  buyQty?: number;
  giftQty?: number;
  amount?: number;
  validTo?: Dayjs;
}

/**
 * 学员详情: the student's 课时包 and 课消记录 (with edu:student:edit 添加课时包 and 批量添加课时包, an editable grid of
 * new packages above the list), and 学习进度 per course.
 */
export function StudentDetailDrawer({ student, canAddPackage, onClose, onChanged }: { student: StudentRef | null; canAddPackage: boolean; onClose: () => void; onChanged: () => void }) {
  const { message } = App.useApp();
  const onError = useApiError();
  const [adding, setAdding] = useState(false);
  const [batch, setBatch] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<PackageForm>();
  const [tab, setTab] = useState<'packages' | 'progress'>('packages');
  const studentId = student?.id;

  const courses = useSWR(studentId ? [STUDENT_COURSES_URL, studentId] : null, async () => (await http.get<StudentCoursesAnswer>(STUDENT_COURSES_URL, { studentId: studentId ?? '' })).result, {
    onError,
    revalidateOnFocus: false,
  });
  const data: StudentCoursesAnswer = { packages: courses.data?.packages ?? [], logs: courses.data?.logs ?? [] };
  const loading = courses.isLoading;
  // Fetched once the tab is opened; a new package changes its hours, so it reloads with the packages.
  const progress = useSWR(studentId && tab === 'progress' ? [STUDENT_PROGRESS_URL, studentId] : null, async () => (await http.get<StudentProgressAnswer>(STUDENT_PROGRESS_URL, { studentId: studentId ?? '' })).result, {
    onError,
    revalidateOnFocus: false,
  });
  const load = () => Promise.all([courses.mutate(), progress.mutate()]);
  const close = () => {
    setTab('packages');
    setBatch(false);
    onClose();
  };

  const addPackage = async () => {
    if (!studentId) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      await http.post(`${STUDENT_COURSE_API}/add`, {
        studentId,
        courseId: v.courseId,
        buyQty: v.buyQty,
        giftQty: v.giftQty ?? 0,
        amount: v.amount ?? null,
        validTo: v.validTo ? v.validTo.format('YYYY-MM-DD') : null,
      });
      message.success('课时包已添加');
      setAdding(false);
      form.resetFields();
      onChanged();
      await load();
    } catch (e) {
      onError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer open={student !== null} title={`学员详情 - ${student?.name ?? ''}`} size={720} onClose={close} destroyOnHidden>
      <Flex vertical gap={16} data-testid="student-detail">
        <Descriptions size="small" column={2} items={[{ key: 'name', label: '姓名', children: student?.name }, { key: 'phone', label: '手机', children: student?.phone }]} />
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k === 'progress' ? 'progress' : 'packages')}
          items={[
            { key: 'packages', label: <span data-testid="student-tab-packages">课时包</span> },
            { key: 'progress', label: <span data-testid="student-tab-progress">学习进度</span> },
          ]}
        />
        {tab === 'progress' ? (
          <StudentProgressPanel loading={progress.isLoading} courses={progress.data?.courses ?? []} />
        ) : (
          <>
            <Flex justify="space-between" align="center">
              <Typography.Title level={5} style={{ margin: 0 }}>
                课时包
              </Typography.Title>
              {canAddPackage ? (
                <Flex gap={8}>
                  <Button size="small" onClick={() => setBatch(true)} disabled={batch} data-testid="student-batch-packages">
                    批量添加课时包
                  </Button>
                  <Button type="primary" size="small" onClick={() => setAdding(true)} data-testid="student-add-package">
                    添加课时包
                  </Button>
                </Flex>
              ) : null}
            </Flex>
            {canAddPackage && batch && studentId ? (
              <StudentPackagesGrid
                studentId={studentId}
                onCancel={() => setBatch(false)}
                onSaved={async () => {
                  setBatch(false);
                  onChanged();
                  await load();
                }}
              />
            ) : null}
            <Table
              rowKey="id"
              size="small"
              bordered
              loading={loading}
              dataSource={data.packages}
              pagination={false}
              data-testid="student-packages"
              columns={[
                { key: 'courseName', dataIndex: 'courseName', title: '课程' },
                { key: 'buyQty', dataIndex: 'buyQty', title: '购买' },
                { key: 'giftQty', dataIndex: 'giftQty', title: '赠送' },
                { key: 'usedQty', dataIndex: 'usedQty', title: '已用' },
                { key: 'remainQty', dataIndex: 'remainQty', title: '剩余' },
                { key: 'status', dataIndex: 'status', title: '状态', render: (s: number) => <Tag>{PACKAGE_STATUS[s] ?? s}</Tag> },
              ]}
            />
            <Typography.Title level={5} style={{ margin: 0 }}>
              课消记录
            </Typography.Title>
            <Table
              rowKey={(r) => `${r.createTime}-${r.title}-${r.hoursBefore}`}
              size="small"
              bordered
              loading={loading}
              dataSource={data.logs}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              data-testid="student-consume-logs"
              columns={[
                { key: 'createTime', dataIndex: 'createTime', title: '时间', width: 170 },
                { key: 'title', dataIndex: 'title', title: '课次' },
                { key: 'hours', dataIndex: 'hours', title: '课时' },
                { key: 'balance', title: '前 → 后', render: (_v, r) => `${String(r.hoursBefore)} → ${String(r.hoursAfter)}` },
                { key: 'status', dataIndex: 'status', title: '状态', render: (s: number) => <Tag color={s === 1 ? 'default' : 'blue'}>{LOG_STATUS[s] ?? s}</Tag> },
              ]}
            />
          </>
        )}
      </Flex>
      <Modal open={adding} title="添加课时包" confirmLoading={saving} onOk={() => void addPackage()} onCancel={() => setAdding(false)} forceRender>
        <Form form={form} layout="vertical" data-testid="student-package-form">
          <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
            <RefSelect config={REFS.course} placeholder="搜索课程" />
          </Form.Item>
          <Form.Item name="buyQty" label="购买数量" rules={[{ required: true, message: '请输入购买数量' }]}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="giftQty" label="赠送数量">
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="amount" label="金额">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="validTo" label="有效期至">
            <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}

/** 学习进度: one card per course with 课次 / 出勤 / 课时 bars and the counts behind them. */
function StudentProgressPanel({ loading, courses }: { loading: boolean; courses: StudentCourseProgress[] }) {
  if (loading) return <Spin data-testid="student-progress-loading" />;
  if (!courses.length) return <Empty description="暂无课程（没有课时包或班级）" data-testid="student-progress-empty" />;
  return (
    <Flex vertical gap={12} data-testid="student-progress">
      {courses.map((c) => {
        const total = c.hoursBought + c.hoursGift;
        return (
          <Card
            key={c.courseId}
            size="small"
            title={c.courseName}
            extra={c.clazzes.map((z) => (
              <Tag key={z.id} color={z.status === 1 ? 'green' : 'default'}>
                {z.name}
                {z.status === 1 ? '' : `（${z.status_dictText}）`}
              </Tag>
            ))}
            data-testid={`student-progress-${c.courseId}`}
          >
            <Flex vertical gap={4}>
              <ProgressLine label={`课次 已上 ${c.done} / 计划 ${c.planned}`} percent={percentOf(c.done, c.planned)} />
              <ProgressLine label={`出勤 到课 ${c.attended} / 已上 ${c.done}`} percent={c.attendanceRate} />
              <ProgressLine label={`课时 已用 ${c.hoursUsed} / 共 ${total}`} percent={percentOf(c.hoursUsed, total)} />
              <ProgressLine label={`章节 已学 ${c.chaptersDone} / 共 ${c.chaptersTotal}`} percent={percentOf(c.chaptersDone, c.chaptersTotal)} />
              <ProgressLine label={`作业 完成 ${c.homeworkFinished} / 布置 ${c.homeworkAssigned}`} percent={percentOf(c.homeworkFinished, c.homeworkAssigned)} />
            </Flex>
            <Descriptions
              size="small"
              column={3}
              style={{ marginTop: 8 }}
              items={[
                { key: 'leave', label: '请假', children: c.leave },
                { key: 'absent', label: '缺席', children: c.absent },
                { key: 'makeup', label: '待补课', children: c.makeupPending },
                { key: 'bought', label: '购买课时', children: c.hoursBought },
                { key: 'gift', label: '赠送课时', children: c.hoursGift },
                { key: 'remain', label: '剩余课时', children: c.hoursRemain },
                { key: 'last', label: '上次课', children: c.lastSession ?? '-' },
                { key: 'next', label: '下次课', children: c.nextSession ?? '-' },
                { key: 'rate', label: '出勤率', children: c.attendanceRate === null ? '-' : `${c.attendanceRate}%` },
                { key: 'hwScore', label: '作业平均分', children: c.homeworkAvgScore === null ? '-' : `${c.homeworkAvgScore}（百分制）` },
              ]}
            />
          </Card>
        );
      })}
    </Flex>
  );
}

function ProgressLine({ label, percent }: { label: string; percent: number | null }) {
  return (
    <Flex align="center" gap={12}>
      <Typography.Text style={{ width: 200, flexShrink: 0 }}>{label}</Typography.Text>
      <Progress percent={percent ?? 0} size="small" style={{ flex: 1, margin: 0 }} format={() => (percent === null ? '-' : `${percent}%`)} />
    </Flex>
  );
}
