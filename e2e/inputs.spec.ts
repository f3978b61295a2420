import { expect, test, type Page } from '@playwright/test';
import { type Envelope, signIn } from './support';

/**
 * Spec 02 small inputs: the drag-to-verify slider (找回密码, reachable signed out), the tag input
 * (学员管理's form, 标签), the text filter input (场地管理's 详细地址) and the /vxeSocket relay.
 */

/** Drags the slider handle by `dx` px from its centre and releases. */
async function dragSlider(page: Page, dx: number | 'end') {
  const handle = page.getByTestId('slider-verify-handle');
  const track = page.getByTestId('slider-verify');
  const h = (await handle.boundingBox())!;
  const t = (await track.boundingBox())!;
  const x = h.x + h.width / 2;
  const y = h.y + h.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const to = dx === 'end' ? t.x + t.width + 20 : x + dx;
  await page.mouse.move(to, y, { steps: 8 });
  await page.mouse.up();
}

test('找回密码: 获取验证码 stays disabled until the slider is dragged all the way', async ({ page }) => {
  await page.goto('/user/alteration');
  const slider = page.getByTestId('slider-verify');
  const send = page.getByTestId('sms-send');
  await expect(slider).toHaveAttribute('data-state', 'idle');
  await expect(slider).toContainText('拖动滑块验证');
  await expect(send).toBeDisabled();
  const handleX = async () => (await page.getByTestId('slider-verify-handle').boundingBox())!.x;
  const home = await handleX();

  // Released half way: snaps back, still locked.
  await dragSlider(page, 80);
  await expect(slider).toHaveAttribute('data-state', 'idle');
  await expect(page.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
  await expect(send).toBeDisabled();
  // The snap back is animated (0.3 s): grab the handle again only once it is home.
  await expect.poll(handleX).toBeCloseTo(home, 0);

  await dragSlider(page, 'end');
  await expect(slider).toHaveAttribute('data-state', 'success');
  await expect(slider).toContainText('验证通过');
  await expect(send).toBeEnabled();
});

test('学员管理 form: 标签 gets a semicolon after every 2 characters', async ({ page }) => {
  await signIn(page, 'admin', '/edu/student');
  await expect(page).toHaveURL(/\/edu\/student$/);
  await page.getByTestId('list-add').click();
  const tags = page.getByTestId('tag-input-tags');
  await tags.click();
  await page.keyboard.type('数学英语;物');
  await expect(tags).toHaveValue('数学;英语;物');
  await page.keyboard.press('Backspace'); // the separator is not put back
  await expect(tags).toHaveValue('数学;英语');
  await page.keyboard.type('AB');
  await expect(tags).toHaveValue('数学;英语;AB;');
  await page.getByTestId('form-modal').getByLabel('姓名').click(); // blur: the stored value has no trailing separator
  await expect(tags).toHaveValue('数学;英语;AB');
});

test('场地管理: 详细地址 searches with 包含 (*v*) and 不等于 (!v)', async ({ page }) => {
  await signIn(page, 'admin', '/edu/location');
  await expect(page).toHaveURL(/\/edu\/location$/);
  const input = page.getByTestId('location-search-detail');
  await input.fill('东城区');
  const like = page.waitForRequest((r) => r.url().includes('/location/tblLocation/list') && new URL(r.url()).searchParams.get('detailLocation') === '*东城区*');
  await page.getByTestId('list-search-submit').click();
  await like;

  await page.getByTestId('location-search-detail-operator').click();
  await page.getByRole('menuitem', { name: '不等于' }).click();
  const ne = page.waitForRequest((r) => r.url().includes('/location/tblLocation/list') && new URL(r.url()).searchParams.get('detailLocation') === '!东城区');
  await page.getByTestId('list-search-submit').click();
  const res = await (await ne).response();
  const body = (await res!.json()) as Envelope<{ records: { detailLocation: string }[] }>;
  expect(body.success).toBe(true);
  expect(body.result.records.every((r) => r.detailLocation !== '东城区')).toBe(true);
});

test('/vxeSocket relays a grid change to the other sockets of the page and answers heart_beat', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).not.toHaveURL(/\/user\/login/);
  const info = (await (await page.request.get('/jeecg-boot/sys/user/getAccountInfoFromToken')).json()) as { result: { userInfo: { id: string } } };
  const userId = info.result.userInfo.id;
  const got = await page.evaluate(async (uid) => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/vxeSocket/${encodeURIComponent(uid)}/dict-items-e2e`;
    const open = (u: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(u);
        ws.onopen = () => resolve(ws);
        ws.onerror = () => reject(new Error('socket refused'));
      });
    const next = (ws: WebSocket) => new Promise<string>((resolve) => ws.addEventListener('message', (e) => resolve(String(e.data)), { once: true }));
    const a = await open(url);
    const b = await open(url);
    const relayed = next(b);
    a.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'grid1', args: ['reload'] } }));
    const beat = next(a);
    a.send(JSON.stringify({ type: 'heart_beat' }));
    const out = { relayed: JSON.parse(await relayed), beat: JSON.parse(await beat) };
    // Another user's id in the path is refused, and so is a page no grid declares (lib/grid/vxe-pages.ts).
    const refusedOf = (u: string) =>
      open(u).then(
        (ws) => (ws.close(), false),
        () => true,
      );
    const refused = await refusedOf(url.replace(`/vxeSocket/${encodeURIComponent(uid)}/`, '/vxeSocket/someone-else/'));
    const unknownPage = await refusedOf(url.replace('/dict-items-e2e', '/e2e_page'));
    a.close();
    b.close();
    return { ...out, refused, unknownPage };
  }, userId);
  expect(got.relayed).toEqual({ type: 'update_vxe_table', data: { socketKey: 'grid1', args: ['reload'], userId } });
  expect(got.beat).toEqual({ type: 'heart_beat' });
  expect(got.refused).toBe(true);
  expect(got.unknownPage).toBe(true);
});
