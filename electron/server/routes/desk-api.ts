import type { OfflineCopy } from '../../offline/offline-copy';
import type { CopyStatus } from '../../../shared/schemas/session';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { MainDeskLink } from '../../desks/main-desk-link';
import type { MainDeskMarks } from '../../desks/main-desk-marks';
import type { MainDeskStatus } from '../../../shared/schemas/session';
import type { DeskConnection } from '../../proxy/connection';
import { APP_VERSION } from '../../version';
import { serveRoute } from '../contract/serve-route';
import { syncApiUrl } from '../sync-api-url';
import type { RequestLog } from '../log/request-log';

/** The desk's own endpoints (not part of the Sync API) that need no token. */
export async function deskPublicRoutes(app: FastifyInstance) {
  // Unauthenticated on purpose and free of data: lets a client tell this is a Dropzone Desk.
  serveRoute(app, deskRoutes.health, () => ({
    status: 200,
    body: { status: 'ok', service: 'dropzone-desk', api: 'f1', version: APP_VERSION },
  }));
}

function copyStatusOf(offline: OfflineCopy | undefined): CopyStatus | null {
  const status = offline?.status();
  if (!status) return null;
  return {
    as_of: status.as_of,
    from: status.from,
    to: status.to,
    failing_since: status.refresh.failingSince,
    last_error: status.refresh.lastError,
  };
}

export interface SessionRoutesOptions {
  connection: DeskConnection;
  log: RequestLog;
  offline?: OfflineCopy;
  mainDesk?: MainDeskLink;
  marksForMain?: MainDeskMarks;
  /** Whether the desktop app's first-run question is still open (session.first_run). */
  firstRunOpen?: () => boolean;
}

/** The session's view of a paired desk's main desk. */
function mainDeskStatusOf(
  connection: DeskConnection,
  link: MainDeskLink | undefined,
  marks: MainDeskMarks | undefined,
): MainDeskStatus | null {
  if (!link) return null;
  const state = link.state();
  return {
    name: link.mainName,
    url: connection.remoteUrl ?? '',
    state: state.kind,
    since: state.kind === 'connecting' ? null : state.since,
    detail: state.kind === 'not_answering' ? state.cause : state.kind === 'removed' ? state.message : null,
    marks_waiting: marks?.waiting() ?? 0,
    main_mode: link.self()?.mode ?? null,
    main_remote_state: link.self()?.remoteState ?? null,
    main_outbox_waiting: link.self()?.waiting ?? 0,
  };
}

export async function sessionRoutes(
  app: FastifyInstance,
  { connection, log, offline, mainDesk, marksForMain, firstRunOpen = () => false }: SessionRoutesOptions,
) {
  serveRoute(app, deskRoutes.session, ({ request }) => {
    const dz = request.dropzone!;
    // A paired desk works for the main desk's dropzone: its name is the one the windows show.
    const shown = mainDesk?.self()?.dropzone ?? {
      key: dz.key,
      name: dz.name,
      timezone: dz.timezone,
      currency: dz.currency,
    };
    return {
      status: 200,
      body: {
        dropzone: shown,
        mode: mainDesk?.self()?.mode ?? connection.mode,
        remote_url: connection.remoteUrl,
        health: connection.healthView(),
        copy: copyStatusOf(offline),
        outbox: offline?.outbox()?.summary() ?? null,
        contract_deviations: log.seenBy(dz.id).deviationCount,
        version: APP_VERSION,
        sync_api_url: syncApiUrl(request.server.server.address() as AddressInfo),
        main_desk: mainDeskStatusOf(connection, mainDesk, marksForMain),
        first_run: firstRunOpen(),
      },
    };
  });
}
