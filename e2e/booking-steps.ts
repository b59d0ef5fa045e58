/** Steps of the booking flow as an operator takes them (the default entity's form), shared by the booking specs. */
import { expect, type Page } from '@playwright/test';

/** A date `days` from today (UTC), moved forward to the ISO weekday asked for. */
export function dateAhead(days: number, weekday?: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  if (weekday) while (((d.getUTCDay() + 6) % 7) + 1 !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
export const unique = (what: string) => `${what}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function search(page: Page, f: { venue: string; date: string; party: number; time?: string }) {
  await page.getByTestId('booking-place').selectOption(`venue:${f.venue}`);
  await page.getByTestId('booking-date').fill(f.date);
  await page.getByTestId('booking-party').fill(String(f.party));
  await page.getByTestId('booking-time').fill(f.time ?? '');
  await page.getByTestId('booking-search').click();
}
export const slot = (page: Page, time: string) => page.locator(`[data-testid="slot"][data-time="${time}"]`).first();
export async function take(page: Page, time: string): Promise<string> {
  await slot(page, time).click();
  await expect(slot(page, time)).toHaveAttribute('aria-pressed', 'true');
  const countdown = page.getByTestId('hold-countdown');
  await expect(countdown).toHaveText(/^\d+:\d\d left$/);
  return (await countdown.getAttribute('data-hold-id'))!;
}
export async function openForm(page: Page) {
  await page.goto('/reservations/new');
  await expect(page.getByTestId('booking-entity')).toHaveText('Harbour & Vine Direct');
}
