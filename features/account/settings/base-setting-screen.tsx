'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import useSWR from 'swr';
import dayjs from 'dayjs';
import { Alert, App, Button, Flex, Form, Input, Radio, Skeleton, Space } from 'antd';
import { DateField } from '@/components/inputs/date-pickers';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { maskPhone } from '../../../lib/account/mask-phone';
import { EMAIL_MAX, EMAIL_RE, PROFILE_MESSAGES, REALNAME_MAX } from '../../../lib/account/account-rules';
import { AvatarUpload } from './avatar-upload';
import { PhoneModal } from './phone-modal';
import { SettingsLayout } from './settings-layout';
import { SETTINGS_URLS, type Profile } from './settings-urls';

interface ProfileValues {
  realname: string;
  email?: string;
  birthday?: string;
  sex?: number | null;
}

const loadProfile = async () => (await http.get<Profile>(SETTINGS_URLS.profile)).result;

/**
 * 基本设置 (account/settings/BaseSetting) with 头像: the user's own name, e-mail, birthday and sex (JeecgBoot's
 * userEdit), the phone changed by an SMS code to the new number, the sign-in name shown read-only. A save
 * refreshes the console layout, so the header's name and avatar change at once (no sign-in again).
 */
export default function BaseSettingScreen() {
  const router = useRouter();
  const { message } = App.useApp();
  const showError = useApiError();
  const { data, error, isLoading, mutate } = useSWR(SETTINGS_URLS.profile, loadProfile, { revalidateOnFocus: false });
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);

  useEffect(() => {
    if (data) form.setFieldsValue({ realname: data.realname, email: data.email ?? '', birthday: data.birthday ?? undefined, sex: data.sex ?? null });
  }, [data, form]);

  /** After any change: this page's copy and the server-rendered header (name, avatar). */
  const changed = async () => {
    await mutate();
    router.refresh();
  };

  const save = async (v: ProfileValues) => {
    setSaving(true);
    try {
      const res = await http.post<null>(SETTINGS_URLS.userEdit, { realname: v.realname.trim(), email: v.email?.trim() ?? '', birthday: v.birthday ?? '', sex: v.sex ?? null });
      message.success(res.message || PROFILE_MESSAGES.saved);
      await changed();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  const saveAvatar = async (path: string) => {
    await http.post<null>(SETTINGS_URLS.userEdit, { avatar: path });
    message.success('头像已更新');
    await changed();
  };

  return (
    <SettingsLayout active="base">
      {error && <Alert type="error" showIcon title="加载个人信息失败" description={error instanceof Error ? error.message : undefined} />}
      {isLoading && <Skeleton active />}
      {data && (
        <Flex gap={48} wrap="wrap-reverse" align="flex-start" data-testid="base-setting">
          <Form form={form} layout="vertical" onFinish={save} style={{ flex: '1 1 320px', maxWidth: 480 }} data-testid="base-setting-form">
            <Form.Item label="登录账号">
              <Input value={data.username} disabled data-testid="base-username" />
            </Form.Item>
            <Form.Item name="realname" label="姓名" rules={[{ required: true, whitespace: true, message: PROFILE_MESSAGES.realnameRequired }, { max: REALNAME_MAX, message: PROFILE_MESSAGES.realnameTooLong }]}>
              <Input maxLength={REALNAME_MAX} data-testid="base-realname" />
            </Form.Item>
            <Form.Item name="email" label="邮箱" rules={[{ max: EMAIL_MAX, message: PROFILE_MESSAGES.emailTooLong }, { pattern: EMAIL_RE, message: PROFILE_MESSAGES.emailInvalid }]}>
              <Input maxLength={EMAIL_MAX} data-testid="base-email" />
            </Form.Item>
            <Form.Item label="手机号">
              <Space>
                <span data-testid="base-phone">{data.phone ? maskPhone(data.phone) : '未绑定'}</span>
                <Button type="link" onClick={() => setPhoneOpen(true)} data-testid="base-phone-change">
                  {data.phone ? '修改' : '绑定'}
                </Button>
              </Space>
            </Form.Item>
            <Form.Item name="birthday" label="生日">
              <DateField disabledDate={(d) => d.isAfter(dayjs(), 'day')} data-testid="base-birthday" />
            </Form.Item>
            <Form.Item name="sex" label="性别">
              <Radio.Group
                options={[
                  { value: 1, label: '男' },
                  { value: 2, label: '女' },
                ]}
                data-testid="base-sex"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="base-save">
              更新基本信息
            </Button>
          </Form>
          <AvatarUpload avatar={data.avatar} realname={data.realname} username={data.username} onUploaded={saveAvatar} />
        </Flex>
      )}
      <PhoneModal
        open={phoneOpen}
        current={data?.phone ? maskPhone(data.phone) : null}
        onClose={() => setPhoneOpen(false)}
        onDone={() => {
          setPhoneOpen(false);
          void changed();
        }}
      />
    </SettingsLayout>
  );
}
