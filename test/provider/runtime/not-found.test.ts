import { beforeAll, describe, expect, it } from "vitest";
import { BRIDGE } from "../../../provider/resources/bridge/descriptor";
import { BRIDGE_NUMBER } from "../../../provider/resources/bridge-number-link/descriptor";
import { PROVIDER_CONFIGURATION } from "../../../provider/resources/provider-configuration/descriptor";
import { SIP_TRUNK } from "../../../provider/resources/sip-trunk/descriptor";
import { serve } from "../../../provider/runtime/serve";
import { VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { configureRuntime } from "../../fixtures/provider";

// A lookup by id (a `get`, an import) that finds nothing fails naming the type, the id and the
// organization, and where the id is when another organization of the token holds it. The engine
// shows the error as it shows any read's (one engine case: test/e2e/resources/preview-validation.test.ts).

const emu = useEmulator({}, { reset: false });
beforeAll(async () => {
  await configureRuntime(emu);
  const globex = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: "globex" });
  await globex.bridges.create({ name: "Elsewhere", slug: "elsewhere" });
});

describe("a lookup of an id that does not exist", () => {
  it.each([
    [PROVIDER_CONFIGURATION, "999999", 'no provider configuration "999999" in organization "acme"'],
    [BRIDGE, "gone", 'no bridge "gone" in organization "acme"'],
    [BRIDGE, "elsewhere", 'bridge "elsewhere" is not in organization "acme": it is in organization "globex"'],
    [
      BRIDGE_NUMBER,
      "main/999999/+14155550999",
      'no bridge number link "main/999999/+14155550999" in organization',
    ],
    [SIP_TRUNK, "999999", 'no SIP trunk "999999" in organization "acme"'],
  ] as const)(
    "fails for %# naming the type and the id, without the token",
    async (descriptor, id, expected) => {
      const error = (await serve(descriptor).read!(id, {}).catch((e: Error) => e)) as Error;
      expect(error.message).toContain(`voice:${descriptor.type} read failed`);
      expect(error.message).toContain(expected);
      expect(error.message).not.toContain(emu.token);
    },
  );
});
