import type {
  ConnectionMode,
  ConnectionTestInput,
  ConnectionUpdate,
  ConnectionView,
  CredentialsInput,
} from '../../../../../shared/schemas/connection';

export type CredentialKind = CredentialsInput['kind'];

/** What the connection form holds. Secrets start blank: the stored ones are never sent to the page. */
export interface ConnectionFormValues {
  mode: ConnectionMode;
  remoteUrl: string;
  credKind: CredentialKind;
  token: string;
  headerName: string;
  headerValue: string;
  /** A number, or '' while the field is empty (Mantine's NumberInput). */
  timeoutMs: number | string;
}

/**
 * Messages by form field, plus two that belong to no single input: `credentials` (the kind as a
 * whole) and `form` (anything else the server said).
 */
export type ConnectionFormErrors = Partial<Record<keyof ConnectionFormValues | 'credentials' | 'form', string>>;

/** Either what to send, or why not (messages beside their fields). */
export type Checked<Body> = { body: Body; errors?: undefined } | { body?: undefined; errors: ConnectionFormErrors };

export function formValuesOf(view: ConnectionView): ConnectionFormValues {
  return {
    mode: view.mode,
    remoteUrl: view.remote_url ?? '',
    credKind: view.credentials.kind,
    token: '',
    headerName: view.credentials.kind === 'header' ? view.credentials.name : '',
    headerValue: '',
    timeoutMs: view.request_timeout_ms,
  };
}

/**
 * The credentials to send, or undefined to keep the stored ones. A blank secret keeps what is
 * stored when the kind (and header name) did not change; otherwise it is a field error.
 */
function credentialsToSend(
  values: ConnectionFormValues,
  stored: ConnectionView['credentials'],
): { credentials?: CredentialsInput; errors?: ConnectionFormErrors } {
  if (values.credKind === 'none') return stored.kind === 'none' ? {} : { credentials: { kind: 'none' } };
  if (values.credKind === 'bearer') {
    if (values.token.trim()) return { credentials: { kind: 'bearer', token: values.token.trim() } };
    return stored.kind === 'bearer' ? {} : { errors: { token: 'Enter the bearer token the remote expects' } };
  }
  const name = values.headerName.trim();
  if (!name) return { errors: { headerName: 'Enter the header name, e.g. X-Api-Key' } };
  if (values.headerValue) return { credentials: { kind: 'header', name, value: values.headerValue } };
  if (stored.kind === 'header' && stored.name === name) return {};
  return { errors: { headerValue: 'Enter the header value' } };
}

const timeoutOf = (values: ConnectionFormValues) =>
  typeof values.timeoutMs === 'number' ? values.timeoutMs : undefined;

/** Save: a proxy needs a URL; credentials are checked when they matter (proxying, or set to something). */
export function saveRequest(values: ConnectionFormValues, view: ConnectionView): Checked<ConnectionUpdate> {
  const url = values.remoteUrl.trim();
  const creds = credentialsToSend(values, view.credentials);
  const errors: ConnectionFormErrors = {
    ...(values.mode === 'proxy' && !url
      ? { remoteUrl: 'Enter the remote server’s base URL, e.g. https://sync.example.com' }
      : {}),
    ...(values.mode === 'proxy' || values.credKind !== 'none' ? creds.errors : {}),
  };
  if (Object.keys(errors).length > 0) return { errors };
  const timeout = timeoutOf(values);
  return {
    body: {
      mode: values.mode,
      ...(url ? { remote_url: url } : view.remote_url !== null ? { remote_url: null } : {}),
      ...(creds.credentials ? { credentials: creds.credentials } : {}),
      ...(timeout !== undefined && timeout !== view.request_timeout_ms ? { request_timeout_ms: timeout } : {}),
    },
  };
}

/** Test: the remote as typed (or as stored, for what is left blank), whatever the mode. */
export function testRequest(values: ConnectionFormValues, view: ConnectionView): Checked<ConnectionTestInput> {
  const url = values.remoteUrl.trim();
  const creds = credentialsToSend(values, view.credentials);
  const errors: ConnectionFormErrors = {
    ...(!url && !view.remote_url ? { remoteUrl: 'Enter the remote server’s base URL to test' } : {}),
    ...creds.errors,
  };
  if (Object.keys(errors).length > 0) return { errors };
  const timeout = timeoutOf(values);
  return {
    body: {
      ...(url ? { remote_url: url } : {}),
      ...(creds.credentials ? { credentials: creds.credentials } : {}),
      ...(timeout !== undefined ? { request_timeout_ms: timeout } : {}),
    },
  };
}

/** The server's field keys (`remote_url`, `credentials.token`…) onto the form's fields. */
export function formErrorsOf(serverFields: Record<string, string>): ConnectionFormErrors {
  const out: ConnectionFormErrors = {};
  for (const [key, message] of Object.entries(serverFields)) {
    const target: keyof ConnectionFormErrors =
      key === 'remote_url'
        ? 'remoteUrl'
        : key.startsWith('credentials.token')
          ? 'token'
          : key.startsWith('credentials.name')
            ? 'headerName'
            : key.startsWith('credentials.value')
              ? 'headerValue'
              : key.startsWith('credentials')
                ? 'credentials'
                : key === 'request_timeout_ms'
                  ? 'timeoutMs'
                  : key === 'mode'
                    ? 'mode'
                    : 'form';
    out[target] = out[target] ? `${out[target]}; ${message}` : message;
  }
  return out;
}
