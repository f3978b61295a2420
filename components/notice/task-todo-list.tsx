'use client';

import { Button, Empty, Tag } from 'antd';
import type { TodoTaskItem } from './notice-types';

/** The bell's 任务 tab: my 待办 协商任务, soonest due first, overdue ones tagged; each opens 协商任务. */
export function TaskTodoList({ items, onOpen }: { items: TodoTaskItem[]; onOpen(): void }) {
  return (
    <div data-testid="notice-task-list">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办任务" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
          {items.map((t) => (
            <li key={t.id} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '8px 4px', borderBottom: '1px solid rgba(5,5,5,.06)' }}>
              <div style={{ flex: 1, minWidth: 0 }}>
                <a onClick={onOpen} style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="notice-task-item">
                  {t.title}
                </a>
                <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12 }}>{t.dueTime ? `${t.dueTime} 截止` : '无截止时间'}</div>
              </div>
              {t.overdue && (
                <Tag color="red" style={{ marginInlineEnd: 0 }}>
                  已逾期
                </Tag>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button type="dashed" block onClick={onOpen} style={{ marginTop: 8 }} data-testid="notice-task-more">
        查看全部任务
      </Button>
    </div>
  );
}
