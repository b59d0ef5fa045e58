import 'server-only';

import { cache } from 'react';

import { verifySession } from '../auth';
import { getDb } from '../db';
import { viewsFor, type ViewSummary } from './store';

/** The signed-in member's views, read once per request (the layout's search and the reservations page share it). */
export const myViews = cache(async (): Promise<ViewSummary[]> => {
  const staff = await verifySession();
  return staff ? viewsFor(await getDb(), staff.id) : [];
});
