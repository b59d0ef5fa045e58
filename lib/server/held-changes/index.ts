/**
 * Changes held for their undo window before they are sent (the guest is told of a change only
 * once it can no longer be undone). This index is server-only; `held-changes/store` is free of it.
 */
import 'server-only';

export { sendWhenDue, startHeldChanges } from './runner';
export { heldFor, holdChange, pruneHeld, refusedFor, withdrawChange } from './store';
