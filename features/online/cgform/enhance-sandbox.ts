/**
 * The sandbox document of JS 增强 (issue #38, point 5), served by app/enhance-sandbox/route.ts at SANDBOX_PATH and
 * framed by ./auto/use-enhance.tsx as `<iframe sandbox="allow-scripts">`.
 *
 * The administrator's script never runs in a document: a document can be navigated (`location.href = 'http://…?rows=…'`
 * carries rows out, and CSP does not govern navigation). The frame's only script is SANDBOX_BOOTSTRAP (ours, allowed
 * by its hash); it starts SANDBOX_WORKER from a blob: URL, hands it the script, and relays messages between the
 * Worker and the screen. A Worker has no document to navigate, no DOM and no window.parent, and a blob: Worker
 * inherits the frame's policy (connect-src 'none' and default-src 'none': fetch, XMLHttpRequest, WebSocket,
 * EventSource, importScripts and fonts fail). The policy carries `sandbox allow-scripts` too, so the document has an
 * opaque origin even when opened directly. Served from its own URL (not srcdoc) so that it has these headers and
 * not the console page's policy, which a srcdoc frame would inherit.
 */
import { createHash } from 'node:crypto';
import { ENHANCE_CHANNEL, ENHANCE_TIMEOUT, ENHANCE_TIMEOUT_MS } from './enhance-runtime';

/**
 * The Worker's script (ES5, no imports): waits for `init`, runs the administrator's script with `api`, answers
 * `ready` with the declared buttons, then answers each `call` with the hook's (possibly promised) value. Only the
 * frame's bootstrap can post to it.
 */
export const SANDBOX_WORKER = `(function () {
  var CH = '${ENHANCE_CHANNEL}';
  var api = { buttons: [] };
  var started = false;
  var post = self.postMessage.bind(self);
  function send(m) { m.channel = CH; post(m); }
  function text(e) { return String(e && e.message ? e.message : e).slice(0, 200); }
  self.addEventListener('message', function (ev) {
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

/**
 * The frame's script (ES5): keeps the script from the first `init`, starts SANDBOX_WORKER with it, passes `call`s
 * on and the Worker's `ready`/`error`/`result` back (rebuilt field by field, nothing else). `reset` ends the Worker and
 * starts a new one with the same script; a script whose start takes over 2 s is ended and reported as ENHANCE_TIMEOUT.
 * Messages from anything but the parent window are ignored.
 */
export const SANDBOX_BOOTSTRAP = `(function () {
  var CH = '${ENHANCE_CHANNEL}';
  var LIMIT = ${ENHANCE_TIMEOUT_MS};
  var url = URL.createObjectURL(new Blob([${JSON.stringify(SANDBOX_WORKER)}], { type: 'text/javascript' }));
  var script = null;
  var worker = null;
  var watchdog = 0;
  function toParent(m) { m.channel = CH; window.parent.postMessage(m, '*'); }
  function stop() { clearTimeout(watchdog); if (worker) { worker.terminate(); worker = null; } }
  function start() {
    stop();
    var w;
    try { w = worker = new Worker(url); }
    catch (e) { toParent({ type: 'error', message: String(e && e.message ? e.message : e).slice(0, 200) }); return; }
    w.onmessage = function (ev) {
      var d = ev.data;
      if (w !== worker || !d || d.channel !== CH) return;
      if (d.type === 'ready') { clearTimeout(watchdog); toParent({ type: 'ready', buttons: d.buttons }); }
      else if (d.type === 'error') { stop(); toParent({ type: 'error', message: String(d.message) }); }
      else if (d.type === 'result') toParent({ type: 'result', id: d.id, ok: d.ok === true, value: d.value, message: d.message });
    };
    w.onerror = function (e) { if (e && e.preventDefault) e.preventDefault(); };
    w.postMessage({ channel: CH, type: 'init', script: script });
    watchdog = setTimeout(function () { if (w === worker) { stop(); toParent({ type: 'error', message: ${JSON.stringify(ENHANCE_TIMEOUT)} }); } }, LIMIT);
  }
  window.addEventListener('message', function (ev) {
    if (ev.source !== window.parent) return;
    var d = ev.data;
    if (!d || d.channel !== CH) return;
    if (d.type === 'init') { if (script === null) { script = String(d.script); start(); } return; }
    if (d.type === 'reset') { if (worker) start(); return; }
    if (d.type === 'call' && worker) worker.postMessage({ channel: CH, type: 'call', id: d.id, hook: String(d.hook), args: d.args });
  });
})();`;

/** The frame's whole document: the bootstrap and nothing else (the administrator's script arrives by message). */
export const sandboxDocument = () => `<!doctype html><html><head><meta charset="utf-8"><title>增强脚本</title></head><body><script>${SANDBOX_BOOTSTRAP}</script></body></html>`;

const BOOTSTRAP_HASH = `sha256-${createHash('sha256').update(SANDBOX_BOOTSTRAP, 'utf8').digest('base64')}`;

/**
 * The document's policy, inherited by its blob: Worker. Only the bootstrap runs in the document; 'unsafe-eval' is for
 * the Worker, which runs the administrator's script with `new Function`. Nothing may be loaded, connected to or
 * submitted; only this origin may frame it. Browsers never shipped `navigate-to`, so navigation is closed by having no
 * document run the administrator's script at all.
 */
export const SANDBOX_CSP = [
  'sandbox allow-scripts',
  "default-src 'none'",
  `script-src '${BOOTSTRAP_HASH}' 'unsafe-eval'`,
  'worker-src blob:',
  "connect-src 'none'",
  "img-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Every header of the sandbox document (next.config.ts adds X-Frame-Options, nosniff and Referrer-Policy). */
export const sandboxHeaders = (): Record<string, string> => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': SANDBOX_CSP,
  'Cache-Control': 'no-cache',
});
