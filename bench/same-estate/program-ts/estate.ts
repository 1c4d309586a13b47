// What the program declares, read from `spec.json` beside it (written by the bench from estate/estate.ts):
// an organization's data kept in a file, as a program of thousands of numbers keeps it. Its shape,
// `spec.ts`, is estate/spec.ts, copied in beside this file with the program (bench/harness/stack.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import type { EstateSpec } from "./spec";

export const spec: EstateSpec = JSON.parse(fs.readFileSync(path.join(__dirname, "spec.json"), "utf8"));
