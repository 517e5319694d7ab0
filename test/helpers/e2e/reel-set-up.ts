import { expect, type Locator, type Page } from '@playwright/test';

// The Reels list's set-up actions (print data, print run, NFC chips) are choices of each row's "Set up…" menu
// (src-renderer/src/screens/reels/ReelSetUpMenu.tsx): a spec opens the menu as a person does, then chooses.

/** Reel `reel`'s "Set up…" menu button on the Reels screen, in English or German. */
export function reelSetUpButton(page: Page, reel: string): Locator {
  return page
    .getByRole('button', { name: `Set up Reel “${reel}”`, exact: true })
    .or(page.getByRole('button', { name: `Rolle „${reel}“ einrichten`, exact: true }));
}

/** Opens Reel `reel`'s "Set up…" menu and chooses `choice`, by its name (e.g. "Prepare print run for Wine 7"). */
export async function chooseReelSetUp(page: Page, reel: string, choice: string): Promise<void> {
  const button = reelSetUpButton(page, reel);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('menu').getByRole('menuitem', { name: choice, exact: true }).click();
}
