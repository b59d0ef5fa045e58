import { z } from 'zod';

import { GuestEmail } from '@/lib/guests/schemas';
import { guestHistory } from '@/lib/server/guests';
import { staffReadRoute } from '@/lib/server/http';

/** GET /api/guests/history?email=: a guest's history, summary and staff's notes (the booking form, once an e-mail is typed). */
export const GET = staffReadRoute(
  {
    name: 'read-guest-history',
    role: 'viewer',
    input: z.strictObject({ email: GuestEmail }),
    lane: 'background',
  },
  {},
  async ({ email }) => guestHistory(email),
);
