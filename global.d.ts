import type { UiLocale } from '@/lib/i18n/locales';
import type { Messages } from '@/messages/en';

declare module 'next-intl' {
  interface AppConfig {
    Locale: UiLocale;
    Messages: Messages;
  }
}
