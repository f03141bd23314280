import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linearScale, niceTicks, visibleLabels } from '../../renderer/src/features/bookings/detail/chartTicks';

test('value ticks are round steps that take in zero and every total', () => {
  assert.deepEqual(niceTicks(1.75, 2.25), [0, 0.5, 1, 1.5, 2, 2.5]);
  assert.deepEqual(niceTicks(0, 0), [0, 1]);
  assert.deepEqual(niceTicks(-0.3, 0.1), [-0.3, -0.2, -0.1, 0, 0.1]);
  assert.deepEqual(niceTicks(0, 37), [0, 10, 20, 30, 40]);
});

test('the scale maps the value range onto pixels, upside down for a value axis', () => {
  const y = linearScale([0, 2.5], [174, 10]);
  assert.equal(y(0), 174);
  assert.equal(y(2.5), 10);
  assert.equal(linearScale([1, 1], [0, 100])(1), 0);
});

test('day labels that would touch are left out; the first and "Now" stay', () => {
  assert.deepEqual(visibleLabels(4, 130, 52), [0, 1, 2, 3]);
  assert.deepEqual(visibleLabels(10, 30, 52), [0, 2, 4, 6, 9]);
  assert.deepEqual(visibleLabels(1, 0, 52), [0]);
  assert.deepEqual(visibleLabels(0, 0, 52), []);
});
