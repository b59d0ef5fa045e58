import 'server-only';

import { headers } from 'next/headers';
import { cache } from 'react';

import { createFormatter, localeFromAcceptLanguage, type Formatter } from '@/lib/format';

/** The staff member's locale, from their browser's Accept-Language. */
export const getStaffLocale = cache(async (): Promise<string> =>
  localeFromAcceptLanguage((await headers()).get('accept-language')),
);

/** One formatter per request, in the staff member's locale. */
export const getFormatter = cache(async (): Promise<Formatter> => createFormatter(await getStaffLocale()));
