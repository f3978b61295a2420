import { PERMS } from '../permissions/codes';

/**
 * Which grid pages may be joined on `/vxeSocket/{userId}/{pageId}`, and with which permission code:
 * a socket relays what others type, so joining a page needs the same right as reading its rows.
 * A pageId matching no prefix is refused. Add a row here when a screen gives its grid a socket.
 */
export const VXE_PAGES: readonly { prefix: string; perm: string }[] = [
  // 数据字典 → 字典项 批量编辑: `dict-items-${dictId}`.
  { prefix: 'dict-items-', perm: PERMS.dictItem.list },
];

/** The permission code a page needs, or null when the page is not one of ours. */
export function vxePagePerm(pageId: string): string | null {
  const page = VXE_PAGES.find((p) => pageId.startsWith(p.prefix) && pageId.length > p.prefix.length);
  return page ? page.perm : null;
}
