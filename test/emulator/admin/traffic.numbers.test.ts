import { request } from "undici";
import { beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import { ACME_TWILIO, linkAcmeNumbers, refusal } from "../../fixtures/linked-numbers";
import { platform } from "../../fixtures/raw-platform";

const emu = useEmulator();
let call: ReturnType<typeof platform>;
beforeAll(() => {
  call = platform(emu);
});

const [FIRST, SECOND] = ACME_TWILIO.numbers as readonly string[] as [string, string];

/** A raw admin PUT, for bodies and paths the typed client would not send. */
async function put(path: string, body: string): Promise<{ status: number; json: any }> {
  const res = await request(`${emu.url}/_emulator${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: res.statusCode, json: await res.body.json() };
}

const channelsOf = async () =>
  Object.fromEntries(
    (await call("GET", "/telephony/bridges/main/")).json.data.numbers.map(
      (n: { number: string; channels_count: number }) => [n.number, n.channels_count],
    ),
  );

describe("live channels", () => {
  it("are 0 until set, then the bridge detail shows each number's own count", async () => {
    await linkAcmeNumbers(emu, { main: [FIRST, SECOND] });
    expect(await channelsOf()).toEqual({ [FIRST]: 0, [SECOND]: 0 });
    expect(await emu.admin.setLiveChannels("acme", FIRST, 3)).toEqual({ number: FIRST, channels: 3 });
    expect(await channelsOf()).toEqual({ [FIRST]: 3, [SECOND]: 0 });
    await emu.admin.setLiveChannels("acme", FIRST, 0);
    await emu.admin.setLiveChannels("acme", SECOND, 7);
    expect(await channelsOf()).toEqual({ [FIRST]: 0, [SECOND]: 7 });
  });

  it("stay with the number: set before it is linked, shown once it is", async () => {
    await emu.admin.setLiveChannels("acme", SECOND, 4);
    await linkAcmeNumbers(emu, { main: [SECOND] });
    expect(await channelsOf()).toEqual({ [SECOND]: 4 });
  });

  it("take the number with its + URL-encoded, literal, or with separators", async () => {
    await linkAcmeNumbers(emu, { main: [FIRST] });
    expect((await put(`/orgs/acme/numbers/${FIRST}/channels`, '{"channels":2}')).status).toBe(200);
    expect(await channelsOf()).toEqual({ [FIRST]: 2 });
    const spaced = encodeURIComponent("+1 (415) 555-0100");
    expect((await put(`/orgs/acme/numbers/${spaced}/channels`, '{"channels":5}')).json).toEqual({
      number: FIRST,
      channels: 5,
    });
    expect(await channelsOf()).toEqual({ [FIRST]: 5 });
  });

  it.each([
    ['{"channels":-1}', "must be an integer >= 0"],
    ['{"channels":1.5}', "must be an integer >= 0"],
    ['{"channels":"2"}', "must be an integer >= 0"],
    ["{}", "is required"],
  ])("answer 400 naming channels for %s", async (body, rule) => {
    const res = await put(`/orgs/acme/numbers/${encodeURIComponent(FIRST)}/channels`, body);
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ channels: rule });
  });

  it("answer 404 for a number the organization does not own, and for an unknown organization", async () => {
    for (const number of ["+19995550100", "+12125550100", "+18005550100", "not-a-number"]) {
      const e = await refusal(emu.admin.setLiveChannels("acme", number, 1));
      expect(e.status).toBe(404);
      expect(e.body).toMatchObject({ error: { code: "not_found", fields: { number: expect.any(String) } } });
    }
    const org = await refusal(emu.admin.setLiveChannels("nowhere", FIRST, 1));
    expect(org.status).toBe(404);
    expect(org.body).toMatchObject({ error: { message: expect.stringContaining("nowhere") } });
  });
});

describe("the agent a number routes to", () => {
  const agentOf = async (number: string) =>
    (await call("GET", "/telephony/overview/")).json.data.find((r: { number: string }) => r.number === number)
      .agent_id;

  it("is null until set, then the overview row shows it; null clears it", async () => {
    await linkAcmeNumbers(emu, { main: [FIRST] });
    expect(await agentOf(FIRST)).toBeNull();
    expect(await emu.admin.setNumberAgent("acme", FIRST, "support-agent")).toEqual({
      number: FIRST,
      agentId: "support-agent",
    });
    expect(await agentOf(FIRST)).toBe("support-agent");
    expect(await agentOf(SECOND)).toBeNull();
    await emu.admin.setNumberAgent("acme", SECOND, "sales-agent");
    expect(await agentOf(SECOND)).toBe("sales-agent");
    await emu.admin.setNumberAgent("acme", FIRST, null);
    expect(await agentOf(FIRST)).toBeNull();
  });

  it("keeps the channels when the agent changes, and the other way round", async () => {
    await linkAcmeNumbers(emu, { main: [FIRST] });
    await emu.admin.setLiveChannels("acme", FIRST, 2);
    await emu.admin.setNumberAgent("acme", FIRST, "support-agent");
    await emu.admin.setLiveChannels("acme", FIRST, 6);
    expect(await channelsOf()).toEqual({ [FIRST]: 6 });
    expect(await agentOf(FIRST)).toBe("support-agent");
  });

  it.each([
    ['{"agentId":""}', "must not be empty (null clears it)"],
    ['{"agentId":7}', "must be a string or null"],
    ["{}", "is required"],
  ])("answers 400 naming agentId for %s", async (body, rule) => {
    const res = await put(`/orgs/acme/numbers/${encodeURIComponent(FIRST)}/agent`, body);
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ agentId: rule });
  });

  it("answers 404 for another organization's number", async () => {
    const e = await refusal(emu.admin.setNumberAgent("globex", FIRST, "ops-agent"));
    expect(e.status).toBe(404);
    expect(e.body).toMatchObject({ error: { fields: { number: expect.any(String) } } });
  });
});
