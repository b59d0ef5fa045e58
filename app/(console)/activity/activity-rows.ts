import 'server-only';

import { whoKey } from '@/lib/activity/who';
import type { AuditRow } from '@/lib/server/db/schema';

import type { ActivityRow } from './activity-table';
import { changeWords, type ChangeContext } from './change-words';

type T = ChangeContext['t'];

/** The kinds of record a row can be about, named in `activity.record`; the others are "something else". */
const RECORD_KINDS = [
  'reservation',
  'entity',
  'entity-logo',
  'commitments',
  'hold',
  'guest',
  'staff',
  'view',
  'setting',
  'session',
  'activity-export',
  'reservations-export',
] as const;
type RecordKind = (typeof RECORD_KINDS)[number];
const isRecordKind = (type: string): type is RecordKind => (RECORD_KINDS as readonly string[]).includes(type);

/** The records with a history of their own, and their page. */
const PAGE_OF: Partial<Record<RecordKind, (id: string) => string>> = {
  reservation: (id) => `/reservations/${id}`,
  entity: (id) => `/entities/${id}`,
  staff: () => '/team',
};
/** Kinds whose page is the same whatever the id. */
const LIST_OF: Partial<Record<RecordKind, string>> = { commitments: '/allocations', 'entity-logo': '' };

/** The heading of one record's history, by the kind of record its rows are about. */
export const historyTitleKey = (type: string | null | undefined) =>
  type === 'reservation' || type === 'entity' || type === 'staff'
    ? type
    : type === 'commitments'
      ? 'commitment'
      : 'other';

/** Who acted: a member's e-mail, or the log's own name for no member (an unknown account) in words. */
export function whoWords(t: T, recorded: string): string {
  const key = whoKey(recorded);
  return key ? t(`who.${key}`) : recorded;
}

/** An action in the member's words ("Canceled a reservation"); one the catalog does not name yet, as recorded. */
export function actionWords(t: T, action: string): string {
  const key = `actions.${action}` as 'actions.sign-in';
  return t.has(key) ? t(key) : action;
}

/** The log's rows as the table shows them: actions in words, records named and linked, never an id. */
export function activityRows(
  rows: AuditRow[],
  {
    historyOf,
    say,
    ...words
  }: ChangeContext & {
    historyOf: string | undefined;
    /** a refusal as recorded before it was put in words (`said`), in the reader's language; null when it is not one */
    say: (stored: unknown) => string | null;
  },
): ActivityRow[] {
  const { t } = words;
  return rows.map((r) => {
    const kind = r.resourceType && isRecordKind(r.resourceType) ? r.resourceType : null;
    const page = kind && r.resourceId ? PAGE_OF[kind]?.(r.resourceId) : undefined;
    const entityName = r.entityId ? (words.entityNames.get(r.entityId) ?? t('unknownEntity')) : null;
    return {
      id: r.id,
      when: words.format.moment(r.at),
      at: r.at.toISOString(),
      staffEmail: whoWords(t, r.staffEmail),
      action: r.action,
      actionText: actionWords(t, r.action),
      record: r.resourceType
        ? {
            id: r.resourceId,
            label:
              kind === 'entity' && r.resourceId && words.entityNames.has(r.resourceId)
                ? words.entityNames.get(r.resourceId)!
                : // a guest is known by their e-mail, the id the team's notes and tags are kept under
                  kind === 'guest' && r.resourceId
                  ? r.resourceId
                  : t(`record.${kind ?? 'other'}`),
            href: page ?? (kind ? LIST_OF[kind] || null : null),
            history: page && r.resourceId !== historyOf ? `/activity?record=${r.resourceId}` : null,
          }
        : null,
      inEntity:
        entityName && !(kind === 'entity' && r.resourceId === r.entityId) ? t('inEntity', { name: entityName }) : null,
      // the record's id is its link, not a change to read
      changes: changeWords(r.action, r.before, r.after, words),
      recorded:
        r.before != null || r.after != null ? JSON.stringify({ before: r.before, after: r.after }, null, 2) : null,
      result: r.result,
      // a refusal in the reader's words; a row written before they were kept, in the English recorded
      message: (r.said != null && say(r.said)) || (r.message ?? null),
      repeats: r.repeats,
      lastWhen: r.lastAt ? words.format.moment(r.lastAt) : null,
    };
  });
}
