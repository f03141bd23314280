import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionsInBar, TOOLBAR_GAP, type ToolbarAction } from '../../renderer/src/components/toolbarFolding';

const noop = () => undefined;
// The Bookings bar: Import, Open, Edit, Delete, New booking (primary).
const ACTIONS: ToolbarAction[] = [
  { id: 'import', label: 'Import…', onClick: noop, priority: 0 },
  { id: 'open', label: 'Open', onClick: noop, priority: 1 },
  { id: 'edit', label: 'Edit', onClick: noop, priority: 3 },
  { id: 'delete', label: 'Delete', onClick: noop, priority: 2 },
  { id: 'new', label: 'New booking', onClick: noop, primary: true },
];
const WIDTHS = new Map([
  ['import', 120],
  ['open', 100],
  ['edit', 80],
  ['delete', 100],
  ['new', 180],
]);
const MORE = 90;
const ALL = 120 + 100 + 80 + 100 + 180 + 4 * TOOLBAR_GAP;
const kept = (room: number) => [...actionsInBar(ACTIONS, WIDTHS, MORE, room)].sort();

test('with room for all, every action stays in the bar', () => {
  assert.deepEqual(kept(ALL), ['delete', 'edit', 'import', 'new', 'open']);
});

test('before the first measure (no room known yet) nothing folds', () => {
  assert.deepEqual(kept(0), ['delete', 'edit', 'import', 'new', 'open']);
});

test('one pixel short, the least important folds first and More takes its place', () => {
  // More (90) + New booking + Edit + Delete + Open = 550 + 4 gaps: Import goes.
  assert.deepEqual(kept(90 + 180 + 80 + 100 + 100 + 4 * TOOLBAR_GAP), ['delete', 'edit', 'new', 'open']);
});

test('folding goes by priority: Import, then Open, then Delete, Edit last', () => {
  assert.deepEqual(kept(90 + 180 + 80 + 100 + 3 * TOOLBAR_GAP), ['delete', 'edit', 'new']);
  assert.deepEqual(kept(90 + 180 + 80 + 2 * TOOLBAR_GAP), ['edit', 'new']);
});

test('the primary action stays even when nothing else fits', () => {
  assert.deepEqual(kept(50), ['new']);
});

test('equal priorities fold from the end of the bar', () => {
  const plain: ToolbarAction[] = ['a', 'b', 'c'].map((id) => ({ id, label: id, onClick: noop }));
  const widths = new Map([
    ['a', 100],
    ['b', 100],
    ['c', 100],
  ]);
  assert.deepEqual([...actionsInBar(plain, widths, 50, 50 + 100 + 100 + 2 * TOOLBAR_GAP)].sort(), ['a', 'b']);
});
