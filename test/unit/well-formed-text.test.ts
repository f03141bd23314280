import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { apiTokenCreate } from '../../shared/schemas/api-tokens';
import { bookingWrite } from '../../shared/schemas/booking';
import { connectionTestInput, connectionUpdate } from '../../shared/schemas/connection';
import { filmerWrite } from '../../shared/schemas/filmer';
import { handEdit, unlockFields } from '../../shared/schemas/hand-edits';
import { importResend, importStart } from '../../shared/schemas/imports/hand-over';
import { importMappingWrite } from '../../shared/schemas/imports/mappings';
import { storedJumpDatesQuery } from '../../shared/schemas/imports/stored-jump-dates';
import { jumpCheckInput, jumpRemoveQuery, jumpWrite } from '../../shared/schemas/jumps';
import { listenUpdate } from '../../shared/schemas/listen';
import { isWellFormedText, showUnpairedSurrogates, text } from '../../shared/schemas/text';
import {
  actionApplyRequest,
  actionPreviewRequest,
  correctionRequest,
  manualCreditRequest,
  upgradePaymentRequest,
} from '../../shared/schemas/booking-actions';

/** Every schema a request body is checked with, in the Sync API and the desk API. */
const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  bookingWrite,
  filmerWrite,
  handEdit,
  unlockFields,
  apiTokenCreate,
  importStart,
  importResend,
  storedJumpDatesQuery,
  importMappingWrite,
  connectionUpdate,
  connectionTestInput,
  listenUpdate,
  jumpWrite,
  jumpCheckInput,
  jumpRemoveQuery,
  actionPreviewRequest,
  actionApplyRequest,
  manualCreditRequest,
  correctionRequest,
  upgradePaymentRequest,
};

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; fn?: unknown } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
}

/** The places in a schema where a string is taken without the well-formed check. */
function uncheckedStrings(schema: z.ZodType, path: string, found: string[]): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const children: [string, z.ZodType | undefined][] = [];
  switch (def.type) {
    case 'string':
      if (!def.checks?.some((check) => check._zod.def.check === 'custom' && check._zod.def.fn === isWellFormedText))
        found.push(path || '(body)');
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape ?? {})) children.push([`${path}.${key}`, child]);
      break;
    case 'array':
      children.push([`${path}[]`, def.element]);
      break;
    case 'record':
      children.push([`${path}{key}`, def.keyType], [`${path}{}`, def.valueType]);
      break;
    case 'union':
      def.options?.forEach((option, i) => children.push([`${path}|${i}`, option]));
      break;
    case 'pipe':
      children.push([path, def.in], [path, def.out]);
      break;
    default:
      children.push([path, def.innerType]);
  }
  for (const [childPath, child] of children) if (child) uncheckedStrings(child, childPath, found);
  return found;
}

describe('well-formed text: one rule for every string a request carries', () => {
  test('an unpaired surrogate, high or low, anywhere, is refused; pairs and other text are fine', () => {
    for (const bad of ['\ud800', 'a\udbffb', '\udc00', 'x\udfff', '\ude00\ud83d', 'ok \ud83d'])
      assert.equal(isWellFormedText(bad), false, JSON.stringify(bad));
    for (const good of ['', 'Zoë Ørsted 日本', '😀', '\ud83d\ude00', 'a\u0000b', '\uffff'])
      assert.equal(isWellFormedText(good), true, JSON.stringify(good));
    assert.equal(showUnpairedSurrogates('Na\ud800me 😀 \udc01'), 'Na\\ud800me 😀 \\udc01');
  });

  test('the message names the code unit, and comes alone (not beside "too long")', () => {
    const result = text(3).safeParse('abc\ud800def');
    assert.equal(result.success, false);
    assert.deepEqual(
      result.error?.issues.map((issue) => issue.message),
      ['contains an unpaired UTF-16 surrogate (\\ud800), which is no character: send well-formed Unicode text'],
    );
  });

  test('every string of every request schema (record keys included) carries the check', () => {
    // The walk sees strings wherever they hide: a plain z.string() is found.
    const plain = z.strictObject({
      a: z.array(z.record(z.string(), text().nullable())),
      b: z.union([z.literal('x'), z.string().optional()]),
    });
    assert.deepEqual(uncheckedStrings(plain, '', []), ['.a[]{key}', '.b|1']);
    for (const [name, schema] of Object.entries(REQUEST_SCHEMAS)) {
      assert.deepEqual(
        uncheckedStrings(schema, '', []),
        [],
        `${name}: strings taken without the well-formed check (use wellFormedString or text from shared/schemas/text.ts)`,
      );
    }
  });
});
