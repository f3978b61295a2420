/**
 * JS 增强 of a designed online form (issues #25, #38): the administrator's script runs in the browser in a Worker
 * started by the document SANDBOX_PATH, which is framed as `<iframe sandbox="allow-scripts">` without
 * `allow-same-origin` (an opaque origin: no cookies, no storage, no DOM or JavaScript of ours) and whose
 * Content-Security-Policy the Worker inherits (nothing loaded or sent). The script talks to the screen only through
 * the messages below. This module is the screen's half: the protocol, the client (ids, 2-second timeouts, a reset of
 * a script that overran) and the checks that turn whatever the script answers into something the screen can use.
 * The sandbox document and its headers: ./enhance-sandbox.ts; the iframe: ./auto/use-enhance.tsx.
 */

/** The hook API, as the designer's help shows it (features/online/cgform/design/). */
export const ENHANCE_HELP = `列表增强（列表）：
  api.buttons = [{ key: 'remind', text: '提醒' }];          // 工具栏按钮
  api.onButton = function (key, rows) {                     // rows：选中的行
    return { message: '已选择 ' + rows.length + ' 行' };     // 或 { refresh: true } 刷新列表
  };
表单增强（表单）：
  api.onLoad = function (row) { return { qty: 1 }; };      // 新增时的默认值
  api.beforeSubmit = function (row) {                       // 保存前；返回 { error } 则不保存
    if (row.qty > 10) return { error: '数量不能超过10' };
    return { row: row };                                    // 可修改后返回
  };
脚本在隔离的后台线程中运行（没有 window 和 document），不能访问页面、Cookie 或接口；
每次调用最多 2 秒，超时的脚本会被停止并重新载入。`;

export const ENHANCE_CHANNEL = 'jw-enhance';
export const ENHANCE_TIMEOUT_MS = 2000;
export const ENHANCE_TIMEOUT = '增强脚本超时（超过2秒）';
export const MAX_BUTTONS = 10;
/** The sandbox document's own URL (app/enhance-sandbox/route.ts; outside the page guard and the BFF prefix). */
export const SANDBOX_PATH = '/enhance-sandbox';

export type EnhanceHook = 'button' | 'onLoad' | 'beforeSubmit';

/** Screen → sandbox. `reset` ends the Worker (a hook overran its 2 s) and starts the same script in a new one. */
export type ToSandbox =
  | { channel: typeof ENHANCE_CHANNEL; type: 'init'; script: string }
  | { channel: typeof ENHANCE_CHANNEL; type: 'call'; id: number; hook: EnhanceHook; args: unknown[] }
  | { channel: typeof ENHANCE_CHANNEL; type: 'reset' };

/** Sandbox → screen. */
export type FromSandbox =
  | { channel: typeof ENHANCE_CHANNEL; type: 'ready'; buttons: unknown }
  | { channel: typeof ENHANCE_CHANNEL; type: 'error'; message: string }
  | { channel: typeof ENHANCE_CHANNEL; type: 'result'; id: number; ok: boolean; value?: unknown; message?: string };

export const isFromSandbox = (d: unknown): d is FromSandbox => typeof d === 'object' && d !== null && (d as { channel?: unknown }).channel === ENHANCE_CHANNEL;

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v).slice(0, max) : '');

export interface EnhanceButton {
  key: string;
  text: string;
}

/** The toolbar buttons a list script declared: keys unique, texts shown, at most MAX_BUTTONS. */
export function toButtons(value: unknown): EnhanceButton[] {
  if (!Array.isArray(value)) return [];
  const out: EnhanceButton[] = [];
  for (const b of value) {
    if (typeof b !== 'object' || b === null) continue;
    const key = str((b as Record<string, unknown>).key, 32).trim();
    const text = str((b as Record<string, unknown>).text, 20).trim();
    if (!/^[A-Za-z0-9_-]+$/.test(key) || !text || out.some((x) => x.key === key)) continue;
    out.push({ key, text });
    if (out.length >= MAX_BUTTONS) break;
  }
  return out;
}

/** A button hook's answer: a message to show and/or a list refresh. */
export function toButtonResult(value: unknown): { message?: string; refresh?: boolean } {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const message = str(v.message, 200).trim();
  return { ...(message ? { message } : {}), ...(v.refresh === true ? { refresh: true } : {}) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Only the form's own fields, with plain values (a script cannot add other keys to what is sent). */
function pick(value: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!Object.hasOwn(value, f)) continue;
    const v = value[f];
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[f] = v;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) out[f] = v;
  }
  return out;
}

/** onLoad's defaults: the form's fields only. */
export const toDefaults = (value: unknown, fields: readonly string[]): Record<string, unknown> => (isRecord(value) ? pick(value, fields) : {});

/** beforeSubmit's answer: `{error}` stops the save; `{row}` changes the form's fields; anything else keeps the row. */
export function toSubmitResult(value: unknown, row: Record<string, unknown>, fields: readonly string[]): { error: string } | { row: Record<string, unknown> } {
  if (!isRecord(value)) return { row };
  const error = str(value.error, 200).trim();
  if (error) return { error };
  return isRecord(value.row) ? { row: { ...row, ...pick(value.row, fields) } } : { row };
}

/**
 * Messages to the sandbox frame, held until its document has loaded: before that the frame's window is the initial
 * about:blank, and whatever is posted to it is lost. `open` sends `init` first, then what waited, in order.
 */
export function createSandboxOutbox() {
  let target: { postMessage: (m: ToSandbox, origin: string) => void } | null = null;
  const waiting: ToSandbox[] = [];
  // The sandbox has an opaque origin, so '*' is the only target origin that reaches it; it gets only what it asks for.
  return {
    post(m: ToSandbox) {
      if (target) target.postMessage(m, '*');
      else waiting.push(m);
    },
    open(win: { postMessage: (m: ToSandbox, origin: string) => void }, init: ToSandbox) {
      target = win;
      for (const m of [init, ...waiting.splice(0)]) win.postMessage(m, '*');
    },
  };
}

/**
 * The screen's side: numbered calls, each settled by its `result` or after `timeoutMs` (rejected with
 * ENHANCE_TIMEOUT). A timeout also asks the sandbox to `reset` (a runaway hook must not keep its Worker busy), and
 * the calls still waiting behind it, which that Worker will never answer, are rejected with the same message.
 * `post` sends to the sandbox; feed the sandbox's messages to `receive`.
 */
export function createEnhanceClient(post: (m: ToSandbox) => void, timeoutMs = ENHANCE_TIMEOUT_MS) {
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  return {
    call(hook: EnhanceHook, args: unknown[]): Promise<unknown> {
      const id = next++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(ENHANCE_TIMEOUT));
          for (const [, p] of pending) {
            clearTimeout(p.timer);
            p.reject(new Error(ENHANCE_TIMEOUT));
          }
          pending.clear();
          post({ channel: ENHANCE_CHANNEL, type: 'reset' });
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        post({ channel: ENHANCE_CHANNEL, type: 'call', id, hook, args });
      });
    },
    receive(m: FromSandbox) {
      if (m.type !== 'result') return;
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(str(m.message, 200) || '增强脚本出错'));
    },
    /** Rejects whatever is still waiting (the sandbox went away). */
    close() {
      for (const [, p] of pending) {
        clearTimeout(p.timer);
        p.reject(new Error('增强脚本已停止'));
      }
      pending.clear();
    },
  };
}

export type EnhanceClient = ReturnType<typeof createEnhanceClient>;
