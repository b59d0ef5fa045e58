import type { Context } from 'hono';
import { z } from 'zod';

import { Uuid } from '../../guestbook/schemas';
import { sendDueReminders } from '../bookings';
import { endAgreement } from '../commitments';
import { FaultSettingsSchema } from '../faults';
import { identityView, setSuspended } from '../identities';
import { badRequest, notFound, problemFromZod } from '../problem';
import type { Routes } from './context';

/** A control's JSON body, {} when there is none; 400 when it is not JSON. */
async function controlBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
}

/** /_sandbox controls: never under /v2, never with an API token (see control-guard.ts for who may call them). */
export function controlRoutes({ app, state, world }: Routes): void {
  app.get('/_sandbox', (c) =>
    c.json({
      data: {
        public_url: state.publicUrl,
        now: world.now().toISOString(),
        counts: world.counts(),
        faults: state.faults.settings,
      },
    }),
  );

  app.post('/_sandbox/reset', async (c) => {
    await state.reset();
    state.requests.resetWindows();
    state.faults.settings = FaultSettingsSchema.parse({});
    return c.json({ data: { reset: true, counts: world.counts() } });
  });

  app.get('/_sandbox/requests', (c) => {
    const since = Number(new URL(c.req.url).searchParams.get('since') ?? 0);
    return c.json({ data: state.requests.since(Number.isFinite(since) ? since : 0) });
  });

  const SuspendBody = z.strictObject({ source: z.enum(['self', 'parent']).default('self') });
  const identityControl = (suspended: boolean) => async (c: Context) => {
    const id = c.req.param('id') ?? '';
    if (!Uuid.safeParse(id).success) throw badRequest(`id: "${String(id).slice(0, 60)}" is not a UUID`);
    const parsed = SuspendBody.safeParse(await controlBody(c));
    if (!parsed.success) throw problemFromZod(parsed.error, 'suspend');
    const identity = setSuspended(world, id, suspended, parsed.data.source);
    return c.json({ data: identityView(world, identity) });
  };
  app.post('/_sandbox/identities/:id/suspend', identityControl(true));
  app.post('/_sandbox/identities/:id/resume', identityControl(false));

  app.post('/_sandbox/agreements/:id/end', (c) => {
    endAgreement(world, c.req.param('id'));
    return c.json({ data: world.data.agreements.get(c.req.param('id')) });
  });

  app.get('/_sandbox/agreements', (c) => c.json({ data: [...world.data.agreements.values()] }));
  app.post('/_sandbox/reminders', (c) => c.json({ data: { sent: sendDueReminders(world) } }));
  app.get('/_sandbox/outbox', (c) =>
    c.json({ data: [...world.data.outbox.values()].sort((a, b) => a.at.localeCompare(b.at)) }),
  );
  app.get('/_sandbox/audit-events', (c) =>
    c.json({ data: [...world.data.audit.values()].sort((a, b) => b.seq - a.seq) }),
  );

  const ClockBody = z.union([
    z.strictObject({ advance_s: z.number().finite() }),
    z.strictObject({ advance_seconds: z.number().finite() }),
    z.strictObject({ now: z.iso.datetime() }),
  ]);
  app.get('/_sandbox/clock', (c) =>
    c.json({ data: { now: world.now().toISOString(), offset_ms: world.clockOffsetMs } }),
  );
  app.post('/_sandbox/clock', async (c) => {
    const parsed = ClockBody.safeParse(await controlBody(c));
    if (!parsed.success) throw problemFromZod(parsed.error, 'clock');
    const body = parsed.data;
    const advance = 'advance_s' in body ? body.advance_s : 'advance_seconds' in body ? body.advance_seconds : null;
    const offset =
      advance === null ? Date.parse((body as { now: string }).now) - Date.now() : world.clockOffsetMs + advance * 1000;
    world.setClockOffset(offset);
    sendDueReminders(world);
    return c.json({ data: { now: world.now().toISOString(), offset_ms: offset } });
  });

  app.get('/_sandbox/faults', (c) => c.json({ data: state.faults.settings }));
  app.post('/_sandbox/faults', async (c) => {
    const parsed = FaultSettingsSchema.safeParse(await controlBody(c));
    if (!parsed.success) throw problemFromZod(parsed.error, 'faults');
    state.faults.settings = parsed.data;
    return c.json({ data: state.faults.settings });
  });
  app.delete('/_sandbox/faults', (c) => {
    state.faults.settings = FaultSettingsSchema.parse({});
    return c.json({ data: state.faults.settings });
  });

  app.get('/_sandbox/files/:id', (c) => {
    const file = world.data.files.get(c.req.param('id'));
    if (!file) throw notFound('No such file.');
    return c.body(Buffer.from(file.base64, 'base64'), 200, {
      'content-type': file.content_type,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
}
