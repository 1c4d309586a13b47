import { envVariable, type SettingName, settingOf } from "../connection/settings";

/**
 * A setting's description in the package schema (its inputs, and the `voice:<name>` stack config of
 * the default provider): its own sentence, whether it is a secret, its default, its environment variable.
 */
export function configText(name: SettingName): string {
  const { description, secret, default: byDefault } = settingOf(name);
  const env = envVariable(name);
  const notes = [
    byDefault === undefined ? "" : `default ${byDefault}`,
    env === undefined ? "" : `env \`${env}\``,
  ];
  const said = notes.filter((note) => note !== "").join("; ");
  return `${description}${secret ? ", a secret" : ""}${said === "" ? "" : ` (${said})`}.`;
}
