// Word marks: the inserted words of a changed block as spans of the block's text nodes (text
// node, start, end), found through the same normalization the extraction applies. The page's DOM
// is never changed: the overlay (paint.js) draws boxes at their client rects, measured through
// one Range at drawing time. Not live Ranges kept for the painting's life: every DOM mutation of
// the page would then pay for updating each of them (thousands on a big page).

/** @typedef {{ node: Text, start: number, end: number }} Span */

/** @typedef {{ text: string, nodes: Text[], nodeOf: Int32Array, offOf: Int32Array }} TextIndex */

/**
 * The normalized text of an element with, per character, the text node and offset it came from.
 * @param {Element} el
 * @returns {TextIndex}
 */
function indexText(el) {
  /** @type {Text[]} */
  const nodes = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let total = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const tag = n.parentNode && n.parentNode.nodeName;
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT') continue;
    const text = /** @type {Text} */ (n);
    nodes.push(text);
    total += text.data.length;
  }
  // Per normalized character: its text node and offset there (typed arrays, filled in runs).
  const nodeOf = new Int32Array(total + 1);
  const offOf = new Int32Array(total + 1);
  const parts = [];
  let len = 0;
  let pending = false;
  for (let k = 0; k < nodes.length; k++) {
    const data = nodes[k].data;
    let run = -1; // start of the current run of kept characters
    for (let i = 0; i <= data.length; i++) {
      const c = i < data.length ? data.charCodeAt(i) : 32;
      const drop = c === 0x200b || c === 0xfeff || c === 0xad;
      const space = !drop && isSpace(c);
      if (drop || space) {
        if (run >= 0) {
          parts.push(data.slice(run, i));
          for (let j = run; j < i; j++, len++) {
            nodeOf[len] = k;
            offOf[len] = j;
          }
          run = -1;
        }
        if (space && i < data.length) pending = true;
        continue;
      }
      if (run < 0) {
        if (pending && len) {
          parts.push(' ');
          nodeOf[len] = k;
          offOf[len] = i;
          len++;
        }
        pending = false;
        run = i;
      }
    }
  }
  return { text: parts.join(''), nodes, nodeOf, offOf };
}

/**
 * White space as the core's normalization sees it (Unicode White_Space).
 * @param {number} c a UTF-16 code unit
 */
function isSpace(c) {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x85 || c === 0x1680
    || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * The text node segments of normalized range [from, to) of an indexed element.
 * @param {TextIndex} index
 * @param {number} from
 * @param {number} to
 */
function wrapRange(index, from, to) {
  /** @type {Map<number, { start: number, end: number }>} */
  const segments = new Map();
  for (let i = from; i < to; i++) {
    const k = index.nodeOf[i];
    const off = index.offOf[i];
    const seg = segments.get(k);
    if (seg) seg.end = off + 1;
    else segments.set(k, { start: off, end: off + 1 });
  }
  return segments;
}

/**
 * One span per segment of a text node.
 * @param {TextIndex} index
 * @param {Map<number, { start: number, end: number }[]>} segmentsByNode
 * @param {Span[]} out
 */
function spansOf(index, segmentsByNode, out) {
  for (const [k, segs] of segmentsByNode) {
    segs.sort((a, b) => a.start - b.start);
    const node = index.nodes[k];
    for (const { start, end } of segs) {
      if (end > node.data.length || start >= end) continue;
      out.push({ node, start, end });
    }
  }
}

/**
 * The inserted words of a changed block as spans (one per text node segment), added to `out`;
 * false when its text cannot be found in the DOM.
 * @param {Element} el
 * @param {import('../shared/messages.js').Change} change
 * @param {Span[]} out
 */
export function wordSpans(el, change, out) {
  if (!Array.isArray(change.spans)) return false;
  const index = indexText(el);
  let newText = '';
  /** @type {[number, number][]} */
  const inserts = [];
  for (const s of change.spans) {
    if (s.kind === 'delete') continue;
    if (s.kind === 'insert') inserts.push([newText.length, newText.length + s.text.length]);
    newText += s.text;
  }
  if (!inserts.length) return true;
  const base = index.text.indexOf(newText);
  /** @type {[number, number][]} */
  const ranges = [];
  let cursor = 0;
  for (let [a, b] of inserts) {
    while (a < b && newText[a] === ' ') a++;
    while (b > a && newText[b - 1] === ' ') b--;
    if (a >= b) continue;
    if (base >= 0) {
      ranges.push([base + a, base + b]);
    } else {
      const at = index.text.indexOf(newText.slice(a, b), cursor);
      if (at < 0) continue;
      ranges.push([at, at + (b - a)]);
      cursor = at + (b - a);
    }
  }
  /** @type {Map<number, { start: number, end: number }[]>} */
  const byNode = new Map();
  for (const [a, b] of ranges) {
    for (const [k, seg] of wrapRange(index, a, b)) {
      const list = byNode.get(k);
      if (list) list.push(seg);
      else byNode.set(k, [seg]);
    }
  }
  spansOf(index, byNode, out);
  return ranges.length > 0;
}
