/** Saved views of the reservation search: a member's own, and those an admin shared with the team. */
import 'server-only';

export {
  deleteView,
  MAX_VIEWS_PER_MEMBER,
  saveView,
  viewFor,
  viewsFor,
  ViewLimitError,
  ViewNameTakenError,
  type ViewSummary,
} from './store';
export { applicableSearch } from './applicable';
export { myViews } from './mine';
