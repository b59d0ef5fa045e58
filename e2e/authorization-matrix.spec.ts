import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { DASHBOARD_URL, STORAGE } from './env';
import { sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { callAction } from './server-actions';

type Role = 'viewer' | 'operator' | 'admin';
const LABEL: Record<Role, string> = { viewer: 'Viewer', operator: 'Operator', admin: 'Admin' };

/**
 * Every server action of the build, with the role it needs and a well-formed input. The test
 * below fails for an action of the build that has no row here, so none can be added unguarded.
 */
const ACTIONS: Record<string, { audit: string; role: Role; mutates: boolean; input: () => unknown }> = {
  'app/(console)/team/actions.ts#addStaffMember': { audit: 'add-staff-member', role: 'admin', mutates: true, input: () => ({ email: `matrix.${Date.now()}@demo.test`, name: 'Matrix', role: 'admin', password: '' }) },
  'app/(console)/team/actions.ts#changeStaffAccess': { audit: 'change-staff-access', role: 'admin', mutates: true, input: () => ({ id: '00000000-0000-4000-8000-000000000001', role: 'admin', disabled: false }) },
  'app/(console)/team/actions.ts#resetStaffPassword': { audit: 'reset-staff-password', role: 'admin', mutates: true, input: () => ({ id: '00000000-0000-4000-8000-000000000001' }) },
  'app/(console)/entities/actions.ts#createEntity': { audit: 'create-entity', role: 'admin', mutates: true, input: () => ({ name: `Matrix Entity ${Date.now()}`, default_locale: 'en-GB', default_program_id: '' }) },
  'app/(console)/entities/actions.ts#updateEntity': { audit: 'update-entity', role: 'admin', mutates: true, input: () => ({ id: DEMO_PARTNER.defaultEntityId, name: 'Taken Over', default_locale: 'en-GB', default_program_id: '' }) },
  'app/(console)/entities/actions.ts#replaceEntityPrograms': { audit: 'replace-entity-programs', role: 'admin', mutates: true, input: () => ({ id: DEMO_PARTNER.defaultEntityId, programs: [] }) },
  'app/(console)/entities/actions.ts#previewProgramChange': { audit: 'preview-program-change', role: 'admin', mutates: false, input: () => ({ id: DEMO_PARTNER.defaultEntityId, programIds: [] }) },
  'app/(console)/allocations/actions.ts#applyAllocation': { audit: 'apply-allocation', role: 'operator', mutates: true, input: () => ({ changes: [{ commitmentId: '00000000-0000-4000-8000-000000000002', entityId: DEMO_PARTNER.defaultEntityId, before: 0, after: 1 }] }) },
  'app/(console)/allocations/actions.ts#restoreAllocation': { audit: 'restore-allocation', role: 'operator', mutates: true, input: () => ({ sets: [{ entityId: DEMO_PARTNER.defaultEntityId, data: [] }] }) },
  'app/(console)/reservations/actions.ts#cancelReservation': { audit: 'cancel-reservation', role: 'operator', mutates: true, input: () => ({ id: '00000000-0000-4000-8000-000000000003' }) },
  'app/(console)/reservations/actions.ts#updateReservation': { audit: 'update-reservation', role: 'operator', mutates: true, input: () => ({ id: '00000000-0000-4000-8000-000000000004', changes: { notes: 'x' } }) },
  'app/actions/select-entity.ts#selectEntity': { audit: 'select-entity', role: 'viewer', mutates: false, input: () => ({ id: DEMO_PARTNER.defaultEntityId }) },
  'app/account/password/actions.ts#changeOwnPassword': { audit: 'change-own-password', role: 'viewer', mutates: true, input: () => ({ password: 'x', confirm: 'y' }) },
};

interface ManifestEntry {
  filename: string;
  exportedName: string;
  workers: Record<string, unknown>;
}

/** The server actions of the production build: id, file#export, and a page path that serves it. */
function buildActions(): { id: string; key: string; path: string }[] {
  const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as { node: Record<string, ManifestEntry> };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const page = Object.keys(entry.workers).find((w) => !w.includes('[')) ?? Object.keys(entry.workers)[0]!;
    const path = page.replace(/^app/, '').replace(/\/\([^)]+\)/g, '').replace(/\/page$/, '') || '/';
    return { id, key: `${entry.filename}#${entry.exportedName}`, path };
  });
}

async function auditCount(page: Page, action: string, staff: string, result: string): Promise<number> {
  await page.goto(`/activity?action=${action}&staff=${encodeURIComponent(staff)}&result=${result}`);
  await expect(page.getByTestId('activity-table').or(page.getByTestId('activity-empty'))).toBeVisible();
  return page.getByTestId('activity-row').count();
}

async function contextFor(browser: Browser, role: Role | 'anonymous'): Promise<APIRequestContext> {
  const ctx = await browser.newContext({ storageState: role === 'anonymous' ? { cookies: [], origins: [] } : STORAGE[role] });
  return ctx.request;
}

test('every server action of the build has a row in the authorization matrix', () => {
  const actions = buildActions();
  expect(actions.length).toBeGreaterThanOrEqual(Object.keys(ACTIONS).length);
  expect(actions.map((a) => a.key).filter((k) => !(k in ACTIONS))).toEqual([]);
});

test('lower roles and anonymous callers are refused every guarded action: one refused audit row each, nothing sent to the API', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext({ storageState: STORAGE.admin })).newPage();
  for (const action of buildActions()) {
    const row = ACTIONS[action.key]!;
    const callers: Role[] = row.role === 'admin' ? ['viewer', 'operator'] : row.role === 'operator' ? ['viewer'] : [];
    for (const role of callers) {
      const email = `${role}@demo.test`;
      const before = await auditCount(admin, row.audit, email, 'refused');
      const mark = await sandboxRequestMark(request);
      const answer = await callAction(await contextFor(browser, role), action.path, action.id, [row.input()]);
      expect(answer, `${action.key} as ${role}`).toContain(`This needs the ${LABEL[row.role]} role; you are ${LABEL[role]}.`);
      const sent = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.startsWith('/v2') && r.method !== 'GET');
      expect(sent, `${action.key} as ${role} reached the API`).toEqual([]);
      if (row.mutates) expect(await auditCount(admin, row.audit, email, 'refused'), `${action.key} audit`).toBe(before + 1);
    }
    const anonymous = await callAction(await contextFor(browser, 'anonymous'), action.path, action.id, [row.input()]);
    expect(anonymous, `${action.key} anonymous`).not.toContain('"ok":true');
  }
});

test('malformed input to every mutating action is refused naming the field, with one audit row', async ({ browser }) => {
  const admin = await (await browser.newContext({ storageState: STORAGE.admin })).newPage();
  const api = await contextFor(browser, 'admin');
  for (const action of buildActions()) {
    const row = ACTIONS[action.key]!;
    if (!row.mutates) continue;
    const before = await auditCount(admin, row.audit, 'admin@demo.test', 'refused');
    const answer = await callAction(api, action.path, action.id, [{ ...(row.input() as object), unexpected: 1 }]);
    expect(answer, action.key).toContain('Check the input');
    expect(await auditCount(admin, row.audit, 'admin@demo.test', 'refused'), action.key).toBe(before + 1);
  }
});

test('the logo route refuses a viewer and an operator with 403 and sends nothing', async ({ browser, request }) => {
  for (const role of ['viewer', 'operator'] as const) {
    const mark = await sandboxRequestMark(request);
    const res = await (await contextFor(browser, role)).post(`${DASHBOARD_URL}/api/entities/${DEMO_PARTNER.defaultEntityId}/logo`, {
      headers: { Origin: DASHBOARD_URL },
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) } },
    });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe(`This needs the Admin role; you are ${LABEL[role]}.`);
    expect((await sandboxRequestsSince(request, mark)).filter((r) => r.path.includes('/logo'))).toEqual([]);
  }
  const anonymous = await (await contextFor(browser, 'anonymous')).post(`${DASHBOARD_URL}/api/entities/${DEMO_PARTNER.defaultEntityId}/logo`, { headers: { Origin: DASHBOARD_URL }, multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from([1]) } }, maxRedirects: 0 });
  expect([401, 307]).toContain(anonymous.status());
});
