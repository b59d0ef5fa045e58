import { useTranslations } from 'next-intl';

import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonCard } from '@/components/ui/skeleton';

export default function InboxLoading() {
  const t = useTranslations('inbox');
  return (
    <PageSkeleton label={t('title')} width="4xl">
      <PageHeader title={t('title')} description={t('description')} />
      <SkeletonCard title={t('listLabel')} lines={4} />
    </PageSkeleton>
  );
}
