import { notFound, redirect } from 'next/navigation';
import { z } from 'zod';

import { translatorFor } from '@/lib/i18n/translator';
import { requireStaff } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { getUiLocale } from '@/lib/server/http';
import { applicableSearch, viewFor } from '@/lib/server/views';

/**
 * Opens a saved view: its search as it can run in the selected entity's context, with what had to
 * be dropped named on the results page (the address stays the search, so it can be shared).
 */
export default async function OpenViewPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaff('viewer');
  const { id } = await params;
  if (!z.guid().safeParse(id).success) notFound();
  const view = await viewFor(await getDb(), staff.id, id);
  if (!view) notFound();
  // What was dropped is named in the address, in the member's language.
  const { kept, dropped } = await applicableSearch(view.query, await translatorFor(await getUiLocale()));
  if (view.pageSize) kept.set('limit', String(view.pageSize));
  kept.set('view', view.id);
  for (const part of dropped) kept.append('dropped', part);
  redirect(`/reservations?${kept.toString()}`);
}
