import { expect, type Page } from '@playwright/test';

export * from './serve';

export async function screenshot(page: Page, screen: string): Promise<void> {
  await page.screenshot({ path: `test-results/e2e/screens/${screen}.png`, fullPage: true });
}

export async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  // Navigation is a transition (shell/use-route.ts): the nav marks the screen once its chunk and its contract area's
  // chunk are in, which on a loaded 2-core CI machine took over the default 5 s once (devices-errors.spec).
  await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page', { timeout: 15_000 });
}
