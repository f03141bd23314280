import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeVerdict, explainMatch, matchProduct, type MatchableProduct } from '../../shared/service/product-match';

const products = [
  { id: 1, active: true, booking_system_name: 'Selfie' },
  { id: 2, active: true, booking_system_name: 'Selfie + Photos' },
  { id: 3, active: false, booking_system_name: 'Selfie + Photos + 4K' },
  { id: 4, active: true, booking_system_name: 'video' },
  { id: 5, active: true, booking_system_name: '' },
  { id: 6, active: true, booking_system_name: 'VIDEO' },
];

const verdicts = (pkg: string) =>
  Object.fromEntries(explainMatch(products, pkg).steps.map((s) => [s.product.id, s.verdict]));

test('each product says why it won or lost: inactive, blank, not a prefix, shorter, higher id', () => {
  assert.deepEqual(verdicts('selfie + photos + 4k'), {
    1: 'shorter_name',
    2: 'winner',
    3: 'inactive',
    4: 'not_a_prefix',
    5: 'blank_name',
    6: 'not_a_prefix',
  });
  assert.deepEqual(verdicts('Video package'), {
    1: 'not_a_prefix',
    2: 'not_a_prefix',
    3: 'inactive',
    4: 'winner',
    5: 'blank_name',
    6: 'higher_id',
  });
  const none = explainMatch(products, 'Photos');
  assert.equal(none.winner, undefined);
  assert.ok(
    none.steps.every((s) => s.verdict !== 'winner' && s.verdict !== 'shorter_name' && s.verdict !== 'higher_id'),
  );
});

test('the words name what the rule saw', () => {
  const explained = explainMatch(products, 'Video package');
  const words = explained.steps.map((s) => describeVerdict(s, explained.winner));
  assert.match(words[3]!, /^matches/);
  assert.match(words[5]!, /product 4 has the lower id/);
  assert.match(
    describeVerdict(explainMatch(products, 'Selfie + Photos').steps[0]!, products[1]),
    /"Selfie \+ Photos" is longer/,
  );
});

/** A small deterministic generator: the explanation and matchProduct never disagree, whatever the catalogue. */
function* catalogues(): Generator<{ products: MatchableProduct[]; pkg: string }> {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const names = ['', 'a', 'A', 'ab', 'AB', 'abc', 'b', 'Äb', 'äB'];
  for (let round = 0; round < 2000; round += 1) {
    const products = Array.from({ length: 1 + (next() % 6) }, (_, i) => ({
      id: 1 + ((next() % 50) * 7 + i),
      active: next() % 4 !== 0,
      booking_system_name: names[next() % names.length]!,
    }));
    yield { products, pkg: ['abcd', 'ABx', 'äbc', 'b', '', 'x'][next() % 6]! };
  }
}

test('the winner is matchProduct’s; every other candidate lost to it by length or id', () => {
  for (const { products: catalogue, pkg } of catalogues()) {
    const explained = explainMatch(catalogue, pkg);
    assert.equal(explained.winner, matchProduct(catalogue, pkg));
    const winners = explained.steps.filter((s) => s.verdict === 'winner');
    assert.equal(winners.length, explained.winner ? 1 : 0);
    for (const step of explained.steps) {
      const len = step.product.booking_system_name.toLowerCase().length;
      const winLen = explained.winner?.booking_system_name.toLowerCase().length ?? 0;
      if (step.verdict === 'shorter_name') assert.ok(len < winLen);
      if (step.verdict === 'higher_id') assert.ok(len === winLen && step.product.id > explained.winner!.id);
      if (step.verdict === 'not_a_prefix')
        assert.ok(!pkg.toLowerCase().startsWith(step.product.booking_system_name.toLowerCase()));
    }
  }
});
