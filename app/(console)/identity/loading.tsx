import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonFields, SkeletonTitle } from '@/components/ui/skeleton';

/** The fields the page lists for a partner identity, in its order. */
const FIELDS = [
  'id',
  'type',
  'name',
  'clientId',
  'status',
  'defaultEntity',
  'associatedEntities',
  'delegatedIdentities',
  'suspensionSource',
  'suspendedAt',
  'created',
  'updated',
] as const;

export default function IdentityLoading() {
  const t = useTranslations('identity');
  return (
    <PageSkeleton label={t('loading')} width="4xl">
      <PageHeader title={t('title')} description={t('description')} />
      <Card title={<SkeletonTitle label={t('cardLoading')} />}>
        <SkeletonFields labels={FIELDS.map((key) => t(`fields.${key}`))} />
      </Card>
    </PageSkeleton>
  );
}
