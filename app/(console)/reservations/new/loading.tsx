import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonForm, SkeletonLine } from '@/components/ui/skeleton';

export default function NewReservationLoading() {
  const t = useTranslations('booking');
  return (
    <PageSkeleton label={t('new.loadingLabel')} width="5xl">
      <PageHeader
        title={t('new.title')}
        trail={[{ href: '/reservations', label: t('reservationsTrail') }]}
        description={<SkeletonLine width="xl" />}
      />
      <Card>
        <SkeletonForm fields={[t('search.venue'), t('search.date'), t('search.partySize')]} />
      </Card>
    </PageSkeleton>
  );
}
