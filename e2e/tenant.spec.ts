import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * 租户 (issue #24 item 3): admin belongs to 星辰教育 and 星辰教育·南校区 (server/seed/tenants.ts). Switching in the
 * header changes what every list shows: 南校区 has two students of its own and none of the school's.
 */
test('a two-tenant administrator switches to 南校区 and sees only its students, then back', async ({ page }) => {
  await signIn(page, 'admin', '/edu/student');
  const table = page.getByTestId('list-table');
  const rows = table.locator('tr.ant-table-row');
  await expect(page.getByTestId('tenant-current')).toHaveText('星辰教育');
  await expect(rows.first()).toBeVisible();
  await expect(table.getByText('南校区学员林一')).toHaveCount(0);

  const choose = async (id: number) => {
    await page.getByTestId('tenant-switch').click();
    await page.getByTestId(`tenant-option-${id}`).click();
  };
  await choose(2);
  await expect(page.getByText('已切换到 星辰教育·南校区')).toBeVisible();
  await expect(page.getByTestId('tenant-current')).toHaveText('星辰教育·南校区');
  await expect(table.getByText('南校区学员林一')).toBeVisible();
  await expect(rows).toHaveCount(2);

  await choose(1);
  await expect(page.getByTestId('tenant-current')).toHaveText('星辰教育');
  await expect(rows.first()).toBeVisible();
  await expect(table.getByText('南校区学员林一')).toHaveCount(0);
});
