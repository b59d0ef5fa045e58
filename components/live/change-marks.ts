/**
 * The rows changed a moment ago, by reservation id, so that a list or a page marks them for a few
 * seconds ("Canceled by …", "New, booked outside the console"): a small store outside React,
 * read with useSyncExternalStore.
 */
import type { ChangeEvent } from '@/lib/changes/events';

export const MARK_MS = 8_000;

const marks = new Map<string, ChangeEvent>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function markChange(id: string, event: ChangeEvent): void {
  marks.set(id, event);
  emit();
  setTimeout(() => {
    if (marks.get(id) === event) {
      marks.delete(id);
      emit();
    }
  }, MARK_MS);
}

export const markOf = (id: string): ChangeEvent | undefined => marks.get(id);

export function subscribeMarks(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
