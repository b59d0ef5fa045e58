import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { LiveRefresh } from '@/components/live/live-follow';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { EXPORT_FILE_RETENTION_DAYS } from '@/lib/exports/view';
import { readerSearchWords } from '@/lib/server/activity';
import { requireStaff } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { exportsOf } from '@/lib/server/exports';
import { getFormatter } from '@/lib/server/http';

import { ExportsTable, type ExportRow } from './exports-table';
import { FollowPreparing } from './follow-preparing';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reservations.exports');
  return { title: t('title') };
}

/**
 * The member's exports prepared on the server, newest first: each search in words, how far it
 * has got, and its file to download while it is kept. Follows the member's own change feed, so a
 * file that becomes ready shows without a reload, and counts up while one is being prepared.
 */
export default async function ExportsPage() {
  const me = await requireStaff('viewer');
  const [t, format, files] = await Promise.all([
    getTranslations('reservations.exports'),
    getFormatter(),
    exportsOf(await getDb(), me.id),
  ]);
  const words = files.length ? await readerSearchWords() : () => null;
  const rows: ExportRow[] = files.map((f) => ({
    id: f.id,
    at: f.startedAt,
    started: format.moment(f.startedAt),
    search: words(f.query) ?? f.query,
    reservations:
      f.state === 'ready'
        ? format.number(f.rows)
        : t('rowsOf', { rows: format.number(f.rows), total: format.number(f.total) }),
    state: f.state,
    stateText: t(`state.${f.state}`),
    detail:
      f.state === 'ready'
        ? t('keptUntil', { until: format.moment(f.keptUntil) })
        : f.state === 'stopped'
          ? f.failure
          : null,
  }));
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description', { days: EXPORT_FILE_RETENTION_DAYS })}
        trail={[{ href: '/reservations', label: t('trail') }]}
      />
      <LiveRefresh entityId={null} kinds={['export.']} />
      <FollowPreparing preparing={files.some((f) => f.state === 'preparing')} />
      <Card>
        <ExportsTable rows={rows} />
      </Card>
    </div>
  );
}
