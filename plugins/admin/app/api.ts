/**
 * The panel's calls to the admin API: JSON in and out, the session's bearer token on every
 * call, and the error envelope turned into an ApiError that keeps the field issues
 * (`error.details.errors`), so a form shows each next to its field.
 */
const TOKEN_KEY = 'jwtToken';

export interface FieldIssue {
  path: Array<string | number>;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
  /** the message of the issue at `path` (its first segment), if any */
  fieldMessage(field: string): string | undefined {
    return this.issues.find((issue) => String(issue.path[0]) === field)?.message;
  }
}

export function token(): string | null {
  return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(value: string | null, remember = true): void {
  localStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
  if (value) (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, value);
}

/** called when the server says the session is over */
let onUnauthorized: () => void = () => {};
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

export async function request<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const bearer = token();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(path, { ...init, method, headers: { ...headers, ...(init.headers as Record<string, string>) }, body: payload });
  const text = await response.text();
  const parsed = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (parsed as { error?: { message?: string; details?: { errors?: FieldIssue[] } } } | null)?.error;
    // a session that is over, or gone (signed out in another tab, storage cleared): back to
    // the sign-in page, whether or not this call still carried a token (sign-in itself answers 400)
    if (response.status === 401) onUnauthorized();
    throw new ApiError(response.status, error?.message ?? response.statusText, error?.details?.errors ?? []);
  }
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  del: <T>(path: string) => request<T>('DELETE', path),
};

/** A query string in the `qs` bracket form the API reads. */
export function queryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(`${prefix}[${i}]`, item);
    } else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}[${k}]` : k, v);
    else parts.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
  };
  walk('', params);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Uploads with progress (fetch reports none): XMLHttpRequest. */
export function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const bearer = token();
    if (bearer) xhr.setRequestHeader('authorization', `Bearer ${bearer}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const parsed = safeJson(xhr.responseText) as { error?: { message?: string } };
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(new ApiError(xhr.status, parsed?.error?.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed (network)'));
    xhr.send(form);
  });
}
