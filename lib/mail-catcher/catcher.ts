/**
 * The mail catcher of the demo and the tests: an SMTP server (smtp-server, from the nodemailer
 * project) that keeps every mail it is given in memory, parsed (mailparser), and a small web page
 * listing them, so that the notification e-mails the dashboard sends can be read without a real
 * mailbox. It delivers nothing onwards. It listens on this machine only unless told otherwise, and
 * accepts mail from anyone who reaches it, without a password: never expose it.
 *
 *   GET /                 the caught mails, newest first
 *   GET /messages/:id     one mail: its headers, its text and its HTML (shown in a sandboxed frame)
 *   GET /messages.json    every mail as JSON (`?to=` keeps those to one address)
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import { escapeHtml } from '../format/escape-html';

export interface CaughtMail {
  id: string;
  /** when it was caught (ISO) */
  at: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** The most mails kept: the oldest go first. */
const KEEP = 1_000;
/** The largest mail taken, in bytes. */
const MAX_SIZE = 5 * 1024 * 1024;

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? '').filter(Boolean));

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0 auto; padding: 1rem; max-width: 60rem; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #8884; vertical-align: top; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #8881; padding: .75rem; border-radius: .375rem; }
  iframe { width: 100%; min-height: 24rem; border: 1px solid #8884; border-radius: .375rem; background: #fff; }
  @media (max-width: 40rem) { .when { display: none; } }`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

function listPage(mails: readonly CaughtMail[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td class="when">${escapeHtml(m.at.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to.join(', '))}</td><td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Mail catcher',
    `<h1>Mail catcher</h1><p>What the dashboard sent, caught here and delivered to nobody: ${mails.length} ${mails.length === 1 ? 'mail' : 'mails'}, newest first.</p>` +
      (mails.length
        ? `<table><thead><tr><th class="when">Caught (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>Nothing yet.</p>'),
  );
}

function mailPage(m: CaughtMail): string {
  const headers = ['from', 'to', 'date', 'content-language']
    .filter((h) => m.headers[h])
    .map((h) => `<tr><th>${escapeHtml(h)}</th><td>${escapeHtml(m.headers[h]!)}</td></tr>`)
    .join('');
  return page(
    m.subject,
    `<p><a href="/">All mails</a></p><h1>${escapeHtml(m.subject || '(no subject)')}</h1><table>${headers}</table>` +
      `<h2>Text</h2><pre>${escapeHtml(m.text)}</pre>` +
      (m.html ? `<h2>HTML</h2><iframe sandbox title="The mail's HTML" srcdoc="${escapeHtml(m.html)}"></iframe>` : ''),
  );
}

export interface MailCatcher {
  smtpPort: number;
  httpPort: number;
  mails: CaughtMail[];
  close(): Promise<void>;
}

/** Starts the catcher's SMTP server and its page (port 0: any free port). */
export async function startMailCatcher(options: {
  host: string;
  smtpPort: number;
  httpPort: number;
}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_SIZE,
    logger: false,
    banner: 'Guest Book mail catcher',
    onAuth(_auth, _session, callback) {
      // Any user and password: the catcher stands in for the real server's login.
      callback(null, { user: 'catcher' });
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.key.length + 1).trim();
          mails.unshift({
            id: randomUUID(),
            at: new Date().toISOString(),
            from: addresses(parsed.from).join(', '),
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers,
          });
          mails.length = Math.min(mails.length, KEEP);
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, options.host, () => resolve());
  });

  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src data:",
        'x-content-type-options': 'nosniff',
      });
      res.end(body);
    };
    if (req.method !== 'GET') return send(405, 'text/plain', 'Only GET.');
    if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', listPage(mails));
    if (url.pathname === '/messages.json') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const kept = to ? mails.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : mails;
      return send(200, 'application/json', JSON.stringify(kept));
    }
    const one = /^\/messages\/([0-9a-f-]{36})$/.exec(url.pathname);
    const mail = one && mails.find((m) => m.id === one[1]);
    if (mail) return send(200, 'text/html; charset=utf-8', mailPage(mail));
    return send(404, 'text/plain', 'No such page.');
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort, options.host, () => resolve());
  });

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    mails,
    close: async () => {
      await new Promise<void>((r) => smtp.close(() => r()));
      await new Promise<void>((r) => http.close(() => r()));
    },
  };
}
