// A page built to have a known change curve (the history tests and the CLI fixture
// tests/history-fixtures/news-knot/ are made from it): 20 stable words (a heading and a
// navigation line) and four news slots of five words each; every slot's story lives 4 hours,
// the slots staggered by an hour, so one slot turns over each hour. Seen hourly, its change
// curve falls by 1/8 Dice per hour for 4 hours (one slot of 5 words of 40 each hour) and then
// stays at 0.5 (the 20 stable words of 40): knotted, knot at 4 h, Dice 0.5.

const WORDS = ('apple brook cedar delta ember fable grove heron island jasper kettle lantern meadow ' +
  'nutmeg orchid pebble quartz raven saddle timber umber velvet willow yonder zephyr anchor ' +
  'basil canyon dune falcon garnet harbor indigo juniper kelp lagoon marble nectar olive ' +
  'pepper quill reef sable thistle tundra urchin vapor walnut yarrow zinnia amber birch ' +
  'cobalt dahlia egret fennel glacier hazel iris jade kiwi lilac mango nickel onyx plum').split(' ');

/** The words of slot `slot`'s story number `story` (distinct for every slot and story). */
function storyWords(slot, story) {
  return Array.from({ length: 5 }, (_, j) => `${WORDS[(slot * 17 + story * 5 + j) % WORDS.length]}${slot}${String.fromCharCode(97 + story)}`);
}

/** The page as it is `hour` hours after its first version. */
export function knotPage(hour) {
  const slots = [0, 1, 2, 3].map((slot) => {
    const story = Math.floor((hour + slot) / 4);
    return `<article><p>${storyWords(slot, story).join(' ')}</p></article>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Knot Gazette</title></head>
<body>
<h1>Knot Gazette front page today</h1>
<p>home local weather sport culture business opinion letters archive contact about subscribe shop help events</p>
<main>
${slots.join('\n')}
</main>
</body></html>
`;
}
