import { request, type Dispatcher } from 'undici';
import { pinnedAgent } from '../../electron/desks/pinned-agent';

export interface LanAnswer<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

/**
 * Calls a main desk's LAN listener as another desk would: HTTPS pinned to the desk's certificate
 * (no CA vouches for it), with an optional bearer credential.
 */
export class LanClient {
  private readonly agent: Dispatcher;

  constructor(
    readonly baseUrl: string,
    fingerprint: string,
  ) {
    this.agent = pinnedAgent(fingerprint);
  }

  async call<T = any>(
    method: string,
    path: string,
    options: { credential?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<LanAnswer<T>> {
    const answer = await request(`${this.baseUrl}${path}`, {
      method: method as Dispatcher.HttpMethod,
      dispatcher: this.agent,
      headers: {
        ...(options.credential ? { authorization: `Bearer ${options.credential}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await answer.body.text();
    const json = (answer.headers['content-type'] ?? '').toString().includes('json');
    return {
      status: answer.statusCode,
      headers: answer.headers,
      body: json && text ? JSON.parse(text) : undefined,
      text,
    };
  }

  /** Opens a GET that streams (the change stream); resolves once its headers are in. */
  async stream(path: string, credential: string): Promise<{ status: number; ended: Promise<void>; close(): void }> {
    const controller = new AbortController();
    const answer = await request(`${this.baseUrl}${path}`, {
      dispatcher: this.agent,
      headers: { authorization: `Bearer ${credential}` },
      signal: controller.signal,
    });
    const ended = (async () => {
      try {
        for await (const chunk of answer.body) void chunk;
      } catch {
        // Ended by the server or aborted: both are an end.
      }
    })();
    return { status: answer.statusCode, ended, close: () => controller.abort() };
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
