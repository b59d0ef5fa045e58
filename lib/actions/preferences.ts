'use server';

import { TablePreferencesInputSchema } from '@/lib/preferences/table-preferences-input';
import { getDb } from '@/lib/server/db';
import { staffAction } from '@/lib/server/http';
import { saveTablePreferences } from '@/lib/server/preferences';

/** Keeps the member's rows per page and density for every list, on every device. */
export const saveTablePreferencesAction = staffAction(
  { name: 'save-table-preferences', role: 'viewer', input: TablePreferencesInputSchema, mutates: false },
  async (change, { staff }) => saveTablePreferences(await getDb(), staff.id, change),
);
