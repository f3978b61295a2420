'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Button, Card, Descriptions, Empty, Result, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useScreenRoute } from '@/components/shell/screen-route';
import { formatDate } from '@/lib/format';
import { ApiError, http } from '@/lib/http';
import { formatFileSize } from '@/lib/format';
import { workFileUrl } from './work-files';
import { WorkMedia } from './work-media';
import { WORK_KIND_OPTIONS, WORK_MESSAGES, WORK_PAGE_PATH, WORK_PREVIEW_URL } from './work-resource';

/** What `GET /edu/studentWork/preview` answers (server/work/student-works.ts WorkPage). */
interface WorkPage {
  id: string;
  title: string;
  description: string | null;
  studentName: string | null;
  clazzName: string | null;
  courseName: string | null;
  uploaderName: string | null;
  createBy: string | null;
  createTime: string;
  fileKind: string;
  fileName: string | null;
  fileSize: number | null;
  shared: boolean;
}

/**
 * 作品预览 (/work/workpreview?id=): the work's page — title, student, class, course, uploader, time and the media —
 * for any signed-in user allowed to see it (the link 分享 copies); others read 没有权限查看 or 作品不存在.
 */
export default function WorkPreviewScreen() {
  const route = useScreenRoute(WORK_PAGE_PATH);
  const pathname = usePathname();
  const search = useSearchParams();
  // Kept alive on other routes: only our own address chooses the work.
  const own = pathname === route ? (search.get('id') ?? '') : undefined;
  const [id, setId] = useState(own ?? '');
  if (own !== undefined && own !== id) setId(own);
  return <PageWrapper title="作品预览">{id ? <WorkPageBody key={id} id={id} /> : <Empty description="请从学员作品中选择作品" />}</PageWrapper>;
}

function WorkPageBody({ id }: { id: string }) {
  const router = useRouter();
  const { data, error, isLoading } = useSWR([WORK_PREVIEW_URL, id], async () => (await http.get<WorkPage>(WORK_PREVIEW_URL, { id })).result, { shouldRetryOnError: false, revalidateOnFocus: false });
  if (isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (error || !data) {
    const denied = error instanceof ApiError && error.code === 403;
    const message = error instanceof ApiError ? error.message : WORK_MESSAGES.notFound;
    return (
      <Result
        status={denied ? '403' : '404'}
        title={denied ? WORK_MESSAGES.noAccess : message || WORK_MESSAGES.notFound}
        extra={<Button onClick={() => router.push('/work/workview')}>返回学员作品</Button>}
        data-testid="work-page-error"
      />
    );
  }
  const kind = WORK_KIND_OPTIONS.find((o) => o.value === data.fileKind)?.text ?? data.fileKind;
  return (
    <Card
      title={
        <span data-testid="work-page-title">
          {data.title} {data.shared && <Tag color="green">校内共享</Tag>}
        </span>
      }
      extra={
        <Button icon={<DownloadOutlined />} href={workFileUrl(data.id, true)} data-testid="work-page-download">
          下载
        </Button>
      }
      data-testid="work-page"
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="学员">
          <span data-testid="work-page-student">{data.studentName}</span>
        </Descriptions.Item>
        <Descriptions.Item label="班级">{data.clazzName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="课程">{data.courseName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="上传人">{data.uploaderName ?? data.createBy}</Descriptions.Item>
        <Descriptions.Item label="上传时间">{formatDate(data.createTime, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
        <Descriptions.Item label="文件">
          {kind} · {data.fileName ?? ''} {formatFileSize(data.fileSize)}
        </Descriptions.Item>
      </Descriptions>
      {data.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Typography.Paragraph>}
      <WorkMedia work={{ id: data.id, title: data.title, fileKind: data.fileKind }} />
    </Card>
  );
}
