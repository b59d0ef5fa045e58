import 'server-only';

import { cache } from 'react';

import { DEFAULT_TABLE_PREFERENCES, type TablePreferences } from '@/lib/preferences/table-preferences';

import { verifySession } from '../auth';
import { getDb } from '../db';
import { getTablePreferences } from './store';

/** The signed-in member's preferences, read once per request (the layout and the page share it). */
export const myTablePreferences = cache(async (): Promise<TablePreferences> => {
  const staff = await verifySession();
  return staff ? getTablePreferences(await getDb(), staff.id) : DEFAULT_TABLE_PREFERENCES;
});
