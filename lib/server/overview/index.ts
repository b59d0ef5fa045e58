/** The overview page's figures: today at the venues, covers by day and allocation use. Server-only. */

export {
  OVERVIEW_DAYS,
  getOverview,
  getTodayView,
  overviewConditions,
  type Overview,
  type OverviewScope,
} from './overview';
export { getRecentChanges, RECENT_CHANGES } from './recent-changes';
