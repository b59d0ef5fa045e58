'use server';

import { LanguageAndZoneInput } from '@/lib/i18n/member-settings';
import { TablePreferencesInputSchema } from '@/lib/preferences/table-preferences-input';
import { saveLanguageAndZone } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { staffAction } from '@/lib/server/http';
import { saveTablePreferences } from '@/lib/server/preferences';

/** Keeps the member's rows per page and density for every list, on every device. */
export const saveTablePreferencesAction = staffAction(
  { name: 'save-table-preferences', role: 'viewer', input: TablePreferencesInputSchema, mutates: false },
  async (change, { staff }) => saveTablePreferences(await getDb(), staff.id, change),
);

/** The member's console language ('' for their browser's) and the zone of their own timestamps. */
export const saveLanguageAndZoneAction = staffAction(
  { name: 'save-language-and-zone', role: 'viewer', input: LanguageAndZoneInput, mutates: false },
  async ({ language, timeZone }, { staff }) =>
    saveLanguageAndZone(await getDb(), staff.id, { language: language || null, timeZone }),
);
