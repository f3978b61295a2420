/**
 * Menu, button and page-control permissions (spec 01 §6, contract §3), pure and isomorphic.
 * Storage is only touched through the Storage object handed in. The button rule that the client and the
 * embedded backend both apply is ./rule.ts; the permission codes are ./codes.ts.
 */
// Relative, not '@/': the embedded backend imports this module too, outside Next's resolver.
import type { AuthEntry, MenuNode } from '../menu-types';
import { LOGIN_USER_BUTTON_AUTH, SYS_BUTTON_AUTH } from '../storage-keys';
import { hasButtonAuth, type AuthContext } from './rule';

export type { AuthEntry } from '../menu-types';
export * from './rule';
export * from './ownership';

/* ------------------------------------------------------------------ menu filtering */

/**
 * Spec 01 §6: a node shows when it has no permission requirement (`meta.permission` absent or empty)
 * or when any of its required codes is held. Children are filtered recursively. A parent that had
 * children and has none left after filtering is removed; a parent whose remaining children are all
 * flagged `hidden` stays reachable but is marked hidden itself (contract §3: "a node whose children are
 * all hidden is hidden"). The input is never mutated; kept nodes are shallow copies.
 */
export function filterMenu(nodes: readonly MenuNode[], userPermissionCodes: Iterable<string>): MenuNode[] {
  const held = new Set(userPermissionCodes);
  const walk = (list: readonly MenuNode[]): MenuNode[] => {
    const out: MenuNode[] = [];
    for (const node of list) {
      const required = node.meta?.permission ?? [];
      if (required.length > 0 && !required.some((code) => held.has(code))) continue;
      if (node.children && node.children.length > 0) {
        const children = walk(node.children);
        if (children.length === 0) continue;
        const copy: MenuNode = { ...node, children };
        if (children.every((c) => c.hidden)) copy.hidden = true;
        out.push(copy);
      } else {
        out.push({ ...node });
      }
    }
    return out;
  };
  return walk(nodes);
}

/* ------------------------------------------------------------------ ownership */

/* ------------------------------------------------------------------ warning helper */

/** Spec 01 §5: the permission check helper's warning. */
export const NO_PERMISSION_WARNING = Object.freeze({ title: '提示', content: '没有权限查看' } as const);

/** The warning to show when `code` is not granted (by `hasButtonAuth`), else null. */
export function permissionWarning(code: string, ctx: AuthContext): typeof NO_PERMISSION_WARNING | null {
  return hasButtonAuth(code, ctx) ? null : NO_PERMISSION_WARNING;
}

/* ------------------------------------------------------------------ session storage */

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Spec 01 §6: `auth` and `allAuth` are kept in session storage as JSON arrays. */
export function storeAuthLists(storage: KeyValueStorage, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): void {
  storage.setItem(LOGIN_USER_BUTTON_AUTH, JSON.stringify(auth ?? []));
  storage.setItem(SYS_BUTTON_AUTH, JSON.stringify(allAuth ?? []));
}

function parseEntries(raw: string | null): AuthEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object' && typeof (e as { action?: unknown }).action === 'string')
      .map((e) => {
        const entry: AuthEntry = { action: e.action as string, type: String(e.type ?? ''), describe: typeof e.describe === 'string' ? e.describe : '' };
        if (e.status !== undefined && e.status !== null) entry.status = String(e.status);
        return entry;
      });
  } catch {
    return [];
  }
}

/** Reads both lists back; a missing or malformed value reads as an empty list (entries without a string action are dropped). */
export function readAuthLists(storage: Pick<Storage, 'getItem'>): { auth: AuthEntry[]; allAuth: AuthEntry[] } {
  return { auth: parseEntries(storage.getItem(LOGIN_USER_BUTTON_AUTH)), allAuth: parseEntries(storage.getItem(SYS_BUTTON_AUTH)) };
}
