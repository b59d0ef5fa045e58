'use client';

import { useLayoutEffect } from 'react';

import { APP_ROOT_ID } from './app-root';

/**
 * Rendered inside a modal's content: while it is mounted the page behind is `inert`, so nothing
 * there can take focus or be reached by assistive technology (the modal lives in a portal outside
 * the page). A layout effect, so the page is live again before focus returns to the trigger.
 */
export function InertApp() {
  useLayoutEffect(() => {
    const app = document.getElementById(APP_ROOT_ID);
    app?.setAttribute('inert', '');
    return () => app?.removeAttribute('inert');
  }, []);
  return null;
}
