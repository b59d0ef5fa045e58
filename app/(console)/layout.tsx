import type { ReactNode } from 'react';
import { Shell } from '@/components/shell/shell';
import { getConfig } from '@/lib/server/config';
import { getPartnerOverview } from '@/lib/server/partner';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff();
  const partner = await readApi(getPartnerOverview);
  return (
    <Shell
      staff={{ name: staff.name, email: staff.email, role: staff.role }}
      environment={getConfig().environment}
      partnerName={partner.ok ? partner.data.name : null}
      suspended={partner.ok && partner.data.status === 'suspended' ? { source: partner.data.suspensionSource, at: partner.data.suspendedAt } : null}
    >
      {children}
    </Shell>
  );
}
