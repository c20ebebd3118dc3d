import type { SchemaRegistry } from '../schema/registry.js';
import { namesOf } from './names.js';

/**
 * The page `GET /graphql` serves to a browser: a query box, a variables box, a run button, the
 * answer, and a schema browser built from introspection. Self-contained (no CDN, no framework):
 * GraphiQL's bundles cannot be fetched where Quarry runs offline. Schema text is inserted with
 * `textContent` only, never as HTML.
 */
export function explorerPage(endpoint: string, registry: SchemaRegistry): string {
  const example = exampleQuery(registry);
  return PAGE.replace('__ENDPOINT__', () => scriptString(endpoint)).replace('__EXAMPLE__', () => scriptString(example));
}

/** A first query to run: a few entries of the first collection type, with some of their fields. */
function exampleQuery(registry: SchemaRegistry): string {
  const ct = registry.types.find((t) => t.uid.startsWith('api::') && t.kind === 'collectionType');
  if (!ct) return '{ __schema { queryType { name } } }';
  const fields = [...ct.attributes.values()].filter((a) => a.kind === 'scalar' && !a.private && a.type !== 'password').slice(0, 3).map((a) => a.name);
  return `{\n  ${namesOf(ct).plural}(pagination: { pageSize: 5 }) {\n    documentId\n${fields.map((f) => `    ${f}\n`).join('')}  }\n}\n`;
}

/** A string literal safe inside a script element: `<` escaped, so no text can close the element. */
const scriptString = (text: string): string => JSON.stringify(text).replace(/</g, '\\u003c');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Quarry GraphQL explorer</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 0; display: grid; grid-template-columns: 1fr 1fr 22rem; height: 100vh; }
  section { display: flex; flex-direction: column; padding: .5rem; min-height: 0; border-right: 1px solid #ddd; }
  textarea, pre { font: 13px ui-monospace, monospace; flex: 1; margin: 0; padding: .4rem; border: 1px solid #ccc; overflow: auto; }
  #variables { flex: 0 0 8rem; margin-top: .4rem; }
  button { margin: .4rem 0; padding: .4rem; font-weight: bold; }
  #schema { overflow: auto; }
  #schema a { cursor: pointer; color: #0645ad; }
  #schema li { margin: .15rem 0; }
  .arg { color: #777; }
</style>
</head>
<body>
<section>
  <label for="query">Query</label>
  <textarea id="query" spellcheck="false"></textarea>
  <label for="variables">Variables (JSON)</label>
  <textarea id="variables" spellcheck="false">{}</textarea>
  <button id="run" title="Ctrl+Enter">Run</button>
</section>
<section><label>Answer</label><pre id="answer"></pre></section>
<section id="schema"><strong>Schema</strong><div id="doc">loading…</div></section>
<script>
const endpoint = __ENDPOINT__;
const query = document.getElementById('query');
const variables = document.getElementById('variables');
const answer = document.getElementById('answer');
const doc = document.getElementById('doc');
query.value = localStorage.getItem('quarry.query') || __EXAMPLE__;

async function post(body) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function run() {
  localStorage.setItem('quarry.query', query.value);
  let vars;
  try { vars = JSON.parse(variables.value || '{}'); } catch (e) { answer.textContent = 'Variables are not JSON: ' + e.message; return; }
  answer.textContent = '…';
  const started = performance.now();
  try {
    const { status, json } = await post({ query: query.value, variables: vars });
    answer.textContent = 'HTTP ' + status + ' in ' + Math.round(performance.now() - started) + ' ms\\n' + JSON.stringify(json, null, 2);
  } catch (e) {
    answer.textContent = String(e);
  }
}
document.getElementById('run').onclick = run;
query.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(); });

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
const INTROSPECTION = '{ __schema { queryType { name } mutationType { name } types { kind name description '
  + 'fields { name description args { name type { ' + TYPE_REF + ' } } type { ' + TYPE_REF + ' } } '
  + 'inputFields { name type { ' + TYPE_REF + ' } } enumValues { name } } } }';
let types = new Map();

function typeName(ref) {
  if (ref.kind === 'NON_NULL') return typeName(ref.ofType) + '!';
  if (ref.kind === 'LIST') return '[' + typeName(ref.ofType) + ']';
  return ref.name;
}
function namedOf(ref) { return ref.ofType ? namedOf(ref.ofType) : ref.name; }
function el(tag, text, cls) { const e = document.createElement(tag); if (text) e.textContent = text; if (cls) e.className = cls; return e; }
function link(ref) {
  const a = el('a', typeName(ref));
  a.onclick = () => show(namedOf(ref));
  return a;
}

function show(name) {
  const type = types.get(name);
  doc.replaceChildren();
  const back = el('a', '← root types');
  back.onclick = showRoots;
  doc.append(back, el('h3', name + ' (' + type.kind.toLowerCase().replace('_', ' ') + ')'));
  if (type.description) doc.append(el('p', type.description));
  const list = el('ul');
  for (const f of type.fields || type.inputFields || []) {
    const li = el('li');
    li.append(el('b', f.name));
    if (f.args && f.args.length) {
      li.append(el('span', '(', 'arg'));
      f.args.forEach((a, i) => { li.append(el('span', (i ? ', ' : '') + a.name + ': ', 'arg'), link(a.type)); });
      li.append(el('span', ')', 'arg'));
    }
    li.append(el('span', ': '), link(f.type));
    list.append(li);
  }
  for (const v of type.enumValues || []) list.append(el('li', v.name));
  doc.append(list);
}

function showRoots() {
  doc.replaceChildren();
  const list = el('ul');
  for (const name of [...types.keys()].filter((n) => !n.startsWith('__')).sort()) {
    const li = el('li');
    const a = el('a', name);
    a.onclick = () => show(name);
    li.append(a);
    list.append(li);
  }
  doc.append(list);
}

post({ query: INTROSPECTION }).then(({ json }) => {
  types = new Map(json.data.__schema.types.map((t) => [t.name, t]));
  show(json.data.__schema.queryType.name);
}).catch((e) => { doc.textContent = 'Introspection failed: ' + e; });
</script>
</body>
</html>
`;
