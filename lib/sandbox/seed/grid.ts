import type { LocaleCode } from '../../guestbook/locales';
import { prng, uuidFrom } from '../ids';
import { allocationKey, type CommitmentRecord, type EntityRecord, type WorldData } from '../model';
import { addDelegate, entityRecord, scopedArea, type GridSize } from './demo-builders';
import { DEMO_PARTNER, DEMO_PROGRAMS } from './demo-data';

/** The demo world grown into a large allocation grid (`--grid`). */

const GRID_DELEGATES = [
  'Atlas Concierge',
  'Bellhop Travel',
  'Citybreak Collective',
  'Dine Around Iberia',
  'Eurotable Tours',
  'Feast & Fare',
  'Grand Tour Suppers',
  'Hotelier Connect',
  'Island Hop Travel',
  'Journey Kitchen',
  'Kestrel Business Travel',
  'Local Plates',
  'Midnight Supper Club',
  'Northbound Trips',
  'Old Town Walks',
  'Portside Cruises',
  'Quayside Concierge',
  'Riverboat Dining',
  'Saffron Trails',
  'Tapas Trail Co',
];
const GRID_BRANDS = ['Events', 'Private Dining', 'Members Club', 'Weddings', 'Corporate Travel'];
const GRID_LOCALES: LocaleCode[] = ['en-GB', 'es-ES', 'pt-PT', 'de-DE', 'fr-FR', 'nl-NL', 'it-IT', 'sv-SE', 'en-US'];
const GRID_PATTERNS: [number[], string, string][] = [
  [[1, 2, 3, 4, 5], '12:00', '15:00'],
  [[1, 2, 3, 4, 5, 6, 7], '18:00', '22:30'],
  [[5, 6], '21:30', '23:30'],
  [[6, 7], '11:00', '15:30'],
  [[2, 3, 4], '19:00', '21:30'],
  [[4, 5, 6], '17:30', '20:00'],
  [[1], '12:30', '14:30'],
  [[3, 4, 5, 6, 7], '20:00', '23:00'],
  [[7], '12:00', '16:00'],
];

/**
 * The demo world grown into a large allocation grid (see `SeedOptions.grid`). New entities are
 * mostly delegates' (one each, with credentials like the demo delegates'), every fifth one the
 * partner's own; all are assigned to the partner, a few on the legacy header context. New
 * commitments spread over the demo venues, programs, agreements and day patterns; some are held
 * by nobody, some by several entities, some to the last seat, and those of the ended agreement
 * keep their snapshot. The demo's own records stay as they are; the partner gains the entities.
 */
export function growGrid(w: WorldData, size: GridSize): void {
  if (size.commitments < w.commitments.size || size.entities < w.entities.size) {
    throw new RangeError(
      `A grid of ${size.commitments}x${size.entities} is smaller than the demo world's own ${w.commitments.size}x${w.entities.size}.`,
    );
  }
  const rand = prng(20260125);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const [standard, chefs, corporate, late] = DEMO_PROGRAMS;
  const access: [string, boolean][][] = [
    [
      [standard.id, false],
      [late.id, false],
    ],
    [
      [standard.id, true],
      [chefs.id, false],
    ],
    [
      [corporate.id, false],
      [standard.id, false],
    ],
    [
      [chefs.id, false],
      [late.id, true],
    ],
  ];
  const partner = w.identities.get(DEMO_PARTNER.identityId)!;
  const named = (names: readonly string[], j: number) =>
    `${names[j % names.length]}${j >= names.length ? ` ${Math.floor(j / names.length) + 1}` : ''}`;
  const slug = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const added: EntityRecord[] = [];
  for (let k = 0; w.entities.size < size.entities; k++) {
    const own = k % 5 === 4;
    const j = own ? Math.floor(k / 5) : k - Math.floor(k / 5);
    const name = own ? `Harbour & Vine ${named(GRID_BRANDS, j)}` : named(GRID_DELEGATES, j);
    const key = `grid-${slug(name)}`;
    const orgId = k % 6 === 5 ? null : `org_${slug(name).replace(/-/g, '_')}`;
    const locale = GRID_LOCALES[k % GRID_LOCALES.length]!;
    const e = entityRecord(
      key,
      name,
      orgId,
      locale,
      own
        ? [
            [standard.id, true],
            [chefs.id, false],
            [corporate.id, false],
          ]
        : access[j % access.length]!,
    );
    w.entities.set(e.id, e);
    added.push(e);
    if (!own) {
      const at = new Date(Date.UTC(2026, 3, 1) + j * 2 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      addDelegate(w, { key, name, entity: name, orgId, locale, readsCommitments: true }, partner.id, at);
    }
  }
  w.identities.set(partner.id, { ...partner, entity_ids: [...partner.entity_ids, ...added.map((e) => e.id)] });

  const entities = [...w.entities.values()];
  const eligible = new Map(
    DEMO_PROGRAMS.map((p) => [p.id, entities.filter((e) => e.programs.some((ep) => ep.program_id === p.id))]),
  );
  const venues = [...w.venues.values()];
  const agreements = [...w.agreements.values()];
  const ended = agreements.find((a) => a.ended_at)!;
  const [current, popUps] = agreements.filter((a) => !a.ended_at);
  const programs = [standard, standard, standard, chefs, corporate, late];
  for (let k = 0; w.commitments.size < size.commitments; k++) {
    const program = pick(programs);
    const roll = rand();
    const agreement = roll < 0.06 ? ended : roll < 0.25 ? popUps! : current!;
    const [days, start, end] = pick(GRID_PATTERNS);
    const c: CommitmentRecord = {
      id: uuidFrom(`commitment:grid:${k}`),
      venue_id: venues[k % venues.length]!.id,
      program_id: program.id,
      agreement_id: agreement.id,
      days_of_week: days,
      start_time: start,
      end_time: end,
      total_seats: 10 + Math.floor(rand() * 51),
      seating_area_id: scopedArea(venues[k % venues.length]!, days),
      snapshot: null,
    };
    w.commitments.set(c.id, c);
    // An ended commitment is seen only by the entities that held seats when it ended.
    const pool = agreement.ended_at || rand() >= 0.15 ? [...eligible.get(program.id)!] : [];
    const holders: EntityRecord[] = [];
    const wanted = 1 + Math.floor(rand() * 4);
    while (holders.length < wanted && pool.length) holders.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
    const toTheLastSeat = rand() < 0.3;
    let left = c.total_seats;
    const seats: Record<string, number> = {};
    holders.forEach((e, i) => {
      if (left === 0) return;
      const taken =
        toTheLastSeat && i === holders.length - 1 ? left : Math.max(1, Math.floor(left * (0.15 + rand() * 0.4)));
      left -= taken;
      seats[e.id] = taken;
      w.allocations.set(allocationKey(e.id, c.id), { entity_id: e.id, commitment_id: c.id, entity_seats: taken });
    });
    if (agreement.ended_at) c.snapshot = seats;
  }
}
