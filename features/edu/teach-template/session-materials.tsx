'use client';

import useSWR from 'swr';
import { Space, Spin, Tag, Typography } from 'antd';
import { API_PREFIX } from '@/lib/config';
import { http } from '@/lib/http';
import { MATERIAL_TYPE_OPTIONS } from '../material/material-resource';
import { TEMPLATE_URLS } from './teach-template-resource';

interface SessionMaterial {
  id: string;
  name: string;
  materialType: number;
  fileName: string | null;
  fromTemplate: boolean;
}

const typeText = (t: number) => MATERIAL_TYPE_OPTIONS.find((o) => o.value === String(t))?.text ?? '';

/**
 * 课件 of one session (the calendar's detail drawer): name, type and a download through the courseware
 * download (which checks access and counts it). Read with the same rule as the session itself.
 */
export function SessionMaterials({ calendarId }: { calendarId: string }) {
  const { data, error, isLoading } = useSWR([TEMPLATE_URLS.sessionMaterials, calendarId] as const, async ([url, id]) => (await http.get<SessionMaterial[]>(url, { calendarId: id })).result ?? []);
  if (isLoading) return <Spin size="small" />;
  if (error) return <Typography.Text type="secondary">课件加载失败</Typography.Text>;
  if (!data?.length) return <Typography.Text type="secondary">暂无</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }} data-testid="cal-detail-materials">
      {data.map((m) => (
        <li key={m.id} style={{ padding: '4px 0' }}>
          <Space size={8} wrap>
            {typeText(m.materialType) && <Tag>{typeText(m.materialType)}</Tag>}
            <span>{m.name}</span>
            <a href={`${API_PREFIX}${TEMPLATE_URLS.materialDownload}?id=${encodeURIComponent(m.id)}`} download={m.fileName ?? m.name} data-testid={`cal-material-download-${m.id}`}>
              下载
            </a>
          </Space>
        </li>
      ))}
    </ul>
  );
}
