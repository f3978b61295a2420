'use client';

import type { ReactNode } from 'react';
import { Button, Flex, Form } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';

export interface QueryButtonsProps {
  /** After the fields were cleared by the caller: go back to the unfiltered list. */
  onReset: () => void;
  /** Default `list-search-submit`. */
  submitTestId?: string;
  /** Default `list-search-reset`. */
  resetTestId?: string;
  /** After 重置 (e.g. 展开 / 收起). */
  children?: ReactNode;
}

/** 查询 (submits the search form) and 重置 of every list's search form. */
export function QueryButtons({ onReset, submitTestId = 'list-search-submit', resetTestId = 'list-search-reset', children }: QueryButtonsProps) {
  return (
    <Flex gap={8}>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={submitTestId}>
        查询
      </Button>
      <Button icon={<ReloadOutlined />} onClick={onReset} data-testid={resetTestId}>
        重置
      </Button>
      {children}
    </Flex>
  );
}

/** QueryButtons as the last item of an inline search form; test ids `${testIdPrefix}-search-submit|reset`. */
export function SearchActions({ testIdPrefix, onReset }: { testIdPrefix: string; onReset: () => void }) {
  return (
    <Form.Item>
      <QueryButtons onReset={onReset} submitTestId={`${testIdPrefix}-search-submit`} resetTestId={`${testIdPrefix}-search-reset`} />
    </Form.Item>
  );
}
