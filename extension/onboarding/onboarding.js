// The first-run page: five lines on what is kept and what never is, where the settings are, and
// a live demo — two versions of the demo site's front page (tests/site) compared by the core in
// the background, the answer painted here as the content script paints pages.

import { ask } from '../shared/ask.js';
import { localizePage, plural, t } from '../shared/i18n.js';

localizePage();

const PATH = '/html[0]/body[0]/main[0]';
/**
 * The demo page as seen last time, and as it is now (the demo site's front page, shortened).
 * @type {[string, string][]}
 */
const BEFORE = [
  ['h2[0]', 'Ferry timetable changes for the winter'],
  ['p[0]', 'The morning ferry will leave at a quarter past seven from Monday onwards.'],
  ['h2[1]', 'Harbour market opens on Saturday'],
  ['p[1]', 'Fresh fish, bread and flowers from eight until noon on the quay.'],
  ['h2[2]', 'Lighthouse tours are fully booked'],
  ['p[2]', 'The last tours of the season sold out within a day.'],
  ['p[3]', 'Readers today: 1000'],
];
/** @type {[string, string][]} */
const AFTER = [
  ['h2[0]', 'Storm warning for the weekend'],
  ['p[0]', 'Boats should stay in the harbour from Friday evening until Sunday.'],
  ['h2[1]', 'Ferry timetable changes for the winter'],
  ['p[1]', 'The morning ferry will leave at half past seven from Monday onwards.'],
  ['h2[2]', 'Harbour market opens on Saturday'],
  ['p[2]', 'Fresh fish, bread and flowers from eight until noon on the quay.'],
  ['p[3]', 'Readers today: 1042'],
];


/** @param {[string, string][]} version */
const blocks = (version) => version.map(([p, text]) => ({ path: `${PATH}/${p}`, text }));

/** @param {[string, string][]} version */
function draw(version) {
  const page = /** @type {HTMLElement} */ (document.getElementById('demo-page'));
  page.textContent = '';
  const els = version.map(([p, text]) => {
    const e = document.createElement(p.startsWith('h2') ? 'h3' : 'p');
    e.textContent = text;
    page.append(e);
    return e;
  });
  return { page, els };
}

async function advance() {
  const button = /** @type {HTMLButtonElement} */ (document.getElementById('demo-advance'));
  button.disabled = true;
  const summary = /** @type {HTMLElement} */ (document.getElementById('demo-summary'));
  try {
    const r = await ask({ type: 'demo-visit', old: blocks(BEFORE), new: blocks(AFTER) });
    const { page, els } = draw(AFTER);
    let content = 0;
    for (const c of r.changes) {
      if (c.kind !== 'content') {
        if (c.new_index != null && els[c.new_index]) {
          els[c.new_index].dataset.kind = c.kind;
          els[c.new_index].title = t('onb_demo_auto');
        }
        continue;
      }
      content++;
      if (c.status === 'removed') {
        const gone = document.createElement('p');
        gone.dataset.status = 'removed';
        const tag = document.createElement('span');
        tag.className = 'tag';
        tag.textContent = t('status_removed');
        gone.append(tag, c.text || '');
        const before = c.at != null ? els[c.at] : null;
        page.insertBefore(gone, before || null);
        continue;
      }
      const e = els[c.new_index];
      if (!e) continue;
      e.dataset.status = c.status;
      const tag = document.createElement('span');
      tag.className = 'tag';
      tag.textContent = t(`status_${c.status}`);
      if (c.status === 'changed' && Array.isArray(c.spans)) {
        e.textContent = '';
        for (const s of c.spans) {
          if (s.kind === 'delete') continue;
          if (s.kind === 'insert') {
            const m = document.createElement('mark');
            m.textContent = s.text;
            e.append(m);
          } else e.append(s.text);
        }
      }
      e.prepend(tag);
    }
    summary.textContent = plural(content, 'onb_demo_summary');
    document.body.dataset.demo = 'painted';
  } catch (e) {
    summary.textContent = t('onb_demo_failed', e.message);
    button.disabled = false;
  }
}

draw(BEFORE);
document.getElementById('demo-advance')?.addEventListener('click', () => { advance(); });
document.body.dataset.ready = 'true';
