import type { NumberSetting } from "./number-setting-schema";
import type { EmulatorState } from "./state";

// A number's live channels and agent, read and changed in a state (the records are in
// number-setting-schema.ts, which the state's schema reads).

const indexes = new WeakMap<EmulatorState, Map<number, NumberSetting>>();

function settingsOf(state: EmulatorState): Map<number, NumberSetting> {
  let index = indexes.get(state);
  if (index === undefined) {
    index = new Map((state.numberSettings ?? []).map((s) => [s.number_id, s]));
    indexes.set(state, index);
  }
  return index;
}

/** A number's live channels now (0 when never set). */
export function liveChannels(state: EmulatorState, numberId: number): number {
  return settingsOf(state).get(numberId)?.channels_count ?? 0;
}

/** The agent a number routes to (`null` when never set). */
export function numberAgent(state: EmulatorState, numberId: number): string | null {
  return settingsOf(state).get(numberId)?.agent_id ?? null;
}

/** Change a number's settings in a live state; call it inside `Store.write`, after validating. */
export function updateNumberSetting(
  state: EmulatorState,
  numberId: number,
  change: Partial<Omit<NumberSetting, "number_id">>,
): NumberSetting {
  const index = settingsOf(state);
  let setting = index.get(numberId);
  if (setting === undefined) {
    setting = { number_id: numberId, channels_count: 0, agent_id: null };
    // The table appears in the state only once used, so a state without settings reads as before.
    state.numberSettings ??= [];
    state.numberSettings.push(setting);
    index.set(numberId, setting);
  }
  Object.assign(setting, change);
  return setting;
}
