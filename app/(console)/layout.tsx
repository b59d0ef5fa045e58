import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { CountStyleProvider } from '@/components/i18n/counts';
import { LiveEventsProvider } from '@/components/providers/live-events';
import { QueryProvider } from '@/components/providers/query-provider';
import { AccountMenu } from '@/components/shell/account-menu';
import { BulkJobs } from '@/components/shell/bulk-jobs';
import { EntitySwitcher } from '@/components/shell/entity-switcher';
import { GlobalSearch } from '@/components/shell/global-search';
import { InboxBell } from '@/components/shell/inbox-bell';
import { LiveStatus } from '@/components/shell/live-status';
import { RequestBudget } from '@/components/shell/request-budget';
import { consoleCommands, consolePages, Shell, SuspendedBanner, type NavKey } from '@/components/shell/shell';
import { TablePreferencesProvider } from '@/components/ui/table-preferences';
import { hasRole } from '@/lib/auth/roles';
import { countStyleOf } from '@/lib/format/counts';
import { getApiClient, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { jobsOf } from '@/lib/server/bulk-jobs';
import { getChangeFeed } from '@/lib/server/changes';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';
import { getPartnerOverview, getSelectedEntity, listEntityChoices } from '@/lib/server/directory';
import { getFormatter } from '@/lib/server/http';
import { bellFigure } from '@/lib/server/notifications/bell';
import { myTablePreferences } from '@/lib/server/preferences';
import { myViews } from '@/lib/server/views';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff();
  const operator = hasRole(staff.role, 'operator');
  const [partner, entities, selected, format, tablePreferences, views, t, unread, since, bulkJobs] = await Promise.all([
    readApi(getPartnerOverview),
    readApi(listEntityChoices),
    readApi(getSelectedEntity),
    getFormatter(),
    myTablePreferences(),
    myViews(),
    getTranslations('shell'),
    getDb().then((db) => bellFigure(db, staff)),
    // The change feed as this render began: the browser's stream catches up from it, so a change
    // made while the page was sent is not missed.
    getChangeFeed().then((feed) => feed.lastId),
    // An operator's bulk actions running on the server, or ended and not yet closed (the header's indicator).
    operator ? getDb().then((db) => jobsOf(db, staff.id)) : [],
  ]);
  const navLabel = (key: NavKey) => t(`nav.${key}`);
  const rateLimit = getApiClient().rateLimit;
  const suspended = partner.ok && partner.data.status === 'suspended' ? partner.data : null;
  return (
    <QueryProvider>
      <LiveEventsProvider memberId={staff.id} since={since}>
        <Shell
          pages={consolePages(staff.role, navLabel)}
          partner={{ name: partner.ok ? partner.data.name : null, environment: getConfig().environment }}
          entitySwitcher={
            entities.ok &&
            entities.data.length > 0 && (
              <EntitySwitcher entities={entities.data} selectedId={selected.ok ? (selected.data?.id ?? null) : null} />
            )
          }
          tools={
            <>
              <GlobalSearch
                pages={[
                  ...consoleCommands(staff.role, navLabel),
                  ...views.map((v) => ({
                    href: `/reservations/views/${v.id}`,
                    label: t('savedView', { name: v.name }),
                  })),
                ]}
                entities={entities.ok ? entities.data.map((e) => ({ id: e.id, name: e.name })) : []}
                selectedEntityId={selected.ok ? (selected.data?.id ?? null) : null}
              />
              <RequestBudget
                initial={
                  rateLimit && {
                    limit: rateLimit.limit,
                    remaining: rateLimit.remaining,
                    remainingLabel: format.number(rateLimit.remaining),
                    limitLabel: format.number(rateLimit.limit),
                    resetAt: rateLimit.resetAt.toISOString(),
                    resetLabel: format.momentTime(rateLimit.resetAt.toISOString()),
                  }
                }
              />
              {operator && <BulkJobs initial={bulkJobs} />}
              <InboxBell initial={unread} />
              <AccountMenu name={staff.name} email={staff.email} roleLabel={t(`role.${staff.role}`)} />
            </>
          }
          banner={
            <>
              {suspended && (
                <SuspendedBanner
                  source={suspended.suspensionSource}
                  since={suspended.suspendedAt ? format.moment(suspended.suspendedAt) : null}
                />
              )}
              <LiveStatus />
            </>
          }
        >
          <CountStyleProvider style={countStyleOf(format.locale)}>
            <TablePreferencesProvider value={tablePreferences}>{children}</TablePreferencesProvider>
          </CountStyleProvider>
        </Shell>
      </LiveEventsProvider>
    </QueryProvider>
  );
}
