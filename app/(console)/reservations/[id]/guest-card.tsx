import { getTranslations } from 'next-intl/server';

import { GuestFlags, TagBadges } from '@/components/guests/guest-flags';
import { GuestNoteForm } from '@/components/guests/guest-note-form';
import { TagEditor } from '@/components/guests/tag-editor';
import { Card } from '@/components/ui/card';
import { FieldList } from '@/components/ui/field-list';
import { Notice } from '@/components/ui/notice';
import { guestHistory, reservationTagsFor } from '@/lib/server/guests';

import { GuestHistoryTable } from './guest-history-lazy';

/**
 * The guest's history with the partner (every entity) and staff's notes and tags on the guest and
 * on this reservation: operators edit them, viewers read them. Never sent to the API.
 */
export async function GuestCard({
  reservation,
  canEdit,
}: {
  reservation: { id: string; date?: string; guest?: { email: string } };
  canEdit: boolean;
}) {
  const t = await getTranslations('guests');
  const email = reservation.guest?.email;
  const [history, tags] = await Promise.all([
    email ? guestHistory(email, new Date(), reservation.date) : null,
    reservationTagsFor([reservation.id]),
  ]);
  const ownTags = tags.get(reservation.id) ?? [];
  const s = history?.summary;
  return (
    <>
      <Card title={t('card.title')} data-testid="guest-card">
        {!history || !s ? (
          <p className="text-sm text-slate-500">{t('card.noEmail')}</p>
        ) : (
          <div className="space-y-4">
            <GuestFlags flags={s.flags} />
            <FieldList
              compact
              fields={[
                { label: t('counts.visits'), value: s.visits, testId: 'guest-visits' },
                { label: t('counts.upcoming'), value: s.upcoming, testId: 'guest-upcoming' },
                { label: t('counts.cancellations'), value: s.cancellations, testId: 'guest-cancellations' },
                { label: t('counts.noShows'), value: s.noShows, testId: 'guest-no-shows' },
                { label: t('counts.lastVisit'), value: history.lastVisitLabel ?? t('counts.never') },
                {
                  label: t('counts.usualParty'),
                  value: s.usualPartySize === null ? '—' : t('counts.guests', { count: s.usualPartySize }),
                },
              ]}
            />
            <GuestHistoryTable rows={history.rows} current={reservation.id} />
            {history.more > 0 && <p className="text-sm text-slate-500">{t('card.more', { count: history.more })}</p>}
            {history.asOfLabel && (
              <Notice tone="info" data-testid="guest-history-as-of">
                {t('card.asOf', { time: history.asOfLabel })}
              </Notice>
            )}
          </div>
        )}
      </Card>
      <Card title={t('card.notesTitle')} data-testid="guest-notes-card">
        <div className="space-y-5">
          <p className="text-sm text-slate-500">{t('card.private')}</p>
          {history && email && (
            <section className="space-y-3" aria-labelledby="guest-notes-title">
              <h3 id="guest-notes-title" className="text-sm font-medium text-slate-700">
                {t('card.onGuest')}
              </h3>
              {canEdit ? (
                <>
                  <GuestNoteForm email={history.email} note={history.notes.note} reservationId={reservation.id} />
                  <TagEditor
                    target={{ kind: 'guest', email: history.email }}
                    tags={history.notes.tags}
                    label={t('tags.guestLabel')}
                  />
                </>
              ) : (
                <>
                  <p className="text-sm whitespace-pre-wrap text-slate-900" data-testid="guest-note">
                    {history.notes.note || t('note.none')}
                  </p>
                  <TagBadges tags={history.notes.tags} label={t('tags.guestLabel')} testId="guest-tags" />
                </>
              )}
            </section>
          )}
          <section className="space-y-3" aria-labelledby="reservation-tags-title">
            <h3 id="reservation-tags-title" className="text-sm font-medium text-slate-700">
              {t('tags.reservationLabel')}
            </h3>
            {canEdit ? (
              <TagEditor
                target={{ kind: 'reservation', id: reservation.id }}
                tags={ownTags}
                label={t('tags.reservationLabel')}
              />
            ) : ownTags.length ? (
              <TagBadges tags={ownTags} label={t('tags.reservationLabel')} testId="reservation-tags" />
            ) : (
              <p className="text-sm text-slate-500">{t('tags.none')}</p>
            )}
          </section>
        </div>
      </Card>
    </>
  );
}
