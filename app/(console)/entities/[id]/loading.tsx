import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import {
  PageSkeleton,
  SkeletonCard,
  SkeletonControl,
  SkeletonFields,
  SkeletonForm,
  SkeletonTitle,
} from '@/components/ui/skeleton';

export default function EntityLoading() {
  const t = useTranslations('entities');
  return (
    <PageSkeleton label={t('detail.loadingLabel')} width="5xl">
      <PageHeader
        trail={[{ href: '/entities', label: t('trail.entities') }]}
        title={<SkeletonTitle label={t('detail.titleLabel')} />}
      />
      <Card title={t('detail.details')}>
        <SkeletonFields
          labels={[
            t('detail.fields.id'),
            t('detail.fields.organization'),
            t('detail.fields.defaultLocale'),
            t('detail.fields.defaultProgram'),
            t('detail.fields.created'),
            t('detail.fields.updated'),
          ]}
        />
      </Card>
      <Card title={t('detail.edit')}>
        <SkeletonForm fields={[t('form.name'), t('form.defaultLocale'), t('form.defaultProgram')]} />
      </Card>
      <SkeletonCard title={t('detail.programsTitle')} lines={3} />
      <Card title={t('detail.logo')}>
        <SkeletonControl size="area" />
      </Card>
    </PageSkeleton>
  );
}
