// The settings page: excluded sites, retention, delete everything. The background applies each
// change at once (it is the only writer of settings and history).

import { ask } from '../shared/ask.js';
import { localizePage, plural, t } from '../shared/i18n.js';

localizePage();
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
    remove.textContent = t('opt_remove');
    remove.setAttribute('aria-label', t('opt_stop_excluding', site));
    remove.addEventListener('click', () => save({ excludedSites: settings.excludedSites.filter((s) => s !== site) }, t('opt_no_longer_excluded', site)));
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
    remove.textContent = t('opt_remove');
    remove.setAttribute('aria-label', t('opt_remove_sensitive', site));
    remove.addEventListener('click', () => save({ sensitiveSites: settings.sensitiveSites.filter((s) => s !== site) }, t('opt_no_longer_sensitive', site)));
    li.append(name, ' ', remove);
    ul.append(li);
  }
}

$('add-sensitive').addEventListener('submit', (e) => {
  e.preventDefault();
  const site = $('sensitive').value.trim();
  if (!site) return;
  $('sensitive').value = '';
  save({ sensitiveSites: [...(settings.sensitiveSites || []), site] }, t('opt_is_sensitive', site));
});

$('sensitive-defaults').addEventListener('click', () => {
  save({ sensitiveSites: [...(defaults.sensitiveSites || [])] }, t('opt_defaults_back'));
});

let defaults = {};

async function refreshStats() {
  const s = await ask({ type: 'stats' });
  const kb = s.usage != null ? t('opt_kb_in_use', Math.round(s.usage / 1024)) : '';
  $('stats').textContent = `${plural(s.counts.pages, 'opt_pages')}, ${plural(s.counts.visits, 'opt_visits')}, `
    + `${plural(s.counts.blocks, 'opt_blocks')}${kb}.`;
  $('stats').dataset.pages = String(s.counts.pages);
  $('stats').dataset.visits = String(s.counts.visits);
}

const LEARNED_FROM = {
  near_simultaneous: () => t('opt_learned_near'),
  flip: () => t('opt_learned_flip'),
  taught: () => t('opt_learned_taught'),
};

/** Per site: the learned noise rules (each removable) and the size of the template model. */
async function refreshModels() {
  const { sites } = await ask({ type: 'site-models' });
  const root = $('models');
  root.textContent = '';
  if (!sites.length) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = t('opt_nothing_learned');
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
    tpl.textContent = plural(m.templatePages, 'opt_template_pages');
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
      how.textContent = ` — ${LEARNED_FROM[r.learnedFrom] ? LEARNED_FROM[r.learnedFrom]() : r.learnedFrom}, ${plural(r.hits, 'opt_hits')} `;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = t('opt_remove');
      remove.setAttribute('aria-label', t('opt_remove_rule', [r.label, m.site]));
      remove.addEventListener('click', async () => {
        // The list is drawn again before the status says so (what it says is then on screen).
        let said;
        try {
          await ask({ type: 'remove-rule', site: m.site, id: r.id });
          said = t('opt_rule_removed', [r.label, m.site]);
        } catch (e) {
          said = t('opt_not_removed', e.message);
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
      li.textContent = t('opt_no_rules');
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
    const gone = r.deleted.visits ? ` ${t('opt_visits_deleted', r.deleted.visits)}` : '';
    status(`${message}${gone}`);
    await refreshStats();
    await refreshModels();
  } catch (e) {
    status(t('opt_not_saved', e.message));
  }
}

$('add-site').addEventListener('submit', (e) => {
  e.preventDefault();
  const site = $('site').value.trim();
  if (!site) return;
  $('site').value = '';
  save({ excludedSites: [...settings.excludedSites, site] }, t('site_excluded', site));
});

$('retention-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const days = Number($('retention').value);
  save({ retentionDays: days }, t('opt_history_kept', days));
});

$('delete-all').addEventListener('click', async () => {
  if (!globalThis.confirm(t('opt_delete_all_confirm'))) return;
  try {
    await ask({ type: 'delete-all' });
    status(t('opt_all_deleted'));
    await refreshStats();
    await refreshModels();
  } catch (e) {
    status(t('opt_not_deleted', e.message));
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
  await refreshModels().catch((e) => status(t('opt_cannot_read_learned', e.message)));
  await refreshRegions($('regions'), status).catch((e) => status(t('opt_cannot_read_regions', e.message)));
  document.body.dataset.ready = 'true';
})().catch((e) => status(t('opt_cannot_load', e.message)));

// Highlight colours (colors.js): stored apart from the settings the background keeps.
initColors().then(() => {
  document.body.dataset.colorsReady = 'true';
}, (e) => status(t('opt_cannot_load_colors', e.message)));
// watch: the watch list section.
initWatchList();
