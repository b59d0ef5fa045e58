import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { isMemberKind, PRESENCE_KIND, type ChangeEvent, type ChangeKind, type MemberKind } from '@/lib/changes/events';

/** The message of each kind, by a member and outside the console (overview.recent in the catalogs). */
const SENTENCES = {
  'reservation.created': ['reservationCreated', 'reservationCreatedOutside'],
  'reservation.changed': ['reservationChanged', 'reservationChangedOutside'],
  'reservation.canceled': ['reservationCanceled', 'reservationCanceledOutside'],
  'guest.changed': ['guestChanged', 'guestChanged'],
  'entity.created': ['entityCreated', 'entityCreatedOutside'],
  'entity.changed': ['entityChanged', 'entityChangedOutside'],
  'delegate.changed': ['delegateChangedOutside', 'delegateChangedOutside'],
  'allocation.applied': ['allocationApplied', 'allocationAppliedOutside'],
  'team.changed': ['teamChanged', 'teamChanged'],
} as const satisfies Record<Exclude<ChangeKind, MemberKind>, readonly [string, string]>;

/** A party size that changed, as the event carries it: `[from, to]`. */
function partyChange(data: Record<string, unknown>): [number, number] | null {
  const [from, to] = Array.isArray(data.party_size) ? (data.party_size as unknown[]) : [];
  return typeof from === 'number' && typeof to === 'number' ? [from, to] : null;
}

/**
 * The day's changes in the overview's scope, newest first, each with its time in the member's
 * zone, who made it (or "outside the console") and a link to the reservation it touched. The
 * overview follows the change feed, so a new change appears here without a reload.
 */
export async function RecentChanges({
  changes,
  timeOf,
  partner,
}: {
  changes: ChangeEvent[];
  timeOf: (iso: string) => string;
  partner: boolean;
}) {
  const t = await getTranslations('overview.recent');
  return (
    <Card title={t('title')} data-testid="recent-changes-card">
      <p className="mb-2 text-sm text-slate-500">{t('description', { scope: partner ? 'partner' : 'entity' })}</p>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="recent-changes-empty">
          {t('empty')}
        </p>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="recent-changes">
          {changes.map((c) => {
            // a member's own notification, bulk action or export, and presence, are never among
            // the day's changes (recentChanges asks for the data kinds only)
            if (isMemberKind(c.kind) || c.kind === PRESENCE_KIND) return null;
            const [byMember, outside] = SENTENCES[c.kind];
            const party = partyChange(c.data);
            const reservation = typeof c.ids.reservation === 'string' ? c.ids.reservation : null;
            return (
              <li key={c.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
                <time dateTime={c.at} className="w-14 shrink-0 text-slate-500 tabular-nums">
                  {timeOf(c.at)}
                </time>
                <span className="min-w-0 flex-1 text-slate-800">
                  {c.who ? t(byMember, { name: c.who.name }) : t(outside)}
                  {party && <span className="text-slate-500"> · {t('party', { from: party[0], to: party[1] })}</span>}
                </span>
                {reservation && (
                  <Link href={`/reservations/${reservation}`} className="text-brand-700 hover:underline">
                    {t('open')}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
