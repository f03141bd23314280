import { queryOptions } from '@tanstack/react-query';
import { desksRoutes } from '../../../shared/api/desks-routes';
import type { FirstRunAnswer, LanUpdate } from '../../../shared/schemas/desks';
import { call } from './call';

/** Several desks at one venue (/api/desk/desks): the LAN listener, pairing codes, paired desks. */
export const desksApi = {
  view: () => call(desksRoutes.getDesks),
  setLan: (input: LanUpdate) => call(desksRoutes.putLan, { body: input }),
  newCode: () => call(desksRoutes.newPairingCode),
  revoke: async (id: number) => void (await call(desksRoutes.revokeDesk, { params: { id } })),
  /** The desktop app's first run: this desk is the main desk, or it joins one. */
  answerFirstRun: (answer: FirstRunAnswer) => call(desksRoutes.firstRun, { body: answer }),
};

/** Every mutation invalidates ['desks']: the one view under it. */
export const desksKeys = { all: ['desks'] as const };

export const desksQuery = () =>
  queryOptions({
    queryKey: [...desksKeys.all, 'view'],
    queryFn: desksApi.view,
    // Last-seen times move while the screen is open.
    refetchInterval: 15_000,
  });
