'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

import { openPage } from '@/components/shell/page-opening';
import { ConfirmDialog } from '@/components/ui/alert-dialog';

import { unsavedWork, useHasUnsavedEdits } from './live-follow';
import { navigationStarted } from './navigation-under-way';

type Ask = (what: 'edits') => Promise<boolean>;
let ask: Ask | null = null;
/** The member chose Leave at the Back guard: a step back to another document asks nothing more. */
let leaveConfirmed = false;

/**
 * Whether the member may leave the page now: at once when it holds nothing unsaved, else after
 * they chose "Leave" in the guard's dialog. Every way out of a page that is not a link (the entity
 * switcher, ⌘K, the go-to shortcuts) asks this first; links are asked by the guard itself.
 */
export function confirmLeave(): Promise<boolean> {
  const what = unsavedWork();
  return what && ask ? ask(what) : Promise.resolve(true);
}

/** The key of this page's guard entry in the history's state (see useBackGuard). */
const GUARD_KEY = '__leaveGuard';
const atGuardEntry = () => (history.state as Record<string, unknown> | null)?.[GUARD_KEY] === true;

/**
 * Goes to `href` in the console once confirmLeave allows it, the line at the top of the page's area
 * showing until it has come. From the Back guard's entry the next page replaces it, so that Back
 * from there comes to this page once, not twice.
 */
export async function leaveFor(
  router: { push: (href: string) => void; replace: (href: string) => void },
  href: string,
) {
  if (!(await confirmLeave())) return;
  navigationStarted();
  const replace = atGuardEntry();
  openPage(() => (replace ? router.replace(href) : router.push(href)));
}

/** A click that would leave the page for another of the console: the link's address, else null. */
function leavingTo(event: MouseEvent): string | null {
  return event.defaultPrevented ? null : linkTarget(event);
}

/** The page of the console a plain click on a link goes to, else null. */
function linkTarget(event: MouseEvent): string | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const to = new URL(link.href, location.href);
  if (to.origin !== location.origin) return null;
  // A jump within the page (#…) leaves nothing.
  if (to.pathname === location.pathname && to.search === location.search) return null;
  return to.pathname + to.search + to.hash;
}

/**
 * The browser's Back button, while the page holds unsaved edits: an entry of the history, a copy
 * of the page's own, is put on top of it, so that Back first comes to the same page. That step
 * is kept from the router (a capture listener at the window runs before the router's), and the
 * guard asks: Stay puts the entry back, Leave goes on back, where the router takes over. Once
 * the edits are saved or dropped, the entry is taken away again (a Back the router never sees),
 * unless the member already left the page. A browser's popstate cannot be cancelled, hence the entry.
 */
function useBackGuard(): void {
  const hasEdits = useHasUnsavedEdits();
  useEffect(() => {
    if (!hasEdits) return;
    const page = location.href;
    /** the member chose Leave: the next popstate is the router's */
    let passing = false;
    const arm = () => history.pushState({ ...(history.state as object), [GUARD_KEY]: true }, '', page);
    const onPopState = (event: PopStateEvent) => {
      if (passing) return;
      event.stopImmediatePropagation();
      // Back from the guard's entry: the page's own entry, the page unchanged.
      void confirmLeave().then((leave) => {
        if (!leave) return arm();
        passing = leaveConfirmed = true;
        history.back();
      });
    };
    arm();
    window.addEventListener('popstate', onPopState, { capture: true });
    return () => {
      leaveConfirmed = false;
      window.removeEventListener('popstate', onPopState, { capture: true });
      if (passing || location.href !== page || !atGuardEntry()) return;
      // Saved or dropped on this page: the extra entry goes, unseen by the router.
      const swallow = (event: PopStateEvent) => {
        event.stopImmediatePropagation();
        window.removeEventListener('popstate', swallow, { capture: true });
      };
      window.addEventListener('popstate', swallow, { capture: true });
      history.back();
    };
  }, [hasEdits]);
}

/**
 * Guards a page's unsaved edits and running work against leaving it: a link asks first (the
 * member stays, or leaves and the edits are dropped), and so does the browser's Back button while
 * edits are unsaved, and closing or reloading the tab (the browser's own question). Mounted once,
 * in the console's shell.
 */
export function LeaveGuard() {
  const t = useTranslations('shell.leave');
  const router = useRouter();
  const [question, setQuestion] = useState<{ what: 'edits'; answer: (leave: boolean) => void } | null>(null);
  useBackGuard();

  useEffect(() => {
    ask = (what) => new Promise((answer) => setQuestion({ what, answer }));
    const onClick = (event: MouseEvent) => {
      if (!unsavedWork()) return;
      const href = leavingTo(event);
      if (!href) return;
      // Before the link's own handler (the router's) sees the click.
      event.preventDefault();
      event.stopPropagation();
      void leaveFor(router, href);
    };
    // After the link's handler: the router took the click (it keeps the browser's own navigation).
    const onLinkNavigation = (event: MouseEvent) => {
      if (event.defaultPrevented && linkTarget(event)) navigationStarted();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unsavedWork() && !leaveConfirmed) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('click', onLinkNavigation);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      ask = null;
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('click', onLinkNavigation);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [router]);

  const answer = (leave: boolean) => {
    question?.answer(leave);
    setQuestion(null);
  };
  return (
    <ConfirmDialog
      open={question !== null}
      onOpenChange={(open) => !open && answer(false)}
      title={t('title')}
      description={<span data-testid="leave-guard">{t(question?.what ?? 'edits')}</span>}
      confirmLabel={t('leave')}
      cancelLabel={t('stay')}
      onConfirm={() => answer(true)}
    />
  );
}
