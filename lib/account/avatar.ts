import { API_PREFIX } from '@/lib/config';

/** A stored avatar as an image URL: absolute, root-relative and data URLs pass; upload paths go through the static file endpoint. */
export function avatarUrl(avatar: string | null | undefined): string | undefined {
  const a = avatar?.trim();
  if (!a) return undefined;
  if (/^(https?:|data:image\/|\/)/i.test(a)) return a;
  return `${API_PREFIX}/sys/common/static/${a.split('/').map(encodeURIComponent).join('/')}`;
}

/** The letter shown in an avatar without a picture: the first character of the name. */
export function avatarInitial(realname: string | null | undefined, username?: string | null): string {
  const name = (realname?.trim() || username?.trim() || '').trim();
  return name ? Array.from(name)[0].toUpperCase() : '?';
}
