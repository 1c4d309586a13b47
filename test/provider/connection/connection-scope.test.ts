// What a plugin process keeps per client connection once an engine attaches to it, and per process
// before: the contexts of two connections of one run never mix, a new run forgets the earlier ones,
// and a call served outside any connection's scope fails rather than use another's context.
import { describe, expect, it } from "vitest";
import {
  OutsideConnectionError,
  servingConnection,
  startEngineRun,
} from "../../../provider/connection/connection-scope";
import { contextFor, runtimeContext } from "../../../provider/connection/context-cache";

const settings =
  (org: string) =>
  (key: string): string | undefined =>
    ({ baseUrl: "http://127.0.0.1:1", token: "t", orgHandle: org })[key.replace(/^voice:/, "")];

describe("contexts per connection of an attached plugin", () => {
  // One story, in order: the module's state is the process's, as the plugin's is.
  it("keeps one context per process until an engine attaches, then one per connection", () => {
    // Before any engine attached (the program, the dynamic-provider host, a plugin the engine started):
    // one context, scoped or not.
    const before = contextFor(settings("acme"));
    expect(servingConnection("peer-a", () => runtimeContext())).toBe(before);
    expect(runtimeContext()).toBe(before);

    startEngineRun();
    const [acme, globex] = [
      servingConnection("peer-a", () => contextFor(settings("acme"))),
      servingConnection("peer-b", () => contextFor(settings("globex"))),
    ];
    expect(acme).not.toBe(before);
    expect(globex).not.toBe(acme);
    expect(servingConnection("peer-a", () => runtimeContext())).toBe(acme);
    expect(servingConnection("peer-b", () => runtimeContext())).toBe(globex);
    // A call outside any connection would take some provider's context: it fails instead.
    expect(() => runtimeContext()).toThrow(OutsideConnectionError);
    expect(() => contextFor(settings("acme"))).toThrow(OutsideConnectionError);

    // The scope holds across awaits, as a handler's calls to the platform do.
    return servingConnection("peer-b", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(runtimeContext()).toBe(globex);
      // A new engine run: the same peer is a new connection, served with nothing of the run before.
      startEngineRun();
      expect(servingConnection("peer-b", () => runtimeContext())).not.toBe(globex);
    });
  });
});
