import { useTranslations } from 'next-intl';

import { Link } from '@/components/ui/link';
import type { NoAvailability } from '@/lib/booking/no-availability';
import type { SlotOption } from '@/lib/booking/slot-option';

const gridHref = (venueId: string | null, programId: string | null) =>
  `/allocations?${new URLSearchParams({ ...(venueId ? { venue: venueId } : {}), ...(programId ? { program: programId } : {}) })}`;

/** Links to the grid for the allocation(s) a message names (operators can change them there). */
export function GridLinks({ about }: { about: SlotOption | NoAvailability }) {
  const t = useTranslations('booking');
  const links =
    'kind' in about
      ? about.kind === 'allocation-used-up'
        ? about.allocations.map((a) => ({ key: a.commitmentId, href: gridHref(a.venueId, a.programId) }))
        : []
      : [{ key: about.commitmentId ?? 'slot', href: gridHref(about.venueId, about.programId) }];
  return links.map((l) => (
    <Link key={l.key} href={l.href} className="mt-1 block font-medium underline" data-testid="booking-grid-link">
      {t('hold.gridLink')}
    </Link>
  ));
}
