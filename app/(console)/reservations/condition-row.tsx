'use client';

import { useTranslations } from 'next-intl';

import { Button } from '@/components/ui/button';
import { Checkbox, Input, Select } from '@/components/ui/input';
import {
  isListModifier,
  MODIFIERS_BY_TYPE,
  RESERVATION_FILTERS,
  type FieldSpec,
  type Modifier,
} from '@/lib/guestbook/filters';
import { listedValueWords, modifierKey } from '@/lib/reservations/filter-words';

import type { Attribute, Row } from './filter-rows';

const ATTRIBUTES = Object.keys(RESERVATION_FILTERS) as Attribute[];
const spec = (a: Attribute): FieldSpec => RESERVATION_FILTERS[a];

// Inline controls of a condition row: as wide as their content, not the row.
const control = 'w-auto py-1.5';

/** One condition of the reservation search: attribute, modifier and the value control the attribute's type calls for. */
export function ConditionRow({
  row,
  n,
  errorId,
  error,
  onChange,
  onRemove,
  localeNames,
}: {
  row: Row;
  /** the row's number as labels name it, from 1 */
  n: number;
  errorId: string;
  error: string | undefined;
  onChange: (change: (row: Row) => Row) => void;
  onRemove: () => void;
  /** the guests' languages by code, named on the server in the member's language */
  localeNames: Readonly<Record<string, string>>;
}) {
  const t = useTranslations('reservations.filters');
  const statusWords = useTranslations('reservations.status');
  const s = spec(row.attribute);
  /** a value as staff read it: a status in their words, a language by its name (named on the server: a browser's names may differ) */
  const valueLabel = (v: string) =>
    listedValueWords(row.attribute, v, { status: statusWords, locale: (code) => localeNames[code] ?? code });
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
  return (
    <div data-testid="filter-row" className="rounded-md bg-slate-50 px-3 py-2">
      <div className="flex flex-wrap items-start gap-2">
        <Select
          aria-label={t('row.attribute', { n })}
          className={control}
          value={row.attribute}
          onChange={(e) => {
            const attribute = e.target.value as Attribute;
            const allowed = MODIFIERS_BY_TYPE[spec(attribute).type];
            onChange((r) => ({
              ...r,
              attribute,
              modifier: allowed.includes(r.modifier) ? r.modifier : allowed[0]!,
              text: '',
              picked: [],
            }));
          }}
        >
          {ATTRIBUTES.map((a) => (
            <option key={a} value={a}>
              {t(`attribute.${a}`)}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t('row.modifier', { n })}
          className={control}
          value={row.modifier}
          onChange={(e) => {
            const modifier = e.target.value as Modifier;
            onChange((r) => ({
              ...r,
              modifier,
              ...(isListModifier(modifier) !== isListModifier(r.modifier) ? { text: '', picked: [] } : {}),
            }));
          }}
        >
          {MODIFIERS_BY_TYPE[s.type].map((m) => (
            <option key={m} value={m}>
              {t(`modifier.${modifierKey(row.attribute, m)}`)}
            </option>
          ))}
        </Select>

        {s.type === 'enum' && isListModifier(row.modifier) ? (
          <fieldset className="flex max-w-xl flex-wrap gap-x-3 gap-y-1 py-1" {...described}>
            <legend className="sr-only">{t('row.values', { n })}</legend>
            {s.values!.map((v) => (
              <label key={v} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
                <Checkbox
                  checked={row.picked.includes(v)}
                  onChange={(e) =>
                    onChange((r) => ({
                      ...r,
                      picked: e.target.checked ? [...r.picked, v] : r.picked.filter((p) => p !== v),
                    }))
                  }
                />
                {valueLabel(v)}
              </label>
            ))}
          </fieldset>
        ) : s.type === 'enum' ? (
          <Select
            aria-label={t('row.value', { n })}
            className={control}
            value={row.text}
            onChange={(e) => onChange((r) => ({ ...r, text: e.target.value }))}
            {...described}
          >
            <option value="">{t('row.choose')}</option>
            {s.values!.map((v) => (
              <option key={v} value={v}>
                {valueLabel(v)}
              </option>
            ))}
          </Select>
        ) : s.type === 'date' && !isListModifier(row.modifier) ? (
          <Input
            type="date"
            aria-label={t('row.value', { n })}
            className={control}
            value={row.text}
            onChange={(e) => onChange((r) => ({ ...r, text: e.target.value }))}
            {...described}
          />
        ) : s.type === 'timestamp' && !isListModifier(row.modifier) ? (
          <Input
            type="datetime-local"
            step={1}
            aria-label={t('row.valueLocal', { n })}
            title={t('row.localTimeHint')}
            className={control}
            value={row.text}
            onChange={(e) => onChange((r) => ({ ...r, text: e.target.value }))}
            {...described}
          />
        ) : (
          <Input
            type="text"
            aria-label={t('row.value', { n })}
            className="w-full py-1.5 sm:w-64"
            placeholder={
              isListModifier(row.modifier)
                ? t('placeholder.list')
                : s.type === 'integer'
                  ? t('placeholder.integer')
                  : s.type === 'uuid'
                    ? t('placeholder.uuid')
                    : ''
            }
            inputMode={s.type === 'integer' && !isListModifier(row.modifier) ? 'numeric' : undefined}
            value={row.text}
            onChange={(e) => onChange((r) => ({ ...r, text: e.target.value }))}
            {...described}
          />
        )}

        <Button variant="ghost" aria-label={t('row.removeLabel', { n })} onClick={onRemove}>
          {t('row.remove')}
        </Button>
      </div>
      <p id={errorId} aria-live="polite" data-testid="filter-row-error" className="text-sm text-rose-700 empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
}
