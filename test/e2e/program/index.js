// Declares whatever the config key `spec` (JSON) lists, so one program serves every end-to-end case:
// a test edits the spec between operations the way a user edits code.
const pulumi = require("@pulumi/pulumi");
const voice = require("pulumi-voice-platform");

const config = new pulumi.Config();
const spec = config.getObject("spec") ?? {};

const configurations = {};
for (const c of spec.configurations ?? []) {
  configurations[c.name] = new voice.ProviderConfiguration(c.name, {
    provider: c.provider,
    accountSid: c.accountSid,
    authToken: config.requireSecret(c.authTokenKey ?? "authToken"),
    ...(c.adopt ? { adopt: c.adopt } : {}),
  });
}

const bridges = {};
for (const b of spec.bridges ?? []) {
  bridges[b.name] = new voice.Bridge(b.name, {
    name: b.bridgeName,
    slug: b.slug,
    ...(b.adopt ? { adopt: b.adopt } : {}),
  });
}

const numbers = {};
for (const n of spec.numbers ?? []) {
  numbers[n.name] = new voice.BridgeNumber(n.name, {
    bridgeSlug: bridges[n.bridge] ? bridges[n.bridge].slug : n.bridge,
    providerConfigurationId: configurations[n.configuration]
      ? configurations[n.configuration].configurationId
      : n.configuration,
    phoneNumber: n.phoneNumber,
    ...(n.adopt ? { adopt: n.adopt } : {}),
  });
}

const sets = {};
for (const s of spec.sets ?? []) {
  sets[s.name] = new voice.BridgeNumbers(s.name, {
    bridgeSlug: bridges[s.bridge] ? bridges[s.bridge].slug : s.bridge,
    numbers: s.numbers.map((n) => ({
      phoneNumber: n.phoneNumber,
      providerConfigurationId: configurations[n.configuration]
        ? configurations[n.configuration].configurationId
        : n.configuration,
    })),
    ...(s.adopt ? { adopt: s.adopt } : {}),
  });
}

const trunks = {};
for (const t of spec.trunks ?? []) {
  const { name, trunkName, password, ...args } = t;
  trunks[name] = new voice.SipTrunk(name, {
    ...args,
    name: trunkName ?? name,
    ...(password ? { authPassword: config.requireSecret("sipPassword") } : {}),
  });
}

const gets = {};
for (const g of spec.gets ?? []) {
  gets[g.name] = voice[g.type].get(g.name, g.id);
}

const ids = (resources, key) =>
  Object.fromEntries(Object.entries(resources).map(([name, r]) => [name, r[key]]));
exports.configurationIds = ids(configurations, "configurationId");
exports.bridgeIds = ids(bridges, "bridgeId");
exports.numberIds = ids(numbers, "numberId");
exports.numberStates = ids(numbers, "state");
exports.trunkIds = ids(trunks, "trunkId");
exports.gets = Object.fromEntries(Object.entries(gets).map(([name, r]) => [name, r.id]));
exports.getNames = Object.fromEntries(
  Object.entries(gets).map(([name, r]) => [name, r.name ?? r.phoneNumber]),
);

if (spec.lookups) {
  exports.organizations = voice.getOrganizationsOutput().apply((os) => os.map((o) => o.domainHandle));
  exports.spaces = voice.getSpacesOutput().apply((ss) => ss.map((s) => s.token));
  exports.agent = voice.getAgentOutput({ handle: "support-agent" }).apply((a) => a.name);
  exports.providers = voice.getProvidersOutput().apply((ps) => ps.map((p) => p.slug));
  exports.assignedNumbers = voice
    .getNumbersOutput({ state: "ASSIGNED" })
    .apply((ns) => ns.map((n) => n.number));
  exports.overviewLinked = voice
    .getOverviewOutput()
    .apply((rows) => rows.filter((r) => r.bridgeSlug).map((r) => `${r.bridgeSlug}:${r.number}`));
  exports.bridgeSlugs = voice.getBridgesOutput().apply((bs) => bs.map((b) => b.slug));
  exports.configurationAccounts = voice
    .getProviderConfigurationsOutput()
    .apply((cs) => cs.map((c) => c.accountSid));
  exports.trunkNames = voice.getSipTrunksOutput().apply((ts) => ts.map((t) => t.name));
}
