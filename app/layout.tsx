import type { Metadata, Viewport } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';

import { ClientMessages } from '@/components/i18n/client-messages';
import { parseTheme, THEME_COOKIE } from '@/components/shell/theme';
import { APP_ROOT_ID } from '@/components/ui/app-root';

import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common');
  return {
    title: { default: t('appName'), template: t('titleTemplate', { page: '%s' }) },
    description: t('description'),
    applicationName: 'Guest Book',
    manifest: '/manifest.webmanifest',
    icons: {
      icon: [
        { url: '/favicon.ico', sizes: '32x32' },
        { url: '/icon.svg', type: 'image/svg+xml' },
      ],
      apple: '/apple-touch-icon.png',
    },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#0f172a' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The theme chosen in the account menu; without a choice the system's preference applies (CSS).
  const [theme, locale] = await Promise.all([
    cookies().then((jar) => parseTheme(jar.get(THEME_COOKIE)?.value)),
    getLocale(),
  ]);
  return (
    <html lang={locale} className={theme === 'system' ? undefined : theme} suppressHydrationWarning>
      <body className="min-h-screen">
        <ClientMessages namespaces={[]}>
          <div id={APP_ROOT_ID}>{children}</div>
        </ClientMessages>
      </body>
    </html>
  );
}
