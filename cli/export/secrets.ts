import { configKey, describedInline, envVariable, SECRET_SETTINGS } from "../../provider/connection/settings";
import type { SecretInput } from "./plan";

/** The command that sets one secret; without a value on the line, `pulumi` asks for it (nothing lands in shell history). */
const configSetLine = (s: SecretInput, stack: string): string =>
  `pulumi config set --secret --stack ${stack} ${s.key}   # ${s.describe}`;

/** A secret setting of the provider (the platform token) as a line to run. */
function settingLine(name: (typeof SECRET_SETTINGS)[number], stack: string): string {
  const env = envVariable(name);
  const describe = `${describedInline(name)}${env ? ` (or set ${env})` : ""}`;
  return configSetLine({ key: configKey(name), describe }, stack);
}

/** Every line to run before the first `pulumi up`: the provider's secret settings first, then each write-only value. */
export function configSetLines(secrets: readonly SecretInput[], stack: string): string[] {
  return [
    ...SECRET_SETTINGS.map((name) => settingLine(name, stack)),
    ...secrets.map((s) => configSetLine(s, stack)),
  ];
}
