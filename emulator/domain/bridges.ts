// Bridges as the platform keeps them: their rules, their views and how one is found.
import { z } from "zod";
import { notFound } from "./api-error";
import { bridgeProvider, linksOfBridge, numberOfLink, numberState } from "./inventory";
import { liveChannels } from "./number-settings";
import type { Bridge, EmulatorState } from "./state";
import { indexOf } from "./state-index";
import { e164, int, SLUG_RE } from "./validation";

/** Bridge name rule (decision B2): trimmed, non-empty, at most 255 characters. */
export const bridgeName = () =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(255, { error: "must be at most 255 characters" });

const slug = z
  .string({ error: "must be a string" })
  .regex(SLUG_RE, { error: "must be 1-64 lowercase letters, digits or inner hyphens" });

export const bridgeCreateSchema = z.object({ name: bridgeName(), slug });
export const bridgeUpdateSchema = z.object({ name: bridgeName().optional() });
export const bridgeConnectSchema = z.object({ provider_config_id: int(), phone_number: e164() });
export const bridgeDisconnectSchema = z.object({ phone_number: e164() });

/** The list and update view of a bridge (decisions B4, B6). */
export function bridgeListView(state: EmulatorState, bridge: Bridge) {
  return {
    id: bridge.id,
    name: bridge.name,
    slug: bridge.slug,
    provider: bridgeProvider(state, bridge),
    created_at: bridge.created_at,
    numbers: linksOfBridge(state, bridge.id).map((link) => ({
      id: link.id,
      number: numberOfLink(state, link).number,
      status: "connected",
    })),
  };
}

/** The detail view of a bridge (decision B5). */
export function bridgeDetailView(state: EmulatorState, bridge: Bridge) {
  return {
    ...bridgeListView(state, bridge),
    numbers: linksOfBridge(state, bridge.id).map((link) => {
      const number = numberOfLink(state, link);
      return {
        id: link.id,
        number_id: number.id,
        number: number.number,
        state: numberState(state, number),
        active: number.organization !== null,
        channels_count: liveChannels(state, number.id),
        status: "connected",
      };
    }),
  };
}

/** The organization's bridge with this slug, or 404 (decision O4). */
export function findBridge(state: EmulatorState, organization: string, bridgeSlug: string): Bridge {
  const bridge = indexOf(state).bridgeBySlug(organization, bridgeSlug);
  if (bridge === undefined) throw notFound(`Bridge '${bridgeSlug}'`);
  return bridge;
}
