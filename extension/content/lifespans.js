// The lifespan heat map laid over the page on demand (from the page's history): every block of
// the last stored version gets a box over it, darker the younger its text is, with its label in
// words and a stripe pattern per level (never colour alone). Drawn inside a closed shadow root
// (page scripts cannot read it) on our own UI element, which the extraction skips and the
// extension's clean-up removes.

import { state } from './state.js';
import { UI_TAG } from './dom.js';
import { plural, t } from '../shared/i18n.js';

/** Darkness (alpha) and stripe spacing (px, 0 = none) per level: 3 = youngest. */
const LOOK = [
  { alpha: 0.05, stripes: 0 },
  { alpha: 0.2, stripes: 18 },
  { alpha: 0.38, stripes: 10 },
  { alpha: 0.58, stripes: 5 },
];

let current = /** @type {HTMLElement | null} */ (null);

/** Removes the heat map. */
export function hideLifespans() {
  if (current) current.remove();
  current = null;
}

/**
 * Draws the heat map: `heat` is `[{ index, level (0–3), label }]` for the blocks of the page as
 * read. Returns how many blocks were drawn.
 * @param {{ index: number, level: number, label: string }[]} heat
 */
export function showLifespans(heat) {
  hideLifespans();
  const host = document.createElement(UI_TAG);
  host.setAttribute('data-sincelast-lifespans', '');
  host.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;z-index:2147483646;pointer-events:none;all:initial;';
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = `
:host { all: initial; }
.box { position: absolute; box-sizing: border-box; border: 1px solid rgba(0,0,0,.5); pointer-events: none; }
.label { position: absolute; top: 0; right: 0; font: 11px/1.3 system-ui, sans-serif; background: #111; color: #fff; padding: 0 4px; }
.close { position: fixed; top: 8px; right: 8px; pointer-events: auto; font: 13px system-ui, sans-serif; background: #111; color: #fff; border: 1px solid #fff; border-radius: 4px; padding: 4px 8px; }
.legend { position: fixed; top: 44px; right: 8px; font: 12px system-ui, sans-serif; background: #111; color: #fff; padding: 4px 8px; border-radius: 4px; }`;
  root.append(style);
  const layer = document.createElement('div');
  let drawn = 0;
  const sx = window.scrollX;
  const sy = window.scrollY;
  for (const h of heat) {
    const el = state.elements[h.index];
    if (!el || !el.isConnected) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const look = LOOK[Math.max(0, Math.min(3, h.level | 0))];
    const box = document.createElement('div');
    box.className = 'box';
    box.setAttribute('data-level', String(h.level));
    const fill = `rgba(0,0,0,${look.alpha})`;
    box.style.cssText = `left:${r.left + sx}px;top:${r.top + sy}px;width:${r.width}px;height:${r.height}px;background:${look.stripes
      ? `repeating-linear-gradient(45deg, ${fill} 0 ${look.stripes / 2}px, rgba(0,0,0,${look.alpha / 2}) ${look.stripes / 2}px ${look.stripes}px)`
      : fill};`;
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = String(h.label || '');
    box.append(label);
    layer.append(box);
    drawn++;
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.textContent = t('lifespans_hide');
  close.addEventListener('click', hideLifespans);
  const legend = document.createElement('div');
  legend.className = 'legend';
  legend.setAttribute('role', 'note');
  legend.textContent = plural(drawn, 'lifespans_legend');
  root.append(layer, close, legend);
  document.documentElement.appendChild(host);
  current = host;
  return drawn;
}
