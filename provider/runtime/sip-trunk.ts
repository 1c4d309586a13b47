import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { NotFoundError, type SipTrunk, type SipTrunkUpdateParams } from "../../sdk";
import { checkWith } from "../check";
import { diffWith, sameValue } from "../diff";
import { describeFailures } from "../errors";
import { ipSet, label, normalizeIp, port, secretString, sipUrl, transport } from "../fields";
import { adoptionRefused, adoptMode } from "./adopt";
import { runtimeContext } from "./context";
import { findTrunk } from "./natural-key";
import { checkOwnership, takenKeys } from "./ownership";
import { settleCreate } from "./settle";

const TYPE = "SipTrunk";

/** Inputs after check; defaults are the platform's (`tcp`, `"5060"`, no IPs), so omitting one is never drift. */
export const SipTrunkInputs = z.object({
  name: label,
  sipUrl,
  transport: transport.default("tcp"),
  port: port.default("5060"),
  authUsername: label.optional(),
  authPassword: secretString.optional(),
  allowedIps: ipSet.default([]),
  adopt: adoptMode,
});
export type SipTrunkInputs = z.infer<typeof SipTrunkInputs>;

/** State recorded for a trunk; `authPassword` comes from the inputs, since the platform only shows a mask. */
export interface SipTrunkOutputs {
  name: string;
  sipUrl: string;
  transport: string;
  port: string;
  authUsername: string | null;
  authPassword?: string;
  allowedIps: string[];
  trunkId: number;
  active: boolean;
  orgHandle: string | null;
  createdAt: string | null;
}

const splitIps = (joined: string | null | undefined): string[] =>
  [
    ...new Set(
      (joined ?? "")
        .split(",")
        .map((ip) => ip.trim())
        .filter(Boolean)
        .map(normalizeIp),
    ),
  ].sort();

const outputs = (t: SipTrunk, authPassword: string | undefined): SipTrunkOutputs => ({
  name: t.name,
  sipUrl: t.sip_url,
  transport: t.transport,
  port: String(t.port),
  authUsername: t.auth_username ?? null,
  ...(authPassword === undefined ? {} : { authPassword }),
  allowedIps: splitIps(t.allowed_ips),
  trunkId: t.id,
  active: t.active,
  orgHandle: t.org_handle ?? null,
  createdAt: t.created_at ?? null,
});

/** The whole declared trunk as a request body. */
const body = (i: SipTrunkInputs) => ({
  name: i.name,
  sip_url: i.sipUrl,
  transport: i.transport,
  port: i.port,
  auth_username: i.authUsername ?? null,
  auth_password: i.authPassword ?? null,
  source_ips: i.allowedIps,
});

/** The declared fields, secrets aside, whose live values differ (named with the live value). */
function liveDifferences(live: SipTrunk, declared: SipTrunkInputs): string[] {
  const seen = outputs(live, undefined);
  const fields = ["sipUrl", "transport", "port", "authUsername", "allowedIps"] as const;
  return fields
    .filter((f) => !sameValue(seen[f], declared[f]))
    .map((f) => `${f} (live ${JSON.stringify(seen[f])})`);
}

const RULES = {
  name: {},
  sipUrl: {},
  transport: {},
  port: {},
  authUsername: {},
  authPassword: {},
  allowedIps: {},
  adopt: { ignored: true },
} as const;

/** The dynamic provider of `voice:SipTrunk`. Every field updates in place (PATCH); nothing forces a replacement. */
export const sipTrunk: dynamic.ResourceProvider = {
  async check(olds, news) {
    return checkOwnership(TYPE, olds, checkWith(SipTrunkInputs, news));
  },

  async diff(_id, olds, news) {
    return diffWith(RULES, olds, news);
  },

  async create(inputs: SipTrunkInputs) {
    return describeFailures(TYPE, "create", async () => {
      const context = runtimeContext();
      const client = await context.ready();
      const key = `SIP trunk "${inputs.name}"`;
      const find = () => findTrunk(client, inputs.name);
      const existing = inputs.adopt ? await find() : undefined;
      let trunk: SipTrunk;
      if (!existing) {
        trunk = await settleCreate({
          key,
          create: () => client.trunks.create(body(inputs)),
          lookup: find,
          differences: (found) => liveDifferences(found, inputs),
          takenBefore: () => takenKeys(context).wasTaken(TYPE, inputs.name),
          ...context.settlePolicy(),
        });
      } else if (inputs.adopt === "overwrite") {
        trunk = await client.trunks.update(existing.id, body(inputs));
      } else {
        const differing = liveDifferences(existing, inputs);
        if (differing.length > 0) throw adoptionRefused(key, differing);
        // The password is masked by the platform: it cannot be compared, so adopting leaves it in place.
        trunk = existing;
      }
      return { id: String(trunk.id), outs: outputs(trunk, inputs.authPassword) };
    });
  },

  async read(id, props: Partial<SipTrunkOutputs>) {
    return describeFailures(TYPE, "read", async () => {
      const client = await runtimeContext().ready();
      let live: SipTrunk;
      try {
        live = await client.trunks.retrieve(Number(id));
      } catch (err) {
        if (err instanceof NotFoundError) return {};
        throw err;
      }
      const outs = outputs(live, props.authPassword);
      const { name, sipUrl, transport, port, authUsername, authPassword, allowedIps } = outs;
      const inputs = {
        name,
        sipUrl,
        transport,
        port,
        allowedIps,
        ...(authUsername === null ? {} : { authUsername }),
        ...(authPassword === undefined ? {} : { authPassword }),
      };
      return { id, props: outs, inputs };
    });
  },

  async update(id, olds: SipTrunkOutputs, news: SipTrunkInputs) {
    return describeFailures(TYPE, "update", async () => {
      const client = await runtimeContext().ready();
      const desired = body(news);
      const current = body({ ...olds, authUsername: olds.authUsername ?? undefined } as SipTrunkInputs);
      const patch = Object.fromEntries(
        Object.entries(desired).filter(
          ([key, value]) => !sameValue(current[key as keyof typeof current], value),
        ),
      ) as SipTrunkUpdateParams;
      const trunk = await client.trunks.update(Number(id), patch);
      return { outs: outputs(trunk, news.authPassword) };
    });
  },

  async delete(id) {
    await describeFailures(TYPE, "delete", async () => {
      const client = await runtimeContext().ready();
      try {
        await client.trunks.delete(Number(id));
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
    });
  },
};
