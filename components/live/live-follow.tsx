'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';

import { useChangeEvents } from '@/components/providers/live-events';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { ChangeEvent } from '@/lib/changes/events';

import { navigationUnderWay } from './navigation-under-way';

/** Changes that come together (a bulk cancel's rows) make one refresh, this long after the first. */
const REFRESH_DEBOUNCE_MS = 400;

/** The forms and grids of this page with unsaved edits, each with what puts it back to the page's values. */
const unsaved = new Map<symbol, () => void>();

const unsavedListeners = new Set<() => void>();
const unsavedChanged = () => unsavedListeners.forEach((l) => l());

/** Whether a form or grid of this page holds unsaved edits now (the presence beat says "editing"). */
export function useHasUnsavedEdits(): boolean {
  return useSyncExternalStore(
    (listener) => {
      unsavedListeners.add(listener);
      return () => void unsavedListeners.delete(listener);
    },
    () => unsaved.size > 0,
    () => false,
  );
}

/**
 * Declares the unsaved edits of a form or a grid: while `dirty`, a page that follows the change
 * feed does not change under the member (it shows the banner instead); "Show the new version"
 * calls `discard` (a form goes back to the page's values; a grid keeps its staged edits: pass a
 * no-op) and then refreshes.
 */
export function useUnsavedEdits(dirty: boolean, discard: () => void): void {
  const [key] = useState(() => Symbol('unsaved'));
  const latest = useRef(discard);
  useEffect(() => {
    latest.current = discard;
  });
  useEffect(() => {
    if (!dirty) return;
    unsaved.set(key, () => latest.current());
    unsavedChanged();
    return () => {
      unsaved.delete(key);
      unsavedChanged();
    };
  }, [dirty, key]);
}

/** When the page last asked for its new version after a save of its own (refreshAfterSave). */
let savedRefreshAt = -Infinity;

/**
 * Asks for the page's new version after a save of its own (a form's, the grid's apply). That
 * version holds every change that reached the page before it: a page that kept them waiting behind
 * its banner while the edits were unsaved has nothing more to refresh for them.
 */
export function refreshAfterSave(router: { refresh(): void }): void {
  savedRefreshAt = performance.now();
  router.refresh();
}

/** What leaving this page now would lose: unsaved edits, or nothing. */
export function unsavedWork(): 'edits' | null {
  return unsaved.size ? 'edits' : null;
}

/**
 * A server-rendered page that follows the change feed: an event `matches` says concerns what it
 * shows refreshes it (router.refresh, debounced), unless the page has unsaved edits: then it stays
 * as it is and the events wait in `pending` for the banner, until the member chooses to see the
 * new version, or the edits are saved or put back. The member's own changes never raise the
 * banner. A refresh waits while the member is on the way to another page (see navigationUnderWay).
 */
export function useLiveFollow(matches: (event: ChangeEvent) => boolean, debounceMs = REFRESH_DEBOUNCE_MS) {
  const router = useRouter();
  const [pending, setPending] = useState<ChangeEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const refreshSoon = () => {
    timer.current = setTimeout(() => {
      if (navigationUnderWay()) return refreshSoon();
      timer.current = null;
      router.refresh();
    }, debounceMs);
  };
  const me = useRef<string | undefined>(undefined);
  /** Whether events wait for the banner (pending is not empty), and when the newest of them arrived. */
  const waiting = useRef(false);
  const newestWaiting = useRef(-Infinity);
  const live = useChangeEvents((event) => {
    if (!matches(event)) return;
    if (unsaved.size) {
      if (event.who?.id === me.current) return;
      waiting.current = true;
      newestWaiting.current = performance.now();
      setPending((p) => [...p, event]);
      return;
    }
    // The first change of a burst starts the wait; the ones during it join the same refresh.
    if (!timer.current) refreshSoon();
  });
  useEffect(() => {
    me.current = live?.memberId;
  }, [live]);
  // The edits were saved or put back: nothing is left to keep, so the page shows the new version,
  // unless the save already asked for it after the last waiting change arrived.
  const settled = useEffectEvent(() => {
    if (unsaved.size || !waiting.current) return;
    waiting.current = false;
    setPending([]);
    if (savedRefreshAt > newestWaiting.current) return;
    if (!timer.current) refreshSoon();
  });
  useEffect(() => {
    const listener = () => settled();
    unsavedListeners.add(listener);
    return () => void unsavedListeners.delete(listener);
  }, []);
  return {
    pending,
    showNewVersion: () => {
      waiting.current = false;
      setPending([]);
      for (const discard of [...unsaved.values()]) discard();
      router.refresh();
    },
  };
}

/**
 * Refreshes a page with nothing to edit (the overview) on the events of the kinds it shows, in its
 * entity (null: any), at most once in `debounceMs` (a refresh re-reads the page from the API).
 */
export function LiveRefresh({
  entityId,
  kinds,
  debounceMs,
}: {
  entityId: string | null;
  kinds: readonly string[];
  debounceMs?: number;
}) {
  useLiveFollow(
    (e) => kinds.some((k) => e.kind.startsWith(k)) && (!e.entityId || !entityId || e.entityId === entityId),
    debounceMs,
  );
  return null;
}

/** The banner over a page with unsaved edits: who changed what, and "Show the new version". */
export function ChangedBanner({ text, onShow }: { text: string; onShow: () => void }) {
  const t = useTranslations('shell.live');
  return (
    <Notice tone="warning" role="status" data-testid="changed-banner">
      <span className="mr-3">{text}</span>
      <Button variant="secondary" onClick={onShow} data-testid="show-new-version">
        {t('banner.show')}
      </Button>
    </Notice>
  );
}
