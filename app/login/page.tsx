import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';

import { Card } from '@/components/ui/card';
import { verifySession } from '@/lib/server/auth';
import { getConfig } from '@/lib/server/config';

import { LoginForm } from './login-form';
import { safeCallbackPath, signInErrorCode } from './messages';
import { SsoButton } from './sso-button';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('metaTitle') };
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const callbackPath = safeCallbackPath(first(params.callbackUrl));
  if (await verifySession()) redirect(callbackPath);
  const error = first(params.error);
  const { environment, oidc } = getConfig();
  const t = await getTranslations('login');

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div className="mx-auto mb-3 flex h-11 w-11 items-center justify-center rounded-xl bg-brand-600 text-lg font-semibold text-white">
            {/* i18n-ignore: the product's monogram */}G
          </div>
          <h1 className="text-xl font-semibold text-slate-900">{t('heading')}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {t('intro', { sandbox: environment === 'sandbox' ? 'yes' : 'no' })}
          </p>
        </div>
        <Card>
          <LoginForm callbackPath={callbackPath} initialError={error ? signInErrorCode(error) : null} />
          {oidc && (
            <div className="mt-5 border-t border-slate-100 pt-5">
              <SsoButton name={oidc.name} callbackPath={callbackPath} />
            </div>
          )}
        </Card>
      </div>
    </main>
  );
}
