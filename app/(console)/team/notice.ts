/** What the team page says after an action: the outcome, and a one-time password and enrolment code shown once. */
export type TeamNotice = { tone: 'ok' | 'error'; text: string; secret?: string; enrolmentCode?: string } | null;
