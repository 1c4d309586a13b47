// organizations, spaces, agents, providers: the read-only endpoints.
import { beforeAll, describe, expect, it } from "vitest";
import { InvalidArgumentError, NotFoundError, PermissionDeniedError, VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { clientFor, rejectionOf } from "../../fixtures/http";

const emu = useEmulator();
let client: VoiceClient;
beforeAll(async () => {
  client = clientFor(emu);
});

describe("organizations", () => {
  it("lists the organizations of the token", async () => {
    const page = await client.organizations.list();
    expect(page.count).toBe(2);
    expect(page.data.map((o) => [o.id, o.domain_handle, o.name])).toEqual([
      [1, "acme", "Acme Voice"],
      [2, "globex", "Globex Telecom"],
    ]);
    expect(typeof page.data[0]?.created_at).toBe("string");
  });
});

describe("spaces", () => {
  it("lists the spaces of the Org-Handle organization, or of every organization without one", async () => {
    expect((await client.spaces.list()).data.map((s) => s.token)).toEqual([
      "sp-acme-support",
      "sp-acme-sales",
    ]);
    expect((await client.spaces.list({}, { orgHandle: "globex" })).data.map((s) => s.token)).toEqual([
      "sp-globex-ops",
    ]);
    const unscoped = new VoiceClient({ baseUrl: emu.url, token: emu.token });
    expect((await unscoped.spaces.list()).count).toBe(3);
  });

  it("retrieves one space by token", async () => {
    expect(await client.spaces.retrieve("sp-acme-support")).toMatchObject({
      id: "spc_acme_support",
      name: "Support",
      token: "sp-acme-support",
      agent_handle: "support-agent",
    });
  });

  it("unknown or another organization's space is a 404; an empty token is refused locally", async () => {
    expect(await rejectionOf(client.spaces.retrieve("sp-nope"))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(client.spaces.retrieve("sp-globex-ops"))).toBeInstanceOf(NotFoundError);
    const err = await rejectionOf(client.spaces.retrieve(""));
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect(err).toMatchObject({ field: "spaceToken", path: "/spaces/{space_token}/" });
  });

  it("a forbidden organization is a 403", async () => {
    expect(await rejectionOf(client.spaces.list({}, { orgHandle: "initech" }))).toBeInstanceOf(
      PermissionDeniedError,
    );
  });
});

describe("agents", () => {
  it("lists the agents of the organization", async () => {
    const page = await client.agents.list();
    expect(page.data.map((a) => [a.handle, a.type, a.state])).toEqual([
      ["support-agent", "Voice", "published"],
      ["sales-agent", "Voice", "published"],
      ["draft-agent", "Voice", "draft"],
    ]);
    expect((await client.agents.list({}, { orgHandle: "globex" })).data.map((a) => a.handle)).toEqual([
      "ops-agent",
    ]);
  });
});

describe("providers", () => {
  it("lists the catalogue", async () => {
    expect((await client.providers.list()).data).toEqual([
      { id: 1, name: "Twilio", slug: "twilio" },
      { id: 2, name: "Plivo", slug: "plivo" },
      { id: 3, name: "Telnyx", slug: "telnyx" },
      { id: 4, name: "Vonage", slug: "vonage" },
      { id: 5, name: "Exotel", slug: "exotel" },
    ]);
  });
});
