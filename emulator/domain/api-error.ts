// The platform's error answers as the emulator's rules raise them, before any HTTP is involved.
/** An error answer; handlers throw it, the router renders it (decision E3). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  /** The spec's general error body `{error: {code, message[, fields]}}`. */
  toBody(): { error: { code: string; message: string; fields?: Record<string, string> } } {
    return this.fields === undefined
      ? { error: { code: this.code, message: this.message } }
      : { error: { code: this.code, message: this.message, fields: this.fields } };
  }
}

/** A 404 for a record that is unknown or outside the caller's organization (decision O4). */
export function notFound(what: string): ApiError {
  return new ApiError(404, "not_found", `${what} not found`);
}
