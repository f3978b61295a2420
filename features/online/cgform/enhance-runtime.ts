/**
 * JS 增强 of a designed online form (issue #25): the administrator's script runs in the browser inside an
 * `<iframe sandbox="allow-scripts">` without `allow-same-origin` (an opaque origin: no cookies, no storage, no DOM
 * or JavaScript of ours), and talks to the screen only through the messages below. This module is the pure half:
 * the sandbox's bootstrap (a string, run only inside the iframe), the screen's client (ids, 2-second timeouts) and
 * the checks that turn whatever the script answers into something the screen can use. The iframe itself:
 * ./auto/use-enhance.tsx.
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
脚本在隔离的沙箱中运行，不能访问页面、Cookie 或接口；每次调用最多 2 秒。`;

export const ENHANCE_CHANNEL = 'jw-enhance';
export const ENHANCE_TIMEOUT_MS = 2000;
export const ENHANCE_TIMEOUT = '增强脚本超时（超过2秒）';
export const MAX_BUTTONS = 10;

export type EnhanceHook = 'button' | 'onLoad' | 'beforeSubmit';

/** Screen → sandbox. */
export type ToSandbox = { channel: typeof ENHANCE_CHANNEL; type: 'init'; script: string } | { channel: typeof ENHANCE_CHANNEL; type: 'call'; id: number; hook: EnhanceHook; args: unknown[] };

/** Sandbox → screen. */
export type FromSandbox =
  | { channel: typeof ENHANCE_CHANNEL; type: 'ready'; buttons: unknown }
  | { channel: typeof ENHANCE_CHANNEL; type: 'error'; message: string }
  | { channel: typeof ENHANCE_CHANNEL; type: 'result'; id: number; ok: boolean; value?: unknown; message?: string };

/**
 * The sandbox's own script (ES5, no imports): waits for `init`, runs the administrator's script with `api`, answers
 * `ready` with the declared buttons, then answers each `call` with the hook's (possibly promised) value. Messages
 * from anything but the parent window are ignored.
 */
export const SANDBOX_BOOTSTRAP = `(function () {
  var CH = '${ENHANCE_CHANNEL}';
  var api = { buttons: [] };
  var started = false;
  function send(m) { m.channel = CH; window.parent.postMessage(m, '*'); }
  function text(e) { return String(e && e.message ? e.message : e).slice(0, 200); }
  window.addEventListener('message', function (ev) {
    if (ev.source !== window.parent) return;
    var d = ev.data;
    if (!d || d.channel !== CH) return;
    if (d.type === 'init' && !started) {
      started = true;
      try { new Function('api', String(d.script))(api); send({ type: 'ready', buttons: api.buttons }); }
      catch (e) { send({ type: 'error', message: text(e) }); }
      return;
    }
    if (d.type !== 'call') return;
    var fn = d.hook === 'button' ? api.onButton : api[d.hook];
    if (typeof fn !== 'function') { send({ type: 'result', id: d.id, ok: true, value: undefined }); return; }
    Promise.resolve().then(function () { return fn.apply(null, d.args || []); }).then(
      function (v) { try { send({ type: 'result', id: d.id, ok: true, value: v }); } catch (e) { send({ type: 'result', id: d.id, ok: false, message: '增强脚本返回值无法传递' }); } },
      function (e) { send({ type: 'result', id: d.id, ok: false, message: text(e) }); });
  });
})();`;

/** The iframe's whole document. */
// The document's own policy: its inline scripts run, and nothing may be loaded or sent anywhere (no fetch, images,
// forms or frames), so a script can talk to the screen only through postMessage.
const SANDBOX_CSP = "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; form-action 'none'";
export const sandboxDocument = () =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${SANDBOX_CSP}"></head><body><script>${SANDBOX_BOOTSTRAP}</script></body></html>`;

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
 * The screen's side: numbered calls, each settled by its `result` or after `timeoutMs` (rejected with
 * ENHANCE_TIMEOUT). `post` sends to the sandbox; feed the sandbox's messages to `receive`.
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
