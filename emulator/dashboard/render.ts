import { cdrIndexOf } from "../domain/calls/cdr-index";
import { callDurationSeconds, isFinal, taskOutput, taskStatus } from "../domain/calls/lifecycle";
import { bridgeOfLink, linkOfNumber, linksOfBridge, numberOfLink } from "../domain/inventory";
import type { Bridge, EmulatorState, Trunk } from "../domain/state";
import { indexOf, inOrder } from "../domain/state-index";
import { type Html, html, pathOf, type Value } from "./html";
import { layout } from "./layout";

// The dashboard page (docs/emulator.md, "Dashboard"): one organization's telephony and recent
// calls, with the forms a person uses to change things by hand. Secrets (configuration auth
// tokens, trunk passwords) are never rendered; every value goes through the escaping `html` tag.

/** How many tasks and call records the page lists, newest first. */
const RECENT = 20;

/** Where the dashboard's forms post: `/dashboard/orgs/{handle}/…`. */
export const DASHBOARD_PREFIX = "/dashboard";

const formPath = (org: string, ...rest: (string | number)[]) =>
  `${DASHBOARD_PREFIX}${pathOf("orgs", org, ...rest)}`;

function table(headers: string[], rows: Html[], empty: string): Html {
  if (rows.length === 0) return html`<p class="empty">${empty}</p>`;
  return html`<table>
<thead><tr>${headers.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

function bridgeRow(state: EmulatorState, org: string, bridge: Bridge): Html {
  const numbers = linksOfBridge(state, bridge.id).map((link) => {
    const number = numberOfLink(state, link).number;
    return html`<li><span class="mono">${number}</span>
<form method="post" action="${formPath(org, "bridges", bridge.slug, "disconnect")}" class="inline">
<input type="hidden" name="phone_number" value="${number}">
<button type="submit" aria-label="${`Disconnect ${number} from bridge ${bridge.slug}`}">Disconnect</button>
</form></li>`;
  });
  return html`<tr>
<td>${bridge.name}</td><td class="mono">${bridge.slug}</td>
<td>${numbers.length === 0 ? html`<span class="empty">none</span>` : html`<ul class="plain">${numbers}</ul>`}</td>
<td><form method="post" action="${formPath(org, "bridges", bridge.slug, "rename")}" class="inline">
<input type="text" name="name" required maxlength="255" value="${bridge.name}" aria-label="${`New name for bridge ${bridge.slug}`}">
<button type="submit" aria-label="${`Rename bridge ${bridge.slug}`}">Rename</button>
</form></td>
</tr>`;
}

function trunkRow(org: string, trunk: Trunk): Html {
  return html`<tr>
<td class="mono">${trunk.id}</td><td>${trunk.name}</td><td class="mono">${trunk.sip_url}</td>
<td>${trunk.transport}</td>
<td><form method="post" action="${formPath(org, "trunks", trunk.id, "port")}" class="inline">
<input type="text" name="port" required inputmode="numeric" pattern="[0-9]{1,5}" size="6" value="${trunk.port}" aria-label="${`Port of trunk ${trunk.name}`}">
<button type="submit" aria-label="${`Set the port of trunk ${trunk.name}`}">Set port</button>
</form></td>
<td>${trunk.auth_username ?? html`<span class="empty">none</span>`}</td>
<td>${trunk.auth_password === null ? "not set" : "set (hidden)"}</td>
<td class="mono">${trunk.source_ips.join(", ")}</td>
<td>${trunk.active ? "yes" : "no"}</td>
<td><form method="post" action="${formPath(org, "trunks", trunk.id, "delete")}" class="inline">
<button type="submit" class="danger" aria-label="${`Delete trunk ${trunk.name}`}">Delete</button>
</form></td>
</tr>`;
}

interface Turn {
  role: string;
  content: string;
}

function transcriptOf(output: Record<string, unknown>): Turn[] {
  const turns = output.transcript;
  if (!Array.isArray(turns)) return [];
  return turns.flatMap((t: unknown) => {
    if (t === null || typeof t !== "object") return [];
    const { role, content } = t as Record<string, unknown>;
    return typeof role === "string" && typeof content === "string" ? [{ role, content }] : [];
  });
}

function taskRows(state: EmulatorState, org: string, nowMs: number): Html[] {
  const tasks = state.tasks
    .filter((t) => t.organization === org)
    .sort((a, b) => b.created.localeCompare(a.created) || b.task_id.localeCompare(a.task_id))
    .slice(0, RECENT);
  return tasks.map((task) => {
    const output = taskOutput(task, state, nowMs);
    const turns = transcriptOf(output);
    const contact = (key: string): Value => {
      const value = task.contact[key];
      return typeof value === "string" ? value : null;
    };
    const endReason = typeof output.call_end_reason === "string" ? output.call_end_reason : "";
    const status = taskStatus(task, nowMs);
    return html`<tr>
<td class="mono">${task.task_id}</td><td class="mono">${task.run_id}</td><td>${task.assignee}</td>
<td>${contact("name")}</td><td class="mono">${contact("contact_number")}</td>
<td><span class="status">${status}</span></td><td>${endReason}</td>
<td>${callDurationSeconds(task, nowMs)} s</td><td class="mono">${task.created}</td>
<td>${
      turns.length === 0
        ? html`<span class="empty">${isFinal(status) ? "none" : "none yet"}</span>`
        : html`<details><summary>${turns.length} turns</summary><ol class="transcript">${turns.map(
            (t) => html`<li><b>${t.role}:</b> ${t.content}</li>`,
          )}</ol></details>`
    }</td>
</tr>`;
  });
}

function cdrRows(state: EmulatorState, org: string): Html[] {
  return cdrIndexOf(state)
    .list(org)
    .slice(-RECENT)
    .reverse()
    .map(
      (c) => html`<tr>
<td class="mono">${c.id}</td><td>${c.call_type}</td><td>${c.call_status}</td>
<td class="mono">${c.source_number}</td><td class="mono">${c.destination_number}</td>
<td>${c.bridge?.name ?? html`<span class="empty">none</span>`}</td>
<td class="mono">${c.start_time}</td><td>${c.call_duration} s</td><td>${c.end_reason}</td>
</tr>`,
    );
}

/** The whole page for one organization of the state, calls computed at `nowMs`. */
export function renderDashboard(state: EmulatorState, org: string, nowMs = Date.now()): Html {
  const organization = state.organizations.find((o) => o.domain_handle === org);
  const index = indexOf(state);
  const bridges = inOrder(index.bridgesByOrganization.get(org));
  const trunks = inOrder(index.trunksByOrganization.get(org));
  const configurations = inOrder(index.configurationsByOrganization.get(org));
  const numbers = inOrder(index.numbersByOrganization.get(org));
  const bridgeOf = (numberId: number) => {
    const link = linkOfNumber(state, numberId);
    return link === undefined ? undefined : bridgeOfLink(state, link);
  };
  const body = html`
<section aria-labelledby="bridges"><h2 id="bridges">Bridges</h2>
${table(
  ["Name", "Slug", "Numbers", "Rename"],
  bridges.map((b) => bridgeRow(state, org, b)),
  "No bridges.",
)}</section>
<section aria-labelledby="trunks"><h2 id="trunks">SIP trunks</h2>
${table(
  ["Id", "Name", "SIP URL", "Transport", "Port", "User name", "Password", "Allowed IPs", "Active", ""],
  trunks.map((t) => trunkRow(org, t)),
  "No SIP trunks.",
)}</section>
<section aria-labelledby="configurations"><h2 id="configurations">Provider configurations</h2>
${table(
  ["Id", "Provider", "Account", "Numbers on bridges", "Created"],
  configurations.map(
    (c) => html`<tr><td class="mono">${c.id}</td><td>${c.provider}</td><td class="mono">${c.account_sid}</td>
<td>${index.linksByConfiguration.get(c.id)?.size ?? 0}</td><td class="mono">${c.created_at}</td></tr>`,
  ),
  "No provider configurations.",
)}</section>
<section aria-labelledby="numbers"><h2 id="numbers">Numbers</h2>
${table(
  ["Id", "Number", "Provider", "Account", "Bridge"],
  numbers.map((n) => {
    const bridge = bridgeOf(n.id);
    return html`<tr><td class="mono">${n.id}</td><td class="mono">${n.number}</td><td>${n.provider}</td>
<td class="mono">${n.account_sid}</td><td>${bridge === undefined ? html`<span class="empty">not assigned</span>` : bridge.name}</td></tr>`;
  }),
  "No numbers.",
)}</section>
<section aria-labelledby="tasks"><h2 id="tasks">Recent calls (tasks)</h2>
${table(
  ["Task", "Run", "Agent", "Contact", "Number", "Status", "End reason", "Duration", "Created", "Transcript"],
  taskRows(state, org, nowMs),
  "No calls yet.",
)}</section>
<section aria-labelledby="cdrs"><h2 id="cdrs">Recent SIP call records</h2>
${table(
  ["Id", "Type", "Status", "From", "To", "Bridge", "Started", "Duration", "End reason"],
  cdrRows(state, org),
  "No SIP call records.",
)}</section>`;
  return layout({
    title: `${organization?.name ?? org} (${org})`,
    organizations: state.organizations.map((o) => ({ handle: o.domain_handle, name: o.name })),
    current: org,
    body,
  });
}

/** A page saying why a request or a form was refused, with a way back. */
export function renderProblem(
  state: EmulatorState,
  org: string | undefined,
  title: string,
  details: string[],
): Html {
  const back = org === undefined ? "/" : `/?org=${encodeURIComponent(org)}`;
  return layout({
    title,
    organizations: state.organizations.map((o) => ({ handle: o.domain_handle, name: o.name })),
    current: org,
    body: html`<div class="problem" role="alert"><h2>${title}</h2>
<ul>${details.map((d) => html`<li>${d}</li>`)}</ul>
<p><a href="${back}">Back to the dashboard</a></p></div>`,
  });
}
