import type { SecretInput } from "./plan";

/** The command that sets one secret; without a value on the line, `pulumi` asks for it (nothing lands in shell history). */
const configSetLine = (s: SecretInput, stack: string): string =>
  `pulumi config set --secret --stack ${stack} ${s.key}   # ${s.describe}`;

/** Every line to run before the first `pulumi up`: the platform token first, then each write-only value. */
export function configSetLines(secrets: readonly SecretInput[], stack: string): string[] {
  return [
    configSetLine({ key: "voice:token", describe: "the platform API token (or set VOICE_TOKEN)" }, stack),
    ...secrets.map((s) => configSetLine(s, stack)),
  ];
}
