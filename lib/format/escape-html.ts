/** Text made safe inside HTML, an element's content or a quoted attribute (the notification mails, the mail catcher's pages). */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
