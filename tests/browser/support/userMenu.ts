import type { Page } from 'playwright-core';

/** Opens the person's own menu in the shell (language, Over de applicatie, sign-out) unless it is open. */
export async function openUserMenu(page: Page): Promise<void> {
  const button = page.locator('#user-menu-button');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.locator('#user-menu').waitFor();
}
