'use client';

import { useMemo, useState } from 'react';
import { Card, Col, Row, Typography } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { DepartTree } from '@/components/pickers/depart-picker';
import type { DepartNode } from '@/components/pickers/depart-tree';
import { ADDRESS_EXPORT_URL, ADDRESS_LIST_URL, addressBookResource } from './address-book-resource';

const URLS = { list: ADDRESS_LIST_URL, exportXlsUrl: ADDRESS_EXPORT_URL };

/**
 * 通讯录 (system/AddressList): the department tree on the left; on the right the users of the chosen department
 * and its sub-departments (everybody before a choice), paged, sorted and searched on the server, with 导出.
 */
export default function AddressBookScreen() {
  const [depart, setDepart] = useState<DepartNode | null>(null);
  // JeecgBoot's parameter is the department's org code (its prefix covers the sub-departments).
  const extraParams = useMemo(() => (depart?.orgCode ? { orgCode: depart.orgCode } : undefined), [depart]);
  return (
    <PageWrapper description="通讯录：按部门查看人员（含下级部门），可按姓名、工号或手机搜索；没有查看完整手机号权限时手机号中间四位隐藏。">
      <Row gutter={12} data-testid="address-book">
        <Col xs={24} md={7} lg={6}>
          <Card size="small" title="部门" data-testid="address-book-departs">
            <DepartTree selectedKey={depart?.key ?? null} onSelectNode={setDepart} height={560} />
          </Card>
        </Col>
        <Col xs={24} md={17} lg={18}>
          <ListPage
            def={addressBookResource}
            urls={URLS}
            extraParams={extraParams}
            superQuery={false}
            title={<Typography.Text data-testid="address-book-scope">{depart ? depart.departName || depart.title : '全部人员'}</Typography.Text>}
          />
        </Col>
      </Row>
    </PageWrapper>
  );
}
