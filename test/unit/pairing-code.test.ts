import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  certificateCheck,
  codeMatchesCertificate,
  newPairingCode,
  PAIRING_CODE_LENGTH,
  PAIRING_PROOF_COST,
  pairingProof,
  PairingCodeFormatError,
  parsePairingCode,
  proofHash,
  proofMatches,
} from '../../electron/desks/pairing-code';

const FINGERPRINT = 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';
const OTHER = 'AB:CD:F0:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';

test('a new code is XXXX-XXXX-XXXX-XXXX of Crockford base32, its first four the certificate check', () => {
  const code = newPairingCode(FINGERPRINT);
  assert.match(code.text, /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  assert.equal(code.text.replace(/-/g, '').length, PAIRING_CODE_LENGTH);
  // 0xABCDE: 10101 01111 00110 11110 = 21 15 6 30 = N F 6 Y
  assert.equal(certificateCheck(FINGERPRINT), 'NF6Y');
  assert.equal(code.check, 'NF6Y');
  assert.equal(code.text.slice(0, 4), 'NF6Y');
  assert.notEqual(newPairingCode(FINGERPRINT).text, code.text, 'id and secret are random');
});

test('the check takes the first 20 bits: a fingerprint that differs in them does not match', () => {
  const code = newPairingCode(FINGERPRINT);
  assert.equal(codeMatchesCertificate(code, FINGERPRINT), true);
  assert.equal(codeMatchesCertificate(code, FINGERPRINT.toLowerCase().replace(/:/g, '')), true, 'any spelling');
  assert.equal(codeMatchesCertificate(code, OTHER), false);
});

test('a typed code is read whatever its case, dashes and spaces, with O for 0 and I, L for 1', () => {
  const code = newPairingCode(FINGERPRINT);
  const typed = ` ${code.text.toLowerCase().replace(/-/g, ' ')} `.replace(/0/g, 'o').replace(/1/g, 'l');
  assert.deepEqual(parsePairingCode(typed), code);
  assert.deepEqual(parsePairingCode(code.text.replace(/-/g, '')), code);
  assert.equal(parsePairingCode('0000-IIII-LLLL-oooo').text, '0000-1111-1111-0000');
});

test('a code of the wrong length or with a letter no code has is refused in words', () => {
  assert.throws(
    () => parsePairingCode('ABCD-EFGH-JKMN'),
    (error: unknown) => {
      assert.ok(error instanceof PairingCodeFormatError);
      assert.match(error.message, /has 12 letters and digits; a code has 16/);
      return true;
    },
  );
  assert.throws(() => parsePairingCode('ABCD-EFGH-JKMN-PQRU'), /"U", which no code has/);
  assert.throws(() => parsePairingCode('ABCD-EFGH-JKMN-PQR!'), /"!"/);
  assert.throws(() => parsePairingCode(''), /has 0 letters/);
});

test('the proof depends on the secret, the full fingerprint seen and the code id, and is checked by its hash', async () => {
  const proof = await pairingProof('ABCDEFGH', FINGERPRINT, 'WXYZ');
  assert.match(proof, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(await pairingProof('ABCDEFGH', FINGERPRINT.replace(/:/g, '').toLowerCase(), 'WXYZ'), proof);
  const others = await Promise.all([
    pairingProof('ABCDEFGJ', FINGERPRINT, 'WXYZ'),
    // Differs only past the check's 20 bits: a relay whose certificate matches the check still fails.
    pairingProof('ABCDEFGH', FINGERPRINT.replace(/89$/, '88'), 'WXYZ'),
    pairingProof('ABCDEFGH', FINGERPRINT, 'WXY0'),
  ]);
  for (const other of others) assert.notEqual(other, proof);
  const kept = proofHash(proof);
  assert.equal(proofMatches(proof, kept), true);
  for (const other of others) assert.equal(proofMatches(other, kept), false);
  assert.equal(proofMatches('', kept), false);
  // Every desk's proof costs scrypt at 2^15 (tests may lower it for their own desks, never this default).
  assert.deepEqual(PAIRING_PROOF_COST, { N: 2 ** 15, r: 8, p: 1 });
});
