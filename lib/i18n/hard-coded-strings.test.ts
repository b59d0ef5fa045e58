import { describe, expect, it } from 'vitest';

import { hardCodedStrings, scan } from './scan';

describe('user-visible strings', () => {
  it('finds the kinds of literal it looks for', () => {
    const sample = [
      'export const A = () => <p title="Open the menu">Save</p>;',
      "export const B = (x: boolean) => <p>{x ? 'Saved' : 'Not saved'}</p>;",
      "export const C = () => toast({ text: 'Reservation canceled.' });",
      'export const D = () => <p className="mt-1 text-sm" data-testid="x">{t(\'save\')}</p>;',
      '// i18n-ignore: the API names it so',
      'export const E = () => <span>OAuth</span>;',
    ].join('\n');
    expect(hardCodedStrings('sample.tsx', sample).map((f) => f.split(' ').slice(0, 2).join(' '))).toEqual([
      'sample.tsx:1 attribute',
      'sample.tsx:1 text:',
      'sample.tsx:2 text:',
      'sample.tsx:3 property',
    ]);
  });

  it('none is left in app/ and components/', () => {
    expect(scan()).toEqual([]);
  });
});
