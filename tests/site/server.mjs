// The demo site: pages that change between visits, for the browser tests, the demo and the
// benchmark. Plain node http, bound to 127.0.0.1 only.
//
// Every page lives under a "story" prefix, /s/<story>/…, and each story keeps its own version
// counter, so tests that share one server never see each other's changes:
//   GET /s/<story>/news       the front page (changes between versions, see newsPage)
//   GET /s/<story>/login      a page with a password field (must never be stored)
//   GET /s/<story>/static     a page that never changes
//   GET /s/<story>/shadowlogin  a sign-in form whose password field is in nested shadow roots
//                             (one open, one closed)
//   GET /s/<story>/latelogin  a page whose password field (in an open shadow root) a script adds 150 ms after load
//   GET /s/<story>/bigshadowlogin, bighiddenlogin, bigplain  12,000 sections and a password field
//                               in nested closed shadow roots (visible; in a hidden part; none)
//   GET /s/<story>/late       a page whose articles a script renders 1.2 s after load (spinner first)
//   GET /s/<story>/long       a long page (the changes are far apart, for scrolling)
//   GET /s/<story>/hanging    a page whose load event never fires (an image that never arrives)
//   GET /s/<story>/inline     a paragraph whose changed words sit in inline markup
//   GET /s/<story>/many       600 long paragraphs, every one of them different in each version
//   GET /s/<story>/spy        the front page with a script of the page's own that tries to read
//                             what the extension painted (window.__spy(): see SPY_SCRIPT);
//                             ?openshadow asks the test build to open its overlay's root
//   GET /s/<story>/town       "Riverside Town Hall": a site whose pages (town, events, contact)
//   GET /s/<story>/events       share a header and a footer; the town page also has a visitor
//   GET /s/<story>/contact      counter and a clock ("Page generated at 10:42:07") that change
//                               on every load, and a banner cycling among three short texts;
//                               from version 1 on, one of its paragraphs is edited, and the
//                               shared footer of every page says "open Monday to Saturday"
//   GET /s/<story>/fixture/<case>   the fixture case tests/fixtures/<case>/ (the same pages the
//                               core's fixture harness reads): version k serves the case's
//                               k-th page in visit order — history/<n>.html by n, then
//                               before.html, then after.html (the last one past the end)
//   GET /s/<story>/links      (links) "The Harbour Gazette" front page: links to stories a1–a3
//                             and to the section page; from version 1 on, two new stories (a4
//                             at the top, a5 at the bottom) and a1–a3 linked again with only a
//                             fragment or a tracking parameter changed (not new)
//   GET /s/<story>/linksection  (links) a section page linking a1, a5 and a6 (every version)
//   GET /s/<story>/story/<id>   (links) one story; a4 links to a7 and back to the front page
//   GET /s/<story>/app[/<route>]  a small single-page app (routes inbox, news, about; links
//                               switch routes with history.pushState, back/forward with
//                               popstate); the inbox's text changes with the version. The route
//                               `sneaky` renders its own text, then history.replaceState()s
//                               itself to /app/inbox before the page settles, its text unchanged
//   GET /s/<story>/hashapp         the same app routed by hash (#/inbox, #/news, #/about)
//   GET /s/<story>/feed            an endless list: 20 items at once, 20 more 100 ms after load
//                               (versions 0 and 2 on) or 8 s after load (version 1: not loaded
//                               yet when the page settles); the items never change
//   GET /s/<story>/reviews         a shop's product page with three reviews (versions 0 and 2 on)
//                               or "Loading reviews…" where they stand (version 1: they had not
//                               loaded when the page was read); nothing else ever changes
//   GET /s/<story>/metrics         one sentence whose last word changes (seven → eight) and a
//                               reader counter (1000 → 1042), from version 0 to 1
//   GET /s/<story>/bakery          (live) a quote that a script turns 2.5 s after load (version k
//                               starts on quote k mod 3; ?turn=<ms>: that long after load); from
//                               version 1 on the hours are edited
//   GET /__advance?story=<story>   bump that story's version (answers the new version);
//   GET /__advance?back=1          the page's own link: bumps the referring page's story, goes back
//   GET /__version?story=<story>   answers the current version
//   GET /watch/redirect?to=<path>  (watch) a redirect to http://127.0.0.1:<port><path>
//   GET /s/<story>/big             (watch) a 6 MB page (the background reads at most 5 MB of it)
//   GET /s/<story>/growing         (watch) one more notice in words at every version (always content)
// Every request is logged (`requests`: { host, path, cookie }), for the egress tests.
// Versions are deterministic: version 0 is the first visit, version 1 has one new article at
// the top, one edited paragraph, one removed item, one moved item and a changed counter;
// version 2 edits the paragraph once more. Versions past 2 repeat version 2.
// Add ?theme=dark to any page for a dark page.
//
// Usage: node tests/site/server.mjs [port]   (port 0 or none: any free port; prints the URL)

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { knotPage } from './knot-page.mjs';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

/** A fixture case's pages in visit order (history/<n>.html by n, before, after), or null. */
export function fixturePages(name) {
  if (!/^[\w-]{1,64}$/.test(name)) return null;
  const dir = path.join(FIXTURES, name);
  if (!fs.existsSync(path.join(dir, 'after.html'))) return null;
  const history = fs.existsSync(path.join(dir, 'history'))
    ? fs.readdirSync(path.join(dir, 'history')).map((f) => /^(\d+)\.html$/.exec(f)).filter(Boolean)
      .sort((a, b) => Number(a[1]) - Number(b[1])).map((m) => path.join(dir, 'history', m[0]))
    : [];
  return [...history, path.join(dir, 'before.html'), path.join(dir, 'after.html')];
}

/** Every fixture case: [{ name, pages, case (case.json or {}), expected }]. */
export function fixtureCases() {
  return fs.readdirSync(FIXTURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()
    .map((name) => {
      const dir = path.join(FIXTURES, name);
      const json = (f) => (fs.existsSync(path.join(dir, f)) ? JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) : {});
      return { name, pages: fixturePages(name), case: json('case.json'), expected: json('expected.json') };
    });
}

const ARTICLES = [
  { id: 'harbour', title: 'Harbour bridge reopens after two years of repairs',
    text: 'Traffic returned to the old harbour bridge on Monday morning, two years after engineers closed it for urgent repairs to its steel deck.' },
  { id: 'library', title: 'City library extends its opening hours',
    text: 'From next month the central library stays open until nine in the evening on weekdays, the council announced.' },
  { id: 'orchard', title: 'Community orchard plants forty new trees',
    text: 'Volunteers planted apple, pear and plum trees on the former car park behind the station.' },
  { id: 'tram', title: 'New tram timetable starts in spring',
    text: 'Trams on line 4 will run every eight minutes at peak times under the new timetable.' },
  { id: 'ferry', title: 'Ferry service adds a late crossing',
    text: 'A new crossing at eleven at night starts in June, after a petition signed by two thousand residents.' },
  { id: 'school', title: 'School choir wins the regional contest',
    text: 'The choir of the harbour school sang three songs in three languages and took first place.' },
  { id: 'museum', title: 'Museum shows maps from five centuries',
    text: 'The exhibition brings together two hundred maps, many of them shown to the public for the first time.' },
];

const BREAKING = {
  id: 'storm', title: 'Storm warning issued for the coast tonight',
  text: 'Forecasters expect gusts of up to ninety kilometres an hour along the coast after midnight.',
};

const EDITORIAL = [
  'The council meets on Thursday to discuss the budget for the coming year.',
  'The council meets on Wednesday to discuss the budget and the new cycle lanes for the coming year.',
  'The council meets on Wednesday to discuss the budget, the new cycle lanes and the harbour for the coming year.',
];

/** The article order for a version: v1+ adds the breaking story, drops "orchard", moves "museum" up. */
function articlesFor(version) {
  if (version === 0) return ARTICLES;
  const byId = Object.fromEntries(ARTICLES.map((a) => [a.id, a]));
  return [BREAKING, byId.museum, byId.harbour, byId.library, byId.tram, byId.ferry, byId.school];
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout({ title, theme, body, aside = '', script = '' }) {
  const dark = theme === 'dark';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font: 16px/1.5 Georgia, serif; max-width: 46rem; margin: 0 auto; padding: 1rem 2.5rem;
         background: ${dark ? '#15171a' : '#fdfcf8'}; color: ${dark ? '#e6e6e6' : '#1d1d1d'}; }
  header, footer { font-family: system-ui, sans-serif; }
  nav a { margin-right: 1rem; color: inherit; }
  a { color: ${dark ? '#8ab4f8' : '#1a4f9c'}; }
  article { border-bottom: 1px solid ${dark ? '#333' : '#ddd'}; padding: .25rem 0; }
  .spacer { height: 1400px; }
</style></head>
<body>
<header><h1>The Harbour Gazette</h1>
<nav><a href="/">Home</a><a href="/local">Local</a><a href="/weather">Weather</a></nav></header>
${aside}<main>
${body}
</main>
<footer><p>The Harbour Gazette, printed since 1901. All rights reserved.</p>
<p><small><a href="/__advance?back=1">Advance the site</a> (demo: changes this page for the next visit)</small></p></footer>
${script}
</body></html>`;
}

function articleHtml(a) {
  return `<article id="a-${a.id}"><h2><a href="/article/${a.id}">${esc(a.title)}</a></h2>
<p>${esc(a.text)}</p></article>`;
}

function newsPage(version, theme) {
  const v = Math.min(version, 2);
  const counter = [1000, 1042, 1042][v];
  return layout({
    title: 'The Harbour Gazette',
    theme,
    body: `<section id="top">${articlesFor(v).map(articleHtml).join('\n')}</section>
<section id="editorial"><h2>From the editor</h2><p id="editorial-text">${esc(EDITORIAL[v])}</p></section>
<section id="stats"><p id="counter">Readers today: ${counter}</p></section>`,
  });
}

function longPage(version, theme) {
  const filler = Array.from({ length: 30 }, (_, i) =>
    `<p>Archive note ${i + 1}: records from the harbour office, kept in the town hall basement.</p>`).join('\n');
  const last = version === 0 ? 'The ferry leaves at seven.' : 'The ferry now leaves at half past seven.';
  return layout({
    title: 'Archive',
    theme,
    body: `${filler}<div class="spacer"></div><p id="far">${esc(last)}</p>`,
  });
}

function latePage(version, theme) {
  // Like many script-rendered pages: a spinner that keeps changing until the articles arrive.
  const items = articlesFor(version === 0 ? 0 : 1);
  const json = JSON.stringify(items).replace(/</g, '\\u003c');
  return layout({
    title: 'Late news',
    theme,
    body: '<section id="late"><p id="spinner">Loading the latest news</p></section>',
    script: `<script>
let ticks = 0;
const spin = setInterval(() => {
  ticks++;
  document.getElementById('spinner').textContent = 'Loading the latest news' + '.'.repeat(ticks % 4);
  if (ticks < 24) return;
  clearInterval(spin);
  const items = ${json};
  const root = document.getElementById('late');
  root.textContent = '';
  for (const a of items) {
    const art = document.createElement('article');
    const h = document.createElement('h2'); h.textContent = a.title;
    const p = document.createElement('p'); p.textContent = a.text;
    art.append(h, p); root.append(art);
  }
}, 50);
</script>`,
  });
}

function hidingPage(_version, theme) {
  // A paragraph hidden by an attribute 220 ms after load: after the content script's early
  // read (150 ms of quiet), before the page settles (300 ms); attributes do not reset settling.
  return layout({
    title: 'Hiding',
    theme,
    body: '<h2>Notices</h2><p id="keep">The library opens at nine.</p><p id="gone">This notice is withdrawn.</p>',
    script: `<script>
addEventListener('load', () => setTimeout(() => document.getElementById('gone').setAttribute('hidden', ''), 220));
</script>`,
  });
}

function loginPage(version, theme) {
  return layout({
    title: 'Sign in',
    theme,
    body: `<h2>Sign in</h2><p>Welcome back, visit ${version + 1}.</p>
<form><label>User <input name="user" value="someone"></label>
<label>Password <input type="password" name="pw"></label><button>Sign in</button></form>`,
  });
}

function shadowLoginPage(version, theme) {
  return layout({
    title: 'Sign in (components)',
    theme,
    body: `<h2>Sign in</h2><p>Welcome back, visit ${version + 1}.</p><login-box id="box"></login-box>`,
    script: `<script>
const outer = document.getElementById('box').attachShadow({ mode: 'open' });
outer.innerHTML = '<div><p>Account</p><span id="inner"></span></div>';
const inner = outer.getElementById('inner').attachShadow({ mode: 'closed' });
inner.innerHTML = '<label>Password <input type="password" name="pw"></label>';
</script>`,
  });
}

function lateLoginPage(version, theme) {
  return layout({
    title: 'Sign in (late)',
    theme,
    body: `<h2>Sign in</h2><p>Welcome back, visit ${version + 1}.</p><form id="f"></form>`,
    script: `<script>
addEventListener('load', () => setTimeout(() => {
  const open = document.createElement('div');
  document.getElementById('f').append(open);
  open.attachShadow({ mode: 'open' }).innerHTML = '<input type="PASSWORD" name="pw">';
}, 150));
</script>`,
  });
}

/** A page of 12,000 short sections (more elements than content/visit.js SMALL_PAGE: the
 * password scan looks where the read's walk saw) with a sign-in field in closed shadow roots:
 * `shadow` nested in a custom element at the end, `hidden` in a custom element inside a hidden
 * part (a subtree the read passes over), `plain` none (a test adds one after the visit). */
function bigLoginPage(kind) {
  return (version, theme) => {
    const filler = Array.from({ length: 12000 }, (_, i) => `<div><p><b>Item ${i}</b> of the list, visit ${version + 1}.</p></div>`).join('');
    const box = kind === 'shadow' ? '<login-box id="box"></login-box>' : kind === 'hidden' ? '<div hidden><p>Sign in</p><login-box id="box"></login-box></div>' : '';
    const script = kind === 'plain' ? '' : `<script>
const outer = document.getElementById('box').attachShadow({ mode: 'closed' });
outer.innerHTML = '<div><p>Account</p><span id="inner"></span></div>';
const inner = outer.getElementById('inner').attachShadow({ mode: 'closed' });
inner.innerHTML = '<label>Password <input type="password" name="pw"></label>';
</script>`;
    return layout({ title: 'Your account', theme, body: `<h2>Your account</h2>${filler}${box}`, script });
  };
}

function staticPage(_version, theme) {
  return layout({
    title: 'About',
    theme,
    body: '<h2>About us</h2><p>We report on the harbour and the town around it.</p><p>Letters are welcome.</p>',
  });
}

function manyPage(version, theme) {
  const words = ['harbour', 'ferry', 'council', 'budget', 'market', 'library', 'tide', 'bridge'];
  const paras = Array.from({ length: 600 }, (_, i) => {
    const w = (k) => words[(i * 7 + k * 3 + version) % words.length];
    // Each version names its edition in words: every paragraph's change is content (the same
    // words in a new order alone would be a reordering, which is automated).
    const edition = ['first', 'second', 'third', 'fourth', 'fifth'][version % 5];
    return `<p>Item ${i + 1}, the ${edition} edition: ${Array.from({ length: 40 }, (_, k) => w(k)).join(' ')}.</p>`;
  }).join('\n');
  return layout({ title: 'Many changes', theme, body: paras });
}

function inlinePage(version, theme) {
  // Changed words inside inline markup, entities and invisible characters.
  const v = Math.min(version, 1);
  const day = ['Thurs&shy;day', 'Wednes&shy;day'][v];
  const hall = ['the town hall', 'the <b>old</b> town&nbsp;hall'][v];
  return layout({
    title: 'Inline',
    theme,
    body: `<p id="inline" style="letter-spacing: 0.01em">The <b>council</b> meets on <em>${day}</em> at&nbsp;six in ${hall}.</p>
<p id="same">Nothing&#8203;here changes, <i>ever</i>.</p>`,
  });
}

function hangingPage(version, theme) {
  // An image that never arrives: the load event never fires.
  return layout({
    title: 'Hanging',
    theme,
    body: `<h2>Still loading</h2><p>This page never finishes loading (visit ${version + 1}).</p><img src="/__hang" alt="">`,
  });
}

// "Riverside Town Hall": automated change (counter, clock, rotating banner) around a real one.
const TOWN_BANNERS = [
  'Fresh bread at the Mill Street bakery',
  'Harbour boat tours leave every Sunday',
  'Library book sale this weekend only',
];

const TOWN_PARAGRAPH = [
  'The swimming pool on Elm Road closes for repairs from the first of March until Easter.',
  'The swimming pool on Elm Road closes for repairs from the first of March until the end of May.',
];

function townLayout({ title, body, version = 0 }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · Riverside Town Hall</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 0 auto; padding: 1rem 2.5rem; }
nav a { margin-right: 1rem; } .banner { background: #eef4ff; padding: .3rem .6rem; }</style></head>
<body>
<header><p id="town-name">Riverside Town Hall</p>
<nav><a href="town">Home</a><a href="events">Events</a><a href="contact">Contact</a></nav></header>
<main>
${body}
</main>
<footer><p id="town-address">Riverside Town Hall, 1 Market Square, open Monday to ${version ? 'Saturday' : 'Friday'}.</p>
<p id="town-rights">Published by the town council of Riverside.</p></footer>
</body></html>`;
}

function townPage(version, _theme, loads) {
  const v = Math.min(version, 1);
  const seconds = 7 + loads * 13;
  const clock = `10:${String(42 + Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  const visitors = (10482 + loads * 3).toLocaleString('en-US');
  return townLayout({
    title: 'Home',
    version: v,
    body: `<h1 id="town-title">Welcome to Riverside</h1>
<p id="town-banner" class="banner">${esc(TOWN_BANNERS[loads % TOWN_BANNERS.length])}</p>
<p id="town-intro">The town hall answers questions about waste collection, parking permits and the weekly market.</p>
<p id="town-pool">${esc(TOWN_PARAGRAPH[v])}</p>
<p id="town-market">The weekly market fills the square every Saturday morning from eight until one.</p>
<p id="town-counter">You are visitor number ${visitors}</p>
<p id="town-clock">Page generated at ${clock}</p>`,
  });
}

function eventsPage(version) {
  return townLayout({
    title: 'Events',
    version,
    body: `<h1>Events</h1>
<p>A concert by the river on the last Friday of every month, weather permitting.</p>
<p>The spring fair brings rides and food stalls to the market square in April.</p>`,
  });
}

function contactPage(version) {
  return townLayout({
    title: 'Contact',
    version,
    body: `<h1>Contact</h1>
<p>Write to the town hall at the address below, or call the front desk during opening hours.</p>`,
  });
}

// (links) The Harbour Gazette: pages for the new-links tests.
const GAZETTE = {
  a1: 'Ferry timetable changes for the winter season',
  a2: 'Lighthouse keepers remember the great storm',
  a3: 'Fishing quotas debated at the harbour council',
  a4: 'New bridge to the island opens on Monday',
  a5: 'Harbour festival adds a night market',
  a6: 'Archive: the harbour in old photographs',
  a7: 'How the bridge was built, in pictures',
};
const gazetteLink = (id, suffix = '') => `<li><a href="story/${id}${suffix}">${esc(GAZETTE[id])}</a></li>`;

function linksPage(version) {
  const items = version
    ? [gazetteLink('a4'), gazetteLink('a1', '#comments'), gazetteLink('a2', '?utm_source=front'), gazetteLink('a3'), gazetteLink('a5')]
    : [gazetteLink('a1'), gazetteLink('a2'), gazetteLink('a3')];
  return layout({
    title: 'The Harbour Gazette',
    body: `<header><p>The Harbour Gazette</p><nav><a href="links">Front page</a><a href="linksection">Harbour life</a></nav></header>
<main><h1>Today in the harbour</h1><ul id="stories">${items.join('')}</ul>
<p id="edition">Edition ${version ? 'two' : 'one'} of the harbour's own newspaper.</p></main>`,
  });
}

function linkSectionPage() {
  return layout({
    title: 'Harbour life',
    body: `<main><h1>Harbour life</h1><ul>${gazetteLink('a1')}${gazetteLink('a5')}${gazetteLink('a6')}</ul>
<p>Stories about life in and around the harbour.</p></main>`,
  });
}

function gazetteStory(id) {
  const more = id === 'a4' ? `<p>Read on: <a href="a7">${esc(GAZETTE.a7)}</a>.</p>` : '';
  return layout({
    title: GAZETTE[id],
    body: `<main><h1>${esc(GAZETTE[id])}</h1><p>The full story of ${esc(GAZETTE[id].toLowerCase())}.</p>${more}
<p><a href="../links">Back to the front page</a></p></main>`,
  });
}

// Three stories of the gazette with a "latest" box beside them (tests/browser/hist-template):
// the box is the same list in the same place on every page, with other stories in it, so the
// site's template picture counts it as template although its text is on one page only.
//   GET /s/<story>/quaya, quayb, quayc
const QUAY = {
  quaya: ['Quay wall repairs begin', ['Night ferry returns', 'Crane lifts old buoy', 'Rowing club wins cup', 'Pier lamps replaced'],
    ['Divers inspected the old stones of the north quay on Tuesday and found three places where the sea has washed the mortar out.',
      'Masons from the island will rebuild the worst stretch first, working between the tides, and the path along the wall stays closed until May.']],
  quayb: ['Fish market moves indoors', ['Tug named by pupils', 'Dredger on its way', 'Sea wall art unveiled', 'New moorings for yachts'],
    ['Traders sold their first catch under the new roof of the old net store this morning, after forty years on the open cobbles by the slipway.',
      'Buyers said the cold room keeps the fish fresher in summer, although some of the older sellers miss the gulls and the view of the boats.']],
  quayc: ['Harbour pilots train at night', ['Lock gates tested', 'Lifeboat gets a new crew', 'Swans nest by slipway', 'Kiosk reopens at dawn'],
    ['Two new pilots guided a cargo ship through the narrow channel after dark for the first time, watched by the harbour master from the tower.',
      'Night training lasts six weeks and ends with a test in winter fog, which only half of the candidates passed in each of the last three years.']],
};

function quayPage(key) {
  const [title, latest, paragraphs] = QUAY[key];
  return () => layout({
    title,
    aside: `<aside><ul>${latest.map((x) => `<li><a href="#">${esc(x)}</a></li>`).join('')}</ul></aside>\n`,
    body: `<h1>${esc(title)}</h1>
${paragraphs.map((x) => `<p>${esc(x)}</p>`).join('\n')}`,
  });
}

// "The Harbour Herald": a news site whose every page carries a "recommended" teaser between
// the masthead and a fixed line, with its own counters and a relative time, rotating on every
// load (a different story for each page, so the slot's text differs between the site's pages).
//   GET /s/<story>/herald        the front page
//   GET /s/<story>/heraldabout   about the paper (never changes but for the teaser)
//   GET /s/<story>/heraldterms   the terms of use (never changes but for the teaser)
const HERALD_TEASERS = [
  'Ferry timetable changes for the winter season',
  'Lighthouse restoration reaches the lantern room',
  'Fish market moves to the north quay',
  'Sailing club opens its doors to beginners',
  'New footbridge links the two harbour walls',
  'Storm damage repaired at the old pier',
  'Harbour school wins the regional rowing cup',
  'Night market returns to the waterfront',
];

function heraldPage(offset, title, body) {
  return (_version, _theme, loads) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · The Harbour Herald</title></head>
<body>
<header><p id="herald-name">The Harbour Herald</p>
<nav><a href="herald">Front page</a> <a href="heraldabout">About us</a> <a href="heraldterms">Terms of use</a></nav></header>
<aside><p id="herald-teaser">Recommended: ${esc(HERALD_TEASERS[(offset + loads) % HERALD_TEASERS.length])} · ${14 + 9 * loads} comments · updated ${3 + 4 * loads} minutes ago</p>
<p id="herald-funding">Our journalism is paid for by readers like you.</p></aside>
<main>${body}</main>
<footer><p id="herald-rights">The Harbour Herald, 4 Quay Street. All rights reserved.</p></footer>
</body></html>`;
}

const heraldFront = heraldPage(0, 'Front page', `<h1>Today in the harbour</h1>
<p>The harbour master expects a busy weekend as the regatta brings two hundred boats to town.</p>`);
const heraldAbout = heraldPage(7, 'About us', `<h1>About us</h1>
<p>The Herald has reported on the harbour and the town around it since 1871.</p>`);
const heraldTerms = heraldPage(5, 'Terms of use', `<h1>Terms of use</h1>
<p>You may share our articles for personal use with a link to the original.</p>
<p>Comments that insult other readers are removed without notice.</p>`);

// "The Coast Courier": a news site whose every page ends its text with a box of three teasers
// ("Meer nieuws" in Dutch: each a headline, how long ago, how many comments), no heading or
// template between them, three other stories on every load of every page. Its legal page's own
// text changes with the story's version.
//   GET /s/<story>/courier          the front page
//   GET /s/<story>/courierprivacy   the privacy statement
const COURIER_TEASERS = [
  'Gemeente sluit het zwembad voor de winter',
  'Nieuwe brug over de haven geopend',
  'Vissersboten blijven binnen door storm',
  'Bakker aan de kade wint broodprijs',
  'Veerpont vaart vaker in de zomer',
  'Museum krijgt oud schilderij terug',
  'Markt verhuist naar het stationsplein',
  'Zeilschool zoekt nieuwe vrijwilligers',
  'Dijk bij de vuurtoren wordt versterkt',
  'Bibliotheek blijft langer open',
  'Kermis komt terug naar het plein',
  'Havenmeester gaat na veertig jaar met pensioen',
];

function courierPage(offset, title, body) {
  return (version, _theme, loads) => {
    const teasers = [0, 1, 2].map((k) => {
      const n = offset + loads * 3 + k;
      return `<div class="teaser"><a href="courier">${esc(COURIER_TEASERS[(n * 5) % COURIER_TEASERS.length])}</a> <span>${2 + ((n * 7) % 50)} minuten geleden</span> <span>${1 + ((n * 13) % 200)} reacties</span></div>`;
    });
    return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>${esc(title)} · De Kustkoerier</title></head>
<body>
<header><p id="courier-name">De Kustkoerier</p>
<nav><a href="courier">Voorpagina</a> <a href="courierprivacy">Privacy</a></nav></header>
<main>${body(version)}
<div class="more">${teasers.join('\n')}</div></main>
<footer><p id="courier-rights">De Kustkoerier, Havenstraat 4. Alle rechten voorbehouden.</p></footer>
</body></html>`;
  };
}

const courierFront = courierPage(0, 'Voorpagina', () => `<h1>Vandaag aan de kust</h1>
<p>De havenmeester verwacht een druk weekend nu de regatta tweehonderd boten naar de stad brengt.</p>
<p>Op de kade staan extra kramen en de veerpont vaart tot middernacht.</p>`);
const courierPrivacy = courierPage(7, 'Privacy', (version) => `<h1>Privacyverklaring</h1>
<p>Wij verwerken uw gegevens alleen om de krant te bezorgen en om u te laten weten wanneer uw abonnement afloopt.</p>
<p>U kunt uw gegevens altijd inzien, laten aanpassen of laten verwijderen door een e-mail te sturen aan onze klantenservice.</p>
<p>Wij bewaren uw gegevens niet langer dan ${version ? 'twee jaar' : 'nodig is'} voor de bezorging en de administratie.</p>`);

// A page script spying on the extension (paint tests): it records every DOM mutation from the
// start and, when asked (window.__spy()), returns everything a page can read that could tell new
// blocks from old ones — every element with its attributes, the computed styles a highlight would
// change and its geometry, every text node, the mutations, CSS.highlights, style sheets,
// animations, the focused element. The test build's own markers (data-sincelast-test-*, on <html>
// only, absent from store builds) are left out.
const SPY_SCRIPT = `<script>
(() => {
  const TEST = /^data-sincelast-test-/;
  // ?openshadow: the test build opens its overlay's root for a test that looks inside (axe).
  if (new URLSearchParams(location.search).has('openshadow')) document.documentElement.setAttribute('data-sincelast-test-open-shadow', '');
  const log = [];
  const path = (n) => { const p = []; for (; n && n.parentNode; n = n.parentNode) p.unshift([...n.parentNode.childNodes].indexOf(n)); return p.join('.'); };
  // While the parser builds the page, how it splits text into nodes and appends to them follows
  // the network's and the parser's own chunks, which differ from load to load (Firefox): during
  // parsing only elements added and attributes set are logged, one entry per element. The
  // parser's records are all taken when DOMContentLoaded fires (this listener is the first one):
  // records still waiting for the observer's callback then were read as after parsing on some
  // loads and not on others.
  let parsing = true;
  addEventListener('DOMContentLoaded', () => {
    record(observer.takeRecords());
    parsing = false;
  });
  const record = (records) => {
    for (const r of records) {
      if (r.type === 'attributes' && TEST.test(r.attributeName)) continue;
      if (parsing && r.type === 'characterData') continue;
      if (parsing && r.type === 'childList' && !r.removedNodes.length) {
        for (const n of r.addedNodes) if (n.nodeType === 1) log.push(['parsed', path(r.target), n.nodeName + ':' + n.getAttribute('style')].join('|'));
        continue;
      }
      log.push([r.type, path(r.target), r.attributeName || '',
        [...r.addedNodes].map((n) => n.nodeName + ':' + (n.nodeType === 1 ? n.getAttribute('style') : n.data)).join(','),
        [...r.removedNodes].map((n) => n.nodeName).join(',')].join('|'));
    }
  };
  const observer = new MutationObserver(record);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true });
  // Occlusion (IntersectionObserver v2, Chromium): whether something is drawn over each element.
  const visible = {};
  if ('IntersectionObserverEntry' in window && 'isVisible' in IntersectionObserverEntry.prototype) {
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) visible[e.target.id] = e.isVisible;
    }, { trackVisibility: true, delay: 100 });
    addEventListener('DOMContentLoaded', () => { for (const el of document.querySelectorAll('[id]')) io.observe(el); });
  }
  const PROPS = ['background-color', 'background-image', 'box-shadow', 'outline-style', 'outline-color', 'outline-width',
    'border-left-width', 'border-left-color', 'color', 'text-decoration-line', 'font-weight', 'display', 'position', 'opacity', 'filter'];
  window.__spy = () => {
    const elements = [];
    const walk = (root) => {
      for (const n of root.querySelectorAll('*')) {
        const attrs = [...n.attributes].filter((a) => !TEST.test(a.name)).map((a) => a.name + '=' + a.value).sort();
        const cs = getComputedStyle(n);
        const r = n.getBoundingClientRect();
        elements.push([path(n), n.localName, attrs.join(' '), PROPS.map((k) => cs.getPropertyValue(k)).join(';'),
          [r.x, r.y, r.width, r.height].map(Math.round).join(','), n.shadowRoot ? 'open-shadow' : '',
          getComputedStyle(n, '::before').content, getComputedStyle(n, '::after').content]);
        if (n.shadowRoot) walk(n.shadowRoot);
      }
    };
    walk(document);
    const texts = [];
    const tw = document.createTreeWalker(document, NodeFilter.SHOW_TEXT);
    for (let t = tw.nextNode(); t; t = tw.nextNode()) texts.push(path(t) + ':' + t.data);
    // Rendered text: innerText, a select-all, and find-in-page for what the extension's UI says.
    const sel = getSelection();
    sel.selectAllChildren(document.documentElement);
    const selected = sel.toString().length;
    sel.removeAllRanges();
    const [sx, sy] = [scrollX, scrollY];
    const found = ['since your last visit', 'Show removed', 'automated change', 'Previous change'].map((w) => {
      const hit = typeof window.find === 'function' ? window.find(w, false, false, true) : 'none';
      getSelection().removeAllRanges();
      return w + ':' + hit;
    });
    scrollTo(sx, sy);
    return {
      visible: JSON.stringify(Object.keys(visible).sort().map((k) => [k, visible[k]])),
      // Hit tests on a grid over the viewport (where the bar is, it answers our element).
      hits: (() => {
        const out = [];
        for (let x = 5; x < innerWidth; x += 60) for (let y = 5; y < innerHeight; y += 60) {
          const e = document.elementFromPoint(x, y);
          out.push(e ? e.localName + '#' + e.id : '-');
        }
        return out.join(' ');
      })(),
      elements, texts, mutations: log.slice(), innerText: document.documentElement.innerText.length, selected, found,
      highlights: typeof CSS !== 'undefined' && CSS.highlights ? [...CSS.highlights.keys()] : 'none',
      sheets: [...document.styleSheets].map((s) => s.ownerNode && s.ownerNode.nodeName).join(','),
      adopted: (document.adoptedStyleSheets || []).length,
      animations: document.getAnimations ? document.getAnimations().length : 0,
      active: document.activeElement && document.activeElement.localName,
      scroll: [scrollX, scrollY, document.documentElement.scrollHeight, document.documentElement.scrollWidth],
    };
  };
})();
</script>`;

function spyPage(version, theme) {
  return newsPage(version, theme).replace('</head>', `${SPY_SCRIPT}</head>`);
}

// A ferry service's status page (issue 11): one status line that flips between "all ferries
// run" and a disruption; `version` (GET /__advance) picks the status. A status that flipped back
// at once looks like a rotating item; one that held over a revisit is a state of the page.
//   GET /s/<story>/ferrystatus
const FERRY_STATUS = ['All ferries run to the timetable today', 'Disruption: the north quay ferry is cancelled'];
function ferryStatusPage(version) {
  return layout({
    title: 'Ferry service status',
    theme: null,
    body: `<main><h1>Ferry service status</h1><p id="ferry-status">${esc(FERRY_STATUS[version % 2])}</p>
<p>Timetables are on the noticeboard at every pier.</p></main>`,
  });
}

//   GET /s/<story>/tentstock  (issue 11) a shop's product page whose stock line flips between
//   being had and sold out with every version: a state of the item, never rotation
const TENT_STOCK = ['In stock: dispatch in 1 - 2 working days', 'Sold out - notify me when available'];
function tentStockPage(version) {
  return layout({
    title: 'Harbour tent, two persons',
    theme: null,
    body: `<main><h1>Harbour tent, two persons</h1><p id="tent-stock">${esc(TENT_STOCK[version % 2])}</p>
<p>A light tent for two, with a porch for boots and bags, tested on the windy north quay.</p></main>`,
  });
}

//   GET /s/<story>/faq  (issue 11) questions whose answers are closed: one in an accordion
//   (a button with aria-expanded and aria-controls, its panel aria-hidden until the page's
//   script opens it), one in a closed <details>; version 1 edits both answers
function faqPage(version) {
  const fee = version === 0 ? 'twelve euros' : 'fifteen euros';
  const pets = version === 0 ? 'Dogs travel free on a lead.' : 'Dogs travel free on a lead; cats need a basket.';
  return layout({
    title: 'Ferry questions',
    theme: null,
    body: `<main><h1>Ferry questions</h1>
<h2><button id="q-fee" aria-expanded="false" aria-controls="a-fee">What does a bicycle cost?</button></h2>
<div id="a-fee" aria-hidden="true" style="max-height:0;overflow:hidden"><p>A bicycle costs ${fee} each way.</p></div>
<details><summary>May pets come aboard?</summary><p>${esc(pets)}</p></details>
<p>Tickets are sold at every pier and on board.</p>
<script>
document.getElementById('q-fee').addEventListener('click', (e) => {
  const open = e.currentTarget.getAttribute('aria-expanded') !== 'true';
  e.currentTarget.setAttribute('aria-expanded', String(open));
  const panel = document.getElementById('a-fee');
  panel.setAttribute('aria-hidden', String(!open));
  panel.style.maxHeight = open ? 'none' : '0';
});
</script></main>`,
  });
}

//   GET /s/<story>/weather  (issue 11) a town's news page with a weather widget that reads
//   another temperature and sky with every version; the news itself stays
const WEATHER = ['Harbour 7 °C, cloudy', 'Harbour 9 °C, Sunny', 'Harbour -2 °C, Light snow'];
function weatherPage(version) {
  return layout({
    title: 'Harbour town news',
    theme: null,
    body: `<aside id="weather"><p>${esc(WEATHER[version % WEATHER.length])}</p></aside>
<main><h1>Harbour town news</h1><p>The town council meets on Thursday to decide on the new pier.</p>
<p>The library extends its opening hours in winter.</p></main>`,
  });
}

// GET /s/<story>/notices  (issue 11) a ferry operator's service notices: from version 1 on the
// notice of the closed landing stage is gone (the work is done) and nothing else changes: a page
// that only lost text
const NOTICES = [
  'The north landing stage is closed for repairs until further notice.',
  'Tickets bought online are valid on every boat of the day.',
  'Bicycles travel free of charge on the evening boats.',
];
function noticesPage(version) {
  const shown = version === 0 ? NOTICES : NOTICES.slice(1);
  return layout({
    title: 'Service notices',
    theme: null,
    body: `<h1>Service notices</h1>\n${shown.map((n) => `<p class="notice">${esc(n)}</p>`).join('\n')}`,
  });
}

// GET /s/<story>/dashboard  (issue 11) a health department's figures: version 1 is the page
// whose dashboard did not render (its twelve rows missing, nothing new: only the header and
// footer), version 2 the full page again with one county's row updated
function dashboardPage(version) {
  const rows = Array.from({ length: 12 }, (_, k) => {
    const cases = k === 3 && version >= 2 ? 58 : k * 4 + 2;
    return `<p class="row">County ${['Ash', 'Birch', 'Cedar', 'Dale', 'Elm', 'Fern', 'Glen', 'Holt', 'Ivy', 'Juniper', 'Kent', 'Lark'][k]} reports ${cases} cases among residents tested this week, as the county office counted them in its weekly report</p>`;
  }).join('\n');
  return layout({
    title: 'Case figures',
    theme: null,
    body: `<header><p>Department of Health of the Riverside region</p></header>
<main><div id="dashboard">${version === 1 ? '' : rows}</div></main>
<footer><p>Figures are updated every weekday morning.</p></footer>`,
  });
}

// GET /s/<story>/portal  (issue 11) a harbour office's portal that greets by the hour ("Good
// Morning." → "Good Evening." → "Good Afternoon.", as Guam's health site does), says whether
// its harbour master is online, and shows "Loading notices…" where its notices had not loaded
// on the first visit. Version 1: the notice is there; version 2: the permits line is edited.
const PORTAL_GREETINGS = ['Good Morning.', 'Good Evening.', 'Good Afternoon.'];
const PORTAL_PRESENCE = ['Online now', 'Last seen 3 hours ago', 'Active now'];
function portalPage(version) {
  const v = Math.min(version, 2);
  const notices = v === 0
    ? '<p>Loading notices…</p>'
    : '<p>Spring tide on Friday: moor with slack lines and check them at high water.</p>';
  const permits = v >= 2
    ? 'Mooring permits are issued at the office on the quay and, from January, online.'
    : 'Mooring permits are issued at the office on the quay.';
  return layout({
    title: 'Harbour office',
    theme: null,
    body: `<p id="greeting">${PORTAL_GREETINGS[v]} Welcome to the harbour office's portal.</p>
<h2>Harbour office</h2><p id="permits">${permits}</p>
<p>The harbour master answers questions in the chat.</p><p id="presence">${PORTAL_PRESENCE[v]}</p>
<section id="notices"><h3>Tide notices</h3>${notices}</section>`,
  });
}

// GET /s/<story>/reviews  a product page whose reviews had not loaded on the second visit
// ("Loading reviews…" in their place) and are back, unchanged, on the third
function reviewsPage(version) {
  const reviews = version === 1
    ? '<p class="loading">Loading reviews…</p>'
    : ['Sturdy and folds flat, we use it every summer evening.',
      'The hinges squeak a little after the first rain.',
      'Lovely wood, but the delivery took three weeks.']
      .map((r) => `<div class="review"><p>${r}</p></div>`).join('');
  return layout({
    title: 'Garden chair',
    theme: null,
    body: `<main><h1>Garden chair, oak</h1><p>A folding chair for the garden, made of oak, with brass hinges.</p>
<section id="reviews"><h2>What buyers say</h2><div class="list">${reviews}</div></section></main>
<footer><p>Shipping and returns</p></footer>`,
  });
}

// GET /s/<story>/related  (issue 11) a newspaper's imprint with a "Mehr zum Thema" module of
// other articles' teasers that is there on even versions and gone on odd ones (as welt.de's is
// between fetches minutes apart); the imprint itself never changes
function relatedPage(version) {
  const module = version % 2 === 0
    ? `<section class="more"><div class="more-title">Mehr zum Thema</div><ul>
<li><article><h4><a href="/kopf">Kopf des Tages</a></h4><p><a href="/kopf">Für die Opfer der Berliner Mauer spielte er Bach</a></p></article></li>
<li><article><h4><a href="/hafen">Hafen</a></h4><p><a href="/hafen">Die Fähre fährt wieder nach Plan</a></p></article></li>
</ul></section>`
    : '';
  return layout({
    title: 'Impressum',
    theme: null,
    body: `<main><h1>Impressum</h1><p>Verantwortlich für den Inhalt ist die Chefredaktion der Hafenzeitung.</p>
<p>Die Redaktion erreichen Sie werktags von 9 bis 17 Uhr unter der Nummer 040 1234 567.</p></main>
<div class="bottom">${module}</div>`,
  });
}

// GET /s/<story>/cookiebanner  (issue 11) a privacy page with consent banners that are no dialogs
// (a div named "cookie-consent-banner" and a OneTrust-like root with role="region"), outside
// <main>: version 0 shows them (the first visit, before a person chose), version 1 has none
// (consent stored), version 2 shows them again (consent expired) and edits the policy's
// retention clause (a real change).
function cookieBannerPage(version) {
  const banners = `<div class="cookie-consent-banner"><div class="cookie-consent-banner__text">We use optional
statistics cookies to improve our services. You can withdraw your consent at any time.</div>
<div class="cookie-consent-banner__buttons"><a href="#accept">Accept</a> <a href="#decline">Decline all</a></div></div>
<div id="onetrust-consent-sdk"><div id="onetrust-banner-sdk" role="region" aria-label="Cookie banner">
<p>By clicking Accept all cookies you agree to the storing of cookies on your device.</p>
<button>Accept all cookies</button></div></div>`;
  const days = version >= 2 ? 'ninety days' : 'thirty days';
  return layout({
    title: 'Privacy policy',
    theme: null,
    body: `<h2>Privacy policy</h2><p id="retention">We keep your order history for ${days} after your last order.</p>
<p>We never sell what we know about you.</p>`,
    script: version === 1 ? '' : banners,
  });
}

const PAGES = { cookiebanner: cookieBannerPage, links: linksPage, linksection: linkSectionPage, spy: spyPage, hiding: hidingPage, town: townPage, events: eventsPage, contact: contactPage, news: newsPage, login: loginPage, static: staticPage, late: latePage, long: longPage, hanging: hangingPage, inline: inlinePage, many: manyPage, shadowlogin: shadowLoginPage, latelogin: lateLoginPage, bigshadowlogin: bigLoginPage('shadow'), bighiddenlogin: bigLoginPage('hidden'), bigplain: bigLoginPage('plain'), herald: heraldFront, heraldabout: heraldAbout, heraldterms: heraldTerms, courier: courierFront, courierprivacy: courierPrivacy, ferrystatus: ferryStatusPage, tentstock: tentStockPage, faq: faqPage, weather: weatherPage, notices: noticesPage, related: relatedPage, dashboard: dashboardPage, portal: portalPage, reviews: reviewsPage };

// hist: GET /s/<story>/knot — the page built to have a known change curve (knot at 4 h, Dice
// 0.5 when seen hourly; tests/site/knot-page.mjs): version k is the page k hours on.
PAGES.knot = (version) => knotPage(version);
for (const k of Object.keys(QUAY)) PAGES[k] = quayPage(k);

/** A small single-page app: the routes' texts for this version, rendered by a client router. */
function spaPage(version, hashMode) {
  const routes = {
    inbox: [`Inbox (${version === 0 ? 3 : 4} messages)`, version === 0
      ? 'A letter from the harbour master about the new mooring fees.'
      : 'A letter from the harbour master: the mooring fees stay as they are this year.'],
    news: ['App news', 'The app now shows the ferry timetable on the first page.'],
    about: ['About this app', 'A tiny single-page app for the browser tests of Since Last Visit.'],
    sneaky: ['Sneaky page', 'This text belongs to the sneaky page and to no other address.'],
  };
  const script = `<script>
const ROUTES = ${JSON.stringify(routes)};
const HASH = ${hashMode ? 'true' : 'false'};
const base = location.pathname.replace(/\\/(app|hashapp)(\\/\\w+)?$/, '/' + (HASH ? 'hashapp' : 'app'));
function current() {
  if (HASH) return (location.hash.match(/^#\\/(\\w+)/) || [])[1] || 'inbox';
  return (location.pathname.match(/\\/app\\/(\\w+)$/) || [])[1] || 'inbox';
}
function render() {
  const r = ROUTES[current()] || ROUTES.inbox;
  // The content arrives a moment after the route changes, as from a server.
  setTimeout(() => {
    document.getElementById('view').replaceChildren();
    const h = document.createElement('h2'); h.textContent = r[0];
    const p = document.createElement('p'); p.textContent = r[1];
    document.getElementById('view').append(h, p);
    document.title = r[0];
  }, 60);
}
document.addEventListener('click', (e) => {
  const a = e.target.closest('a[data-route]');
  if (!a) return;
  e.preventDefault();
  if (HASH) location.hash = '#/' + a.dataset.route;
  else { history.pushState({}, '', base + '/' + a.dataset.route); render(); }
});
addEventListener('popstate', render);
addEventListener('hashchange', render);
render();
if (current() === 'sneaky') setTimeout(() => history.replaceState({}, '', base + '/inbox'), 150);
</script>`;
  const links = ['inbox', 'news', 'about'].map((r) => `<a data-route="${r}" id="go-${r}" href="#">${r}</a>`).join(' ');
  return layout({ title: 'App', body: `<nav id="app-nav">${links}</nav><section id="view"></section>`, script });
}

/** One word of content changes, and a counter (noise). */
function metricsPage(version) {
  return layout({
    title: 'Ferry',
    body: `<p id="ferry">The ferry leaves at ${version === 0 ? 'seven' : 'eight'} every morning.</p>
<p id="readers">Readers today: ${version === 0 ? 1000 : 1042}</p>`,
  });
}

/**
 * (live) "Corner Bakery": customers' quotes that a script turns 2.5 s after load, and stops (a
 * quote seen at a reading, another one a few seconds later, nobody touching the page). Version
 * k starts on quote k (mod 3); from version 1 on the opening hours are edited.
 */
function bakeryPage(version, turnMs = 2500) {
  const quotes = ['“Best sourdough in the county.” — Sam', '“Lovely cakes and friendly staff.” — Priya', '“Worth the queue every Saturday.” — Tom'];
  const first = quotes[version % 3];
  return layout({
    title: 'Corner Bakery',
    body: `<h1>Corner Bakery</h1>
<p id="quote">${first}</p>
<p id="hours">We open at ${version === 0 ? 'seven' : 'half past six'} every morning.</p>
<p id="bread">Fresh bread from the oven all day.</p>`,
    script: `<script>setTimeout(() => { document.getElementById('quote').textContent = ${JSON.stringify(quotes)}[${(version + 1) % 3}]; }, ${Math.min(60000, Math.max(0, turnMs))});</script>`,
  });
}

/** An endless list: 20 items at once, 20 more soon (versions 0, 2…) or too late to be read (1). */
function feedPage(version) {
  const item = (k) => `<li>Feed item number ${k + 1}: a short note from the harbour office.</li>`;
  const first = Array.from({ length: 20 }, (_, k) => item(k)).join('');
  const more = JSON.stringify(Array.from({ length: 20 }, (_, k) => item(k + 20)).join(''));
  const script = `<script>
addEventListener('load', () => setTimeout(() => {
  document.getElementById('feed').insertAdjacentHTML('beforeend', ${more});
}, ${version === 1 ? 8000 : 100}));
</script>`;
  return layout({ title: 'Feed', body: `<h2>Latest</h2><ul id="feed">${first}</ul>`, script });
}

/** Starts the demo server; resolves to { server, port, origin, url(story, page) }. */
export function startSite(port = 0) {
  const versions = new Map();
  const loads = new Map(); // story/page → how many times it was served
  const requests = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    requests.push({ host: req.headers.host || '', path: u.pathname + u.search, cookie: req.headers.cookie || null, time: Date.now() });
    const send = (status, type, body) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' });
      res.end(body);
    };
    if (u.pathname === '/__hang') return; // never answered (closed when the server closes)
    if (u.pathname === '/__advance' || u.pathname === '/__version') {
      const back = u.searchParams.has('back') ? req.headers.referer : null;
      const fromReferer = back ? /^\/s\/([\w-]{1,64})\//.exec(new URL(back).pathname) : null;
      const story = u.searchParams.get('story') || (fromReferer && fromReferer[1]) || 'default';
      if (u.pathname === '/__advance') versions.set(story, (versions.get(story) || 0) + 1);
      if (back) {
        res.writeHead(303, { location: new URL(back).pathname, 'cache-control': 'no-store' });
        return res.end();
      }
      return send(200, 'text/plain', String(versions.get(story) || 0));
    }
    if (u.pathname === '/watch/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${server.address().port}${u.searchParams.get('to') || '/'}`, 'cache-control': 'no-store' });
      return res.end();
    }
    const big = /^\/s\/([\w-]{1,64})\/big$/.exec(u.pathname);
    if (big) {
      const v = versions.get(big[1]) || 0;
      const para = `<p>${'Sixty-four bytes of filler text in a very long page, version '.padEnd(60, '.')} ${v}</p>\n`;
      const head = `<!doctype html><html><head><meta charset="utf-8"><title>Big page</title></head><body><h1>Big page, version ${v}</h1>\n`;
      return send(200, 'text/html; charset=utf-8', head + para.repeat(Math.ceil((6 * 1024 * 1024) / para.length)) + '</body></html>');
    }
    const growing = /^\/s\/([\w-]{1,64})\/growing$/.exec(u.pathname);
    if (growing) {
      const digits = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
      const things = ['ferry', 'library', 'market', 'bridge', 'harbour', 'museum', 'school', 'garden', 'tower', 'square', 'station'];
      const n = (versions.get(growing[1]) || 0) + 1;
      const items = Array.from({ length: n }, (_, i) => `<p>Notice ${String(i).split('').map((d) => digits[Number(d)]).join(' ')}: the ${things[i % things.length]} near the ${things[(i * 3 + 1) % things.length]} opens again.</p>`);
      return send(200, 'text/html; charset=utf-8', layout({ title: 'Notices', theme: null, body: items.reverse().join('\n') }));
    }
    const fx = /^\/s\/([\w-]{1,64})\/fixture\/([\w-]{1,64})$/.exec(u.pathname);
    if (fx) {
      const pages = fixturePages(fx[2]);
      if (!pages) return send(404, 'text/plain', 'no such fixture');
      const k = Math.min(versions.get(fx[1]) || 0, pages.length - 1);
      return send(200, 'text/html; charset=utf-8', fs.readFileSync(pages[k]));
    }
    const story = /^\/s\/[\w-]{1,64}\/story\/(\w{1,8})$/.exec(u.pathname); // (links)
    if (story && GAZETTE[story[1]]) return send(200, 'text/html; charset=utf-8', gazetteStory(story[1]));
    // Single-page apps and the endless list (tests/browser/everyday-*.test.mjs).
    const spa = /^\/s\/([\w-]{1,64})\/(app|hashapp|feed|metrics|bakery)(\/\w+)?$/.exec(u.pathname);
    if (spa) {
      const v = versions.get(spa[1]) || 0;
      const html = spa[2] === 'feed' ? feedPage(v) : spa[2] === 'metrics' ? metricsPage(v) : spa[2] === 'bakery' ? bakeryPage(v, Number(u.searchParams.get('turn')) || 2500) : spaPage(v, spa[2] === 'hashapp');
      return send(200, 'text/html; charset=utf-8', html);
    }
    const m = /^\/s\/([\w-]{1,64})\/(\w+)$/.exec(u.pathname);
    if (m && PAGES[m[2]]) {
      const n = loads.get(u.pathname) || 0;
      loads.set(u.pathname, n + 1);
      const html = PAGES[m[2]](versions.get(m[1]) || 0, u.searchParams.get('theme'), n);
      return send(200, 'text/html; charset=utf-8', html);
    }
    if (u.pathname === '/' || u.pathname === '/index.html') {
      return send(200, 'text/html; charset=utf-8', layout({
        title: 'Demo site',
        body: `<p>Pages: ${Object.keys(PAGES).map((p) => `<a href="/s/demo/${p}">${p}</a>`).join(' ')}</p>`,
      }));
    }
    return send(404, 'text/plain', 'not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const actual = server.address().port;
      const origin = `http://127.0.0.1:${actual}`;
      resolve({
        server,
        port: actual,
        origin,
        url: (story, page, host = '127.0.0.1') => `http://${host}:${actual}/s/${story}/${page}`,
        advance: (story) => fetch(`${origin}/__advance?story=${encodeURIComponent(story)}`).then((r) => r.text()),
        requests,
        close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] || 0);
  const site = await startSite(port);
  console.log(`demo site: ${site.origin}/s/demo/news  (advance: ${site.origin}/__advance?story=demo)`);
}
