import { notFound, redirect } from 'next/navigation';
import { z } from 'zod';

import { translatorFor } from '@/lib/i18n/translator';
import { requireStaff } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { getUiLocale } from '@/lib/server/http';
import { applicableSearch, viewFor } from '@/lib/server/views';

/**
 * Opens a saved view: its search as it can run in the selected entity's context (the address
 * stays the search, so it can be shared); the results page names what had to be dropped.
 */
export default async function OpenViewPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaff('viewer');
  const { id } = await params;
  if (!z.guid().safeParse(id).success) notFound();
  const view = await viewFor(await getDb(), staff.id, id);
  if (!view) notFound();
  // What was dropped the results page works out again from the view (never from the address).
  const { kept } = await applicableSearch(view.query, await translatorFor(await getUiLocale()));
  if (view.pageSize) kept.set('limit', String(view.pageSize));
  kept.set('view', view.id);
  redirect(`/reservations?${kept.toString()}`);
}
