import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, Skeleton, SkeletonLine } from '@/components/ui/skeleton';

/** The Today page while its day is read: the heading, the filters' row and a venue's sheet in outline. */
export function TodaySkeleton() {
  const t = useTranslations('today');
  return (
    <PageSkeleton label={t('loading')} width="full">
      <PageHeader title={t('title')} description={<SkeletonLine width="lg" />} />
      <div className="flex flex-wrap gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-14 w-36" />
        ))}
      </div>
      <Card title={<SkeletonLine width="sm" />}>
        <div className="space-y-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <SkeletonLine key={i} width="full" />
          ))}
        </div>
      </Card>
    </PageSkeleton>
  );
}
