'use server';

import { z } from 'zod';

import { validationMessage } from '@/lib/i18n/said';
import { startExport } from '@/lib/server/exports';
import { staffAction } from '@/lib/server/http';

/**
 * Prepares the export of the current search on the server: the member may leave the page, and the
 * inbox tells them when the file is ready to download (lib/server/exports).
 */
export const startExportAction = staffAction(
  {
    name: 'start-export',
    role: 'viewer',
    input: z.strictObject({ query: z.string().max(8_000, { error: validationMessage('atMostChars', 8_000) }) }),
    mutates: false,
    audited: true,
  },
  async ({ query }, ctx) => startExport(query, ctx),
);
