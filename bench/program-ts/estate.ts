// What the program declares, read from `spec.json` beside it (written by the bench, bench/estate.ts):
// an organization's data kept in a file, as a program of thousands of numbers keeps it.
import * as fs from "node:fs";
import * as path from "node:path";

export interface Spec {
  configurations: { name: string; provider: string; accountSid: string }[];
  bridges: { name: string; bridgeName: string; slug: string }[];
  numbers: { name: string; bridge: string; configuration: string; phoneNumber: string }[];
  sets?: { name: string; bridge: string; numbers: { configuration: string; phoneNumber: string }[] }[];
  trunks: {
    name: string;
    sipUrl: string;
    transport: string;
    port: string;
    authUsername: string;
    allowedIps: string[];
  }[];
}

export const spec: Spec = JSON.parse(fs.readFileSync(path.join(__dirname, "spec.json"), "utf8"));
