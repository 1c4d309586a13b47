/**
 * Bad input to the fleet command itself (an option, the selection, the fleet file), found before any
 * stack runs. The message names the option (or file field) and the rule; the command exits 2.
 */
export class FleetInputError extends Error {
  override readonly name = "FleetInputError";
}
