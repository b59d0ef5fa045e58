import { randomUUID } from 'node:crypto';

import { todayOf } from '../lib/overview/figures';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { VENUES } from '../lib/sandbox/seed/demo-data';

/** The demo partner's credentials, to read the sandbox directly as the dashboard would. */
export const partner = { clientId: DEMO_PARTNER.clientId, clientSecret: DEMO_PARTNER.clientSecret };
/** The demo partner's default entity, which the switcher selects until someone picks another. */
export const defaultEntity = { orgId: 'org_harbour_vine_direct' };
const venues = VENUES.map((v) => ({ id: v.key, name: v.name, time_zone: v.tz }));
/**
 * Today at the demo venues, as the dashboard names it, asked when it is needed: a run that passes
 * midnight moves on to the new day, which the sandbox books as it reaches it.
 */
export const today = (): string => todayOf(venues, new Date());

/**
 * The page of a reservation no one has (a new id): the dashboard's copy does not hold it, so the
 * page asks the API, which answers that it has none (the page then says "not found").
 */
export const unseenReservation = () => `/reservations/${randomUUID()}`;
