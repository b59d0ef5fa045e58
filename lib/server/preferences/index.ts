/**
 * A member's preferences for the console's lists (rows per page, density), kept in the
 * dashboard's database so that they follow the member from device to device.
 */
import 'server-only';

export { getTablePreferences, saveTablePreferences } from './store';
export { myTablePreferences } from './table-preferences';
