// The programs the fleet benchmark's estate can be declared in, with the results file each writes.
import { ESTATE } from "./estate";

/**
 * The programs the estate can be declared in: the JavaScript one users of the npm package write (on its
 * dynamic provider), the same on the native provider, and Go (on the native provider).
 */
export const FLEET_PROGRAMS = {
  javascript: { name: "a JavaScript program, dynamic provider", shape: ESTATE, results: "fleet" },
  native: {
    name: "a JavaScript program, native provider",
    shape: { ...ESTATE, project: "voice-fleet-native", native: true },
    results: "fleet-native",
  },
  go: {
    name: "a Go program, native provider",
    shape: { ...ESTATE, program: "program-go", project: "voice-fleet-go", native: true },
    results: "fleet-go",
  },
} as const;

/** A program of FLEET_PROGRAMS. */
export type FleetProgram = keyof typeof FLEET_PROGRAMS;
