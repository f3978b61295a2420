import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { bffGet, mobileFrom, runStamp, signIn } from './support';

/**
 * 招生简章 (issue #26 item 5) as one story: marketing composes a brochure on the 招生简章 template with a course block
 * (its own price) and a line of rich text, previews it, exports the PDF (its text has the title), publishes it and
 * copies the public link; a visitor opens the link in a fresh anonymous browser and signs up (the e2e server runs with
 * LOGIN_CAPTCHA=off, which the public form honours like the login); marketing then finds the visitor in the 线索池.
 */

test.use({ actionTimeout: 15_000 });

const stamp = runStamp();
const TITLE = `E2E简章${stamp}`;
const RICH = `暑期班火热报名中${stamp}`;
const VISITOR = `E2E家长${stamp}`;
// A mobile number nobody else has: 137 + 8 digits from the stamp.
const PHONE = mobileFrom('137', stamp);


const visibleList = (page: Page) => page.getByTestId('list-page').filter({ visible: true });
const rowOf = (page: Page, text: string) => visibleList(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const openOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
/** The input itself or the one inside (antd puts a data-testid on the input or on its wrapper depending on the widget). */
const inputOf = (l: Locator) => l.locator('xpath=descendant-or-self::input').first();

/** Clicks until `shows` is visible: a click landing before the page has hydrated does nothing. */
async function clickUntil(target: Locator, shows: Locator) {
  await expect(async () => {
    await target.click({ timeout: 5_000 });
    await expect(shows).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

const api = bffGet;

async function addBlock(page: Page, type: string) {
  await clickUntil(page.getByTestId('prospectus-add-block'), page.getByTestId(`prospectus-add-${type}`));
  await page.getByTestId(`prospectus-add-${type}`).click();
}

test('marketing publishes a brochure, a visitor signs up on its public page, the lead is in the pool', async ({ page, browser }) => {
  // ---- marketing composes the brochure.
  await signIn(page, 'marketing', '/work/prospectus');
  const list = visibleList(page);
  await clickUntil(list.getByTestId('list-add'), page.getByTestId('prospectus-title'));
  await page.getByTestId('prospectus-title').fill(TITLE);
  await page.getByTestId('prospectus-subtitle').fill('小班授课 · 名师带班');

  await addBlock(page, 'courses');
  await page.getByTestId('prospectus-block-0-add-item').click();
  await page.getByTestId('prospectus-block-0-course-0').locator('.ant-select').click();
  const firstCourse = openOptions(page).first();
  await expect(firstCourse).toBeVisible();
  // Options read "name（¥price）": the name is what the brochure shows.
  const courseName = ((await firstCourse.textContent()) ?? '').replace(/（¥.*）$/, '').trim();
  expect(courseName).not.toBe('');
  await firstCourse.click();
  await inputOf(page.getByTestId('prospectus-block-0-price-0')).fill('1880');
  await inputOf(page.getByTestId('prospectus-block-0-note-0')).fill('含教材');

  await addBlock(page, 'richText');
  const rich = page.getByTestId('prospectus-block-1-rich-content');
  await expect(rich).toBeVisible();
  await rich.click();
  await page.keyboard.type(RICH);

  // ---- 预览 draws what the public page will.
  await page.getByTestId('prospectus-preview').click();
  const preview = page.getByTestId('brochure-view').filter({ visible: true });
  await expect(preview.getByTestId('brochure-title')).toHaveText(TITLE);
  await expect(preview.getByTestId('brochure-price')).toHaveText('¥1880.00');
  await expect(preview).toContainText(courseName);
  await expect(preview).toContainText(RICH);
  await page.getByRole('dialog', { name: '预览' }).locator('.ant-modal-close').click();
  await expect(preview).toBeHidden();

  await page.getByTestId('prospectus-save').click();
  await expect(page.getByTestId('prospectus-title')).toBeHidden();
  await expect(rowOf(page, TITLE)).toHaveCount(1);
  const { records } = await api<{ records: { id: string; title: string }[] }>(page, `/edu/prospectus/list?template=prospectus&title=${encodeURIComponent(`*${TITLE}*`)}`);
  expect(records).toHaveLength(1);
  const id = records[0].id;

  // ---- 导出PDF: a real PDF whose text has the title and the course's price.
  const [download] = await Promise.all([page.waitForEvent('download'), rowOf(page, TITLE).getByTestId(`prospectus-pdf-${id}`).click()]);
  expect(download.suggestedFilename()).toBe(`${TITLE}.pdf`);
  const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  expect(text).toContain(TITLE);
  expect(text).toContain('¥1880.00');

  // ---- 发布: the public link.
  await rowOf(page, TITLE).getByTestId(`prospectus-publish-${id}`).click();
  const linkText = page.getByTestId('prospectus-public-link');
  await expect(linkText).toContainText('/brochure/');
  const url = /https?:\/\/\S+\/brochure\/[A-Za-z0-9_-]+/.exec((await linkText.textContent()) ?? '')?.[0];
  expect(url).toBeTruthy();
  await expect(rowOf(page, TITLE)).toContainText('已发布');

  // ---- a visitor, signed in nowhere, opens the link and signs up.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(url!);
  await expect(visitor).toHaveURL(/\/brochure\//);
  await expect(visitor.getByTestId('brochure-title')).toHaveText(TITLE);
  await expect(visitor.getByTestId('brochure-price')).toHaveText('¥1880.00');
  await expect(visitor.getByTestId('brochure-view')).toContainText(RICH);
  await expect(visitor.locator('[data-testid="brochure-signup"][data-hydrated="1"]')).toBeVisible();
  await visitor.getByTestId('signup-name').fill(VISITOR);
  await visitor.getByTestId('signup-phone').fill(PHONE);
  await visitor.getByTestId('signup-age').fill('8');
  await visitor.getByTestId('signup-course').selectOption({ label: courseName });
  await visitor.getByTestId('signup-remark').fill('<script>alert(1)</script>周末有空');
  await visitor.getByTestId('signup-submit').click();
  await expect(visitor.getByTestId('signup-success')).toHaveText('报名成功，我们会尽快与您联系');
  await visitorContext.close();

  // ---- marketing finds the lead in the 线索池.
  await page.goto('/crm/pool');
  const pool = visibleList(page);
  const search = pool.getByTestId('list-search-field-name').locator('input');
  await expect(async () => {
    await search.fill(VISITOR);
    await pool.getByTestId('list-search-submit').click();
    await expect(rowOf(page, VISITOR)).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(rowOf(page, VISITOR)).toContainText('招生简章');
});
