import { describe, expect, it } from 'vitest';

import { canonical, changesChain, possibleFinalValues, unmatched } from './checks';
import { actionResult, flightOf, hasRenderError, jsonProp } from './rsc';

describe('reading pages and action answers', () => {
  it('counts an error row of the flight as a render error, not a catalog message keyed digest, nor a not-found', () => {
    expect(hasRenderError('7:E{"digest":"2338785109"}\n')).toBe(true);
    expect(hasRenderError('7:E{"digest":"NEXT_HTTP_ERROR_FALLBACK;404"}\n')).toBe(false);
    expect(hasRenderError('3:{"channel":{"digest":"In the console and in the daily e-mail"}}\n')).toBe(false);
  });

  it('joins the flight chunks of a page and reads a prop from them', () => {
    const payload =
      '5:["$","$L6",null,{"messages":{"rowsByEntity":{"title":"Rows"}},"data":{"entities":[{"id":"a","name":"A \\"x\\" ]"}],"rowsByEntity":{"a":[{"id":"c","entity_seats":3}]}}}]';
    const html = `<script>self.__next_f.push([1,${JSON.stringify(payload.slice(0, 40))}])</script><script>self.__next_f.push([1,${JSON.stringify(payload.slice(40))}])</script>`;
    const flight = flightOf(html);
    expect(flight).toBe(payload);
    expect(jsonProp(flight, 'rowsByEntity')).toEqual({ title: 'Rows' });
    expect(jsonProp(flight, 'rowsByEntity', '{"a":')).toEqual({ a: [{ id: 'c', entity_seats: 3 }] });
    expect(jsonProp(flight, 'entities')).toEqual([{ id: 'a', name: 'A "x" ]' }]);
    expect(jsonProp(flight, 'missing')).toBeUndefined();
  });

  it('finds the returned object of a server action in its RSC answer', () => {
    const body = '0:{"a":"$@1","q":"","i":false,"b":"x"}\n1:{"ok":false,"error":"Nope","fieldErrors":"$undefined"}\n';
    expect(actionResult(body)).toEqual({ ok: false, error: 'Nope', fieldErrors: '$undefined' });
    expect(actionResult('2:"$Sreact.fragment"\n0:{"a":"$@c"}\nc:{"ok":true,"data":{"id":"r"}}')).toEqual({
      ok: true,
      data: { id: 'r' },
    });
    expect(actionResult('<html>Internal Server Error</html>')).toBeUndefined();
  });
});

describe('lost-update checks', () => {
  it('accepts as final value any write that no other write started after', () => {
    expect(possibleFinalValues([])).toEqual([]);
    expect(
      possibleFinalValues([
        { start: 0, end: 10, value: 'a' },
        { start: 20, end: 30, value: 'b' },
      ]),
    ).toEqual(['b']);
    // overlapping: either may have been applied last
    expect(
      possibleFinalValues([
        { start: 0, end: 10, value: 'a' },
        { start: 5, end: 12, value: 'b' },
      ]).sort(),
    ).toEqual(['a', 'b']);
  });

  it('chains the changes of one cell from its first to its last value in any completion order', () => {
    expect(changesChain(5, 5, [])).toBe(true);
    expect(changesChain(5, 4, [])).toBe(false);
    expect(
      changesChain(5, 2, [
        { before: 3, after: 2 },
        { before: 5, after: 3 },
      ]),
    ).toBe(true);
    expect(
      changesChain(5, 5, [
        { before: 5, after: 3 },
        { before: 3, after: 5 },
      ]),
    ).toBe(true);
    expect(
      changesChain(5, 7, [
        { before: 5, after: 5 },
        { before: 5, after: 7 },
      ]),
    ).toBe(true);
  });

  it('breaks the chain when one change overwrote another without having seen it', () => {
    // both checked 5, both applied: one of them is lost
    expect(
      changesChain(5, 3, [
        { before: 5, after: 4 },
        { before: 5, after: 3 },
      ]),
    ).toBe(false);
    expect(
      changesChain(5, 4, [
        { before: 5, after: 4 },
        { before: 5, after: 3 },
      ]),
    ).toBe(false);
    // a reported change that the API does not hold
    expect(changesChain(5, 5, [{ before: 5, after: 4 }])).toBe(false);
    // a change from a value the cell never held
    expect(
      changesChain(5, 6, [
        { before: 5, after: 4 },
        { before: 9, after: 6 },
      ]),
    ).toBe(false);
  });
});

describe('audit rows', () => {
  it('compares JSON regardless of key order and pairs each wanted key once', () => {
    expect(canonical({ b: 1, a: [{ d: 2, c: null }] })).toBe(canonical({ a: [{ c: null, d: 2 }], b: 1 }));
    expect(unmatched(['x', 'x', 'y'], ['x', 'y', 'z'])).toEqual(['x']);
  });
});
