import { specProductList } from '../../shared/schemas/contract';
import type { ProbeResultKind } from '../../shared/schemas/health';
import type { RemoteClient } from './remote-client';

/** What one look at the remote found: the connection test's answer and the health check's input. */
export interface ProbeReport {
  ok: boolean;
  result: ProbeResultKind;
  message: string;
  testedUrl: string;
  httpStatus: number | null;
  durationMs: number;
  catalogueVersion: string | null;
  productCount: number | null;
}

/** The remote's own error message, when its body has one, for the user to read. */
function remoteMessage(body: Buffer): string {
  try {
    const json = JSON.parse(body.toString('utf8')) as { error?: unknown };
    if (typeof json?.error === 'string' && json.error) return `: "${json.error.slice(0, 200)}"`;
  } catch {
    // not JSON: nothing to quote
  }
  return '';
}

/**
 * Asks the remote for its product list (GET {remote}/api/f1/sync/products, with the
 * credentials): cheap, read-only, and only a Sync API answers it with the spec's shape. Says
 * exactly what went wrong when it is not `ok`.
 */
export async function probeRemote(client: RemoteClient): Promise<ProbeReport> {
  const started = performance.now();
  const result = await client.send({ method: 'GET', path: '/products', headers: { accept: 'application/json' } });
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  const report = (
    ok: boolean,
    kind: ProbeResultKind,
    message: string,
    extra: Partial<ProbeReport> = {},
  ): ProbeReport => ({
    ok,
    result: kind,
    message,
    testedUrl: result.url,
    httpStatus: null,
    durationMs,
    catalogueVersion: null,
    productCount: null,
    ...extra,
  });

  if (!result.ok) {
    const kind = result.failure.kind === 'bad_response' ? 'not_sync_api' : result.failure.kind;
    return report(false, kind, result.failure.cause);
  }
  const code = result.statusCode;
  const http = { httpStatus: code };
  if (code === 401 || code === 403) {
    const what = client.target.credentials ? 'rejected the credentials' : 'wants credentials, and none are set';
    return report(
      false,
      'credentials_rejected',
      `the remote ${what} (HTTP ${code}${remoteMessage(result.body)}); check the token or header in Settings`,
      http,
    );
  }
  if (code === 404) {
    return report(
      false,
      'not_sync_api',
      `no Sync API at ${result.url} (HTTP 404); check the base URL (the desk adds /api/f1/sync)`,
      http,
    );
  }
  if (code >= 300 && code < 400) {
    const location = result.headers.location;
    return report(
      false,
      'not_sync_api',
      `the remote redirects (HTTP ${code}${location ? ` to ${String(location)}` : ''}); use the URL it redirects to as the base URL`,
      http,
    );
  }
  if (code < 200 || code >= 300) {
    return report(false, 'http_error', `the remote answered HTTP ${code}${remoteMessage(result.body)}`, http);
  }
  let body: unknown;
  try {
    body = JSON.parse(result.body.toString('utf8'));
  } catch {
    const type = result.headers['content-type'];
    return report(
      false,
      'not_sync_api',
      `the remote answered HTTP ${code} but not with JSON (${type ? String(type) : 'no content type'}); is this the service's base URL?`,
      http,
    );
  }
  const products = specProductList.safeParse(body, { reportInput: true });
  if (!products.success) {
    const issue = products.error.issues[0];
    const where = issue?.path.length ? issue.path.map(String).join('.') : 'the body';
    return report(
      false,
      'not_sync_api',
      `the remote answered, but not with the Sync API's products list (${where}: ${issue?.message ?? 'unexpected shape'})`,
      http,
    );
  }
  const { version, products: list } = products.data;
  return report(
    true,
    'ok',
    `the Sync API answered: catalogue version ${version}, ${list.length} product${list.length === 1 ? '' : 's'}, in ${Math.round(durationMs)} ms`,
    {
      ...http,
      catalogueVersion: version,
      productCount: list.length,
    },
  );
}
