/**
 * The trace receiver's pages: the list of recent traces and one trace as a waterfall. Plain HTML
 * with one inline stylesheet: no scripts, no external assets (the CSP forbids both); attributes
 * open with <details>, and each bar carries a tooltip.
 */
import type { AttributeValue } from './otlp';
import type { OrderedSpan, OrderedTrace } from './trace-receiver';

const PALETTE = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#0891b2', '#db2777', '#65a30d', '#dc2626', '#4f46e5', '#0d9488'];

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const number = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/** `0,42 ms`, `12,3 ms`, `1,25 s`. */
export function formatDuration(ms: number): string {
  if (ms >= 1000) return `${number.format(ms / 1000)} s`;
  return `${number.format(ms < 10 ? ms : Math.round(ms * 10) / 10)} ms`;
}

/** Local time with milliseconds, `31/01 10:20:30.123`. */
function formatTime(ns: bigint): string {
  const d = new Date(Number(ns / 1_000_000n));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function durationMs(startNs: bigint, endNs: bigint): number {
  return Number((endNs - startNs) / 1000n) / 1000;
}

/** Services in order of first appearance, each with its colour. */
function serviceColours(spans: OrderedSpan[]): Map<string, string> {
  const colours = new Map<string, string>();
  for (const s of spans) if (!colours.has(s.span.service)) colours.set(s.span.service, PALETTE[colours.size % PALETTE.length]);
  return colours;
}

function attributeText(v: AttributeValue): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const STYLE = `
body{font:14px system-ui,sans-serif;margin:1.5rem 2rem;color:#1f2937;background:#fff}
a{color:#1d4ed8}h1{font-size:1.4rem;margin:0 0 .5rem}h1 small{font-weight:normal;color:#6b7280;font-size:.9rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f3f4f6;font-weight:600}td.num,th.num{text-align:right;white-space:nowrap}
form{display:inline}.bar-form{margin:.8rem 0 1rem;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
input,select,button{font:inherit;padding:.25rem .5rem}input[name=name]{width:16rem}
.chip{display:inline-block;border-radius:4px;padding:0 .4rem;margin:0 .25rem .15rem 0;color:#fff;font-size:.8rem;white-space:nowrap}
.error{color:#b91c1c;font-weight:600}.muted{color:#6b7280}
.meta{margin:.2rem 0 1rem;color:#374151}.meta span{margin-right:1.2rem}
.scale,.row>summary{display:grid;grid-template-columns:minmax(18rem,34%) 1fr 6.5rem;gap:.6rem;align-items:center}
.scale{border-bottom:1px solid #d1d5db;font-size:.8rem;color:#6b7280;padding:.2rem 0}
.ticks{display:flex;justify-content:space-between}
.row>summary{list-style:none;cursor:pointer;padding:.15rem 0;border-bottom:1px solid #f3f4f6}
.row>summary::-webkit-details-marker{display:none}
.row>summary:hover{background:#f9fafb}.row[open]>summary{background:#eff6ff}
.label{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.label::before{content:'\\25B8';color:#9ca3af;margin-right:.3rem}.row[open] .label::before{content:'\\25BE'}
.track{position:relative;height:1rem;background:#f9fafb}
.span-bar{position:absolute;top:.15rem;bottom:.15rem;border-radius:2px;min-width:2px}
.dur{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.details{margin:.3rem 0 .6rem 2rem;font-size:.85rem}.details td{padding:.15rem .6rem;border:0}
.details td:first-child{color:#6b7280;white-space:nowrap}.details td:last-child{word-break:break-all;font-family:ui-monospace,monospace}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

/** The root span shown for a trace: the first span in parent order. */
function rootOf(trace: OrderedTrace): OrderedSpan | undefined {
  return trace.spans[0];
}

/** `GET /`: recent traces, newest first, with the filter form. */
export function renderTraceList(traces: OrderedTrace[], services: string[], query: { service?: string; name?: string }): string {
  const rows = traces
    .map((t) => {
      const root = rootOf(t);
      const colours = serviceColours(t.spans);
      const chips = [...colours].map(([svc, colour]) => `<span class="chip" style="background:${colour}">${escapeHtml(svc)}</span>`).join('');
      const failed = t.spans.some((s) => s.span.status.code === 'ERROR');
      return (
        `<tr><td class="num">${escapeHtml(formatTime(t.startNs))}</td>` +
        `<td><a href="/trace/${escapeHtml(t.traceId)}">${escapeHtml(root?.span.name || '(senza nome)')}</a>` +
        (failed ? ' <span class="error">errore</span>' : '') +
        `<br><span class="muted">${escapeHtml(t.traceId)}</span></td>` +
        `<td>${chips}</td><td class="num">${t.spans.length}</td><td class="num">${escapeHtml(formatDuration(durationMs(t.startNs, t.endNs)))}</td></tr>`
      );
    })
    .join('\n');
  const options = ['<option value="">tutti i servizi</option>', ...services.map((s) => `<option${s === query.service ? ' selected' : ''}>${escapeHtml(s)}</option>`)].join('');
  return page(
    'Smista · tracce',
    `<h1>Tracce recenti <small>(${traces.length})</small></h1>
<div class="bar-form">
<form method="get" action="/"><select name="service" aria-label="Servizio">${options}</select>
<input name="name" placeholder="nome dello span contiene…" aria-label="Nome dello span" value="${escapeHtml(query.name ?? '')}">
<button>Filtra</button></form>
<form method="post" action="/clear"><button>Svuota</button></form>
<a href="/api/traces">JSON</a></div>
<table><thead><tr><th class="num">Ora</th><th>Operazione radice</th><th>Servizi</th><th class="num">Span</th><th class="num">Durata</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">Nessuna traccia ricevuta. I componenti le inviano a <code>POST /v1/traces</code> (OTEL_EXPORTER_OTLP_ENDPOINT).</td></tr>'}</tbody></table>`,
  );
}

function detailsTable(s: OrderedSpan): string {
  const { span } = s;
  const rows: [string, string][] = [
    ['servizio', span.service],
    ['tipo', span.kind],
    ['stato', span.status.code + (span.status.message ? `: ${span.status.message}` : '')],
    ['inizio', span.start],
    ['durata', formatDuration(span.duration)],
    ['spanId', span.spanId],
    ['parentSpanId', span.parentSpanId ?? '—'],
    ...Object.entries(span.attributes).map(([k, v]): [string, string] => [k, attributeText(v)]),
  ];
  return `<table class="details">${rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
}

/** `GET /trace/:traceId`: one row per span in parent order, a bar placed by start and sized by duration. */
export function renderTracePage(trace: OrderedTrace): string {
  const total = trace.endNs - trace.startNs;
  const totalMs = durationMs(trace.startNs, trace.endNs);
  const percent = (ns: bigint) => (total > 0n ? Number((ns * 1_000_000n) / total) / 10_000 : 0);
  const colours = serviceColours(trace.spans);
  const root = rootOf(trace);

  const rows = trace.spans
    .map((s) => {
      const colour = colours.get(s.span.service)!;
      const left = percent(s.startNs - trace.startNs);
      const width = Math.max(percent(s.endNs - s.startNs), 0.15);
      const failed = s.span.status.code === 'ERROR';
      const tooltip = `${s.span.service} · ${s.span.name} · ${formatDuration(s.span.duration)}${failed ? ` · errore${s.span.status.message ? `: ${s.span.status.message}` : ''}` : ''}`;
      return (
        `<details class="row"><summary>` +
        `<span class="label" style="padding-left:${s.depth * 1.1}rem"><span class="chip" style="background:${colour}">${escapeHtml(s.span.service)}</span>` +
        `<span${failed ? ' class="error"' : ''}>${escapeHtml(s.span.name || '(senza nome)')}</span></span>` +
        `<span class="track"><span class="span-bar" title="${escapeHtml(tooltip)}" style="left:${left}%;width:${Math.min(width, 100 - left)}%;background:${failed ? '#dc2626' : colour}"></span></span>` +
        `<span class="dur">${escapeHtml(formatDuration(s.span.duration))}</span>` +
        `</summary>${detailsTable(s)}</details>`
      );
    })
    .join('\n');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => `<span>${escapeHtml(formatDuration(totalMs * f))}</span>`).join('');
  const legend = [...colours].map(([svc, colour]) => `<span class="chip" style="background:${colour}">${escapeHtml(svc)}</span>`).join('');
  const errors = trace.spans.filter((s) => s.span.status.code === 'ERROR').length;

  return page(
    `Smista · ${root?.span.name ?? trace.traceId}`,
    `<p><a href="/">← Tracce recenti</a> · <a href="/api/traces/${escapeHtml(trace.traceId)}">JSON</a></p>
<h1>${escapeHtml(root?.span.name || '(senza nome)')} <small>${escapeHtml(trace.traceId)}</small></h1>
<p class="meta"><span>Inizio: ${escapeHtml(formatTime(trace.startNs))}</span><span>Durata: ${escapeHtml(formatDuration(totalMs))}</span>` +
      `<span>Span: ${trace.spans.length}</span>${errors ? `<span class="error">Errori: ${errors}</span>` : ''}</p>
<p>Servizi: ${legend}</p>
<div class="scale"><span>Servizio e operazione (clic per gli attributi)</span><span class="ticks">${ticks}</span><span class="dur">Durata</span></div>
${rows}`,
  );
}

/** `GET /trace/:traceId` for a trace not (or no longer) kept. */
export function renderTraceNotFound(traceId: string): string {
  return page(
    'Smista · traccia non trovata',
    `<p><a href="/">← Tracce recenti</a></p><h1>Traccia non trovata</h1>
<p>La traccia <code>${escapeHtml(traceId)}</code> non è stata ricevuta o è stata scartata (si conservano solo le più recenti).</p>`,
  );
}
