// The estate as an OpenTofu configuration on the generic REST provider (Mastercard/restapi): one
// `restapi_object` per configuration, bridge, link and trunk, as a user without a provider of the
// platform's own would write it. Each object names the platform's paths for its create, read and
// delete; a link is created by the bridge's connect-provider, read by searching its bridge's detail
// view for the number (`read_search`), and deleted by disconnect-provider.
import type { EstateSpec } from "../../estate/estate";

/** The provider's address and version (scripts/tools/opentofu builds that version into a filesystem mirror). */
export const RESTAPI = { source: "mastercard/restapi", version: "1.20.0" } as const;

const API_PREFIX = "/api/v2/platform";
const name = (s: string) => s.replace(/[^A-Za-z0-9_]/g, "_");
const str = (s: string) => JSON.stringify(s);

/** `main.tf` of the estate against the platform at `url` for organization `orgHandle`. */
export function renderTofuConfig(spec: EstateSpec, url: string, orgHandle: string): string {
  const out: string[] = [
    "terraform {",
    `  required_providers {\n    restapi = { source = ${str(RESTAPI.source)}, version = ${str(RESTAPI.version)} }\n  }`,
    "}",
    'variable "token" {\n  type      = string\n  sensitive = true\n}',
    'variable "auth_token" {\n  type      = string\n  sensitive = true\n}',
    'variable "sip_password" {\n  type      = string\n  sensitive = true\n}',
    'provider "restapi" {',
    `  uri                   = ${str(url + API_PREFIX)}`,
    `  headers               = { Authorization = "Token \${var.token}", "Org-Handle" = ${str(orgHandle)} }`,
    "  create_returns_object = true",
    "}",
  ];
  for (const c of spec.configurations) {
    out.push(
      `resource "restapi_object" ${str(name(c.name))} {`,
      '  path         = "/telephony/providers-configurations/"',
      '  read_path    = "/telephony/providers-configurations/{id}/"',
      '  destroy_path = "/telephony/providers-configurations/{id}/"',
      '  id_attribute = "data/id"',
      `  data         = jsonencode({ provider = ${str(c.provider)}, account_sid = ${str(c.accountSid)}, auth_token = var.auth_token })`,
      "}",
    );
  }
  const bridgeRef = (bridge: string) => `restapi_object.${name(bridge)}.id`;
  for (const b of spec.bridges) {
    out.push(
      `resource "restapi_object" ${str(name(b.name))} {`,
      '  path         = "/telephony/bridges/"',
      '  read_path    = "/telephony/bridges/{id}/"',
      '  destroy_path = "/telephony/bridges/{id}/"',
      '  id_attribute = "data/slug"',
      `  data         = jsonencode({ name = ${str(b.bridgeName)}, slug = ${str(b.slug)} })`,
      "}",
    );
  }
  for (const n of spec.numbers) {
    const bridge = `/telephony/bridges/\${${bridgeRef(n.bridge)}}`;
    out.push(
      `resource "restapi_object" ${str(name(n.name))} {`,
      `  path           = "${bridge}/connect-provider/"`,
      `  read_path      = "${bridge}/"`,
      `  read_search    = { search_key = "number", search_value = ${str(n.phoneNumber)}, results_key = "data/numbers" }`,
      `  destroy_path   = "${bridge}/disconnect-provider/"`,
      '  destroy_method = "POST"',
      `  destroy_data   = jsonencode({ phone_number = ${str(n.phoneNumber)} })`,
      `  object_id      = ${str(n.phoneNumber)}`,
      '  id_attribute   = "number"',
      `  data           = jsonencode({ provider_config_id = tonumber(restapi_object.${name(n.configuration)}.id), phone_number = ${str(n.phoneNumber)} })`,
      "}",
    );
  }
  for (const t of spec.trunks) {
    out.push(
      `resource "restapi_object" ${str(name(t.name))} {`,
      '  path         = "/telephony/trunks/"',
      '  read_path    = "/telephony/trunks/{id}/"',
      '  destroy_path = "/telephony/trunks/{id}/"',
      '  id_attribute = "data/id"',
      `  data = jsonencode({ name = ${str(t.name)}, sip_url = ${str(t.sipUrl)}, transport = ${str(t.transport)}, port = ${str(t.port)}, auth_username = ${str(t.authUsername)}, auth_password = var.sip_password, source_ips = ${JSON.stringify(t.allowedIps)} })`,
      "}",
    );
  }
  return `${out.join("\n")}\n`;
}
