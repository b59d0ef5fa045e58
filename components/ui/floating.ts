/** Where a menu or popover opens: a little off its trigger, kept 8 px inside the viewport. */
export const FLOATING_PLACEMENT = { sideOffset: 6, collisionPadding: 8 } as const;

/** How a menu or popover looks: a raised surface above the page. */
export const FLOATING_PANEL = 'z-50 rounded-md bg-surface shadow-lg ring-1 ring-slate-200';

/** The dimmed page behind a modal (the navigation sheet, a confirmation). */
export const MODAL_OVERLAY = 'fixed inset-0 z-40 bg-overlay';

/** How a modal's panel looks; each modal places it. */
export const MODAL_PANEL = 'fixed z-50 bg-surface text-slate-900 shadow-xl ring-1 ring-slate-200 focus:outline-none';
