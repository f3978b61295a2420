import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { signIn } from './support';

/** A solid 64×64 PNG (no fixture file): signature, IHDR, one IDAT of filter-0 rows, IEND. */
function png(r: number, g: number, b: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const size = 64;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

test('账户设置: a new avatar shows in the header at once; 分析页 with a date range shows the server’s figures', async ({ page }) => {
  await signIn(page, 'jiaowu');

  // 基本设置 → 头像: upload, crop, and the header's avatar is the stored image without signing in again.
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/account\/settings\/base$/);
  const headerImg = page.getByTestId('header-user').locator('img');
  // A retry on the same data dir starts with the first attempt's avatar: wait for a different one.
  const previous = (await headerImg.count()) ? await headerImg.getAttribute('src') : null;
  await page.getByTestId('avatar-block').locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(88, 184, 161) });
  await page.getByTestId('avatar-crop-ok').click();
  await expect(headerImg).toHaveAttribute('src', /\/sys\/common\/static\/avatar\//, { timeout: 15_000 });
  if (previous) await expect(headerImg).not.toHaveAttribute('src', previous);
  // A file that only claims to be an image is refused by the server, and the avatar stays.
  const before = await headerImg.getAttribute('src');
  await page.getByTestId('avatar-block').locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
  await expect(page.locator('.ant-message-notice').filter({ hasText: /图片|头像/ }).first()).toBeVisible();
  await expect(headerImg).toHaveAttribute('src', before!);

  // 分析页: a fixed range; the 课时包 revenue total is what the server computes for that range.
  await page.goto('/dashboard/analysis');
  const begin = '2026-01-01';
  const end = '2026-12-31';
  for (const [id, value] of [['analysis-begin', begin], ['analysis-end', end]] as const) {
    const input = page.getByTestId(id).locator('input');
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  }
  await page.getByTestId('analysis-search').click();
  await expect(page.getByTestId('analysis-figures')).toHaveAttribute('data-begin', begin);
  // The server's answer for the same range, asked from the page (the browser's own connection and session).
  const total = await page.evaluate(async (q) => {
    const r = (await (await fetch(`/jeecg-boot/dashboard/analysis/revenue?${q}`)).json()) as { result: { rows: { amount: number | string }[] } };
    return r.result.rows.reduce((n, row) => n + Number(row.amount), 0);
  }, `begin=${begin}&end=${end}`);
  expect(total).toBeGreaterThan(0);
  const shown = await page.getByTestId('figure-total-revenue-amount').innerText();
  expect(Number(shown.replace(/[^\d.]/g, ''))).toBeCloseTo(total, 2);
});
