import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foldPlain, withoutAccents } from '../../shared/rules/desk-search';

/**
 * The Sync API's `q[name_cont]` is answered from the search index's name columns (migration 011):
 * a needle without accents is looked up in the names that have none as they are, and a needle
 * with accents only in the names that have some. That is exact only if withoutAccents maps each
 * character on its own: then a text's substring folds to a substring of the folded text, and a
 * text it leaves unchanged holds no character it would change. NFKD could break that by
 * reordering combining marks across a boundary; they are all dropped, which this checks for
 * every code point, beside marks of low and high combining classes on either side.
 */
const CONTEXTS: [string, string][] = [
  ['a', 'b'],
  ['e\u0301', '\u0316x'], // acute (class 230) before, grave below (220) after
  ['o\u0345', '\u0334'], // ypogegrammeni (240) before, tilde overlay (1) after
];

test('withoutAccents folds every character on its own, whatever stands beside it', () => {
  const failures: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    const alone = withoutAccents(c);
    for (const [before, after] of CONTEXTS) {
      if (withoutAccents(before + c + after) !== withoutAccents(before) + alone + withoutAccents(after))
        failures.push(`U+${cp.toString(16)}`);
    }
  }
  assert.deepEqual(failures, []);
});

test('a substring of a lower-case name stays a substring once both lose their accents', () => {
  const pairs: [string, string][] = [
    ['Jürgen Müller', 'müll'],
    ['Zoe\u0308 Visser', 'e\u0308 v'],
    ['İlkay Şahin', 'i̇lk'],
    ['Eﬁe Baker', 'ﬁe'],
    ['ΟΔΥΣΣΕΥΣ', 'δυσσ'],
  ];
  for (const [name, needle] of pairs) {
    const folded = name.toLowerCase();
    assert.ok(folded.includes(needle), `${needle} in ${folded}`);
    assert.ok(foldPlain(name).includes(withoutAccents(needle)), `${withoutAccents(needle)} in ${foldPlain(name)}`);
  }
});
