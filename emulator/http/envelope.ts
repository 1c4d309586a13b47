export { ApiError, notFound } from "../domain/api-error";

/** What a platform handler answers: a status and a JSON body, or no body (204). */
export interface Answer {
  status: number;
  body?: unknown;
}

/** A one-record success answer `{status_code, message, data}` (decision E1). */
export function ok(data: unknown, message: string, status = 200): Answer {
  return { status, body: { status_code: status, message, data } };
}

/** A list success answer with `count` = total records (decision E1). */
export function list(data: unknown[], count: number, message: string): Answer {
  return { status: 200, body: { count, status_code: 200, message, data } };
}

/** 204 with no body (decision E2). */
export function noContent(): Answer {
  return { status: 204 };
}

/** A 401 body: the spec's `{status_code: 401, message}` (decision E4). */
export function unauthorizedBody(message: string): { status_code: 401; message: string } {
  return { status_code: 401, message };
}
