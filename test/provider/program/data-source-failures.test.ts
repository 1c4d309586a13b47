// How data sources fail in the program process: a failure to connect is one RunError (which Pulumi
// prints once, without a stack) shared by every lookup; a lookup's own failure names the data source.
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import * as voice from "../../../provider";
import { dataSource } from "../../../provider/program/data-source";
import { useEmulator } from "../../fixtures/emulator";
import { closedPort } from "../../fixtures/http";
import { voiceConfig } from "../../fixtures/provider";

const emu = useEmulator();

/** Sets the program's stack configuration to what the emulator needs, minus `omit`, plus `extra`. */
function configure(omit: string[] = [], extra: Record<string, string> = {}): void {
  const config = voiceConfig(emu, { "voice:maxRetries": "1", ...extra });
  for (const key of omit) delete config[key];
  pulumi.runtime.setAllConfig(config, ["voice:token"]);
}

/** What each lookup rejects with. */
async function failures(...lookups: Promise<unknown>[]): Promise<unknown[]> {
  return Promise.all(
    lookups.map((lookup) =>
      lookup.then(
        () => undefined,
        (err: unknown) => err,
      ),
    ),
  );
}

describe("data source failures", () => {
  it("fails every lookup of a program missing voice:orgHandle with the same RunError, naming the key", async () => {
    configure(["voice:orgHandle"]);
    const errors = await failures(voice.getSpaces(), voice.getAgents(), voice.getProviders());
    const later = await failures(voice.getBridges());
    const [first] = errors;
    expect(pulumi.RunError.isInstance(first)).toBe(true);
    expect((first as Error).message).toMatch(
      /voice:orgHandle is not set: run `pulumi config set voice:orgHandle/,
    );
    for (const err of [...errors, ...later]) expect(err).toBe(first);
    // Pulumi prints a late failure by its stack: it is the message, without frames.
    expect((first as Error).stack).toBe((first as Error).message);
  });

  it("fails on a refused token once, naming voice:token", async () => {
    configure([], { "voice:token": "not-the-token" });
    const errors = await failures(voice.getSpaces(), voice.getAgents());
    expect(pulumi.RunError.isInstance(errors[0])).toBe(true);
    expect((errors[0] as Error).message).toMatch(/The platform refused voice:token/);
    expect(errors[1]).toBe(errors[0]);
  });

  it("fails on an unreachable platform once, naming the URL and voice:baseUrl", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    configure([], { "voice:baseUrl": url });
    const errors = await failures(voice.getSpaces(), voice.getOrganizations());
    expect(pulumi.RunError.isInstance(errors[0])).toBe(true);
    expect((errors[0] as Error).message).toMatch(
      new RegExp(`The voice platform at ${url} cannot be reached \\(GET /organizations/ → connection failed`),
    );
    expect((errors[0] as Error).message).toMatch(/check voice:baseUrl/);
    expect(errors[1]).toBe(errors[0]);
  });

  it("names the data source when the lookup itself fails, and keeps the stack of a bug", async () => {
    configure();
    const [notFound] = await failures(voice.getSpace({ token: "sp-nope" }));
    expect(pulumi.RunError.isInstance(notFound)).toBe(true);
    expect((notFound as Error).message).toMatch(
      /voice:getSpace lookup failed: GET \/spaces\/sp-nope\/ .*404/,
    );

    const buggy = dataSource<object, never>("getBuggy", async () => {
      throw new TypeError("x is undefined");
    });
    const [bug] = await failures(buggy.get());
    expect(pulumi.RunError.isInstance(bug)).toBe(false);
    expect((bug as Error).message).toBe("voice:getBuggy lookup failed: x is undefined");
  });
});
