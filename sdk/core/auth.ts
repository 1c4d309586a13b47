import { createHash } from "node:crypto";
import { inspect } from "node:util";

/**
 * How a transport authenticates. The platform API uses `Token <API_TOKEN>`; the chat API on the
 * inference host uses `Bearer <ENDPOINT_KEY>` — InferenceClient passes its own strategy.
 */
export interface AuthStrategy {
  /** Headers added to every request; answering the same object again lets a transport reuse its headers. */
  headers(): Readonly<Record<string, string>>;
  /** Values to scrub from anything the SDK reports (messages, errors). */
  secrets(): readonly string[];
  /** A non-reversible short id of the credential, to key state the server keeps per credential. */
  fingerprint(): string;
}

/** `Authorization: <scheme> <credential>`; the credential lives in a private field and never prints. */
export class SchemeAuth implements AuthStrategy {
  readonly #scheme: string;
  readonly #credential: string;

  constructor(scheme: "Token" | "Bearer", credential: string) {
    this.#scheme = scheme;
    this.#credential = credential;
  }

  /** Built once: the same frozen object every time, so a transport can reuse what it built from it. */
  #headers: Readonly<Record<string, string>> | undefined;

  headers(): Readonly<Record<string, string>> {
    this.#headers ??= Object.freeze({ authorization: `${this.#scheme} ${this.#credential}` });
    return this.#headers;
  }

  secrets(): readonly string[] {
    return [this.#credential];
  }

  fingerprint(): string {
    return createHash("sha256").update(this.#credential).digest("hex").slice(0, 16);
  }

  toJSON(): object {
    return { scheme: this.#scheme, credential: "[REDACTED]" };
  }

  [inspect.custom](): string {
    return `SchemeAuth { scheme: '${this.#scheme}', credential: [REDACTED] }`;
  }
}
