import { describe, expect, it } from "vitest";
import { backEdges, ruleFor } from "../../../../scripts/dev/deps/house-rules";

const edge = (from: string, to: string) => ({ from, to });

describe("the house's arrows", () => {
  it("lets the provider use the SDK but not the SDK the provider", () => {
    const edges = [edge("provider/a.ts", "sdk/b.ts"), edge("sdk/b.ts", "provider/a.ts")];
    expect(backEdges(edges)).toEqual([edge("sdk/b.ts", "provider/a.ts")]);
  });

  it("keeps the emulator apart from the SDK and the provider", () => {
    const edges = [
      edge("emulator/server.ts", "sdk/client.ts"),
      edge("emulator/server.ts", "provider/index.ts"),
    ];
    expect(backEdges(edges)).toHaveLength(2);
  });

  it("keeps the emulator's domain below its routes and its admin surface off the route files", () => {
    const edges = [
      edge("emulator/domain/state.ts", "emulator/routes/bridges.ts"),
      edge("emulator/admin/actions.ts", "emulator/routes/trunks.ts"),
      edge("emulator/admin/actions.ts", "emulator/domain/trunks.ts"),
      edge("emulator/routes/trunks.ts", "emulator/domain/trunks.ts"),
    ];
    expect(backEdges(edges)).toEqual(edges.slice(0, 2));
  });

  it("lets nothing but tests import tests", () => {
    const edges = [
      edge("cli/main.ts", "test/fixtures/engine.ts"),
      edge("test/a.test.ts", "test/fixtures/engine.ts"),
    ];
    expect(backEdges(edges)).toEqual([edge("cli/main.ts", "test/fixtures/engine.ts")]);
  });

  it("files a path under its deepest area", () => {
    expect(ruleFor("emulator/routes/bridges.ts")?.area).toBe("emulator/routes/");
    expect(ruleFor("emulator/server.ts")?.area).toBe("emulator/");
    expect(ruleFor("vitest.config.mts")).toBeUndefined();
  });
});
