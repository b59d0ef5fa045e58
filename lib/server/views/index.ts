/** Saved views of the reservation search: a member's own, and those an admin shared with the team. */
import 'server-only';

export { deleteView, saveView, viewFor, viewsFor, ViewNameTakenError, type ViewSummary } from './store';
export { applicableSearch } from './applicable';
export { myViews } from './mine';
