import { useTranslations } from 'next-intl';

import { Link } from '@/components/ui/link';

export default function NotFound() {
  const t = useTranslations('shell.notFound');
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <p className="max-w-md text-sm text-slate-600">{t('message')}</p>
      <Link href="/" className="text-sm font-medium text-brand-700 hover:underline">
        {t('back')}
      </Link>
    </main>
  );
}
