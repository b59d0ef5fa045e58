import { describe, expect, it } from 'vitest';

import { translateSaid } from '@/lib/i18n/said';

import { inEnglish } from '../../i18n/translator';
import { SaveViewInputSchema } from '../../views/schemas';
import { membersDb } from '../auth/members.fixture';
import {
  deleteView,
  MAX_VIEWS_PER_MEMBER,
  saveView,
  viewFor,
  ViewLimitError,
  ViewNameTakenError,
  viewsFor,
} from './store';

const { db: openedDb, member } = membersDb();
const view = (name: string, shared = false) => ({ name, query: 'status=confirmed', hiddenColumns: [], shared });

describe('saved views', () => {
  it('are their owner’s, and the team’s once shared; a name is used once per member', async () => {
    const db = openedDb();
    const [ada, bob] = [await member('views.ada@example.test'), await member('views.bob@example.test')];
    const own = await saveView(db, ada.id, view('Tonight'));
    const team = await saveView(db, ada.id, view('No-shows', true));
    await saveView(db, bob.id, view('Tonight'));
    const taken = await saveView(db, ada.id, view('Tonight')).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ViewNameTakenError);
    const { said, message } = taken as ViewNameTakenError;
    expect(message).toBe('You already have a view named “Tonight”.');
    expect(translateSaid(inEnglish, said)).toBe(message);

    expect((await viewsFor(db, ada.id)).map((v) => v.name)).toEqual(['No-shows', 'Tonight']);
    expect((await viewsFor(db, bob.id)).map((v) => [v.name, v.owner.name])).toEqual([
      ['Tonight', 'views.bob'],
      ['No-shows', 'views.ada'],
    ]);
    expect(await viewFor(db, bob.id, own.id)).toBeNull();
    expect((await viewFor(db, bob.id, team.id))?.name).toBe('No-shows');

    // Another member deletes neither; an admin deletes a shared one, not a private one.
    expect(await deleteView(db, team.id, { id: bob.id, admin: false })).toBe(false);
    expect(await deleteView(db, own.id, { id: bob.id, admin: true })).toBe(false);
    expect(await deleteView(db, team.id, { id: bob.id, admin: true })).toBe(true);
    expect(await deleteView(db, own.id, { id: ada.id, admin: false })).toBe(true);
    expect(await viewsFor(db, ada.id)).toEqual([]);
  });

  it('are refused past MAX_VIEWS_PER_MEMBER, and once of one name saved twice at once', async () => {
    const db = openedDb();
    const cy = await member('views.cy@example.test');
    const twice = await Promise.allSettled([saveView(db, cy.id, view('Late')), saveView(db, cy.id, view('Late'))]);
    expect(twice.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(twice.find((r) => r.status === 'rejected')!.reason).toBeInstanceOf(ViewNameTakenError);

    const rest = await Promise.allSettled(
      Array.from({ length: MAX_VIEWS_PER_MEMBER + 1 }, (_, i) => saveView(db, cy.id, view(`View ${i}`))),
    );
    expect(rest.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_VIEWS_PER_MEMBER - 1);
    const refused = rest.filter((r) => r.status === 'rejected').map((r) => r.reason as ViewLimitError);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toBeInstanceOf(ViewLimitError);
    expect(translateSaid(inEnglish, refused[0]!.said)).toBe(
      `You keep ${MAX_VIEWS_PER_MEMBER} saved views, the most a member may keep. Delete one to save another.`,
    );
    expect(await viewsFor(db, cy.id)).toHaveLength(MAX_VIEWS_PER_MEMBER);
  });

  it('keep only a search that can run, named and without paging', () => {
    const ok = SaveViewInputSchema.safeParse({ ...view('A'), query: 'status[in]=confirmed,pending&sort=-date' });
    expect(ok.success).toBe(true);
    for (const query of ['status[like]=x', 'sort=venue', 'status=confirmed&page=2', 'limit=50']) {
      const bad = SaveViewInputSchema.safeParse({ ...view('A'), query });
      expect(bad.success, query).toBe(false);
    }
    expect(SaveViewInputSchema.safeParse(view('   ')).success).toBe(false);
    expect(SaveViewInputSchema.safeParse({ ...view('A'), hiddenColumns: ['<script>'] }).success).toBe(false);
  });
});
