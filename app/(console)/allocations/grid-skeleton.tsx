import { useTranslations } from 'next-intl';

import { PageHeader } from '@/components/ui/page-header';
import { SectionSkeleton, SkeletonCard, SkeletonControl, SkeletonRecordRows } from '@/components/ui/skeleton';

/** The grid page's heading: the same while the page loads and once it has. */
export function AllocationsHeading() {
  const t = useTranslations('allocations');
  return <PageHeader title={t('title')} description={<p className="max-w-3xl">{t('intro')}</p>} />;
}

/** The grid while every entity's rows are read: its toolbar and rows. */
export function GridSkeleton() {
  const t = useTranslations('allocations');
  return (
    <SectionSkeleton label={t('gridLoadingLabel')} testId="allocation-loading">
      <SkeletonControl size="toolbar" />
      <SkeletonCard note={t('gridLoadingNote')}>
        <SkeletonRecordRows count={8} />
      </SkeletonCard>
    </SectionSkeleton>
  );
}
