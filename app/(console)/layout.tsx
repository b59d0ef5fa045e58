import type { ReactNode } from 'react';

import { selectEntityAction } from '@/app/actions/select-entity';
import { QueryProvider } from '@/components/providers/query-provider';
import { Shell } from '@/components/shell/shell';
import { getConfig } from '@/lib/server/config';
import { getSelectedEntity, listEntityChoices } from '@/lib/server/entity-context';
import { getApiClient } from '@/lib/server/guestbook';
import { getFormatter } from '@/lib/server/locale';
import { getPartnerOverview } from '@/lib/server/partner';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff();
  const [partner, entities, selected, format] = await Promise.all([
    readApi(getPartnerOverview),
    readApi(listEntityChoices),
    readApi(getSelectedEntity),
    getFormatter(),
  ]);
  const rateLimit = getApiClient().rateLimit;
  return (
    <QueryProvider>
      <Shell
        staff={{ name: staff.name, email: staff.email, role: staff.role }}
        environment={getConfig().environment}
        partnerName={partner.ok ? partner.data.name : null}
        entities={entities.ok ? entities.data : []}
        selectedEntityId={selected.ok ? (selected.data?.id ?? null) : null}
        rateLimit={
          rateLimit
            ? {
                limit: rateLimit.limit,
                remaining: rateLimit.remaining,
                resetAt: rateLimit.resetAt.toISOString(),
                resetLabel: format.time(rateLimit.resetAt.toISOString(), 'UTC'),
              }
            : null
        }
        suspended={
          partner.ok && partner.data.status === 'suspended'
            ? { source: partner.data.suspensionSource, at: partner.data.suspendedAt }
            : null
        }
        selectEntity={selectEntityAction}
        format={format}
      >
        {children}
      </Shell>
    </QueryProvider>
  );
}
