'use client';

import { useState } from 'react';
import ImgCrop from 'antd-img-crop';
import { App, Avatar, Button, Flex, Upload, type ButtonProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { avatarInitial, avatarUrl } from '@/lib/account/avatar';
import { checkMaterialFile } from '@/lib/upload/rules';
import { uploadFile } from '@/lib/upload/upload-file';
import { useApiError } from '@/components/feedback/use-api-error';
import { AVATAR_BIZ } from '../../../lib/account/account-rules';

interface AvatarUploadProps {
  avatar: string | null;
  realname: string;
  username: string;
  /** Saves the stored path as the avatar (the server checks the file again by its content). */
  onUploaded: (path: string) => Promise<void>;
}

/**
 * 头像: choose an image, crop it square (antd-img-crop), upload it through the general upload with the image
 * rules (`kind=image`: png/jpg/jpeg/gif by content, 2 MB) into the avatar folder, then save it.
 */
export function AvatarUpload({ avatar, realname, username, onUploaded }: AvatarUploadProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const src = avatarUrl(avatar);

  return (
    <Flex vertical align="center" gap={12} data-testid="avatar-block">
      <Avatar size={112} src={src} style={src ? undefined : { backgroundColor: '#58B8A1', fontSize: 40 }} data-testid="avatar-preview">
        {src ? null : avatarInitial(realname, username)}
      </Avatar>
      <ImgCrop
        rotationSlider
        showReset
        modalTitle="裁剪头像"
        modalOk="确定"
        modalCancel="取消"
        resetText="重置"
        // data-* is not in ButtonProps' type, though antd passes it to the button.
        modalProps={{ okButtonProps: { 'data-testid': 'avatar-crop-ok' } as ButtonProps }}
      >
        <Upload
          accept=".png,.jpg,.jpeg,.gif"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            // The same rule the server applies (it checks the content too): refuse early, without a round trip.
            const problem = checkMaterialFile({ name: file.name, size: file.size }, 'image');
            if (problem) {
              message.error(problem);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const { path } = await uploadFile(file as File, { biz: AVATAR_BIZ, kind: 'image' });
              await onUploaded(path);
              onSuccess?.(path);
            } catch (e) {
              showError(e);
              onError?.(e as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="avatar-upload">
            更换头像
          </Button>
        </Upload>
      </ImgCrop>
    </Flex>
  );
}
