import { useTranslations } from 'next-intl';

import { Badge } from '@/components/ui/badge';
import type { GuestFlag } from '@/lib/guests/history';

/** A guest's flags ("2 no-shows in 90 days", "first visit") as badges; nothing when there are none. */
export function GuestFlags({ flags }: { flags: readonly GuestFlag[] }) {
  const t = useTranslations('guests.flags');
  if (!flags.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('label')} data-testid="guest-flags">
      {flags.map((f) => (
        <li key={f.kind} data-flag={f.kind}>
          {f.kind === 'noShows' ? (
            <Badge tone="danger">{t('noShows', { count: f.count, days: f.days })}</Badge>
          ) : (
            <Badge tone="info">{t('firstVisit')}</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Staff's tags on a guest or a reservation, as badges. */
export function TagBadges({ tags, label, testId }: { tags: readonly string[]; label: string; testId?: string }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label} data-testid={testId}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge tone="accent">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
