import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { SectionSkeleton, SkeletonControl, SkeletonTable } from '@/components/ui/skeleton';

/** The search's results while the API answers: the results table's toolbar, columns, rows and paging. */
export function ResultsSkeleton() {
  const t = useTranslations('reservations.results');
  const columns = (['guest', 'status', 'date', 'time', 'party', 'venue', 'locale'] as const).map((c) =>
    t(`columns.${c}`),
  );
  return (
    <SectionSkeleton label={t('loadingLabel')} testId="reservations-loading">
      <Card>
        <SkeletonTable columns={columns} toolbar pager />
      </Card>
    </SectionSkeleton>
  );
}

/** The filter builder's place before its page arrives (its conditions come from the address). */
export function FiltersSkeleton() {
  return (
    <Card>
      <div aria-hidden="true" className="space-y-6">
        <SkeletonControl size="field" />
        <div className="space-y-3">
          <SkeletonControl size="row" />
          <SkeletonControl size="md" />
        </div>
      </div>
    </Card>
  );
}
