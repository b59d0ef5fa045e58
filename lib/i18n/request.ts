import { getRequestConfig } from 'next-intl/server';

import { getMemberTimeZone, getUiLocale } from '@/lib/server/http/locale';

import { loadMessages } from './messages';

/** next-intl's configuration for each request: the member's language, its catalog, their zone. */
export default getRequestConfig(async () => {
  const [locale, timeZone] = await Promise.all([getUiLocale(), getMemberTimeZone()]);
  return { locale, messages: await loadMessages(locale), timeZone };
});
