import { useTranslations } from 'next-intl';

import { Link } from '@/components/ui/link';

/** "Not found", with the way back: the page's own main landmark outside the console, a section inside it. */
export function NotFoundMessage({ landmark }: { landmark: boolean }) {
  const t = useTranslations('shell.notFound');
  const Tag = landmark ? 'main' : 'section';
  return (
    <Tag
      data-testid="not-found"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center"
    >
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <p className="max-w-md text-sm text-slate-600">{t('message')}</p>
      <Link href="/" className="text-sm font-medium text-brand-700 hover:underline">
        {t('back')}
      </Link>
    </Tag>
  );
}
