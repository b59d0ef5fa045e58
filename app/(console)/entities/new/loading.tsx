import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonForm } from '@/components/ui/skeleton';

export default function NewEntityLoading() {
  const t = useTranslations('entities');
  return (
    <PageSkeleton label={t('new.loadingLabel')} width="xl">
      <PageHeader
        trail={[{ href: '/entities', label: t('trail.entities') }]}
        title={t('new.title')}
        description={t('new.description')}
      />
      <Card>
        <SkeletonForm fields={[t('form.name'), t('form.defaultLocale'), t('form.defaultProgram')]} />
      </Card>
    </PageSkeleton>
  );
}
