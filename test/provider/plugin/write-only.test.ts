// Write-only secrets: an imported resource takes the program's secret without a failure or a change.
import { describe, expect, it } from "vitest";
import {
  checkable,
  comparable,
  withoutPlaceholders,
  withRecordedSecrets,
} from "../../../provider/plugin/write-only";
import { PROVIDER_CONFIGURATION as CONFIG } from "../../../provider/resources/provider-configuration/descriptor";
import { SIP_TRUNK as TRUNK } from "../../../provider/resources/sip-trunk/descriptor";

const imported = { provider: "twilio", accountSid: "AC1" };

describe("write-only secrets", () => {
  it("lets a recorded resource that never held its token be checked without one", () => {
    const { news, placeholders } = checkable(CONFIG, imported, imported);
    expect(placeholders).toEqual(["authToken"]);
    expect(typeof news.authToken).toBe("string");
    expect(withoutPlaceholders({ ...news }, placeholders)).toEqual(imported);
  });

  it("still requires the token on a create, and once it was recorded", () => {
    expect(checkable(CONFIG, {}, imported).placeholders).toEqual([]);
    expect(checkable(CONFIG, { ...imported, authToken: "t" }, imported).placeholders).toEqual([]);
  });

  it("does not compare a secret the state never recorded, then compares it once recorded", () => {
    const supplied = { ...imported, authToken: "t" };
    expect(comparable(CONFIG, imported, imported, supplied).news).toEqual(imported);
    const recorded = comparable(CONFIG, imported, supplied, { ...imported, authToken: "rotated" });
    expect(recorded).toEqual({ olds: supplied, news: { ...imported, authToken: "rotated" } });
  });

  it("treats a trunk without a user name as holding no password: adding one is compared", () => {
    const bare = { name: "pbx", sipUrl: "sip:pbx" };
    const news = { ...bare, authUsername: "u", authPassword: "p" };
    expect(comparable(TRUNK, bare, bare, news).news).toEqual(news);
    const withUser = { ...bare, authUsername: "u" };
    expect(comparable(TRUNK, withUser, withUser, news).news).toEqual(withUser);
  });

  it("gives a refresh the recorded secret the outputs lack", () => {
    expect(withRecordedSecrets(CONFIG, imported, { authToken: "t" })).toEqual({
      ...imported,
      authToken: "t",
    });
  });
});
