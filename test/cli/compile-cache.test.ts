import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileCacheDir, compileCacheEnv } from "../../cli/compile-cache";

describe("compile cache", () => {
  it("uses the user's folder when set, else Node's default in the temp folder", () => {
    expect(compileCacheDir({ NODE_COMPILE_CACHE: "/home/ci/.cache/node" })).toBe("/home/ci/.cache/node");
    expect(compileCacheDir({})).toBe(path.join(os.tmpdir(), "node-compile-cache"));
  });

  it("passes the folder to children unless the user turned the cache off", () => {
    expect(compileCacheEnv({})).toEqual({ NODE_COMPILE_CACHE: path.join(os.tmpdir(), "node-compile-cache") });
    expect(compileCacheEnv({ NODE_COMPILE_CACHE: "/c" })).toEqual({ NODE_COMPILE_CACHE: "/c" });
    expect(compileCacheEnv({ NODE_DISABLE_COMPILE_CACHE: "1" })).toEqual({});
  });
});
