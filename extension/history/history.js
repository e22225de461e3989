// The history of one page (history.html?url=<encodeURIComponent(url)>): its stored visits on a
// timeline, the diff between any two of them, its change curve with knot and class, its
// characteristic and ephemeral terms, the survival of its parts and the site's template
// picture. Everything is computed by the wasm core (history::analyze, templatePicture, the
// visit's diff) from what IndexedDB holds; nothing is written. Every text is set with
// textContent; the SVG is built with DOM methods.

import { core } from './core-page.js';
import { pageVisits, versionBlocks, allBlockTexts, siteLastVisits, siteState } from './store.js';
import { visitPacked } from '../background/pack.js';
import { isAuto, reasonDetail, reasonLabel, relativeTime, statusCount } from '../shared/labels.js';
import { formatDate, localizePage, plural, t as tr } from '../shared/i18n.js';
import { ask } from '../shared/ask.js';
import { el } from '../shared/el.js';
import { curveWords } from '../shared/core-words.js';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} tag @param {Record<string, string | number>} [attrs] */
function svg(tag, attrs = {}, text = null) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text != null) e.textContent = text;
  return e;
}

const when = (ms) => formatDate(ms);
const pct = (x) => (x == null ? '—' : `${(x * 100).toFixed(1)}%`);

const state = {
  url: '',
  site: '',
  /** @type {any[]} */ visits: [],
  /** @type {Map<number, any[]>} */ blocks: new Map(),
  /** @type {any} */ analysis: null,
  from: -1,
  to: -1,
};

function setStatus(text) {
  $('status').textContent = text;
}

// --- timeline -----------------------------------------------------------------------------

function renderTimeline() {
  const ol = $('timeline');
  ol.replaceChildren();
  state.visits.forEach((v, i) => {
    const m = v.summary ? v.summary.meaningful || 0 : null;
    const entry = state.analysis ? state.analysis.timeline[i] : null;
    const dice = entry && entry.dice_previous != null ? `Dice ${entry.dice_previous.toFixed(3)}` : i === 0 ? tr('hist_first_visit') : 'Dice …';
    const b = el('button', { type: 'button', 'data-index': String(i), 'aria-pressed': String(i === state.to) },
      el('span', { class: 't' }, `${when(v.time)}`),
      el('span', { class: 'm', 'data-meaningful': m == null ? '' : String(m) }, m == null ? tr('hist_first_visit') : plural(m, 'hist_meaningful')),
      el('span', { class: 'd' }, dice));
    b.addEventListener('click', () => select(i));
    ol.append(el('li', {}, b));
  });
}

/** The two version pickers of the diff (filled once the versions are read). */
function fillPickers() {
  for (const id of ['from', 'to']) {
    const s = /** @type {HTMLSelectElement} */ ($(id));
    s.replaceChildren(...state.visits.map((v, i) => el('option', { value: String(i) }, `#${i + 1} — ${when(v.time)}`)));
  }
}

/** Shows version `i` against the one before it (or `from` when given). */
function select(i, from = i - 1) {
  if (i < 0 || i >= state.visits.length) return Promise.resolve();
  state.to = i;
  state.from = Math.max(0, Math.min(from, state.visits.length - 1));
  for (const b of $('timeline').querySelectorAll('button')) {
    const on = Number(b.getAttribute('data-index')) === i;
    b.setAttribute('aria-pressed', String(on));
    if (on) b.scrollIntoView({ block: 'nearest' });
  }
  /** @type {HTMLSelectElement} */ ($('from')).value = String(state.from);
  /** @type {HTMLSelectElement} */ ($('to')).value = String(state.to);
  return renderDiff().catch(fail);
}

// --- diff -----------------------------------------------------------------------------------

let siteRecords = null;

async function renderDiff() {
  const out = $('diff');
  const summary = $('diff-summary').firstElementChild;
  const { from, to } = state;
  if (state.visits.length < 2 || from === to) {
    summary.textContent = state.visits.length < 2 ? tr('hist_only_one') : tr('hist_same_version');
    out.replaceChildren();
    return;
  }
  const wasm = await core();
  if (!siteRecords) siteRecords = await siteState(state.site);
  // A fresh copy of the site's learned state for every comparison: the preview teaches nothing.
  wasm.loadSite(state.site, siteRecords.pages, siteRecords.rules);
  const a = state.visits[from];
  const b = state.visits[to];
  const oldBlocks = state.blocks.get(a.id) || [];
  const newBlocks = state.blocks.get(b.id) || [];
  const outcome = visitPacked(wasm, state.url, state.site, { time: a.time, blocks: oldBlocks }, { time: b.time, blocks: newBlocks });
  wasm.dropSite(state.site);
  const showAuto = /** @type {HTMLInputElement} */ ($('show-auto')).checked;
  const changes = outcome.changes || [];
  // A version against the one before it: what that visit showed though a learned rule looked
  // at it, and why, as stored with the visit (the site's state has learned since).
  if (to === from + 1) overlayKept(changes, b.kept);
  const content = changes.filter((c) => !isAuto(c));
  const auto = changes.length - content.length;
  const counts = { new: 0, changed: 0, moved: 0, removed: 0 };
  for (const c of content) counts[c.status]++;
  const parts = Object.entries(counts).filter(([, n]) => n).map(([k, n]) => statusCount(n, k));
  summary.textContent = `${tr('hist_compare', [from + 1, when(a.time), to + 1, when(b.time)])} ${parts.length ? parts.join(', ') : tr('hist_no_meaningful')}${auto ? `; ${plural(auto, showAuto ? 'hist_auto_shown' : 'hist_auto_hidden')}` : ''}.`;
  const byNew = new Map();
  const removedAt = new Map();
  for (const c of changes) {
    if (c.status === 'removed') {
      const at = c.at == null ? newBlocks.length : c.at;
      if (!removedAt.has(at)) removedAt.set(at, []);
      removedAt.get(at).push(c);
    } else if (c.new_index != null) byNew.set(c.new_index, c);
  }
  const nodes = [];
  const removed = (at) => {
    for (const c of removedAt.get(at) || []) {
      if (isAuto(c) && !showAuto) continue;
      nodes.push(blockNode(c.text || '', c, 'removed'));
    }
  };
  newBlocks.forEach((blk, i) => {
    removed(i);
    const c = byNew.get(i);
    if (!c) nodes.push(blockNode(blk.text, null, 'unchanged', blk.path));
    else if (isAuto(c) && !showAuto) nodes.push(blockNode(blk.text, null, 'unchanged', blk.path));
    else nodes.push(blockNode(blk.text, c, c.status, blk.path));
  });
  removed(newBlocks.length);
  out.replaceChildren(...nodes);
}

/**
 * Marks the changes a visit showed as kept (`visit.kept`, background/db.js keptOf): content,
 * with the rule they looked like and why they were kept.
 * @param {any[]} changes
 * @param {any} kept
 */
function overlayKept(changes, kept) {
  if (!Array.isArray(kept) || !kept.length) return;
  const at = new Map(kept.map((k) => [k.i, k]));
  for (const c of changes) {
    const k = c.status !== 'removed' && c.new_index != null ? at.get(c.new_index) : null;
    if (!k) continue;
    c.kind = 'content';
    c.reason = { source: 'learned', rule: k.rule, label: k.label, kept: k.kept };
  }
}

function tagFor(path) {
  const last = (path || '').split('/').pop() || '';
  const tag = last.split('[')[0];
  return /^(h[1-6]|blockquote|pre)$/.test(tag) ? tag : 'p';
}

function blockNode(text, change, status, path = '') {
  const node = el(tagFor(path), { class: 'b', 'data-status': status });
  if (change && change.spans && status === 'changed') {
    for (const s of change.spans) {
      if (s.kind === 'insert') node.append(el('ins', {}, s.text));
      else if (s.kind === 'delete') node.append(el('del', {}, s.text));
      else node.append(s.text);
    }
  } else node.append(text);
  if (change && isAuto(change)) {
    node.classList.add('auto');
    node.setAttribute('data-auto', 'true');
    node.append(el('span', { class: 'reason', title: reasonDetail(change) }, tr('hist_automated', reasonLabel(change))));
  } else if (change && change.reason && change.reason.kept) {
    // Shown though a learned rule looked at it: "looked like …, kept because …".
    node.append(el('span', { class: 'reason kept', title: reasonDetail(change) }, reasonLabel(change)));
  }
  node.title = status === 'unchanged' ? '' : status;
  return node;
}

// --- curve ------------------------------------------------------------------------------------

function renderCurve(curve) {
  $('curve-class').textContent = curve.needs_visits > 0 ? tr('hist_curve_not_enough', curveWords(curve)) : tr('hist_curve_is', curveWords(curve));
  $('curve-class').setAttribute('data-class', curve.class || 'none');
  const box = $('curve');
  box.replaceChildren();
  const tbody = $('curve-table').querySelector('tbody');
  tbody.replaceChildren(...curve.points.map((p) => el('tr', {}, el('td', {}, String(p.hours)), el('td', {}, p.dice.toFixed(3)), el('td', {}, String(p.pairs)))));
  if (curve.needs_visits > 0) return;
  const W = 640; const H = 300; const M = 44;
  const maxX = Math.max(1, curve.points[curve.points.length - 1].hours);
  const x = (h) => M + (h / maxX) * (W - 2 * M);
  const y = (d) => H - M - Math.max(0, Math.min(1, d)) * (H - 2 * M);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-labelledby': 'curve-title curve-desc', id: 'curve-svg' });
  root.append(svg('title', { id: 'curve-title' }, tr('hist_curve_title')));
  root.append(svg('desc', { id: 'curve-desc' }, curveWords(curve)));
  root.append(svg('path', { class: 'axis', d: `M${M} ${M}V${H - M}H${W - M}` }));
  for (const d of [0, 0.5, 1]) root.append(svg('text', { x: 4, y: y(d) + 4 }, d.toFixed(1)));
  root.append(svg('text', { x: W - M, y: H - M + 18, 'text-anchor': 'end' }, `${maxX} h`));
  root.append(svg('text', { x: M, y: H - M + 18 }, '0 h'));
  root.append(svg('text', { x: W / 2, y: H - 6, 'text-anchor': 'middle' }, tr('hist_curve_axis')));
  root.append(svg('polyline', { class: 'curve', points: curve.points.map((p) => `${x(p.hours).toFixed(1)},${y(p.dice).toFixed(1)}`).join(' ') }));
  for (const p of curve.points) root.append(svg('circle', { cx: x(p.hours).toFixed(1), cy: y(p.dice).toFixed(1), r: 2.5, class: 'curve' }));
  if (curve.exact) {
    for (const s of [curve.exact.first, curve.exact.second]) {
      root.append(svg('line', { class: 'fit', x1: x(s.from_hours), y1: y(s.intercept + s.slope * s.from_hours), x2: x(s.to_hours), y2: y(s.intercept + s.slope * s.to_hours) }));
    }
  }
  if (curve.knot_hours != null) {
    const kx = x(curve.knot_hours); const ky = y(curve.knot_dice);
    const g = svg('g', { id: 'knot', 'data-hours': curve.knot_hours, 'data-dice': curve.knot_dice });
    g.append(svg('circle', { class: 'knot', cx: kx, cy: ky, r: 7 }));
    g.append(svg('text', { x: kx + 10, y: ky - 10 }, tr('hist_knot', [Math.round(curve.knot_hours), curve.knot_dice.toFixed(2)])));
    root.append(g);
  }
  box.append(root);
  const f = (name, fit) => (fit ? tr('hist_fit', [name, fit.knot_hours, fit.knot_dice.toFixed(3)]) : '');
  $('curve-fits').textContent = `${f(tr('hist_fit_exact'), curve.exact)}; ${f(tr('hist_fit_heuristic'), curve.heuristic)}. ${tr('hist_references', curve.references.map((r) => `#${r + 1}`).join(', '))}`;
}

function renderTerms(terms) {
  const item = (t) => el('li', { title: plural(t.versions, 'hist_term_title', [t.staying_power.toFixed(2), t.divergence.toFixed(4)]) },
    t.term, el('span', { class: 'muted' }, ` ${tr('hist_term_on', [t.versions, terms.versions])}`));
  $('terms-stable').replaceChildren(...terms.characteristic.map(item));
  $('terms-news').replaceChildren(...terms.ephemeral.map(item));
  if (!terms.characteristic.length) $('terms-stable').append(el('li', { class: 'muted' }, tr('hist_none_yet')));
  if (!terms.ephemeral.length) $('terms-news').append(el('li', { class: 'muted' }, tr('hist_none_yet')));
}

function renderLifespans(l) {
  $('survival').querySelector('tbody').replaceChildren(...l.survival.map((r) => el('tr', {},
    el('th', { scope: 'row' }, r.after),
    el('td', {}, r.elements == null ? tr('hist_not_observed') : tr('hist_share_of', [pct(r.elements), r.elements_observed])),
    el('td', {}, r.content == null ? tr('hist_not_observed') : tr('hist_share_of', [pct(r.content), r.content_observed])))));
}

// --- the site's template picture -----------------------------------------------------------------

async function renderTemplate(wasm) {
  const last = await siteLastVisits(state.site);
  const blocks = await versionBlocks(last.map((x) => x.visit));
  const input = last.map((x) => ({ url: x.url, blocks: blocks.get(x.visit.id) || [] }));
  const pic = JSON.parse(wasm.templatePicture(JSON.stringify(input)));
  $('template-share').textContent = plural(pic.pages, 'hist_template_share', [state.site, pct(pic.template_share), pic.lower]);
  const W = 640; const rowH = Math.max(3, Math.min(12, Math.floor(360 / Math.max(1, pic.bars.length))));
  const maxLen = Math.max(1, ...pic.bars.map((b) => b.length));
  const root = svg('svg', { viewBox: `0 0 ${W} ${pic.bars.length * (rowH + 2) + 2}`, width: W, height: pic.bars.length * (rowH + 2) + 2, role: 'img', 'aria-label': tr('hist_template_label', pct(pic.template_share)) });
  pic.bars.forEach((b, i) => {
    const g = svg('g', { 'data-url': b.url });
    g.append(svg('title', {}, tr('hist_template_bar', [b.url, b.length, pct(b.template_share)])));
    const y0 = 1 + i * (rowH + 2);
    g.append(svg('rect', { class: 'bar-bg', x: 0, y: y0, width: (b.length / maxLen) * W, height: rowH }));
    for (const s of b.spans) g.append(svg('rect', { class: `band${s.band}`, x: (s.start / maxLen) * W, y: y0, width: Math.max(1, (s.len / maxLen) * W), height: rowH }));
    root.append(g);
  });
  const table = el('table', {}, el('caption', {}, tr('hist_template_caption')),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, tr('dash_col_page')), el('th', { scope: 'col' }, tr('hist_col_characters')), el('th', { scope: 'col' }, tr('hist_col_template')))),
    el('tbody', {}, ...pic.bars.map((b) => el('tr', {}, el('td', {}, b.url), el('td', {}, String(b.length)), el('td', {}, pct(b.template_share))))));
  $('template').replaceChildren(root, el('details', {}, el('summary', {}, tr('hist_as_table')), table));
  const bands = [tr('hist_band0'), tr('hist_band1'), tr('hist_band2'), tr('hist_band3')];
  $('template-legend').replaceChildren(...bands.map((t, i) => el('span', {}, el('span', { class: `swatch band${i}`, 'aria-hidden': 'true' }), t)));
}

// --- start -----------------------------------------------------------------------------------------

function fail(e) {
  setStatus(tr('hist_failed', e && e.message ? e.message : String(e)));
  console.error(e);
}

async function start() {
  const params = new URLSearchParams(location.search);
  state.url = params.get('url') || '';
  $('url').textContent = state.url;
  if (!state.url) {
    setStatus(tr('hist_no_page'));
    return;
  }
  const { page, visits } = await pageVisits(state.url);
  if (!page || !visits.length) {
    setStatus(tr('hist_nothing'));
    return;
  }
  state.site = page.site;
  state.visits = visits;
  document.title = tr('hist_doc_title', page.title || state.url);
  $('title').textContent = page.title || state.url;
  state.to = visits.length - 1;
  state.from = Math.max(0, visits.length - 2);
  renderTimeline();
  $('timeline-section').hidden = false;
  performance.mark('sincelast-timeline');
  setStatus(`${plural(visits.length, 'hist_visits_stored', [relativeTime(visits[visits.length - 1].time)])} ${tr('hist_computing')}`);
  // First paint: the timeline. The rest follows.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const [wasm, blocks, collection] = await Promise.all([core(), versionBlocks(visits), allBlockTexts()]);
  state.blocks = blocks;
  performance.mark('sincelast-read');
  const input = {
    versions: visits.map((v) => ({ time: Math.floor(v.time / 1000), blocks: blocks.get(v.id) || [] })),
    collection,
  };
  state.analysis = JSON.parse(wasm.historyAnalyze(JSON.stringify(input)));
  performance.mark('sincelast-analyzed');
  renderTimeline();
  fillPickers();
  $('diff-section').hidden = false;
  await select(state.to, state.from);
  renderCurve(state.analysis.curve);
  $('curve-section').hidden = false;
  renderTerms(state.analysis.terms);
  $('terms-section').hidden = false;
  renderLifespans(state.analysis.lifespans);
  $('life-section').hidden = false;
  performance.mark('sincelast-drawn');
  await renderTemplate(wasm);
  $('template-section').hidden = false;
  setStatus(plural(visits.length, 'hist_visits_stored', [relativeTime(visits[visits.length - 1].time)]));
  $('main').setAttribute('aria-busy', 'false');
  document.body.setAttribute('data-ready', 'true');
  performance.mark('sincelast-ready');
}

$('from').addEventListener('change', () => select(state.to, Number(/** @type {HTMLSelectElement} */ ($('from')).value)));
$('to').addEventListener('change', () => {
  const to = Number(/** @type {HTMLSelectElement} */ ($('to')).value);
  select(to, Math.min(state.from, to - 1));
});
$('show-auto').addEventListener('change', () => renderDiff().catch(fail));
document.addEventListener('keydown', (e) => {
  const t = /** @type {HTMLElement} */ (e.target);
  if (t && (t.tagName === 'SELECT' || t.tagName === 'INPUT') || e.altKey || e.ctrlKey || e.metaKey) return;
  let step = 0;
  if (e.key === 'ArrowLeft' || e.key === 'k') step = -1;
  else if (e.key === 'ArrowRight' || e.key === 'j') step = 1;
  if (!step || !state.analysis) return;
  const next = state.to + step;
  if (next < 0 || next >= state.visits.length) return;
  e.preventDefault();
  select(next);
  const b = /** @type {HTMLElement | null} */ ($('timeline').querySelector(`button[data-index="${next}"]`));
  if (b) b.focus();
});
$('heatmap').addEventListener('click', () => {
  const heat = state.analysis ? state.analysis.lifespans.heat : [];
  $('heatmap-status').textContent = tr('hist_asking');
  ask({ type: 'show-lifespans', url: state.url, heat: heat.map((h) => ({ index: h.index, level: h.level, label: h.label, age_hours: h.age_hours })) })
    .then((r) => { $('heatmap-status').textContent = r && r.shown ? tr('hist_heatmap_shown', r.shown) : tr('hist_heatmap_open'); })
    .catch((e) => { $('heatmap-status').textContent = tr('hist_heatmap_failed', e.message); });
});

localizePage();
start().catch(fail);
