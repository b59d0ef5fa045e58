/**
 * The bell's figure with its words: how many of the member's items are neither read nor done, the
 * bell's label for a screen reader and its badge, worded here in the member's language. The
 * browser shows them as given: a plural's number formatted there would make an Intl formatter
 * while the page loads, on every page (e2e/platform/hydration-formatters).
 */
import 'server-only';

import { getTranslations } from 'next-intl/server';

import type { InboxUnread } from '../../queries/reads';
import type { DashboardDb } from '../db/open';
import { unreadCountAsOf, type Recipient } from './inbox';

export async function bellFigure(db: DashboardDb, member: Recipient): Promise<InboxUnread> {
  const [{ unread, asOf }, t] = await Promise.all([unreadCountAsOf(db, member), getTranslations('shell.inbox')]);
  return {
    unread,
    asOf,
    label: t('bell', { count: unread }),
    badge: t('badge', { over: unread > 99 ? 'yes' : 'no', count: Math.min(unread, 99) }),
  };
}
