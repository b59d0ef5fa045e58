import 'server-only';

import type { getTranslations } from 'next-intl/server';

import { deviceName } from '@/lib/auth/user-agent';
import type { Formatter } from '@/lib/format';
import { relativeTime } from '@/lib/format/relative';
import type { OpenSession } from '@/lib/server/auth';

import type { SessionRow } from './my-sessions';

type Words = Awaited<ReturnType<typeof getTranslations<'account.sessions'>>>;

/** The member's open sessions in their words: the device, when and where it signed in, when last used. */
export function sessionRows(
  sessions: OpenSession[],
  currentId: string,
  t: Words,
  format: Formatter,
  now: Date,
): SessionRow[] {
  return sessions.map((s) => {
    const { browser, system } = deviceName(s.userAgent);
    const device =
      browser && system
        ? t('deviceOn', { browser, system })
        : browser
          ? browser
          : system
            ? t('someBrowserOn', { system })
            : t('someBrowser');
    const lastSeen = s.lastSeenAt ?? s.createdAt;
    const when = {
      signedIn: relativeTime(format.locale, s.createdAt, now),
      lastUsed: relativeTime(format.locale, lastSeen, now),
    };
    return {
      id: s.id,
      device,
      details: s.clientAddress ? t('detailsFrom', { ...when, address: s.clientAddress }) : t('details', when),
      title: t('exact', { signedIn: format.moment(s.createdAt), lastUsed: format.moment(lastSeen) }),
      current: s.id === currentId,
    };
  });
}
