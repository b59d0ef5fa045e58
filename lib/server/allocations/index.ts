/**
 * Allocations: the grid of every managed entity's commitment rows, applying changes to it
 * (planned, locked per entity, restorable), and the seats already booked in a commitment.
 * Server-only.
 */

export { copiedEntityRows } from './allocation-grid';
export {
  AllocationError,
  applyChanges,
  gridData,
  loadAllocationData,
  restoreSets,
  type ApplyOutcome,
  type FailedWhy,
  type GridData,
} from './allocations';
export { readSeatsInUse } from './seats-in-use';
