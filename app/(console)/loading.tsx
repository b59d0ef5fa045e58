import { useTranslations } from 'next-intl';

import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonCard, SkeletonLine, SkeletonTitle } from '@/components/ui/skeleton';

/**
 * A console page whose own loading state is not known yet: a link that was not prefetched (a figure
 * of the overview, a search result) answers with this until the page's first bytes bring its own.
 */
export default function ConsoleLoading() {
  const t = useTranslations('shell.loading');
  return (
    <PageSkeleton label={t('label')}>
      <PageHeader title={<SkeletonTitle label={t('title')} />} description={<SkeletonLine width="xl" />} />
      <SkeletonCard lines={6} />
    </PageSkeleton>
  );
}
