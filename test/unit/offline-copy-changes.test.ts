import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { dateInZone } from '../../shared/dates';
import { DEFAULT_COPY_TIMING } from '../../electron/offline/copy-refresher';
import { OfflineCopy } from '../../electron/offline/offline-copy';
import type { DeskConnection } from '../../electron/proxy/connection';
import type { RemoteResult } from '../../electron/proxy/remote-client';
import type { DropzoneRecord } from '../../electron/store/records';

// Proxy mode's copy tells the desk's windows when it took something in (a write's answer, a
// refresh's answer), on a real copy file, with the remote stood in for by `remoteGet`.

const ZONE = 'Europe/Amsterdam';
const deskDropzone = {
  id: 1,
  key: 'test',
  name: 'Desk dropzone',
  timezone: ZONE,
  currency: 'EUR',
  created_at: new Date().toISOString(),
} as DropzoneRecord;
const NOT_ANSWERED: RemoteResult = {
  ok: false,
  url: '/',
  failure: { kind: 'refused', status: 'remote_unreachable', cause: 'refused', error: 'remote unreachable' },
  sentHeaders: {},
};
const answered = (body: unknown): RemoteResult => ({
  ok: true,
  url: '/',
  statusCode: 200,
  headers: {},
  body: Buffer.from(JSON.stringify(body)),
  sentHeaders: {},
});

function copyOf(remoteGet: (path: string) => Promise<RemoteResult>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-copy-changes-'));
  let told = 0;
  let onTold: () => void = () => undefined;
  const connection = {
    onTargetChange: () => () => undefined,
    onAnsweringAgain: () => () => undefined,
    target: () => ({ remoteUrl: 'http://remote.invalid', credentials: { kind: 'bearer', token: 'remote-token' } }),
    remoteGet,
  } as unknown as DeskConnection;
  const offline = new OfflineCopy({
    dataDir,
    connection,
    deskDropzone,
    now: () => new Date(),
    // One round only, then the retry is an hour away: nothing runs behind the test's back.
    timing: { ...DEFAULT_COPY_TIMING, retryStartMs: 3_600_000, retryMaxMs: 3_600_000 },
    changed: () => {
      told++;
      onTold();
    },
  });
  return {
    offline,
    told: () => told,
    nextTold: () => new Promise<void>((resolve) => (onTold = resolve)),
    dispose: async () => {
      await offline.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test("a write's answer taken into the copy is told; a read's, a refused write's and a refresh nobody answered are not", async () => {
  let asked!: () => void;
  const refreshTried = new Promise<void>((resolve) => (asked = resolve));
  const copy = copyOf(async () => {
    asked();
    return NOT_ANSWERED;
  });
  try {
    await copy.offline.settled();
    await refreshTried;
    const booking = { id: 9, external_id: 'C-1', name: 'Carla Copy', jump_on: dateInZone(new Date(), ZONE) };
    const answer = (method: string, path: string, statusCode: number, body: unknown) => ({
      method,
      path,
      query: new URLSearchParams(),
      statusCode,
      body: () => body,
    });
    copy.offline.absorb(answer('GET', '/bookings/C-1', 200, booking));
    copy.offline.absorb(answer('POST', '/bookings', 422, { error: 'requires name', status: 'unprocessable_content' }));
    assert.equal(copy.told(), 0);
    copy.offline.absorb(answer('POST', '/bookings', 201, { ...booking, status: 'created' }));
    assert.equal(copy.told(), 1);
    assert.equal(
      copy.offline.copy()!.store.bookings.byExternalId(copy.offline.copy()!.dropzone.id, 'C-1')?.name,
      'Carla Copy',
    );
  } finally {
    await copy.dispose();
  }
});

test("a refresh's answer is told", async () => {
  const copy = copyOf(async () => answered({ bookings: [], pagination: { total_count: 0, next_page: null } }));
  try {
    const told = copy.nextTold();
    await copy.offline.settled();
    await told;
    assert.ok(copy.told() >= 1);
  } finally {
    await copy.dispose();
  }
});
