/**
 * The `/vxeSocket/{userId}/{pageId}` wire format (spec 02 §7): every frame is JSON `{ type, data }`.
 * - `heart_beat`: sent by the client every 10 s; the server answers with the same type.
 * - `update_vxe_table`: a grid change; the server relays it to every other socket open on the same
 *   pageId (including the same user's other tabs, never back to the sender).
 * - `common_send_date`: a relayed free-form payload (JeecgBoot's name, spelling kept).
 * Frames that cannot be parsed or carry another type are logged and dropped, on both ends.
 */
export const VXE_SOCKET = {
  heartbeatMs: 10_000,
  /** No answer to a heartbeat within this time counts as a dead socket. */
  heartbeatTimeoutMs: 6_000,
  reconnectMs: 5_000,
} as const;

export type VxeSocketType = 'heart_beat' | 'update_vxe_table' | 'common_send_date';

/**
 * What a grid sends when a persisted row changed: `socketKey` names the grid (e.g. `sys_dict_item`),
 * `args` is the grid's own change description, e.g. `['update', rowId, { itemText: '新值' }]`,
 * `['insert', row]`, `['remove', [ids]]`, `['reload']`.
 */
export interface VxeUpdateData {
  socketKey: string;
  args: unknown[];
  /** Filled in by the server from the authenticated socket, never trusted from the client. */
  userId?: string;
}

export interface VxeSocketFrame {
  type: VxeSocketType;
  data?: VxeUpdateData | unknown;
}
