import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { IMPORT_LIMITS } from '../../shared/schemas/imports/limits';
import { columnPlan } from '../../renderer/src/features/import/parsing/column-plan';
import { handOverRows, serialiseHandOver } from '../../renderer/src/features/import/wizard/hand-over';
import type { ReadSource } from '../../renderer/src/features/import/parsing/read-source';
import {
  initialWizardState,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from '../../renderer/src/features/import/wizard/wizard-state';
import {
  checkAll,
  toWizardRows,
  withLeftOut,
  withOutcomes,
} from '../../renderer/src/features/import/parsing/wizard-rows';

const TODAY = '2026-06-15';
const plan = columnPlan('bookings', ['id', 'name'], { id: 'external_id', name: 'name' });
const checkedRows = (cells: string[][]) =>
  checkAll('bookings', toWizardRows(cells), plan, { dateFormat: 'YYYY-MM-DD', today: TODAY });
const source: ReadSource = {
  fileName: 'f.csv',
  table: { headers: ['id', 'name'], rows: [['A', 'Ann']], delimiter: ',', blankRowsSkipped: 0 },
  notes: [],
};

const run = (actions: WizardAction[], from: WizardState = initialWizardState) => actions.reduce(wizardReducer, from);

describe("the wizard's state (one reducer)", () => {
  test('a mapping a person set beats a remembered one that arrives after it', () => {
    const read = run([
      { type: 'read_started' },
      { type: 'source_read', source, mapping: { id: 'external_id', name: null }, dateFormat: 'YYYY-MM-DD' },
    ]);
    assert.equal(read.step, 'columns');
    assert.equal(read.reading, false);
    const remembered = run(
      [{ type: 'mapping_remembered', mapping: { id: 'external_id', name: 'name' }, dateFormat: 'DD.MM.YYYY' }],
      read,
    );
    assert.deepEqual([remembered.mapping, remembered.dateFormat], [{ id: 'external_id', name: 'name' }, 'DD.MM.YYYY']);
    const touched = run(
      [
        { type: 'field_set', header: 'name', field: 'reference' },
        { type: 'mapping_remembered', mapping: { id: 'external_id', name: 'name' }, dateFormat: null },
      ],
      read,
    );
    assert.deepEqual(touched.mapping, { id: 'external_id', name: 'reference' });
  });

  test('a new file starts over: rows, checks and the import of the last one go', () => {
    const sent = {
      ...initialWizardState,
      step: 'results' as const,
      checked: checkedRows([['A', 'Ann']]),
      importId: 7,
      rounds: 2,
    };
    const fresh = run([{ type: 'source_read', source, mapping: {}, dateFormat: 'YYYY-MM-DD' }], sent);
    assert.deepEqual([fresh.checked, fresh.importId, fresh.rounds, fresh.step], [null, null, 0, 'columns']);
  });

  test('a send: handing over, then the desk sending, then the outcomes at Results; a failed hand-over keeps every row to send again', () => {
    const atSend = {
      ...initialWizardState,
      step: 'send' as const,
      checked: checkedRows([
        ['A', 'Ann'],
        ['B', 'Ben'],
      ]),
    };
    const failed = run(
      [
        { type: 'hand_over_started', toSend: 2 },
        { type: 'hand_over_failed', error: 'the desk server does not answer' },
      ],
      atSend,
    );
    assert.deepEqual(failed.send, { phase: 'idle' });
    assert.equal(failed.handOverError, 'the desk server does not answer');
    assert.equal(failed.checked, atSend.checked, 'the rows are untouched');
    assert.equal(failed.importId, null);

    const sending = run(
      [{ type: 'hand_over_started', toSend: 2 }, { type: 'handed_over', importId: 9 }, { type: 'cancel_requested' }],
      atSend,
    );
    assert.deepEqual(sending.send, { phase: 'sending', importId: 9, toSend: 2, cancelRequested: true });
    assert.equal(sending.importId, 9);
    assert.equal(sending.handOverError, null);

    const end = { state: 'cancelled' as const, toSend: 2, answered: 1, stopReason: null, unread: null };
    const ended = run(
      [
        {
          type: 'send_ended',
          end,
          outcomes: [
            { index: 0, outcome: { status: 'created', message: null, record_id: 4 } },
            {
              index: 1,
              outcome: { status: 'not_sent', message: 'not sent: the import was cancelled', record_id: null },
            },
          ],
        },
      ],
      sending,
    );
    assert.deepEqual([ended.step, ended.rounds, ended.send.phase, ended.lastEnd], ['results', 1, 'idle', end]);
    assert.deepEqual(
      ended.checked?.rows.map((r) => r.outcome?.status),
      ['created', 'not_sent'],
    );
  });

  test('an answer to a hand-over that is no longer waited for changes nothing', () => {
    const idle = { ...initialWizardState, step: 'send' as const };
    assert.equal(run([{ type: 'handed_over', importId: 3 }], idle), idle);
  });
});

describe('the hand-over: what the wizard gives the desk, once', () => {
  test('ready rows with their records; problem and left-out rows with their reasons; rows done before not at all', () => {
    let state = checkedRows([
      ['A', 'Ann'],
      ['', 'No id'],
      ['C', 'Cas'],
      ['D', 'Dan'],
    ]);
    state = withLeftOut('bookings', state, [2], true);
    state = withOutcomes(state, [{ index: 3, outcome: { status: 'created', message: null, record_id: 1 } }]);
    const rows = handOverRows(state);
    assert.deepEqual(rows.send, [
      { row_number: 1, cells: ['A', 'Ann'], key: 'A', record: { external_id: 'A', name: 'Ann' } },
    ]);
    assert.deepEqual(rows.kept_back, [
      { row_number: 2, cells: ['', 'No id'], key: null, message: 'left out: requires external id' },
      { row_number: 3, cells: ['C', 'Cas'], key: 'C', message: 'left out by the person importing' },
    ]);
  });

  test('a cell longer than the history keeps is cut there, so it cannot refuse the import', () => {
    const long = 'x'.repeat(IMPORT_LIMITS.maxCellLength + 5);
    const rows = handOverRows(
      checkAll('bookings', toWizardRows([['A', 'Ann', long]]), plan, { dateFormat: 'YYYY-MM-DD', today: TODAY }),
    );
    assert.equal(rows.send[0]?.cells[2]?.length, IMPORT_LIMITS.maxCellLength);
  });

  test('serialised slice by slice, it is the JSON of the whole: facts, send and kept_back (none for a retry)', async () => {
    const cells = Array.from({ length: 4_500 }, (_, i) => [i % 1000 === 0 ? '' : `ID-${i}`, `Name "${i}"`]);
    const rows = handOverRows(checkedRows(cells));
    const facts = { kind: 'bookings', file_name: 'big.csv', total_rows: 4_500 };
    const body = await serialiseHandOver(facts, rows);
    assert.deepEqual(JSON.parse(await body.blob.text()), { ...facts, ...rows });
    assert.equal(body.blob.type, 'application/json');
    const retry = await serialiseHandOver({}, { send: [], kept_back: rows.kept_back });
    assert.deepEqual(JSON.parse(await retry.blob.text()), { send: [], kept_back: rows.kept_back });
  });
});
