import type { FastifyServerOptions } from 'fastify';
import { backendServing, type Backend } from '../../shared/api/backends';
import { CONNECTION_MODES, type ConnectionMode } from '../../shared/schemas/connection';

type ConstraintStrategy = NonNullable<NonNullable<FastifyServerOptions['routerOptions']>['constraints']>[string];
type RouteHandler = NonNullable<ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>>;

const BACKENDS: readonly unknown[] = ['local', 'remote', 'copy'] satisfies Backend[];
const isBackend = (value: unknown): value is Backend => BACKENDS.includes(value);
const isMode = (value: unknown): value is ConnectionMode => (CONNECTION_MODES as readonly unknown[]).includes(value);

/**
 * The Sync API's router constraint: each handler of /api/f1/sync is registered with the backend
 * it is (`{ constraints: { backend: 'local' } }` for the rules on the local store, 'remote' for
 * the forwarder), and every request asks the connection's mode which one answers, by the same
 * rule as the desk's routes (backendServing). The router, not a handler, decides because the
 * two sides read the body differently: the local rules parse JSON, the forwarder passes the
 * bytes up as they came. Switching modes needs no restart and no re-registration.
 */
export function backendConstraint(modeOf: () => ConnectionMode): ConstraintStrategy {
  return {
    name: 'backend',
    storage() {
      const handlers = new Map<unknown, RouteHandler>();
      return {
        // Asked with a mode (a request) or with a backend (the router building its index of handlers).
        get: (value) => {
          if (!isMode(value)) return handlers.get(value) ?? null;
          const backend = backendServing([...handlers.keys()].filter(isBackend), value);
          return backend === undefined || backend === 'desk' ? null : (handlers.get(backend) ?? null);
        },
        set: (backend, handler) => void handlers.set(backend, handler),
      };
    },
    deriveConstraint: (): ConnectionMode => modeOf(),
    mustMatchWhenDerived: false,
    validate(value: unknown) {
      if (!isBackend(value)) throw new Error(`backend must be one of ${BACKENDS.join(', ')}`);
    },
  };
}
