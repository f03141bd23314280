import type { ToServer } from '../../electron/shell/server-messages';
import type { ServerChild } from '../../electron/shell/server-supervisor';

/**
 * A server process that follows a script (ready, failing, or hanging on stop), for tests of the
 * supervisor's and the shell's decisions rather than of a server.
 */
export class ScriptedChild implements ServerChild {
  static next = 1;
  readonly pid = ScriptedChild.next++;
  readonly received: ToServer[] = [];
  private messageHandlers: Array<(message: unknown) => void> = [];
  private exitHandlers: Array<(code: number | null) => void> = [];
  killed = false;
  constructor(private readonly behaviour: 'ready' | 'fail' | 'hang-on-stop') {}
  postMessage(message: ToServer) {
    this.received.push(message);
    queueMicrotask(() => {
      if (message.type === 'start') {
        if (this.behaviour === 'fail') this.say({ type: 'failed', error: 'the store is from a newer version' });
        else
          this.say({
            type: 'ready',
            url: `http://127.0.0.1:${40000 + this.pid}`,
            dropzone: 'DZ',
            storeFile: '/x',
            notices: [],
          });
      }
      if (message.type === 'stop' && this.behaviour !== 'hang-on-stop') this.exit(0);
    });
  }
  onMessage(handler: (message: unknown) => void) {
    this.messageHandlers.push(handler);
  }
  onExit(handler: (code: number | null) => void) {
    this.exitHandlers.push(handler);
  }
  kill() {
    this.killed = true;
    queueMicrotask(() => this.exit(null));
  }
  say(message: unknown) {
    for (const handler of this.messageHandlers) handler(message);
  }
  exit(code: number | null) {
    for (const handler of this.exitHandlers.splice(0)) handler(code);
  }
}
