import { expect, type Locator, type Page } from '@playwright/test';

// The station's own confirmation (src-renderer/src/components/ConfirmDialog.tsx), answered as an operator does: Enter
// confirms, Esc cancels.

/** The open confirmation. */
export function confirmDialog(page: Page): Locator {
  return page.getByTestId('station-confirm');
}

/** Waits for the station's question, answers it by key, and returns its words once it is gone. */
export async function answerConfirm(page: Page, answer: 'confirm' | 'cancel'): Promise<string> {
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  const message = (await dialog.locator('#station-confirm-message').textContent()) ?? '';
  await page.keyboard.press(answer === 'confirm' ? 'Enter' : 'Escape');
  await expect(dialog).toBeHidden();
  return message;
}

/** For an action that asks only sometimes: confirms the question if one comes before `done` shows. */
export async function confirmIfAsked(page: Page, done: Locator): Promise<void> {
  const dialog = confirmDialog(page);
  await expect(dialog.or(done).first()).toBeVisible();
  if (await dialog.isVisible()) await answerConfirm(page, 'confirm');
}
