import { expect, type Page } from '@playwright/test';

export * from './serve';

export async function screenshot(page: Page, screen: string): Promise<void> {
  await page.screenshot({ path: `test-results/e2e/screens/${screen}.png`, fullPage: true });
}

export async function openScreen(page: Page, name: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  await link.click();
  // The nav marks the chosen screen at once, busy while its chunks load (shell/use-route.ts, shell/Nav.tsx).
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(link).not.toHaveAttribute('aria-busy', 'true');
}
