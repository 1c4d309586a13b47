// Which plugin a fleet lane starts for a project: the one the engine would start for it, and none for
// a JavaScript program that does not declare it (it may run the dynamic provider, which has no plugin).
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLUGIN_EXECUTABLE, pluginExecutable } from "../../../cli/fleet/plugin-executable";

describe("the plugin a lane starts for a project", () => {
  let root: string;
  const executable = async (file: string) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, "#!/bin/sh\n");
    await chmod(file, 0o755);
  };
  const project = async (name: string, yaml: string, runtime = "nodejs") => {
    const dir = path.join(root, name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: ${runtime}\n${yaml}`);
    return dir;
  };
  const onPath = () => ({ PATH: path.join(root, "on-path") });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "pulumi-voice-plugin-executable-"));
    await executable(path.join(root, "plugins", PLUGIN_EXECUTABLE));
    await executable(path.join(root, "on-path", PLUGIN_EXECUTABLE));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("is the folder Pulumi.yaml's plugins.providers names for voice, relative to the project", async () => {
    const dir = await project(
      "declared",
      "plugins:\n  providers:\n    - name: voice\n      path: ../plugins\n",
    );
    expect(await pluginExecutable(dir, onPath())).toBe(path.join(root, "plugins", PLUGIN_EXECUTABLE));
  });

  it("is the one on PATH when a program not in JavaScript declares none for voice", async () => {
    const aws = "plugins:\n  providers:\n    - name: aws\n      path: ../plugins\n";
    const yaml = await project("yaml", aws, "yaml");
    expect(await pluginExecutable(yaml, onPath())).toBe(path.join(root, "on-path", PLUGIN_EXECUTABLE));
    const go = await project("go", "", "\n  name: go\n  options:\n    binary: ./bin");
    expect(await pluginExecutable(go, onPath())).toBe(path.join(root, "on-path", PLUGIN_EXECUTABLE));
    // A JavaScript program's plugin on PATH may serve nothing: its resources may be dynamic ones.
    const js = await project("js", aws);
    expect(await pluginExecutable(js, onPath())).toBeUndefined();
  });

  it("is none when the declared folder holds no plugin, or nothing declares or holds one", async () => {
    const broken = await project(
      "broken",
      "plugins:\n  providers:\n    - name: voice\n      path: ../nowhere\n",
    );
    expect(await pluginExecutable(broken, onPath())).toBeUndefined();
    const plain = await project("plain", "");
    expect(await pluginExecutable(plain, { PATH: path.join(root, "empty") })).toBeUndefined();
  });
});
