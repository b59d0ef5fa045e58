import { describe, expect, it } from 'vitest';

import { mentionNames, mentionsIn, newMentions } from './mentions';

describe('mentions in a guest note', () => {
  it('finds each @name once, whatever its case, at the start, after a space or an opening mark', () => {
    expect(mentionsIn('@Olivia nut allergy, ask @olivia and (@Åsa). Table 4, @ben.')).toEqual(['olivia', 'åsa', 'ben']);
  });

  it('takes no e-mail address or a lone @ for a mention', () => {
    expect(mentionsIn('write to anna@guest.test @ the bar')).toEqual([]);
  });

  it('tells of the mentions a saved note adds, not those it held already', () => {
    expect(newMentions('ask @olivia', 'ask @Olivia and @ben')).toEqual(['ben']);
    expect(newMentions('@olivia', '')).toEqual([]);
  });

  it('names a member by first name, whole name without spaces, or e-mail name', () => {
    const olivia = { name: 'Olivia Operator', email: 'operator@demo.test' };
    expect(['olivia', 'oliviaoperator', 'operator'].map((m) => mentionNames(m, olivia))).toEqual([true, true, true]);
    expect(['oliv', 'operat', 'admin'].map((m) => mentionNames(m, olivia))).toEqual([false, false, false]);
  });
});
