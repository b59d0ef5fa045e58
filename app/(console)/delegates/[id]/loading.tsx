import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonCard, SkeletonFields, SkeletonTitle } from '@/components/ui/skeleton';

/** The fields the page lists for a delegate, in its order. */
const FIELDS = [
  'id',
  'type',
  'clientId',
  'status',
  'parentIdentity',
  'suspensionSource',
  'suspendedAt',
  'defaultEntity',
  'created',
  'updated',
] as const;

export default function DelegateLoading() {
  const t = useTranslations('delegates');
  return (
    <PageSkeleton label={t('detail.loading')} width="4xl">
      <PageHeader
        trail={[{ href: '/delegates', label: t('title') }]}
        title={<SkeletonTitle label={t('detail.titleLoading')} />}
      />
      <Card title={t('detail.card')}>
        <SkeletonFields labels={FIELDS.map((key) => t(`detail.fields.${key}`))} />
      </Card>
      <SkeletonCard title={t('detail.entitiesLoading')} lines={2} />
    </PageSkeleton>
  );
}
