'use client';

import { Button, Flex, Form } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';

/** 查询 / 重置 at the end of a list's search form; test ids `${testIdPrefix}-search-submit|reset`. */
export function SearchActions({ testIdPrefix, onReset }: { testIdPrefix: string; onReset: () => void }) {
  return (
    <Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testIdPrefix}-search-submit`}>
          查询
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset} data-testid={`${testIdPrefix}-search-reset`}>
          重置
        </Button>
      </Flex>
    </Form.Item>
  );
}

export { LoadError } from '@/components/data/list/list-feedback';
