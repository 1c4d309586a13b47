import { DRIFT_CHECK_COMMAND } from "./drift-check";
import { type Html, html } from "./html";

// The page shell of the dashboard: document head, inline style sheet, the organization switcher.

// Made by the tag (no interpolation), so it is inserted as is: a style element decodes no entities.
const STYLE = html`
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d2430; background: #f5f6f8; }
header { background: #1f3b5a; color: #fff; padding: 14px 24px; }
header h1 { margin: 0 0 6px; font-size: 20px; }
header p { margin: 0; color: #d6e2ef; font-size: 13px; }
nav ul { list-style: none; margin: 10px 0 0; padding: 0; display: flex; gap: 8px; flex-wrap: wrap; }
nav a { color: #fff; background: #2e5680; padding: 3px 10px; border-radius: 12px; text-decoration: none; }
nav a[aria-current="page"] { background: #fff; color: #1f3b5a; font-weight: 600; }
main { padding: 8px 24px 32px; }
section { background: #fff; border: 1px solid #dde1e7; border-radius: 6px; padding: 4px 16px 14px; margin-top: 16px; }
h2 { font-size: 17px; margin: 12px 0 10px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid #eceff3; }
th { font-size: 12px; text-transform: uppercase; letter-spacing: .03em; color: #5b6675; }
.mono { font-family: ui-monospace, monospace; font-size: 13px; }
.empty { color: #8a94a3; font-style: italic; }
.inline { display: inline-flex; gap: 6px; align-items: center; margin: 0; }
ul.plain { list-style: none; margin: 0; padding: 0; }
ul.plain li { display: flex; gap: 8px; align-items: center; margin-bottom: 4px; }
input[type=text] { font: inherit; padding: 3px 6px; border: 1px solid #b9c1cc; border-radius: 4px; }
button { font: inherit; padding: 3px 10px; border: 1px solid #2e5680; background: #2e5680; color: #fff; border-radius: 4px; cursor: pointer; }
button.danger, ul.plain button { background: #fff; color: #a12a2a; border-color: #c9a0a0; }
.status { font-weight: 600; }
ol.transcript { margin: 6px 0 0; padding-left: 20px; max-width: 520px; }
.problem { background: #fff4f4; border: 1px solid #e4b4b4; border-radius: 6px; padding: 4px 16px; margin-top: 16px; }
`;

/** What the shell needs around a page's body. */
export interface LayoutInput {
  title: string;
  organizations: { handle: string; name: string }[];
  /** The organization shown, highlighted in the switcher. */
  current: string | undefined;
  body: Html;
}

/** The whole HTML document. */
export function layout({ title, organizations, current, body }: LayoutInput): Html {
  const links = organizations.map(
    (o) =>
      html`<li><a href="${`/?org=${encodeURIComponent(o.handle)}`}"${o.handle === current ? html` aria-current="page"` : ""}>${o.name} (${o.handle})</a></li>`,
  );
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Voice platform emulator</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Voice platform emulator: ${title}</h1>
<p>Changes made here are out-of-band, as in the platform's own dashboard: <code>${DRIFT_CHECK_COMMAND}</code> reports them as drift.</p>
<nav aria-label="Organizations"><ul>${links}</ul></nav>
</header>
<main>${body}</main>
</body>
</html>
`;
}
