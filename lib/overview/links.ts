/** The searches the overview's figures link to, in the API's filter syntax (framework-free). */
import { buildFilterQuery, RESERVATION_FILTERS, type Condition } from '../guestbook/filters';
import type { TodayFigures } from './figures';

export const searchHref = (conditions: Condition[]) =>
  `/reservations?${buildFilterQuery(conditions, RESERVATION_FILTERS)}`;
export const onDay = (date: string): Condition => ({ attribute: 'date', modifier: 'eq', value: date });
export const notCanceled: Condition = { attribute: 'status', modifier: 'neq', value: 'canceled' };

/** The "today" block as the browser shows it: its figures and the search behind each of them. */
export interface TodayView {
  /** the entity context the figures were read in (the query's key) */
  context: string;
  today: string;
  figures: TodayFigures;
  /** the searches behind the figures; null for the whole partner (a search runs in one entity's context) */
  links: { kept: string; noShows: string; byStatus: Record<string, string> } | null;
  /** when the server read them (ms since the epoch) */
  readAt: number;
}

export function todayView(
  context: string,
  today: string,
  figures: TodayFigures,
  readAt: number,
  linked = true,
): TodayView {
  const withStatus = (status: string) =>
    searchHref([onDay(today), { attribute: 'status', modifier: 'eq', value: status }]);
  return {
    context,
    today,
    figures,
    links: !linked
      ? null
      : {
          kept: searchHref([onDay(today), notCanceled]),
          noShows: withStatus('no_show'),
          byStatus: Object.fromEntries(figures.byStatus.map((s) => [s.status, withStatus(s.status)])),
        },
    readAt,
  };
}
