import { canonicalIpOrCidr } from "../../sdk/core/ip";
import { describe, type VoiceResource } from "../voice-resource";

/** A trunk's `allowedIps` must not admit every address: `0.0.0.0/0`, `::/0` or any other `/0` range. */
export function openAllowedIpsViolations(trunk: VoiceResource): string[] {
  const ips = trunk.props.allowedIps;
  if (trunk.type !== "SipTrunk" || !Array.isArray(ips)) return [];
  return ips
    .filter(
      (ip): ip is string => typeof ip === "string" && canonicalIpOrCidr(ip.trim())?.endsWith("/0") === true,
    )
    .map(
      (ip) =>
        `${describe(trunk)}: allowedIps contains "${ip}", which admits every address; ` +
        "list the ranges of the PBX or carrier instead",
    );
}
