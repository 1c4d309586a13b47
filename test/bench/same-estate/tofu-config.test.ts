// The OpenTofu side of the same-estate benchmark declares what the Pulumi sides declare: one restapi
// object per configuration, bridge, link and trunk of the same estate, each link on its own bridge
// with its own configuration, and no secret written into the configuration.
import { describe, expect, it } from "vitest";
import { sameEstate, sameMix } from "../../../bench/same-estate/estate";
import { renderTofuConfig } from "../../../bench/same-estate/tofu-config";

describe("the OpenTofu configuration of the same estate", () => {
  const spec = sameEstate(60, "native");
  const text = renderTofuConfig(spec, "http://127.0.0.1:9", "acme");
  const blocks = text.split(/\n(?=resource )/).filter((b) => b.startsWith("resource "));

  it("declares one object per resource of the Pulumi sides' estate", () => {
    const mix = sameMix(60);
    expect(mix).toEqual({ configurations: 2, bridges: 3, numbers: 60, trunks: 3 });
    expect(blocks).toHaveLength(mix.configurations + mix.bridges + mix.numbers + mix.trunks);
    expect(spec.numbers.filter((n) => n.bridge === "bridge-1")).toHaveLength(20);
  });

  it("connects each number on its bridge, reads it from the bridge, and disconnects it on destroy", () => {
    const n = spec.numbers[25]!;
    const block = blocks.find((b) =>
      b.startsWith(`resource "restapi_object" "${n.name.replace(/-/g, "_")}"`),
    );
    const bridge = n.bridge.replace(/-/g, "_");
    expect(block).toContain(
      `path           = "/telephony/bridges/\${restapi_object.${bridge}.id}/connect-provider/"`,
    );
    expect(block).toContain(`search_value = "${n.phoneNumber}"`);
    expect(block).toContain(
      `destroy_path   = "/telephony/bridges/\${restapi_object.${bridge}.id}/disconnect-provider/"`,
    );
    expect(block).toContain(`tonumber(restapi_object.${n.configuration.replace(/-/g, "_")}.id)`);
  });

  it("takes the token and secrets from variables", () => {
    expect(text).toContain(`Authorization = "Token \${var.token}"`);
    expect(text).toContain("auth_token = var.auth_token");
    expect(text).toContain("auth_password = var.sip_password");
    expect(text).not.toMatch(/bench-auth-token|bench-sip-password/);
  });
});
