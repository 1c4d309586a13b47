import type { SipTrunk, SipTrunkUpdateParams } from "../../../sdk";
import { adoptionRefused } from "../../runtime/adopt";
import { checkWith } from "../../runtime/check";
import { sameValue } from "../../runtime/diff";
import { checkOwnership, keyOwnership } from "../../runtime/ownership";
import type { ResourceCode } from "../../runtime/resource-code";
import { goneIsDone, unlessGone } from "../../runtime/serve";
import { settleCreate } from "../../runtime/settle";
import { allowedIpSet } from "./allowed-ips";
import { findTrunk, SIP_TRUNK_KEY } from "./key";
import { SipTrunkInputs, type SipTrunkOutputs } from "./schema";

const outputs = (t: SipTrunk, authPassword: string | undefined): SipTrunkOutputs => ({
  name: t.name,
  sipUrl: t.sip_url,
  transport: t.transport,
  port: String(t.port),
  authUsername: t.auth_username ?? null,
  ...(authPassword === undefined ? {} : { authPassword }),
  allowedIps: allowedIpSet(t.allowed_ips),
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

/** The engine-side code of `SipTrunk`. Every field updates in place (PATCH); nothing forces a replacement. */
export const sipTrunkCode: ResourceCode<SipTrunkInputs, SipTrunkOutputs> = {
  async check(olds, news) {
    return checkOwnership(SIP_TRUNK_KEY, olds, checkWith(SipTrunkInputs, news));
  },

  async create(inputs, { context, client }) {
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
        ...keyOwnership(context, client, SIP_TRUNK_KEY, inputs.name),
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
  },

  async read(id, props, { client }) {
    const live = await unlessGone(client.trunks.retrieve(Number(id)));
    if (!live) return {};
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
  },

  async update(id, olds, news, { client }) {
    const desired = body(news);
    const current = body({ ...olds, authUsername: olds.authUsername ?? undefined } as SipTrunkInputs);
    const patch = Object.fromEntries(
      Object.entries(desired).filter(
        ([key, value]) => !sameValue(current[key as keyof typeof current], value),
      ),
    ) as SipTrunkUpdateParams;
    const trunk = await client.trunks.update(Number(id), patch);
    return { outs: outputs(trunk, news.authPassword) };
  },

  async delete(id, _props, { client }) {
    await goneIsDone(client.trunks.delete(Number(id)));
  },
};
