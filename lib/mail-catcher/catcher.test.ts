import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startMailCatcher, type MailCatcher } from './catcher';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ host: '127.0.0.1', smtpPort: 0, httpPort: 0 });
});
afterAll(() => catcher.close());

describe('the mail catcher', () => {
  it('catches what an SMTP client sends and lists it on its page, the HTML kept out of the page’s own', async () => {
    const transport = nodemailer.createTransport(`smtp://127.0.0.1:${catcher.smtpPort}`, {
      from: 'Dashboard <dashboard@example.test>',
    });
    await transport.sendMail({
      to: 'ines@example.test',
      subject: 'Ihre tägliche Übersicht: 2 Benachrichtigungen',
      text: 'Hallo Inès,\n• eins',
      html: '<p>Hallo <script>alert(1)</script></p>',
      headers: { 'Content-Language': 'de' },
    });
    await transport.sendMail({ to: 'other@example.test', subject: 'Another', text: 'x' });
    transport.close();

    const base = `http://127.0.0.1:${catcher.httpPort}`;
    const mine = (await (await fetch(`${base}/messages.json?to=INES@example.test`)).json()) as {
      id: string;
      subject: string;
      text: string;
      from: string;
      headers: Record<string, string>;
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      subject: 'Ihre tägliche Übersicht: 2 Benachrichtigungen',
      text: 'Hallo Inès,\n• eins',
      from: 'dashboard@example.test',
    });
    expect(mine[0]!.headers['content-language']).toBe('de');

    const list = await (await fetch(base)).text();
    expect(list).toContain('2 mails, newest first');
    expect(list.indexOf('Another')).toBeLessThan(list.indexOf('Ihre tägliche Übersicht'));
    const one = await fetch(`${base}/messages/${mine[0]!.id}`);
    const html = await one.text();
    // The mail's HTML is escaped into a sandboxed frame: its script is never the page's.
    expect(html).toContain('<iframe sandbox');
    expect(html).not.toContain('<script>');
    expect(one.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await fetch(`${base}/messages.json`, { method: 'POST' })).status).toBe(405);
  });
});
