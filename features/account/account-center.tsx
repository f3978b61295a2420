import type { ReactNode } from 'react';
import { Avatar, Card, Col, Divider, Flex, Row, Tag } from 'antd';
import { DetailList } from '@/components/layout/detail-list';
import { PRIMARY_COLOR } from '@/lib/config';
import { avatarInitial, avatarUrl } from '@/lib/account/avatar';
import { DictText } from '@/components/data/dict/dict-text';
import { POSITION_DICT } from '@/features/system/position/position-resource';
import { maskPhone } from '../../lib/account/mask-phone';
import type { AccountInfoResult } from '@/lib/account/types';

const sectionTitle = { margin: '0 0 12px', fontSize: 14, fontWeight: 600, color: 'rgba(0,0,0,0.88)' } as const;
const muted = { color: 'rgba(0,0,0,0.45)' } as const;

const orUnset = (value: string | null | undefined, testId?: string): ReactNode =>
  value && value.trim() ? <span data-testid={testId}>{value}</span> : <span style={muted} data-testid={testId}>未设置</span>;

/** The account center (spec 01 §1): who I am, where I work, what I may do, and until when. Server-rendered. */
export function AccountCenter({ account }: { account: AccountInfoResult }) {
  const { userInfo: user, departs, roles, accountInfo } = account;
  const src = avatarUrl(user.avatar);
  const endTime = accountInfo.endTime?.trim() ? accountInfo.endTime : '长期有效';

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={8} xl={7}>
        <Card>
          <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
            <Avatar size={104} src={src} style={src ? undefined : { backgroundColor: PRIMARY_COLOR, fontSize: 44 }}>
              {src ? null : avatarInitial(user.realname, user.username)}
            </Avatar>
            <h2 style={{ margin: '8px 0 0', fontSize: 20, fontWeight: 600 }} data-testid="account-realname">
              {user.realname || user.username}
            </h2>
            <span style={muted} data-testid="account-username">
              {user.username}
            </span>
            {user.post && <DictText dictCode={POSITION_DICT} value={user.post} />}
          </Flex>
          <Divider dashed />
          <h3 style={sectionTitle}>所属部门</h3>
          {departs.length ? (
            <Flex wrap gap={8} data-testid="account-departs">
              {departs.map((d) => {
                const current = d.orgCode === user.orgCode;
                return (
                  <Tag key={d.id} color={current ? PRIMARY_COLOR : undefined} data-testid="account-depart-tag" data-org-code={d.orgCode} data-current={current ? 'true' : 'false'}>
                    {d.departName}
                  </Tag>
                );
              })}
            </Flex>
          ) : (
            <span style={muted}>暂无部门</span>
          )}
          <Divider dashed />
          <h3 style={sectionTitle}>角色</h3>
          {roles.length ? (
            <Flex wrap gap={8} data-testid="account-roles">
              {roles.map((r) => (
                <Tag key={r.roleCode} color="blue" data-testid="account-role-tag" data-role-code={r.roleCode}>
                  {r.roleName}
                </Tag>
              ))}
            </Flex>
          ) : (
            <span style={muted}>暂无角色</span>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card title="基本信息">
          <DetailList
            col={2}
            items={[
              { key: 'username', label: '用户名', children: orUnset(user.username) },
              { key: 'realname', label: '姓名', children: orUnset(user.realname) },
              { key: 'workNo', label: '工号', children: orUnset(user.workNo, 'account-work-no') },
              // sys_user.post holds 职务 codes (issue #24): shown by name.
              { key: 'post', label: '职务', children: user.post?.trim() ? <span data-testid="account-post"><DictText dictCode={POSITION_DICT} value={user.post} /></span> : orUnset(null, 'account-post') },
              { key: 'phone', label: '手机号', children: orUnset(maskPhone(user.phone), 'account-phone') },
              { key: 'email', label: '邮箱', children: orUnset(user.email, 'account-email') },
              { key: 'depart', label: '当前部门', children: orUnset(user.orgCodeTxt, 'account-current-depart') },
              { key: 'endTime', label: '账号有效期', children: <span data-testid="account-end-time">{endTime}</span> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
