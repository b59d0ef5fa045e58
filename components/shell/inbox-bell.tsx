'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';

import { Link } from '@/components/ui/link';
import { giveBell } from '@/lib/queries/invalidate';
import { queryKeys } from '@/lib/queries/keys';
import { useLayoutReading } from '@/lib/queries/layout-reading';
import { fetchInboxUnread, newerBell, type InboxUnread } from '@/lib/queries/reads';

/**
 * The bell in the header: the member's unread notifications, opening the inbox. Live over the
 * event stream: the server records a `notification.raised` event with each item it raises, which
 * the stream sends to the item's recipient alone, and the live-events provider then invalidates
 * this figure (lib/queries/invalidate.ts), so it is read again only when an item was raised for
 * this member, and only after that item was committed. (Refetching on every reservation event
 * instead would read the figure for everyone on every change, and could read it before another
 * process had raised the item.) The layout gives the figure at first paint. Each figure carries
 * when the database counted it, and the bell keeps the newest (newerBell). Its label and badge
 * come worded by the server (lib/server/notifications/bell.ts).
 */
export function InboxBell({ initial }: { initial: InboxUnread }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.inboxUnread(),
    queryFn: async ({ signal }) =>
      newerBell(queryClient.getQueryData(queryKeys.inboxUnread()), await fetchInboxUnread(signal)),
    initialData: initial,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
  // A new render of the layout (a refresh, the inbox's triage) carries a figure counted then, which
  // a fetch after a raised item may have overtaken: the newer of the two stays.
  useLayoutReading(queryKeys.inboxUnread(), initial, giveBell);
  const { unread, label, badge } = data;
  return (
    <Link
      href="/inbox"
      aria-label={label}
      title={label}
      data-testid="inbox-bell"
      className="relative inline-flex min-h-9 min-w-9 items-center justify-center rounded-md px-2 py-1.5 text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
        <path d="M10 2a5 5 0 0 0-5 5v2.59l-1.2 2.4A1 1 0 0 0 4.7 13.5h10.6a1 1 0 0 0 .9-1.5L15 9.59V7a5 5 0 0 0-5-5zm-2 13a2 2 0 0 0 4 0H8z" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="inbox-bell-count"
          className="absolute -top-1.5 -right-1.5 min-w-4.5 rounded-full bg-rose-600 px-1 text-center text-[11px] leading-4.5 font-semibold text-white tabular-nums"
        >
          {badge}
        </span>
      )}
    </Link>
  );
}
