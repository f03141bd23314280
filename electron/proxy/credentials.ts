import { credentialsInput, type CredentialsView } from '../../shared/schemas/connection';

/** How the desk authenticates to the remote Sync API server (the spec does not say; spec 5). */
export type RemoteCredentials = { kind: 'bearer'; token: string } | { kind: 'header'; name: string; value: string };

export const REDACTED = '<redacted>';

/** Credentials as any response may show them: the kind and the header name, never the secret. */
export function viewCredentials(credentials: RemoteCredentials | null): CredentialsView {
  if (!credentials) return { kind: 'none', set: false };
  if (credentials.kind === 'bearer') return { kind: 'bearer', set: true };
  return { kind: 'header', name: credentials.name, set: true };
}

/** The header the remote receives, e.g. `authorization: Bearer …`. */
export function credentialHeader(credentials: RemoteCredentials | null): [name: string, value: string] | null {
  if (!credentials) return null;
  if (credentials.kind === 'bearer') return ['authorization', `Bearer ${credentials.token}`];
  return [credentials.name.toLowerCase(), credentials.value];
}

/** The same header with its secret replaced, for logs and "Copy as cURL". */
export function redactedCredentialHeader(credentials: RemoteCredentials | null): [name: string, value: string] | null {
  if (!credentials) return null;
  if (credentials.kind === 'bearer') return ['authorization', `Bearer ${REDACTED}`];
  return [credentials.name.toLowerCase(), REDACTED];
}

/** From what a user entered: `{kind: 'none'}` means no credentials. */
export function fromInput(input: { kind: 'none' } | RemoteCredentials): RemoteCredentials | null {
  return input.kind === 'none' ? null : input;
}

export function serializeCredentials(credentials: RemoteCredentials): string {
  return JSON.stringify(credentials);
}

/** Reads what serializeCredentials wrote; anything else is an error that says where to look. */
export function parseCredentials(text: string, where: string): RemoteCredentials | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(
      `the remote credentials in ${where} are not valid JSON; delete the file and enter them again in Settings`,
    );
  }
  const parsed = credentialsInput.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `the remote credentials in ${where} are not in the expected form; delete the file and enter them again in Settings`,
    );
  return fromInput(parsed.data);
}

/** Credentials for one run from the environment (DESK_REMOTE_TOKEN): never from a flag, which process lists show. */
export function credentialsFromEnv(env: NodeJS.ProcessEnv): RemoteCredentials | undefined {
  const token = env.DESK_REMOTE_TOKEN?.trim();
  if (!token) return undefined;
  const parsed = credentialsInput.safeParse({ kind: 'bearer', token });
  if (!parsed.success)
    throw new Error('DESK_REMOTE_TOKEN must be a token of visible ASCII characters without spaces (up to 4096)');
  return fromInput(parsed.data) ?? undefined;
}
