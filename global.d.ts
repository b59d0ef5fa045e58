import type { UiLocale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';

declare module 'next-intl' {
  interface AppConfig {
    Locale: UiLocale;
    Messages: Messages;
  }
}
