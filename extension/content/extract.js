/*
 * Block extraction over the live DOM: the JavaScript twin of the native extractor.
 *
 * The spec is the module documentation of core/engine/src/extract.rs; this file implements the
 * same rules and tests/browser/extract-agreement.test.mjs checks, in real Chromium, that both
 * give identical blocks for the same static page. Change one, change the other.
 *
 * An ES module with two exports, `sincelastExtract` and its sliced form `sincelastExtractSteps`
 * (below); every helper lives inside them (bundled into
 * the content script by the build, and into a page by the agreement test).
 *
 * sincelastExtract(doc, options) -> { title, blocks, truncated, elements }
 *   doc      a Document (normally `document`)
 *   options  { url?: string, limits?: { max_blocks?, max_block_chars?, max_depth? },
 *              onElement?: (el, skipped) => void }
 *            (limits in snake_case like the native `Limits`; max_input_bytes does not apply to a
 *            DOM that is already parsed). Links resolve against doc.baseURI, which already
 *            accounts for <base href>; `url` is used only when the document has no baseURI.
 *            onElement is called for every element the walk enters, `skipped` when the walk
 *            passes over its subtree; the elements inside a block read in one go (below) are
 *            plain inline ones that cannot host a shadow root, and are not entered.
 *   blocks   [{ text, path, type_path, links }] exactly as the native Page.blocks
 *   elements array parallel to blocks: the block element of each block. A block element that
 *            mixes its own inline text with nested block elements is one block whose text is its
 *            own runs only; its entry is that element, so a painter should paint its direct
 *            inline content (text nodes and inline children), not the nested blocks, which have
 *            entries of their own.
 *
 * Only the DOM is read: text comes from Text nodes' data (never innerText, which forces layout),
 * attributes from getAttribute. The walk is iterative; deep trees cannot overflow the stack.
 * A block element whose descendants are all plain inline elements (INLINE below: no link, no
 * break, nothing skipped or able to host a shadow root, less than 16 levels deep) is read in one
 * go from its textContent, which is what the walk would join from its text nodes: a content
 * script makes a JavaScript wrapper for every node it touches, and on a page of 10^6 nodes the
 * garbage collections of those wrappers were the long tasks (tests/stress/README.md).
 */

/**
 * @typedef {object} Page
 * @property {string | null} title
 * @property {{ text: string, path: string, type_path: string, links: string[] }[]} blocks
 * @property {boolean} truncated
 * @property {Element[]} elements parallel to blocks
 */

/**
 * @typedef {{ url?: string, limits?: { max_blocks?: number, max_block_chars?: number, max_depth?: number }, onElement?: (el: Element, skipped: boolean) => void }} ExtractOptions
 */

/**
 * @param {Document} doc
 * @param {ExtractOptions} [options]
 * @returns {Page}
 */
export function sincelastExtract(doc, options) {
  var steps = sincelastExtractSteps(doc, options);
  steps.step();
  return steps.result();
}

/**
 * The same extraction in steps, so that a large page is read in slices with the page's own
 * tasks between them (content/blocks.js): `step(until)` walks until `performance.now()` passes
 * `until` (looked at every 64 nodes; no `until`: to the end) and tells whether the walk is
 * done; `result()` (once done) gives what `sincelastExtract` gives. The DOM must not change
 * between the first step and the result (blocks.js reads again when it did).
 * @param {Document} doc
 * @param {ExtractOptions} [options]
 * @returns {{ step: (until?: number) => boolean, result: () => Page }}
 */
export function sincelastExtractSteps(doc, options) {
  'use strict';
  var opts = options || {};
  var lim = opts.limits || {};
  var maxBlocks = typeof lim.max_blocks === 'number' ? lim.max_blocks : 50000;
  var maxChars = Math.max(1, typeof lim.max_block_chars === 'number' ? lim.max_block_chars : 100000);
  var maxDepth = typeof lim.max_depth === 'number' ? lim.max_depth : 512;
  var onElement = typeof opts.onElement === 'function' ? opts.onElement : null;

  var XHTML = 'http://www.w3.org/1999/xhtml';
  var SKIPPED = makeSet(
    'head title noframes script style noscript template iframe object embed canvas audio video map ' +
      'input textarea select option optgroup datalist'
  );
  var BLOCK = makeSet(
    'address article aside blockquote body caption center dd details dialog dir div dl dt ' +
      'fieldset figcaption figure footer form frameset h1 h2 h3 h4 h5 h6 header hgroup hr ' +
      'legend li listing main menu nav ol p plaintext pre search section summary table tbody ' +
      'td tfoot th thead tr ul xmp'
  );
  // Rust's char::is_whitespace (Unicode White_Space), not JavaScript's \s (which adds U+FEFF
  // and lacks U+0085). U+200B, U+FEFF and U+00AD are dropped without breaking a word.
  var WS = '\\t-\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
  var WORD_RE = new RegExp('[^' + WS + ']+', 'g');
  var WS_RUNS = new RegExp('[' + WS + ']+', 'g');
  var HAS_WORD = new RegExp('[^' + WS + ']');
  // Anything normalization changes besides one space at either end.
  var NEEDS_WORK = new RegExp('[' + WS.replace(' ', '') + '\\u200B\\uFEFF\\u00AD]|  ');
  // Plain inline elements: no text of their own beyond their text nodes, no link, no break, not
  // skipped, and no shadow root possible (DOM: attachShadow). A block whose descendants are only
  // these (and attributes that never skip) is read in one go; INLINE_DEPTH levels at most, so
  // that the flat reading below maxDepth never applies inside.
  var INLINE_DEPTH = 16;
  var INLINE =
    'abbr b bdi bdo big cite code data del dfn em font i img ins kbd label mark q s samp small ' +
    'strike strong sub sup time tt u var wbr';
  var NOT_INLINE =
    ':not(' + INLINE.split(' ').join(',') + '),[hidden],[aria-hidden],[aria-modal],[role],[contenteditable],' +
    ':scope' + new Array(INLINE_DEPTH + 1).join('>*');
  var DROP_RE = /[\u200B\uFEFF\u00AD]/g;
  var DROP_TEST = /[\u200B\uFEFF\u00AD]/;
  var SURROGATE = /[\uD800-\uDBFF]/;

  function makeSet(words) {
    var set = Object.create(null);
    var list = words.split(' ');
    for (var i = 0; i < list.length; i++) set[list[i]] = true;
    return set;
  }

  function codePoints(s) {
    if (!SURROGATE.test(s)) return s.length;
    var n = 0;
    for (var i = 0; i < s.length; i++) {
      var u = s.charCodeAt(i);
      if (u < 0xdc00 || u > 0xdfff || i === 0) n++;
      else {
        var prev = s.charCodeAt(i - 1);
        if (prev < 0xd800 || prev > 0xdbff) n++;
      }
    }
    return n;
  }

  function normalize(s) {
    if (DROP_TEST.test(s)) s = s.replace(DROP_RE, '');
    var words = s.match(WORD_RE);
    return words ? words.join(' ') : '';
  }

  // Links (spec section 7): the browser's base URL, http(s) results only.
  var base = doc.baseURI || opts.url || null;
  var resolved = new Map();
  // Root-relative paths of plain characters (no dot segments, no escapes, no query) resolve to
  // the base's scheme, authority and the path as written: no need for the URL parser.
  var PLAIN_ROOT_PATH = /^\/[A-Za-z0-9_./-]*$/;
  var rootPrefix = null;
  try {
    var rootUrl = base ? new URL('/', base) : null;
    if (rootUrl && (rootUrl.protocol === 'http:' || rootUrl.protocol === 'https:')) {
      rootPrefix = rootUrl.href.slice(0, -1);
    }
  } catch (e) {
    rootPrefix = null;
  }
  function resolve(href) {
    if (
      rootPrefix !== null &&
      PLAIN_ROOT_PATH.test(href) &&
      href.charCodeAt(1) !== 47 &&
      href.indexOf('/.') === -1
    ) {
      return rootPrefix + href;
    }
    var hit = resolved.get(href);
    if (hit !== undefined) return hit;
    var out = null;
    try {
      var u = base ? new URL(href, base) : new URL(href);
      if (u.protocol === 'http:' || u.protocol === 'https:') out = u.href;
    } catch (e) {
      out = null;
    }
    resolved.set(href, out);
    return out;
  }

  // Title (spec section 8): first HTML <title> in tree order, its child text.
  var title = null;
  var titles = doc.getElementsByTagName('title');
  for (var t = 0; t < titles.length; t++) {
    var te = titles[t];
    if (te.namespaceURI !== XHTML) continue;
    var raw = '';
    for (var tc = /** @type {any} */ (te.firstChild); tc; tc = tc.nextSibling) {
      if (tc.nodeType === 3) raw += tc.data;
    }
    title = normalize(raw) || null;
    break;
  }

  // Spec section 3: the element is body, main, article or h1, or holds one of them.
  function holdsMainContent(el, tag) {
    if (tag === 'body' || tag === 'main' || tag === 'article' || tag === 'h1') return true;
    var found = el.querySelectorAll('main, article, h1, body');
    for (var i = 0; i < found.length; i++) {
      if (found[i].namespaceURI === XHTML) return true;
    }
    return false;
  }

  // Spec section 3: a collapsible panel is named in the aria-controls of an element with
  // aria-expanded (an accordion's button and the panel it opens). The ids are gathered once,
  // when the first hidden element with an id is met.
  var panels = null;
  function isPanel(el) {
    var id = el.getAttribute('id');
    if (!id) return false;
    if (panels === null) {
      panels = Object.create(null);
      var owner = el.ownerDocument || doc;
      var buttons = owner.querySelectorAll('[aria-expanded][aria-controls]');
      for (var i = 0; i < buttons.length; i++) {
        var ids = (buttons[i].getAttribute('aria-controls') || '').split(ASCII_SPACE);
        for (var k = 0; k < ids.length; k++) if (ids[k]) panels[ids[k]] = true;
      }
    }
    return panels[id] === true;
  }

  // Spec section 3: a slide a carousel does not show. Its parent has at most
  // SLIDE_MAX_SIBLINGS element children, among them another element of the same local name,
  // not aria-hidden, that shares one of its class names; none of its class names contains
  // "clone" or "duplicate" (the copies an endless carousel adds); its text is not that of such
  // a sibling that is shown or comes before it (a ticker's seamless copies of its line).
  var SLIDE_MAX_SIBLINGS = 32;
  var SLIDE_TEXT_NODES = 2000;
  // Nodes read to compare slides in this document; spent, no later element is a slide.
  var slideBudget = 100000;
  var LARGE = {};
  var SPENT = {};
  function isAriaHidden(e) {
    var aria = e.getAttribute('aria-hidden');
    return aria !== null && /^true$/i.test(aria);
  }
  function isSlide(el, tag) {
    var cls = el.getAttribute('class');
    if (cls === null) return false;
    if (copyNamed(cls)) return false;
    var names = cls.split(ASCII_SPACE).filter(function (n) { return n !== ''; });
    var parent = el.parentNode;
    if (parent === null) return false;
    var elements = 0;
    for (var c = parent.firstChild; c !== null; c = c.nextSibling) if (c.nodeType === 1) elements++;
    if (elements > SLIDE_MAX_SIBLINGS) return false;
    var group = [];
    var before = true;
    var anyShown = false;
    for (var s = parent.firstChild; s !== null; s = s.nextSibling) {
      if (s === el) { before = false; continue; }
      if (s.nodeType !== 1 || s.namespaceURI !== XHTML || s.localName !== tag) continue;
      var other = s.getAttribute('class');
      if (other === null) continue;
      var theirs = other.split(ASCII_SPACE);
      var shares = false;
      for (var k = 0; k < theirs.length && !shares; k++) {
        if (theirs[k] !== '' && names.indexOf(theirs[k]) >= 0) shares = true;
      }
      var shown = !isAriaHidden(s);
      // (A hidden copy is never read: its text is no other slide's.)
      if (!shares || (!shown && copyNamed(other))) continue;
      anyShown = anyShown || shown;
      group.push({ node: s, shown: shown, before: before });
    }
    if (!anyShown) return false;
    var own = slideText(el);
    if (own === LARGE) return true;
    if (own === SPENT) return false;
    for (var g = 0; g < group.length; g++) {
      if (!group[g].shown && !group[g].before) continue;
      var text = slideText(group[g].node);
      if (text === own || text === SPENT) return false;
    }
    return true;
  }
  function copyNamed(cls) {
    var names = cls.split(ASCII_SPACE);
    for (var i = 0; i < names.length; i++) {
      var lower = asciiLower(names[i]);
      if (lower.indexOf('clone') >= 0 || lower.indexOf('duplicate') >= 0) return true;
    }
    return false;
  }
  // Its text nodes in tree order, not inside a template, ASCII white space runs as one space,
  // trimmed; LARGE past SLIDE_TEXT_NODES nodes; SPENT once the document's slideBudget is.
  function slideText(root) {
    var text = '';
    var seen = 0;
    var stack = [];
    for (var c = root.lastChild; c !== null; c = c.previousSibling) stack.push(c);
    while (stack.length > 0) {
      var n = stack.pop();
      if (slideBudget === 0) return SPENT;
      slideBudget--;
      if (++seen > SLIDE_TEXT_NODES) return LARGE;
      if (n.nodeType === 3) text += n.data;
      else if (n.nodeType === 1 && n.localName === 'template' && n.namespaceURI === XHTML) continue;
      else for (var d = n.lastChild; d !== null; d = d.previousSibling) stack.push(d);
    }
    return text.split(ASCII_SPACE).filter(function (w) { return w !== ''; }).join(' ');
  }

  function isSkipped(el, tag) {
    if (el.namespaceURI !== XHTML) return true;
    if (SKIPPED[tag] === true) return true;
    // Without attributes only a closed dialog or a custom element named like a consent banner.
    if (!el.hasAttributes()) return tag === 'dialog' || (tag.indexOf('-') >= 0 && isConsentBanner(el, tag));
    var hidden = el.getAttribute('hidden');
    if (hidden !== null && !/^until-found$/i.test(hidden) && !isPanel(el)) return true;
    // aria-hidden skips, unless the element holds the page's main content (a consent dialog
    // hides the whole page behind it from assistive technology, yet a person sees it), is
    // a collapsible panel or a carousel's slide.
    var aria = el.getAttribute('aria-hidden');
    if (aria !== null && /^true$/i.test(aria) && !holdsMainContent(el, tag) && !isPanel(el) && !isSlide(el, tag)) return true;
    // Dialogs that are page chrome (consent, cookie, newsletter overlays).
    var modal = el.getAttribute('aria-modal');
    if (modal !== null && /^true$/i.test(modal)) return true;
    var role = el.getAttribute('role');
    if (role !== null && /^(alert)?dialog$/i.test(role)) return true;
    // An editing host: what a person types there is never read.
    var editable = el.getAttribute('contenteditable');
    if (editable !== null && /^(|true|plaintext-only)$/i.test(editable)) return true;
    if (tag === 'dialog' && !el.hasAttribute('open')) return true;
    return isConsentBanner(el, tag);
  }

  // Spec section 3: a consent banner that is not a dialog (CONSENT_WORDS, BANNER_WORDS,
  // CONSENT_TOOL_IDS, CONSENT_TOOL_CLASSES, CONSENT_BANNER_TAGS, CONSENT_BANNER_MAX_WORDS and _MAX_ELEMENTS in
  // core/engine/src/extract/mod.rs).
  var CONSENT_WORDS = /cookie|consent|gdpr/;
  var BANNER_WORDS = /banner|notice|notif|bar|popup|modal|overlay|layer|box|wall|prompt|alert|dialog|message|hinweis|bandeau|popin/;
  var CONSENT_TOOL_IDS = /^(onetrust-|cybotcookiebot|usercentrics-root|didomi-host|borlabscookie|cmpbox|cmpwrapper|qc-cmp2|sp_message_container|truste-consent|iubenda-cs-|tarteaucitron|axeptio_|cookiescript_injected|hs-eu-cookie-confirmation|sd-cmp)/;
  var CONSENT_TOOL_CLASSES = /^(fc-consent-root|osano-cm-window|cookiefirst-root)/;
  var CONSENT_BANNER_TAGS = { aside: true, dialog: true, div: true, footer: true, form: true, header: true, nav: true, section: true };
  var CONSENT_BANNER_MAX_WORDS = 250;
  var CONSENT_BANNER_MAX_ELEMENTS = 2000;
  var ASCII_SPACE = /[\t\n\f\r ]+/;

  function asciiLower(s) {
    return s.replace(/[A-Z]+/g, function (m) { return m.toLowerCase(); });
  }

  function namesConsentBanner(name) {
    var n = asciiLower(name);
    return CONSENT_WORDS.test(n) && BANNER_WORDS.test(n);
  }

  function isConsentBanner(el, tag) {
    if (CONSENT_BANNER_TAGS[tag] !== true && tag.indexOf('-') < 0) return false;
    var id = el.getAttribute('id');
    var tool = id !== null && CONSENT_TOOL_IDS.test(asciiLower(id));
    var cls = el.getAttribute('class');
    if (!tool && cls !== null) {
      var classes = cls.split(ASCII_SPACE);
      for (var k = 0; k < classes.length && !tool; k++) {
        if (CONSENT_TOOL_CLASSES.test(asciiLower(classes[k]))) tool = true;
      }
    }
    var named = tool || (tag.indexOf('-') >= 0 && namesConsentBanner(tag)) || (id !== null && namesConsentBanner(id));
    var label = el.getAttribute('aria-label');
    if (!named && label !== null && namesConsentBanner(label)) named = true;
    if (!named && cls !== null) {
      var names = cls.split(ASCII_SPACE);
      for (var i = 0; i < names.length && !named; i++) {
        if (names[i] !== '' && namesConsentBanner(names[i])) named = true;
      }
    }
    if (!named) return false;
    for (var a = el.parentElement; a !== null; a = a.parentElement) {
      if (a.namespaceURI === XHTML && (a.localName === 'main' || a.localName === 'article')) return false;
    }
    return bannerSized(el, tool ? Infinity : CONSENT_BANNER_MAX_WORDS);
  }

  // At most maxWords words in the text nodes inside `el` (a word may run across text nodes), at
  // most CONSENT_BANNER_MAX_ELEMENTS elements, none of them main, article, h1 or body; a
  // template's contents are not inside it. Stops at the first limit passed.
  function bannerSized(el, maxWords) {
    var words = 0;
    var elements = 0;
    var inWord = false;
    var stack = [];
    for (var c = el.lastChild; c !== null; c = c.previousSibling) stack.push(c);
    while (stack.length) {
      var n = stack.pop();
      if (n.nodeType === 3) {
        var t = n.data;
        for (var i = 0; i < t.length; i++) {
          var ch = t.charCodeAt(i);
          var space = ch === 9 || ch === 10 || ch === 12 || ch === 13 || ch === 32;
          if (!space && !inWord && ++words > maxWords) return false;
          inWord = !space;
        }
      } else if (n.nodeType === 1) {
        if (++elements > CONSENT_BANNER_MAX_ELEMENTS) return false;
        var html = n.namespaceURI === XHTML;
        var name = n.localName;
        if (html && (name === 'main' || name === 'article' || name === 'h1' || name === 'body')) return false;
        if (!(html && name === 'template')) {
          for (var d = n.lastChild; d !== null; d = d.previousSibling) stack.push(d);
        }
      }
    }
    return true;
  }

  // Frames of the elements from the document down to the current node; the objects are reused
  // (frames[0..top] are live) so a large page does not allocate one per element.
  var frames = []; // { tag, index, children, skip, block, link, path, typePath }
  var top = -1;
  var contexts = []; // { frame, element, text, chars, space, full, links, slot }
  var openLinks = [];
  var blocks = [];
  var elements = [];
  var truncated = false;
  var stopped = false;

  // Fills in the path and type path of frames[1..upTo] that do not have them yet (they are
  // shared by every block below, so each is built once).
  function framePaths(upTo) {
    var i = upTo;
    while (i > 0 && frames[i].path === null) i--;
    for (i += 1; i <= upTo; i++) {
      var f = frames[i];
      var parent = frames[i - 1];
      f.path = parent.path + '/' + f.tag + '[' + f.index + ']';
      f.typePath = parent.typePath + '/' + f.tag;
    }
    return frames[upTo];
  }

  // Appends `run` (non-empty, no white space at either end, single spaces inside) to the
  // block, after a space if one is pending: the incremental form of text::normalize, with the
  // block-length cap.
  function addRun(c, run) {
    if (c.slot < 0) {
      if (blocks.length >= maxBlocks) {
        truncated = true;
        stopped = true;
        return;
      }
      var f = framePaths(c.frame);
      c.slot = blocks.length;
      blocks.push({ text: '', path: f.path, type_path: f.typePath, links: [] });
      elements.push(c.element);
    }
    if (c.full) return;
    if (c.space && c.chars > 0) {
      if (c.chars >= maxChars) {
        c.full = true;
        truncated = true;
        return;
      }
      c.text += ' ';
      c.chars += 1;
    }
    c.space = false;
    var n = codePoints(run);
    if (c.chars + n <= maxChars) {
      c.text += run;
      c.chars += n;
      return;
    }
    var room = maxChars - c.chars;
    if (room > 0) c.text += Array.from(run).slice(0, room).join('');
    c.chars = maxChars;
    c.full = true;
    truncated = true;
  }

  function addText(data) {
    if (stopped || top < 0 || frames[top].skip || contexts.length === 0) return;
    var c = contexts[contexts.length - 1];
    if (c.full) return;
    var s = data;
    if (NEEDS_WORK.test(s)) {
      if (!HAS_WORD.test(s)) {
        if (s.length) c.space = true;
        return;
      }
      if (DROP_TEST.test(s)) s = s.replace(DROP_RE, '');
      s = s.replace(WS_RUNS, ' ');
    }
    var len = s.length;
    if (len === 0) return;
    var from = s.charCodeAt(0) === 32 ? 1 : 0;
    var to = s.charCodeAt(len - 1) === 32 ? len - 1 : len;
    if (from === 1) c.space = true;
    if (to <= from) return;
    addRun(c, from === 0 && to === len ? s : s.slice(from, to));
    if (to < len) c.space = true;
  }

  function pushFrame(tag, index, skip) {
    top += 1;
    var f = frames[top];
    if (f === undefined) {
      f = frames[top] = {
        tag: tag,
        index: index,
        children: null, // per tag: { tag: count }
        skip: skip,
        block: false,
        link: false,
        path: null,
        typePath: null
      };
    } else {
      f.tag = tag;
      f.index = index;
      f.children = null;
      f.skip = skip;
      f.block = false;
      f.link = false;
      f.path = null;
      f.typePath = null;
    }
    return f;
  }

  function enter(el) {
    var parent = frames[top];
    var tag = el.localName;
    // Index among the parent's element children with the same tag (spec section 6).
    var counts = parent.children || (parent.children = Object.create(null));
    var index = counts[tag] || 0;
    counts[tag] = index + 1;
    var skip = parent.skip || isSkipped(el, tag);
    if (onElement !== null) onElement(el, skip);
    var frame = pushFrame(tag, index, skip);
    if (!skip) {
      var ctx = contexts.length ? contexts[contexts.length - 1] : null;
      if (tag === 'br' && ctx) ctx.space = true;
      if (BLOCK[tag] === true) {
        if (ctx) ctx.space = true;
        contexts.push({
          frame: top,
          element: el,
          text: '',
          chars: 0,
          space: false,
          full: false,
          links: openLinks.length ? openLinks.slice() : [],
          slot: -1
        });
        frame.block = true;
      }
      if (tag === 'a') {
        var href = el.getAttribute('href');
        var url = href === null ? null : resolve(href);
        if (url !== null) {
          if (contexts.length) contexts[contexts.length - 1].links.push(url);
          openLinks.push(url);
          frame.link = true;
        }
      }
    }
  }

  function finish(c) {
    if (c.slot < 0) return;
    var text = c.text;
    if (text.charCodeAt(text.length - 1) === 32) text = text.slice(0, -1);
    var links = c.links;
    if (links.length > 1) {
      var seen = new Set();
      links = [];
      for (var i = 0; i < c.links.length; i++) {
        if (!seen.has(c.links[i])) {
          seen.add(c.links[i]);
          links.push(c.links[i]);
        }
      }
    }
    var b = blocks[c.slot];
    b.text = text;
    b.links = links;
  }

  function leave() {
    var frame = frames[top];
    top -= 1;
    if (frame.link) openLinks.pop();
    if (frame.block) {
      finish(contexts.pop());
      if (contexts.length) contexts[contexts.length - 1].space = true;
    }
  }

  // The walk (spec sections 2-6), iterative, following sibling and parent links. `depth` is the
  // node's depth (<html> = 1). Elements deeper than maxDepth are read flat: their own text at
  // once, then their element children as further children of the depth-maxDepth element (their
  // text nodes, already read, are passed over).
  pushFrame('', 0, false);
  frames[0].path = '';
  frames[0].typePath = '';
  /** @type {any} the node the walk is at (text or element) */
  var node = doc.firstChild;
  var depth = 1;
  var ch;
  function step(until) {
    var count = 0;
    while (node !== null && !stopped) {
      if (until !== undefined && (++count & 63) === 0 && performance.now() > until) return false;
      walkOne();
    }
    return true;
  }
  function walkOne() {
    var type = node.nodeType;
    var descend = false;
    if (type === 3) {
      if (depth <= maxDepth + 1) addText(node.data);
    } else if (type === 1) {
      enter(node);
      if (depth > maxDepth) {
        for (ch = node.firstChild; ch !== null; ch = ch.nextSibling) {
          if (ch.nodeType === 3) addText(ch.data);
        }
        leave();
        descend = node.firstElementChild !== null;
      } else if (frames[top].skip) {
        leave();
      } else if (node.firstElementChild === null) {
        // Only text inside: its textContent is exactly its text nodes' data, read in one call.
        addText(node.textContent);
        leave();
      } else if (frames[top].block && depth + INLINE_DEPTH <= maxDepth && node.querySelector(NOT_INLINE) === null) {
        // Only plain inline elements inside (see INLINE): the same text, read in one call.
        addText(node.textContent);
        leave();
      } else {
        descend = true;
      }
    }
    if (descend) {
      node = node.firstChild;
      depth += 1;
      return;
    }
    for (;;) {
      var next = node.nextSibling;
      if (next !== null) {
        node = next;
        break;
      }
      node = node.parentNode;
      depth -= 1;
      if (node === null || depth < 1) {
        node = null;
        break;
      }
      if (depth <= maxDepth) leave();
    }
  }
  var page = null;
  function result() {
    if (page === null) {
      while (top > 0) leave();
      page = { title: title, blocks: blocks, truncated: truncated, elements: elements };
    }
    return page;
  }

  return { step: step, result: result };
}
