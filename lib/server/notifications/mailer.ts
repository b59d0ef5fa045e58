/**
 * The deployment's sender of notification e-mails: one process elected for it (an advisory lock,
 * coordination/election.ts) records the digests that are due and sends what the send record holds
 * (mail-outbox.ts) every MAIL_TICK_MS, over the SMTP server of SMTP_URL (nodemailer). Without
 * SMTP_URL it does not start, and the e-mail channels are not offered. Stops on graceful shutdown.
 */
import 'server-only';

import nodemailer from 'nodemailer';

import { getConfig } from '../config';
import { Election } from '../coordination';
import { getDb } from '../db';
import { logUnexpected } from '../log';
import { logger } from '../log/logger';
import { onShutdown } from '../ops';
import { processWide } from '../process-wide';
import { composeMail } from './mail-compose';
import { recordDueDigests, sendDueMails } from './mail-outbox';

/** How often the elected process looks for mail to record and send. */
export const MAIL_TICK_MS = 10_000;

const globalForMailer = processWide("this process's sender of notification e-mails", () => ({
  started: false,
}));

/** nodemailer's options of an SMTP_URL (checked by the configuration: smtps://, or smtp:// with STARTTLS required or to this machine). */
function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    ...(url.port ? { port: Number(url.port) } : {}),
    secure: url.protocol === 'smtps:',
    requireTLS: url.searchParams.get('requireTLS') === 'true',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
  };
}

/** Starts this process's mail job (once), when the dashboard has an SMTP server. */
export function startNotificationMail(): void {
  const config = getConfig();
  if (!config.mail || globalForMailer.started) return;
  globalForMailer.started = true;
  const { smtpUrl, from } = config.mail;
  const transport = nodemailer.createTransport(smtpOptions(smtpUrl), { from });
  const publicUrl = config.publicUrl ?? 'http://localhost:3000';
  const election = new Election(config.databaseUrl, 'notification-mail');
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> | undefined;
  let stopped = false;

  const send = async (mail: Parameters<Parameters<typeof sendDueMails>[1]>[0]) => {
    const composed = await composeMail(await getDb(), mail, publicUrl);
    if (!composed) return false;
    await transport.sendMail({
      to: composed.to,
      subject: composed.subject,
      text: composed.text,
      html: composed.html,
      headers: { 'Content-Language': composed.language, 'Auto-Submitted': 'auto-generated' },
    });
    return true;
  };

  const tick = async () => {
    try {
      if (!(await election.hold())) return;
      const db = await getDb();
      await recordDueDigests(db, new Date());
      const tally = await sendDueMails(db, send);
      if (tally.sent || tally.failed) logger.info({ scope: 'notification mail', ...tally }, 'notification mail sent');
    } catch (e) {
      logUnexpected('notification mail', e);
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      turn = tick().finally(() => {
        turn = undefined;
        schedule(MAIL_TICK_MS);
      });
    }, ms);
    timer.unref();
  };
  schedule(1_000);
  onShutdown(async () => {
    stopped = true;
    clearTimeout(timer);
    await turn;
    await election.release();
    transport.close();
  });
}
