/** The element around the whole app; modals in portals make it inert while they are open. */
export const APP_ROOT_ID = 'app-root';
