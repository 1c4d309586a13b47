// One of several processes sharing one token (test/sdk/core/rate-budget.test.ts, `npm run bench --
// --rate-budget`): `pairs` bridges created and read back through the SDK as one organization, all
// at once, started when the parent writes a line to stdin (so that every process starts together).
// Prints one JSON line: the pairs that succeeded, and each failure's name and message.
//   node rate-budget-worker.cjs <sdk entry (…/sdk/index.js)> <base URL> <token> <org handle> <pairs>
const [sdkEntry, baseUrl, token, orgHandle, pairsArg] = process.argv.slice(2);
const { VoiceClient } = require(sdkEntry);

const client = new VoiceClient({ baseUrl, token, orgHandle, maxConcurrency: 8, timeoutMs: 20_000 });
const pairs = Number(pairsArg);

async function pair(i) {
  const slug = `budget-${i}`;
  await client.bridges.create({ name: `Budget ${i}`, slug });
  await client.bridges.retrieve(slug);
}

process.stdin.once("data", async () => {
  const results = await Promise.allSettled(Array.from({ length: pairs }, (_, i) => pair(i)));
  const failed = results
    .filter((r) => r.status === "rejected")
    .map((r) => `${r.reason?.name}: ${r.reason?.message}`);
  process.stdout.write(`${JSON.stringify({ pairs: pairs - failed.length, failed })}\n`);
  process.exit(0);
});
process.stdout.write("ready\n");
