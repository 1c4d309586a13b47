import { z } from "zod";
import { bridgeDisconnectSchema, bridgeName, findBridge } from "../domain/bridges";
import type { EmulatorContext } from "../domain/context";
import { organizationByHandle } from "../domain/directory";
import { linkOfNumber, numberByValue } from "../domain/inventory";
import type { Bridge, Trunk } from "../domain/state";
import { removeLink, removeTrunk } from "../domain/state-changes";
import { findTrunk, type TrunkUpdate, trunkUpdateSchema, updateTrunk } from "../domain/trunks";
import { parseBody } from "../domain/validation";
import { ApiError } from "../http/envelope";

// The out-of-band changes a person makes in the platform's dashboard, shared by the admin
// surface (JSON, emulator/admin/surface.ts) and the emulator's dashboard page (HTML forms). Each one
// validates everything first (throwing ApiError), then writes once.

/** Admin body of a trunk change: any trunk field (T3), plus `active`. */
const adminTrunkSchema = trunkUpdateSchema.extend({
  active: z.boolean({ error: "must be a boolean" }).optional(),
});

/** The handle of an existing organization, or 404. */
export function requireOrgHandle(ctx: EmulatorContext, handle: string): string {
  if (organizationByHandle(ctx.store.state, handle) === undefined) {
    throw new ApiError(404, "not_found", `Organization '${handle}' not found`);
  }
  return handle;
}

/** Rename a bridge (name rule B2); answers the bridge. */
export function renameBridge(ctx: EmulatorContext, org: string, slug: string, body: unknown): Bridge {
  const bridge = findBridge(ctx.store.state, requireOrgHandle(ctx, org), slug);
  const { name } = parseBody(z.object({ name: bridgeName() }), body);
  ctx.store.write(() => {
    bridge.name = name;
  });
  return bridge;
}

/** Unlink a number from a bridge (404 when it is not on that bridge); answers the bridge. */
export function disconnectNumber(ctx: EmulatorContext, org: string, slug: string, body: unknown): Bridge {
  const state = ctx.store.state;
  const bridge = findBridge(state, requireOrgHandle(ctx, org), slug);
  const { phone_number } = parseBody(bridgeDisconnectSchema, body);
  const number = numberByValue(state, phone_number);
  const link = number === undefined ? undefined : linkOfNumber(state, number.id);
  if (link === undefined || link.bridge_id !== bridge.id) {
    throw new ApiError(404, "not_found", `${phone_number} is not linked to bridge '${bridge.slug}'`);
  }
  ctx.store.write((s) => {
    removeLink(s, link);
  });
  return bridge;
}

/** Change a trunk (T3 rules, plus `active`); answers the trunk. */
export function changeTrunk(ctx: EmulatorContext, org: string, id: string, body: unknown): Trunk {
  const trunk = findTrunk(ctx.store.state, requireOrgHandle(ctx, org), id);
  const input: TrunkUpdate = parseBody(adminTrunkSchema, body);
  updateTrunk({ ctx }, trunk, input);
  return trunk;
}

/** Delete a trunk. */
export function deleteTrunk(ctx: EmulatorContext, org: string, id: string): void {
  const trunk = findTrunk(ctx.store.state, requireOrgHandle(ctx, org), id);
  ctx.store.write((s) => {
    removeTrunk(s, trunk);
  });
}
