import { describe, expect, it } from "vitest";
import { BusinessLogicError, VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";
import { linkNumber } from "../../fixtures/platform";

const emu = useEmulator();

describe("overview", () => {
  it("one row per own number; linked rows carry the bridge slug", async () => {
    const client = clientFor(emu);
    const _cfg = await linkNumber(client, {
      slug: "main",
      bridgeName: "Main",
      phoneNumber: "+14155550101",
      authToken: "tok-one-1",
    });
    const rows = (await client.overview.list()).data;
    expect(rows).toHaveLength(15);
    expect(rows.find((r) => r.number === "+14155550101")).toMatchObject({
      bridge_slug: "main",
      connection_state: "LINKED",
      termination_kind: "sip",
      agent_id: null,
      sync_state: "synced",
      sync_detail: null,
    });
    expect(rows.find((r) => r.number === "+14155550100")).toMatchObject({
      bridge_slug: null,
      connection_state: "UNLINKED",
    });
  });

  it("no or an unknown organization answers 206: a BusinessLogicError, never data", async () => {
    const noOrg = new VoiceClient({ baseUrl: emu.url, token: emu.token, productId: "voice-ai" });
    expect(await rejectionOf(noOrg.overview.list())).toBeInstanceOf(BusinessLogicError);
    const err = await rejectionOf(clientFor(emu).overview.list({}, { orgHandle: "nobody" }));
    expect(err).toBeInstanceOf(BusinessLogicError);
    expect((err as BusinessLogicError).message).toMatch(/^GET \/telephony\/overview\/ → 206 /);
  });
});
