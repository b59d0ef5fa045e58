import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageSkeleton, SkeletonControl, SkeletonForm, SkeletonLines, SkeletonTitle } from '@/components/ui/skeleton';

/** Outside the console's layout, like its page: one column of two cards. */
export default function AccountLoading() {
  const t = useTranslations('account');
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <PageSkeleton label={t('loadingLabel')} width="sm">
        <Card>
          <h1 className="text-lg font-semibold text-slate-900">
            <SkeletonTitle label={t('title')} />
          </h1>
          <div className="mt-1 mb-4">
            <SkeletonLines count={2} divided={false} />
          </div>
          <SkeletonForm fields={[t('password.current'), t('password.new'), t('password.repeat')]} />
        </Card>
        <Card>
          <h2 className="text-sm font-semibold text-slate-900">{t('sessions.title')}</h2>
          <p className="mt-1 mb-4 text-sm text-slate-500">{t('sessions.intro')}</p>
          <SkeletonControl />
        </Card>
      </PageSkeleton>
    </main>
  );
}
