import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Input, Select } from '@/components/ui/input';
import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import {
  ACTIVITY_PAGE_SIZES,
  ACTIVITY_RESULTS,
  activityFilters,
  activityQuery,
  cursorOf,
  parseCursor,
} from '@/lib/activity/filters';
import { ACTIVITY_KINDS, readableActivityActions } from '@/lib/activity/visibility';
import { storedSaid, translateSaid } from '@/lib/i18n/said';
import { auditQueryOf, kindOf, readerSearchWords } from '@/lib/server/activity';
import { auditFacets, listAudit } from '@/lib/server/audit';
import { requireStaff } from '@/lib/server/auth';
import { knownPrograms, listEntities } from '@/lib/server/directory';
import { getFormatter } from '@/lib/server/http';

import { actionWords, activityRows, historyTitleKey, whoWords } from './activity-rows';
import { ActivityTable } from './activity-table';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('activity');
  return { title: t('metaTitle') };
}

const control = 'mt-1 block py-1.5';

/** One filter of the form: its label above its control. */
function FilterField({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`activity-${name}`} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter picked from a list; `any` is the choice of no filter; `labels` names choices that are not data. */
function ChoiceFilter({
  name,
  label,
  value,
  any,
  choices,
  labels,
  wide = false,
}: {
  name: string;
  label: string;
  value: string | undefined;
  any?: string;
  choices: readonly string[];
  labels?: Record<string, string>;
  wide?: boolean;
}) {
  return (
    <FilterField name={name} label={label}>
      <Select
        id={`activity-${name}`}
        name={name}
        defaultValue={value ?? ''}
        className={cn(control, wide && 'max-w-64')}
      >
        {any && <option value="">{any}</option>}
        {choices.map((c) => (
          <option key={c} value={c}>
            {labels?.[c] ?? c}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}

/** Whether a recorded value holds a reservation search (a `query` field, at any depth), as saved views and exports record it. */
const hasQuery = (v: unknown): boolean => v != null && JSON.stringify(v).includes('"query":');

export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireStaff('viewer');
  const [t, statusWords, tAll, locale] = await Promise.all([
    getTranslations('activity'),
    getTranslations('reservations.status'),
    getTranslations(),
    getLocale(),
  ]);
  const say = (stored: unknown) => {
    const s = storedSaid(stored, (key) => tAll.has(key));
    return s && translateSaid(tAll, s);
  };
  const filters = activityFilters(await searchParams);
  // What this member may read of the log (an admin all; others the changes to reservations and
  // entities): the rows, the paging and the filters' lists alike.
  const readable = readableActivityActions(me.role);
  const [page, facets, format, entities] = await Promise.all([
    // One row more than shown: whether there are older ones.
    listAudit({
      ...auditQueryOf(filters, me.timeZone ?? 'UTC', me.role),
      after: filters.cursor ? parseCursor(filters.cursor) : undefined,
      limit: filters.limit + 1,
    }),
    auditFacets(readable, kindOf({ kind: filters.kind })),
    getFormatter(),
    listEntities().catch(() => []),
  ]);
  const entityNames = new Map(entities.map((e) => [e.id, e.name]));
  const programNames = new Map(knownPrograms(entities).map((p) => [p.id, p.name]));
  const rows = page.slice(0, filters.limit);
  // A recorded search (a saved view's, an export's) in words: the directory's names are read only for one.
  const searchWords = rows.some((r) => hasQuery(r.before) || hasQuery(r.after))
    ? await readerSearchWords()
    : () => null;
  const older = page.length > filters.limit ? cursorOf(rows[rows.length - 1]!) : null;
  // A member or action picked from a link may not be in the lists yet: it stays chosen.
  const members =
    filters.staff && !facets.members.includes(filters.staff) ? [filters.staff, ...facets.members] : facets.members;
  const actions =
    filters.action && !facets.actions.includes(filters.action) && (!readable || readable.includes(filters.action))
      ? [filters.action, ...facets.actions]
      : facets.actions;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {filters.record ? (
        <PageHeader
          title={t(`history.${historyTitleKey(entityNames.has(filters.record) ? 'entity' : rows[0]?.resourceType)}`)}
          description={t('history.description')}
          actions={
            <Button asChild variant="secondary" size="sm">
              <Link href="/activity">{t('history.all')}</Link>
            </Button>
          }
        />
      ) : (
        <PageHeader title={t('title')} description={t(readable ? 'descriptionShared' : 'description')} />
      )}
      <form
        method="get"
        className="flex flex-wrap items-end gap-3"
        role="search"
        aria-label={t('filters.label')}
        data-shortcut="search"
      >
        {me.role === 'admin' && (
          <ChoiceFilter
            name="kind"
            label={t('filters.kind')}
            value={filters.kind}
            choices={ACTIVITY_KINDS}
            labels={Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, t(`kinds.${k}`)]))}
          />
        )}
        <ChoiceFilter
          name="staff"
          label={t('filters.member')}
          value={filters.staff}
          any={t('filters.anyone')}
          choices={members}
          labels={Object.fromEntries(members.map((m) => [m, whoWords(t, m)]))}
          wide
        />
        <ChoiceFilter
          name="action"
          label={t('filters.action')}
          value={filters.action}
          any={t('filters.any')}
          choices={actions}
          labels={Object.fromEntries(actions.map((a) => [a, actionWords(t, a)]))}
          wide
        />
        <ChoiceFilter
          name="result"
          label={t('filters.result')}
          value={filters.result}
          any={t('filters.any')}
          choices={ACTIVITY_RESULTS}
          labels={Object.fromEntries(ACTIVITY_RESULTS.map((r) => [r, t(`result.${r}`)]))}
        />
        <FilterField name="from" label={t('filters.from', { zone: format.memberZone })}>
          <Input id="activity-from" type="date" name="from" defaultValue={filters.from} className={control} />
        </FilterField>
        <FilterField name="to" label={t('filters.to', { zone: format.memberZone })}>
          <Input id="activity-to" type="date" name="to" defaultValue={filters.to} className={control} />
        </FilterField>
        <ChoiceFilter
          name="limit"
          label={t('filters.rowsPerPage')}
          value={String(filters.limit)}
          choices={ACTIVITY_PAGE_SIZES.map(String)}
        />
        <Button type="submit" variant="secondary">
          {t('filters.apply')}
        </Button>
        {me.role === 'admin' && (
          <Button asChild variant="ghost">
            <a href={`/api/activity/export${activityQuery(filters)}`} download data-testid="activity-export">
              {t('export')}
            </a>
          </Button>
        )}
      </form>
      <Card>
        <ActivityTable
          zone={format.memberZone}
          rows={activityRows(rows, {
            t,
            words: tAll,
            locale,
            format,
            statusWords,
            entityNames,
            programNames,
            historyOf: filters.record,
            say,
            searchWords,
          })}
          empty={filters.record ? t('history.empty') : undefined}
        />
        {/* An empty first page says so once, in the table; an empty older page keeps the way back to the newest. */}
        {(rows.length > 0 || filters.cursor) && (
          <nav aria-label={t('pages.label')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
            <span className="text-slate-600" data-testid="activity-page-info">
              {rows.length === 0
                ? t('pages.none')
                : t(filters.cursor ? 'pages.older' : 'pages.newest', { count: rows.length })}
            </span>
            <span className="flex gap-2">
              {filters.cursor && (
                <Button asChild variant="secondary" size="sm">
                  <Link href={`/activity${activityQuery(filters)}`}>{t('pages.toNewest')}</Link>
                </Button>
              )}
              {older && (
                <Button asChild variant="secondary" size="sm">
                  <Link href={`/activity${activityQuery(filters, older)}`} data-testid="activity-older">
                    {t('pages.toOlder')}
                  </Link>
                </Button>
              )}
            </span>
          </nav>
        )}
      </Card>
    </div>
  );
}
