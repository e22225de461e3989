// The settings page's list of regions: parts of pages the person ignores, or watches alone
// (picked on the page from the popup). Each removable.

import { ask } from '../shared/ask.js';
import { t } from '../shared/i18n.js';

/**
 * Draws the regions into `root`; `status` says what happened.
 * @param {HTMLElement} root
 * @param {(text: string) => void} status
 */
export async function refreshRegions(root, status) {
  const { regions } = await ask({ type: 'regions-list' });
  root.textContent = '';
  if (!regions.length) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = t('regions_none');
    root.append(p);
    return;
  }
  const ul = document.createElement('ul');
  ul.className = 'regions';
  for (const r of regions) {
    const li = document.createElement('li');
    li.dataset.regionId = r.id;
    li.dataset.mode = r.mode;
    const what = document.createElement('strong');
    what.textContent = r.mode === 'ignore' ? t('regions_ignored') : t('regions_watched_alone');
    const where = document.createElement('span');
    where.textContent = ` ${r.url ? t('regions_on_page', r.url) : t('regions_on_site', r.site)}: `;
    const label = document.createElement('code');
    label.textContent = r.label || r.path;
    label.title = r.path;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = t('opt_remove');
    remove.setAttribute('aria-label', t('regions_remove', r.label || r.path));
    remove.addEventListener('click', async () => {
      let said;
      try {
        await ask({ type: 'region-remove', id: r.id });
        said = t('regions_removed');
      } catch (e) {
        said = t('opt_not_removed', e.message);
      }
      await refreshRegions(root, status);
      status(said);
    });
    li.append(what, where, label, ' ', remove);
    ul.append(li);
  }
  root.append(ul);
}
