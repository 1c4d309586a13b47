import type {
  Policies,
  ReportViolation,
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationPolicy,
} from "@pulumi/policy";
import * as pulumi from "@pulumi/pulumi";
import { parseImpactOptions } from "../provider/impact";
import { REGISTRY } from "../provider/resources/registry";
import { productionStacksSchema } from "./production";
import { type BridgeSlugConfig, bridgeSlugViolations, DEFAULT_SLUG_PATTERN } from "./rules/bridge-slug";
import {
  BUSY_NUMBER_RULE,
  type BusyNumberConfig,
  busyNumberFindings,
  type Finding,
} from "./rules/busy-number-acknowledged";
import {
  type OrganizationConfig,
  organizationViolations,
  type StackOrganization,
} from "./rules/expected-organization";
import { numberOnOneBridgeViolations } from "./rules/number-on-one-bridge";
import { openAllowedIpsViolations } from "./rules/open-allowed-ips";
import {
  DEFAULT_PROTECTED_TYPES,
  type ProtectConfig,
  protectViolations,
} from "./rules/protected-in-production";
import { DEFAULT_TLS_PORT, type TrunkTlsConfig, trunkTlsViolations } from "./rules/trunk-tls";
import { type VoiceResource, voiceResource } from "./voice-resource";

/** A resource rule over this package's resources: the policy reports each message the rule returns. */
function resourcePolicy<C extends object>(
  policy: Omit<ResourceValidationPolicy, "validateResource">,
  rule: (resource: VoiceResource, config: C) => string[],
): ResourceValidationPolicy {
  return {
    ...policy,
    validateResource: (args: ResourceValidationArgs, reportViolation) => {
      const resource = voiceResource(args);
      if (resource === undefined) return;
      for (const message of rule(resource, args.getConfig<C>())) reportViolation(message);
    },
  };
}

// The dynamic provider's organization setting and its fallback (provider/connection/config.ts).
function stackOrganization(): StackOrganization {
  const fromConfig = new pulumi.Config("voice").get("orgHandle");
  if (fromConfig !== undefined) return { orgHandle: fromConfig, source: "stack config voice:orgHandle" };
  const fromEnv = process.env.VOICE_ORG_HANDLE || undefined;
  return fromEnv === undefined
    ? { source: "neither voice:orgHandle nor VOICE_ORG_HANDLE is set" }
    : { orgHandle: fromEnv, source: "VOICE_ORG_HANDLE" };
}

const numberOnOneBridge: StackValidationPolicy = {
  name: "voice-number-on-one-bridge",
  description:
    "A phone number is declared once, by one BridgeNumber or in one BridgeNumbers set: it sits on one bridge at a time.",
  enforcementLevel: "mandatory",
  validateStack: (args, reportViolation) => {
    const resources = args.resources.flatMap((r) => voiceResource(r) ?? []);
    for (const { message, urn } of numberOnOneBridgeViolations(resources)) reportViolation(message, urn);
  },
};

/** The impact thresholds' defaults, the core's. */
const IMPACT_DEFAULTS = parseImpactOptions();

// The stack's config as the engine hands it to the pack: every key, secrets decrypted (voice:token too).
const stackConfig = (key: string): string | undefined => pulumi.runtime.getConfig(key);

/**
 * Reports a finding at its level. The policy SDK's runtime also takes a violation as an object with
 * its own enforcement level (not yet in its public types): how an advisory finding of a mandatory
 * rule (what was not checked, what was acknowledged) is listed without failing the run. Its message
 * opens with the description, as a string violation's does.
 */
function reportFinding(report: ReportViolation, description: string, finding: Finding): void {
  if (!finding.advisory) {
    report(finding.message, finding.urn);
    return;
  }
  const withLevel = report as unknown as (violation: {
    message: string;
    urn?: string;
    enforcementLevel: "advisory";
  }) => void;
  withLevel({
    message: `${description}\n${finding.message}`,
    ...(finding.urn === undefined ? {} : { urn: finding.urn }),
    enforcementLevel: "advisory",
  });
}

const BUSY_NUMBER_DESCRIPTION =
  "No BridgeNumber or BridgeNumbers set moves a busy number (live channels, a scheduled follow-up, " +
  "recent calls) to another bridge unless voice:acknowledgeImpact names the resource. Checked at " +
  "preview against the platform; values not known until apply are skipped. A policy cannot see " +
  "deleted resources or numbers dropped from a set: `pulumi-voice-platform report --impact` gates those.";

const busyNumberAcknowledged: StackValidationPolicy = {
  name: BUSY_NUMBER_RULE,
  description: BUSY_NUMBER_DESCRIPTION,
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      recentHours: {
        type: "number",
        exclusiveMinimum: 0,
        default: IMPACT_DEFAULTS.recentHours,
        description: "Calls within this many hours are recent.",
      },
      highCalls: {
        type: "integer",
        minimum: 1,
        default: IMPACT_DEFAULTS.highCalls,
        description: "Recent calls that make a number busy.",
      },
      windowDays: {
        type: "number",
        exclusiveMinimum: 0,
        default: IMPACT_DEFAULTS.windowDays,
        description: "How many days of call records to read.",
      },
    },
  },
  validateStack: async (args, reportViolation) => {
    // After the changes are made the platform shows the goal: there is no move left to stop.
    if (!pulumi.runtime.isDryRun()) return;
    const resources = args.resources.flatMap((r) => voiceResource(r) ?? []);
    const config = args.getConfig<BusyNumberConfig>();
    const findings = await busyNumberFindings(resources, config, {
      stack: pulumi.getStack(),
      config: stackConfig,
    });
    for (const finding of findings) reportFinding(reportViolation, BUSY_NUMBER_DESCRIPTION, finding);
  },
};

/** The pack's rules, each with its default enforcement level and config schema. */
export const policies: Policies = [
  resourcePolicy<TrunkTlsConfig>(
    {
      name: "voice-trunk-tls-in-production",
      description: "SIP trunks in production stacks use the tls transport on the TLS port.",
      enforcementLevel: "mandatory",
      configSchema: {
        properties: {
          productionStacks: productionStacksSchema,
          tlsPort: { type: "string", default: DEFAULT_TLS_PORT, description: "The port TLS trunks use." },
        },
      },
    },
    (trunk, config) => trunkTlsViolations(trunk, pulumi.getStack(), config),
  ),
  resourcePolicy(
    {
      name: "voice-trunk-no-open-allowed-ips",
      description: "A SIP trunk's allowedIps never admits every address (0.0.0.0/0, ::/0).",
      enforcementLevel: "mandatory",
    },
    openAllowedIpsViolations,
  ),
  resourcePolicy<BridgeSlugConfig>(
    {
      name: "voice-bridge-slug-naming",
      description: "Bridge slugs follow the naming rule (by default: lowercase words joined by hyphens).",
      enforcementLevel: "advisory",
      configSchema: {
        properties: {
          pattern: { type: "string", default: DEFAULT_SLUG_PATTERN, description: "A regular expression." },
        },
      },
    },
    bridgeSlugViolations,
  ),
  resourcePolicy<ProtectConfig>(
    {
      name: "voice-protect-in-production",
      description: "Provider configurations and bridges in production stacks are protected.",
      enforcementLevel: "mandatory",
      configSchema: {
        properties: {
          productionStacks: productionStacksSchema,
          types: {
            type: "array",
            items: { type: "string", enum: REGISTRY.map((d) => d.type) },
            default: [...DEFAULT_PROTECTED_TYPES],
            description: "The resource types that must be protected.",
          },
        },
      },
    },
    (resource, config) => protectViolations(resource, pulumi.getStack(), config),
  ),
  resourcePolicy<OrganizationConfig>(
    {
      name: "voice-expected-organization",
      description:
        "The stack manages the expected platform organization (config orgHandle; unset: not checked).",
      enforcementLevel: "mandatory",
      configSchema: {
        properties: {
          orgHandle: {
            type: "string",
            description: "The organization's domain_handle this stack must manage.",
          },
        },
      },
    },
    (resource, config) => organizationViolations(resource, config, stackOrganization()),
  ),
  numberOnOneBridge,
  busyNumberAcknowledged,
];
