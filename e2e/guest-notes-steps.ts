import { expect, type Page } from '@playwright/test';

/**
 * On a reservation's page open in `page`: the team's note and a tag on its guest, and a tag on the
 * reservation, each saved as a member saves them, and shown once saved.
 */
export async function keepOnGuest(
  page: Page,
  { note, tag, occasion }: { note: string; tag: string; occasion: string },
) {
  const notes = page.getByTestId('guest-notes-card');
  await notes.getByLabel('Note', { exact: true }).fill(note);
  await notes.getByTestId('guest-note-save').click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Note saved.' })).toBeVisible();
  await notes.getByTestId('guest-tags-input').fill(tag);
  await notes.getByTestId('guest-tags-add').click();
  await expect(notes.getByTestId('guest-tags')).toContainText(tag);
  await notes.getByTestId('reservation-tags-input').fill(occasion);
  await notes.getByTestId('reservation-tags-add').click();
  await expect(notes.getByTestId('reservation-tags')).toContainText(occasion);
  return notes;
}
