'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRouter } from 'next/navigation';
import { useMemo, useRef, useState, useTransition, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { invalidateAfterAllocationChange } from '@/lib/queries/invalidate';
import { applyEdit, diff, editedSeats, lockReason, maxSeatsFor, moveSeats, seatsAfter, UNALLOCATED, unpackGrid, validateEdit, type Change, type Edits, type GridRow } from '@/lib/allocation';
import type { ApplyOutcome, GridData } from '@/lib/server/allocations';
import { applyAllocation, restoreAllocation } from './actions';
import { GRID_STATUSES, gridFiltersQuery, type GridFilters } from './filters';

const COLORS = ['bg-teal-500', 'bg-indigo-500', 'bg-amber-500', 'bg-rose-500', 'bg-sky-500', 'bg-lime-600', 'bg-fuchsia-500', 'bg-orange-500', 'bg-cyan-600', 'bg-violet-500'];
const DAY = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const ROW_HEIGHT = 64;
const INFO_WIDTH = 250;
const CELL_WIDTH = 76;

type Notice = { tone: 'ok' | 'error' | 'info'; text: string } | null;

function days(list: number[] | undefined): string {
  if (!list?.length) return '';
  if (list.length === 7) return 'Daily';
  const contiguous = list.every((d, i) => i === 0 || d === list[i - 1]! + 1);
  return contiguous && list.length > 2 ? `${DAY[list[0]!]}–${DAY[list[list.length - 1]!]}` : list.map((d) => DAY[d]).join(', ');
}

/** The commitment × entity grid: drag, keys or numbers to edit; review; apply in two phases on the server. */
export function AllocationGrid({ data, filters, canEdit }: { data: GridData; filters: GridFilters; canEdit: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [narrowing, startNarrowing] = useTransition();
  const [edits, setEdits] = useState<Edits>({});
  // The rows of pending edits as last read: a venue or program reads only its own rows, and edits
  // made at another one must still be reviewed and applied.
  const [editedRows, setEditedRows] = useState<Record<string, GridRow>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [outcome, setOutcome] = useState<ApplyOutcome | null>(null);
  const [lastChanges, setLastChanges] = useState<Change[]>([]);

  const rows = useMemo(() => unpackGrid(data.grid), [data.grid]);
  const allRows = useMemo(() => {
    const here = new Set(rows.map((r) => r.commitmentId));
    const away = Object.values(editedRows).filter((r) => !here.has(r.commitmentId) && edits[r.commitmentId]);
    return away.length ? [...rows, ...away] : rows;
  }, [rows, editedRows, edits]);
  const rowOf = (commitmentId: string) => allRows.find((r) => r.commitmentId === commitmentId);
  const venueName = useMemo(() => new Map(data.venues.map((v) => [v.id, v.name])), [data.venues]);
  const programName = useMemo(() => new Map(data.programs.map((p) => [p.id, p.name])), [data.programs]);
  const entityName = useMemo(() => new Map(data.entities.map((e) => [e.id, e.name])), [data.entities]);
  const color = (entityId: string) => COLORS[data.entities.findIndex((e) => e.id === entityId) % COLORS.length]!;
  const nameOf = (id: string) => (id === UNALLOCATED ? 'Unallocated' : (entityName.get(id) ?? id));
  const describeRow = (row: GridRow) =>
    `${venueName.get(row.meta.venue_id ?? '') ?? 'Venue'} · ${programName.get(row.meta.program_id ?? '') ?? 'Program'} · ${days(row.meta.days_of_week)} ${row.meta.start_time ?? ''}–${row.meta.end_time ?? ''}`;
  const describeCommitment = (commitmentId: string) => {
    const row = rowOf(commitmentId);
    return row ? describeRow(row) : `commitment ${commitmentId}`;
  };

  // The status filter works on the rows already read: it changes the address, not the reads. A
  // venue or program is read anew (see setScope).
  const [statuses, setStatuses] = useState(filters.status);
  const shown: GridFilters = { ...filters, status: statuses };
  const visible = useMemo(
    () =>
      rows.filter((row) => {
        if (filters.venue && row.meta.venue_id !== filters.venue) return false;
        if (filters.program && row.meta.program_id !== filters.program) return false;
        if (statuses.length && !Object.values(row.cells).some((c) => (statuses as string[]).includes(c.status))) return false;
        return true;
      }),
    [rows, filters.venue, filters.program, statuses],
  );
  const changes = useMemo(() => diff(allRows, edits), [allRows, edits]);

  const setScope = (next: Pick<Partial<GridFilters>, 'venue' | 'program'>) =>
    startNarrowing(() => router.replace(`/allocations${gridFiltersQuery({ ...shown, ...next })}`, { scroll: false }));
  const showStatuses = (next: GridFilters['status']) => {
    setStatuses(next);
    window.history.replaceState(null, '', `/allocations${gridFiltersQuery({ ...shown, status: next })}`);
  };
  const edit = (row: GridRow, next: Edits) => {
    setEdits(next);
    setEditedRows((kept) => (kept[row.commitmentId] === row ? kept : { ...kept, [row.commitmentId]: row }));
    setNotice(null);
  };
  const clearEdits = () => {
    setEdits({});
    setEditedRows({});
  };

  function refuse(row: GridRow, reason: string) {
    const named = reason.replace(/(entity )?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi, (whole, _prefix: string, id: string) => entityName.get(id.toLowerCase()) ?? whole);
    setNotice({ tone: 'error', text: `${describeRow(row)}: ${named}` });
  }

  function move(row: GridRow, from: string, to: string, count: number): boolean {
    const result = moveSeats(row, edits, from, to, count);
    if (!result.ok) {
      refuse(row, result.reason);
      return false;
    }
    edit(row, result.edits);
    return true;
  }

  function setCell(row: GridRow, entityId: string, value: string) {
    const seats = Number(value);
    if (value.trim() === '' || !Number.isFinite(seats)) return refuse(row, `${nameOf(entityId)}: enter a number of seats`);
    const verdict = validateEdit(row, entityId, seats, edits);
    if (!verdict.ok) return refuse(row, `${nameOf(entityId)}: ${verdict.reason}`);
    edit(row, applyEdit([row], edits, row.commitmentId, entityId, seats));
  }

  function handle(result: { ok: true; data: ApplyOutcome } | { ok: false; error: string }, applied: Change[]) {
    void invalidateAfterAllocationChange(queryClient);
    if (!result.ok) {
      setNotice({ tone: 'error', text: result.error });
      return;
    }
    setOutcome(result.data);
    if (result.data.status === 'applied') {
      setNotice({ tone: 'ok', text: `Applied ${applied.length} change${applied.length === 1 ? '' : 's'} with ${result.data.requests} request${result.data.requests === 1 ? '' : 's'}. The grid now shows what the API holds.` });
      clearEdits();
      router.refresh();
    } else if (result.data.status === 'conflict') {
      setNotice({ tone: 'error', text: 'Nothing was sent: some seats changed in the API since this page loaded. Compare below, then reload.' });
    } else {
      setNotice({ tone: 'error', text: `Stopped in phase ${result.data.phase}: ${result.data.message}` });
    }
  }

  const toPayload = (cs: Change[]) => cs.map(({ commitmentId, entityId, before, after }) => ({ commitmentId, entityId, before, after }));
  const apply = (resume = false) => {
    const cs = resume ? lastChanges : changes;
    setLastChanges(cs);
    startTransition(async () => handle(await applyAllocation({ changes: toPayload(cs), resume }), cs));
  };
  const restore = (sets: Extract<ApplyOutcome, { status: 'failed' }>['readBefore']) =>
    startTransition(async () => {
      const result = await restoreAllocation({ sets });
      if (result.ok && result.data.status === 'applied') {
        void invalidateAfterAllocationChange(queryClient);
        setOutcome(null);
        clearEdits();
        setNotice({ tone: 'info', text: 'Restored the values read before the apply.' });
        router.refresh();
      } else handle(result, []);
    });

  const parentRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands back functions React Compiler cannot memoize; this component stays uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: visible.length, getScrollElement: () => parentRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const gridWidth = INFO_WIDTH + 320 + data.entities.length * CELL_WIDTH;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4 rounded-lg bg-surface p-3 text-sm ring-1 ring-slate-200">
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">Status</legend>
          {GRID_STATUSES.map((s) => (
            <label key={s} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={statuses.includes(s)}
                onChange={(e) => showStatuses(e.target.checked ? [...statuses, s] : statuses.filter((x) => x !== s))}
              />
              {s}
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-2">
          Venue
          <select value={filters.venue ?? ''} onChange={(e) => setScope({ venue: e.target.value || null })} className="rounded-md py-1 pl-2 pr-7 ring-1 ring-slate-300">
            <option value="">All venues</option>
            {data.venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          Program
          <select value={filters.program ?? ''} onChange={(e) => setScope({ program: e.target.value || null })} className="rounded-md py-1 pl-2 pr-7 ring-1 ring-slate-300">
            <option value="">All programs</option>
            {data.programs.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <span className="ml-auto text-slate-500" data-testid="allocation-count">
          {narrowing ? 'Reading…' : `${visible.length} of ${rows.length} commitments`}
        </span>
      </div>

      <p aria-live="polite" data-testid="allocation-notice" className={notice ? `rounded-md px-3 py-2 text-sm ring-1 ${notice.tone === 'ok' ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : notice.tone === 'info' ? 'bg-sky-50 text-sky-900 ring-sky-200' : 'bg-rose-50 text-rose-900 ring-rose-200'}` : 'sr-only'}>
        {notice?.text ?? ''}
      </p>

      <div className="overflow-hidden rounded-lg bg-surface ring-1 ring-slate-200">
        <div ref={parentRef} className={`max-h-[62vh] overflow-auto transition-opacity ${narrowing ? 'opacity-60' : ''}`} aria-busy={narrowing} data-testid="allocation-grid">
          <div style={{ width: gridWidth, minWidth: '100%' }}>
            <div className="sticky top-0 z-10 flex border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600" role="row">
              <div style={{ width: INFO_WIDTH }} className="shrink-0 px-3 py-2">Commitment</div>
              <div className="min-w-80 flex-1 px-3 py-2">Capacity (locked: other entities)</div>
              {data.entities.map((e) => (
                <div key={e.id} style={{ width: CELL_WIDTH }} className="shrink-0 truncate px-1 py-2 text-center" title={`${e.name}${e.org_id ? '' : ' (legacy X-Entity-Id context)'}`}>
                  <span className={`mr-1 inline-block h-2 w-2 rounded-full ${color(e.id)}`} />
                  {e.name}
                </div>
              ))}
            </div>
            {visible.length === 0 ? (
              <p className="px-3 py-8 text-center text-sm text-slate-500" data-testid="allocation-empty">
                No commitment matches these filters.
              </p>
            ) : (
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const row = visible[item.index]!;
                  return (
                    <div key={row.commitmentId} style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size, transform: `translateY(${item.start}px)` }}>
                      <GridRowView
                        row={row}
                        edits={edits}
                        entities={data.entities}
                        canEdit={canEdit}
                        label={describeRow(row)}
                        color={color}
                        nameOf={nameOf}
                        onMove={(from, to, count) => move(row, from, to, count)}
                        onSet={(entityId, value) => setCell(row, entityId, value)}
                      />
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </div>
      </div>

      {canEdit && (
        <section aria-labelledby="review-heading" className="rounded-lg bg-surface p-4 ring-1 ring-slate-200" data-testid="allocation-review">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="review-heading" className="text-sm font-semibold text-slate-900">
              Review: {changes.length} change{changes.length === 1 ? '' : 's'}
            </h2>
            <div className="ml-auto flex gap-2">
              <Button variant="secondary" disabled={pending || changes.length === 0} onClick={() => (clearEdits(), setNotice(null), setOutcome(null))}>
                Discard
              </Button>
              <Button disabled={pending || changes.length === 0} onClick={() => apply(false)}>
                {pending ? 'Applying…' : `Apply ${changes.length} change${changes.length === 1 ? '' : 's'}`}
              </Button>
            </div>
          </div>
          {changes.length > 0 && (
            <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="allocation-changes">
              {changes.map((c) => {
                const row = rowOf(c.commitmentId)!;
                return (
                  <li key={`${c.commitmentId}:${c.entityId}`} className="flex justify-between gap-4 py-1.5">
                    <span>
                      <strong>{nameOf(c.entityId)}</strong> · {describeRow(row)}
                    </span>
                    <span className="tabular-nums">
                      {c.before} → {c.after}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {outcome?.status === 'conflict' && (
            <div className="mt-3 text-sm" data-testid="allocation-conflicts">
              <table className="w-full text-left">
                <thead className="text-xs text-slate-500">
                  <tr>
                    <th className="py-1">Entity · commitment</th>
                    <th>When loaded</th>
                    <th>Theirs (now in the API)</th>
                    <th>Ours</th>
                  </tr>
                </thead>
                <tbody>
                  {outcome.conflicts.map((c) => (
                    <tr key={`${c.commitmentId}:${c.entityId}`} className="border-t border-slate-100">
                      <td className="py-1">
                        {nameOf(c.entityId)} · {describeCommitment(c.commitmentId)}
                      </td>
                      <td className="tabular-nums">{c.loaded}</td>
                      <td className="tabular-nums font-semibold">{c.theirs}</td>
                      <td className="tabular-nums">{c.ours}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Button className="mt-2" variant="secondary" onClick={() => (clearEdits(), setOutcome(null), setNotice(null), router.refresh())}>
                Reload the grid
              </Button>
            </div>
          )}
          {outcome?.status === 'failed' && (
            <div className="mt-3 space-y-2 text-sm" data-testid="allocation-failure">
              <ul>
                {outcome.holding.map((h) => (
                  <li key={h.entityId}>
                    {nameOf(h.entityId)}: {h.state}
                  </li>
                ))}
              </ul>
              <div className="flex gap-2">
                <Button variant="secondary" disabled={pending} onClick={() => apply(true)}>
                  Retry the rest
                </Button>
                <Button variant="danger" disabled={pending} onClick={() => restore(outcome.readBefore)}>
                  Restore what was read
                </Button>
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

interface RowProps {
  row: GridRow;
  edits: Edits;
  entities: GridData['entities'];
  canEdit: boolean;
  label: string;
  color: (entityId: string) => string;
  nameOf: (id: string) => string;
  onMove: (from: string, to: string, count: number) => boolean;
  onSet: (entityId: string, value: string) => void;
}

function GridRowView({ row, edits, entities, canEdit, label, color, nameOf, onMove, onSet }: RowProps) {
  const after = seatsAfter(row, edits);
  const total = Math.max(row.totalSeats, 1);
  // The movable sequence: editable entities holding seats, in column order, then the unallocated
  // seats (an entity at 0 gets seats through its number input or, when no entity holds any, here).
  const editable = canEdit ? entities.filter((e) => !lockReason(row, e.id)).map((e) => e.id) : [];
  const holding = editable.filter((id) => (after.perEntity[id] ?? 0) > 0);
  const movable = editable.length ? [...(holding.length ? holding : editable.slice(0, 1)), UNALLOCATED] : [];
  const fixed = entities.filter((e) => !editable.includes(e.id) && (after.perEntity[e.id] ?? 0) > 0).map((e) => e.id);
  const segments = [
    ...(after.external > 0 ? [{ id: 'external', seats: after.external }] : []),
    ...fixed.map((id) => ({ id, seats: after.perEntity[id] ?? 0 })),
    ...(movable.length ? movable.map((id) => ({ id, seats: id === UNALLOCATED ? after.unallocated : (after.perEntity[id] ?? 0) })) : [{ id: UNALLOCATED, seats: after.unallocated }]),
  ];
  const locked = after.external + fixed.reduce((s, id) => s + (after.perEntity[id] ?? 0), 0);
  const statusLabel = row.status === 'ended' ? 'ended' : row.inconsistent ? 'numbers do not add up' : Object.values(row.cells).some((c) => c.status === 'assigned') ? 'assigned' : 'unassigned';
  const edited = Boolean(edits[row.commitmentId]);

  return (
    <div className={`flex h-full items-center border-b border-slate-100 text-sm ${edited ? 'bg-amber-50/60' : ''}`} data-testid={`alloc-row-${row.commitmentId}`}>
      <div style={{ width: INFO_WIDTH }} className="shrink-0 px-3">
        <div className="truncate font-medium text-slate-900" title={label}>
          {label.split(' · ')[0]}
        </div>
        <div className="truncate text-xs text-slate-500">
          {label.split(' · ').slice(1).join(' · ')} ·{' '}
          <span className={row.inconsistent ? 'font-medium text-rose-700' : row.status === 'ended' ? 'text-slate-400' : ''} title={row.inconsistent ?? undefined}>
            {statusLabel}
          </span>
        </div>
      </div>
      <div className="min-w-80 flex-1 px-3">
        <CapacityBar row={row} label={label} total={total} segments={segments} movable={movable} offset={locked} color={color} nameOf={nameOf} onMove={onMove} />
        <div className="mt-1 flex justify-between text-[11px] tabular-nums text-slate-500">
          <span>
            {after.managed} managed · {after.external} other · <span data-testid={`unallocated-${row.commitmentId}`}>{after.unallocated}</span> unallocated
          </span>
          <span>{row.totalSeats} seats</span>
        </div>
      </div>
      {entities.map((e) => {
        const cell = row.cells[e.id]!;
        const reason = lockReason(row, e.id);
        if (cell.status === 'ineligible') {
          return (
            <div key={e.id} style={{ width: CELL_WIDTH }} className="shrink-0 text-center text-slate-300" title={reason ?? undefined}>
              —
            </div>
          );
        }
        const value = editedSeats(row, edits, e.id);
        return (
          <div key={e.id} style={{ width: CELL_WIDTH }} className="shrink-0 px-1">
            <input
              type="number"
              min={0}
              max={maxSeatsFor(row, edits, e.id)}
              value={value}
              disabled={!canEdit || reason !== null}
              title={reason ?? `${cell.status}; at most ${maxSeatsFor(row, edits, e.id)}`}
              aria-label={`Seats of ${e.name} on ${label}`}
              onChange={(ev) => onSet(e.id, ev.target.value)}
              className={`w-full rounded-md border-0 px-1.5 py-1 text-right tabular-nums ring-1 ring-inset disabled:bg-slate-50 disabled:text-slate-500 ${value !== cell.seats ? 'font-semibold ring-amber-400' : 'ring-slate-300'}`}
            />
          </div>
        );
      })}
    </div>
  );
}

interface BarProps {
  row: GridRow;
  label: string;
  total: number;
  segments: { id: string; seats: number }[];
  movable: string[];
  offset: number;
  color: (entityId: string) => string;
  nameOf: (id: string) => string;
  onMove: (from: string, to: string, count: number) => boolean;
}

/** One segment per entity, a locked one for other entities' seats, and the unallocated rest; boundaries between movable neighbours drag. */
function CapacityBar({ row, label, total, segments, movable, offset, color, nameOf, onMove }: BarProps) {
  const barRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ left: string; right: string; position: number } | null>(null);
  const seatsOf = (id: string) => segments.find((s) => s.id === id)?.seats ?? 0;
  const boundaries = movable.slice(0, -1).map((left, i) => {
    const right = movable[i + 1]!;
    const position = offset + movable.slice(0, i + 1).reduce((s, id) => s + seatsOf(id), 0);
    return { left, right, position };
  });

  // Moving a boundary right gives seats from the right neighbour to the left one.
  const shift = (left: string, right: string, delta: number): boolean => (delta > 0 ? onMove(right, left, delta) : delta < 0 ? onMove(left, right, -delta) : true);

  const onKey = (b: (typeof boundaries)[number]) => (e: KeyboardEvent) => {
    const step = e.shiftKey ? 10 : 1;
    const delta = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? step : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -step : 0;
    if (!delta) return;
    e.preventDefault();
    shift(b.left, b.right, delta);
  };

  const seatAt = (clientX: number) => {
    const rect = barRef.current!.getBoundingClientRect();
    return Math.round(((clientX - rect.left) / rect.width) * total);
  };
  const onPointerDown = (b: (typeof boundaries)[number]) => (e: PointerEvent) => {
    e.preventDefault();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { left: b.left, right: b.right, position: b.position };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const target = seatAt(e.clientX);
    if (target === d.position) return;
    if (shift(d.left, d.right, target - d.position)) drag.current = { ...d, position: target };
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <div ref={barRef} className="relative flex h-5 w-full overflow-visible rounded bg-slate-100" onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp}>
      {segments.map((s) =>
        s.seats > 0 ? (
          <div
            key={s.id}
            title={`${s.id === 'external' ? 'Other entities (locked)' : nameOf(s.id)}: ${s.seats}`}
            style={{ width: `${(s.seats / total) * 100}%` }}
            className={`h-full first:rounded-l last:rounded-r ${s.id === 'external' ? 'bg-[repeating-linear-gradient(45deg,#cbd5e1_0,#cbd5e1_4px,#e2e8f0_4px,#e2e8f0_8px)]' : s.id === UNALLOCATED ? 'bg-slate-100' : `${color(s.id)} ${movable.includes(s.id) ? '' : 'opacity-50'}`}`}
          />
        ) : null,
      )}
      {boundaries.map((b) => (
        <div
          key={b.left}
          role="slider"
          tabIndex={0}
          data-testid={`boundary-${row.commitmentId}-${b.left}`}
          aria-label={`Seats between ${nameOf(b.left)} and ${nameOf(b.right)} on ${label}`}
          aria-valuemin={offset}
          aria-valuemax={row.totalSeats}
          aria-valuenow={b.position}
          aria-valuetext={`${nameOf(b.left)} ${seatsOf(b.left)}, ${nameOf(b.right)} ${seatsOf(b.right)}`}
          onKeyDown={onKey(b)}
          onPointerDown={onPointerDown(b)}
          style={{ left: `calc(${(b.position / total) * 100}% - 5px)` }}
          className="absolute -top-1 z-[1] h-7 w-2.5 cursor-ew-resize touch-none rounded-sm bg-surface shadow ring-1 ring-slate-400 focus:ring-2 focus:ring-brand-500"
        />
      ))}
    </div>
  );
}
