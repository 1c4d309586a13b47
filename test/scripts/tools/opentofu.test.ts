// scripts/tools/opentofu builds OpenTofu and the REST provider for the same-estate benchmark. A real build
// takes minutes and a gigabyte of modules, so: `--check` asks the Go module proxy for the two pinned
// module versions (their .info and .mod only) and checks every command the build runs; then the whole
// script runs to its end with a stand-in `go` that records its calls and writes stand-in binaries,
// so every other step (copying the module, installing into the mirror, the CLI configuration, the
// version check of the result) runs for real.
import { execFile } from "node:child_process";
import { access, chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESTAPI } from "../../../bench/same-estate/tofu-config";
import { makeTempDir, repoRoot, type TempDir } from "../../fixtures/engine";
import { limitFor, OPERATION_MS } from "../../fixtures/limits";

const run = promisify(execFile);
const script = path.join(repoRoot, "scripts", "tools", "opentofu");

/** A `go` that answers what the script asks and logs each call to $FAKE_GO_LOG. */
const FAKE_GO = `#!/usr/bin/env bash
echo "go $*" >>"$FAKE_GO_LOG"
case "$1 $2" in
  "env GOOS") echo linux ;;
  "env GOARCH") echo amd64 ;;
  "env GOVERSION") echo go1.26.8 ;;
  "list -m") printf '{\\n\\t"Path": "x",\\n\\t"GoVersion": "1.26.6"\\n}\\n' ;;
  "mod download") printf '{\\n\\t"Dir": "%s",\\n\\t"GoMod": "x"\\n}\\n' "$FAKE_MOD_DIR" ;;
  "build -p")
    while [[ $# -gt 0 && $1 != -o ]]; do shift; done
    printf '#!/bin/sh\\necho "OpenTofu v1.12.6"\\n' >"$2" && chmod +x "$2" ;;
  *) echo "fake go: unexpected: $*" >&2; exit 1 ;;
esac
`;

describe("scripts/tools/opentofu", () => {
  let tmp: TempDir;
  beforeAll(async () => {
    tmp = await makeTempDir("opentofu-script-");
  });
  afterAll(() => tmp.remove());

  it("pins the provider version the benchmark's configuration asks for", async () => {
    const text = await readFile(script, "utf8");
    expect(/^restapi_version=v(\S+)$/m.exec(text)?.[1]).toBe(RESTAPI.version);
  });

  it(
    "--check finds every command and both pinned modules at the Go module proxy",
    async () => {
      const { stderr } = await run(script, ["--check"], { timeout: OPERATION_MS });
      expect(stderr).toContain("served: github.com/opentofu/opentofu@v");
      expect(stderr).toContain("served: github.com/Mastercard/terraform-provider-restapi@v");
    },
    limitFor(2),
  );

  it("--installed with an empty cache says how to build it (exit 3)", async () => {
    const env = { ...process.env, PULUMI_VOICE_OPENTOFU_CACHE: path.join(tmp.path, "empty") };
    const failed = await run(script, ["--installed"], { env }).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(3);
    expect(failed?.stderr).toContain("build it with scripts/tools/opentofu");
  });

  it(
    "runs every step of a build to a mirror that tofu init can use, then reuses it",
    async () => {
      const bin = path.join(tmp.path, "bin");
      const mod = path.join(tmp.path, "mod");
      await mkdir(bin, { recursive: true });
      await mkdir(path.join(mod, "cmd", "tofu"), { recursive: true });
      await writeFile(path.join(bin, "go"), FAKE_GO);
      await chmod(path.join(bin, "go"), 0o755);
      const log = path.join(tmp.path, "go.log");
      const cache = path.join(tmp.path, "cache");
      const env = {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        FAKE_GO_LOG: log,
        FAKE_MOD_DIR: mod,
        PULUMI_VOICE_OPENTOFU_CACHE: cache,
      };
      const { stdout } = await run(script, [], { env, timeout: OPERATION_MS });
      const dir = stdout.trim().split("\n").at(-1)!;
      expect(dir.startsWith(cache)).toBe(true);
      await access(path.join(dir, "tofu"));
      const plugin = path.join(
        dir,
        "plugins/registry.opentofu.org/mastercard/restapi",
        RESTAPI.version,
        "linux_amd64",
        `terraform-provider-restapi_v${RESTAPI.version}`,
      );
      await access(plugin);
      const rc = await readFile(path.join(dir, "tofurc"), "utf8");
      expect(rc).toContain(`path    = "${dir}/plugins"`);
      expect(rc).toContain('include = ["registry.opentofu.org/mastercard/restapi"]');
      const calls = await readFile(log, "utf8");
      expect(calls).toMatch(
        /go build -p 2 -trimpath -mod=readonly -o \S+\/tofu -ldflags -s -w -X github.com\/opentofu\/opentofu\/version.dev=no \.\/cmd\/tofu/,
      );
      expect(calls).toContain(
        `go mod download -json github.com/Mastercard/terraform-provider-restapi@v${RESTAPI.version}`,
      );
      expect(calls).toMatch(
        /go build -p 2 -trimpath -mod=readonly -o \S+\/terraform-provider-restapi -ldflags -s -w \.\/\.\n/,
      );
      // Built once: the second call answers the same directory without building.
      const builds = calls.split("\n").filter((l) => l.startsWith("go build")).length;
      const again = await run(script, [], { env });
      expect(again.stdout.trim()).toBe(dir);
      expect((await readFile(log, "utf8")).split("\n").filter((l) => l.startsWith("go build"))).toHaveLength(
        builds,
      );
      expect((await run(script, ["--installed"], { env })).stdout.trim()).toBe(dir);
    },
    limitFor(2),
  );
});
