'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

import { ConfirmDialog } from '@/components/ui/alert-dialog';

import { unsavedWork } from './live-follow';

type Ask = (what: 'running' | 'edits') => Promise<boolean>;
let ask: Ask | null = null;

/**
 * Whether the member may leave the page now: at once when it holds nothing unsaved, else after
 * they chose "Leave" in the guard's dialog. Every way out of a page that is not a link (the entity
 * switcher, ⌘K, the go-to shortcuts) asks this first; links are asked by the guard itself.
 */
export function confirmLeave(): Promise<boolean> {
  const what = unsavedWork();
  return what && ask ? ask(what) : Promise.resolve(true);
}

/** A click that would leave the page for another of the console: the link's address, else null. */
function leavingTo(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
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
 * Guards a page's unsaved edits and running work against leaving it: a link asks first (the
 * member stays, or leaves and the edits are dropped), and so does closing or reloading the tab
 * (the browser's own question). Mounted once, in the console's shell.
 */
export function LeaveGuard() {
  const t = useTranslations('shell.leave');
  const router = useRouter();
  const [question, setQuestion] = useState<{ what: 'running' | 'edits'; answer: (leave: boolean) => void } | null>(
    null,
  );

  useEffect(() => {
    ask = (what) => new Promise((answer) => setQuestion({ what, answer }));
    const onClick = (event: MouseEvent) => {
      if (!unsavedWork()) return;
      const href = leavingTo(event);
      if (!href) return;
      // Before the link's own handler (the router's) sees the click.
      event.preventDefault();
      event.stopPropagation();
      void confirmLeave().then((leave) => leave && router.push(href));
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unsavedWork()) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      ask = null;
      document.removeEventListener('click', onClick, true);
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
