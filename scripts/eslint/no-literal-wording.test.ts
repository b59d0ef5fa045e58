import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

import { noLiteralWording } from './no-literal-wording.mjs';

// ESLint's RuleTester on code held in memory, run by Vitest.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('no-literal-wording', noLiteralWording, {
  valid: [
    'export const A = () => <p className="mt-1 text-sm" data-testid="x">{t(\'save\')}</p>;',
    'export const B = (first: string, last: string) => ({ title: `${first} ${last}` });',
    'export const C = () => <input type="email" name="email" autoComplete="username" placeholder={t(\'email\')} />;',
    "export const D = { label: 'px', header: 'id' };",
    '// i18n-ignore: the API names it so\nexport const E = () => <span>OAuth</span>;',
    'export const F = () => <span aria-hidden="true">{\'·\'}</span>;',
  ],
  invalid: [
    {
      code: 'export const A = () => <p title="Open the menu">Save</p>;',
      errors: [{ messageId: 'attribute' }, { messageId: 'text' }],
    },
    {
      code: "export const B = (x: boolean) => <p>{x ? 'Saved' : 'Not saved'}</p>;",
      errors: [{ messageId: 'text' }],
    },
    {
      code: "export const C = () => toast({ text: 'Reservation canceled.' });",
      errors: [{ messageId: 'property' }],
    },
    {
      code: 'export const D = (n: number) => ({ description: `Saved ${n} rows` });',
      errors: [{ messageId: 'property' }],
    },
    {
      code: "export const E = () => <button aria-label={'Close' as string} />;",
      errors: [{ messageId: 'attribute' }],
    },
  ],
});
