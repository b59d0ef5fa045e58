import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonFields, SkeletonTitle } from '@/components/ui/skeleton';
import type { Messages } from '@/lib/i18n/messages';

export default function ReservationLoading() {
  const t = useTranslations('booking');
  const labels = (keys: (keyof Messages['booking']['detail']['fields'])[]) => keys.map((k) => t(`detail.fields.${k}`));
  return (
    <PageSkeleton label={t('detail.loadingLabel')} width="5xl">
      <PageHeader
        trail={[{ href: '/reservations', label: t('reservationsTrail') }]}
        title={<SkeletonTitle label={t('detail.title')} />}
      />
      <Card title={t('detail.cards.booking')}>
        <SkeletonFields
          labels={labels(['status', 'date', 'time', 'partySize', 'venue', 'program', 'seatingArea', 'locale', 'notes'])}
        />
      </Card>
      <Card title={t('detail.cards.guest')}>
        <SkeletonFields labels={labels(['firstName', 'lastName', 'email', 'phone'])} />
      </Card>
      <Card title={t('detail.cards.record')}>
        <SkeletonFields labels={labels(['reservationId', 'entity', 'created', 'updated', 'canceled'])} />
      </Card>
    </PageSkeleton>
  );
}
