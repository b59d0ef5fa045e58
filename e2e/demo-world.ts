import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';

/** The demo partner's credentials, to read the sandbox directly as the dashboard would. */
export const partner = { clientId: DEMO_PARTNER.clientId, clientSecret: DEMO_PARTNER.clientSecret };
/** The demo partner's default entity, which the switcher selects until someone picks another. */
export const defaultEntity = { orgId: 'org_harbour_vine_direct' };
/** Today in UTC, as the sandbox seeds its reservations around it. */
export const today = new Date().toISOString().slice(0, 10);
