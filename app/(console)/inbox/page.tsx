import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { LiveRefresh } from '@/components/live/live-follow';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import { relativeTime } from '@/lib/format/relative';
import {
  INBOX_SHOWS,
  inboxFilter,
  itemHref,
  NOTIFICATION_REASONS,
  type InboxShow,
  type NotificationReason,
} from '@/lib/notifications/items';
import { changesOf, openKey, whatHappened } from '@/lib/notifications/wording';
import { requireStaff } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { getFormatter, type SearchParams } from '@/lib/server/http';
import { inboxPage } from '@/lib/server/notifications';

import { ItemActions, MarkAllDone } from './item-actions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('inbox');
  return { title: t('title') };
}

const chip = (active: boolean) =>
  `inline-flex min-h-8 items-center rounded-md px-2.5 py-1 text-sm font-medium ${active ? 'bg-brand-600 text-white' : 'text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50'}`;

const hrefOf = (show: InboxShow, reason: NotificationReason | null) => {
  const q = new URLSearchParams();
  if (show !== 'unread') q.set('show', show);
  if (reason) q.set('reason', reason);
  const s = q.toString();
  return s ? `/inbox?${s}` : '/inbox';
};

/**
 * The member's notification inbox: what needs them, each item saying what happened, why they get
 * it, when, and linking to the reservation; Unread / All / Done, by reason, "Mark all done". Only
 * the member's own items (lib/server/notifications); a new one appears without a reload.
 */
export default async function InboxPage({ searchParams }: { searchParams: SearchParams }) {
  const [staff, params, t, format] = await Promise.all([
    requireStaff(),
    searchParams,
    getTranslations('inbox'),
    getFormatter(),
  ]);
  const { show, reason, before } = inboxFilter(params);
  const { items, next } = await inboxPage(await getDb(), staff, { show, reason, before });
  const now = new Date();

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      {/* An item raised for this member (the stream sends it to them alone): the list follows. */}
      <LiveRefresh entityId={null} kinds={['notification.']} debounceMs={1_000} />
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={show !== 'done' && items.length > 0 ? <MarkAllDone reason={reason} /> : undefined}
      />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <nav aria-label={t('tabs.label')} className="flex flex-wrap gap-2" data-testid="inbox-tabs">
          {INBOX_SHOWS.map((s) => (
            <Link
              key={s}
              href={hrefOf(s, reason)}
              className={chip(s === show)}
              aria-current={s === show ? 'page' : undefined}
            >
              {t(`tabs.${s}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t('reasons.label')} className="flex flex-wrap gap-2" data-testid="inbox-reasons">
          {[null, ...NOTIFICATION_REASONS].map((r) => (
            <Link
              key={r ?? 'any'}
              href={hrefOf(show, r)}
              className={chip(r === reason)}
              aria-current={r === reason ? 'page' : undefined}
            >
              {r ? t(`reason.${r}`) : t('reasons.any')}
            </Link>
          ))}
        </nav>
      </div>
      <Card>
        {items.length === 0 ? (
          <p className="text-sm text-slate-500" data-testid="inbox-empty">
            {t(`empty.${show}`)}
          </p>
        ) : (
          <ul aria-label={t('listLabel')} className="divide-y divide-slate-100" data-testid="inbox-items">
            {items.map((item) => {
              const what = whatHappened(item, t, format);
              const unread = !item.readAt && !item.doneAt;
              return (
                <li
                  key={item.id}
                  data-testid="inbox-item"
                  data-state={item.doneAt ? 'done' : item.readAt ? 'read' : 'unread'}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0 space-y-1">
                    <p className={unread ? 'font-semibold text-slate-900' : 'text-slate-800'}>
                      {unread && (
                        <>
                          <span
                            aria-hidden="true"
                            className="mr-2 inline-block size-2 rounded-full bg-brand-600 align-middle"
                          />
                          <span className="sr-only">{t('unread')} </span>
                        </>
                      )}
                      <span data-testid="inbox-item-what">{what}</span>
                    </p>
                    {changesOf(item, t, format).map((c) => (
                      <p key={c} className="text-sm text-slate-700">
                        {c}
                      </p>
                    ))}
                    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
                      <span data-testid="inbox-item-reason">{t(`reason.${item.reason}`)}</span>
                      <time dateTime={item.createdAt}>
                        {t('when', {
                          relative: relativeTime(format.locale, item.createdAt, now),
                          absolute: format.moment(item.createdAt),
                        })}
                      </time>
                      <Link href={itemHref(item)} className="text-brand-700 hover:underline">
                        {t(openKey(item))}
                      </Link>
                    </p>
                  </div>
                  <ItemActions id={item.id} read={!!item.readAt} done={!!item.doneAt} label={what} />
                </li>
              );
            })}
          </ul>
        )}
        {(before || next) && (
          <nav
            aria-label={t('pages')}
            className="mt-3 flex flex-wrap justify-between gap-3 border-t border-slate-100 pt-3 text-sm"
          >
            {before ? (
              <Link href={hrefOf(show, reason)} className="font-medium text-brand-700 hover:underline">
                {t('newest')}
              </Link>
            ) : (
              <span />
            )}
            {next && (
              <Link
                href={`${hrefOf(show, reason)}${show === 'unread' && !reason ? '?' : '&'}before=${next}`}
                className="font-medium text-brand-700 hover:underline"
                data-testid="inbox-older"
              >
                {t('older')}
              </Link>
            )}
          </nav>
        )}
      </Card>
    </div>
  );
}
