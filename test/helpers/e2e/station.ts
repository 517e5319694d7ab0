import { expect, type Page } from '@playwright/test';

export * from './serve';

export async function screenshot(page: Page, screen: string): Promise<void> {
  await page.screenshot({ path: `test-results/e2e/screens/${screen}.png`, fullPage: true });
}

export async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
}
