/** The server stopped answering (killed): the request's outcome is unknown. */
export class ServerGone extends Error {
  override readonly name = 'ServerGone';
}

export interface Answer<T> {
  readonly status: number;
  /** The JSON answered, taken to be of the shape the caller expects (a wrong one fails its checks). */
  readonly body: T;
}

/** Where the API is, and the full-access token writes need (quarry serve's default access rules). */
export interface Api {
  readonly base: string;
  readonly token: string;
}

/** One JSON request; a connection failure (refused, reset mid-answer) is ServerGone. */
export async function request<T = unknown>(api: Api, method: string, path: string, json?: unknown): Promise<Answer<T>> {
  let text: string;
  let status: number;
  const headers: Record<string, string> = { authorization: `Bearer ${api.token}` };
  if (json !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(api.base + path, { method, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw new ServerGone(`${method} ${path}: ${(error as Error).message}`, { cause: error });
  }
  return { status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}
