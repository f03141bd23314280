import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileDeskList } from '../../electron/store/repos/desk-list-query';
import { readDeskSearch } from '../../shared/rules/desk-search';

const match = (q: string) =>
  compileDeskList(1, { includeAll: false, search: readDeskSearch(q) }, { key: 'id', dir: 'asc' }, true).params.match;

test('the index is asked for each needle once, in every column it is looked for in', () => {
  assert.equal(match('Visser'), '{name name_unaccented email_folded refs} : "visser"');
  assert.equal(
    match('Müller'),
    '{name name_unaccented} : "muller" OR {email_folded refs} : "müller"',
    'e-mails and refs are not accent-folded',
  );
  assert.equal(match('5863991'), '{name name_unaccented email_folded refs phone_digits} : "5863991"');
  assert.equal(
    match('lena müller'),
    '({name name_unaccented} : "lena" AND {name name_unaccented} : "muller") OR {email_folded refs} : "lena müller"',
  );
});

test('a needle is left out of a column where a shorter one of it is looked for: its rows are found anyway', () => {
  // 31612345678, 1612345678, 612345678 and 12345678 in the phone digits: the last finds them all.
  assert.equal(
    match('+31 6 12345678'),
    '({name name_unaccented} : "+31" AND {name name_unaccented} : "12345678") OR {email_folded refs} : "+31 6 12345678" OR {phone_digits} : "12345678"',
  );
  assert.equal(
    match('https://x.example/b/AbCdEf'),
    '{name name_unaccented email_folded} : "https://x.example/b/abcdef" OR {refs} : "abcdef"',
  );
});
