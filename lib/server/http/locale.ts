import 'server-only';

import { headers } from 'next/headers';
import { cache } from 'react';

import { createFormatter, type Formatter } from '@/lib/format';
import { formatLocaleFor, uiLocaleFromAcceptLanguage, type UiLocale } from '@/lib/i18n/locales';

import { verifySession } from '../auth';

/**
 * The console's language for this request: the one the member chose in their account, else the
 * first their browser asks for (the sign-in page and a member who never chose), else English.
 */
export const getUiLocale = cache(async (): Promise<UiLocale> => {
  const staff = await verifySession();
  return staff?.language ?? uiLocaleFromAcceptLanguage((await headers()).get('accept-language'));
});

/** The locale dates and numbers are written in: the UI language, in the browser's regional variant when it has one. */
export const getStaffLocale = cache(async (): Promise<string> =>
  formatLocaleFor(await getUiLocale(), (await headers()).get('accept-language')),
);

/** The zone a timestamp that belongs to no venue is shown in: the member's, else UTC. */
export const getMemberTimeZone = cache(async (): Promise<string> => (await verifySession())?.timeZone ?? 'UTC');

/** One formatter per request, in the staff member's locale and zone. */
export const getFormatter = cache(async (): Promise<Formatter> =>
  createFormatter(await getStaffLocale(), await getMemberTimeZone()),
);
