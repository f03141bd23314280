import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runServe, startServe } from '../support/serve-process';
import { waitFor } from '../support/wait-for';

/** `serve --lan` and its refusals: plain HTTP off loopback, LAN flags without --lan, --join without its code. */
describe('npm run serve on the LAN', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-serve-lan-'));
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const refusal = async (args: string[]): Promise<string> => {
    const serve = runServe(['--port', '0', '--data-dir', tempDir(), ...args]);
    assert.equal(await serve.exited, 1, serve.output());
    const lines = serve.output().trim().split('\n');
    assert.equal(lines.length, 1, serve.output());
    return lines[0] as string;
  };

  test('plain HTTP beyond loopback is refused in one line that names --lan', async () => {
    for (const host of ['192.168.1.10', '0.0.0.0', '::']) {
      assert.match(
        await refusal(['--host', host]),
        /^dropzone-desk serve: --host .+ plain HTTP is for loopback only\. For the venue's network use --lan/,
      );
    }
    assert.match(await refusal(['--host', '192.168.1.10']), /--lan-address 192\.168\.1\.10/);
  });

  test('LAN flags without --lan, and --join without its code or name, are refused', async () => {
    assert.match(await refusal(['--lan-port', '5000']), /--lan-port and --lan-address go with --lan/);
    assert.match(
      await refusal(['--lan', '--lan-address', 'not-an-address']),
      /--lan-address must be one of this computer's IP addresses/,
    );
    assert.match(await refusal(['--join', 'https://10.0.0.1:4781']), /--join needs --code .* and --name/);
    assert.match(await refusal(['--code', 'ABCD']), /--code and --name go with --join/);
    assert.match(
      await refusal(['--lan', '--join', 'https://10.0.0.1:4781', '--code', '0000-0000-0000-0000', '--name', 'X']),
      /a paired desk does not let other desks join: leave out --lan/,
    );
    assert.match(
      await refusal(['--join', 'http://10.0.0.1:4781', '--code', '0000-0000-0000-0000', '--name', 'X']),
      /--join needs an https:\/\/ address/,
    );
  });

  test('--lan prints the LAN address with the certificate, the same after a restart', async () => {
    const dataDir = tempDir();
    const args = ['--port', '0', '--data-dir', dataDir, '--lan', '--lan-address', '127.0.0.1', '--lan-port', '0'];
    const lanLine = /^LAN: https:\/\/127\.0\.0\.1:\d+ {2}\(certificate SHA-256 (([0-9A-F]{2}:){31}[0-9A-F]{2})\)$/m;
    const first = await startServe(args);
    const fingerprint = (await waitFor(() => lanLine.exec(first.output()), 'the LAN line', { timeoutMs: 60_000 }))[1];
    assert.equal(await first.stop(), 0);
    const second = await startServe(args);
    assert.equal(
      (await waitFor(() => lanLine.exec(second.output()), 'the LAN line', { timeoutMs: 60_000 }))[1],
      fingerprint,
    );
    assert.equal(await second.stop(), 0);
  });
});
