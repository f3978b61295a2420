import { avatarInitial, avatarUrl } from './avatar';

describe('avatar helpers', () => {
  it('turns stored avatar paths into image URLs', () => {
    expect(avatarUrl(null)).toBeUndefined();
    expect(avatarUrl('  ')).toBeUndefined();
    expect(avatarUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(avatarUrl('/logo.svg')).toBe('/logo.svg');
    expect(avatarUrl('temp/头像 1.png')).toBe('/jeecg-boot/sys/common/static/temp/%E5%A4%B4%E5%83%8F%201.png');
  });

  it('uses the first character of the name', () => {
    expect(avatarInitial('李文静')).toBe('李');
    expect(avatarInitial('', 'teacher')).toBe('T');
    expect(avatarInitial(null, null)).toBe('?');
  });
});
