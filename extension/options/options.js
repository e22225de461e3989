// The settings page: excluded sites, retention, delete everything. The background applies each
// change at once (it is the only writer of settings and history).

import { ask } from '../shared/ask.js';
import { initColors } from './colors.js';
// Export and import: a section of its own (export-ui.js).
import './export-ui.js';
import { initWatchList } from './watch-list.js';
import { refreshRegions } from './regions.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

function status(text) {
  $('status').textContent = text;
}

let settings = null;

function renderSites() {
  const ul = $('sites');
  ul.textContent = '';
  for (const site of settings.excludedSites) {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.textContent = site;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = 'Remove';
    remove.setAttribute('aria-label', `Stop excluding ${site}`);
    remove.addEventListener('click', () => save({ excludedSites: settings.excludedSites.filter((s) => s !== site) }, `${site} is no longer excluded.`));
    li.append(name, ' ', remove);
    ul.append(li);
  }
}

/** The sensitive sites (never kept), each removable; the default list can be restored. */
function renderSensitive() {
  const ul = $('sensitive-sites');
  ul.textContent = '';
  for (const site of settings.sensitiveSites || []) {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.textContent = site;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = 'Remove';
    remove.setAttribute('aria-label', `Remove ${site} from the sensitive sites`);
    remove.addEventListener('click', () => save({ sensitiveSites: settings.sensitiveSites.filter((s) => s !== site) }, `${site} is no longer a sensitive site: its pages are kept from now on.`));
    li.append(name, ' ', remove);
    ul.append(li);
  }
}

$('add-sensitive').addEventListener('submit', (e) => {
  e.preventDefault();
  const site = $('sensitive').value.trim();
  if (!site) return;
  $('sensitive').value = '';
  save({ sensitiveSites: [...(settings.sensitiveSites || []), site] }, `${site} is a sensitive site: nothing of it is kept.`);
});

$('sensitive-defaults').addEventListener('click', () => {
  save({ sensitiveSites: [...(defaults.sensitiveSites || [])] }, 'The default list of sensitive sites is back.');
});

let defaults = {};

async function refreshStats() {
  const s = await ask({ type: 'stats' });
  const kb = s.usage != null ? `, about ${Math.round(s.usage / 1024)} KB in use` : '';
  const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  $('stats').textContent = `${n(s.counts.pages, 'page', 'pages')}, ${n(s.counts.visits, 'visit', 'visits')}, `
    + `${n(s.counts.blocks, 'distinct block', 'distinct blocks')}${kb}.`;
  $('stats').dataset.pages = String(s.counts.pages);
  $('stats').dataset.visits = String(s.counts.visits);
}

const LEARNED_FROM = {
  near_simultaneous: 'learned from two versions minutes apart',
  flip: 'learned from a block that flipped back',
  taught: 'taught by you',
};

/** Per site: the learned noise rules (each removable) and the size of the template model. */
async function refreshModels() {
  const { sites } = await ask({ type: 'site-models' });
  const root = $('models');
  root.textContent = '';
  if (!sites.length) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = 'Nothing learned yet.';
    root.append(p);
  }
  for (const m of sites) {
    const box = document.createElement('section');
    box.className = 'site-model';
    box.dataset.site = m.site;
    const h = document.createElement('h3');
    h.textContent = m.site;
    const tpl = document.createElement('p');
    tpl.className = 'muted template-pages';
    tpl.dataset.pages = String(m.templatePages);
    tpl.textContent = `Site template learned from ${m.templatePages} ${m.templatePages === 1 ? 'page' : 'pages'}.`;
    const ul = document.createElement('ul');
    ul.className = 'rules';
    for (const r of m.rules) {
      const li = document.createElement('li');
      li.dataset.ruleId = r.id;
      const label = document.createElement('code');
      label.className = 'label';
      label.textContent = r.label;
      const how = document.createElement('span');
      how.className = 'muted';
      how.textContent = ` — ${LEARNED_FROM[r.learnedFrom] || r.learnedFrom}, ${r.hits} ${r.hits === 1 ? 'hit' : 'hits'} `;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Remove';
      remove.setAttribute('aria-label', `Remove the rule ${r.label} of ${m.site}`);
      remove.addEventListener('click', async () => {
        // The list is drawn again before the status says so (what it says is then on screen).
        let said;
        try {
          await ask({ type: 'remove-rule', site: m.site, id: r.id });
          said = `Rule "${r.label}" removed: such changes on ${m.site} are shown again.`;
        } catch (e) {
          said = `Not removed: ${e.message}`;
        }
        await refreshModels();
        status(said);
      });
      li.append(label, how, remove);
      ul.append(li);
    }
    if (!m.rules.length) {
      const li = document.createElement('li');
      li.className = 'muted';
      li.textContent = 'No learned noise rules.';
      ul.append(li);
    }
    box.append(h, tpl, ul);
    root.append(box);
  }
}

async function save(patch, message) {
  try {
    const r = await ask({ type: 'settings-set', settings: patch });
    settings = r.settings;
    renderSites();
    renderSensitive();
    $('retention').value = String(settings.retentionDays);
    const gone = r.deleted.visits ? ` ${r.deleted.visits} visits deleted.` : '';
    status(`${message}${gone}`);
    await refreshStats();
    await refreshModels();
  } catch (e) {
    status(`Not saved: ${e.message}`);
  }
}

$('add-site').addEventListener('submit', (e) => {
  e.preventDefault();
  const site = $('site').value.trim();
  if (!site) return;
  $('site').value = '';
  save({ excludedSites: [...settings.excludedSites, site] }, `${site} is excluded.`);
});

$('retention-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const days = Number($('retention').value);
  save({ retentionDays: days }, `History is kept for ${days} days.`);
});

$('delete-all').addEventListener('click', async () => {
  if (!globalThis.confirm('Delete every page and visit Since Last Visit has kept?')) return;
  try {
    await ask({ type: 'delete-all' });
    status('Everything was deleted.');
    await refreshStats();
    await refreshModels();
  } catch (e) {
    status(`Not deleted: ${e.message}`);
  }
});

document.addEventListener('sincelast:imported', () => {
  refreshStats().catch(() => {});
  refreshModels().catch(() => {});
});

(async () => {
  const r = await ask({ type: 'settings-get' });
  settings = r.settings;
  defaults = r.defaults || {};
  renderSites();
  renderSensitive();
  $('retention').value = String(settings.retentionDays);
  await refreshStats();
  await refreshModels().catch((e) => status(`Could not read what was learned: ${e.message}`));
  await refreshRegions($('regions'), status).catch((e) => status(`Could not read the regions: ${e.message}`));
  document.body.dataset.ready = 'true';
})().catch((e) => status(`Could not load the settings: ${e.message}`));

// Highlight colours (colors.js): stored apart from the settings the background keeps.
initColors().then(() => {
  document.body.dataset.colorsReady = 'true';
}, (e) => status(`Could not load the highlight colours: ${e.message}`));
// watch: the watch list section.
initWatchList();
