/**
 * A notification e-mail in its member's words (plain Node, no server-only: the tests compose
 * with a database of their own): their language (or English when they chose none), dates in the
 * venue's wall clock as the inbox shows them, each item with why they get it and a link back to
 * the reservation, then the inbox and their choices. Plain text and HTML, the same content.
 */
import { eq } from 'drizzle-orm';

import { createFormatter } from '../../format';
import { escapeHtml } from '../../format/escape-html';
import { DEFAULT_UI_LOCALE, formatLocaleFor, isUiLocale, validTimeZone } from '../../i18n/locales';
import type { CatalogKey } from '../../i18n/said';
import { translatorFor } from '../../i18n/translator';
import { itemHref, type InboxItem } from '../../notifications/items';
import { changesOf, openKey, whatHappened, type InboxWords } from '../../notifications/wording';
import type { DashboardDb } from '../db/open';
import { staffUsers, type NotificationMailRow } from '../db/schema';
import { itemsOfMail } from './mail-outbox';

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the member's language, as the mail's Content-Language */
  language: string;
}

/**
 * The mail `mail` records, or null when there is nothing to send: its member was disabled or
 * deleted, or it carries no item. `publicUrl`: the dashboard's address, for the links.
 */
export async function composeMail(
  db: Pick<DashboardDb, 'select'>,
  mail: Pick<NotificationMailRow, 'id' | 'staffId' | 'kind'>,
  publicUrl: string,
): Promise<ComposedMail | null> {
  const [member] = await db
    .select({
      email: staffUsers.email,
      name: staffUsers.name,
      language: staffUsers.language,
      zone: staffUsers.timeZone,
      disabled: staffUsers.disabled,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, mail.staffId));
  const items = await itemsOfMail(db, mail.id);
  if (!member || member.disabled || !items.length) return null;

  const language = isUiLocale(member.language) ? member.language : DEFAULT_UI_LOCALE;
  const t = await translatorFor(language);
  const format = createFormatter(formatLocaleFor(language, null), validTimeZone(member.zone) ?? 'UTC');
  const words: InboxWords = (key, values) => t(`inbox.${key}` as CatalogKey, values);
  const base = publicUrl.replace(/\/+$/, '');

  const said = items.map((row) => {
    const item = { kind: row.kind as InboxItem['kind'], data: row.data, subjectId: row.subjectId };
    return {
      what: whatHappened(item, words, format),
      changes: changesOf(item, words, format),
      why: t('notificationMail.why', { reason: t(`inbox.reason.${row.reason}` as CatalogKey) }),
      link: `${base}${itemHref(item)}`,
      open: t(`inbox.${openKey(item)}`),
    };
  });
  const digest = mail.kind === 'digest';
  const subject = digest ? t('notificationMail.digestSubject', { count: said.length }) : said[0]!.what;
  const intro = t(digest ? 'notificationMail.digestIntro' : 'notificationMail.atOnceIntro', { name: member.name });
  const inbox = { label: t('notificationMail.openInbox'), link: `${base}/inbox` };
  const choices = { label: t('notificationMail.changeChoices'), link: `${base}/account#notifications` };
  const footer = t('notificationMail.footer');

  const text = [
    intro,
    '',
    ...said.flatMap((s) => [
      `• ${s.what}`,
      ...s.changes.map((c) => `  ${c}`),
      `  ${s.why}`,
      `  ${s.open}: ${s.link}`,
      '',
    ]),
    `${inbox.label}: ${inbox.link}`,
    '',
    '--',
    footer,
    `${choices.label}: ${choices.link}`,
    '',
  ].join('\n');

  const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a;max-width:40rem">',
    `<p>${escapeHtml(intro)}</p>`,
    '<ul style="padding-left:1.25rem">',
    ...said.map(
      (s) =>
        `<li style="margin-bottom:1rem"><strong>${escapeHtml(s.what)}</strong>${s.changes
          .map((c) => `<br>${escapeHtml(c)}`)
          .join('')}<br><span style="color:#475569">${escapeHtml(s.why)}</span><br>${a(s.link, s.open)}</li>`,
    ),
    '</ul>',
    `<p>${a(inbox.link, inbox.label)}</p>`,
    `<hr><p style="color:#475569;font-size:0.875rem">${escapeHtml(footer)} ${a(choices.link, choices.label)}</p>`,
    '</body></html>',
  ].join('\n');

  return { to: member.email, subject, text, html, language };
}
