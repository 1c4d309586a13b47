// Every file `export` writes, byte for byte, for organizations that exercise its naming, grouping,
// secrets and notes: the committed files in golden/ are the reference. After an intended change of
// the output, rewrite them with `GOLDEN_UPDATE=1 npx vitest run test/cli/export/golden.test.ts`.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derive } from "../../../cli/export/derive";
import { parseFilter, select } from "../../../cli/export/filters";
import { renderImportFile } from "../../../cli/export/native-ids";
import type { Organization } from "../../../cli/export/organization";
import { plan } from "../../../cli/export/plan";
import { renderReadme } from "../../../cli/export/project-files";
import { configSetLines } from "../../../cli/export/secrets";
import { renderTypeScript } from "../../../cli/export/typescript";
import { leaveOutUnrepresentable } from "../../../cli/export/unrepresentable";
import { renderYamlProject } from "../../../cli/export/yaml";
import type { ExportForm } from "../../../provider/runtime/export-mapping";
import { repoRoot } from "../../fixtures/engine";

const trunk = { transport: "tls", port: "5061", active: true };
/** Names that collide, need sanitizing or are reserved words; several configurations of one provider; odd text. */
const org: Organization = {
  orgHandle: "acme",
  configurations: [
    { id: 7, provider: "twilio", account_sid: "AC7" },
    { id: 3, provider: "twilio", account_sid: "AC3" },
    { id: 5, provider: "plivo", account_sid: "MA5" },
    { id: 9, provider: "Télé Nyx!", account_sid: "KEY\udc01" },
  ],
  bridges: [
    { slug: "support-us", name: "Support US", provider: "twilio", numbers: ["+14155550100", "+14155550101"] },
    { slug: "default", name: "Default", provider: "plivo", numbers: ["+442079460001"] },
    { slug: "link", name: "Link", provider: null, numbers: ["+14155550102"] },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal "${" the export must keep from interpolation
    { slug: "quiet", name: 'Quiet "${x}" $$ line', provider: null, numbers: [] },
    { slug: "orphan", name: "Orphan", provider: "telnyx", numbers: ["+14155550103"] },
  ],
  trunks: [
    {
      id: 1,
      name: "Edge",
      sip_url: "sip.example.com",
      auth_username: "u",
      auth_password: "********",
      allowed_ips: "203.0.113.10,198.51.100.0/24,203.0.113.10",
      ...trunk,
    },
    {
      id: 2,
      name: "edge",
      sip_url: "sip2.example.com",
      auth_username: null,
      auth_password: null,
      allowed_ips: "",
      ...trunk,
    },
    {
      id: 3,
      name: "Ünïcode trunk ☎",
      sip_url: "sip:x@y",
      auth_username: "v",
      auth_password: "********",
      allowed_ips: "",
      ...trunk,
    },
    {
      id: 4,
      name: "123",
      sip_url: "sip.z",
      auth_username: null,
      auth_password: null,
      allowed_ips: "10.0.0.1",
      ...trunk,
    },
  ],
};

/** Every file and line `export` writes for `org` in `form` through `include`/`exclude`. */
function exported(form: ExportForm, include: string[], exclude: string[]): Record<string, string> {
  const derived = derive(org, form);
  const selection = leaveOutUnrepresentable(
    select(derived.records, include.map(parseFilter), exclude.map(parseFilter)),
  );
  const notes = [...derived.notes, ...selection.notes];
  const p = plan(selection, form);
  const common = { project: "acme-telephony", orgHandle: "acme", stack: "acme", plan: p, notes };
  return {
    "index.ts": renderTypeScript(p, "acme"),
    "README.ts.md": renderReadme({ ...common, language: "typescript", takeOver: "adopt" }),
    "Pulumi.adopt.yaml": renderYamlProject(p, {
      project: "acme-telephony",
      orgHandle: "acme",
      takeOver: "adopt",
    }),
    "Pulumi.import.yaml": renderYamlProject(p, {
      project: "acme-telephony",
      orgHandle: "acme",
      takeOver: "import",
      pluginPath: "/opt/voice/bin",
    }),
    "README.import.md": renderReadme({ ...common, language: "yaml", takeOver: "import" }),
    "import.json": renderImportFile(p),
    "config-set.txt": `${configSetLines(p.secrets, "acme").join("\n")}\n`,
  };
}

/** The per-link cases hold the output of the export before sets existed, unchanged. */
const CASES: Record<string, [ExportForm, string[], string[]]> = {
  sets: ["sets", [], []],
  "sets-filtered": ["sets", ["bridge:support-*", "bridge:default", "trunk:e*"], ["number-set:default"]],
  "per-link": ["per-link", [], []],
  "per-link-filtered": ["per-link", ["bridge:support-*", "link:+1415*", "trunk:e*"], ["link:+14155550101"]],
};

describe.each(Object.entries(CASES))("the export of %s", (name, [form, include, exclude]) => {
  it("writes exactly the committed files", () => {
    const files = exported(form, include, exclude);
    for (const [file, text] of Object.entries(files)) {
      const golden = path.join(repoRoot, "test/cli/export/golden", name, `${file}.golden`);
      if (process.env.GOLDEN_UPDATE === "1") {
        mkdirSync(path.dirname(golden), { recursive: true });
        writeFileSync(golden, text);
      }
      expect(text, `${name}/${file}`).toBe(readFileSync(golden, "utf8"));
    }
  });
});
