//! Noise: changes that are automated, not meaningful — counters, clocks, dates, relative
//! times, durations, IP addresses, session ids, rotating items.
//!
//! Adar et al. found that 11.5% of pages differ when fetched twice at the same instant ("Page
//! served in 0.00252 secs", "There are 665 users online", "Visitor number 81434"). Such a
//! change must not be painted, counted in the badge or in the meaningful metrics.
//!
//! ## Built-in detectors
//! [`volatile_kinds`] classifies each token of a block ([`crate::text::tokens`]) as stable or
//! as one of the [`Volatile`] kinds:
//!
//! | kind | what | examples |
//! |---|---|---|
//! | `clock` | a time of day; not one end of a time range (opening hours, a timetable: "8:00 bis 15:30 Uhr", "9:00–17:00", "9.00 - 15.00 Uhr", "9-18 Uhr"), nor, when the visit's time is known, a time beside a date more than [`DATE_NOW_DAYS`] from the visit (an appointment); when both visits' times are known, a clock that did not keep its distance to them (within [`CLOCK_TRACK_MINUTES`]) nor fell by the time between them (a countdown, modulo a day) is an edit's stamp or an announced time, content | `7:15`, `19:04:59`, `7:15 pm` |
//! | `date` | a calendar date, with month or weekday names next to a number (English, German; French, Spanish, Italian, Dutch, Portuguese month names, "24 de febrero de 2025"; ordinal days "1er", "24th"; a weekday before a month and its day, "Tuesday, November 14"; month and weekday names of some forty languages, from Scandinavian, Slavic, Baltic, Greek, Turkish and Hungarian to Arabic, Hebrew, Persian, Urdu, Hindi, Bengali, Tamil, Thai, Malay, Indonesian, Filipino, Swahili, Chinese, Japanese, Korean and Vietnamese, "ngày 7 tháng 12 năm 2026"; the years of Thai pages' Buddhist era, "7 ธันวาคม 2569", and the Persian calendar's dates, "۱۶ آذر ۱۴۰۵"; a slashed date's order told by its weekday, "Thứ Hai, 7/12/2026"; abbreviated weekdays and months, "ven. 4 déc. 2026", "pt., 4 gru", "Cum 4 Ara"; numeric dates year first, "2026.12.07", "1405/09/16"; the years of Japan's and Taiwan's eras, "令和8年12月7日", "民國115年"; a weekday and its day alone, "Mon 7", read as the nearest such day) | `22.11.2026`, `2026-11-22`, `Nov 22`, `22. November`, `Montag, 3.`, `1er mars 2025` |
//! | `relative_time` | "5 minutes ago", "vor 3 Stunden", "an hour ago", "vor einer Stunde", "just now", "a few seconds ago", "3m ago", a post's age written short as the last word after its author or a separator ("raj 2h", "u/foo • 5h"), "il y a 3 heures", "hace 2 horas", "3 ore fa", "3 uur geleden", "5 minut temu", "för 5 minuter sedan", "5 минут назад", "5 хвилин тому", "5 dakika önce", "5分前に更新", "منذ ساعتين", "5 นาทีที่แล้ว", "۵ دقیقه پیش", "5 منٹ پہلے", "৫ মিনিট আগে", "преди 5 минути", "prije 2 sata", "pred 5 minútami", "prieš 5 minutes", "pirms 2 stundām", "5 minutit tagasi", "fa 5 minuts", "5 minuto ang nakalipas"; a day named relative to today beside a clock or in a block of up to three words, "Heute, 14:05" → "Gestern, 14:05"; a past period named in a block of up to four words, "last week" → "2 weeks ago", "letzte Woche"; a greeting of the hour swapped for another in a short line, "Good morning, Anna" → "Good evening, Anna", "Guten Morgen" → "Guten Abend" (nine languages); today's opening hours seen on another day of the week, "Open today: 7:00–18:00" → "8:00–14:00" (`todays_hours`); how long an account has existed, grown by the time between the visits, "Member for 3 years, 2 months" → "3 years, 3 months" (`member_for_grew`); whether a person is online, said with when, "Online now" → "Last seen 3 hours ago" (`presence`), and a forum's module of who is online under its heading, "Who is online", "Wer ist online" ([`presence_blocks`]) | |
//! | `duration` | a measured time: with a fraction, in milliseconds, or in whole seconds after what measures it (`MEASURED_BEFORE`); a setting in whole seconds is content ("default timeout is 30 s") | "served in 0.0025 secs", "took 12 ms", "Response time 3 s" |
//! | `ip` | an IPv4 address | `192.168.0.1` |
//! | `weather` | a weather report in a short block (at most [`WEATHER_MAX_WORDS`] words) that holds a temperature (a number before `°`, `℃`, `℉`): the temperatures of the air (not an oven's, "180 °C") and the condition words (six languages), the other readings (wind, humidity, pressure, a wind's compass point) and a forecast's day; a block of only these coming or going is a forecast's day (`weather_only`); the sun's times of the day, "Sunrise 07:52 · Sunset 16:01" (`sun_times`); a reading after its label and a colon, in levels too (`weather_reading`: "Air quality: Good (AQI 32)", "Pollen: high") | "Berlin 7 °C, bewölkt" → "9 °C, sonnig", "7°C Partly cloudy" → "9°C Sunny" |
//! | `related` | a module of other pages' teasers under a heading that names it (eight languages), its heading and short blocks ([`related_blocks`]); or an `<aside>` of linked teaser cards (`<article>` elements) beside the page, a card that came, went, moved or was swapped for another, not one edited ([`aside_teasers`]); or one line that names a teaser or the day's pick after such a label and a colon, not a heading nor in an `<article>` ([`labelled_teasers`]: "Trending now: …", "Word of the Day: …") | "Mehr zum Thema", "You may also like", "Most read", "À lire aussi", "Customers also bought", "Recently viewed", "Up next", a sidebar's "Quote of the day"; a "Top stories" box of cards beside an imprint |
//! | `ad` | advertising the page labels as such, with the small module the label stands in (a box whose own text is the label, the label's parent, an `article`, `li`, `aside`, `section` or `figure`; [`ad_blocks`]) | "Anzeige", "Sponsored content", "Angebote und Aktionen Anzeige" |
//! | `id` | a session id, hash or token: 8+ characters mixing letters and digits, or a UUID; not a document's file name (`Plan_07_12_2023.pdf`) | `a8f7e6d5c4`, `sid9x81k2`, `7f3a9c2e-11b2-4c1e-9d2a-0e5b6c7d8e9f` |
//! | `counter` | a whole number in a counter-like block (at most [`COUNTER_MAX_WORDS`] words, e.g. "Visitors: 1,204", not a sentence that states it, "The town has 12,400 inhabitants."; a number written like a version, `21.2` or `0.82.0`, only with a rating word, "4.5 stars", or as an average in stars in a block of any length, "4.5 out of 5 stars 1,234 ratings", or beside a booking site's verdict word in a short block, "Excellent 8.9"), or a number next to a counter word (visitors, online, views, Besucher, Kommentare…; also one written with its magnitude, "2.1k views", or with a fraction and its magnitude in a short block, "1.2K"; a "+" after a count is its, "99+"), a stock left ("Only 3 left in stock"), a paywall's meter ("3 free articles left", "noch 2 kostenlose Artikel"), a score beside how long ago ("123 points by pg 3 hours ago"), a shop's social proof ("12 people bought this", "15 Personen sehen sich das an"), a consent dialog's partners ("We and our 842 partners", "Wir und unsere 241 Partner"); not a price, discount ("save 10%", "-20%", "bis zu 49 %"), rate ("base rate: 4.00%", "VAT 20%", an unsigned percentage alone in its cell, "4.25%"), measure, period, document number or labelled fact ("Tel. 030 1234", "HRB 12345", "Minimum age: 18", "Gleis 3", "Room 204"), international telephone number ("+49 40 4275 4871") or a number in a name between two capitalised words ("Fedora 34 Server"); a four-digit year that is not the year of the visits ("Olympia 2016" → "2021" seen in 2023) is a date's change, content, when the visits' times are known | |
//!
//! A number inside prose ("cancel within 30 days") is **not** volatile by default: changing
//! it is usually meaningful. Sites where it is not are handled by learned rules. Nor, in a
//! short block, is a number before a unit of measure (a recipe's "150 g sugar"), a temperature
//! outside a weather report, a length of time that is no age ("Bake for 60 minutes", unless it
//! runs down, "in 5 min", or is a reading time), one end of a schedule ("Check-in from
//! 15:00"), or a least amount before its unit ("5+ years"). A word that bounds a count is the
//! count's ("Over 100 applicants"), and a rating written with its star moves like a count in
//! a longer block too. A place's length or area ("Max. depth 61 m", "42 km²") and a rate the
//! page states ("base rate: 4.00%", "VAT 20%", an unsigned percentage alone in its cell) are
//! content; a timetable's time ("Estimated arrival 15:55", "Abfahrt 8:12") is content even
//! when it keeps its distance to the visits; a headline's figure (a heading element's number
//! without a counter word, "40,000 homes without power") is the news (`headline_figure`), and
//! a match's score the result (`score`: "2 – 1" alone, "Bayern 2:1 Dortmund", "FT 2-1"). A
//! button's or a tab's count after its label ("Fork 212", "Star 4.1k", "Issues 17", "Pull
//! requests 4"), a market's ticker in a block of any length (a signed percentage, the level
//! before it, a currency pair's rate: "DAX 15.234,12 +0,45%", "EUR/USD 1,0832") and whether a
//! place is open at the visit ("Open now · closes at 22:00" → "Closed · opens at 12:00",
//! [`opening_state`], a relative time) move with the visit.
//!
//! ## When a change is noise
//! [`builtin_noise`] says a changed block is noise when old and new text have the same
//! skeleton — the same tokens, except volatile ones of the same kind — and gives the kinds that
//! differ as the reason.
//!
//! A date is volatile when it tracks the clock: a page stamping the day it was served
//! ("Stand: 22.11.2026", "Updated Nov 22"). A date that moves to another day is news ("Effective
//! date: December 19, 2022" on a page visited three days before; an event moved to 3 May). So
//! when the visit's time is known ([`builtin_noise_at`]), a changed date that can be read
//! (day, month and, if written, year) and lies more than [`DATE_NOW_DAYS`] day from the visit's
//! day makes the change content; so does a month named without a day ("Next review due: March
//! 2027" → "June 2027", `months_in`) whose month lies more than that from its visit's day.
//! Knowing the old visit's time too
//! ([`builtin_noise_between`]), a date is noise only when it tracked the visit in the old
//! **and** the new version: "Last updated" moving from an older day to the visit's day is
//! content, and no learned rule may hide it. A weekday named in a date is judged the same way
//! (`weekdays_named`): "Donnerstag, 1. Januar" → "Freitag, 2. Januar" across a Thursday and a
//! Friday visit tracks them, "Monday to Friday, 9:00" → "Monday to Thursday, 9:00" is the
//! page's opening days. A date after words that say the document changed
//! then ([`EDIT_CUES`]: "Letzte Änderung", "last change", "last modified") is content whenever
//! it moves, also from one visit's day to the next's: a page printing today's date says
//! "today" or "updated", not "last changed". Both days must be the visits' days in one time
//! zone: a stamp that moved from the 12th to the 13th between visits at 16:54 and 17:51 UTC on
//! the 13th is an update (no zone was still on the 12th), while a page printing today's date
//! rolls over at its zone's midnight. A clock likewise: a page printing the time it was
//! served keeps the same distance to each visit (its time zone), so a changed clock is noise
//! only when it did; "Letztes Update: 17:17" seen at 17:20 and then "18:10" seen at 19:40 is the
//! stamp of an edit, and "14:01" → "13:25" a time the page announces. A date after words that
//! say it is the person's last sign-in ([`LOGIN_CUES`]: "Last login", "Letzte Anmeldung",
//! "Your last visit") is noise when it moved forward to no later than the visit's day: it
//! moves when they sign in.
//!
//! ## The same value
//! [`same_value`]: a change of only whitespace (`x .` → `x.`), of only a value's format
//! (`February 24, 2025` ↔ `24 February 2025`, `1,204` ↔ `1204`, a citation renumbered,
//! `1894.[3]` ↔ `1894.[4]`; [`canonical`]; or of the
//! character set it was decoded with, `List’s` ↔ `List???s`; or of the letters' case, `CNN
//! COMMENTATOR BLAMES` ↔ `CNN commentator blames`) or of only
//! the order of a block's items (FAQ questions) is noise of kind `whitespace`, `format` or
//! `reordered`, and teaches nothing: flip histories hash the canonical text, so a format flip
//! never makes a rotating rule, and a later change of the value itself is content. So is an
//! item of a numbered list whose number alone changed because items before it came or went
//! ([`ordinal`]: "9. Partnerangebote" → "10. Partnerangebote", "§ 5" → "§ 6"; kind
//! `renumbered`, judged over the whole list by `classify::site`). A new or
//! removed block of only an id ([`is_bare_id`]) is noise of kind `id`; one of only a count or
//! a relative time ([`bare_count`]: "12 comments", "6Kommentare", "vor 3 Stunden") noise of
//! its kind; one of only a placeholder for what is still loading ([`loading_placeholder`]:
//! "Loading reviews…", "Wird geladen …") noise of kind `not_loaded_yet`.
//!
//! ## Counts set apart by markup
//! A count in its own element right after a word loses its space when the block is read as
//! text ("08:00 Uhr2iX Magazin"): in a counter-like block a change of at most three digits glued
//! to letters is a counter like a separate number (a longer run is a code: "a1780" is another
//! product). A count alone in its element ("1" → "2") is too unlike to be aligned as one changed
//! block; the site state judges a bare number removed and another new at the same path as that
//! change (see `classify::site`), while other texts replaced in place stay content.
//!
//! ## Learned per site
//! [`NoiseModel`] learns, from the person's own visits:
//! - **slot rules** from near-simultaneous versions (a revisit or reload within
//!   [`NEAR_SIMULTANEOUS_SECS`], or two versions whose only difference is that block): the
//!   block's tokens with the differing ones as slots, e.g. `Updated {*} ago` — a later change
//!   is noise only when both texts fit the pattern;
//! - **rotating slots**: a short block at one path that flips back to a text it showed before,
//!   or that is replaced by an unrelated short text in a near-simultaneous version (an edit
//!   that keeps most of its words is an edit, even within minutes); a later change of a short
//!   block at that path is noise when its words are ones the slot showed. A slot learned from
//!   flips whose text held on the page over a revisit at least an hour after it appeared is a
//!   state (a status line, a stock level, a notice), not rotation: flipping back from it
//!   teaches nothing, and its change is content, kept "because its text had stayed"
//!   ([`crate::classify::site::HELD_MIN_VISITS`]); so is a change back to a text that held
//!   there before (the page returns to a state: "no disruptions" again, "Sold out" again).
//!   Nor does a slot learned from flips hide a change between being had and not ("Dispatch in
//!   1 - 2 working days" ↔ "Sold out", [`STOCK_PHRASES`]): kept "because it says whether the
//!   item can be had" ([`crate::classify::Kept::Stock`]). A slot seen swapping within minutes
//!   rotates whatever it says.
//!
//! - **rotating modules** (`RuleKind::Module`, learned by the site state): a slot of the
//!   site's template whose text differs between pages and between fetches; its changes are
//!   noise on every page, with the evidence (pages, visits) in the rule.
//!
//! A learned rule hides a change only where it has seen that change pattern: slot rules and
//! rotating slots keep the telling words their slot showed ([`NoiseRule::vocabulary`]); a
//! change that adds or removes other words (a new sentence, a new row, a new name) is content,
//! its reason naming the rule with why it was kept ([`crate::classify::Kept`]). Only a slot seen
//! swapping its item for an unrelated one within minutes (a rotating banner) may show an item
//! never seen, and only as such a swap ([`is_swap`]); rotating modules, learned from the
//! whole site's rotation, show new items by nature ([`NoiseRule::judge`]).
//!
//! Rules are narrow by construction: a slot rule matches only texts with the same literal
//! tokens, and a rotating rule only short blocks ([`ROTATING_MAX_WORDS`]), so a page that flips
//! a counter on fifty visits and then rewrites a paragraph still shows the paragraph. Every rule
//! has a stable id and can be removed ([`NoiseModel::remove`]); a removed rule stays as a
//! record marked removed, so it is never learned again.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::calendar::{civil_from_days, days_from_civil};
use crate::classify::Reason;
use crate::limits::FLIPS_PER_PATH;
use crate::text;

/// Whether the word `tok` is in the constant list `list` (lowercase), in any letters' case:
/// `in_list!(MONTHS, tok)`. Each call site builds its list's [`ListSet`] once.
macro_rules! in_list {
    ($list:expr, $tok:expr $(,)?) => {{
        static SET: std::sync::OnceLock<ListSet> = std::sync::OnceLock::new();
        SET.get_or_init(|| ListSet::new($list.iter().copied()))
            .has($tok)
    }};
}

/// Blocks with at most this many words are counter-like: a changed number in them is noise.
pub const COUNTER_MAX_WORDS: usize = 6;
/// Blocks with at most this many words are timestamp-like: a changed date or clock is noise.
pub const TIMESTAMP_MAX_WORDS: usize = 12;
/// Words that announce a timestamp: a date or clock after one is noise even in a long block.
const TIMESTAMP_CUES: &[&str] = &[
    "updated",
    "update",
    "modified",
    "generated",
    "published",
    "posted",
    "retrieved",
    "fetched",
    "stand",
    "aktualisiert",
    "aktualisierung",
    "erstellt",
    "veröffentlicht",
    "zuletzt",
    "abgerufen",
    "generiert",
    "now",
    "today",
    "heute",
    "time",
    "uhrzeit",
    "datum",
    "date",
    "as",
    "of",
    "jour",
    "modifié",
    "modifiée",
    "publié",
    "publiée",
    "actualizado",
    "actualizada",
    "actualización",
    "modificado",
    "publicado",
    "aggiornato",
    "aggiornamento",
    "modificato",
    "pubblicato",
    "bijgewerkt",
    "gewijzigd",
    "gepubliceerd",
    "atualizado",
    "atualização",
];

/// A rotating slot holds short items: at most this many words.
pub const ROTATING_MAX_WORDS: usize = 16;
/// A rotating module of the site's template holds at most this many words.
pub const MODULE_MAX_WORDS: usize = 60;
/// Two versions this close in time are near-simultaneous: any difference is automated.
pub const NEAR_SIMULTANEOUS_SECS: i64 = 10 * 60;
/// Most differing word tokens for a slot rule (more means a real edit, not a slot).
pub const MAX_SLOTS: usize = 4;
/// Most rules kept per site (oldest-unused dropped first).
pub const MAX_RULES: usize = crate::limits::MAX_RULES;

/// A kind of volatile token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Volatile {
    /// A time of day.
    Clock,
    /// A calendar date or part of one.
    Date,
    /// "5 minutes ago", "vor 3 Stunden".
    RelativeTime,
    /// A measured duration ("served in 0.02 s").
    Duration,
    /// An IPv4 address.
    Ip,
    /// A session id, hash or token.
    Id,
    /// A counter value.
    Counter,
    /// Only whitespace changed (`x .` → `x.`): no change.
    Whitespace,
    /// The same value in another format (`February 24, 2025` → `24 February 2025`).
    Format,
    /// The same items in a new order.
    Reordered,
    /// An item of a numbered list whose number changed because items before it came or went
    /// ("9. Partnerangebote" → "10. Partnerangebote" under a new item): the same item.
    Renumbered,
    /// The tail of a list that was not loaded (yet) on this visit (an infinite list, a list
    /// that loads more later): not removed.
    #[serde(rename = "not_loaded_yet")]
    Unloaded,
    /// Advertising the page labels as such ("Anzeige", "Sponsored", "Advertisement"): the label
    /// and the small module it stands in ([`ad_blocks`]).
    Ad,
    /// A weather report's reading and words in a short block with a temperature ("Berlin 7 °C,
    /// bewölkt" → "9 °C, sonnig"): a news site's weather widget.
    Weather,
    /// A module of other pages' teasers under a heading that says so ("Mehr zum Thema", "You may
    /// also like", "Most read"): its heading and short blocks ([`related_blocks`]); or a box of
    /// linked teaser cards in an `<aside>` ([`aside_teasers`]).
    Related,
}

impl Volatile {
    /// The snake_case name used in reasons.
    pub fn name(self) -> &'static str {
        match self {
            Volatile::Clock => "clock",
            Volatile::Date => "date",
            Volatile::RelativeTime => "relative_time",
            Volatile::Duration => "duration",
            Volatile::Ip => "ip",
            Volatile::Id => "id",
            Volatile::Counter => "counter",
            Volatile::Whitespace => "whitespace",
            Volatile::Format => "format",
            Volatile::Reordered => "reordered",
            Volatile::Renumbered => "renumbered",
            Volatile::Unloaded => "not_loaded_yet",
            Volatile::Ad => "ad",
            Volatile::Weather => "weather",
            Volatile::Related => "related",
        }
    }
}

const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
    "januar",
    "jänner",
    "februar",
    "märz",
    "mai",
    "juni",
    "juli",
    "oktober",
    "dezember",
    "okt",
    "dez",
    // French, Spanish, Italian, Dutch, Portuguese (full names only: their abbreviations are
    // words of their own).
    "janvier",
    "enero",
    "gennaio",
    "januari",
    "janeiro",
    "février",
    "fevrier",
    "febrero",
    "febbraio",
    "februari",
    "fevereiro",
    "mars",
    "marzo",
    "maart",
    "março",
    "marco",
    "avril",
    "abril",
    "aprile",
    "mayo",
    "maggio",
    "mei",
    "maio",
    "juin",
    "junio",
    "giugno",
    "junho",
    "juillet",
    "julio",
    "luglio",
    "julho",
    "août",
    "aout",
    "agosto",
    "augustus",
    "septembre",
    "septiembre",
    "setiembre",
    "settembre",
    "setembro",
    "octobre",
    "octubre",
    "ottobre",
    "outubro",
    "novembre",
    "noviembre",
    "novembro",
    "décembre",
    "decembre",
    "diciembre",
    "dicembre",
    "dezembro",
    // French and Spanish abbreviations that are no words of their own ("28 janv. 2022").
    "janv",
    "févr",
    "fevr",
    "avr",
    "juil",
    "déc",
    "ene",
    "abr",
    "dic",
    // Greek, as a date writes them ("28 Ιανουαρίου 2022").
    "ιανουαρίου",
    "φεβρουαρίου",
    "μαρτίου",
    "απριλίου",
    "μαΐου",
    "ιουνίου",
    "ιουλίου",
    "αυγούστου",
    "σεπτεμβρίου",
    "οκτωβρίου",
    "νοεμβρίου",
    "δεκεμβρίου",
    // Scandinavian, Polish, Czech, Russian, Turkish, Finnish, Romanian and Hungarian names not
    // written the same above (the forms a date uses: "26 listopada", "26. marraskuuta").
    "stycznia",
    "styczeń",
    "styczen",
    "ledna",
    "leden",
    "января",
    "январь",
    "ocak",
    "tammikuuta",
    "tammikuu",
    "ianuarie",
    "január",
    "lutego",
    "luty",
    "února",
    "unora",
    "únor",
    "февраля",
    "февраль",
    "şubat",
    "subat",
    "helmikuuta",
    "helmikuu",
    "februarie",
    "február",
    "marts",
    "marca",
    "marzec",
    "března",
    "brezna",
    "březen",
    "марта",
    "март",
    "maaliskuuta",
    "maaliskuu",
    "martie",
    "március",
    "kwietnia",
    "kwiecień",
    "kwiecien",
    "dubna",
    "duben",
    "апреля",
    "апрель",
    "nisan",
    "huhtikuuta",
    "huhtikuu",
    "aprilie",
    "április",
    "maj",
    "maja",
    "května",
    "kvetna",
    "květen",
    "мая",
    "май",
    "mayıs",
    "toukokuuta",
    "toukokuu",
    "május",
    "czerwca",
    "czerwiec",
    "června",
    "cervna",
    "červen",
    "июня",
    "июнь",
    "haziran",
    "kesäkuuta",
    "kesäkuu",
    "iunie",
    "június",
    "lipca",
    "lipiec",
    "července",
    "cervence",
    "červenec",
    "июля",
    "июль",
    "temmuz",
    "heinäkuuta",
    "heinäkuu",
    "iulie",
    "július",
    "augusti",
    "sierpnia",
    "sierpień",
    "sierpien",
    "srpna",
    "srpen",
    "августа",
    "август",
    "ağustos",
    "agustos",
    "elokuuta",
    "elokuu",
    "augusztus",
    "września",
    "wrzesień",
    "wrzesien",
    "září",
    "zari",
    "сентября",
    "сентябрь",
    "eylül",
    "eylul",
    "syyskuuta",
    "syyskuu",
    "septembrie",
    "szeptember",
    "października",
    "październik",
    "pazdziernik",
    "října",
    "rijna",
    "říjen",
    "октября",
    "октябрь",
    "ekim",
    "lokakuuta",
    "lokakuu",
    "octombrie",
    "október",
    "listopada",
    "listopad",
    "listopadu",
    "ноября",
    "ноябрь",
    "kasım",
    "kasim",
    "marraskuuta",
    "marraskuu",
    "noiembrie",
    "desember",
    "grudnia",
    "grudzień",
    "grudzien",
    "prosince",
    "prosinec",
    "декабря",
    "декабрь",
    "aralık",
    "aralik",
    "joulukuuta",
    "joulukuu",
    "decembrie",
    // Ukrainian
    "січня",
    "січень",
    "лютого",
    "лютий",
    "березня",
    "березень",
    "квітня",
    "квітень",
    "травня",
    "травень",
    "червня",
    "червень",
    "липня",
    "липень",
    "серпня",
    "серпень",
    "вересня",
    "вересень",
    "жовтня",
    "жовтень",
    "листопада",
    "листопад",
    "грудня",
    "грудень",
    // Indonesian names not written the same above.
    "maret",
    "agustus",
    // Arabic (as Egypt and the Gulf name them), Hebrew (also with the ב of "in" glued, "30
    // בנובמבר") and Hindi.
    "يناير",
    "فبراير",
    "مارس",
    "أبريل",
    "ابريل",
    "مايو",
    "يونيو",
    "يوليو",
    "أغسطس",
    "اغسطس",
    "سبتمبر",
    "أكتوبر",
    "اكتوبر",
    "نوفمبر",
    "ديسمبر",
    "ינואר",
    "פברואר",
    "מרץ",
    "אפריל",
    "מאי",
    "יוני",
    "יולי",
    "אוגוסט",
    "ספטמבר",
    "אוקטובר",
    "נובמבר",
    "דצמבר",
    "בינואר",
    "בפברואר",
    "במרץ",
    "באפריל",
    "במאי",
    "ביוני",
    "ביולי",
    "באוגוסט",
    "בספטמבר",
    "באוקטובר",
    "בנובמבר",
    "בדצמבר",
    "जनवरी",
    "फ़रवरी",
    "फरवरी",
    "मार्च",
    "अप्रैल",
    "मई",
    "जून",
    "जुलाई",
    "अगस्त",
    "सितंबर",
    "सितम्बर",
    "अक्टूबर",
    "अक्तूबर",
    "नवंबर",
    "नवम्बर",
    "दिसंबर",
    "दिसम्बर",
    // Bulgarian.
    "януари",
    "февруари",
    "април",
    "юни",
    "юли",
    "септември",
    "октомври",
    "ноември",
    "декември",
    // Serbian (Cyrillic and Latin), Bosnian and Slovak, with the genitives their dates use
    // ("7. decembra 2026.").
    "јануар",
    "januara",
    "januára",
    "фебруар",
    "februara",
    "februára",
    "mart",
    "marta",
    "aprila",
    "apríla",
    "мај",
    "mája",
    "јун",
    "juna",
    "júna",
    "јул",
    "jula",
    "júla",
    "avgust",
    "avgusta",
    "augusta",
    "септембар",
    "septembar",
    "septembra",
    "октобар",
    "oktobar",
    "oktobra",
    "októbra",
    "новембар",
    "novembar",
    "novembra",
    "децембар",
    "decembar",
    "decembra",
    // Croatian (but its October, "listopada", which is November in Polish).
    "siječnja",
    "siječanj",
    "veljače",
    "veljača",
    "ožujka",
    "ožujak",
    "travnja",
    "travanj",
    "svibnja",
    "svibanj",
    "lipnja",
    "lipanj",
    "srpnja",
    "srpanj",
    "kolovoza",
    "kolovoz",
    "rujna",
    "rujan",
    "studenoga",
    "studenog",
    "studeni",
    "prosinca",
    "prosinac",
    // Slovenian.
    "marec",
    "junij",
    "julij",
    // Lithuanian (the genitives of "2026 m. gruodžio 7 d.").
    "sausio",
    "vasario",
    "kovo",
    "balandžio",
    "gegužės",
    "birželio",
    "liepos",
    "rugpjūčio",
    "rugsėjo",
    "spalio",
    "lapkričio",
    "gruodžio",
    // Latvian (and the locatives, "7. decembrī").
    "janvāris",
    "janvārī",
    "februāris",
    "februārī",
    "martā",
    "aprīlis",
    "aprīlī",
    "maijs",
    "maijā",
    "jūnijs",
    "jūnijā",
    "jūlijs",
    "jūlijā",
    "augusts",
    "augustā",
    "septembris",
    "septembrī",
    "oktobris",
    "oktobrī",
    "novembris",
    "novembrī",
    "decembris",
    "decembrī",
    // Estonian.
    "jaanuar",
    "veebruar",
    "märts",
    "aprill",
    "juuni",
    "juuli",
    "oktoober",
    "detsember",
    // Catalan.
    "gener",
    "febrer",
    "març",
    "maig",
    "juny",
    "juliol",
    "agost",
    "setembre",
    "desembre",
    // Filipino.
    "pebrero",
    "marso",
    "hunyo",
    "hulyo",
    "setyembre",
    "oktubre",
    "nobyembre",
    "disyembre",
    // Malay (its March, "Mac", also a computer's name: "Mac 14" is read as 14 March, far from
    // most visits, content) and Swahili.
    "mac",
    "machi",
    "aprili",
    "julai",
    "ogos",
    "agosti",
    "septemba",
    "oktoba",
    "novemba",
    "disember",
    "desemba",
    // Bengali (its ya written as one character or with its nukta), Tamil and Urdu.
    "জানুয়ারি",
    "জানুয়ারি",
    "ஜனவரி",
    "جنوری",
    "ফেব্রুয়ারি",
    "ফেব্রুয়ারি",
    "பிப்ரவரி",
    "فروری",
    "মার্চ",
    "மார்ச்",
    "مارچ",
    "এপ্রিল",
    "ஏப்ரல்",
    "اپریل",
    "মে",
    "மே",
    "مئی",
    "জুন",
    "ஜூன்",
    "جون",
    "জুলাই",
    "ஜூலை",
    "جولائی",
    "আগস্ট",
    "ஆகஸ்ட்",
    "اگست",
    "সেপ্টেম্বর",
    "செப்டம்பர்",
    "ستمبر",
    "অক্টোবর",
    "அக்டோபர்",
    "اکتوبر",
    "নভেম্বর",
    "நவம்பர்",
    "نومبر",
    "ডিসেম্বর",
    "டிசம்பர்",
    "دسمبر",
    // Persian, for the Gregorian months (its own calendar's months are [`PERSIAN_MONTHS`]).
    "ژانویه",
    "فوریه",
    "آوریل",
    "مه",
    "ژوئن",
    "ژوئیه",
    "ژوییه",
    "اوت",
    "سپتامبر",
    "اکتبر",
    "نوامبر",
    "دسامبر",
    // Thai (a Thai date's year is of the Buddhist era, [`thai_year`]).
    "มกราคม",
    "กุมภาพันธ์",
    "มีนาคม",
    "เมษายน",
    "พฤษภาคม",
    "มิถุนายน",
    "กรกฎาคม",
    "สิงหาคม",
    "กันยายน",
    "ตุลาคม",
    "พฤศจิกายน",
    "ธันวาคม",
    // The months of the Persian calendar ([`PERSIAN_MONTHS`]; not of [`month_number`]).
    "فروردین",
    "اردیبهشت",
    "خرداد",
    "تیر",
    "مرداد",
    "شهریور",
    "مهر",
    "آبان",
    "آذر",
    "دی",
    "بهمن",
    "اسفند",
    // Abbreviated ("7 Ara 2026", "7 gru 2026", "7 дек 2026", "7 Δεκ 2026"): Turkish, Polish
    // (not "sie", German's "Sie"), Russian, Ukrainian, Greek, Italian and Portuguese (not "ago",
    // "set" and "out", English words), Dutch, Indonesian (not "Des", French "des"), Hungarian,
    // Romanian (not "ian", a name, nor "noi", "we"); not Turkish "Tem", Portuguese "tem", has.
    "oca",
    "sty",
    "янв",
    "січ",
    "ιαν",
    "şub",
    "lut",
    "фев",
    "лют",
    "φεβ",
    "fev",
    "febr",
    "mrt",
    "márc",
    "бер",
    "μαρ",
    "nis",
    "kwi",
    "апр",
    "квіт",
    "απρ",
    "ápr",
    "mag",
    "трав",
    "μαΐ",
    "μαϊ",
    "máj",
    "haz",
    "cze",
    "июн",
    "черв",
    "ιουν",
    "giu",
    "jún",
    "iun",
    "lip",
    "июл",
    "лип",
    "ιουλ",
    "lug",
    "júl",
    "iul",
    "ağu",
    "авг",
    "серп",
    "αυγ",
    "agu",
    "agt",
    "ags",
    "eyl",
    "wrz",
    "сен",
    "вер",
    "σεπ",
    "szept",
    "eki",
    "paź",
    "окт",
    "жовт",
    "οκτ",
    "ott",
    "kas",
    "lis",
    "ноя",
    "лист",
    "νοε",
    "ara",
    "gru",
    "дек",
    "груд",
    "δεκ",
];
/// Today and yesterday by name, which stand in a date where a weekday would ("Heute, 14:05";
/// the weekdays themselves are [`WEEKDAY_ROWS`]).
const RELATIVE_DAYS: &[&str] = &[
    "today",
    "yesterday",
    "heute",
    "gestern",
    "hoy",
    "ayer",
    "oggi",
    "ieri",
    "vandaag",
    "gisteren",
];

/// Whether a token names a day as a date does: a weekday ([`WEEKDAY_ROWS`]) or today or
/// yesterday ([`RELATIVE_DAYS`]).
fn is_day_name(tok: &str) -> bool {
    static DAYS: std::sync::OnceLock<ListSet> = std::sync::OnceLock::new();
    DAYS.get_or_init(|| ListSet::new(WEEKDAY_ROWS.iter().flatten().chain(RELATIVE_DAYS).copied()))
        .has(tok)
        || thai_weekday(tok).is_some()
}

/// Thai weekdays, Monday first: "จันทร์" … "อาทิตย์" (Thai writes no spaces: a date's weekday
/// is one token with "วัน", day, before it and often "ที่", the, after: "วันจันทร์ที่ 7
/// ธันวาคม 2569"); Thursday also short, "พฤหัส".
const THAI_WEEKDAYS: [&str; 7] = ["จันทร์", "อังคาร", "พุธ", "พฤหัสบดี", "ศุกร์", "เสาร์", "อาทิตย์"];

/// The weekday (0 = Monday) a Thai token names ([`THAI_WEEKDAYS`]), with or without "วัน"
/// before it and "ที่" after it.
fn thai_weekday(tok: &str) -> Option<usize> {
    if !is_thai(tok) {
        return None;
    }
    let t = tok.strip_prefix("วัน").unwrap_or(tok);
    let t = t.strip_suffix("ที่").unwrap_or(t);
    THAI_WEEKDAYS
        .iter()
        .position(|d| *d == t)
        .or((t == "พฤหัส").then_some(3))
}
/// Units of the clock: "5 minutes ago", "vor 3 Stunden" (with [`CALENDAR_UNITS`], the units of
/// a relative time: [`is_time_unit`]).
const CLOCK_UNITS: &[&str] = &[
    "second",
    "seconds",
    "sec",
    "secs",
    "s",
    "minute",
    "minutes",
    "min",
    "mins",
    "hour",
    "hours",
    "hr",
    "hrs",
    "h",
    "sekunde",
    "sekunden",
    "minuten",
    "stunde",
    "stunden",
    "std",
    "secondes",
    "heure",
    "heures",
    "segundo",
    "segundos",
    "minuto",
    "minutos",
    "hora",
    "horas",
    "secondi",
    "minuti",
    "ore",
    "seconden",
    "minuut",
    "uur",
    "uren",
    // Scandinavian, Polish, Czech, Russian, Turkish, Finnish, Romanian ("5 minut temu",
    // "för 5 minuter sedan", "5 минут назад", "5 dakika önce", "5 minuuttia sitten").
    "sekunder",
    "sekund",
    "minuter",
    "minutter",
    "timmar",
    "timme",
    // (Danish and Norwegian hours, "2 timer siden"; their one hour, "time", is an English
    // word.)
    "timer",
    "sekundy",
    "minut",
    "minuty",
    "minutę",
    "godzin",
    "godziny",
    "godzinę",
    "sekundami",
    "minutami",
    "minutou",
    "hodinami",
    "hodinou",
    "hodin",
    "секунд",
    "секунды",
    "секунду",
    "минут",
    "минуты",
    "минуту",
    "час",
    "часа",
    "часов",
    // Ukrainian ("5 хвилин тому", "2 години тому").
    "секунди",
    "хвилину",
    "хвилини",
    "хвилин",
    "годину",
    "години",
    "годин",
    "saniye",
    "dakika",
    "saat",
    "sekuntia",
    "minuuttia",
    "tuntia",
    "tunti",
    "secunde",
    // Indonesian, Vietnamese, Arabic, Hebrew, Greek, Hindi, Hungarian ("5 menit yang lalu",
    // "5 phút trước", "منذ 5 دقائق", "לפני 5 דקות", "πριν από 5 λεπτά", "5 मिनट पहले", "5 perce").
    "detik",
    "menit",
    "jam",
    "giây",
    "phút",
    "giờ",
    "ثانية",
    "ثوان",
    "دقيقة",
    "دقائق",
    "ساعة",
    "ساعات",
    "שניות",
    "דקה",
    "דקות",
    "שעה",
    "שעות",
    "δευτερόλεπτα",
    "λεπτό",
    "λεπτά",
    "ώρα",
    "ώρες",
    "सेकंड",
    "मिनट",
    "घंटा",
    "घंटे",
    "másodperc",
    "másodperce",
    "perc",
    "perce",
    "órája",
    // Thai ("5 นาที ที่แล้ว"; glued to its "ago", see `thai_ago`).
    "วินาที",
    "นาที",
    "ชั่วโมง",
    // Persian, Urdu, Bengali, Tamil (glued to its "to", "நிமிடங்களுக்கு முன்பு"), Bulgarian,
    // Serbian and Croatian, Slovak, Slovenian, Lithuanian, Latvian, Estonian, Catalan, Filipino,
    // Malay, and Hungarian with its "ezelőtt" ("5 perccel ezelőtt").
    "ثانیه",
    "دقیقه",
    "ساعت",
    "سیکنڈ",
    "منٹ",
    "گھنٹے",
    "گھنٹہ",
    "সেকেন্ড",
    "মিনিট",
    "ঘণ্টা",
    "நிமிடங்களுக்கு",
    "நிமிடத்திற்கு",
    "வினாடிகளுக்கு",
    "минути",
    "минута",
    "sekundi",
    "minuta",
    "sata",
    "sati",
    "сата",
    "сати",
    "minútami",
    "minútou",
    "urami",
    "uro",
    "sekundes",
    "valandas",
    "valandą",
    "sekundēm",
    "minūtēm",
    "minūtes",
    "stundām",
    "stundas",
    "sekundit",
    "minutit",
    "tundi",
    "tund",
    "segons",
    "minuts",
    "hores",
    "oras",
    "minit",
    "másodperccel",
    "perccel",
    "órával",
];
/// Days, weeks, months and years in the languages the detectors read: units of a relative time
/// ("3 days ago") and of a period ("within 14 days").
const CALENDAR_UNITS: &[&str] = &[
    // Indonesian, Vietnamese, Arabic, Hebrew, Greek, Hindi, Hungarian (as with the clock's).
    "hari",
    "minggu",
    "bulan",
    "tahun",
    "ngày",
    "tuần",
    "tháng",
    "يوم",
    "أيام",
    "أسبوع",
    "أسابيع",
    "شهر",
    "أشهر",
    "سنة",
    "سنوات",
    "יום",
    "ימים",
    "שבוע",
    "שבועות",
    "חודש",
    "חודשים",
    "שנים",
    "שנה",
    // Thai (see `thai_ago`).
    "วัน",
    "สัปดาห์",
    "อาทิตย์",
    "เดือน",
    "ปี",
    "μέρα",
    "μέρες",
    "ημέρα",
    "ημέρες",
    "εβδομάδα",
    "εβδομάδες",
    "μήνα",
    "μήνες",
    "χρόνια",
    "दिन",
    "हफ्ते",
    "हफ़्ते",
    "महीने",
    "napja",
    "hete",
    "hónapja",
    "éve",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "tag",
    "tage",
    "tagen",
    "woche",
    "wochen",
    "monat",
    "monate",
    "monaten",
    "jahr",
    "jahre",
    "jahren",
    "jour",
    "jours",
    "semaine",
    "semaines",
    "mois",
    "ans",
    "día",
    "días",
    "dia",
    "dias",
    "semana",
    "semanas",
    "mes",
    "meses",
    "año",
    "años",
    "giorno",
    "giorni",
    "settimana",
    "settimane",
    "mese",
    "mesi",
    "anno",
    "anni",
    "dag",
    "dagen",
    "weken",
    "maand",
    "maanden",
    "jaar",
    "jaren",
    "mês",
    "ano",
    "anos",
    // Scandinavian, Polish, Czech, Russian, Turkish, Finnish, Romanian.
    "dagar",
    "dage",
    "dager",
    "vecka",
    "veckor",
    "uge",
    "uger",
    "uke",
    "uker",
    "månad",
    "månader",
    "måned",
    "måneder",
    "år",
    "dzień",
    "dni",
    "tydzień",
    "tygodnie",
    "tygodni",
    "miesiąc",
    "miesiące",
    "miesięcy",
    "rok",
    "lata",
    "lat",
    "dny",
    "dnem",
    "dnů",
    "týden",
    "týdny",
    "měsíc",
    "měsíci",
    "měsíců",
    "rokem",
    "lety",
    "день",
    "дні",
    "днів",
    "тиждень",
    "тижні",
    "тижнів",
    "місяць",
    "місяці",
    "місяців",
    "рік",
    "роки",
    "років",
    "дня",
    "дней",
    "неделю",
    "недели",
    "недель",
    "месяц",
    "месяца",
    "месяцев",
    "год",
    "года",
    "лет",
    "gün",
    "hafta",
    "yıl",
    "päivää",
    "päivä",
    "viikkoa",
    "kuukautta",
    "vuotta",
    "zile",
    "săptămâni",
    "ani",
    // Persian, Urdu, Bengali, Tamil, Bulgarian, Serbian and Croatian, Slovak, Slovenian,
    // Lithuanian, Latvian, Estonian, Catalan, Filipino, Hungarian (as with the clock's; not
    // Croatian's "dan", a name, nor Latvian's "gada", a date's word).
    "روز",
    "هفته",
    "ماه",
    "سال",
    "دن",
    "ہفتے",
    "مہینے",
    "দিন",
    "সপ্তাহ",
    "মাস",
    "বছর",
    "நாட்களுக்கு",
    "வாரங்களுக்கு",
    "மாதங்களுக்கு",
    "ஆண்டுகளுக்கு",
    "дни",
    "ден",
    "седмица",
    "седмици",
    "месец",
    "месеца",
    "dana",
    "tjedan",
    "tjedna",
    "tjedana",
    "mjesec",
    "mjeseca",
    "mjeseci",
    "mesec",
    "meseca",
    "meseci",
    "godinu",
    "godine",
    "godina",
    "дана",
    "месеци",
    "dňami",
    "dňom",
    "týždňami",
    "týždňom",
    "mesiacmi",
    "mesiacom",
    "rokmi",
    "dnevi",
    "dnevom",
    "tedni",
    "dienas",
    "dieną",
    "savaites",
    "savaitę",
    "mėnesius",
    "mėnesį",
    "metus",
    "dienām",
    "nedēļām",
    "mēnešiem",
    "gadiem",
    "päeva",
    "nädalat",
    "kuud",
    "aastat",
    "dies",
    "setmanes",
    "mesos",
    "anys",
    "araw",
    "buwan",
    "taon",
    "nappal",
    "héttel",
    "hónappal",
    "évvel",
];
/// Periods that are no unit of a relative time (with [`CALENDAR_UNITS`], the units of a period:
/// [`is_period_unit`]).
const PERIOD_ONLY_UNITS: &[&str] = &[
    "werktag",
    "werktage",
    "werktagen",
    "arbeitstag",
    "arbeitstage",
    "arbeitstagen",
    "geschäftstag",
    "geschäftstage",
    "geschäftstagen",
    "bankarbeitstage",
    "bankarbeitstagen",
    "weekday",
    "weekdays",
    "année",
    "années",
];
/// Words that may stand between a number and its unit ("3 working days", "5 business days").
const UNIT_QUALIFIERS: &[&str] = &[
    "working", "business", "calendar", "banking", "school", "full",
];

/// Whether a word is a unit of a relative time ("5 minutes ago", "vor 3 Tagen").
fn is_time_unit(w: &str) -> bool {
    in_list!(CLOCK_UNITS, w) || in_list!(CALENDAR_UNITS, w)
}

/// Whether a word is a calendar period: a number of them (not "ago") is a term or a period
/// of a document or an offer ("refunds within 14 days", "dispatch in 3 - 4 weeks").
fn is_period_unit(w: &str) -> bool {
    in_list!(CALENDAR_UNITS, w) || in_list!(PERIOD_ONLY_UNITS, w)
}
/// Words that number a document or its parts ("Version 3.2", "Section 12", "§ 7"): the number
/// after one is what the document is, not a counter.
const DOCUMENT_LABELS: &[&str] = &[
    "version",
    "release",
    "edition",
    "section",
    "article",
    "art",
    "chapter",
    "clause",
    "part",
    "paragraph",
    "para",
    "abschnitt",
    "artikel",
    "kapitel",
    "ziffer",
    "absatz",
    "abs",
    "fassung",
    "ausgabe",
    "teil",
];
/// Labels of numbers that identify or state a fact, not count: telephone and fax numbers,
/// company register and tax numbers, postal codes, bank accounts, an age limit, the place
/// where something happens ("Tel. +49 30 2591 0", "HRB 12345", "USt-IdNr. DE 123", "PLZ 10115",
/// "Minimum age: 18", "Gleis 3", "Room 204", "Gate B12"). A number after one — and every number
/// of the run that follows it — is content: an imprint or terms page that changes it says
/// something new, a timetable or a course page that moves a train or a lecture too.
const FACT_LABELS: &[&str] = &[
    "tel",
    "telefon",
    "telephone",
    "phone",
    "fon",
    "fax",
    "telefax",
    "mobil",
    "mobile",
    "handy",
    "hotline",
    "whatsapp",
    "tél",
    "téléphone",
    "telefono",
    "teléfono",
    "hrb",
    "hra",
    "registernummer",
    "handelsregister",
    "idnr",
    "ustidnr",
    "steuernummer",
    "vat",
    "tva",
    "siret",
    "siren",
    "rcs",
    "iban",
    "bic",
    "plz",
    "zip",
    "postcode",
    "postleitzahl",
    "age",
    "alter",
    "mindestalter",
    "âge",
    "gleis",
    "bahnsteig",
    "platform",
    "track",
    "gate",
    "terminal",
    "room",
    "raum",
    "zimmer",
    "saal",
    "hörsaal",
    "hall",
    "halle",
    "voie",
    "quai",
    "salle",
    "binario",
    "andén",
    "sala",
    "spoor",
];
const DURATION_UNITS: &[&str] = &[
    "ms",
    "msec",
    "millisecond",
    "milliseconds",
    "s",
    "sec",
    "secs",
    "second",
    "seconds",
    "sekunden",
];
/// Words before a duration in whole seconds that make it a measurement ([`DURATION_UNITS`]):
/// "Response time 3 s", "took 2 seconds", "Refreshing in 30 s", "nach 5 Sekunden".
const MEASURED_BEFORE: &[&str] = &[
    "in", "took", "time", "latency", "ping", "after", "nach", "en", "dans", "tra", "binnen",
    "zeit", "dauer", "temps", "tiempo", "tempo",
];
/// Words that name a wait ("Wait time: 25 min", "Wartezeit: 40 Min.", "Temps d'attente : 15
/// min").
const WAIT_WORDS: &[&str] = &[
    "wait",
    "waiting",
    "queue",
    "wartezeit",
    "attente",
    "espera",
    "attesa",
    "wachttijd",
];
/// Words that name a board of departures: minutes there are the time left to each one
/// ("Departures: 14 Oak Street 3 min", "Abfahrten: S1 6 Min.", "Prochains départs : 4 min").
const DEPARTURE_WORDS: &[&str] = &[
    "departures",
    "departure",
    "departing",
    "arrivals",
    "abfahrt",
    "abfahrten",
    "abfahrtszeiten",
    "départs",
    "départ",
    "salidas",
    "próximas",
    "partenze",
    "vertrek",
    "vertrektijden",
];
/// "Next" before a vehicle ([`VEHICLE_WORDS`]) names a board of departures too ("Next
/// trains", "Nächste Bahn", "Prochain bus").
const NEXT_WORDS: &[&str] = &[
    "next",
    "nächste",
    "nächster",
    "prochain",
    "prochains",
    "próximo",
    "prossimo",
    "volgende",
];
/// Vehicles of a timetable, after a word of [`NEXT_WORDS`].
const VEHICLE_WORDS: &[&str] = &[
    "bus", "buses", "train", "trains", "tram", "trams", "metro", "subway", "ferry", "shuttle",
    "bahn", "zug", "züge", "busse", "fähre", "autobus", "tren", "treno",
];
/// Words before a length of time that make it run down ("Next bus in 5 min", "endet in 2
/// Stunden"): a countdown, which moves like a count.
const COUNTDOWN_BEFORE: &[&str] = &["in", "en", "dans", "tra", "fra", "binnen"];
/// Words of a reading time ("5 min read", "Lesezeit 3 Minuten"): an estimate that moves with
/// the text's length, like a count.
const READING_WORDS: &[&str] = &[
    "read",
    "reading",
    "lesezeit",
    "lesedauer",
    "lecture",
    "lettura",
    "leestijd",
    "leitura",
    "lectura",
];
/// Whether a word says a reading time ([`READING_WORDS`]), glued after a stamp by markup too
/// ("07.06.2023Lesedauer").
fn reading_word(w: &str) -> bool {
    in_list!(READING_WORDS, w) || {
        let lower = w.to_lowercase();
        READING_WORDS
            .iter()
            .any(|r| r.len() >= 6 && lower.ends_with(r) && lower.len() > r.len())
    }
}
const ARTICLES: &[&str] = &[
    "a", "an", "one", "ein", "eine", "einer", "einem", "einen", "un", "une", "una", "uno", "een",
    "um", "uma",
];
/// Words for an unnamed few, counted like a number in a relative time ("a few seconds ago",
/// "vor wenigen Sekunden", "il y a quelques minutes").
const FEW_WORDS: &[&str] = &[
    "few", "several", "wenigen", "einigen", "paar", "quelques", "unos", "pocos", "alcuni", "enkele",
];
/// Phrases that are a relative time without a number: "just now" → "5 minutes ago".
const NOW_PHRASES: &[&[&str]] = &[
    &["just", "now"],
    &["moments", "ago"],
    &["a", "moment", "ago"],
    &["gerade", "eben"],
    &["soeben"],
    &["à", "l", "instant"],
    &["ahora", "mismo"],
    &["zojuist"],
    &["hace", "un", "momento"],
    &["il", "y", "a", "un", "instant"],
    &["há", "pouco"],
    &["agora", "mesmo"],
    &["poco", "fa"],
    &["zonet"],
    &["только", "что"],
    &["przed", "chwilą"],
    &["az", "önce"],
    &["juuri", "nyt"],
    // Japanese, Chinese, Korean, Ukrainian, Greek, Indonesian, Vietnamese, Arabic, Hebrew,
    // Hindi, Scandinavian, Czech, Spanish and Italian phrases not above.
    &["たった今"],
    &["今さっき"],
    &["刚刚"],
    &["刚才"],
    &["방금"],
    &["щойно"],
    &["тільки", "що"],
    &["μόλις", "τώρα"],
    &["baru", "saja"],
    &["vừa", "xong"],
    &["قبل", "قليل"],
    &["منذ", "قليل"],
    &["לפני", "רגע"],
    &["अभी", "अभी"],
    &["just", "nu"],
    &["lige", "nu"],
    &["akkurat", "nå"],
    &["právě", "teď"],
    &["před", "chvílí"],
    &["justo", "ahora"],
    &["proprio", "ora"],
];
/// A past period named relative to today ("last week", "letzten Monat", "le mois dernier"): a
/// relative time in a block of at most [`LAST_PERIOD_MAX_WORDS`] words ("last week" beside a
/// file's last commit, "Updated last month"); in prose ("Last year the council…") the text's.
const LAST_PERIODS: &[&[&str]] = &[
    &["last", "week"],
    &["last", "month"],
    &["last", "year"],
    &["letzte", "woche"],
    &["letzten", "monat"],
    &["letztes", "jahr"],
    &["la", "semaine", "dernière"],
    &["le", "mois", "dernier"],
    &["l", "année", "dernière"],
    &["la", "semana", "pasada"],
    &["el", "mes", "pasado"],
    &["el", "año", "pasado"],
];
/// The most words of a block in which a [`LAST_PERIODS`] phrase is a relative time.
const LAST_PERIOD_MAX_WORDS: usize = 4;
/// Days named relative to today: "today", "yesterday", "tomorrow", "heute", "gestern", "vorgestern",
/// "aujourd'hui" (the tokenizer splits it: "aujourd" is enough), "hier", "hoy", "ayer",
/// "oggi", "ieri", "vandaag", "gisteren", "hoje", "ontem", and in Swedish, Polish, Czech,
/// Russian, Turkish and Finnish ("idag", "wczoraj", "včera", "вчера", "dün", "eilen").
const DAY_WORDS: &[&str] = &[
    "today",
    "yesterday",
    "heute",
    "gestern",
    "vorgestern",
    "aujourd",
    "hier",
    "hoy",
    "ayer",
    "oggi",
    "ieri",
    "vandaag",
    "gisteren",
    "hoje",
    "ontem",
    "idag",
    "igår",
    "dzisiaj",
    "dziś",
    "wczoraj",
    "dnes",
    "včera",
    "сегодня",
    "вчера",
    "bugün",
    "dün",
    "tänään",
    "eilen",
    // Ukrainian, Japanese, Chinese, Korean, Indonesian, Greek, Hungarian, Romanian, Arabic,
    // Hebrew and Hindi (not Hungarian "ma", also a word of Italian and Spanish).
    "сьогодні",
    "вчора",
    "今日",
    "昨日",
    "今天",
    "昨天",
    "오늘",
    "어제",
    "kemarin",
    "σήμερα",
    "χθες",
    "χτες",
    "tegnap",
    "azi",
    "astăzi",
    "اليوم",
    "أمس",
    "امس",
    "היום",
    "אתמול",
    "आज",
    "कल",
    // The days ahead, as an events list names them ("Tomorrow · 10:00" → "Today · 10:00" a
    // day later). (Not "morgen", "mañana" or "morgon": also "morning".)
    "tomorrow",
    "tonight",
    "übermorgen",
    "demain",
    "domani",
    "amanhã",
    "jutro",
    "zítra",
    "завтра",
    "yarın",
    "huomenna",
    "明日",
    "明天",
    "내일",
    "besok",
    "αύριο",
    "holnap",
    "mâine",
    "غدا",
    "מחר",
    // Thai, Persian, Urdu, Bulgarian, Serbian and Croatian, Slovak, Slovenian, Lithuanian,
    // Latvian, Estonian, Catalan, Malay, Filipino, Bengali, Tamil (not Slovenian "danes", also
    // English, nor Estonian "homme", also French, nor Swahili's, also names).
    "วันนี้",
    "เมื่อวาน",
    "เมื่อวานนี้",
    "พรุ่งนี้",
    "امروز",
    "دیروز",
    "فردا",
    "آج",
    "днес",
    "утре",
    "данас",
    "јуче",
    "сутра",
    "danas",
    "jučer",
    "juče",
    "sutra",
    "zajtra",
    "včeraj",
    "jutri",
    "šiandien",
    "vakar",
    "rytoj",
    "šodien",
    "rīt",
    "täna",
    "eile",
    "avui",
    "ahir",
    "demà",
    "semalam",
    "esok",
    "kahapon",
    "আজ",
    "গতকাল",
    "আগামীকাল",
    "இன்று",
    "நேற்று",
    "நாளை",
];
/// Days named relative to today in two words, read as [`DAY_WORDS`] are: Danish and
/// Norwegian ("i dag", "i går", "i morgen"), Indonesian ("hari ini") and Vietnamese ("hôm nay",
/// "hôm qua", "ngày mai").
const DAY_PAIRS: &[[&str; 2]] = &[
    ["i", "dag"],
    ["i", "går"],
    ["i", "morgen"],
    ["hari", "ini"],
    ["hôm", "nay"],
    ["hôm", "qua"],
    ["ngày", "mai"],
];
/// The first words of the [`DAY_PAIRS`].
const DAY_PAIR_FIRSTS: &[&str] = &["i", "hari", "hôm", "ngày"];
/// Units of a relative time written glued to its number: "3m ago", "2h ago", "5d ago".
const COMPACT_UNITS: &[&str] = &[
    "s", "m", "min", "h", "hr", "hrs", "d", "w", "mo", "y", "std",
];
/// Korean units of a relative time, glued to the number: "3시간 전" (three hours ago).
const KOREAN_UNITS: &[&str] = &["초", "분", "시간", "일", "주", "개월", "달", "년"];

/// Units of a relative time in Chinese and Japanese, written glued to the number and to 前
/// ("ago"): "3時間前", "5分钟前", "2天前".
const CJK_UNITS: &[&str] = &[
    "秒", "秒钟", "秒鐘", "分", "分钟", "分鐘", "時間", "小时", "小時", "日", "天", "週間", "周",
    "週", "か月", "ヶ月", "カ月", "个月", "個月", "年",
];

/// Whether a token is a relative time written without spaces: a number of at most three
/// digits, a unit ([`CJK_UNITS`], or one of [`KOREAN_UNITS`]) and "ago" glued to it
/// (前, 전): "3時間前", "5分钟前", "3시간전"; in Chinese and Japanese with the words of the
/// sentence glued before and after it ("更新于5分钟前", "5分前に更新": see [`cjk_unit_ago`]).
fn cjk_ago(tok: &str) -> bool {
    let Some(start) = tok.find(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let digits = tok[start..].bytes().take_while(u8::is_ascii_digit).count();
    if digits > 3 {
        return false;
    }
    let rest = &tok[start + digits..];
    if start > 0 {
        return tok[..start].chars().all(text::is_unspaced_char) && cjk_unit_ago(rest);
    }
    cjk_unit_ago(rest)
        || rest
            .strip_suffix('전')
            .is_some_and(|unit| KOREAN_UNITS.contains(&unit))
}

/// Whether `rest` (what follows a number) is a Chinese or Japanese unit of [`CJK_UNITS`] and
/// 前 ("ago"), and then nothing or more of the script ("分前に更新", "分钟前发布"): but 前後 and
/// 前后 say "about" ("3日前後": about three days).
fn cjk_unit_ago(rest: &str) -> bool {
    let Some(at) = rest.find('前') else {
        return false;
    };
    let after = &rest[at + '前'.len_utf8()..];
    CJK_UNITS.contains(&&rest[..at])
        && !after.starts_with(['後', '后'])
        && after.chars().all(text::is_unspaced_char)
}

/// Thai units of a relative time, written glued to its "ago" (ที่แล้ว, ก่อน) after the
/// number: "5 นาทีที่แล้ว", "2 ชั่วโมงก่อน".
const THAI_UNITS: &[&str] = &["วินาที", "นาที", "ชั่วโมง", "วัน", "สัปดาห์", "อาทิตย์", "เดือน", "ปี"];

/// Whether a token is a Thai unit with "ago" glued after it ([`THAI_UNITS`]).
fn thai_ago(tok: &str) -> bool {
    ["ที่แล้ว", "ก่อน"].iter().any(|ago| {
        tok.strip_suffix(ago)
            .is_some_and(|unit| THAI_UNITS.contains(&unit))
    })
}

/// Units of a relative time in Arabic and Hebrew said two of, in the one word of their dual
/// ("منذ ساعتين", two hours ago; "לפני שעתיים").
const DUAL_UNITS: &[&str] = &[
    "ثانيتين",
    "دقيقتين",
    "ساعتين",
    "يومين",
    "أسبوعين",
    "شهرين",
    "سنتين",
    "שעתיים",
    "יומיים",
    "שבועיים",
    "חודשיים",
    "שנתיים",
];
/// Words after a relative time: "5 minutes ago", "3 ore fa", "3 uur geleden", "5 minut temu",
/// "för 5 minuter sedan", "5 minutter siden", "5 dakika önce", "5 минут назад", "5 minuuttia
/// sitten", "5 menit (yang) lalu", "5 phút trước", "5 मिनट पहले", "5 perc ezelőtt".
const AGO_AFTER: &[&str] = &[
    "ago",
    "lalu",
    "trước",
    "पहले",
    "ezelőtt",
    "전",
    "fa",
    "geleden",
    "temu",
    "sedan",
    "siden",
    "önce",
    "назад",
    "тому",
    "sitten",
    "전에",
    "ที่แล้ว",
    "ก่อน",
    // Persian, Urdu, Bengali, Tamil, Estonian ("۵ دقیقه پیش", "5 منٹ پہلے", "৫ মিনিট আগে",
    // "5 நிமிடங்களுக்கு முன்பு", "5 minutit tagasi"; Filipino's "ang nakalipas": `ago_after`).
    "پیش",
    "پہلے",
    "আগে",
    "முன்பு",
    "முன்",
    "tagasi",
];
/// Words before a relative time: "vor 3 Stunden", "hace 3 horas", "há 3 horas", "před 5
/// minutami", "acum 5 minute", "منذ 5 دقائق", "לפני 5 דקות", "πριν 5 λεπτά" (and French "il y a 3
/// heures" and Greek "πριν από 5 λεπτά", see `ago_before`).
/// Bulgarian, Serbian, Croatian, Slovak, Slovenian, Lithuanian, Latvian and Catalan say it
/// before too ("преди 5 минути", "prije 2 sata", "pred 5 minútami", "prieš 5 minutes", "pirms 2
/// stundām", "fa 5 minuts").
const AGO_BEFORE: &[&str] = &[
    "vor",
    "hace",
    "há",
    "před",
    "acum",
    "منذ",
    "לפני",
    "πριν",
    "преди",
    "prije",
    "pre",
    "пре",
    "pred",
    "prieš",
    "pirms",
    "fa",
];
/// Words between a day and its month, or a month and its year, in Spanish and Portuguese dates
/// ("24 de febrero de 2025").
const DATE_JOINERS: &[&str] = &["de", "del"];
/// Words that say what a count counts: readers, visits, comments (English, German, French,
/// Spanish, Italian, Portuguese, Dutch, Scandinavian, Polish, Czech, Russian, Chinese, Japanese,
/// Korean). A number before or after one is a count: "5 Kommentare", "Views: 1,234".
const COUNTER_WORDS: &[&str] = &[
    "visitor",
    "visitors",
    "visits",
    "users",
    "online",
    "views",
    "viewers",
    "members",
    "guests",
    "comments",
    "likes",
    "shares",
    "followers",
    "applicants",
    "bewerber",
    "candidats",
    "readers",
    "downloads",
    "hits",
    "upvotes",
    "subscribers",
    "watchers",
    "forks",
    "stargazers",
    "dependents",
    "besucher",
    "besuchern",
    "kommentare",
    "kommentar",
    "kommentaren",
    "aufrufe",
    "leser",
    "nutzer",
    "mitglieder",
    "gäste",
    "served",
    "generated",
    "queries",
    "commentaires",
    "vues",
    "lecteurs",
    "visiteurs",
    "partages",
    "abonnés",
    "comentarios",
    "comentários",
    "visitas",
    "lecturas",
    "visualizaciones",
    "visualizações",
    "seguidores",
    "commenti",
    "visualizzazioni",
    "lettori",
    "reacties",
    "weergaven",
    "bezoekers",
    "kommentarer",
    "visninger",
    "visningar",
    "komentarze",
    "komentarzy",
    "wyświetlenia",
    "wyświetleń",
    "komentáře",
    "komentářů",
    "комментария",
    "комментариев",
    "просмотра",
    "просмотров",
    // What readers and buyers write: a count of them moves with every one.
    "reviews",
    "ratings",
    "évaluations",
    "avis",
    "valoraciones",
    "reseñas",
    "opiniones",
    "recensioni",
    "valutazioni",
    "recensies",
    "beoordelingen",
    "replies",
    "answers",
    "reactions",
    "retweets",
    "reposts",
    "bewertungen",
    "rezensionen",
    "antworten",
    "avis",
    "reseñas",
    "recensioni",
    "beoordelingen",
    // Chinese, Japanese and Korean, before or after the count ("评论 12", "コメント (12)",
    // "댓글 12", "조회수 1,234").
    "评论",
    "評論",
    "阅读",
    "閱讀",
    "浏览",
    "瀏覽",
    "点赞",
    "點讚",
    "回复",
    "回覆",
    "コメント",
    "いいね",
    "閲覧",
    "閲覧数",
    "レビュー",
    "댓글",
    "답글",
    "조회",
    "조회수",
    "추천",
    "공감",
    "좋아요",
    "리뷰",
];

/// A button's or a tab's label before the count it shows ("Star 4.1k", "Fork 212",
/// "Watch 38", "Issues 17"; "Pull requests 4" by [`count_label`]): what others do, counted.
/// Only before the number ("Fixed 17 issues" in a changelog is content).
const COUNT_LABELS: &[&str] = &[
    "star",
    "stars",
    "fork",
    "watch",
    "issues",
    "discussions",
    "dependents",
    "sponsors",
];

/// Whether the number at word `k` follows a button's or a tab's label ([`COUNT_LABELS`], or
/// "Pull requests", "Merge requests": "API requests 10,000" on a pricing page is a quota).
fn count_label<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    word_at(k - 1).is_some_and(|p| {
        in_list!(COUNT_LABELS, p)
            || (p.eq_ignore_ascii_case("requests")
                && word_at(k - 2).is_some_and(|q| {
                    q.eq_ignore_ascii_case("pull") || q.eq_ignore_ascii_case("merge")
                }))
    })
}

/// The singular of counter words, as a count of one (or none, in French) writes them ("1
/// comment", "1 Aufruf", "0 commentaire"): a count only right after a 0 or a 1, since many are
/// verbs or words of a name too ("the storm hit 3 towns", "visit 12 stores", "2 guest rooms").
const COUNTER_SINGULARS: &[&str] = &[
    "applicant",
    "visit",
    "user",
    "view",
    "viewer",
    "member",
    "guest",
    "comment",
    "like",
    "share",
    "follower",
    "reader",
    "download",
    "hit",
    "upvote",
    "subscriber",
    "watcher",
    "fork",
    "aufruf",
    "commentaire",
    "vue",
    "lecteur",
    "visiteur",
    "partage",
    "abonné",
    "comentario",
    "comentário",
    "visita",
    "lectura",
    "visualización",
    "visualização",
    "seguidor",
    "commento",
    "visualizzazione",
    "lettore",
    "reactie",
    "weergave",
    "bezoeker",
    "komentarz",
    "komentář",
    "комментарий",
    "просмотр",
    "review",
    "rating",
    "reply",
    "answer",
    "reaction",
    "retweet",
    "repost",
    "bewertung",
    "rezension",
    "antwort",
    "reseña",
    "recensione",
    "beoordeling",
];

/// Whether a word says what a count right before it counts: [`COUNTER_WORDS`] or
/// [`COUNTER_SINGULARS`].
fn counter_word(w: &str) -> bool {
    in_list!(COUNTER_WORDS, w) || in_list!(COUNTER_SINGULARS, w)
}

/// Whether two words are forms of one word ([`text::inflected`]: "comment" and "comments",
/// "Kommentar" and "Kommentare", "komentarze" and "komentarzy", "copies" and "copy";
/// [`text::agreeing`]: "person" and "people"): beside a count that changed
/// ([`counted_beside`]), the count's word, written for one or for five.
fn counter_forms(a: &str, b: &str) -> bool {
    text::inflected(a, b) || text::agreeing(a, b)
}

/// The words before a match's result ([`score`]): "Score: 2 – 1", "FT 2-1", "Endstand 0:0".
const RESULT_WORDS: &[&str] = &[
    "score",
    "result",
    "final",
    "ft",
    "ht",
    "aet",
    "endstand",
    "ergebnis",
    "halbzeit",
    "résultat",
    "resultado",
    "marcador",
    "risultato",
    "uitslag",
    "wynik",
];

/// Words of a score that readers' votes move ("123 points by pg 3 hours ago | 45 comments", "1
/// point"): a count only in a block that also says how long ago ([`AGO_AFTER`],
/// [`AGO_BEFORE`]): a listing's line of votes, age and comments, not a match report ("won by 12
/// points") or a market report ("fell 120 points").
const SCORE_WORDS: &[&str] = &["points", "point", "votes", "vote"];

/// Who a shop's social proof counts ("23 people are looking at this", "15 Personen sehen
/// sich das gerade an").
const PEOPLE_WORDS: &[&str] = &[
    "people",
    "persons",
    "customers",
    "shoppers",
    "buyers",
    "users",
    "personen",
    "kunden",
    "leute",
    "käufer",
    "personnes",
    "clients",
    "personas",
    "clientes",
    "persone",
    // One of them ("1 person is viewing this").
    "person",
    "customer",
    "shopper",
    "buyer",
    "user",
    "kunde",
    "personne",
    "client",
    "persona",
    "cliente",
];
/// What they did or do, a few words later ("bought this", "are viewing", "gekauft").
const SOCIAL_VERBS: &[&str] = &[
    "bought",
    "purchased",
    "ordered",
    "booked",
    "reserved",
    "viewing",
    "viewed",
    "watching",
    "looking",
    "looked",
    "gebucht",
    "reserviert",
    "angeschaut",
    "réservé",
    "reservado",
    "reservaron",
    "prenotato",
    "gekauft",
    "bestellt",
    "angesehen",
    "ansehen",
    "sehen",
    "sieht",
    "schauen",
    "schaut",
    "anschauen",
    "achetés",
    "acheté",
    "regardent",
    "regarde",
    "consultent",
    "consulte",
    "compraron",
    "comprado",
    "viendo",
    "acquistato",
    "guardando",
];

/// Whether the number at word `k` counts people in a shop's social proof: a people word right
/// after it and one of [`SOCIAL_VERBS`] within the three words after that ("12 people bought
/// this in the last 24 hours", "23 people are looking at this right now"). "23 people were
/// injured" is no such count. Readers who found a review helpful are counted so too
/// ([`helpful_votes`]).
fn social_proof<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    (word_at(k + 1).is_some_and(|w| in_list!(PEOPLE_WORDS, w))
        && ((k + 2..k + 5).any(|q| word_at(q).is_some_and(|w| in_list!(SOCIAL_VERBS, w)))
            || (k + 2..k + 8).any(|q| word_at(q).is_some_and(|w| in_list!(CART_WORDS, w)))))
        || helpful_votes(k, word_at)
}
/// Whether the number at word `k` counts a consent dialog's partners ("We and our 842 partners
/// store and/or access information", "Wir und unsere 241 Partner", "Nous et nos 836
/// partenaires"): an "our" word right before it, a partner word right after it and a "we" word
/// at most three words before: the advertising vendors a consent platform lists, which come and
/// go every week. "Our 12 partners in the project" says no "we and".
fn consent_partners<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    word_at(k + 1).is_some_and(|w| in_list!(PARTNER_WORDS, w))
        && word_at(k - 1).is_some_and(|w| in_list!(OUR_WORDS, w))
        && (k - 4..k - 1).any(|q| word_at(q).is_some_and(|w| in_list!(WE_WORDS, w)))
}
/// Who a consent dialog counts ([`consent_partners`]).
const PARTNER_WORDS: &[&str] = &[
    "partners",
    "partner",
    "partnern",
    "vendors",
    "anbieter",
    "anbietern",
    "partenaires",
    "socios",
    "proveedores",
    "fornitori",
    "parceiros",
];
/// "Our" before them.
const OUR_WORDS: &[&str] = &[
    "our", "unsere", "unseren", "nos", "nuestros", "nostri", "onze", "nossos",
];
/// "We" before that.
const WE_WORDS: &[&str] = &["we", "wir", "nous", "nosotros", "noi", "wij", "nós"];

/// Where a shop's shoppers keep what they mean to buy ("12 people have this in their cart",
/// "12 Personen haben diesen Artikel gerade im Warenkorb"), a few words after them.
const CART_WORDS: &[&str] = &[
    "cart",
    "carts",
    "basket",
    "baskets",
    "bag",
    "bags",
    "warenkorb",
    "panier",
    "carrito",
    "carrello",
    "winkelwagen",
];

/// Whether the number at word `k` counts readers who found a review helpful ("12 found this
/// helpful", "30 of 34 people found this review helpful", "3 Personen fanden diese
/// Rezension hilfreich"): a vote of readers, which moves with every one.
fn helpful_votes<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    (k + 1..k + 5).any(|q| word_at(q).is_some_and(|w| in_list!(FOUND_WORDS, w)))
        && (k + 2..k + 8).any(|q| word_at(q).is_some_and(|w| in_list!(HELPFUL_WORDS, w)))
}
/// What readers did with a review, in [`helpful_votes`].
const FOUND_WORDS: &[&str] = &[
    "found", "find", "fanden", "fand", "trouvé", "vonden", "trovato",
];
/// What they found it.
const HELPFUL_WORDS: &[&str] = &[
    "helpful",
    "useful",
    "hilfreich",
    "nützlich",
    "utile",
    "útil",
    "nuttig",
];

/// Labels before a number that say what the page states, not what others do: a limit
/// ("Max 4 guests", "Minimum order 2 items", "Limit 2 per customer"), what an item holds or
/// seats ("Serves 4", "Sleeps 6", "Seats 5", "The hall holds 120 people", "Der Saal fasst 200
/// Gäste", "Ages 8", "Capacity: 40 people", "Pack of 12"),
/// a place's figure ("Population 12,400", "Floor 2", "Level 3") or the number of a part of a
/// series ("Season 2", "Episode 12", "Round 3").
const STATED_LABELS: &[&str] = &[
    "max",
    "maximum",
    "min",
    "minimum",
    "limit",
    "maximal",
    "höchstens",
    "mindestens",
    "máximo",
    "mínimo",
    "massimo",
    "minimo",
    "serves",
    "sleeps",
    "seats",
    "holds",
    "accommodates",
    "fits",
    "fasst",
    "ages",
    "capacity",
    "size",
    "größe",
    "taille",
    "tamaño",
    "kapazität",
    "capacité",
    "capacidad",
    "population",
    "einwohner",
    "floor",
    "level",
    "etage",
    "stockwerk",
    "étage",
    "planta",
    "piano",
];
/// A part of a series, before or after its number ("Season 2", "Round 3", "Matchday 12", "nach
/// dem 12. Spieltag", "3. Runde"): which part the page is at, not a count moving.
const SERIES_PARTS: &[&str] = &[
    "season",
    "episode",
    "round",
    "matchday",
    "gameweek",
    "stage",
    "staffel",
    "folge",
    "runde",
    "spieltag",
    "etappe",
    "saison",
    "épisode",
    "journée",
    "étape",
    "temporada",
    "episodio",
    "jornada",
    "etapa",
    "stagione",
    "giornata",
    "tappa",
];
/// What a home or an item has, after its number ("3 bedrooms", "2 baths"): a listing's
/// facts; and an offer's terms ("3 instalments", "1 stop", "2 children").
const STATED_NOUNS: &[&str] = &[
    "bedroom",
    "bedrooms",
    "bathroom",
    "bathrooms",
    "bed",
    "beds",
    "bath",
    "baths",
    "schlafzimmer",
    "badezimmer",
    "chambres",
    "habitaciones",
    "dormitorios",
    "camere",
    "slaapkamers",
    // A payment plan's, a flight's, a game's, a booking's ("Pay in 3 instalments", "1 stop",
    // "2-4 players", "Free for 2 children").
    "instalment",
    "instalments",
    "installment",
    "installments",
    "raten",
    "stop",
    "stops",
    "stopover",
    "stopovers",
    "umstieg",
    "umstiege",
    "escale",
    "escales",
    "player",
    "players",
    "spieler",
    "adult",
    "adults",
    "child",
    "children",
    "erwachsene",
    "kinder",
    "floor",
    "floors",
    "storey",
    "storeys",
    "stockwerke",
    "etagen",
];

/// Words between a count and what it counts that say which of them it counts ("3 new
/// comments", "5 unread messages", "23 open issues"): with a counter word or an open item
/// ([`OPEN_ITEMS`]) after them, the count still moves on its own.
const COUNT_QUALIFIERS: &[&str] = &[
    "new",
    "unread",
    "open",
    "active",
    "neue",
    "ungelesene",
    "offene",
    "aktive",
    "nouveaux",
    "nouvelles",
    "nuevos",
    "nuevas",
    "nuovi",
    "nuove",
    // One of them ("1 neue Nachricht", "1 nouveau message", "1 nuevo mensaje").
    "neuer",
    "neues",
    "nouveau",
    "nouvelle",
    "nuevo",
    "nueva",
    "nuovo",
    "nuova",
    "nieuwe",
    "ongelezen",
];
/// What a repository's or a tracker's count of open ones counts ("23 open issues, 4 open pull
/// requests"); without "open" ("Fixed 17 issues") a changelog's figure.
const OPEN_ITEMS: &[&str] = &["issues", "pull", "tickets", "bugs", "fehler"];

/// What a person's inbox counts ("You have 3 new messages.", "2 unread notifications", "5
/// neue Nachrichten"): after a qualifier ([`COUNT_QUALIFIERS`]) or a count the person has
/// ([`HAVE_WORDS`]), a count that moves with the person's own mail; and in a block with one,
/// the count's zero no state of the page ([`engagement`]).
const INBOX_ITEMS: &[&str] = &[
    "messages",
    "message",
    "notifications",
    "notification",
    "emails",
    "email",
    "mails",
    "mail",
    "nachrichten",
    "nachricht",
    "mitteilungen",
    "mitteilung",
    "benachrichtigungen",
    "benachrichtigung",
    "mensajes",
    "mensaje",
    "notificaciones",
    "notificación",
    "messaggi",
    "messaggio",
    "notifiche",
    "notifica",
    "berichten",
    "bericht",
    "meldingen",
    "melding",
];

/// "Have", said to the person ("You have 3 messages", "Sie haben", "Vous avez", "Tienes").
const HAVE_WORDS: &[&str] = &[
    "have", "haben", "hast", "avez", "as", "tienes", "tiene", "tenés", "hai", "ha", "hebt",
    "heeft", "tem", "tens",
];

/// What a recipe's ingredient list counts ("2 eggs", "3 cloves garlic", "1 pinch salt", "4
/// slices bread", a size between them: "2 large eggs"): a quantity of the recipe, content
/// however short its line ([`stated_figure`]).
const INGREDIENT_NOUNS: &[&str] = &[
    "egg",
    "eggs",
    "yolk",
    "yolks",
    "clove",
    "cloves",
    "pinch",
    "pinches",
    "slice",
    "slices",
    "can",
    "cans",
    "tin",
    "tins",
    "sprig",
    "sprigs",
    "bunch",
    "bunches",
    "handful",
    "handfuls",
    "stick",
    "sticks",
    "lemon",
    "lemons",
    "lime",
    "limes",
    "onion",
    "onions",
    "shallot",
    "shallots",
    "tomato",
    "tomatoes",
    "potato",
    "potatoes",
    "carrot",
    "carrots",
    "apple",
    "apples",
    "banana",
    "bananas",
    "pepper",
    "peppers",
    "chilli",
    "chillies",
    "avocado",
    "avocados",
    "ei",
    "eier",
    "eigelb",
    "zehe",
    "zehen",
    "knoblauchzehe",
    "knoblauchzehen",
    "prise",
    "prisen",
    "scheibe",
    "scheiben",
    "dose",
    "dosen",
    "bund",
    "zweig",
    "zweige",
    "zwiebel",
    "zwiebeln",
    "tomate",
    "tomaten",
    "kartoffel",
    "kartoffeln",
    "karotte",
    "karotten",
    "möhre",
    "möhren",
    "zitrone",
    "zitronen",
    "äpfel",
    "päckchen",
    "œuf",
    "œufs",
    "oeuf",
    "oeufs",
    "gousse",
    "gousses",
    "pincée",
    "pincées",
    "tranche",
    "tranches",
    "oignon",
    "oignons",
    "citron",
    "citrons",
    "carotte",
    "carottes",
    "huevo",
    "huevos",
    "diente",
    "dientes",
    "pizca",
    "cebolla",
    "cebollas",
    "tomates",
    "patata",
    "patatas",
    "zanahoria",
    "zanahorias",
    "limón",
    "limones",
    "uovo",
    "uova",
    "spicchio",
    "spicchi",
    "pizzico",
    "cipolla",
    "cipolle",
    "pomodoro",
    "pomodori",
    "patate",
    "carota",
    "carote",
    "limone",
    "limoni",
    "fetta",
    "fette",
    "eieren",
    "teentje",
    "teentjes",
    "uien",
];
/// A size between an ingredient's count and its noun ("2 large eggs").
const SIZE_WORDS: &[&str] = &[
    "large",
    "small",
    "medium",
    "big",
    "fresh",
    "ripe",
    "whole",
    "große",
    "kleine",
    "mittelgroße",
    "frische",
    "gros",
    "grosses",
    "petits",
    "petites",
    "grandes",
    "grande",
    "pequeños",
    "medianos",
    "grandi",
    "piccole",
    "medie",
];

/// Whether the number at word `k` is a figure the page states, not a count that moves on its
/// own: one or two words after a [`STATED_LABELS`] label, or after "pack of", "up to", "at
/// least" or "bis zu" ("Up to 3 devices", "Pack of 12"); right before or after a part of a
/// series ([`SERIES_PARTS`]: "Season 2", "12. Spieltag"); before a [`STATED_NOUNS`] noun (or
/// the range it begins before one, "2-4 players"), unless a word of scarcity before it or of
/// what is left after the noun says it counts a stock ("Only 3 bedrooms left"); between "for"
/// and whom an offer is for ("Tour for 2 people"); before an ingredient ([`INGREDIENT_NOUNS`]:
/// "2 eggs"); or followed within two words by "per" or "included" ("600 requests per minute",
/// "5 users included"), unless what it counts is a counter word before "per" ("1,204 views per
/// day").
/// A quota, a limit or a listing's fact changes because the offer did.
fn stated_figure<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    let is = |q: isize, w: &str| word_at(q).is_some_and(|x| x.eq_ignore_ascii_case(w));
    // (The label may name what it limits between it and the number: "Minimum order 2".)
    let after_label = word_at(k - 1)
        .is_some_and(|p| in_list!(STATED_LABELS, p) || in_list!(SERIES_PARTS, p))
        // (Not the next number after the label's own: "Level 12 · 3,400 points".)
        || (word_at(k - 2).is_some_and(|p| in_list!(STATED_LABELS, p))
            && !word_at(k - 1).is_some_and(is_number))
        || (is(k - 1, "of") && is(k - 2, "pack"))
        || (is(k - 1, "to") && is(k - 2, "up"))
        || (is(k - 1, "least") && is(k - 2, "at"))
        || (is(k - 1, "zu") && is(k - 2, "bis"));
    // (Or after the range it begins: "2-4 players".) Not what is left of a stock ("Plus que 3
    // chambres", "Quedan 2 habitaciones", "Solo 2 camere rimaste"): a count of rooms still free.
    let scarce = word_at(k - 1).is_some_and(|p| in_list!(ONLY_WORDS, p))
        || word_at(k + 2).is_some_and(|w| in_list!(LEFT_AFTER_NOUN, w));
    let noun_after = word_at(k + 1).is_some_and(|n| in_list!(SERIES_PARTS, n))
        || (!scarce && word_at(k + 1).is_some_and(|n| in_list!(STATED_NOUNS, n)))
        || (word_at(k + 1).is_some_and(is_number)
            && word_at(k + 2).is_some_and(|n| in_list!(STATED_NOUNS, n)));
    // Whom an offer is for ("Tour for 2 people", "Preis für 1 Person", "pour 4 personnes").
    let offered_for = word_at(k - 1).is_some_and(|p| in_list!(FOR_WORDS, p))
        && word_at(k + 1).is_some_and(|n| in_list!(PEOPLE_WORDS, n));
    let ingredient = word_at(k + 1).is_some_and(|n| in_list!(INGREDIENT_NOUNS, n))
        || (word_at(k + 1).is_some_and(|n| in_list!(SIZE_WORDS, n))
            && word_at(k + 2).is_some_and(|n| in_list!(INGREDIENT_NOUNS, n)));
    let per_after = is(k + 1, "per")
        || (is(k + 2, "per") && !word_at(k + 1).is_some_and(|n| in_list!(COUNTER_WORDS, n)))
        || is(k + 1, "included")
        || is(k + 2, "included");
    after_label || noun_after || offered_for || ingredient || per_after
}

/// "For" before whom an offer is for ([`stated_figure`]).
const FOR_WORDS: &[&str] = &["for", "für", "pour", "para", "per", "voor"];

/// Who a landing page says uses it, after the count ("Trusted by 1,204 teams", "Join 12,000
/// developers").
const ENDORSER_WORDS: &[&str] = &[
    "teams",
    "companies",
    "businesses",
    "brands",
    "organizations",
    "organisations",
    "developers",
    "designers",
    "creators",
    "customers",
    "users",
    "members",
    "people",
    "schools",
    "students",
    "teachers",
    "readers",
    "subscribers",
    "unternehmen",
    "kunden",
    "nutzer",
    "entreprises",
    "empresas",
    "aziende",
];
/// Words between an endorsement's verb and its count, or its count and who ("over", "more
/// than", "happy").
const ENDORSEMENT_FILLERS: &[&str] = &[
    "over",
    "more",
    "than",
    "nearly",
    "almost",
    "about",
    "happy",
    "satisfied",
    "über",
    "mehr",
    "als",
    "fast",
    "zufriedene",
    "glückliche",
    "plus",
    "de",
];

/// Whether the number at word `k` is a landing page's count of who uses it: after "join" or
/// "trusted / used / loved / chosen by" (and "over", "more than"…), before who
/// ([`ENDORSER_WORDS`], perhaps after "happy"): "Trusted by 1,204 teams", "Join over 12,000
/// developers", "Used by 3,400 companies". It grows with every sign-up.
fn endorsement<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    let filler = |q: isize| word_at(q).is_some_and(|w| in_list!(ENDORSEMENT_FILLERS, w));
    let mut before = k - 1;
    while filler(before) && before > k - 4 {
        before -= 1;
    }
    let mut after = k + 1;
    while filler(after) && after < k + 3 {
        after += 1;
    }
    let is = |q: isize, w: &str| word_at(q).is_some_and(|x| x.eq_ignore_ascii_case(w));
    let verb = is(before, "join")
        || is(before, "joined")
        || (is(before, "by")
            && ["trusted", "used", "loved", "chosen", "relied"]
                .iter()
                .any(|v| is(before - 1, v)));
    verb && word_at(after).is_some_and(|w| in_list!(ENDORSER_WORDS, w))
}

/// Words that open a window of time back from the visit ("in the past 30 days", "last 7
/// days", "letzte 30 Tage", "derniers 30 jours").
const WINDOW_WORDS: &[&str] = &[
    "past",
    "last",
    "letzten",
    "letzte",
    "vergangenen",
    "derniers",
    "dernières",
    "últimos",
    "últimas",
    "ultimi",
    "ultime",
    "afgelopen",
    "laatste",
];
/// Words between a counter word and the window after it ("Page views in the past 30 days").
const WINDOW_FILLERS: &[&str] = &[
    "in", "the", "over", "during", "der", "den", "des", "les", "sur", "los", "las", "en", "negli",
    "nelle", "degli",
];

/// Whether the number at word `k` is a counter word's count over a window of time back from
/// the visit, said between them ("Page views in the past 30 days: 12,345", "Downloads (last 7
/// days) 4,210", "Aufrufe der letzten 30 Tage: 1.204"): the window moves with the visit, and
/// its count with it.
fn windowed_count<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    let is = |q: isize, f: &dyn Fn(&str) -> bool| word_at(q).is_some_and(f);
    let mut q = k - 1;
    if !(is(q, &is_period_unit)
        && is(q - 1, &is_number)
        && is(q - 2, &|w| in_list!(WINDOW_WORDS, w)))
    {
        return false;
    }
    q -= 3;
    let mut fillers = 0;
    while fillers < 2 && is(q, &|w| in_list!(WINDOW_FILLERS, w)) {
        q -= 1;
        fillers += 1;
    }
    is(q, &counter_word)
}

/// Whether the number at word `k` counts how often the page was opened or its item taken, in
/// a sentence too: before "times" ("mal"), after a verb of being seen or booked at most three
/// words back ("This job has been viewed 1,204 times", "This page has been accessed 12,408
/// times.", "Dieser Artikel wurde 1.204 mal aufgerufen", a hotel's "Booked 14 times in the
/// last 24 hours"). It grows with every reader, or moves with the shop's day.
fn times_accessed<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    const SEEN: &[&str] = &[
        "viewed",
        "accessed",
        "visited",
        "read",
        "downloaded",
        "played",
        "watched",
        "opened",
        "shared",
        "printed",
        "booked",
        "bought",
        "purchased",
        "ordered",
        "reserved",
        "gebucht",
        "gekauft",
        "bestellt",
        "aufgerufen",
        "gelesen",
        "angesehen",
        "angeschaut",
        "heruntergeladen",
        "abgerufen",
        "besucht",
        "geteilt",
        "vu",
        "consulté",
        "consultée",
        "lu",
        "visto",
        "visitado",
        "letto",
        "visualizzato",
        "bekeken",
        "gelezen",
    ];
    let times = word_at(k + 1)
        .is_some_and(|w| in_list!(&["times", "mal", "fois", "veces", "volte", "keer"], w));
    let seen = |q: isize| word_at(q).is_some_and(|w| in_list!(SEEN, w));
    // The verb before the number ("viewed 1,204 times") or, in German, after "mal".
    times && ((1..=3).any(|d| seen(k - d)) || seen(k + 2))
}

/// Words after a count of what is left of a stock ("Only 3 left in stock", "5 remaining"): a
/// count that moves, while none left is a state ([`left_zero`]).
const LEFT_WORDS: &[&str] = &["left", "remaining", "übrig", "restants"];
/// What a stock counts, between its count and a word of what is left ("Only 38 tickets left",
/// "Nur noch 3 Zimmer frei"): with them, "available" and its kind also say what is left.
const STOCK_NOUNS: &[&str] = &[
    "ticket",
    "tickets",
    "seat",
    "seats",
    "room",
    "rooms",
    "place",
    "places",
    "spot",
    "spots",
    "item",
    "items",
    "piece",
    "pieces",
    "unit",
    "units",
    "copies",
    "karten",
    "tickets",
    "plätze",
    "zimmer",
    "stück",
    "exemplare",
    "billets",
    "chambres",
    "exemplaires",
    "entradas",
    "plazas",
    "habitaciones",
    "unidades",
    "biglietti",
    "posti",
    "camere",
    "pezzi",
];
/// What a news site's meter counts ("3 free articles left").
const METERED_NOUNS: &[&str] = &[
    "article",
    "articles",
    "story",
    "stories",
    "artikel",
    "beiträge",
];
/// Words that say the metered reads cost nothing.
const FREE_WORDS: &[&str] = &[
    "free",
    "kostenlose",
    "kostenlosen",
    "freie",
    "gratis",
    "gratuits",
];

/// Whether a count is a paywall's meter of the reader's free articles, by the words after it
/// (`next`, `then`, `last`) and before it (`prev`): "3 free articles left" (or "remaining"),
/// "noch 2 kostenlose Artikel", "il vous reste 2 articles gratuits". It counts the reader's
/// visits, not the site's news.
fn metered(next: &str, then: Option<&str>, last: Option<&str>, prev: Option<&str>) -> bool {
    let is = |w: Option<&str>, list: &[&str]| {
        w.is_some_and(|w| list.iter().any(|x| w.eq_ignore_ascii_case(x)))
    };
    let english =
        is(Some(next), &["free"]) && is(then, METERED_NOUNS) && is(last, &["left", "remaining"]);
    let before = is(prev, &["noch", "reste", "restent"])
        && ((is(Some(next), FREE_WORDS) && is(then, METERED_NOUNS))
            || (is(Some(next), METERED_NOUNS) && is(then, FREE_WORDS)));
    english || before
}

/// Words after a stock noun that say what is left ([`STOCK_NOUNS`]).
const LEFT_AFTER_NOUN: &[&str] = &[
    "left",
    "remaining",
    "übrig",
    "restants",
    "restantes",
    "rimasti",
    "rimaste",
];
/// Words after a stock noun that say what is left only after a word of scarcity before the
/// count ([`ONLY_WORDS`]): "Only 3 rooms available", not "120 rooms available to guests".
const AVAILABLE_AFTER_NOUN: &[&str] = &[
    "available",
    "verfügbar",
    "frei",
    "disponibles",
    "libres",
    "disponibili",
];
/// Words of scarcity before a count.
const ONLY_WORDS: &[&str] = &[
    "only",
    "just",
    "noch",
    "seulement",
    "que",
    "solo",
    "sólo",
    "quedan",
];

/// Words of a short block that holds a rating: an average that moves with every vote like a
/// count.
const RATING_WORDS: &[&str] = &[
    "star",
    "stars",
    "sterne",
    "rating",
    "ratings",
    "rated",
    "bewertung",
    "bewertungen",
    "reviews",
    "score",
    "average",
    "durchschnitt",
];

/// Words that say a rating is in stars ("4.5 out of 5 stars", "4,3 von 5 Sternen").
const STAR_WORDS: &[&str] = &[
    "stars",
    "sterne",
    "sternen",
    "étoiles",
    "estrellas",
    "stelle",
    "sterren",
    "gwiazdek",
];

/// Words that ask a reader to join a count of others ("Join 12,345 other readers",
/// "Rejoignez 3 000 abonnés").
const JOIN_WORDS: &[&str] = &["join", "rejoignez", "únete", "unisciti", "junte"];
/// Words between [`JOIN_WORDS`] and the count that bound it ("Join over 2,000 members").
const JOIN_BOUNDS: &[&str] = &["over", "nearly", "almost", "about", "über", "plus"];

/// Words right before an average of votes ("Google rating 4.6 based on 812 reviews",
/// "Bewertung 4,5").
const RATED_BEFORE: &[&str] = &["rating", "rated", "bewertung", "valoración", "valutazione"];

/// A booking site's word for its guests' average score, beside it in a short block
/// ("Excellent 8.9", "Superb 9.1", "Hervorragend 9,1", "Fabuleux 8,7"): [`verdict_score`].
const VERDICT_WORDS: &[&str] = &[
    "excellent",
    "superb",
    "fabulous",
    "exceptional",
    "wonderful",
    "good",
    "pleasant",
    "hervorragend",
    "fantastisch",
    "ausgezeichnet",
    "außergewöhnlich",
    "fabelhaft",
    "gut",
    "exceptionnel",
    "superbe",
    "fabuleux",
    "bien",
    "excelente",
    "fantástico",
    "eccellente",
    "favoloso",
    "ottimo",
    "uitstekend",
    "geweldig",
];

/// Whether the number `tok` at word `k` of a short block is a guests' average score beside its
/// verdict word ([`VERDICT_WORDS`]: "Excellent 8.9", "8,7 Fabelhaft"): a fraction of one or two
/// digits with one decimal, which moves with every review like a count. "Good 7" (a whole
/// number) is no average.
fn verdict_score<'a>(tok: &str, k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    let Some((whole, frac)) = tok.split_once(['.', ',']) else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole)
        && whole.len() <= 2
        && whole.parse::<u32>().is_ok_and(|n| n <= 10)
        && digits(frac)
        && frac.len() == 1
        && [k - 1, k + 1]
            .iter()
            .any(|&q| word_at(q).is_some_and(|w| in_list!(VERDICT_WORDS, w)))
}

/// Words between an average and its scale ("4.5 out of 5", "4,3 von 5", "4,2 sur 5").
const OUT_OF: &[&[&str]] = &[
    &["out", "of"],
    &["von"],
    &["sur"],
    &["de"],
    &["su"],
    &["van"],
    &["z"],
];

/// Whether the number `tok` at word `k` is an average of votes said in stars: a fraction
/// ("4.5", "4,3") before a star word ("4.5 stars") or its scale and a star word ("4.5 out of 5
/// stars", "4,3 von 5 Sternen"), or right after a rating word ([`RATED_BEFORE`]: "Google
/// rating 4.6 based on 812 reviews"). It moves with every vote like a count, in a longer block
/// too ("4.5 out of 5 stars 1,234 ratings"); a whole number of stars is one reviewer's verdict
/// ("The film gets 4 stars"), content.
fn star_average<'a>(tok: &str, k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    let Some((whole, frac)) = tok.split_once(['.', ',']) else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(whole) && whole.len() == 1 && digits(frac) && frac.len() <= 2) {
        return false;
    }
    let star = |q: isize| word_at(q).is_some_and(|w| in_list!(STAR_WORDS, w));
    star(k + 1)
        || word_at(k - 1).is_some_and(|w| in_list!(RATED_BEFORE, w))
        || OUT_OF.iter().any(|phrase| {
            let n = phrase.len() as isize;
            phrase.iter().enumerate().all(|(j, p)| {
                word_at(k + 1 + j as isize).is_some_and(|w| w.eq_ignore_ascii_case(p))
            }) && word_at(k + 1 + n).is_some_and(is_number)
                && star(k + 2 + n)
        })
}

/// Whether a number is written like a version: digits and dots only, and either three or
/// more parts with one that is not a thousands group (`1.2.3`, `0.82.0`, not `1.234.567`) or
/// two parts with a one-digit fraction (`21.2`, `17.1`). Two-digit fractions (`189.45`) and
/// commas (`15.432,10`, `34,123.45`) are how prices, indices and rates are written.
fn is_version(tok: &str) -> bool {
    if !tok.bytes().all(|b| b.is_ascii_digit() || b == b'.') || !is_number(tok) {
        return false;
    }
    let groups: Vec<&str> = tok.split('.').collect();
    match groups.len() {
        2 => groups[1].len() == 1,
        n if n >= 3 => {
            groups.iter().all(|g| !g.is_empty()) && groups[1..].iter().any(|g| g.len() != 3)
        }
        _ => false,
    }
}

/// Whether the number `tokens[i]` is a version ([`is_version`]) that is no signed change or
/// reading: not right after a sign (`+0.5`) nor right before `%` or `°` (`0.5 %`, `12.5 °C`).
fn versioned(tokens: &[&str], i: usize) -> bool {
    // A sign before it makes it a reading ("-0.5"); a hyphen glued to a word before it is
    // part of a name ("toolkit-4.2.1-linux.tar.gz").
    let signed = i >= 1
        && matches!(tokens[i - 1], "+" | "-" | "−" | "±")
        && (i < 2 || !text::is_word(tokens[i - 2]));
    is_version(tokens[i])
        && !signed
        && !beside(tokens, i, 1).is_some_and(|t| t.starts_with(['%', '°']))
}

fn is_number(tok: &str) -> bool {
    tok.starts_with(|c: char| c.is_ascii_digit())
        && tok
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | ':' | '\''))
}

/// `f` of `tok` lowercase, as bytes: an ASCII word is lowercased in place, without a new
/// string (the lists are looked up for every word of every changed block).
fn with_lower<R>(tok: &str, f: impl FnOnce(&[u8]) -> R) -> R {
    let mut buf = [0u8; 64];
    if tok.is_ascii() && tok.len() <= buf.len() {
        let lower = &mut buf[..tok.len()];
        lower.copy_from_slice(tok.as_bytes());
        lower.make_ascii_lowercase();
        f(lower)
    } else {
        f(tok.to_lowercase().as_bytes())
    }
}

/// A list of words (lowercase) to look words up in ([`in_list!`]): a short one is scanned, a
/// longer one hashed.
struct ListSet {
    words: Vec<&'static [u8]>,
    set: ahash::AHashSet<&'static [u8]>,
    longest: usize,
    /// The (first byte, length) keys of the words ([`ListSet::key`]): most words are not in a
    /// list, and are told so without lowercasing or hashing them.
    keys: [u64; 4],
}

impl ListSet {
    /// Lists of at most this many words are scanned.
    const SCANNED: usize = 8;

    fn new(words: impl IntoIterator<Item = &'static str>) -> ListSet {
        let words: Vec<&'static [u8]> = words.into_iter().map(str::as_bytes).collect();
        let mut keys = [0u64; 4];
        for w in &words {
            let k = Self::key(w);
            keys[k / 64] |= 1 << (k % 64);
        }
        ListSet {
            set: if words.len() > Self::SCANNED {
                words.iter().copied().collect()
            } else {
                ahash::AHashSet::new()
            },
            longest: words.iter().map(|w| w.len()).max().unwrap_or(0),
            words,
            keys,
        }
    }

    /// A word's key (0..256) from its first byte (lowercase) and its length.
    fn key(w: &[u8]) -> usize {
        let first = w.first().map_or(0, u8::to_ascii_lowercase) as usize;
        (first * 7 + w.len()) & 255
    }

    /// Whether the list has `tok`, in any letters' case.
    fn has(&self, tok: &str) -> bool {
        // (A character's lowercase has at least a third of its bytes: the Kelvin sign's is "k".)
        if tok.len() > 3 * self.longest {
            return false;
        }
        if tok.is_ascii() {
            let k = Self::key(tok.as_bytes());
            if self.keys[k / 64] & (1 << (k % 64)) == 0 {
                return false;
            }
        }
        with_lower(tok, |lower| {
            lower.len() <= self.longest
                && if self.words.len() > Self::SCANNED {
                    self.set.contains(lower)
                } else {
                    self.words.contains(&lower)
                }
        })
    }
}

/// A clock token without an "am" or "pm" glued to it ("5:36am" → "5:36").
fn clock_part(tok: &str) -> &str {
    let n = tok.len();
    let glued = n > 2
        && tok.is_char_boundary(n - 2)
        && (tok[n - 2..].eq_ignore_ascii_case("am") || tok[n - 2..].eq_ignore_ascii_case("pm"));
    if glued {
        &tok[..n - 2]
    } else {
        tok
    }
}

/// Whether a token is a whole hour with its "am" or "pm" glued to it ("7am", "6PM").
fn glued_hour(tok: &str) -> bool {
    let h = clock_part(tok);
    h.len() < tok.len() && (1..=2).contains(&h.len()) && h.parse::<u8>().is_ok_and(|h| h <= 12)
}

fn is_clock(tok: &str) -> bool {
    let tok = clock_part(tok);
    // ("5:36:07" at most; most words are no clock.)
    if tok.len() > 8 || !tok.contains(':') {
        return false;
    }
    let parts: Vec<&str> = tok.split(':').collect();
    (parts.len() == 2 || parts.len() == 3)
        && parts
            .iter()
            .all(|p| p.len() <= 2 && !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        && parts[1..].iter().all(|p| p.len() == 2)
}

fn is_ip(tok: &str) -> bool {
    let parts: Vec<&str> = tok.split('.').collect();
    parts.len() == 4
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 3 && p.parse::<u16>().is_ok_and(|n| n <= 255))
}

fn is_numeric_date(tok: &str) -> bool {
    let parts: Vec<&str> = tok.split(['.', '/']).collect();
    (parts.len() == 3 || (parts.len() == 2 && tok.ends_with('.')))
        && parts
            .iter()
            .filter(|p| !p.is_empty())
            .all(|p| p.bytes().all(|b| b.is_ascii_digit()))
        && parts.iter().any(|p| p.len() == 4 || p.len() <= 2)
        // Three parts: a year of two or four digits last (`22.11.26`, `22.11.2026`) or four
        // first (`2026.11.22`); `1.2.3` is a version.
        && (parts.len() == 2
            || matches!(parts[2].len(), 2 | 4) && parts[..2].iter().all(|p| (1..=2).contains(&p.len()))
            || parts[0].len() == 4 && parts[1..].iter().all(|p| (1..=2).contains(&p.len())))
}

/// A Korean date at word `k` of a text, its month ("2026년 11월 28일", "11월 28일"): (year if
/// written, month, day, first word, last word).
fn korean_date<'a>(
    word: impl Fn(usize) -> Option<&'a str>,
    k: usize,
) -> Option<(Option<i64>, i64, i64, usize, usize)> {
    let num = |w: &str, suffix: char, len: std::ops::RangeInclusive<usize>| -> Option<i64> {
        let n = w.strip_suffix(suffix)?;
        (len.contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit()))
            .then(|| n.parse().ok())
            .flatten()
    };
    let m = num(word(k)?, '월', 1..=2)?;
    let d = num(word(k + 1)?, '일', 1..=2)?;
    let year = k
        .checked_sub(1)
        .and_then(&word)
        .and_then(|w| num(w, '년', 4..=4));
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((
        year,
        m,
        d,
        if year.is_some() { k - 1 } else { k },
        k + 1,
    ))
}

/// Whether a word ends a date of Chinese, Japanese ([`cjk_date`]) or Korean (its day, "1일").
fn cjk_day(w: &str) -> bool {
    cjk_date(w).is_some()
        || w.strip_suffix('일')
            .is_some_and(|d| (1..=2).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit()))
}

/// A Chinese or Japanese date in a token: "2026年11月28日", "11月28日", "2026年11月28日更新"
/// (the digits glued to 年, 月 and 日 or 号): (year if written, month, day).
fn cjk_date(tok: &str) -> Option<(Option<i64>, i64, i64)> {
    let (before, after) = tok.split_once('月')?;
    // The month: the digits right before 月; the year: four digits before 年 before them.
    let month_digits = before.bytes().rev().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&month_digits) {
        return None;
    }
    let m: i64 = before[before.len() - month_digits..].parse().ok()?;
    let head = &before[..before.len() - month_digits];
    let year = match head.strip_suffix('年') {
        Some(y) => {
            let n = y.bytes().rev().take_while(u8::is_ascii_digit).count();
            let (era, digits) = y.split_at(y.len() - n);
            match (n, era_start(era)) {
                (4, _) => Some(digits.parse().ok()?),
                // A year of an era: Japan's Reiwa and Heisei, Taiwan's Republic ("令和8年",
                // "民國115年"), its first year written "元年".
                (1..=3, Some(start)) => Some(start + digits.parse::<i64>().ok()? - 1),
                (0, _) => Some(era_start(era.strip_suffix('元')?)?),
                // Taiwan's year without its era's name ("115年12月7日").
                (3, None) if era.is_empty() || !era.ends_with(|c: char| c.is_alphanumeric()) => {
                    Some(1911 + digits.parse::<i64>().ok()?)
                }
                _ => return None,
            }
        }
        // Nothing or words before the month: no year.
        None if head.is_empty() || !head.ends_with(|c: char| c.is_ascii_digit()) => None,
        None => return None,
    };
    let day_digits = after.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&day_digits) || !after[day_digits..].starts_with(['日', '号']) {
        return None;
    }
    let d: i64 = after[..day_digits].parse().ok()?;
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((year, m, d))
}

/// The Gregorian year in which the era named at the end of `head` began: Reiwa (令和, 2019),
/// Heisei (平成, 1989) and the Republic of China (民國, 民国, 1912).
fn era_start(head: &str) -> Option<i64> {
    [
        ("令和", 2019),
        ("平成", 1989),
        ("民國", 1912),
        ("民国", 1912),
    ]
    .into_iter()
    .find_map(|(era, year)| head.ends_with(era).then_some(year))
}

/// Whether a token is a clock run into a word ("03:30Newsticker", "23:59Test": a news ticker's
/// time and its item's kicker without a space between them).
fn clock_glued(tok: &str) -> bool {
    let Some(word_at) = tok.find(|c: char| c.is_ascii_alphabetic()) else {
        return false;
    };
    let (clock, word) = tok.split_at(word_at);
    is_clock(clock) && word.chars().all(char::is_alphabetic)
}

fn is_id(tok: &str) -> bool {
    if tok.chars().count() < 8 || !tok.is_ascii() {
        return false;
    }
    let digits = tok.bytes().filter(u8::is_ascii_digit).count();
    let letters = tok.bytes().filter(u8::is_ascii_alphabetic).count();
    digits >= 2 && letters >= 2
}

/// Extensions of files a person reads or opens: a name before one is a document's, not an id.
const DOCUMENT_EXTENSIONS: &[&str] = &[
    "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "rtf", "txt", "csv",
    "epub", "ics", "zip",
];

/// Whether token `i` is the name of a document file: followed by `.` and a document extension
/// (`Liste_E_Tech_16_10_2023.pdf`).
fn document_name(tokens: &[&str], i: usize) -> bool {
    tokens.get(i + 1) == Some(&".")
        && tokens
            .get(i + 2)
            .is_some_and(|ext| in_list!(DOCUMENT_EXTENSIONS, ext))
}

/// Currency codes and names written beside an amount (`5 EUR`, `12 Euro`, `USD 40`).
const CURRENCY_WORDS: &[&str] = &[
    "eur", "euro", "euros", "usd", "gbp", "chf", "jpy", "cad", "aud", "nzd", "sek", "nok", "dkk",
    "pln", "czk", "huf", "dollar", "dollars", "pound", "pounds", "franken", "cent", "cents", "ct",
];

/// Units of measure written after an amount (`6 TB`, `1.25GHz`, `4800MHz`, `20 km`): what a
/// product or a plan has, not how often something happened.
const MEASURE_UNITS: &[&str] = &[
    "kb", "mb", "gb", "tb", "pb", "kib", "mib", "gib", "tib", "kbit", "mbit", "gbit", "tbit",
    "kbps", "mbps", "gbps", "hz", "khz", "mhz", "ghz", "kw", "wh", "kwh", "mah", "mm", "cm", "km",
    "kg", "mg", "lb", "lbs", "ml", "inch", "zoll", "vcore", "vcores", "vcpu", "vcpus", "core",
    "cores", "kerne", "w", "mw", "v", "mv", "ah", "nm", "fps", "dpi", "ppi", "rpm", "nits", "db",
    // A recipe's amounts: "150 g sugar", "2 tbsp oil", "1 cup flour", "2 EL Öl", "250 ml".
    "g", "oz", "l", "dl", "cl", "tsp", "tbsp", "cup", "cups", "el", "tl", "ft", "yd",
    // A place's lengths and areas: "Max. depth 61 m", "42 km²", "1,200 sq ft", "3 ha", "5 mi".
    "m", "m2", "m²", "km2", "km²", "cm2", "cm²", "sq", "ha", "acre", "acres", "mi", "miles",
];

/// A currency sign: one character such as `€`, `$`, `£`.
fn is_currency_sign(tok: &str) -> bool {
    let mut cs = tok.chars();
    matches!(
        (cs.next(), cs.next()),
        (
            Some(
                '€' | '$'
                    | '£'
                    | '¥'
                    | '₹'
                    | '₽'
                    | '₩'
                    | '₺'
                    | '₪'
                    | '₫'
                    | '₱'
                    | '¢'
                    | '₿'
                    | '₴'
                    | '₸'
                    | '₦'
            ),
            None
        )
    )
}

/// The token next to `tokens[i]` on one side (`step` −1 or +1), across at most one run of
/// white space.
fn beside<'a>(tokens: &[&'a str], i: usize, step: isize) -> Option<&'a str> {
    let at = |k: isize| -> Option<&'a str> {
        usize::try_from(k).ok().and_then(|k| tokens.get(k).copied())
    };
    let next = at(i as isize + step)?;
    if next.trim().is_empty() {
        at(i as isize + 2 * step)
    } else {
        Some(next)
    }
}

/// Whether the number `tokens[i]` is one side of a match's score: two whole numbers of at most
/// three digits joined by a colon or a dash ("2:1", "2-1", "2 – 1"), the pair on its own (not
/// in a run like "1-2-3", a code), and the pair the whole block ("2 – 1"), between two teams'
/// names ("Bayern 2:1 Dortmund") or after a result's word ("Score: 2 – 1", "FT 2-1",
/// "Endstand 0:0"). A result is what a sports page reports: content, where a number alone in
/// a short block is a counter. (A listing's range is no score: "Items 7-8" → "7-9".)
fn score(tokens: &[&str], i: usize) -> bool {
    let small = |t: &str| (1..=3).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit());
    // The index of the token next to `q` on one side, across one run of white space.
    let step_from = |q: usize, step: isize| -> Option<usize> {
        let at = |k: isize| usize::try_from(k).ok().filter(|&k| k < tokens.len());
        let n = at(q as isize + step)?;
        if tokens[n].trim().is_empty() {
            at(n as isize + step)
        } else {
            Some(n)
        }
    };
    let dash = |q: Option<usize>| q.is_some_and(|q| matches!(tokens[q], "-" | "–" | "—"));
    let tok = tokens[i];
    // The pair's first and last token.
    let (first, last) = if let Some((a, b)) = tok.split_once(':') {
        if !(small(a) && small(b)) || is_clock(tok) {
            return false;
        }
        (i, i)
    } else {
        if !small(tok) {
            return false;
        }
        // The number across a dash on one side, when it is small and nothing chains on past it.
        let other = |step: isize| {
            let d = step_from(i, step).filter(|&d| dash(Some(d)))?;
            let n = step_from(d, step).filter(|&n| small(tokens[n]))?;
            (!dash(step_from(n, step)) && !dash(step_from(i, -step))).then_some(n)
        };
        match (other(1), other(-1)) {
            (Some(n), _) => (i, n),
            (_, Some(n)) => (n, i),
            _ => return false,
        }
    };
    let word = |q: Option<usize>| q.map(|q| tokens[q]).filter(|t| text::is_word(t));
    let (before, after) = (word(step_from(first, -1)), word(step_from(last, 1)));
    // ("Score:" — a colon between the word and the pair.)
    let before = before.or_else(|| {
        let c = step_from(first, -1).filter(|&c| tokens[c] == ":")?;
        word(step_from(c, -1))
    });
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    match (before, after) {
        (None, None) => tokens[..first]
            .iter()
            .chain(&tokens[last + 1..])
            .all(|t| !text::is_word(t)),
        (Some(b), Some(a)) => capital(b) && capital(a),
        (Some(b), None) => in_list!(RESULT_WORDS, b),
        (None, Some(_)) => false,
    }
}

/// Whether the number `tokens[i]` is an amount of money or a measure: a currency sign or code
/// right before or after it (`€1,279`, `34,95 €`, `5 EUR`), or a unit of measure right after
/// it (`6 TB`, `32 GB`); also each number of a range whose last number is one (`7 - 8 GB`).
/// A price or a product's figure is what a shop's page is about: never a counter.
fn priced(tokens: &[&str], i: usize) -> bool {
    let money =
        |t: Option<&str>| t.is_some_and(|t| is_currency_sign(t) || in_list!(CURRENCY_WORDS, t));
    if money(beside(tokens, i, -1)) || money(beside(tokens, i, 1)) {
        return true;
    }
    discount(tokens, i) || unit_after(tokens, i, &|w| in_list!(MEASURE_UNITS, w))
}

/// Whether two texts differ only in prices and periods: the same tokens but for numbers that
/// are amounts of money or periods on both sides ("Includes estimated VAT of €93,48" →
/// "€93,67", "ab 4,99 € im Monat" → "5,49 €", "Estimated dispatch in 8 - 9 weeks" → "4 - 5
/// weeks"). What a shop's page says an item costs and when it comes, whatever else repeats
/// around it.
pub fn only_prices_or_periods_changed(old: &str, new: &str) -> bool {
    let (a, b) = (text::tokens(old), text::tokens(new));
    let value = |t: &[&str], i: usize| {
        let m =
            |x: Option<&str>| x.is_some_and(|x| is_currency_sign(x) || in_list!(CURRENCY_WORDS, x));
        is_number(t[i])
            && (m(beside(t, i, -1)) || m(beside(t, i, 1)) || unit_after(t, i, &is_period_unit))
    };
    a.len() == b.len()
        && a != b
        && (0..a.len()).all(|i| a[i] == b[i] || (value(&a, i) && value(&b, i)))
}

/// Words that make a percentage a discount ("save 10%", "10 % Rabatt", "20% off").
const DISCOUNT_WORDS: &[&str] = &[
    "save",
    "saving",
    "savings",
    "off",
    "discount",
    "sale",
    "spare",
    "sparen",
    "spar",
    "rabatt",
    "reduziert",
    "nachlass",
    "remise",
    "réduction",
    "descuento",
    "sconto",
    "korting",
    "desconto",
];

/// Whether a token is a number glued to a relative time's unit: "3m", "2h", "5d".
fn compact_unit(tok: &str) -> bool {
    let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && digits <= 3
        && (in_list!(COMPACT_UNITS, &tok[digits..]) || KOREAN_UNITS.contains(&&tok[digits..]))
}

/// Words that say a post was written, before its age written short ("Posted by u/maria 5h",
/// "answered by kim 2d").
const POSTED_CUES: &[&str] = &[
    "posted",
    "submitted",
    "replied",
    "commented",
    "answered",
    "asked",
    "edited",
    "shared",
    "gepostet",
    "geschrieben",
    "beantwortet",
    "publié",
    "publicado",
    "pubblicato",
];

/// Marks the words of a relative time written without a number ([`NOW_PHRASES`]: "just now",
/// "gerade eben") as a relative time, so that "just now" → "5 minutes ago" is one.
fn mark_now_phrases(tokens: &[&str], words: &[usize], kinds: &mut [Option<Volatile>]) {
    mark_now_phrases_as(tokens, words, kinds, false);
}

/// [`mark_now_phrases`]; when `anywhere`, a day or past period named relative to the visit
/// ("yesterday", "last week") is marked in a block of any length (see
/// [`relative_time_reworded`]).
fn mark_now_phrases_as(
    tokens: &[&str],
    words: &[usize],
    kinds: &mut [Option<Volatile>],
    anywhere: bool,
) {
    // Every run of the block's words that spells one of `phrases` (lowercase).
    // (The words that begin a phrase: most words begin none.)
    static FIRST: std::sync::OnceLock<ListSet> = std::sync::OnceLock::new();
    let first = FIRST.get_or_init(|| {
        ListSet::new(
            NOW_PHRASES
                .iter()
                .chain(LAST_PERIODS)
                .filter_map(|p| p.first().copied()),
        )
    });
    let mut mark = |phrases: &[&[&str]]| {
        for k in 0..words.len() {
            if !first.has(tokens[words[k]]) {
                continue;
            }
            for phrase in phrases {
                let fits = phrase.len() <= words.len() - k
                    && phrase.iter().enumerate().all(|(j, w)| {
                        let t = tokens[words[k + j]];
                        t.eq_ignore_ascii_case(w) || (!t.is_ascii() && t.to_lowercase() == *w)
                    });
                if fits {
                    for j in 0..phrase.len() {
                        kinds[words[k + j]] = Some(Volatile::RelativeTime);
                    }
                }
            }
        }
    };
    mark(NOW_PHRASES);
    if anywhere || words.len() <= LAST_PERIOD_MAX_WORDS {
        mark(LAST_PERIODS);
    }
    // A day named relative to the visit ("Today, 14:05" → "Yesterday, 14:05", "heute" →
    // "gestern" under a teaser): a relative time beside a clock (up to three words away:
    // "Today at 14:05", "Gestern um 18:30", "aujourd'hui à 14:05") or in a block of at most
    // three words. In prose ("Today the council decided…") it is the text's.
    let clock_near = |k: usize| {
        (k.saturating_sub(3)..(k + 4).min(words.len()))
            .any(|q| q != k && is_clock(tokens[words[q]]))
    };
    for k in 0..words.len() {
        let i = words[k];
        // (Two words in Danish and Norwegian, Indonesian and Vietnamese: "i dag", "hari ini".)
        if let Some(&j) = words.get(k + 1).filter(|_| tokens[i].len() <= 5) {
            let day_pair = in_list!(DAY_PAIR_FIRSTS, tokens[i]) && {
                let pair = [tokens[i].to_lowercase(), tokens[j].to_lowercase()];
                DAY_PAIRS.iter().any(|p| p[0] == pair[0] && p[1] == pair[1])
            };
            if day_pair && (anywhere || words.len() <= 4 || clock_near(k + 1)) {
                kinds[i] = Some(Volatile::RelativeTime);
                kinds[j] = Some(Volatile::RelativeTime);
            }
        }
        if in_list!(DAY_WORDS, tokens[i]) && (anywhere || words.len() <= 3 || clock_near(k)) {
            kinds[i] = Some(Volatile::RelativeTime);
            // "aujourd'hui": its apostrophe and "hui" too.
            if tokens[i].eq_ignore_ascii_case("aujourd")
                && tokens.get(i + 1).is_some_and(|t| *t == "'" || *t == "’")
                && tokens
                    .get(i + 2)
                    .is_some_and(|t| t.eq_ignore_ascii_case("hui"))
            {
                kinds[i + 1] = Some(Volatile::RelativeTime);
                kinds[i + 2] = Some(Volatile::RelativeTime);
            }
        }
    }
    // "ago" and "vor" belong to the relative time beside them, so that "5 minutes ago" and
    // "just now" are one slot each.
    for k in 0..words.len() {
        if kinds[words[k]] != Some(Volatile::RelativeTime) {
            continue;
        }
        if let Some(&next) = words.get(k + 1) {
            if in_list!(AGO_AFTER, tokens[next]) {
                kinds[next] = Some(Volatile::RelativeTime);
            }
            // Indonesian "3 hari yang lalu".
            if tokens[next].eq_ignore_ascii_case("yang")
                && words
                    .get(k + 2)
                    .is_some_and(|&w| tokens[w].eq_ignore_ascii_case("lalu"))
            {
                kinds[next] = Some(Volatile::RelativeTime);
                kinds[words[k + 2]] = Some(Volatile::RelativeTime);
            }
        }
        if k > 0 && in_list!(AGO_BEFORE, tokens[words[k - 1]]) {
            kinds[words[k - 1]] = Some(Volatile::RelativeTime);
        }
        // "5 分钟前", "5 นาทีที่แล้ว": the number before a unit glued to its "ago".
        if k > 0
            && (cjk_unit_ago(tokens[words[k]]) || thai_ago(tokens[words[k]]))
            && is_number(tokens[words[k - 1]])
        {
            kinds[words[k - 1]] = Some(Volatile::RelativeTime);
        }
        // French "il y a", so that "la semaine dernière" → "il y a 2 semaines" is one slot.
        if k >= 3
            && kinds[words[k - 1]] != Some(Volatile::RelativeTime)
            && tokens[words[k - 3]].eq_ignore_ascii_case("il")
            && tokens[words[k - 2]].eq_ignore_ascii_case("y")
            && tokens[words[k - 1]] == "a"
        {
            for q in k - 3..k {
                kinds[words[q]] = Some(Volatile::RelativeTime);
            }
        }
    }
}

/// Marks the parts of a UUID ("7f3a9c2e-11b2-4c1e-9d2a-0e5b6c7d8e9f": hexadecimal groups of
/// 8, 4, 4, 4 and 12 joined by `-`, which the tokenizer splits) as one id: a request or
/// session id, new on every fetch. Not in an address (after `/` or `=`: `?variantId=…` names
/// what a link leads to).
fn mark_uuids(tokens: &[&str], kinds: &mut [Option<Volatile>]) {
    const GROUPS: [usize; 5] = [8, 4, 4, 4, 12];
    let hex = |t: &str, n: usize| t.len() == n && t.bytes().all(|b| b.is_ascii_hexdigit());
    let mut i = 0;
    while i + 8 < tokens.len() {
        let in_address = i > 0 && matches!(tokens[i - 1], "/" | "=");
        let is_uuid = !in_address
            && GROUPS.iter().enumerate().all(|(g, &n)| {
                hex(tokens[i + 2 * g], n) && (g == 4 || tokens[i + 2 * g + 1] == "-")
            });
        if is_uuid {
            for g in 0..GROUPS.len() {
                kinds[i + 2 * g] = Some(Volatile::Id);
            }
            i += 9;
        } else {
            i += 1;
        }
    }
}

/// A forum's statistics line names its newest member ("Our newest member zed", "Unser
/// neuestes Mitglied: quill"): the name after the phrase moves with every sign-up, like the
/// counts beside it.
fn mark_newest_member(tokens: &[&str], words: &[usize], kinds: &mut [Option<Volatile>]) {
    for k in 1..words.len().saturating_sub(1) {
        let (a, b) = (tokens[words[k - 1]], tokens[words[k]]);
        if in_list!(NEWEST_WORDS, a) && in_list!(MEMBER_WORDS, b) {
            kinds[words[k + 1]] = Some(Volatile::Counter);
        }
    }
}
/// A shop's sales rank, before its ranks ("Best Sellers Rank: #1,204 in Books", "Amazon
/// Bestseller-Rang: Nr. 1.204", "Classement des meilleures ventes").
const SALES_RANKS: &[&[&str]] = &[
    &["sellers", "rank"],
    &["seller", "rank"],
    &["sales", "rank"],
    &["bestseller", "rang"],
    &["verkaufsrang"],
    &["meilleures", "ventes"],
    &["más", "vendidos"],
    &["più", "venduti"],
];

/// "Newest" in a forum's statistics line ([`mark_newest_member`]).
const NEWEST_WORDS: &[&str] = &[
    "newest", "latest", "neuestes", "neuester", "neueste", "dernier", "nuevo", "último", "nuovo",
    "ultimo",
];
/// "Member" after it.
const MEMBER_WORDS: &[&str] = &[
    "member", "user", "mitglied", "benutzer", "membre", "miembro", "usuario", "membro", "utente",
];
/// A forum's totals, after "Total" or before "insgesamt" ("Total posts 27,460 • Total topics
/// 2,080", "Beiträge insgesamt 27460"): counts of what its members write.
const FORUM_TOTALS: &[&str] = &[
    "posts",
    "topics",
    "threads",
    "members",
    "messages",
    "beiträge",
    "themen",
    "mitglieder",
    "sujets",
    "membres",
    "mensajes",
    "temas",
    "miembros",
    "messaggi",
    "argomenti",
    "iscritti",
];
/// "Total" before a forum's totals ([`FORUM_TOTALS`]), or after them in German.
const TOTAL_WORDS: &[&str] = &["total", "totale", "insgesamt", "gesamt"];
/// Who is online, counted after the block's total of visitors online ("48 users online :: 5
/// registered, 1 hidden and 42 guests"; "8 angemeldete, 0 unsichtbare und 55 Gäste").
const ONLINE_KINDS: &[&str] = &[
    "registered",
    "hidden",
    "anonymous",
    "bots",
    "angemeldete",
    "registrierte",
    "unsichtbare",
    "versteckte",
    "enregistrés",
    "invisibles",
    "invités",
    "cachés",
    "registrados",
    "ocultos",
    "invitados",
    "registrati",
    "nascosti",
    "ospiti",
];

/// Whether the number `tokens[i]` is a discount: a percentage with a discount word among the
/// two words before it or after its `%` ("save 10%", "10 % Rabatt"), right after "up to" or
/// "bis zu" ("Bis zu 49 %"), or written `-20%`. An offer's size is what a shop's page says,
/// like a price.
fn discount(tokens: &[&str], i: usize) -> bool {
    let Some(pct) = (i + 1..tokens.len()).find(|&k| !tokens[k].trim().is_empty()) else {
        return false;
    };
    if tokens[pct] != "%" {
        return false;
    }
    // `-20%`: a whole number (an index's `-0.5 %` moves like a count).
    if i > 0
        && matches!(tokens[i - 1], "-" | "–" | "−")
        && tokens[i].bytes().all(|b| b.is_ascii_digit())
    {
        return true;
    }
    let before = tokens[..i]
        .iter()
        .rev()
        .filter(|t| text::is_word(t))
        .take(2);
    let after = tokens[pct + 1..]
        .iter()
        .filter(|t| text::is_word(t))
        .take(2);
    let before: Vec<&str> = before.copied().collect();
    // "Bis zu 49 %", "up to 50%": the most an offer gives, what the shop says.
    let up_to = matches!(
        before.as_slice(),
        [to, up] if (to.eq_ignore_ascii_case("zu") && up.eq_ignore_ascii_case("bis"))
            || (to.eq_ignore_ascii_case("to") && up.eq_ignore_ascii_case("up"))
    );
    up_to
        || before
            .into_iter()
            .chain(after.copied())
            .any(|w| in_list!(DISCOUNT_WORDS, w))
}

/// Words before a percentage that make it a rate the page sets or states: interest, tax, a
/// fee ("Bank of England base rate: 4.00%", "APR 6.9%", "VAT 20%", "Sollzins 3,5 %"), or a
/// statistic it reports ("Unemployment 4.1%").
const RATE_WORDS: &[&str] = &[
    "rate",
    "rates",
    "aer",
    "apr",
    "apy",
    "interest",
    "tax",
    "vat",
    "fee",
    "fees",
    "commission",
    "zins",
    "zinsen",
    "zinssatz",
    "sollzins",
    "jahreszins",
    "mwst",
    "ust",
    "steuer",
    "gebühr",
    "taux",
    "tva",
    "tasa",
    "interés",
    "iva",
    "tasso",
    "rente",
    "btw",
    // A statistic the page reports ("Unemployment 4.1%", "Turnout 61%"): the figure of a
    // survey or a count of its own, which changes when the page reports a new one.
    "unemployment",
    "inflation",
    "turnout",
    "approval",
    "arbeitslosenquote",
    "arbeitslosigkeit",
    "inflationsrate",
    "wahlbeteiligung",
    "chômage",
    "participation",
    "desempleo",
    "paro",
    "inflación",
    "participación",
    "disoccupazione",
    "inflazione",
    "affluenza",
    "werkloosheid",
    "opkomst",
];

/// Whether the number `tokens[i]` is a rate: an unsigned percentage with a rate word
/// ([`RATE_WORDS`]) among the three words before it, or alone in a block of `words` words (a
/// table's cell: "4.25%" under "Interest rate (AER)", an election's share). A signed one
/// (`+0.5 %`) is a market's or a poll's move, and moves like a count.
fn rate(tokens: &[&str], i: usize, words: usize) -> bool {
    let percent = (i + 1..tokens.len())
        .find(|&k| !tokens[k].trim().is_empty())
        .is_some_and(|k| tokens[k] == "%");
    let signed = (0..i)
        .rev()
        .find(|&k| !tokens[k].trim().is_empty())
        .is_some_and(|k| matches!(tokens[k], "+" | "-" | "−" | "±" | "–"));
    percent
        && !signed
        && (words == 1
            || tokens[..i]
                .iter()
                .rev()
                .filter(|t| text::is_word(t))
                .take(3)
                .any(|w| in_list!(RATE_WORDS, w)))
}

/// Whether the number `tokens[i]` has a word `unit` accepts right after it (`6 TB`, `14 days`), or
/// is a number of a range whose last number has one (`7 - 8 GB`, `3–4 weeks`).
fn unit_after(tokens: &[&str], i: usize, unit: &dyn Fn(&str) -> bool) -> bool {
    match beside(tokens, i, 1) {
        Some(u) if unit(u) => true,
        // A qualified unit: `3 working days`.
        Some(q) if in_list!(UNIT_QUALIFIERS, q) => {
            let k = (i + 1..tokens.len()).find(|&k| text::is_word(tokens[k]));
            k.is_some_and(|k| beside(tokens, k, 1).is_some_and(unit))
        }
        // At least so many: `5+ years`, `16+ GB`.
        Some("+") if tokens.get(i + 1) == Some(&"+") => beside(tokens, i + 1, 1).is_some_and(unit),
        // A range: `7 - 8 GB`, `7–8 GB`.
        Some("-" | "–") => {
            let k = (i + 1..tokens.len()).find(|&k| text::is_word(tokens[k]));
            k.is_some_and(|k| {
                tokens[i + 1..k]
                    .iter()
                    .all(|t| t.trim().is_empty() || matches!(*t, "-" | "–"))
                    && is_number(tokens[k])
                    && unit_after(tokens, k, unit)
            })
        }
        _ => false,
    }
}

/// Whether the number `tokens[i]` is a period ("14 days", "3 - 4 weeks") or numbers a
/// document or its part ("Version 3.2", "Section 12", "§ 7"): what a terms page or an offer
/// says, never a counter.
fn termed(tokens: &[&str], i: usize) -> bool {
    unit_after(tokens, i, &is_period_unit)
        || beside(tokens, i, -1).is_some_and(|p| p == "§" || in_list!(DOCUMENT_LABELS, p))
}

/// Whether the whole number `tokens[i]` is part of a name: between two words with a capital
/// (anywhere: "iPhone"), a space on each side, neither of them a counter or rating word —
/// "Fedora 34 Server", "Manjaro 23 XFCE", "BahnCard 25 Schnupperaktion", "iPhone 15 Pro". A
/// product, an edition, a release: another one is another thing, not a count that moved
/// ("Kommentare (5)" and "5 Kommentare" are no names, nor a tab's "Issues 17 Pull requests").
fn named(tokens: &[&str], i: usize) -> bool {
    let capital = |t: &str| {
        t.chars().any(char::is_uppercase)
            && text::is_word(t)
            && !counter_word(t)
            && !in_list!(RATING_WORDS, t)
            && !in_list!(COUNT_LABELS, t)
            && !t.eq_ignore_ascii_case("requests")
    };
    tokens[i].bytes().all(|b| b.is_ascii_digit())
        && i >= 2
        && tokens[i - 1] == " "
        && capital(tokens[i - 2])
        && tokens.get(i + 1) == Some(&" ")
        && tokens.get(i + 2).is_some_and(|t| capital(t))
}

/// Most words of a block read as a weather report ("Hamburg 7 °C, leichter Regen, 12 km/h").
pub const WEATHER_MAX_WORDS: usize = 10;

/// Words of a weather report's conditions (English, German, French, Spanish, Italian, Dutch,
/// Portuguese, Swedish, Polish).
const WEATHER_WORDS: &[&str] = &[
    "sunny",
    "mostly",
    "partly",
    "cloudy",
    "clouds",
    "overcast",
    "clear",
    "fair",
    "rain",
    "rainy",
    "showers",
    "shower",
    "drizzle",
    "snow",
    "snowy",
    "flurries",
    "sleet",
    "fog",
    "foggy",
    "mist",
    "misty",
    "haze",
    "hazy",
    "thunderstorms",
    "thunderstorm",
    "storms",
    "storm",
    "windy",
    "breezy",
    "hail",
    "light",
    "heavy",
    "scattered",
    "isolated",
    "sun",
    "dry",
    "freezing",
    "sonnig",
    "heiter",
    "wolkig",
    "bewölkt",
    "bedeckt",
    "wolkenlos",
    "wolken",
    "sonne",
    "regen",
    "regenschauer",
    "schauer",
    "nieselregen",
    "sprühregen",
    "schnee",
    "schneefall",
    "schneeschauer",
    "schneeregen",
    "nebel",
    "neblig",
    "dunst",
    "klar",
    "gewitter",
    "sturm",
    "stürmisch",
    "windig",
    "hagel",
    "frost",
    "glätte",
    "trocken",
    "leicht",
    "leichter",
    "leichte",
    "stark",
    "starker",
    "starke",
    "vereinzelt",
    "vereinzelte",
    "überwiegend",
    "teilweise",
    "zeitweise",
    "meist",
    "ensoleillé",
    "ensoleillée",
    "nuageux",
    "nuageuse",
    "couvert",
    "éclaircies",
    "pluie",
    "pluies",
    "averses",
    "averse",
    "bruine",
    "neige",
    "brouillard",
    "brume",
    "orage",
    "orages",
    "dégagé",
    "venteux",
    "grêle",
    "faible",
    "forte",
    "partiellement",
    "soleado",
    "nublado",
    "parcialmente",
    "cubierto",
    "despejado",
    "lluvia",
    "lluvias",
    "chubascos",
    "llovizna",
    "nieve",
    "niebla",
    "neblina",
    "tormenta",
    "tormentas",
    "ventoso",
    "granizo",
    "débil",
    "fuerte",
    "nuboso",
    "nubosos",
    "soleggiato",
    // A condition's qualifiers and other condition words ("Poco nuvoloso", "Peu nuageux",
    // "Muy nuboso", "Nubes y claros", "Intervalos nubosos", "Neve", "Schiarite").
    "poco",
    "parzialmente",
    "molto",
    "muy",
    "nubes",
    "nuvole",
    "nubi",
    "neve",
    "schiarite",
    "intervalos",
    "peu",
    "soleil",
    "sereno",
    "nuvoloso",
    "coperto",
    "pioggia",
    "piogge",
    "rovesci",
    "pioviggine",
    "nebbia",
    "foschia",
    "temporale",
    "temporali",
    "grandine",
    "variabile",
    "debole",
    "zonnig",
    "bewolkt",
    "licht",
    "zwaar",
    "buien",
    "motregen",
    "sneeuw",
    "nevel",
    "onweer",
    "helder",
    "winderig",
    "droog",
    "ensolarado",
    "chuva",
    "chuvoso",
    "nevoeiro",
    "trovoada",
    "limpo",
    "soligt",
    "molnigt",
    "mulet",
    "regn",
    "snö",
    "dimma",
    "åska",
    "klart",
    "halvklart",
    "słonecznie",
    "pochmurno",
    "zachmurzenie",
    "deszcz",
    "śnieg",
    "mgła",
    "burza",
    "bezchmurnie",
];

/// Units of a weather report's other readings, after their number in a block that holds a
/// temperature: wind ("14 km/h", "9 mph", "4 m/s", "12 kn", "5 Bft"), pressure ("1013 hPa"),
/// rain ("2 mm", "2 l/m²") and the UV index ("UV 3" has its number after).
const WEATHER_UNITS: &[&str] = &[
    "km", "kmh", "mph", "m", "kn", "kt", "kts", "knots", "bft", "hpa", "mbar", "mb", "mm", "l",
    "inhg",
];
/// The points of the compass a wind comes from, in capitals ("NW", German "SO" for south-east).
const COMPASS_POINTS: &[&str] = &[
    "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW",
    "NNW", "NNO", "NO", "ONO", "O", "OSO", "SO", "SSO",
];

/// Words that make a temperature a figure of the climate, not the weather now ([`mark_weather`]).
const CLIMATE_FIGURES: &[&str] = &[
    "record",
    "records",
    "rekord",
    "höchstwert",
    "tiefstwert",
    "average",
    "durchschnitt",
    "mittel",
    "moyenne",
    "promedio",
    "media",
    "all-time",
];

/// Marks a weather report in a short block: every temperature (a number before `°`, `℃` or
/// `℉`) and, when the block holds one, every condition word ([`WEATHER_WORDS`]), the other
/// readings (a number before a `%` or a unit of [`WEATHER_UNITS`], and the unit; a wind's
/// point of the compass) and the day a forecast is for (a weekday, "today"). A news site's
/// weather widget reads "Berlin 7 °C, bewölkt" now and "9 °C, sonnig" an hour later; a weather
/// page's "Feels like 10°C · Wind 14 km/h NW · Humidity 71%" moves with it, and its forecast
/// "Mon 14° / 6° Rain" leaves as the days go by. Short: at most [`WEATHER_MAX_WORDS`] words
/// besides the readings (numbers and their units).
fn mark_weather(tokens: &[&str], words: &[usize], kinds: &mut [Option<Volatile>]) {
    let next_token = |i: usize| {
        let mut j = i + 1;
        if tokens.get(j).is_some_and(|t| t.trim().is_empty()) {
            j += 1;
        }
        (j < tokens.len()).then_some(j)
    };
    let degrees = |i: usize| next_token(i).is_some_and(|j| tokens[j].starts_with(['°', '℃', '℉']));
    let temps: Vec<usize> = words
        .iter()
        .copied()
        .filter(|&i| is_number(tokens[i]) && degrees(i))
        .collect();
    // The air's temperature: an oven's ("Heat the oven to 180 °C", "350 °F") or a furnace's
    // is a fact of the page, and so is the block.
    let air = |i: usize| {
        let value = plain_number(tokens[i]).unwrap_or_else(|| tokens[i].to_string());
        let Ok(v) = value.parse::<f64>() else {
            return false;
        };
        let sign = if i > 0 && matches!(tokens[i - 1], "-" | "−") {
            -1.0
        } else {
            1.0
        };
        let fahrenheit = next_token(i).is_some_and(|j| {
            tokens[j] == "℉" || (tokens[j] == "°" && tokens.get(j + 1) == Some(&"F"))
        });
        let (low, high) = if fahrenheit {
            (-90.0, 135.0)
        } else {
            (-70.0, 60.0)
        };
        (low..=high).contains(&(sign * v))
    };
    if temps.is_empty() || !temps.iter().all(|&i| air(i)) {
        return;
    }
    // A record or an average is a fact the page states ("Temperature record: 38 °C", "Höchstwert
    // 40,2 °C", "Average high: 24 °C"), not the weather now.
    if words.iter().any(|&i| in_list!(CLIMATE_FIGURES, tokens[i])) {
        return;
    }
    // The readings: each number, and the unit glued or spaced after it ("°C", "km/h", "%").
    let mut reading = vec![false; tokens.len()];
    for &i in words {
        if !is_number(tokens[i]) {
            continue;
        }
        reading[i] = true;
        let Some(j) = next_token(i) else { continue };
        match tokens[j] {
            "°" | "℃" | "℉" | "%" => {
                reading[j] = true;
                if tokens.get(j + 1).is_some_and(|u| in_list!(&["C", "F"], u)) {
                    reading[j + 1] = true;
                }
            }
            u if in_list!(WEATHER_UNITS, u) => {
                reading[j] = true;
                // "km/h", "m/s", "l/m²": the unit's second half.
                if tokens.get(j + 1) == Some(&"/")
                    && tokens
                        .get(j + 2)
                        .is_some_and(|u| in_list!(&["h", "s", "m", "m²"], u))
                {
                    reading[j + 1] = true;
                    reading[j + 2] = true;
                }
            }
            t if t.starts_with(['°', '℃', '℉']) => reading[j] = true,
            _ => {}
        }
    }
    let labels = words.iter().filter(|&&i| !reading[i]).count();
    if labels > WEATHER_MAX_WORDS {
        return;
    }
    for i in temps {
        kinds[i] = Some(Volatile::Weather);
    }
    for &i in words {
        let t = tokens[i];
        let unit_read = reading[i] && !is_number(t);
        let number_read = reading[i] && is_number(t) && next_token(i).is_some_and(|j| reading[j]);
        if in_list!(WEATHER_WORDS, t)
            || unit_read
            || number_read
            || COMPASS_POINTS.contains(&t)
            || is_day_name(t)
            || t.eq_ignore_ascii_case("tonight")
            || t.eq_ignore_ascii_case("tomorrow")
        {
            kinds[i] = Some(Volatile::Weather);
        }
    }
}

/// Words that join the two ends of a time range ("8:00 bis 15:30", "9:00 to 17:00").
const RANGE_WORDS: &[&str] = &[
    "bis", "to", "until", "till", "thru", "through", "à", "a", "al", "tot", "fino", "alle",
];

/// Unmarks the clocks of a time range — "von 8:00 bis 15:30 Uhr", "9:00–17:00", "9:00 am to
/// 5:00 pm": opening hours, a timetable, an event's time. A range is a schedule the page states,
/// not the time it was served; its change is content.
fn unmark_time_ranges(tokens: &[&str], kinds: &mut [Option<Volatile>]) {
    // The next token after `i` that is not whitespace.
    let next = |i: usize| (i + 1..tokens.len()).find(|&k| !tokens[k].trim().is_empty());
    let suffix = |t: &str| {
        t.eq_ignore_ascii_case("uhr")
            || t.eq_ignore_ascii_case("am")
            || t.eq_ignore_ascii_case("pm")
            || t.eq_ignore_ascii_case("h")
    };
    // A time written with a dot ("9.00", "15.30"), as German pages do: a time only in a range
    // that says "Uhr" or "h" ("9.00 - 15.00 Uhr"); elsewhere it may be a price or a number.
    let dotted = |t: &str| {
        t.split_once('.').is_some_and(|(h, m)| {
            (1..=2).contains(&h.len())
                && m.len() == 2
                && h.parse::<u8>().is_ok_and(|h| h < 24)
                && m.parse::<u8>().is_ok_and(|m| m < 60)
        })
    };
    // A whole hour ("9-18 Uhr", "9 am to 5 pm"): a time only in a range that says so, too.
    let hour = |t: &str| t.len() <= 2 && t.parse::<u8>().is_ok_and(|h| h <= 24);
    let loose = |t: &str| dotted(t) || hour(t) || glued_hour(t);
    for i in 0..tokens.len() {
        if !is_clock(tokens[i]) && !loose(tokens[i]) {
            continue;
        }
        let mut j = next(i);
        let start_suffixed = glued_hour(tokens[i]) || j.is_some_and(|j| suffix(tokens[j]));
        if start_suffixed {
            j = j.and_then(next);
        }
        let Some(joiner) = j else { continue };
        let t = tokens[joiner];
        if !(matches!(t, "-" | "–" | "—") || in_list!(RANGE_WORDS, t)) {
            continue;
        }
        let Some(end) = next(joiner) else { continue };
        let end_suffixed = glued_hour(tokens[end]) || next(end).is_some_and(|s| suffix(tokens[s]));
        let clocks = if is_clock(tokens[i]) && is_clock(tokens[end]) {
            true
        } else {
            (is_clock(tokens[i]) || loose(tokens[i]))
                && (is_clock(tokens[end]) || loose(tokens[end]))
                && (start_suffixed || end_suffixed)
        };
        if clocks {
            for k in &mut kinds[i..=end] {
                if matches!(k, Some(Volatile::Clock | Volatile::Counter)) {
                    *k = None;
                }
            }
            // The end's "Uhr" / "pm".
            if let Some(s) = next(end).filter(|&s| suffix(tokens[s])) {
                kinds[s] = None;
            }
        }
    }
    // One end of a schedule on its own: "Check-in from 15:00", "Check-out until 11:00",
    // "geöffnet ab 9:00 Uhr", "opens at 10:00": a time the page states, not the time it was
    // served.
    let prev = |i: usize| (0..i).rev().find(|&k| !tokens[k].trim().is_empty());
    for i in 0..tokens.len() {
        if kinds[i] != Some(Volatile::Clock) || !(is_clock(tokens[i]) || uhr_hour(tokens, i)) {
            continue;
        }
        let Some(p) = prev(i) else { continue };
        // A label's colon between them: "Departure: 14:05".
        let named = if tokens[p] == ":" { prev(p) } else { Some(p) };
        let bound = in_list!(SCHEDULE_BOUNDS, tokens[p])
            || (in_list!(&["at", "um", "à"], tokens[p])
                && prev(p).is_some_and(|q| in_list!(SCHEDULE_VERBS, tokens[q])))
            || named.is_some_and(|q| in_list!(SCHEDULE_EVENTS, tokens[q]));
        if bound {
            kinds[i] = None;
            if let Some(s) = next(i).filter(|&s| suffix(tokens[s])) {
                kinds[s] = None;
            }
        }
    }
}

/// Whether `tokens[i]` is a whole hour said with "Uhr" ("18 Uhr", "geöffnet bis 20 Uhr"): a
/// time of day, like "18:00".
fn uhr_hour(tokens: &[&str], i: usize) -> bool {
    tokens[i].len() <= 2
        && tokens[i].parse::<u8>().is_ok_and(|h| h <= 24)
        && tokens[i + 1..]
            .iter()
            .find(|t| !t.trim().is_empty())
            .is_some_and(|t| t.eq_ignore_ascii_case("uhr"))
}

/// Words before a time that make it one end of a schedule ("from 15:00", "until 11:00", "ab
/// 9:00 Uhr"; not German "von", which is also "of": "Update von 10:40 Uhr" is a stamp).
const SCHEDULE_BOUNDS: &[&str] = &[
    "from", "until", "till", "ab", "bis", "dès", "jusqu", "desde", "hasta", "dalle", "fino",
    "vanaf", "tot",
];
/// What a timetable times, right before its time ("Estimated arrival 15:55", "Departure:
/// 14:05", "Boarding 13:35", "Abfahrt 8:12", "Kick-off 20:45"): a time the page states, which
/// may keep its distance to the visits by chance.
const SCHEDULE_EVENTS: &[&str] = &[
    "arrival",
    "departure",
    "boarding",
    "eta",
    "etd",
    "kickoff",
    "off",
    "ankunft",
    "abfahrt",
    "abflug",
    "anpfiff",
    "arrivée",
    "départ",
    "llegada",
    "salida",
    "arrivo",
    "partenza",
    "aankomst",
    "vertrek",
];
/// Verbs of a schedule before "at" and a time ("opens at 10:00", "öffnet um 9:00").
const SCHEDULE_VERBS: &[&str] = &[
    "open",
    "opens",
    "close",
    "closes",
    "start",
    "starts",
    "begin",
    "begins",
    "departs",
    "arrives",
    "öffnet",
    "schließt",
    "beginnt",
    "startet",
    "ouvre",
    "ferme",
    "commence",
];

/// The day of an ISO stamp that runs into its time, and that time: "27T04:36:04Z" → ("27",
/// "04:36:04"), "27T04:36" → ("27", "04:36"), fractions of a second and a "Z" left out.
fn iso_day_time(tok: &str) -> Option<(&str, &str)> {
    let (day, rest) = tok.split_once(['T', 't'])?;
    if day.len() != 2 || !day.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = rest.strip_suffix(['Z', 'z']).unwrap_or(rest);
    let clock = rest.split_once('.').map_or(rest, |(c, frac)| {
        if !frac.is_empty() && frac.bytes().all(|b| b.is_ascii_digit()) {
            c
        } else {
            rest
        }
    });
    is_clock(clock).then_some((day, clock))
}

/// Marks a market's readings as counts, in a block of any length (a ticker of several
/// instruments, "DAX 15.234,12 +0,45% · Dow 38.120 -0,2% · Gold 2.310 $ +0,8%"): a signed
/// percentage (its sign after a space or at the start: the day's move) and the level right
/// before it (a currency sign or code may stand between), and the rate after a currency pair
/// ("EUR/USD 1,0832") or of one currency in another ("1 EUR = 1.0842 USD"); and a status page's
/// uptime ([`UPTIME_WORDS`]: "Uptime 99.98%"). Prose writes a move without its sign ("rose 0.4%
/// to 15,234").
fn mark_market(tokens: &[&str], kinds: &mut [Option<Volatile>]) {
    let solid = |k: usize| !tokens[k].trim().is_empty();
    let prev = |i: usize| (0..i).rev().find(|&k| solid(k));
    let currency = |t: &str| is_currency_sign(t) || in_list!(CURRENCY_WORDS, t);
    for i in 1..tokens.len() {
        if !is_number(tokens[i]) {
            continue;
        }
        // (Its sign may be glued to the level's currency: "76,67 USD+2,46%".)
        let signed = matches!(tokens[i - 1], "+" | "-" | "−" | "±")
            && (i < 2
                || !solid(i - 2)
                || tokens[i - 2] == "("
                || (currency(tokens[i - 2]) && prev(i - 2).is_some_and(|l| is_number(tokens[l]))));
        // Or an arrow of up or down before it, after a level without a currency ("ETH 3,120.40
        // ▲ 1.2%"): the arrow is the reading's too. (A price with one is a shop's or a price
        // tracker's drop, "€ 24,99 ▼ 20%".)
        let arrow = prev(i).filter(|&p| {
            matches!(tokens[p], "▲" | "▼" | "↑" | "↓" | "△" | "▽")
                && prev(p).is_some_and(|l| is_number(tokens[l]))
                && !tokens[..p].iter().any(|t| currency(t))
        });
        let percent = (i + 1..tokens.len())
            .find(|&k| solid(k))
            .is_some_and(|k| tokens[k] == "%");
        // ("Sale -20%" is a discount.)
        if (signed || arrow.is_some()) && percent && !discount(tokens, i) {
            kinds[i] = Some(Volatile::Counter);
            if let Some(a) = arrow {
                kinds[a] = Some(Volatile::Counter);
            } else if signed {
                // (The move's sign is its own, glued to the currency too.)
                kinds[i - 1] = Some(Volatile::Counter);
            }
            // The level: "15.234,12 +0,45%", "2.310 $ +0,8%", "$1,920.50 (+0.4%)".
            let mut p = prev(arrow.unwrap_or(i - 1));
            if p.is_some_and(|p| tokens[p] == "(") {
                p = p.and_then(prev);
            }
            if p.is_some_and(|p| currency(tokens[p])) {
                p = p.and_then(prev);
            }
            if let Some(p) = p.filter(|&p| is_number(tokens[p]) && tokens[p].len() > 2) {
                kinds[p] = Some(Volatile::Counter);
            }
        }
        // "EUR/USD 1,0832": a rate between two currencies.
        let pair = prev(i).filter(|&p| {
            p >= 2
                && in_list!(CURRENCY_WORDS, tokens[p])
                && tokens[p - 1] == "/"
                && in_list!(CURRENCY_WORDS, tokens[p - 2])
                && tokens[p].len() == 3
                && tokens[p - 2].len() == 3
        });
        // "1 EUR = 1.0842 USD": a currency's rate in another.
        let code = |k: usize| tokens[k].len() == 3 && in_list!(CURRENCY_WORDS, tokens[k]);
        let quoted = prev(i).is_some_and(|eq| {
            tokens[eq] == "="
                && prev(eq)
                    .is_some_and(|c| code(c) && prev(c).is_some_and(|n| is_number(tokens[n])))
        }) && (i + 1..tokens.len()).find(|&k| solid(k)).is_some_and(code);
        // A status page's uptime ("Uptime 99.98% over the past 90 days", "API · 99.95 %
        // uptime"): measured over a window that moves with the visit. After the reading only
        // where no word leads to it: "guarantees 99.9% uptime" is an offer's term.
        let word_before = (0..i).rev().find(|&k| text::is_word(tokens[k]));
        let word_after = (i + 1..tokens.len()).find(|&k| text::is_word(tokens[k]));
        let uptime_word = |k: Option<usize>| k.is_some_and(|k| in_list!(UPTIME_WORDS, tokens[k]));
        let led = prev(i).is_some_and(|p| text::is_word(tokens[p]));
        let uptime = percent && (uptime_word(word_before) || (!led && uptime_word(word_after)));
        if pair.is_some() || quoted || uptime {
            kinds[i] = Some(Volatile::Counter);
        }
    }
}

/// What a status page measures as a share of time ([`mark_market`]).
const UPTIME_WORDS: &[&str] = &[
    "uptime",
    "availability",
    "verfügbarkeit",
    "disponibilité",
    "disponibilidad",
    "disponibilità",
    "beschikbaarheid",
];

/// Marks as dates the numbers of numeric dates written with `-` or `/` between their parts
/// (`2024-04-01`, `01/04/2024`, `4/1/24`), which the tokenizer splits into three numbers: a
/// four-digit year (1900–2199) first or last, the other parts at most two digits (a two-digit
/// year last only with `/`).
fn mark_split_dates(tokens: &[&str], kinds: &mut [Option<Volatile>]) {
    let digits = |t: &str, n: std::ops::RangeInclusive<usize>| {
        n.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
    };
    // (Persian and Thai years too: 1405/09/16, 7/12/2569.)
    let year = |t: &str| {
        digits(t, 4..=4)
            && t.parse::<i64>().is_ok_and(|y| {
                year_number(t).is_some() || (1300..1500).contains(&y) || thai_era(y).is_some()
            })
    };
    let mut i = 0;
    while i + 4 < tokens.len() {
        let sep = tokens[i + 1];
        let (a, b, c) = (tokens[i], tokens[i + 2], tokens[i + 4]);
        // (An ISO day may run into its time: 2026-11-27T04:36:04Z.)
        let date = matches!(sep, "-" | "/")
            && tokens[i + 3] == sep
            && ((year(a)
                && digits(b, 1..=2)
                && (digits(c, 1..=2) || (sep == "-" && iso_day_time(c).is_some())))
                || (digits(a, 1..=2)
                    && digits(b, 1..=2)
                    && (year(c) || (sep == "/" && digits(c, 2..=2)))));
        if date {
            for k in [i, i + 2, i + 4] {
                kinds[k] = Some(Volatile::Date);
            }
            i += 5;
        } else {
            i += 1;
        }
    }
}

/// Whether a word token is a number glued to its unit of measure (`32GB`, `1.25GHz`).
fn measure_glued(tok: &str) -> bool {
    let unit_at = tok.find(|c: char| c.is_alphabetic());
    unit_at.is_some_and(|k| k > 0 && is_number(&tok[..k]) && in_list!(MEASURE_UNITS, &tok[k..]))
}

/// For each token of `tokens` (from [`text::tokens`]), its volatile kind or `None`.
pub fn volatile_kinds(tokens: &[&str]) -> Vec<Option<Volatile>> {
    volatile_kinds_as(tokens, false)
}

/// [`volatile_kinds`], with the block read as a long one when `long` (a headline: a number
/// in it counts something only beside what it counts).
fn volatile_kinds_as(tokens: &[&str], long: bool) -> Vec<Option<Volatile>> {
    // Word tokens with their index, to look at neighbouring words across spaces/punctuation.
    let words: Vec<usize> = (0..tokens.len())
        .filter(|&i| text::is_word(tokens[i]))
        .collect();
    // Words as a reader counts them: a sentence of Chinese is one token but many words.
    let short = !long
        && words
            .iter()
            .map(|&i| text::run_words(tokens[i]))
            .sum::<usize>()
            <= COUNTER_MAX_WORDS;
    // A short block written as a sentence ("The town has 12,400 inhabitants."): a capitalised
    // word first, a full stop, "!" or "?" last, four words or more. A number inside it is what
    // the sentence states, not a widget's count (unless beside what it counts).
    // (Its last word a whole word: "Lesedauer: 33 Min." ends an abbreviation.)
    let sentence = words.len() >= 4
        && words
            .first()
            .is_some_and(|&i| tokens[i].chars().next().is_some_and(char::is_uppercase))
        && words.last().is_some_and(|&i| {
            tokens[i].chars().count() >= 4 && tokens[i].chars().all(char::is_alphabetic)
        })
        && tokens
            .iter()
            .rev()
            .find(|t| !t.trim().is_empty())
            .is_some_and(|t| matches!(*t, "." | "!" | "?"));
    let rated = short
        && (words.iter().any(|&i| in_list!(RATING_WORDS, tokens[i]))
            || tokens.iter().any(|t| t.contains(['★', '☆', '⭐'])));
    // A repository's stars beside its forks or watchers ("12 stars · 140 forks · 23 open
    // issues"), in a block of any length: they grow with its audience, like the forks. Stars
    // alone are as often a film's or a hotel's rating (short blocks only, `rated`).
    let forked = std::cell::OnceCell::new();
    let starred = |next: Option<&str>| {
        next.is_some_and(|n| n.eq_ignore_ascii_case("stars") || n.eq_ignore_ascii_case("star"))
            && *forked.get_or_init(|| {
                words.iter().any(|&j| {
                    ["forks", "fork", "watchers", "watching"]
                        .iter()
                        .any(|w| tokens[j].eq_ignore_ascii_case(w))
                })
            })
    };
    // A profile's count of whom it follows beside its followers ("1,204 Following · 56.2K
    // Followers", "312 abonnements · 1 204 abonnés"): both grow with its audience. "Following"
    // alone is as often an ordinary word ("the following 3 steps").
    let followers = std::cell::OnceCell::new();
    let following = |next: Option<&str>| {
        next.is_some_and(|n| {
            n.eq_ignore_ascii_case("following") || n.eq_ignore_ascii_case("abonnements")
        }) && *followers.get_or_init(|| {
            words.iter().any(|&j| {
                ["followers", "follower", "abonnés"]
                    .iter()
                    .any(|w| tokens[j].eq_ignore_ascii_case(w))
            })
        })
    };
    // The block says how long ago something was ("3 hours ago", "vor 2 Stunden"): a score's
    // words count votes here ([`SCORE_WORDS`]). Read once, when a number stands before one.
    let aged = std::cell::OnceCell::new();
    let aged = || {
        *aged.get_or_init(|| {
            // ("vor" alone is also "ahead of": "3 Punkte vor Dortmund".)
            (0..words.len()).any(|k| {
                let w = |q: usize| words.get(q).map(|&i| tokens[i]);
                in_list!(AGO_AFTER, tokens[words[k]])
                    || (in_list!(AGO_BEFORE, tokens[words[k]])
                        && w(k + 1).is_some_and(is_number)
                        && w(k + 2).is_some_and(is_time_unit))
            })
        })
    };
    // The block is a board of departures ("Next departures from Central", "Abfahrten ab
    // Hauptbahnhof", "Next train"). Read once, when a number stands before a unit of time.
    let departures = std::cell::OnceCell::new();
    let departures = || {
        *departures.get_or_init(|| {
            (0..words.len()).any(|k| {
                let w = tokens[words[k]];
                in_list!(DEPARTURE_WORDS, w)
                    || (in_list!(NEXT_WORDS, w)
                        && words
                            .get(k + 1)
                            .is_some_and(|&j| in_list!(VEHICLE_WORDS, tokens[j])))
            })
        })
    };
    // The block counts who is online ("48 users online :: 5 registered"). Read once, when a
    // number stands before one of [`ONLINE_KINDS`].
    let online = std::cell::OnceCell::new();
    let online = || {
        *online.get_or_init(|| {
            words
                .iter()
                .any(|&i| tokens[i].eq_ignore_ascii_case("online"))
        })
    };
    // The block states a shop's sales rank ("Best Sellers Rank: #1,204 in Books"): its ranks
    // move with every sale. Read once, when a number stands after a "#".
    let sales_rank = std::cell::OnceCell::new();
    let sales_rank =
        || *sales_rank.get_or_init(|| !phrases_said_in(tokens, SALES_RANKS).is_empty());
    let mut kinds = vec![None; tokens.len()];
    let word_at = |k: isize| -> Option<&str> {
        if k < 0 {
            None
        } else {
            words.get(k as usize).map(|&i| tokens[i])
        }
    };
    for (k, &i) in words.iter().enumerate() {
        let k = k as isize;
        let tok = tokens[i];
        let prev = word_at(k - 1);
        let next = word_at(k + 1);
        let prev_is_num = prev.is_some_and(is_number);
        let next_is_num = next.is_some_and(is_number);
        // The words beside this one across a Spanish or Portuguese "de" ("24 de febrero de
        // 2025"), for dates, and after a Portuguese weekday its "feira" ("Segunda-feira, 30
        // de novembro").
        let joined = |step: isize| {
            let w = word_at(k + step);
            if w.is_some_and(|w| in_list!(DATE_JOINERS, w))
                || (step == 1 && w.is_some_and(|w| w.eq_ignore_ascii_case("feira")))
                // After a weekday its Danish and Norwegian "den" ("Mandag den 7. december"),
                // its Vietnamese "ngày", day ("Thứ Hai, ngày 7 tháng 12").
                || (step == 1
                    && w.is_some_and(|w| in_list!(&["den", "ngày"], w))
                    && (is_day_name(tok) || vietnamese_weekday(tokens, i).is_some()))
            {
                word_at(k + 2 * step)
            } else {
                w
            }
        };
        let (prev_d, next_d) = (joined(-1), joined(1));
        // "vor 3 Stunden", "hace 3 horas", "il y a 3 heures": the words before position `q`.
        let ago_before = |q: isize| {
            word_at(q).is_some_and(|w| in_list!(AGO_BEFORE, w))
                || (word_at(q).is_some_and(|w| w == "a")
                    && word_at(q - 1).is_some_and(|w| w.eq_ignore_ascii_case("y")))
                // Greek "πριν από 5 λεπτά".
                || (word_at(q).is_some_and(|w| w == "από")
                    && word_at(q - 1).is_some_and(|w| w.to_lowercase() == "πριν"))
        };
        // "5 minutes ago", and Indonesian "5 menit yang lalu"; Hungarian writes "ago" in the
        // unit's ending ("5 perce", "3 órája", "2 napja").
        let ago_after = |q: isize| {
            word_at(q).is_some_and(|w| in_list!(AGO_AFTER, w))
                || (word_at(q).is_some_and(|w| w.eq_ignore_ascii_case("yang"))
                    && word_at(q + 1).is_some_and(|w| w.eq_ignore_ascii_case("lalu")))
                || (word_at(q).is_some_and(|w| w.eq_ignore_ascii_case("ang"))
                    && word_at(q + 1).is_some_and(|w| w.eq_ignore_ascii_case("nakalipas")))
                || word_at(q - 1).is_some_and(|u| {
                    in_list!(
                        &[
                            "perce",
                            "másodperce",
                            "órája",
                            "napja",
                            "hete",
                            "hónapja",
                            "éve",
                        ],
                        u,
                    )
                })
        };
        // A relative time of several units ("7 hours 5 min ago", "vor 2 Stunden 5 Minuten"):
        // pairs of a number and its time unit, the "ago" after the last pair or the "vor"
        // before the first; `q` is a pair's number.
        // ("5 m ago": minutes written as a length's unit, an age by its "ago".)
        let age_unit = |w: &str| is_time_unit(w) || w.eq_ignore_ascii_case("m");
        let pair_at =
            |q: isize| word_at(q).is_some_and(is_number) && word_at(q + 1).is_some_and(age_unit);
        let pairs_ago = |q: isize| {
            let (mut first, mut last) = (q, q);
            while pair_at(last + 2) {
                last += 2;
            }
            while pair_at(first - 2) {
                first -= 2;
            }
            ago_after(last + 2) || ago_before(first - 1)
        };
        let kind = if is_clock(tok) {
            Some(Volatile::Clock)
        } else if is_ip(tok) {
            Some(Volatile::Ip)
        } else if is_numeric_date(tok) || cjk_date(tok).is_some() {
            Some(Volatile::Date)
        } else if tok.len() == 4 && year_number(tok).is_some() && copyright(tokens, i) {
            // A copyright's year ("© 2026", "© 2005–2026"), in a footer's long line too: a
            // date, judged against the visits ([`year_left_the_visits`]).
            Some(Volatile::Date)
        } else if is_number(tok) {
            if next.is_some_and(age_unit) && pairs_ago(k) {
                Some(Volatile::RelativeTime)
            } else if uhr_hour(tokens, i) {
                // A whole hour said with "Uhr" ("18 Uhr"): a time of day, like "18:00".
                Some(Volatile::Clock)
            } else if next.is_some_and(|n| in_list!(CLOCK_UNITS, n)) && departures() {
                // Minutes to the next departures on a board ("Next departures: Red 2 min ·
                // Blue 7 min"): the time of the visit, told by the timetable.
                Some(Volatile::RelativeTime)
            } else if short
                && next.is_some_and(|n| in_list!(CLOCK_UNITS, n))
                && words.iter().any(|&j| in_list!(WAIT_WORDS, tokens[j]))
            {
                // A wait told as it is now ("Wait time: 25 min", "Wartezeit: 40 Min."): a
                // reading of the queue at the visit, in a short block.
                Some(Volatile::Duration)
            } else if next.is_some_and(|n| in_list!(DURATION_UNITS, n)) {
                // A measured duration: with its fraction ("served in 0.02 s"), in milliseconds
                // ("Ping 23 ms"), or in whole seconds after what measures it ("Response time
                // 3 s", "Refreshing in 30 s"). A setting in whole seconds ("default timeout is
                // 30 s") is content, in a short block too.
                let measured = tok.contains('.')
                    || (short
                        && (next.is_some_and(|n| n.starts_with(['m', 'M']))
                            || word_at(k - 1).is_some_and(|w| in_list!(MEASURED_BEFORE, w))));
                measured.then_some(Volatile::Duration)
            } else if ((next_d.is_some_and(|n| in_list!(MONTHS, n))
                || prev_d.is_some_and(|p| in_list!(MONTHS, p)))
                // ("APR 6.9 %" is a rate, not 6 April.)
                && !rate(tokens, i, words.len()))
                || vietnamese_date_part(k, &word_at)
                // A day of the month after its weekday, last in the block or before a clock
                // ("Mon 7", "Montag, 7.", "Tue 8 · 10:00"; "Monday 3 times" counts).
                || (day_number(tok).is_some()
                    && next.is_none_or(is_clock)
                    && prev.is_some_and(|p| is_day_name(p) && weekday_index(p).is_some()))
            {
                Some(Volatile::Date)
            } else if priced(tokens, i)
                || rate(tokens, i, words.len())
                || termed(tokens, i)
                || named(tokens, i)
                || score(tokens, i)
                || stated_figure(k, &word_at)
                // A temperature ("Heat the oven to 180 °C"; a weather report's is marked by
                // `mark_weather` below).
                || beside(tokens, i, 1).is_some_and(|t| t.starts_with(['°', '℃', '℉']))
                // A length of time that is no age ("Bake for 60 minutes", "Cook 45 min"): a
                // fact of the page, unless it runs down ("Next bus in 5 min") or estimates a
                // reading ("5 min read"), or stands alone in its element (a teaser's "5 Min",
                // its reading time or its video's length).
                || (words.len() > 2
                    && next.is_some_and(|n| in_list!(CLOCK_UNITS, n))
                    && !word_at(k - 1).is_some_and(|w| in_list!(COUNTDOWN_BEFORE, w))
                    && !words.iter().any(|&j| reading_word(tokens[j])))
                || {
                // A run of numbers after a fact label ("Tel. +49 30 2591 0", "Age: 18").
                let mut q = k - 1;
                while word_at(q).is_some_and(is_number) {
                    q -= 1;
                }
                // An international telephone number: `+49 40 4275 4871`, three or more numbers
                // after a `+` and a country code of one to three digits.
                let mut end = k;
                while word_at(end + 1).is_some_and(is_number) {
                    end += 1;
                }
                let first = words[(q + 1) as usize];
                let phone = first > 0
                    && tokens[first - 1] == "+"
                    && tokens[first].len() <= 3
                    && tokens[first].bytes().all(|b| b.is_ascii_digit())
                    && end - q >= 3;
                // A national one: three or more numbers, the first an area code of three to
                // five digits with its leading 0 ("Call us: 0800 123 456", "030 2591 0000").
                let national = end - q >= 3
                    && (3..=5).contains(&tokens[first].len())
                    && tokens[first].starts_with('0')
                    && tokens[first].bytes().all(|b| b.is_ascii_digit());
                phone || national || word_at(q).is_some_and(|w| in_list!(FACT_LABELS, w))
            } {
                // A price or a measure (`€1,279`, `6 TB`), a period (`14 days`), the number
                // of a document or its part (`Version 3.2`, `§ 7`), a number in a name
                // (`Fedora 34 Server`) or a labelled fact (`Tel. 030 1234`, `HRB 12345`,
                // `Minimum age: 18`) is content, even in a short block.
                None
            } else if next.is_some_and(|n| {
                in_list!(COUNTER_WORDS, n)
                    || in_list!(LEFT_WORDS, n)
                    || (in_list!(STOCK_NOUNS, n)
                        && word_at(k + 2).is_some_and(|w| {
                            in_list!(LEFT_AFTER_NOUN, w)
                                || (in_list!(AVAILABLE_AFTER_NOUN, w)
                                    && prev.is_some_and(|p| in_list!(ONLY_WORDS, p)))
                        }))
                    || (in_list!(COUNT_QUALIFIERS, n)
                        && word_at(k + 2).is_some_and(|w| {
                            in_list!(COUNTER_WORDS, w)
                                || in_list!(OPEN_ITEMS, w)
                                || in_list!(INBOX_ITEMS, w)
                        }))
                    // ("You have 3 messages.", "Tienes 2 mensajes nuevos.")
                    || (in_list!(INBOX_ITEMS, n) && prev.is_some_and(|p| in_list!(HAVE_WORDS, p)))
                    || (in_list!(COUNTER_SINGULARS, n) && matches!(tok, "0" | "1"))
                    || (in_list!(SCORE_WORDS, n) && aged())
                    || metered(n, word_at(k + 2), word_at(k + 3), prev)
            }) || prev.is_some_and(|p| in_list!(COUNTER_WORDS, p))
                || (next.is_some_and(|n| in_list!(ONLINE_KINDS, n)) && online())
                || (((i > 0 && tokens[i - 1] == "#")
                    || prev.is_some_and(|p| in_list!(&["nr", "no", "n", "núm", "num"], p)))
                    && sales_rank())
                // A forum's totals ("Total posts 27,460", "Beiträge insgesamt 27460").
                || (prev.is_some_and(|p| in_list!(FORUM_TOTALS, p))
                    && word_at(k - 2).is_some_and(|w| in_list!(TOTAL_WORDS, w)))
                || (prev.is_some_and(|p| in_list!(TOTAL_WORDS, p))
                    && word_at(k - 2).is_some_and(|w| in_list!(FORUM_TOTALS, w)))
                || count_label(k, &word_at)
                || social_proof(k, &word_at)
                || consent_partners(k, &word_at)
                || endorsement(k, &word_at)
                || times_accessed(k, &word_at)
                || windowed_count(k, &word_at)
                || starred(next)
                || following(next)
                || (short && (rated || (!sentence && !versioned(tokens, i))))
                // A rating written with its star ("4.6★ 212K reviews · 10M+ downloads"), in a
                // longer block too, or an average said in stars ("4.5 out of 5 stars 1,234
                // ratings").
                || star_average(tok, k, &word_at)
                // A booking site's guests' score beside its word ("Excellent 8.9").
                || (short && verdict_score(tok, k, &word_at))
                // A community's social proof ("Join 12,345 other readers", "Join over 2,000
                // members").
                || word_at(k - 1).is_some_and(|w| in_list!(JOIN_WORDS, w))
                || (word_at(k - 2).is_some_and(|w| in_list!(JOIN_WORDS, w))
                    && word_at(k - 1).is_some_and(|w| in_list!(JOIN_BOUNDS, w)))
                || (tok.len() <= 3
                    && [-1, 1]
                        .iter()
                        .any(|&d| beside(tokens, i, d).is_some_and(|t| t.contains(['★', '☆', '⭐']))))
            {
                // A number in a short block counts something, unless it is written like a
                // version (`Linux Mint 21.2`, `Hugo 0.82.0`): a count is whole. A rating (a
                // short block with a rating word, `4.5 stars`) moves like a count; prices,
                // indices and readings (`189.45`, `15.432,10`, `+0.5 %`, `12.5 °C`) too.
                Some(Volatile::Counter)
            } else {
                None
            }
        } else if abbreviated_count(tok)
            && (next.is_some_and(|n| in_list!(COUNTER_WORDS, n))
                || prev.is_some_and(|p| in_list!(COUNTER_WORDS, p))
                || count_label(k, &word_at)
                // ("Viewed 12k times", "1.2k stars · 140 forks".)
                || times_accessed(k, &word_at)
                || starred(next)
                || following(next)
                // ("2K+ bought in past month": a "+" right after says at least so many.)
                || tokens.get(i + 1) == Some(&"+")
                || (short && !tok.ends_with(['m', 'b']) && (tok.contains(['.', ',']) || aged())))
        {
            // A count written short with its magnitude beside what it counts ("2.1k views",
            // "Views 1.2M") is a count like a whole number there ("Model XR 3K" is a name);
            // so is one with a fraction in a short block, or beside an age (a comment's likes
            // under its author, "@alex 2 days ago 1.2K"); "1.5m" may be metres.
            Some(Volatile::Counter)
        } else if ((in_list!(MONTHS, tok) || is_day_name(tok))
            && (prev_is_num
                || next_is_num
                || prev_d.is_some_and(is_number)
                || next_d.is_some_and(is_number)))
            || (is_day_name(tok)
                && next_d.is_some_and(|n| in_list!(MONTHS, n))
                && word_at(k + 2).is_some_and(|w| is_number(w) || day_number(w).is_some()))
            // (A month beside its ordinal day, "30th November", "December 1st"; a weekday before
            // an ordinal day and its month, "Sunday, 6th December".)
            || (in_list!(MONTHS, tok)
                && [prev_d, next_d]
                    .into_iter()
                    .any(|w| w.is_some_and(|w| day_number(w).is_some())))
            || (is_day_name(tok)
                && next_d.is_some_and(|n| day_number(n).is_some())
                && word_at(k + 2).is_some_and(|w| in_list!(MONTHS, w)))
            || (is_day_name(tok) && (prev.is_some_and(cjk_day) || next_d.is_some_and(cjk_day)))
            // Romanian's Monday, "luni", also "months" ("3 luni"): a day only before a day of
            // the month and its month ("Luni, 7 decembrie 2026").
            || (tok.eq_ignore_ascii_case("luni")
                && next_d.is_some_and(|n| day_number(n).is_some())
                && word_at(k + 2).is_some_and(|w| in_list!(MONTHS, w)))
            || (vietnamese_weekday(tokens, i).is_some() && (next_d.is_some_and(is_number)))
        {
            // (A weekday before a month and its day, "Tuesday, November 14", "Monday, December
            // 7th", or an ordinal day and its month, is the date's; so is one after a date of
            // Chinese, Japanese or Korean, "12月1日（火）", "12월 1일
            // 화요일".)
            Some(Volatile::Date)
        } else if day_number(tok).is_some()
            && (next_d.is_some_and(|n| in_list!(MONTHS, n))
                || prev_d.is_some_and(|p| in_list!(MONTHS, p)))
        {
            // An ordinal day beside its month: "1er mars", "March 24th".
            Some(Volatile::Date)
        } else if (is_time_unit(tok)
            && (prev_is_num
                || prev.is_some_and(|p| in_list!(ARTICLES, p) || in_list!(FEW_WORDS, p)))
            && (ago_after(k + 1) || ago_before(k - 2)))
            || ((in_list!(ARTICLES, tok) || in_list!(FEW_WORDS, tok))
                && next.is_some_and(is_time_unit)
                && (ago_after(k + 2) || ago_before(k - 1)))
            || (in_list!(ARTICLES, tok)
                && next.is_some_and(|n| in_list!(FEW_WORDS, n))
                && word_at(k + 2).is_some_and(is_time_unit)
                && ago_after(k + 3))
            || (compact_unit(tok) && (ago_after(k + 1) || ago_before(k - 1)))
            || (compact_unit(tok)
                && !tok.bytes().any(|c| c.is_ascii_uppercase())
                && k as usize == words.len() - 1
                && ((2..=3).contains(&words.len())
                    || (words.len() <= COUNTER_MAX_WORDS
                        && tokens[..i]
                            .iter()
                            .rev()
                            .find(|t| !t.trim().is_empty())
                            .is_some_and(|t| matches!(*t, "•" | "·" | "|" | "-" | "–"))
                        || words[..k as usize]
                            .iter()
                            .any(|&j| in_list!(POSTED_CUES, tokens[j])))))
            || (is_time_unit(tok) && prev_is_num && pairs_ago(k - 1))
            || cjk_ago(tok)
            || (prev_is_num && (cjk_unit_ago(tok) || thai_ago(tok)))
            // Two of a unit in Arabic or Hebrew, one word ("منذ ساعتين"); one of it, said
            // without a number ("منذ ساعة", an hour ago; "לפני שבוע").
            || ((in_list!(DUAL_UNITS, tok) || (is_time_unit(tok) && !prev_is_num))
                && word_at(k - 1).is_some_and(|w| matches!(w, "منذ" | "לפני")))
        {
            // "5 minutes ago", "an hour ago", "vor 3 Stunden", "vor einer Stunde", "il y a une
            // heure", "hace 2 horas", "3 ore fa", "a few seconds ago", "3m ago": the unit and
            // the article, few or number before it. A post's age written short after its
            // author ("raj · 2h", "@ann 5d": forums and feeds) needs no "ago"; in capitals it
            // is a name ("Canon 5D", "3M"); alone it could be anything ("3m": metres?). After
            // a word that says it was posted, it is its age too ("Posted by u/maria 5h").
            Some(Volatile::RelativeTime)
        } else if is_id(tok)
            && !priced(tokens, i)
            && !document_name(tokens, i)
            && !measure_glued(tok)
            && !clock_glued(tok)
        {
            // (A price glued to its label, `Preis34,95 €`, is no id; nor is the name of a
            // document, `Pruefungsplan_WS23_24_07_12_2023.pdf`: a new file is a new document;
            // nor an amount glued to its unit, `10,000mAh`: what the product has; nor a
            // ticker item's time run into its kicker, `03:30Newsticker`.)
            Some(Volatile::Id)
        } else if (tok.eq_ignore_ascii_case("am")
            || tok.eq_ignore_ascii_case("pm")
            || tok.eq_ignore_ascii_case("uhr"))
            && prev.is_some_and(|p| is_clock(p) || is_number(p))
        {
            Some(Volatile::Clock)
        } else {
            None
        };
        kinds[i] = kind;
    }
    mark_weather(tokens, &words, &mut kinds);
    mark_split_dates(tokens, &mut kinds);
    // Korean dates: "2026년 11월 28일" (the year and the day are no counts).
    let word = |k: usize| words.get(k).map(|&i| tokens[i]);
    for k in 0..words.len() {
        if let Some((_, _, _, first, last)) = korean_date(word, k) {
            for w in &words[first..=last] {
                kinds[*w] = Some(Volatile::Date);
            }
        }
    }
    unmark_time_ranges(tokens, &mut kinds);
    mark_uuids(tokens, &mut kinds);
    mark_newest_member(tokens, &words, &mut kinds);
    mark_now_phrases(tokens, &words, &mut kinds);
    mark_market(tokens, &mut kinds);
    // A sign glued to a count is the count's: "+0,5%" → "-0,3%" moves like "0,5%" → "0,3%".
    for i in 2..tokens.len() {
        if kinds[i] == Some(Volatile::Counter)
            && matches!(tokens[i - 1], "+" | "-" | "−" | "±")
            && !text::is_word(tokens[i - 2])
        {
            kinds[i - 1] = Some(Volatile::Counter);
        }
    }
    for i in 2..tokens.len() {
        if kinds[i] == Some(Volatile::Weather)
            && is_number(tokens[i])
            && matches!(tokens[i - 1], "+" | "-" | "−")
            && !text::is_word(tokens[i - 2])
        {
            kinds[i - 1] = Some(Volatile::Weather);
        }
    }
    if tokens.len() > 1
        && matches!(kinds[1], Some(Volatile::Counter | Volatile::Weather))
        && matches!(tokens[0], "+" | "-" | "−" | "±")
    {
        kinds[0] = kinds[1];
    }
    // A "+" glued after a count or an age is its: "99+ comments", "Posted 30+ days ago".
    for i in 1..tokens.len() {
        if tokens[i] == "+"
            && is_number(tokens[i - 1])
            && matches!(
                kinds[i - 1],
                Some(Volatile::Counter | Volatile::RelativeTime)
            )
            && tokens.get(i + 1).is_none_or(|t| !text::is_word(t))
        {
            kinds[i] = kinds[i - 1];
        }
    }
    // Groups of a count's thousands parted by a space ("1 245 vues", "12 408 visningar"): the
    // count's; from the last group back ("1 234 567").
    for i in (2..tokens.len()).rev() {
        let digits = |t: &str, n: std::ops::RangeInclusive<usize>| {
            n.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
        };
        if kinds[i] == Some(Volatile::Counter)
            && digits(tokens[i], 3..=3)
            && matches!(tokens[i - 1], " " | "\u{a0}" | "\u{202f}" | "\u{2009}")
            && digits(tokens[i - 2], 1..=3)
            && kinds[i - 2].is_none()
        {
            kinds[i - 2] = Some(Volatile::Counter);
            kinds[i - 1] = Some(Volatile::Counter);
        }
    }
    // A clock or date inside prose ("the ferry leaves at 7:15", "the offer ends on 3 May") is
    // content; in a short block or after a timestamp cue ("Updated", "Stand:") it is volatile.
    if words.len() > TIMESTAMP_MAX_WORDS {
        for (k, &i) in words.iter().enumerate() {
            if matches!(kinds[i], Some(Volatile::Clock | Volatile::Date)) {
                // Walk back over the run of date/clock tokens this one belongs to, then look
                // for a cue among the few words before the run.
                let mut q = k;
                while q > 0 && matches!(kinds[words[q - 1]], Some(Volatile::Clock | Volatile::Date))
                {
                    q -= 1;
                }
                let cued =
                    (q.saturating_sub(4)..q).any(|r| in_list!(TIMESTAMP_CUES, tokens[words[r]]));
                if !cued {
                    kinds[i] = None;
                }
            }
        }
    }
    kinds
}

/// `t` as the noise detectors read it: the decimal digits of other scripts written as ASCII
/// digits — fullwidth ("１２", Chinese and Japanese pages), Arabic-Indic ("١٢"), Persian ("۱۲"),
/// Devanagari ("१२"), Bengali ("১২"), Gurmukhi, Gujarati, Thai ("๑๒"), Lao, Khmer and Myanmar —
/// and without the zero-width non-joiner that joins a Persian word's parts ("سه‌شنبه",
/// Tuesday, is one word: [`WEEKDAY_ROWS`]); `t` itself when it has none of them.
fn plain_digits(t: &str) -> std::borrow::Cow<'_, str> {
    let digit = |c: char| -> Option<char> {
        let base = match c {
            '\u{FF10}'..='\u{FF19}' => 0xFF10,
            '\u{0660}'..='\u{0669}' => 0x0660,
            '\u{06F0}'..='\u{06F9}' => 0x06F0,
            '\u{0966}'..='\u{096F}' => 0x0966,
            '\u{09E6}'..='\u{09EF}' => 0x09E6,
            '\u{0A66}'..='\u{0A6F}' => 0x0A66,
            '\u{0AE6}'..='\u{0AEF}' => 0x0AE6,
            '\u{0E50}'..='\u{0E59}' => 0x0E50,
            '\u{0ED0}'..='\u{0ED9}' => 0x0ED0,
            '\u{17E0}'..='\u{17E9}' => 0x17E0,
            '\u{1040}'..='\u{1049}' => 0x1040,
            _ => return None,
        };
        char::from_digit(c as u32 - base, 10)
    };
    const ZWNJ: char = '\u{200C}';
    if t.is_ascii() || !t.chars().any(|c| c == ZWNJ || digit(c).is_some()) {
        return std::borrow::Cow::Borrowed(t);
    }
    std::borrow::Cow::Owned(
        t.chars()
            .filter(|&c| c != ZWNJ)
            .map(|c| digit(c).unwrap_or(c))
            .collect(),
    )
}

/// If `old` and `new` differ only in volatile tokens of matching kinds, the kinds that differ
/// (sorted, deduplicated); otherwise `None`. Identical texts are not noise (`None`). Every
/// changed date counts as volatile here; see [`builtin_noise_at`].
pub fn builtin_noise(old: &str, new: &str) -> Option<Vec<Volatile>> {
    builtin_noise_at(old, new, None)
}

/// A changed date at most this many days from the visit's day is the page's own timestamp.
pub const DATE_NOW_DAYS: i64 = 1;

/// [`builtin_noise`] for a visit at `now` (seconds since the Unix epoch, UTC): a change whose
/// new text holds a readable date that is not in the old text and lies more than
/// [`DATE_NOW_DAYS`] from the visit's day is not noise (see the module docs).
pub fn builtin_noise_at(old: &str, new: &str, now: Option<i64>) -> Option<Vec<Volatile>> {
    builtin_noise_between(old, new, None, now)
}

/// [`builtin_noise_at`] judged against **both** visits: the old text was seen at `then`, the
/// new one at `now` (seconds since the epoch, UTC, each if known). A changed date is noise only
/// when it tracked the visit in the new version (within [`DATE_NOW_DAYS`] of `now`'s day) and,
/// when `then` is known, in the old version too (the dates the old text had and the new one
/// dropped lay within [`DATE_NOW_DAYS`] of `then`'s day). A "last updated" date that moves to
/// the visit's day from an older one is content: the strongest sign a document changed.
/// Knowing a time only ever turns noise into content.
pub fn builtin_noise_between(
    old: &str,
    new: &str,
    then: Option<i64>,
    now: Option<i64>,
) -> Option<Vec<Volatile>> {
    builtin_noise_on_page(old, new, then, now, None)
}

/// [`builtin_noise_between`] on a page that writes its slashed dates in `page_order`
/// ([`page_slash_order`]): a date that both orders read ("03/12/2026") is read so, unless the
/// pair itself writes one that only one order reads.
pub fn builtin_noise_on_page(
    old: &str,
    new: &str,
    then: Option<i64>,
    now: Option<i64>,
    page_order: Option<SlashOrder>,
) -> Option<Vec<Volatile>> {
    // Digits of other scripts ("１２", "١٢", "१२") read as the ASCII digits they are.
    let (old, new) = (&*plain_digits(old), &*plain_digits(new));
    if let (Some(then), Some(now)) = (then, now) {
        if dated_own_day(old, new, then, now) || dated_own_day(new, old, now, then) {
            return Some(vec![Volatile::Format]);
        }
        // A "last updated" age that moved to the visit from one that did not track it.
        if update_stamp_moved(old, new, then, now) {
            return None;
        }
        // (A delivery estimate and an age line are a line each: longer texts are not read, as
        // every changed pair asks.)
        if old.len().max(new.len()) <= STAMP_LINE_BYTES {
            if let Some(kinds) = delivery_estimate(old, new, then, now) {
                return Some(kinds);
            }
            if aged_into_its_date(old, new, then, now) {
                return Some(vec![Volatile::RelativeTime]);
            }
        }
    }
    // A greeting of the hour ("Good morning, Anna" → "Good evening, Anna"): the time of the
    // visit, said in words. The rest of the line is judged as any change.
    if let Some((old_rest, new_rest)) = hour_greetings_swapped(old, new) {
        if old_rest == new_rest {
            return Some(vec![Volatile::RelativeTime]);
        }
        let mut kinds = builtin_noise_on_page(&old_rest, &new_rest, then, now, page_order)?;
        if !kinds.contains(&Volatile::RelativeTime) {
            kinds.push(Volatile::RelativeTime);
        }
        return Some(kinds);
    }
    // Today's opening hours on another day of the week ("Open today: 7:00–18:00" on a
    // Friday, "8:00–14:00" on the Saturday): the day of the visit, said in its hours. How
    // long an account has existed, grown by the time between the visits ("Member for 3
    // years, 2 months" → "3 months"): counted from the visit.
    if let (Some(then), Some(now)) = (then, now) {
        if todays_hours(old, new, then, now) || member_for_grew(old, new, then, now) {
            return Some(vec![Volatile::RelativeTime]);
        }
    }
    // The sun's times for the day of each visit ("Sunrise 07:52 · Sunset 16:01"): a weather
    // widget's almanac.
    if sun_times(old) && sun_times(new) {
        return Some(vec![Volatile::Weather]);
    }
    // A weather reading after its label and a colon ("Air quality: Good (AQI 32)" →
    // "Moderate (AQI 61)", "Pollen: high" → "low"), as [`weather_reading`] reads one beside it.
    if let (Some((label, a)), Some((same, b))) = (old.split_once(':'), new.split_once(':')) {
        if label == same && weather_reading(label, a, b) {
            return Some(vec![Volatile::Weather]);
        }
    }
    // Whether a person is online at the visit ("Online now" → "Last seen 3 hours ago"): the
    // time of the visit, said of them — of someone named before it too ("Anna is online" →
    // "Anna was last seen 2 hours ago").
    // (A state is a short line: longer texts are not read, as every changed pair asks.)
    let (old_rest, new_rest) = (old.len().max(new.len()) <= STAMP_LINE_BYTES)
        .then(|| after_common_lead(old, new))
        .flatten()
        .unwrap_or((old, new));
    let present =
        |a: &str, b: &str| presence(a) && presence(b) && (presence_cued(a) || presence_cued(b));
    if present(old, new) || present(old_rest, new_rest) {
        return Some(vec![Volatile::RelativeTime]);
    }
    // Whether a help desk is there at the visit ("Live chat: We're online" → "We're offline",
    // "Our support team is available now" → "currently unavailable"): its hours, said at the
    // moment of the visit.
    let desk = (old.len().max(new.len()) <= STAMP_LINE_BYTES)
        .then(|| after_lead_of(old, new, DESK_LEAD_MAX_WORDS))
        .flatten()
        .is_some_and(|(a, b)| {
            support_named(&old[..old.len() - a.len()]) && desk_state(a) && desk_state(b)
        });
    if desk {
        return Some(vec![Volatile::RelativeTime]);
    }
    // Whether the place is open at the visit ("Open now · closes at 22:00" → "Closed · opens
    // at 12:00"): the time of the visit, said in words — of a place named before it too, when
    // both say a time ("Store open until 20:00" → "Store closed · opens tomorrow at 09:00";
    // "Applications open" → "Applications closed" is the page's news).
    let clocked = |t: &str| text::tokens(t).iter().any(|w| is_clock(w));
    if (opening_state(old) && opening_state(new))
        || (old_rest.len() < old.len()
            && opening_state(old_rest)
            && opening_state(new_rest)
            && clocked(old_rest)
            && clocked(new_rest))
    {
        return Some(vec![Volatile::RelativeTime]);
    }
    if price_step(old, new) {
        return None;
    }
    if today_dropped(old, new) || today_dropped(new, old) {
        return Some(vec![Volatile::RelativeTime]);
    }
    let Some(reasons) = builtin_noise_kinds(old, new) else {
        // What is on air ("Now: … · Next: …"), where nothing else tells the change: the time
        // of the visit, said in titles.
        if on_air(old, new) {
            return Some(vec![Volatile::RelativeTime]);
        }
        // Days left that fell into a day word ("Sale ends in 2 days" → "Sale ends tomorrow" a
        // day later): the deadline stayed, the visit came nearer to it.
        if let (Some(then), Some(now)) = (then, now) {
            if days_left_fell(old, new, then, now) {
                return Some(vec![Volatile::RelativeTime]);
            }
        }
        // A countdown to a deadline of every day, counted towards the next day's.
        if let (Some(then), Some(now)) = (then, now) {
            if daily_cutoff(old, new, then, now) {
                return Some(vec![Volatile::RelativeTime]);
            }
        }
        // A time left in words that fell, where nothing else changed: noise, unless both
        // visits' times say it fell by more or less than the time between them (an offer's
        // deadline moved).
        let fell = time_left_fell(old, new)?;
        return match (then, now) {
            (Some(then), Some(now)) if !fell(now.saturating_sub(then)) => None,
            _ => Some(vec![Volatile::RelativeTime]),
        };
    };
    // The person's own last sign-in ("Last login: 28 Nov 2026 14:03" → "1 Dec 2026 09:00"):
    // it moves when they sign in, forward and to no later than the visit's day, whatever
    // the page says.
    if reasons
        .iter()
        .all(|k| matches!(k, Volatile::Date | Volatile::Clock | Volatile::Ip))
        && login_stamped(old)
        && login_stamped(new)
    {
        let forward = match (then, now) {
            (Some(then), Some(now)) => {
                let earliest = dates_in(old, then.div_euclid(86_400)).into_iter().min();
                let today = now.div_euclid(86_400);
                dates_in(new, today)
                    .iter()
                    .all(|&d| d <= today + DATE_NOW_DAYS && earliest.is_none_or(|e| d >= e))
            }
            _ => true,
        };
        if forward {
            return Some(reasons);
        }
    }
    if reasons.contains(&Volatile::Clock) {
        // A time of another day ("19.09.2022 10:00" → "14:00", seen days before) is an
        // appointment the page states, not the time it was served.
        let another_day = |text: &str, other: &str, at: Option<i64>| {
            at.is_some_and(|t| clock_of_another_day(text, other, t.div_euclid(86_400)))
        };
        if another_day(new, old, now) || another_day(old, new, then) {
            return None;
        }
        if let (Some(then), Some(now)) = (then, now) {
            if clock_left_the_visit(old, new, then, now) {
                return None;
            }
        }
    }
    if (reasons.contains(&Volatile::Counter) || reasons.contains(&Volatile::Date))
        && year_left_the_visits(old, new, then, now)
    {
        return None;
    }
    if !reasons.contains(&Volatile::Date) {
        return Some(reasons);
    }
    // A date that says when the document last changed ("Letzte Änderung 17.10.2023") moved
    // because the document changed, whatever day it was read.
    if edit_stamped(old) || edit_stamped(new) {
        return None;
    }
    // Weekdays only one side names, read against the visits' days: "Freitag, 2. Januar" on a
    // page seen on that Friday tracks the visit; "Monday to Friday, 9:00" → "Monday to
    // Thursday" does not (opening days changed).
    if let (Some(then), Some(now)) = (then, now) {
        let (a, b) = (weekdays_named(old), weekdays_named(new));
        let old_only: Vec<i64> = a.iter().filter(|d| !b.contains(d)).copied().collect();
        let new_only: Vec<i64> = b.iter().filter(|d| !a.contains(d)).copied().collect();
        if !weekdays_track_one_zone(&old_only, &new_only, then, now) {
            return None;
        }
    }
    // A month named without a day ("Next review: March 2027" → "June 2027"), only one side
    // holds, far from its visit's day: a month the page states, not the visit's.
    let far_month = |text: &str, other: &str, at: i64| {
        let day = at.div_euclid(86_400);
        let theirs = months_in(other);
        months_in(text).into_iter().any(|(first, last)| {
            !theirs.contains(&(first, last))
                && (day < first - DATE_NOW_DAYS || day > last + DATE_NOW_DAYS)
        })
    };
    if now.is_some_and(|now| far_month(new, old, now))
        || then.is_some_and(|then| far_month(old, new, then))
    {
        return None;
    }
    // The dates only one side holds, each read against its own visit's day. A slashed date
    // ("01/12/2026") is read in the order farthest from the visit ([`date_spans`]), unless
    // the other version writes one that only one order reads ([`slash_order`]): a page writes
    // its dates one way ("30/11/2026" → "01/12/2026" seen on those days tracks the visits).
    // Two that both orders read stay read so ("02/01/2026" → "02/02/2026", Match's terms
    // revised, read on 2 and 3 February, would track them month first in UTC−12).
    // (`strict`: read in the page's order, not one the pair's own dates say, a date tracks the
    // visits only on both sides and on the very days in one zone, no cache's lag: Match's
    // "revised on 02/01/2026" → "02/02/2026" on a page that writes "01/15/2026" stays a
    // revision.)
    let tracks = |order: Option<SlashOrder>, strict: bool| {
        let own_dates = |text: &str, other: &str, at: i64| -> Vec<i64> {
            let day = at.div_euclid(86_400);
            let theirs = dates_in_order(other, day, order);
            dates_in_order(text, day, order)
                .into_iter()
                .filter(|d| !theirs.contains(d))
                .collect()
        };
        let far = |dates: &[i64], at: i64| {
            let day = at.div_euclid(86_400);
            dates.iter().any(|d| (d - day).abs() > DATE_NOW_DAYS)
        };
        let new_only = now.map(|now| own_dates(new, old, now));
        if let (Some(dates), Some(now)) = (&new_only, now) {
            if far(dates, now) {
                return false;
            }
        }
        if let Some(then) = then {
            let old_only = own_dates(old, new, then);
            if far(&old_only, then) {
                return false;
            }
            if let (Some(new_only), Some(now)) = (&new_only, now) {
                let one_zone = if strict {
                    !old_only.is_empty()
                        && !new_only.is_empty()
                        && dates_track_one_zone_lagging(&old_only, new_only, then, now, 0)
                } else {
                    dates_track_one_zone(&old_only, new_only, then, now)
                };
                if !one_zone {
                    return false;
                }
            } else if strict {
                return false;
            }
        } else if strict {
            return false;
        }
        true
    };
    let slashed = old.contains('/') || new.contains('/');
    let own = slashed
        .then(|| slash_order(old).or_else(|| slash_order(new)))
        .flatten();
    let on_page = (slashed && own.is_none()).then_some(page_order).flatten();
    (tracks(None, false)
        || own.is_some_and(|o| tracks(Some(o), false))
        || on_page.is_some_and(|o| tracks(Some(o), true)))
    .then_some(reasons)
}

/// The order a page writes its slashed dates in: that of the ones only one order reads
/// ([`slash_order`], the first of each text), when they all agree ("28/11/2026" in a list of
/// articles says how the page's "03/12/2026" is read). `None` when no text says, or texts
/// say both.
pub fn page_slash_order<'a>(texts: impl IntoIterator<Item = &'a str>) -> Option<SlashOrder> {
    let mut seen = None;
    for t in texts {
        if !t.contains('/') {
            continue;
        }
        match (seen, slash_order(t)) {
            (_, None) => {}
            (None, o) => seen = o,
            (Some(a), Some(b)) if a != b => return None,
            _ => {}
        }
    }
    seen
}

/// The order of the first slashed date of `t` ("30/11/2026", "11/30/26") that only one order
/// reads: day first when its first number is above 12, month first when its second is.
fn slash_order(t: &str) -> Option<SlashOrder> {
    let toks = text::tokens(t);
    let small = |t: &str| {
        (t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<i64>().ok())
            .flatten()
    };
    let slashed = |i: usize| {
        if toks[i + 1] != "/" || toks[i + 3] != "/" || !matches!(toks[i + 4].len(), 2 | 4) {
            return None;
        }
        Some((small(toks[i])?, small(toks[i + 2])?, toks[i + 4]))
    };
    let by_size = (0..toks.len().saturating_sub(4)).find_map(|i| match slashed(i)? {
        (a, b, _) if a > 12 && (1..=12).contains(&b) && a <= 31 => Some(SlashOrder::DayFirst),
        (a, b, _) if b > 12 && (1..=12).contains(&a) && b <= 31 => Some(SlashOrder::MonthFirst),
        _ => None,
    });
    if by_size.is_some()
        || !t.bytes().any(|b| b.is_ascii_alphabetic() || b >= 0x80)
        || !(0..toks.len().saturating_sub(4)).any(|i| slashed(i).is_some())
    {
        return by_size;
    }
    // A weekday beside the date tells its order when only one order falls on it ("Thứ Hai,
    // 7/12/2026": Monday the 7th of December, not Sunday the 12th of July).
    let [named] = weekdays_named(t)[..] else {
        return None;
    };
    (0..toks.len().saturating_sub(4)).find_map(|i| {
        let (a, b, y) = slashed(i)?;
        let y = match y.len() {
            4 => year_number(y)?,
            _ => 2000 + y.parse::<i64>().ok()?,
        };
        // 0 = Monday, as `weekdays_named` counts (1 January 1970 was a Thursday).
        let weekday = |m: i64, d: i64| {
            ((1..=12).contains(&m) && (1..=31).contains(&d))
                .then(|| (days_from_civil(y, m, d) + 3).rem_euclid(7))
        };
        match (weekday(b, a) == Some(named), weekday(a, b) == Some(named)) {
            (true, false) => Some(SlashOrder::DayFirst),
            (false, true) => Some(SlashOrder::MonthFirst),
            _ => None,
        }
    })
}

/// Greetings that name the hour of the day, lowercased (nine languages): "Good morning" on one
/// visit, "Good evening" on the next says when the person came, not what the page says.
const HOUR_GREETINGS: &[&str] = &[
    "good morning",
    "good afternoon",
    "good evening",
    "good night",
    "guten morgen",
    "guten tag",
    "guten abend",
    "gute nacht",
    "bonjour",
    "bon après-midi",
    "bonsoir",
    "bonne soirée",
    "bonne nuit",
    "buenos días",
    "buen día",
    "buenas tardes",
    "buenas noches",
    "buongiorno",
    "buon pomeriggio",
    "buonasera",
    "buona sera",
    "buonanotte",
    "buona notte",
    "goedemorgen",
    "goedemiddag",
    "goedenavond",
    "goedenacht",
    "bom dia",
    "boa tarde",
    "boa noite",
    "dzień dobry",
    "dobry wieczór",
    "god morgon",
    "god eftermiddag",
    "god kväll",
    "god natt",
    "доброе утро",
    "добрый день",
    "добрый вечер",
    "доброй ночи",
    "おはようございます",
    "こんにちは",
    "こんばんは",
    "早上好",
    "下午好",
    "晚上好",
];

/// Where a greeting of the hour ([`HOUR_GREETINGS`]) stands in a text, whatever its case, as a
/// byte range and the greeting's index: the first one that stands as words of its own.
fn hour_greeting(t: &str) -> Option<(std::ops::Range<usize>, usize)> {
    let starts = t.char_indices().filter(|&(i, _)| {
        !t[..i]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
    });
    for (i, _) in starts {
        for (g, greeting) in HOUR_GREETINGS.iter().enumerate() {
            let mut rest = t[i..].char_indices();
            let mut end = i;
            let matched = greeting.chars().all(|want| {
                rest.next().is_some_and(|(j, c)| {
                    end = i + j + c.len_utf8();
                    c.to_lowercase().eq(std::iter::once(want))
                })
            });
            let cjk = greeting
                .chars()
                .next()
                .is_some_and(|c| !c.is_ascii() && c > '\u{3000}');
            if matched && (cjk || !t[end..].chars().next().is_some_and(char::is_alphanumeric)) {
                return Some((i..end, g));
            }
        }
    }
    None
}

/// A line's greeting of the hour swapped for another ("Good morning, Anna" → "Good evening,
/// Anna", "Guten Morgen" → "Guten Abend"): both texts without it, to judge the rest. Only a
/// short line (a greeting above an account, a portal's welcome): in a longer text the words
/// are the text's own.
fn hour_greetings_swapped(old: &str, new: &str) -> Option<(String, String)> {
    const MAX_BYTES: usize = 160;
    if old.len() > MAX_BYTES || new.len() > MAX_BYTES {
        return None;
    }
    let (a, ga) = hour_greeting(old)?;
    let (b, gb) = hour_greeting(new)?;
    (ga != gb).then(|| {
        (
            format!("{}{}", &old[..a.start], &old[a.end..]),
            format!("{}{}", &new[..b.start], &new[b.end..]),
        )
    })
}

/// Whether `new` is `old` without a day named relative to the visit at the end of a sentence
/// ("No incidents reported today." → "No incidents reported."): the day it was said on
/// passed. A day word elsewhere ("Today the council decided…") is the text's.
fn today_dropped(old: &str, new: &str) -> bool {
    // (Every changed pair asks: a line a day word longer, told before tokenizing.)
    if old.len() > STAMP_LINE_BYTES || !(4..=24).contains(&old.len().saturating_sub(new.len())) {
        return false;
    }
    let (a, b) = (text::tokens(old), text::tokens(new));
    let Some(k) = a.iter().position(|t| in_list!(DAY_WORDS, t)) else {
        return false;
    };
    let ends = a.get(k + 1).is_none_or(|t| matches!(*t, "." | "!" | ";"));
    let spaced = k > 0 && a[k - 1].trim().is_empty();
    ends && spaced && a.len() == b.len() + 2 && a[..k - 1] == b[..k - 1] && a[k + 1..] == b[k - 1..]
}

/// Whether the change is a price list's price stepped by whole units ("Burrata with figs —
/// 11.00" → "12.00", "Haircut 25.00 · Colour 60.00" → "27.00"): every token that differs is
/// a number with two decimals in both texts, the same decimals, and the text names its items
/// in two words or more, with no percent sign or signed figure (a quote's change). A menu or
/// a salon's prices written without a currency sign; a quote or a count seldom keeps its cents.
fn price_step(old: &str, new: &str) -> bool {
    if old.len().max(new.len()) > STAMP_LINE_BYTES {
        return false;
    }
    let (a, b) = (text::tokens(old), text::tokens(new));
    if a.len() != b.len() {
        return false;
    }
    fn cents(t: &str) -> Option<&str> {
        let bytes = t.as_bytes();
        let n = bytes.len();
        (n >= 4
            && matches!(bytes[n - 3], b'.' | b',')
            && bytes[n - 2].is_ascii_digit()
            && bytes[n - 1].is_ascii_digit()
            && bytes[..n - 3].iter().any(u8::is_ascii_digit)
            && bytes[..n - 3]
                .iter()
                .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b',' | b'\'')))
        .then(|| &t[n - 2..])
    }
    let named = a
        .iter()
        .filter(|w| text::is_word(w) && w.chars().all(char::is_alphabetic))
        .count()
        >= 2;
    let quoted = |toks: &[&str]| {
        toks.iter()
            .any(|t| t.contains('%') || t.starts_with(['+', '−']) || *t == "+")
    };
    let mut stepped = false;
    for (x, y) in a.iter().zip(&b) {
        if x == y {
            continue;
        }
        match (cents(x), cents(y)) {
            (Some(c), Some(d)) if c == d => stepped = true,
            _ => return false,
        }
    }
    stepped && named && !quoted(&a) && !quoted(&b)
}

/// Minutes in a unit of a time written in words ("3 hrs", "12 Min.", "2 Tagen", "4h"), or
/// `None` for a word that is no such unit.
fn unit_minutes(unit: &str) -> Option<i64> {
    let u = unit.to_lowercase();
    let u = u.trim_end_matches('.');
    Some(match u {
        "m" | "min" | "mins" | "minute" | "minutes" | "minuten" | "minuto" | "minutos"
        | "minuti" | "minuut" => 1,
        "h" | "hr" | "hrs" | "hour" | "hours" | "std" | "stunde" | "stunden" | "heure"
        | "heures" | "hora" | "horas" | "ore" | "uur" => 60,
        "d" | "day" | "days" | "tag" | "tage" | "tagen" | "jour" | "jours" | "día" | "días"
        | "dia" | "dias" | "giorno" | "giorni" | "dag" | "dagen" => 1440,
        "week" | "weeks" | "woche" | "wochen" | "semaine" | "semaines" | "semana" | "semanas"
        | "settimana" | "settimane" | "weken" => 7 * 1440,
        // (A month and a year on average, to the day.)
        "month" | "months" | "monat" | "monate" | "monaten" | "mois" | "mes" | "meses" | "mese"
        | "mesi" | "maand" | "maanden" => 30 * 1440 + 630,
        "year" | "years" | "yr" | "yrs" | "jahr" | "jahre" | "jahren" | "ans" | "année"
        | "années" | "año" | "años" | "anno" | "anni" | "jaar" | "jaren" => 365 * 1440 + 349,
        _ => return None,
    })
}

/// The time a text says is left, in words ("3 hrs 12 mins", "Noch 3 Tage 4 Stunden", "3d 4h
/// 12m"): the first run of numbers with their units, as (token range, minutes, the smallest
/// unit's minutes). Seconds are left out of the sum (a minute is the resolution).
fn time_in_words(tokens: &[&str]) -> Option<(std::ops::Range<usize>, i64, i64)> {
    let unit_of = |i: usize| -> Option<(i64, i64, usize)> {
        // (number, unit minutes, tokens used): "3 hrs", "3hrs", "12 Min" ("." after it stays
        // outside).
        let t = tokens.get(i)?;
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 3 {
            return None;
        }
        let n: i64 = t[..digits].parse().ok()?;
        if digits < t.len() {
            return Some((n, unit_minutes(&t[digits..])?, 1));
        }
        let mut j = i + 1;
        if tokens.get(j).is_some_and(|t| t.trim().is_empty()) {
            j += 1;
        }
        // A letter alone ("5 m", "2 h") is as often a measure: units of one letter only glued.
        let unit = tokens.get(j).filter(|u| u.chars().count() > 1)?;
        Some((n, unit_minutes(unit)?, j + 1 - i))
    };
    let start = (0..tokens.len()).find(|&i| unit_of(i).is_some())?;
    let (mut i, mut total, mut smallest) = (start, 0, i64::MAX);
    let mut end = start;
    while let Some((n, unit, used)) = unit_of(i) {
        total += n * unit;
        smallest = smallest.min(unit);
        i += used;
        end = i;
        // The next part after a space, a "." or ", " ("3 Std. 12 Min.", "3 hrs, 12 mins").
        while tokens
            .get(i)
            .is_some_and(|t| t.trim().is_empty() || *t == "." || *t == ",")
        {
            i += 1;
        }
    }
    Some((start..end, total, smallest))
}

/// Whether the change is a time left in words that fell ("Order within 3 hrs 12 mins" → "2 hrs
/// 5 mins"; "Noch 3 Tage 4 Stunden" → "Noch 2 Tage 23 Stunden"): the texts are the same but for
/// that time, told to the hour or the minute, and it fell. Then the returned test says whether
/// it fell by the `elapsed` seconds between the visits, to within its smallest unit (at least
/// [`CLOCK_TRACK_MINUTES`]): a countdown, not a deadline moved.
fn time_left_fell(old: &str, new: &str) -> Option<impl Fn(i64) -> bool> {
    let (a, b) = (text::tokens(old), text::tokens(new));
    let ((ra, ta, ua), (rb, tb, ub)) = (time_in_words(&a)?, time_in_words(&b)?);
    // Days alone are a period as often as a time left ("Lieferung in 3 Tagen"): only a time
    // told to the hour or the minute counts down, or days the text says are left ("Noch 9
    // Tage", "3 days left", "ends in 2 days").
    let left = || !phrases_said(old, COUNTDOWN_CUES).is_empty();
    // A time said to last ("Bake for 60 minutes", "Ruhezeit für 2 Stunden") is a length, not
    // a time left.
    let lasts = a[..ra.start]
        .iter()
        .rev()
        .find(|w| text::is_word(w))
        .is_some_and(|w| in_list!(LASTING_BEFORE, w));
    if lasts
        || a[..ra.start] != b[..rb.start]
        || a[ra.end..] != b[rb.end..]
        || ta <= tb
        || (ua.max(ub) > 60 && !left())
    {
        return None;
    }
    let fell = ta - tb;
    let tolerance = ua.max(ub).max(CLOCK_TRACK_MINUTES);
    Some(move |elapsed: i64| elapsed > 0 && (fell - elapsed / 60).abs() <= tolerance)
}

/// Words right before a time left to order in ("Order within 3 hrs 20 mins", "Bestellung
/// innerhalb 5 Std.", "binnen 2 uur", "entro 4 ore"): [`daily_cutoff`].
const WITHIN_WORDS: &[&str] = &["within", "innerhalb", "binnen", "entro"];

/// Whether the change is a countdown to a deadline of every day that the second visit counted
/// towards the next day's ("Order within 3 hrs 20 mins" at 12:40 → "Order within 5 hrs 2 mins"
/// at 10:58 the next day: both to 16:00): the texts are the same but for a time left told to
/// the hour or the minute, less than a day, after a word of [`WITHIN_WORDS`] or a countdown cue
/// ([`COUNTDOWN_CUES`]), and the two deadlines (each visit's time plus its time left) lie whole
/// days apart, to within the time's smallest unit (at least [`CLOCK_TRACK_MINUTES`]).
fn daily_cutoff(old: &str, new: &str, then: i64, now: i64) -> bool {
    if old.len() > STAMP_LINE_BYTES || new.len() > STAMP_LINE_BYTES {
        return false;
    }
    let (a, b) = (text::tokens(old), text::tokens(new));
    let (Some((ra, ta, ua)), Some((rb, tb, ub))) = (time_in_words(&a), time_in_words(&b)) else {
        return false;
    };
    const DAY: i64 = 24 * 60;
    let within = a[..ra.start]
        .iter()
        .rev()
        .find(|w| text::is_word(w))
        .is_some_and(|w| in_list!(WITHIN_WORDS, w));
    let cued = within || !phrases_said(old, COUNTDOWN_CUES).is_empty();
    if !cued
        || a[..ra.start] != b[..rb.start]
        || a[ra.end..] != b[rb.end..]
        || ua.max(ub) >= DAY
        || ta >= DAY
        || tb >= DAY
        || now <= then
    {
        return false;
    }
    let apart = (now / 60 + tb) - (then / 60 + ta);
    let days = (apart as f64 / DAY as f64).round() as i64;
    days >= 1 && (apart - days * DAY).abs() <= ua.max(ub).max(CLOCK_TRACK_MINUTES)
}

/// Words before how long an account has existed ("Member for 3 years, 2 months", "Mitglied seit
/// 4 Jahren"), lowercased, as a run of a text's words.
const MEMBER_FOR_CUES: &[&[&str]] = &[
    &["member", "for"],
    &["active", "for"],
    &["registered", "for"],
    &["mitglied", "seit"],
    &["dabei", "seit"],
    &["membre", "depuis"],
    &["miembro", "desde", "hace"],
    &["membro", "da"],
    &["lid", "sinds"],
];

/// Whether how long an account has existed grew by the time between the visits ("Member for 3
/// years, 2 months" → "3 years, 3 months" a month later): the texts are the same but for that
/// time ([`time_in_words`]) after a word of [`MEMBER_FOR_CUES`], and it grew by the elapsed time
/// to within its smallest unit. It says how long ago the person joined, counted from the visit.
fn member_for_grew(old: &str, new: &str, then: i64, now: i64) -> bool {
    if old.len() > STAMP_LINE_BYTES || new.len() > STAMP_LINE_BYTES {
        return false;
    }
    let (a, b) = (text::tokens(old), text::tokens(new));
    let (Some((ra, ta, ua)), Some((rb, tb, ub))) = (time_in_words(&a), time_in_words(&b)) else {
        return false;
    };
    let cued = !phrases_said_in(&a[..ra.start], MEMBER_FOR_CUES).is_empty();
    let grew = tb - ta;
    let elapsed = now.saturating_sub(then) / 60;
    cued && a[..ra.start] == b[..rb.start]
        && a[ra.end..] == b[rb.end..]
        && grew > 0
        && (grew - elapsed).abs() <= ua.max(ub)
}

/// The days an offer has left, said with a verb of ending ([`ENDING_WORDS`]) and counted in
/// days or named by a day word: "Sale ends in 2 days" (2), "ends tomorrow" (1), "Angebot endet
/// heute" (0), "expires in 1 day" (1). Returns the text's words with the days left out, and the
/// days. A line only; the first such span counts.
fn days_left_in_words(t: &str) -> Option<(Vec<String>, i64)> {
    if t.len() > STAMP_LINE_BYTES {
        return None;
    }
    let words: Vec<String> = text::tokens(t)
        .into_iter()
        .filter(|w| text::is_word(w))
        .map(|w| w.to_lowercase())
        .collect();
    let ends = words.iter().position(|w| in_list!(ENDING_WORDS, w))?;
    let rest = &words[ends + 1..];
    let (days, used) = match rest {
        [w, ..] if in_list!(&["tomorrow", "morgen", "demain", "mañana", "domani"], w) => (1, 1),
        [w, ..] if in_list!(&["today", "tonight", "heute", "hoy", "oggi", "vandaag"], w) => (0, 1),
        [i, n, d, ..]
            if in_list!(&["in", "dans", "en", "tra", "fra", "over"], i)
                && in_list!(DAY_UNIT_WORDS, d) =>
        {
            (n.parse::<i64>().ok().filter(|&n| n <= 31)?, 3)
        }
        _ => return None,
    };
    let mut key = words[..=ends].to_vec();
    key.push("§".to_string());
    key.extend_from_slice(&rest[used..]);
    Some((key, days))
}

/// Verbs that say an offer or a deadline ends ([`days_left_in_words`]).
const ENDING_WORDS: &[&str] = &[
    "ends",
    "ending",
    "expires",
    "closes",
    "endet",
    "läuft",
    "termine",
    "finaliza",
    "termina",
    "scade",
    "eindigt",
    "verloopt",
    // Said of many ("Ticket sales end in 3 days", "Applications close", "Die Angebote enden").
    "end",
    "close",
    "closing",
    "expire",
    "expiring",
    "enden",
    "laufen",
    "terminent",
    "terminan",
    "finalizan",
    "scadono",
    "terminano",
    "eindigen",
    "verlopen",
    "sluit",
];

/// Words for a day as a unit of a time left.
const DAY_UNIT_WORDS: &[&str] = &[
    "day", "days", "tag", "tagen", "tage", "jour", "jours", "día", "días", "giorno", "giorni",
    "dag", "dagen",
];

/// Whether the days an offer has left ([`days_left_in_words`]) fell, in the same words, by the
/// days between the visits (to within a day: a day word names a calendar day, the visits are
/// instants): "ends in 2 days" seen on the 1st, "ends tomorrow" on the 2nd.
fn days_left_fell(old: &str, new: &str, then: i64, now: i64) -> bool {
    let (Some((ka, da)), Some((kb, db))) = (days_left_in_words(old), days_left_in_words(new))
    else {
        return false;
    };
    let elapsed = now.saturating_sub(then) as f64 / 86_400.0;
    ka == kb && da > db && ((da - db) as f64 - elapsed).abs() <= 1.0
}

/// Words before a time that say how long something lasts ("for 60 minutes", "für 2
/// Stunden", "pendant 3 heures", "durante 2 horas", "takes 45 minutes").
const LASTING_BEFORE: &[&str] = &[
    "for", "takes", "lasts", "für", "dauert", "pendant", "dure", "durante", "dura", "per",
];

/// Words that say a time is what is left of a countdown (lowercased, as a run of a text's
/// words): with them, days alone count down too.
const COUNTDOWN_CUES: &[&[&str]] = &[
    &["noch"],
    &["left"],
    &["remaining"],
    &["ends", "in"],
    &["endet", "in"],
    &["starts", "in"],
    &["begins", "in"],
    &["opens", "in"],
    &["beginnt", "in"],
    &["startet", "in"],
    &["commence", "dans"],
    &["empieza", "en"],
    &["comienza", "en"],
    &["inizia", "tra"],
    &["begint", "over"],
    // Said of many, or of what falls due or launches ("Due in 3 days", "Fällig in 2 Tagen",
    // "Launching in 5 days", "Applications close in 3 days").
    &["start", "in"],
    &["starting", "in"],
    &["begin", "in"],
    &["open", "in"],
    &["opening", "in"],
    &["end", "in"],
    &["closes", "in"],
    &["close", "in"],
    &["expires", "in"],
    &["expire", "in"],
    &["due", "in"],
    &["fällig", "in"],
    &["launching", "in"],
    &["launches", "in"],
    &["enden", "in"],
    &["vence", "en"],
    &["scade", "tra"],
    // Days to an event ("18 days until Christmas", "25 days to go", "Faltan 3 días").
    &["until"],
    &["till"],
    &["to", "go"],
    &["faltan"],
    &["verbleibend"],
    &["übrig"],
    &["restants"],
    &["il", "reste"],
    &["quedan"],
    &["mancano"],
];

/// Phrases that say a date is when the document was last changed (lowercased words, matched
/// as a run of a text's words; German, English, French, Spanish, Italian, Dutch, Portuguese).
/// "Last updated" is not among them: pages print it with the day they are served, and such a
/// date is judged against both visits.
pub const EDIT_CUES: &[&[&str]] = &[
    &["letzte", "änderung"],
    &["zuletzt", "geändert"],
    &["last", "change"],
    &["last", "changed"],
    &["last", "modified"],
    &["last", "revised"],
    &["geändert", "am"],
    &["dernière", "modification"],
    &["modifié", "le"],
    &["última", "modificación"],
    &["modificado", "el"],
    &["ultima", "modifica"],
    &["modificato", "il"],
    &["laatst", "gewijzigd"],
    &["gewijzigd", "op"],
    &["última", "alteração"],
    &["alterado", "em"],
];

/// Longest texts read for a delivery estimate or an age that became its date (a line each).
const STAMP_LINE_BYTES: usize = 240;

/// Words of a delivery estimate: a shop counts its dates from the day the page is served.
const DELIVERY_CUES: &[&[&str]] = &[
    &["delivery"],
    &["deliver"],
    &["delivered"],
    &["arrives"],
    &["arriving"],
    &["get", "it"],
    &["ships"],
    &["dispatched"],
    &["dispatches"],
    &["lieferung"],
    &["geliefert"],
    &["lieferdatum"],
    &["zustellung"],
    &["livraison"],
    &["livré"],
    &["livrée"],
    &["entrega"],
    &["recíbelo"],
    &["consegna"],
    &["bezorgd"],
    &["levering"],
];
/// Most days a delivery estimate lies after the visit.
const DELIVERY_DAYS: i64 = 60;

/// Words that say a document or an item was last changed, beside its age ("Last updated 3
/// days ago", "Zuletzt aktualisiert vor 2 Stunden", "Mis à jour il y a 3 jours"): lowercased
/// phrases ([`update_stamp_moved`]).
const UPDATE_CUES: &[&[&str]] = &[
    &["updated"],
    &["modified"],
    &["edited"],
    &["revised"],
    &["changed"],
    &["aktualisiert"],
    &["geändert"],
    &["bearbeitet"],
    &["mis", "à", "jour"],
    &["mise", "à", "jour"],
    &["modifié"],
    &["actualizado"],
    &["actualizada"],
    &["modificado"],
    &["aggiornato"],
    &["aggiornata"],
    &["modificato"],
    &["bijgewerkt"],
    &["gewijzigd"],
    &["atualizado"],
    &["zaktualizowano"],
    &["обновлено"],
];

/// An age said in words ("3 days", "2 Stunden", "today", "yesterday", "just now") as minutes
/// and the minutes of its unit (what it may be off by): the first one of a line.
fn age_in_words(t: &str) -> Option<(i64, i64)> {
    let toks = text::tokens(t);
    if let Some((_, minutes, smallest)) = time_in_words(&toks) {
        return Some((minutes, smallest));
    }
    let words: Vec<String> = toks
        .iter()
        .filter(|w| text::is_word(w))
        .map(|w| w.to_lowercase())
        .collect();
    words
        .iter()
        .enumerate()
        .find_map(|(k, w)| match w.as_str() {
            w if in_list!(TODAY_WORDS, w) => Some((0, 1440)),
            "yesterday" | "gestern" | "hier" | "ayer" | "ieri" | "gisteren" | "ontem" => {
                Some((1440, 1440))
            }
            "now" if k > 0 && words[k - 1] == "just" => Some((0, 1)),
            _ => None,
        })
}

/// Whether a stamp of the last change said as an age ([`UPDATE_CUES`]: "Last updated 3 days
/// ago" → "Last updated 2 hours ago" a day later) moved: the old age did not track its visit
/// (more than [`DATE_NOW_DAYS`] before it, as a date that tracks the visit lies within it),
/// and the time it counts back to came later by more than the two ages' units. The document
/// changed between the visits, as a "last updated" date that moved to the visit's day says; an
/// age that kept its time ("3 days ago" → "4 days ago" a day later) or that tracked the visit
/// in both ("5 minutes ago" → "2 minutes ago") is the clock's.
fn update_stamp_moved(old: &str, new: &str, then: i64, now: i64) -> bool {
    if old.len().max(new.len()) > STAMP_LINE_BYTES || now < then {
        return false;
    }
    let cues = phrases_said(old, UPDATE_CUES);
    if cues.is_empty() || cues != phrases_said(new, UPDATE_CUES) {
        return false;
    }
    let (Some((age_a, unit_a)), Some((age_b, unit_b))) = (age_in_words(old), age_in_words(new))
    else {
        return false;
    };
    if age_a <= DATE_NOW_DAYS * 1440 {
        return false;
    }
    let stamp_a = then.saturating_sub(age_a.saturating_mul(60));
    let stamp_b = now.saturating_sub(age_b.saturating_mul(60));
    stamp_b.saturating_sub(stamp_a) > (unit_a + unit_b).saturating_mul(60)
}

/// Whether an item's age became the date it was posted ("Ada Lovelace @ada · 2h" seen at
/// noon on 29 November → "Ada Lovelace @ada · Nov 29" seen days later): the old text says an
/// age ([`time_in_words`], with "ago" or its kind beside it or nothing), the new one a date in
/// its place and the rest is the same, and the date is the day the age counts back to from
/// the old visit (`then`) in some time zone. A date that is not that day is another stamp.
fn aged_into_its_date(old: &str, new: &str, then: i64, now: i64) -> bool {
    if now < then {
        return false;
    }
    let (a, b) = (text::tokens(old), text::tokens(new));
    let Some((range, minutes, _)) = time_in_words(&a) else {
        return false;
    };
    // The age with its "ago" / "vor" beside it, if any.
    let word = |i: usize| a.get(i).filter(|t| text::is_word(t));
    let mut start = range.start;
    let mut end = range.end;
    if let Some(q) = (0..start).rev().find(|&q| !a[q].trim().is_empty()) {
        if word(q).is_some_and(|w| in_list!(AGO_BEFORE, w)) {
            start = q;
        }
    }
    if let Some(q) = (end..a.len()).find(|&q| !a[q].trim().is_empty()) {
        if word(q).is_some_and(|w| in_list!(AGO_AFTER, w)) {
            end = q + 1;
        }
    }
    let spans = date_spans(&b, now.div_euclid(86_400));
    let [(day, first, last)] = spans[..] else {
        return false;
    };
    if a[..start] != b[..first] || a[end..] != b[last + 1..] {
        return false;
    }
    let posted = then.saturating_sub(minutes.saturating_mul(60));
    ZONE_OFFSETS
        .step_by(ZONE_STEP_SECS)
        .any(|zone| posted.saturating_add(zone).div_euclid(86_400) == day)
}

/// The kinds of a change that is one delivery estimate read on two days, with its cut-off
/// ("Order within 4 hrs 12 mins to get it by Tuesday, December 1" → "Order within 7 hrs 40 mins
/// to get it by Friday, December 4"): the texts are the same but for their dates, the weekdays
/// and the time left in words, the dates kept their distance to the visits
/// ([`delivery_kept_its_distance`]), and the time left is told to the hour or the minute (a
/// daily cut-off; "ships within 2 days" → "5 days" is news of the shop). `None` otherwise.
fn delivery_estimate(old: &str, new: &str, then: i64, now: i64) -> Option<Vec<Volatile>> {
    if !delivery_kept_its_distance(old, new, then, now) {
        return None;
    }
    let (a, b) = (text::tokens(old), text::tokens(new));
    // The tokens but for the dates, the weekdays and the time left, each run one placeholder.
    let rest = |toks: &[&str], at: i64| -> Option<(Vec<String>, Option<i64>)> {
        let mut masked = vec![false; toks.len()];
        for (_, first, last) in date_spans(toks, at.div_euclid(86_400)) {
            masked[first..=last].iter_mut().for_each(|m| *m = true);
        }
        for (i, t) in toks.iter().enumerate() {
            let lower = t.to_lowercase();
            let lower = lower.trim_end_matches('.');
            if WEEKDAY_ROWS.iter().any(|row| row.contains(&lower)) {
                masked[i] = true;
            }
        }
        let mut left = None;
        if let Some((range, minutes, smallest)) = time_in_words(toks) {
            if smallest > 60 {
                return None;
            }
            masked[range].iter_mut().for_each(|m| *m = true);
            left = Some(minutes);
        }
        let mut out: Vec<String> = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            if !masked[i] {
                out.push(t.to_string());
            } else if i == 0 || !masked[i - 1] {
                out.push(String::new());
            }
        }
        Some((out, left))
    };
    let ((ra, la), (rb, lb)) = (rest(&a, then)?, rest(&b, now)?);
    if ra != rb {
        return None;
    }
    let mut kinds = vec![Volatile::Date];
    if la != lb {
        kinds.push(Volatile::RelativeTime);
    }
    kinds.sort();
    Some(kinds)
}

/// Whether `old` and `new` are one delivery estimate read on two days ("FREE delivery Thursday,
/// December 3" seen on Sunday 29 November, "Sunday, December 6" seen on Wednesday 2 December):
/// both say a [`DELIVERY_CUES`] word, and the dates only each side holds lie the same days
/// (at most [`DELIVERY_DAYS`]) after its own visit's day, in one time zone; a weekday either
/// side names is the weekday of one of its dates. A concert's date that moved is not one: no
/// delivery word; a delivery date that slipped by a day is not either: its distance changed.
fn delivery_kept_its_distance(old: &str, new: &str, then: i64, now: i64) -> bool {
    if phrases_said(old, DELIVERY_CUES).is_empty() || phrases_said(new, DELIVERY_CUES).is_empty() {
        return false;
    }
    let (a, b) = (
        dates_in(old, then.div_euclid(86_400)),
        dates_in(new, now.div_euclid(86_400)),
    );
    let old_only: Vec<i64> = a.iter().filter(|d| !b.contains(d)).copied().collect();
    let new_only: Vec<i64> = b.iter().filter(|d| !a.contains(d)).copied().collect();
    if old_only.is_empty() || old_only.len() != new_only.len() {
        return false;
    }
    // Day 0 (1 January 1970) was a Thursday: (day + 3) mod 7 with 0 = Monday.
    let named_days_dated = |t: &str, dates: &[i64]| {
        weekdays_named(t)
            .iter()
            .all(|w| dates.iter().any(|d| (d + 3).rem_euclid(7) == *w))
    };
    if !named_days_dated(old, &a) || !named_days_dated(new, &b) {
        return false;
    }
    ZONE_OFFSETS.step_by(ZONE_STEP_SECS).any(|zone| {
        let (t, n) = (
            then.saturating_add(zone).div_euclid(86_400),
            now.saturating_add(zone).div_euclid(86_400),
        );
        old_only.iter().zip(&new_only).all(|(o, w)| {
            let d = o - t;
            (0..=DELIVERY_DAYS).contains(&d) && w - n == d
        })
    })
}

/// Phrases that say a date is the person's last sign-in or visit (lowercased words, matched as
/// a run of a text's words; eight languages): a bank's "Last login: 28 Nov 2026 14:03".
pub const LOGIN_CUES: &[&[&str]] = &[
    &["last", "login"],
    &["last", "log", "in"],
    &["last", "logged", "in"],
    &["last", "sign", "in"],
    &["last", "signed", "in"],
    &["previous", "login"],
    &["your", "last", "visit"],
    &["letzte", "anmeldung"],
    &["letzter", "login"],
    &["zuletzt", "angemeldet"],
    &["ihr", "letzter", "besuch"],
    &["dernière", "connexion"],
    &["votre", "dernière", "visite"],
    &["último", "acceso"],
    &["última", "conexión"],
    &["su", "última", "visita"],
    &["ultimo", "accesso"],
    &["laatste", "login"],
    &["laatst", "ingelogd"],
    &["último", "login"],
    &["ostatnie", "logowanie"],
];

/// Whether a line says one of [`LOGIN_CUES`] (at most [`STAMP_LINE_BYTES`]): its date is the
/// person's last sign-in.
fn login_stamped(t: &str) -> bool {
    t.len() <= STAMP_LINE_BYTES && !phrases_said(t, LOGIN_CUES).is_empty()
}

/// Whether a text says one of [`EDIT_CUES`]: its date is when the document last changed.
fn edit_stamped(t: &str) -> bool {
    !phrases_said(t, EDIT_CUES).is_empty()
}

/// The indices of the `phrases` (lowercased words) that occur in `t` as a run of its words,
/// compared lowercased.
fn phrases_said(t: &str, phrases: &[&[&str]]) -> Vec<usize> {
    phrases_said_in(&text::tokens(t), phrases)
}

/// [`phrases_said`] on a text's tokens.
fn phrases_said_in(tokens: &[&str], phrases: &[&[&str]]) -> Vec<usize> {
    let words: Vec<String> = tokens
        .iter()
        .filter(|w| text::is_word(w))
        .map(|w| w.to_lowercase())
        .collect();
    (0..phrases.len())
        .filter(|&k| {
            let p = phrases[k];
            words
                .windows(p.len())
                .any(|w| w.iter().zip(p).all(|(a, b)| a == b))
        })
        .collect()
}

/// Weekday names, seven to a row from Monday to Sunday (English and its abbreviations,
/// German and its abbreviations, French, Spanish, Italian, Dutch), for [`weekdays_named`].
const WEEKDAY_ROWS: &[[&str; 7]] = &[
    [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ],
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
    ["mon", "tues", "wed", "thur", "fri", "sat", "sun"],
    ["mon", "tues", "wed", "thurs", "fri", "sat", "sun"],
    [
        "montag",
        "dienstag",
        "mittwoch",
        "donnerstag",
        "freitag",
        "samstag",
        "sonntag",
    ],
    [
        "montag",
        "dienstag",
        "mittwoch",
        "donnerstag",
        "freitag",
        "sonnabend",
        "sonntag",
    ],
    ["mo", "di", "mi", "do", "fr", "sa", "so"],
    [
        "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
    ],
    [
        "lunes",
        "martes",
        "miércoles",
        "jueves",
        "viernes",
        "sábado",
        "domingo",
    ],
    [
        "lunedì",
        "martedì",
        "mercoledì",
        "giovedì",
        "venerdì",
        "sabato",
        "domenica",
    ],
    [
        "maandag",
        "dinsdag",
        "woensdag",
        "donderdag",
        "vrijdag",
        "zaterdag",
        "zondag",
    ],
    // Portuguese (the first word of "segunda-feira"), Scandinavian, Finnish, Polish, Czech,
    // Russian, Ukrainian, Turkish, Greek, Hungarian, Arabic, Hebrew (the second word of "יום
    // שני"), Hindi; Indonesian but its Sunday, "minggu", which is also a week ("3 minggu yang
    // lalu"; an empty name is never a token). Romanian's rows are further down: its Monday,
    // "luni", is also "months".
    [
        "segunda", "terça", "quarta", "quinta", "sexta", "sábado", "domingo",
    ],
    [
        "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag",
    ],
    [
        "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag",
    ],
    [
        "maanantai",
        "tiistai",
        "keskiviikko",
        "torstai",
        "perjantai",
        "lauantai",
        "sunnuntai",
    ],
    [
        "poniedziałek",
        "wtorek",
        "środa",
        "czwartek",
        "piątek",
        "sobota",
        "niedziela",
    ],
    [
        "pondělí",
        "úterý",
        "středa",
        "čtvrtek",
        "pátek",
        "sobota",
        "neděle",
    ],
    [
        "понедельник",
        "вторник",
        "среда",
        "четверг",
        "пятница",
        "суббота",
        "воскресенье",
    ],
    [
        "понеділок",
        "вівторок",
        "середа",
        "четвер",
        "пʼятниця",
        "субота",
        "неділя",
    ],
    [
        "pazartesi",
        "salı",
        "çarşamba",
        "perşembe",
        "cuma",
        "cumartesi",
        "pazar",
    ],
    [
        "δευτέρα",
        "τρίτη",
        "τετάρτη",
        "πέμπτη",
        "παρασκευή",
        "σάββατο",
        "κυριακή",
    ],
    [
        "hétfő",
        "kedd",
        "szerda",
        "csütörtök",
        "péntek",
        "szombat",
        "vasárnap",
    ],
    ["senin", "selasa", "rabu", "kamis", "jumat", "sabtu", ""],
    [
        "الاثنين",
        "الثلاثاء",
        "الأربعاء",
        "الخميس",
        "الجمعة",
        "السبت",
        "الأحد",
    ],
    [
        "الإثنين",
        "الثلاثاء",
        "الاربعاء",
        "الخميس",
        "الجمعة",
        "السبت",
        "الاحد",
    ],
    ["שני", "שלישי", "רביעי", "חמישי", "שישי", "שבת", "ראשון"],
    [
        "सोमवार",
        "मंगलवार",
        "बुधवार",
        "गुरुवार",
        "शुक्रवार",
        "शनिवार",
        "रविवार",
    ],
    // Japanese (in brackets after the date, "12月1日（火）"), Chinese and Korean.
    ["月", "火", "水", "木", "金", "土", "日"],
    [
        "星期一",
        "星期二",
        "星期三",
        "星期四",
        "星期五",
        "星期六",
        "星期日",
    ],
    [
        "星期一",
        "星期二",
        "星期三",
        "星期四",
        "星期五",
        "星期六",
        "星期天",
    ],
    ["周一", "周二", "周三", "周四", "周五", "周六", "周日"],
    [
        "월요일",
        "화요일",
        "수요일",
        "목요일",
        "금요일",
        "토요일",
        "일요일",
    ],
    // Abbreviated, as a header or a list writes them before the date ("lun. 7 déc. 2026",
    // "pon., 7 gru 2026", "пн, 7 дек"): French, Spanish, Italian, Portuguese, Dutch, Swedish,
    // Danish and Norwegian, Polish, Czech (not its Saturday, "so", German's Sunday), Russian,
    // Ukrainian and Bulgarian, Turkish, Greek. (Not Finnish's, "to", "la", "su", words of
    // other languages.) "mar" is also March: a weekday only before a day and its month
    // ([`weekdays_named`]).
    ["lun", "mar", "mer", "jeu", "ven", "sam", "dim"],
    ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
    ["lun", "mar", "mer", "gio", "ven", "sab", "dom"],
    ["seg", "ter", "qua", "qui", "sex", "sáb", "dom"],
    ["ma", "di", "wo", "do", "vr", "za", "zo"],
    ["mån", "tis", "ons", "tors", "fre", "lör", "sön"],
    ["man", "tirs", "ons", "tors", "fre", "lør", "søn"],
    ["man", "tir", "ons", "tor", "fre", "lør", "søn"],
    ["pon", "wt", "śr", "czw", "pt", "sob", "niedz"],
    ["pn", "wt", "śr", "cz", "pt", "sb", "nd"],
    ["po", "út", "st", "čt", "pá", "", "ne"],
    ["пн", "вт", "ср", "чт", "пт", "сб", "вс"],
    ["пн", "вт", "ср", "чт", "пт", "сб", "нд"],
    ["pzt", "sal", "çar", "per", "cum", "cmt", "paz"],
    ["δευ", "τρι", "τετ", "πεμ", "παρ", "σαβ", "κυρ"],
    // Korean in brackets after a date ("2026.12.07 (월)"), Japanese written out, and Chinese as
    // Taiwan and Hong Kong write it.
    ["월", "화", "수", "목", "금", "토", "일"],
    [
        "月曜日",
        "火曜日",
        "水曜日",
        "木曜日",
        "金曜日",
        "土曜日",
        "日曜日",
    ],
    ["週一", "週二", "週三", "週四", "週五", "週六", "週日"],
    // Bulgarian, Serbian (Cyrillic and Latin), Croatian and Bosnian, Slovenian, Slovak.
    [
        "понеделник",
        "вторник",
        "сряда",
        "четвъртък",
        "петък",
        "събота",
        "неделя",
    ],
    [
        "понедељак",
        "уторак",
        "среда",
        "четвртак",
        "петак",
        "субота",
        "недеља",
    ],
    [
        "ponedeljak",
        "utorak",
        "sreda",
        "četvrtak",
        "petak",
        "subota",
        "nedelja",
    ],
    [
        "ponedjeljak",
        "utorak",
        "srijeda",
        "četvrtak",
        "petak",
        "subota",
        "nedjelja",
    ],
    [
        "ponedeljek",
        "torek",
        "sreda",
        "četrtek",
        "petek",
        "sobota",
        "nedelja",
    ],
    [
        "pondelok", "utorok", "streda", "štvrtok", "piatok", "sobota", "nedeľa",
    ],
    // Lithuanian, Latvian, Estonian, Catalan.
    [
        "pirmadienis",
        "antradienis",
        "trečiadienis",
        "ketvirtadienis",
        "penktadienis",
        "šeštadienis",
        "sekmadienis",
    ],
    [
        "pirmdiena",
        "otrdiena",
        "trešdiena",
        "ceturtdiena",
        "piektdiena",
        "sestdiena",
        "svētdiena",
    ],
    [
        "esmaspäev",
        "teisipäev",
        "kolmapäev",
        "neljapäev",
        "reede",
        "laupäev",
        "pühapäev",
    ],
    [
        "dilluns",
        "dimarts",
        "dimecres",
        "dijous",
        "divendres",
        "dissabte",
        "diumenge",
    ],
    // Filipino but its Sunday, "linggo", which is also a week; Malay; Swahili.
    [
        "lunes",
        "martes",
        "miyerkules",
        "huwebes",
        "biyernes",
        "sabado",
        "",
    ],
    [
        "isnin", "selasa", "rabu", "khamis", "jumaat", "sabtu", "ahad",
    ],
    [
        "jumatatu", "jumanne", "jumatano", "alhamisi", "ijumaa", "jumamosi", "jumapili",
    ],
    // Romanian but its Monday, "luni", also "months" (read only before a day and its month:
    // [`volatile_kinds`]), with its t and s written with a comma or a cedilla.
    [
        "",
        "marți",
        "miercuri",
        "joi",
        "vineri",
        "sâmbătă",
        "duminică",
    ],
    [
        "",
        "marţi",
        "miercuri",
        "joi",
        "vineri",
        "sîmbătă",
        "duminică",
    ],
    // Bengali, Tamil (alone and with "கிழமை", day), Urdu but its Saturday, "ہفتہ", also a
    // week; Persian, its zero-width non-joiner left out as the noise detectors read it
    // ("سه‌شنبه": [`plain_digits`]). Thai is read by [`thai_weekday`].
    [
        "সোমবার",
        "মঙ্গলবার",
        "বুধবার",
        "বৃহস্পতিবার",
        "শুক্রবার",
        "শনিবার",
        "রবিবার",
    ],
    ["திங்கள்", "செவ்வாய்", "புதன்", "வியாழன்", "வெள்ளி", "சனி", "ஞாயிறு"],
    [
        "திங்கட்கிழமை",
        "செவ்வாய்க்கிழமை",
        "புதன்கிழமை",
        "வியாழக்கிழமை",
        "வெள்ளிக்கிழமை",
        "சனிக்கிழமை",
        "ஞாயிற்றுக்கிழமை",
    ],
    ["پیر", "منگل", "بدھ", "جمعرات", "جمعہ", "", "اتوار"],
    [
        "دوشنبه",
        "سهشنبه",
        "چهارشنبه",
        "پنجشنبه",
        "جمعه",
        "شنبه",
        "یکشنبه",
    ],
];

/// The weekdays (0 = Monday … 6 = Sunday) a text names as part of a date ([`volatile_kinds`]
/// reads a weekday beside a number as one: "Freitag, 14:05", "Montag, 3."), sorted, without
/// repeats.
fn weekdays_named(t: &str) -> Vec<i64> {
    let toks = text::tokens(t);
    let kinds = volatile_kinds(&toks);
    let mut out: Vec<i64> = toks
        .iter()
        .enumerate()
        .zip(&kinds)
        .filter(|(_, k)| **k == Some(Volatile::Date))
        .filter_map(|((i, tok), _)| {
            let lower = tok.to_lowercase();
            let lower = lower.trim_end_matches('.');
            // A month's name that is also a weekday's ("mar", March and martes): the weekday
            // only before a day and another month ("mar. 8 déc. 2026") or a numeric date.
            if in_list!(MONTHS, lower) && !weekday_before_date(&toks, i) {
                return None;
            }
            weekday_index(tok)
                .or_else(|| vietnamese_weekday(&toks, i))
                // (Marked a date only before a day and its month: `volatile_kinds`.)
                .or((lower == "luni").then_some(0))
                .map(|d| d as i64)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The weekday (0 = Monday) a word names by itself ([`WEEKDAY_ROWS`], [`thai_weekday`]).
fn weekday_index(w: &str) -> Option<usize> {
    let lower = w.to_lowercase();
    let lower = lower.trim_end_matches('.');
    WEEKDAY_ROWS
        .iter()
        .find_map(|row| row.iter().position(|d| !d.is_empty() && *d == lower))
        .or_else(|| thai_weekday(w))
}

/// Whether the word at token `i` stands before a date as its weekday does: a day of the month
/// and a month's name ("mar. 8 déc. 2026", "Mar 8 Dec"), or a numeric date ("mar 08/12/2026",
/// "mar. 8.12.2026").
fn weekday_before_date(toks: &[&str], i: usize) -> bool {
    let mut next = toks[i + 1..].iter().filter(|t| text::is_word(t));
    match (next.next(), next.next()) {
        (Some(d), Some(m)) if day_number(d).is_some() && in_list!(MONTHS, m) => true,
        (Some(d), _) if is_numeric_date(d) => true,
        (Some(d), Some(m)) => {
            // Slashed: "08 / 12 / 2026" are tokens of their own.
            day_number(d).is_some()
                && toks
                    .iter()
                    .skip(i + 1)
                    .skip_while(|t| !text::is_word(t))
                    .skip(1)
                    .find(|t| !t.trim().is_empty())
                    == Some(&"/")
                && m.bytes().all(|b| b.is_ascii_digit())
        }
        _ => false,
    }
}

/// Whether the number at word `k` is a part of a Vietnamese date, "ngày 7 tháng 12 năm 2026"
/// (day, month, year): the day before "tháng" (month), the month after it, the year after "năm"
/// (year) after the month.
fn vietnamese_date_part<'a>(k: isize, word_at: &impl Fn(isize) -> Option<&'a str>) -> bool {
    let is = |q: isize, w: &str| word_at(q).is_some_and(|t| t.to_lowercase() == w);
    let day = |q: isize| word_at(q).and_then(day_number).is_some();
    let month = |q: isize| {
        word_at(q)
            .and_then(|t| t.parse::<i64>().ok())
            .is_some_and(|m| (1..=12).contains(&m))
    };
    // ("Bảo hành 12 tháng", a 12-month warranty: "tháng" is also "months".)
    (day(k) && is(k + 1, "tháng") && month(k + 2))
        || (day(k - 2) && is(k - 1, "tháng") && month(k))
        || (is(k - 1, "năm") && month(k - 2) && is(k - 3, "tháng") && day(k - 4))
}

/// The weekday (0 = Monday) Vietnamese names at token `i`: the word after "thứ" ("Thứ Hai",
/// Monday, the second day … "Thứ Bảy", Saturday) or "Nhật" after "Chủ" (Sunday). Alone the
/// words are numbers ("hai", two; "năm", five and year): only after "thứ" are they a day.
fn vietnamese_weekday(toks: &[&str], i: usize) -> Option<usize> {
    if !in_list!(&["hai", "ba", "tư", "năm", "sáu", "bảy", "nhật"], toks[i]) {
        return None;
    }
    let prev = toks[..i].iter().rev().find(|t| text::is_word(t))?;
    let lower = toks[i].to_lowercase();
    if prev.to_lowercase() == "chủ" && lower == "nhật" {
        return Some(6);
    }
    (prev.to_lowercase() == "thứ")
        .then(|| {
            ["hai", "ba", "tư", "năm", "sáu", "bảy"]
                .iter()
                .position(|w| *w == lower)
        })
        .flatten()
}

/// Whether the weekdays only the old text names (`old_only`, 0 = Monday) are the weekday of
/// `then` and those only the new text names (`new_only`) the weekday of `now`, both in one time
/// zone ([`dates_track_one_zone`] for names of days). True when neither side names one of its
/// own.
fn weekdays_track_one_zone(old_only: &[i64], new_only: &[i64], then: i64, now: i64) -> bool {
    // Day 0 (1 January 1970) was a Thursday: (day + 3) mod 7 with 0 = Monday.
    let weekday = |t: i64, zone: i64| (t.saturating_add(zone).div_euclid(86_400) + 3).rem_euclid(7);
    ZONE_OFFSETS.step_by(ZONE_STEP_SECS).any(|zone| {
        old_only.iter().all(|&d| d == weekday(then, zone))
            && new_only.iter().all(|&d| d == weekday(now, zone))
    })
}

/// Widest offsets of a time zone from UTC, in seconds (UTC−12 to UTC+14).
const ZONE_OFFSETS: std::ops::RangeInclusive<i64> = -12 * 3600..=14 * 3600;
/// Steps between the offsets tried (zones are whole quarter hours from UTC).
const ZONE_STEP_SECS: usize = 15 * 60;

/// Whether a date that changed can be the day each visit was served in **one** time zone: the
/// dates only the old text holds (`old_only`, days since the epoch) are the day of `then` and
/// those only the new text holds (`new_only`) the day of `now`, both in the same zone (a page's clock may run up to
/// [`CLOCK_TRACK_MINUTES`] behind, a cache). A page printing today's date passes in its own
/// zone; a "last change" stamp that moved from the 6th to the 7th between two checks 30
/// minutes apart on the 7th's afternoon does not: no zone was still on the 6th then. True when
/// either side has no date of its own (nothing to compare).
fn dates_track_one_zone(old_only: &[i64], new_only: &[i64], then: i64, now: i64) -> bool {
    dates_track_one_zone_lagging(old_only, new_only, then, now, CLOCK_TRACK_MINUTES * 60)
}

/// [`dates_track_one_zone`], the page's clock running up to `lag` seconds behind.
fn dates_track_one_zone_lagging(
    old_only: &[i64],
    new_only: &[i64],
    then: i64,
    now: i64,
    lag: i64,
) -> bool {
    if old_only.is_empty() || new_only.is_empty() {
        return true;
    }
    let days = |t: i64, zone: i64| {
        let local = t.saturating_add(zone);
        [
            local.div_euclid(86_400),
            local.saturating_sub(lag).div_euclid(86_400),
        ]
    };
    ZONE_OFFSETS.step_by(ZONE_STEP_SECS).any(|zone| {
        let (a, b) = (days(then, zone), days(now, zone));
        old_only.iter().all(|d| a.contains(d)) && new_only.iter().all(|d| b.contains(d))
    })
}

/// Whether `dated` is `bare` with the date of the day `bare` was read on written before its
/// time: an item's stamp of that day, seen as "13:00 Uhr" on the day and as "28.01.2022 13:00
/// Uhr" the day after (or the other way round), is the same value in another format. Both
/// texts hold the same clocks and words but for the date; the date is `bare`'s visit's day in
/// some time zone (`bare_at`, `dated_at`: the visits' times, seconds since the epoch).
fn dated_own_day(bare: &str, dated: &str, bare_at: i64, dated_at: i64) -> bool {
    // A stamp is short, and a date adds a few words to it ("Wednesday, 28 January 2022 "):
    // tell without tokenizing.
    if dated.len() <= bare.len()
        || dated.len() > 200
        || dated.len() - bare.len() > 40
        || !dated.bytes().any(|b| b.is_ascii_digit())
    {
        return false;
    }
    let (bt, dt) = (text::tokens(bare), text::tokens(dated));
    let (bk, dk) = (volatile_kinds(&bt), volatile_kinds(&dt));
    // The words but for dates, and whether a clock is among them.
    let rest = |toks: &[&str], kinds: &[Option<Volatile>]| -> (Vec<String>, bool, bool) {
        let (mut words, mut clocked, mut dated) = (Vec::new(), false, false);
        for (t, k) in toks.iter().zip(kinds) {
            // A year after a date, which the token reader takes for a count, is the date's.
            let year = *k == Some(Volatile::Counter) && dated && year_number(t).is_some();
            match k {
                Some(Volatile::Date) => dated = true,
                _ if year => {}
                _ if text::is_word(t) => {
                    clocked |= *k == Some(Volatile::Clock);
                    words.push(t.to_lowercase());
                }
                _ => {}
            }
        }
        (words, clocked, dated)
    };
    let (b_words, b_clock, b_dated) = rest(&bt, &bk);
    let (d_words, d_clock, d_dated) = rest(&dt, &dk);
    if b_dated || !d_dated || !b_clock || !d_clock || b_words != d_words {
        return false;
    }
    let dates = dates_in(dated, dated_at.div_euclid(86_400));
    !dates.is_empty()
        && ZONE_OFFSETS.step_by(ZONE_STEP_SECS).any(|zone| {
            let day = bare_at.saturating_add(zone).div_euclid(86_400);
            dates.iter().all(|&d| d == day)
        })
}

fn builtin_noise_kinds(old: &str, new: &str) -> Option<Vec<Volatile>> {
    if old == new {
        return None;
    }
    split_noise_kinds(old, new)
        .or_else(|| glued_counter(old, new).then(|| vec![Volatile::Counter]))
        .or_else(|| relative_time_reworded(old, new).then(|| vec![Volatile::RelativeTime]))
}

/// Whether only a relative time changed, from a day or past period named relative to the
/// visit ("yesterday", "last week", "gestern") to a count of units ago, or back, in a block of
/// any length: "Typo in docs opened yesterday by dev" → "opened 3 days ago by dev". In prose a
/// named day alone is the text's ("Yesterday the council voted…", [`mark_now_phrases`]); in
/// the place of a counted age in the other version, it is the same age read on another day.
/// Two named days ("last year" → "last month") stay the text's, and so does a sentence ("Last
/// year the council approved…" → "2 years ago the council approved…").
fn relative_time_reworded(old: &str, new: &str) -> bool {
    let (a, b) = (text::tokens(old), text::tokens(new));
    let sentence = |toks: &[&str]| {
        toks.iter()
            .rev()
            .find(|t| !t.trim().is_empty())
            .is_some_and(|t| matches!(*t, "." | "!" | "?"))
    };
    if sentence(&a) || sentence(&b) {
        return false;
    }
    let (ka, kb) = (volatile_kinds(&a), volatile_kinds(&b));
    let named = |toks: &[&str], kinds: &[Option<Volatile>]| {
        let words: Vec<usize> = (0..toks.len())
            .filter(|&i| text::is_word(toks[i]))
            .collect();
        let mut kinds = kinds.to_vec();
        mark_now_phrases_as(toks, &words, &mut kinds, true);
        kinds
    };
    let (la, lb) = (named(&a, &ka), named(&b, &kb));
    let (sa, sb) = (skeleton(&a, &la), skeleton(&b, &lb));
    if sa.len() != sb.len() {
        return false;
    }
    let counted = |kinds: &[Option<Volatile>], i: usize| kinds[i] == Some(Volatile::RelativeTime);
    let mut changed = false;
    for (x, y) in sa.iter().zip(&sb) {
        match (x, y) {
            (Slot::Lit(p), Slot::Lit(q)) if p == q => {}
            (Slot::Vol(k1, v1, _), Slot::Vol(k2, v2, _)) if k1 == k2 && v1 == v2 => {}
            (Slot::Vol(Volatile::RelativeTime, _, i), Slot::Vol(Volatile::RelativeTime, _, j))
                if counted(&ka, *i) != counted(&kb, *j) =>
            {
                changed = true
            }
            _ => return false,
        }
    }
    changed
}

/// Most digits of a count glued to a word (see `glued_counter`): up to 999 comments. Set from
/// what a count is, not fitted; a code like a product number ("a1780") has more.
const GLUED_COUNTER_MAX_DIGITS: usize = 3;
/// Most digits of a count of what a shop sold glued to Chinese or Japanese ([`cjk_count`]),
/// whose numbers are all glued: up to 9,999,999 sold; a telephone number has more (11 in
/// China).
const GLUED_CJK_COUNTER_MAX_DIGITS: usize = 7;

/// A counter glued to a word in a counter-like block: pages that set a count in its own
/// element right after a word (`<span>Uhr</span><span>2</span>`) lose the space when the block
/// is read as text, so "08:00 Uhr2iX Magazin" becomes "08:00 Uhr3iX Magazin" or a count
/// appears ("UhrMake" → "Uhr1Make"). True when both texts have at most [`COUNTER_MAX_WORDS`]
/// words, the same tokens pairwise, and every pair that differs is the same once its digits
/// are left out and mixes digits and letters (separate numbers and dates are read by
/// [`volatile_kinds`]), with digit runs of at most [`GLUED_COUNTER_MAX_DIGITS`]. A change of
/// letters, of a code, or of a number inside a longer text, is never this.
fn glued_counter(old: &str, new: &str) -> bool {
    let (a, b) = (text::tokens(old), text::tokens(new));
    let words = |t: &[&str]| -> usize {
        t.iter()
            .filter(|w| text::is_word(w))
            .map(|w| text::run_words(w))
            .sum()
    };
    if a.len() != b.len() || words(&a) > COUNTER_MAX_WORDS || words(&b) > COUNTER_MAX_WORDS {
        return false;
    }
    let digitless = |t: &str| -> String { t.chars().filter(|c| !c.is_ascii_digit()).collect() };
    let mixed =
        |t: &str| t.chars().any(|c| c.is_ascii_digit()) && t.chars().any(char::is_alphabetic);
    let mut glued = false;
    for (k, (x, y)) in a.iter().zip(&b).enumerate() {
        if x == y {
            continue;
        }
        // A price glued to its label (`Preis34,95 €`) or a measure glued to its unit (`32GB`)
        // is content, not a count.
        // So is a document's file name (`Grenzwerte_aktuell_02.pdf`: another file).
        if priced(&a, k)
            || priced(&b, k)
            || measure_glued(x)
            || measure_glued(y)
            || document_name(&a, k)
            || document_name(&b, k)
            || labelled(&a, k)
            || v_version(x)
            || v_version(y)
            || glued_hour(x)
            || glued_hour(y)
        {
            // (Nor is a whole hour, `7am`: a time the page states.)
            return false;
        }
        // A count written short with its magnitude ("3K", "1.5m") is `volatile_kinds`' to
        // judge beside other words ("Model XR 3K" → "4K": another model; "1.5m cable": metres);
        // alone in its element ("12K" → "13K", a tile's followers) it is a count.
        if (abbreviated_count(x) || abbreviated_count(y)) && (words(&a) > 1 || words(&b) > 1) {
            return false;
        }
        // Only digits glued to letters may differ: a changed separate number or date is
        // `volatile_kinds`' to judge (and a date against both visits).
        if digitless(x) != digitless(y) || !(mixed(x) || mixed(y)) {
            return false;
        }
        // A count is short; a longer digit run glued to letters is a code ("a1780" → "a1781":
        // another product), and a change of it is content.
        let longest_run = |t: &str| {
            t.split(|c: char| !c.is_ascii_digit())
                .map(str::len)
                .max()
                .unwrap_or(0)
        };
        // (Chinese and Japanese glue every number to its words: there a count of what was
        // sold or who bought runs longer, "已售1234件", "1234人付款", up to a telephone's
        // length; a price glued to its currency, "1299元", "1299円", is the shop's.)
        if cjk_price(x) || cjk_price(y) {
            return false;
        }
        let most = if cjk_count(x) && cjk_count(y) {
            GLUED_CJK_COUNTER_MAX_DIGITS
        } else {
            GLUED_COUNTER_MAX_DIGITS
        };
        if longest_run(x) > most || longest_run(y) > most {
            return false;
        }
        glued = true;
    }
    glued
}

/// The text of a Chinese or Japanese token around its first run of digits (with its inner
/// separators, "1,299"): what stands before it and after it.
fn around_digits(tok: &str) -> Option<(&str, &str)> {
    let start = tok.find(|c: char| c.is_ascii_digit())?;
    let len = tok[start..]
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || c == ',' || c == '.'))
        .map_or(tok.len() - start, |(i, _)| i);
    Some((&tok[..start], &tok[start + len..]))
}

/// Whether a token is a price glued to its currency in Chinese, Japanese or Korean ("1299元",
/// "价格1299元", "1,299円", "12,000원").
fn cjk_price(tok: &str) -> bool {
    around_digits(tok).is_some_and(|(_, after)| {
        [
            "元",
            "円",
            "块",
            "圆",
            "圓",
            "원",
            "ドル",
            "ユーロ",
            "美元",
            "欧元",
            "日元",
            "港元",
            "万元",
            "亿元",
        ]
        .iter()
        .any(|c| after.starts_with(c))
    })
}

/// Whether a token is a count of what a shop sold or who bought, glued to its Chinese or
/// Japanese words: a count's word after the number ("1234件", "1234人付款", "1000+") or a
/// word of selling before it ("已售1234", "月销1000").
fn cjk_count(tok: &str) -> bool {
    tok.chars().any(text::is_unspaced_char)
        && around_digits(tok).is_some_and(|(before, after)| {
            [
                "件", "人", "次", "条", "笔", "单", "回", "票", "赞", "+", "万",
            ]
            .iter()
            .any(|c| after.starts_with(c))
                || ["已售", "月销", "销量", "售出", "累计", "已有"]
                    .iter()
                    .any(|c| before.ends_with(c))
        })
}

/// Whether the word before `tokens[k]` is a fact's label ([`FACT_LABELS`]): "Gate B12".
fn labelled(tokens: &[&str], k: usize) -> bool {
    tokens[..k]
        .iter()
        .rev()
        .find(|t| text::is_word(t))
        .is_some_and(|w| in_list!(FACT_LABELS, w))
}

/// Whether a token is a version written with a `v` ("v2.3.1", "V10.2"): another release.
fn v_version(tok: &str) -> bool {
    tok.strip_prefix(['v', 'V']).is_some_and(is_version)
}

/// Whether the change of a headline (a heading element's text) is content though it reads as
/// a count: it is noise only because the block is short ("40,000 homes without power" →
/// "65,000 homes without power": a headline's figure, the news itself), with no counter word
/// or label beside the number ("1,532 Comments" stays a count).
pub fn headline_figure(old: &str, new: &str) -> bool {
    // A headline has words: a heading of a bare figure ("1,532") is a tile's count.
    // (A run of Chinese or Japanese counts its words: "暴雨致1200户停电" is one token.)
    let worded = |t: &str| {
        text::tokens(t)
            .iter()
            .filter(|w| text::is_word(w) && !is_number(w))
            .map(|w| text::run_words(w))
            .sum::<usize>()
            >= 2
    };
    // Chinese and Japanese glue a headline's figure to its words, Korean to its counting word
    // ("120가구", 120 households); a count glued so names what it counts ("12件のコメント",
    // "阅读1234").
    let cjk_figure = |t: &str| {
        t.chars()
            .any(|c| text::is_unspaced_char(c) || ('\u{AC00}'..='\u{D7A3}').contains(&c))
            && !text::tokens(t)
                .iter()
                .any(|w| COUNTER_WORDS.iter().any(|c| !c.is_ascii() && w.contains(c)))
    };
    // A section's number ("18. Kontakt" → "19. Kontakt") moves when a section is inserted
    // before it, which shows itself.
    let numbered = |t: &str| {
        let toks = text::tokens(t);
        toks.first().is_some_and(|f| is_number(f))
            && toks.get(1).is_some_and(|p| matches!(*p, "." | ")"))
    };
    worded(old)
        && worded(new)
        && !(numbered(old) && numbered(new))
        && builtin_noise_kinds(old, new).as_deref() == Some(&[Volatile::Counter][..])
        && (!glued_counter(old, new) || (cjk_figure(old) && cjk_figure(new)))
        && split_noise_kinds_as(old, new, true).is_none()
}

/// [`builtin_noise_kinds`] on tokens as they are split (numbers apart from words).
fn split_noise_kinds(old: &str, new: &str) -> Option<Vec<Volatile>> {
    split_noise_kinds_as(old, new, false)
}

/// [`split_noise_kinds`], both blocks read as long ones when `long` ([`volatile_kinds_as`]).
fn split_noise_kinds_as(old: &str, new: &str, long: bool) -> Option<Vec<Volatile>> {
    let a = text::tokens(old);
    let b = text::tokens(new);
    let ka = volatile_kinds_as(&a, long);
    let kb = volatile_kinds_as(&b, long);
    // Relative times and weather change shape ("an hour" → "2 hours", "Partly cloudy" →
    // "Sunny"): compare with each run of such tokens (and the spaces inside it) collapsed to
    // one slot.
    let sa = skeleton(&a, &ka);
    let sb = skeleton(&b, &kb);
    if sa.len() != sb.len() {
        return None;
    }
    let mut reasons = Vec::new();
    let (mut counted, mut agreed) = (false, false);
    // The last slot of a counter word's other form: a word agreeing with it right after it
    // took its other form too ("Solo 2 camere rimaste" → "Solo 1 camera rimasta").
    let mut formed: Option<usize> = None;
    // How many words took their other form with the count.
    let mut forms = 0;
    for (n, (x, y)) in sa.iter().zip(&sb).enumerate() {
        match (x, y) {
            (Slot::Lit(p), Slot::Lit(q)) if p == q => {}
            // A counter word that took its other form with the count beside it ("1 comment" →
            // "2 comments", "Kommentar (1)" → "Kommentare (2)", "1 person" → "4 people").
            (Slot::Lit(p), Slot::Lit(q))
                if counter_forms(p, q)
                    && (counted_beside(&sa, &sb, n)
                        || formed.is_some_and(|f| {
                            (f + 1..n).all(|g| matches!(sa[g], Slot::Lit(t) if !text::is_word(t)))
                        })) =>
            {
                counted = true;
                formed = Some(n);
                forms += 1;
            }
            // A verb agreeing with that count, anywhere ("1 person is viewing this" → "4
            // people are viewing this").
            (Slot::Lit(p), Slot::Lit(q)) if text::agreeing(p, q) => agreed = true,
            // After the count's word and a word agreeing with it, a word further on in its
            // other form agrees with them ("1 person has this in their cart" → "3 people have
            // this in their carts").
            (Slot::Lit(p), Slot::Lit(q))
                if counted && (agreed || forms >= 2) && text::inflected(p, q) => {}
            (Slot::Vol(k1, v1, i), Slot::Vol(k2, v2, j)) if k1 == k2 => {
                if v1 != v2 {
                    if *k1 == Volatile::Counter
                        && left_zero(v1, v2)
                        && labelled_count(&a, &ka)
                        && !engagement(&a, *i)
                        && !engagement(&b, *j)
                    {
                        // None left, or the first one: a state, not a count moving.
                        return None;
                    }
                    reasons.push(*k1);
                    // An ISO stamp whose time changed: the clock is judged too.
                    if *k1 == Volatile::Date
                        && iso_day_time(v1).map(|d| d.1) != iso_day_time(v2).map(|d| d.1)
                    {
                        reasons.push(Volatile::Clock);
                    }
                }
            }
            _ => return None,
        }
    }
    if agreed && !counted {
        return None;
    }
    reasons.sort();
    reasons.dedup();
    if reasons.is_empty() {
        None
    } else {
        Some(reasons)
    }
}

/// Whether a count that changed stands beside slot `n` (the next or the one before, across
/// spaces and punctuation, and back across a qualifier, [`COUNT_QUALIFIERS`]): the count a
/// counter word's form follows.
fn counted_beside(a: &[Slot], b: &[Slot], n: usize) -> bool {
    let changed_count = |k: usize| matches!((&a[k], &b[k]), (Slot::Vol(Volatile::Counter, v, _), Slot::Vol(Volatile::Counter, w, _)) if v != w);
    let lit_gap = |k: usize| matches!(&a[k], Slot::Lit(t) if !text::is_word(t));
    // (Back across a qualifier too: "1 neue Nachricht" → "2 neue Nachrichten".)
    let gap_before =
        |k: usize| lit_gap(k) || matches!(&a[k], Slot::Lit(t) if in_list!(COUNT_QUALIFIERS, t));
    let mut k = n + 1;
    while k < a.len() && lit_gap(k) {
        k += 1;
    }
    if k < a.len() && changed_count(k) {
        return true;
    }
    let mut k = n;
    while k > 0 {
        k -= 1;
        if !gap_before(k) {
            return changed_count(k);
        }
    }
    false
}

#[derive(Debug, PartialEq)]
enum Slot<'a> {
    Lit(&'a str),
    /// A volatile run: its kind, its text and the index of its first token.
    Vol(Volatile, String, usize),
}

/// Whether a whole count went to zero or came from zero ("Flash Deals (0)" → "(1)", "3 left"
/// → "0 left"): something ran out or appeared, a change of state that a person watching
/// the page waits for, not a count moving. Whole numbers written as counts only: a reading
/// that passes zero ("+0,5" → "0,0") is still a reading, and a countdown's padded cell ("01"
/// → "00") still a clock.
fn left_zero(old: &str, new: &str) -> bool {
    let count = |t: &str| {
        t == "0" || (!t.starts_with('0') && !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
    };
    count(old) && count(new) && (old == "0") != (new == "0")
}

/// Words for what readers do, besides [`COUNTER_WORDS`]: a count of them moves with every
/// reader, from zero too.
const ENGAGEMENT_WORDS: &[&str] = &[
    "replies",
    "reply",
    "answers",
    "votes",
    "posts",
    "reactions",
    "retweets",
    "reposts",
    "antworten",
    "beiträge",
    "reaktionen",
    "stimmen",
    "gefällt",
];

/// Phrases that say whether an item can be had: sold out, in stock, back soon, orderable
/// ahead. Lowercased words, matched as a run of a text's words; a negated phrase is a phrase of
/// its own ("nicht lieferbar" besides "lieferbar"), so that "Sofort lieferbar" → "Nicht
/// lieferbar" says something new.
pub const STOCK_PHRASES: &[&[&str]] = &[
    &["sold", "out"],
    &["out", "of", "stock"],
    &["in", "stock"],
    &["not", "in", "stock"],
    &["no", "longer", "available"],
    &["back", "in", "stock"],
    &["notify", "me"],
    &["get", "notified"],
    &["currently", "unavailable"],
    &["pre", "order"],
    &["preorder"],
    &["ausverkauft"],
    &["vergriffen"],
    &["auf", "lager"],
    &["nicht", "auf", "lager"],
    &["lieferbar"],
    &["nicht", "lieferbar"],
    &["vorrätig"],
    &["nicht", "vorrätig"],
    &["vorbestellen"],
    &["vorbestellbar"],
    &["épuisé"],
    &["en", "stock"],
    &["plus", "en", "stock"],
    &["rupture", "de", "stock"],
    &["agotado"],
    &["sin", "stock"],
    &["esaurito"],
    &["uitverkocht"],
];

/// The stock phrase ([`STOCK_PHRASES`]) that one side of a change says and the other does not,
/// if any: a change between "Dispatch in 1 - 2 working days" and "Sold out" says whether the
/// item can be had, which no rotation of a slot explains.
pub fn stock_change(old: &str, new: &str) -> Option<String> {
    let (a, b) = (
        phrases_said(old, STOCK_PHRASES),
        phrases_said(new, STOCK_PHRASES),
    );
    a.iter()
        .filter(|k| !b.contains(k))
        .chain(b.iter().filter(|k| !a.contains(k)))
        .next()
        .map(|&k| STOCK_PHRASES[k].join(" "))
}

/// Whether a block says what it counts: a word besides its numbers and volatile parts ("Flash
/// Deals (0)"). A bare "0" → "1" (a badge, a comment bubble) says nothing of what ran out.
fn labelled_count(tokens: &[&str], kinds: &[Option<Volatile>]) -> bool {
    tokens
        .iter()
        .zip(kinds)
        .any(|(t, k)| k.is_none() && text::is_word(t) && t.chars().any(char::is_alphabetic))
}

/// Words for what the person keeps on a site (a cart, a wish list, notifications): their
/// count moves with the person's own doing, from zero too.
const PERSONAL_WORDS: &[&str] = &[
    "cart",
    "basket",
    "bag",
    "warenkorb",
    "einkaufswagen",
    "wishlist",
    "merkzettel",
    "wunschliste",
    "favorites",
    "favourites",
    "favoriten",
    "notifications",
    "benachrichtigungen",
    "unread",
    "ungelesen",
    "panier",
    "carrito",
    "carrello",
    "winkelwagen",
];

/// Whether the count at `tokens[i]` counts engagement or traffic: a counter word next to it
/// ("0 Kommentare", "Views: 0", "1 reply", "0 hidden" of who is online), or a rating, the
/// person's own things ([`PERSONAL_WORDS`]: "Warenkorb (0)") or mail ([`INBOX_ITEMS`]: "0 new
/// messages") in its block.
fn engagement(tokens: &[&str], i: usize) -> bool {
    let counted = |w: Option<&&str>| {
        w.is_some_and(|w| {
            counter_word(w) || in_list!(ENGAGEMENT_WORDS, w) || in_list!(ONLINE_KINDS, w)
        })
    };
    counted(tokens[..i].iter().rev().find(|t| text::is_word(t)))
        || counted(tokens[i + 1..].iter().find(|t| text::is_word(t)))
        || tokens.iter().any(|t| {
            in_list!(RATING_WORDS, t)
                || in_list!(PERSONAL_WORDS, t)
                || in_list!(INBOX_ITEMS, t)
                || t.contains(['★', '☆', '⭐'])
        })
}

fn skeleton<'a>(toks: &[&'a str], kinds: &[Option<Volatile>]) -> Vec<Slot<'a>> {
    let mut out: Vec<Slot<'a>> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        match kinds[i] {
            Some(run @ (Volatile::RelativeTime | Volatile::Weather)) => {
                let mut value = String::new();
                let mut j = i;
                // (And the point of an abbreviated unit: "5 hr. ago" → "1 day ago".)
                let inside = |j: usize| {
                    let next = |k: usize| kinds.get(k).copied().flatten() == Some(run);
                    (toks[j].trim().is_empty() && next(j + 1))
                        || (toks[j] == "."
                            && j > i
                            && kinds[j - 1] == Some(run)
                            && (next(j + 1)
                                || (toks.get(j + 1).is_some_and(|t| t.trim().is_empty())
                                    && next(j + 2))))
                };
                while j < toks.len()
                    && (kinds[j] == Some(run) || (!text::is_word(toks[j]) && inside(j)))
                {
                    value.push_str(toks[j]);
                    j += 1;
                }
                out.push(Slot::Vol(run, value, i));
                i = j;
            }
            // A sign before a count is the count's: a score "-1 votes" → "0 votes", a change
            // "+0,45%" → "-0,12%".
            Some(Volatile::Counter)
                if matches!(toks[i], "-" | "+" | "−")
                    && kinds.get(i + 1) == Some(&Some(Volatile::Counter)) =>
            {
                out.push(Slot::Vol(
                    Volatile::Counter,
                    format!("{}{}", toks[i], toks[i + 1]),
                    i + 1,
                ));
                i += 2;
            }
            // And a "+" after it ("99+ comments" → "120 comments").
            Some(Volatile::Counter)
                if toks.get(i + 1) == Some(&"+")
                    && kinds.get(i + 1) == Some(&Some(Volatile::Counter)) =>
            {
                out.push(Slot::Vol(Volatile::Counter, format!("{}+", toks[i]), i));
                i += 2;
            }
            Some(k) => {
                out.push(Slot::Vol(k, toks[i].to_string(), i));
                i += 1;
            }
            // And a word that bounds it before it ("87 applicants" → "Over 100 applicants",
            // "mehr als 1.000 Bewerber").
            None => match count_bound(toks, kinds, i) {
                Some(end) => {
                    out.push(Slot::Vol(Volatile::Counter, toks[i..=end].concat(), end));
                    i = end + 1;
                }
                None => {
                    out.push(Slot::Lit(toks[i]));
                    i += 1;
                }
            },
        }
    }
    out
}

/// Words that bound a count before it ("over 100", "more than 1,000", "mehr als 50"), one
/// phrase of words to a row.
const COUNT_BOUNDS: &[&[&str]] = &[
    &["over"],
    &["more", "than"],
    &["less", "than"],
    &["fewer", "than"],
    &["about"],
    &["nearly"],
    &["almost"],
    &["über"],
    &["mehr", "als"],
    &["weniger", "als"],
    &["rund"],
    &["fast"],
    &["plus", "de"],
    &["moins", "de"],
    &["más", "de"],
    &["menos", "de"],
    &["più", "di"],
    &["oltre"],
    &["meer", "dan"],
    &["ruim"],
];

/// Where a count ends that a bound of [`COUNT_BOUNDS`] starting at `toks[i]` stands before
/// ("Over 100"): the index of the count, when the phrase, a space and a counter follow.
fn count_bound(toks: &[&str], kinds: &[Option<Volatile>], i: usize) -> Option<usize> {
    // (Told without allocating for most words: the first words of the phrases.)
    const FIRST_WORDS: &[&str] = &[
        "over", "more", "less", "fewer", "about", "nearly", "almost", "über", "mehr", "weniger",
        "rund", "fast", "plus", "moins", "más", "menos", "più", "oltre", "meer", "ruim",
    ];
    if kinds[i].is_some() || !in_list!(FIRST_WORDS, toks[i]) {
        return None;
    }
    COUNT_BOUNDS.iter().find_map(|phrase| {
        let mut j = i;
        for w in phrase.iter() {
            let word = toks.get(j)?;
            if word.to_lowercase() != *w {
                return None;
            }
            if !toks.get(j + 1)?.trim().is_empty() {
                return None;
            }
            j += 2;
        }
        (kinds.get(j) == Some(&Some(Volatile::Counter))).then_some(j)
    })
}

/// Month number of a month name or abbreviation (English, German; French, Spanish, Italian,
/// Dutch, Portuguese, Scandinavian, Polish, Czech, Russian, Turkish, Finnish, Romanian and
/// Hungarian names), 1–12.
fn month_number(tok: &str) -> Option<i64> {
    let t = tok.to_lowercase();
    let t = t.trim_end_matches('.');
    let n = match t {
        "january" | "jan" | "januar" | "jänner" => 1,
        "february" | "feb" | "februar" => 2,
        "march" | "mar" | "märz" => 3,
        "april" | "apr" => 4,
        "may" | "mai" => 5,
        "june" | "jun" | "juni" => 6,
        "july" | "jul" | "juli" => 7,
        "august" | "aug" => 8,
        "september" | "sep" | "sept" => 9,
        "october" | "oct" | "oktober" | "okt" => 10,
        "november" | "nov" => 11,
        "december" | "dec" | "dezember" | "dez" => 12,
        "janvier" | "enero" | "gennaio" | "januari" | "janeiro" => 1,
        "février" | "fevrier" | "febrero" | "febbraio" | "februari" | "fevereiro" => 2,
        "mars" | "marzo" | "maart" | "março" | "marco" => 3,
        "avril" | "abril" | "aprile" => 4,
        "mayo" | "maggio" | "mei" | "maio" => 5,
        "juin" | "junio" | "giugno" | "junho" => 6,
        "juillet" | "julio" | "luglio" | "julho" => 7,
        "août" | "aout" | "agosto" | "augustus" => 8,
        "septembre" | "septiembre" | "setiembre" | "settembre" | "setembro" => 9,
        "octobre" | "octubre" | "ottobre" | "outubro" => 10,
        "novembre" | "noviembre" | "novembro" => 11,
        "décembre" | "decembre" | "diciembre" | "dicembre" | "dezembro" => 12,
        "stycznia" | "styczeń" | "styczen" | "ledna" | "leden" | "января" | "январь" | "ocak"
        | "tammikuuta" | "tammikuu" | "ianuarie" | "január" => 1,
        "lutego" | "luty" | "února" | "unora" | "únor" | "февраля" | "февраль" | "şubat"
        | "subat" | "helmikuuta" | "helmikuu" | "februarie" | "február" => 2,
        "marts" | "marca" | "marzec" | "března" | "brezna" | "březen" | "марта" | "март"
        | "maaliskuuta" | "maaliskuu" | "martie" | "március" => 3,
        "kwietnia" | "kwiecień" | "kwiecien" | "dubna" | "duben" | "апреля" | "апрель"
        | "nisan" | "huhtikuuta" | "huhtikuu" | "aprilie" | "április" => 4,
        "maj" | "maja" | "května" | "kvetna" | "květen" | "мая" | "май" | "mayıs"
        | "toukokuuta" | "toukokuu" | "május" => 5,
        "czerwca" | "czerwiec" | "června" | "cervna" | "červen" | "июня" | "июнь" | "haziran"
        | "kesäkuuta" | "kesäkuu" | "iunie" | "június" => 6,
        "lipca" | "lipiec" | "července" | "cervence" | "červenec" | "июля" | "июль" | "temmuz"
        | "heinäkuuta" | "heinäkuu" | "iulie" | "július" => 7,
        "augusti" | "sierpnia" | "sierpień" | "sierpien" | "srpna" | "srpen" | "августа"
        | "август" | "ağustos" | "agustos" | "elokuuta" | "elokuu" | "augusztus" => 8,
        "września" | "wrzesień" | "wrzesien" | "září" | "zari" | "сентября" | "сентябрь"
        | "eylül" | "eylul" | "syyskuuta" | "syyskuu" | "septembrie" | "szeptember" => 9,
        "października" | "październik" | "pazdziernik" | "října" | "rijna" | "říjen"
        | "октября" | "октябрь" | "ekim" | "lokakuuta" | "lokakuu" | "octombrie" | "október" => {
            10
        }
        "listopada" | "listopad" | "listopadu" | "ноября" | "ноябрь" | "kasım" | "kasim"
        | "marraskuuta" | "marraskuu" | "noiembrie" => 11,
        "desember" | "grudnia" | "grudzień" | "grudzien" | "prosince" | "prosinec" | "декабря"
        | "декабрь" | "aralık" | "aralik" | "joulukuuta" | "joulukuu" | "decembrie" => 12,
        "janv" | "ene" | "ιανουαρίου" => 1,
        "févr" | "fevr" | "φεβρουαρίου" => 2,
        "μαρτίου" => 3,
        "avr" | "abr" | "απριλίου" => 4,
        "μαΐου" => 5,
        "ιουνίου" => 6,
        "juil" | "ιουλίου" => 7,
        "αυγούστου" => 8,
        "σεπτεμβρίου" => 9,
        "οκτωβρίου" => 10,
        "νοεμβρίου" => 11,
        "déc" | "dic" | "δεκεμβρίου" => 12,
        // Ukrainian
        "січня" | "січень" => 1,
        "лютого" | "лютий" => 2,
        "березня" | "березень" => 3,
        "квітня" | "квітень" => 4,
        "травня" | "травень" => 5,
        "червня" | "червень" => 6,
        "липня" | "липень" => 7,
        "серпня" | "серпень" => 8,
        "вересня" | "вересень" => 9,
        "жовтня" | "жовтень" => 10,
        "листопада" | "листопад" => 11,
        "грудня" | "грудень" => 12,
        "maret" => 3,
        "agustus" => 8,
        "يناير" | "ינואר" | "בינואר" | "जनवरी" => 1,
        "فبراير" | "פברואר" | "בפברואר" | "फ़रवरी" | "फरवरी" => {
            2
        }
        "مارس" | "מרץ" | "במרץ" | "मार्च" => 3,
        "أبريل" | "ابريل" | "אפריל" | "באפריל" | "अप्रैल" => 4,
        "مايو" | "מאי" | "במאי" | "मई" => 5,
        "يونيو" | "יוני" | "ביוני" | "जून" => 6,
        "يوليو" | "יולי" | "ביולי" | "जुलाई" => 7,
        "أغسطس" | "اغسطس" | "אוגוסט" | "באוגוסט" | "अगस्त" => 8,
        "سبتمبر" | "ספטמבר" | "בספטמבר" | "सितंबर" | "सितम्बर" => {
            9
        }
        "أكتوبر" | "اكتوبر" | "אוקטובר" | "באוקטובר" | "अक्टूबर" | "अक्तूबर" => {
            10
        }
        "نوفمبر" | "נובמבר" | "בנובמבר" | "नवंबर" | "नवम्बर" => {
            11
        }
        "ديسمبر" | "דצמבר" | "בדצמבר" | "दिसंबर" | "दिसम्बर" => {
            12
        }
        // Bulgarian.
        "януари" => 1,
        "февруари" => 2,
        "април" => 4,
        "юни" => 6,
        "юли" => 7,
        "септември" => 9,
        "октомври" => 10,
        "ноември" => 11,
        "декември" => 12,
        // Serbian (Cyrillic and Latin), Bosnian and Slovak.
        "јануар" | "januara" | "januára" => 1,
        "фебруар" | "februara" | "februára" => 2,
        "mart" | "marta" => 3,
        "aprila" | "apríla" => 4,
        "мај" | "mája" => 5,
        "јун" | "juna" | "júna" => 6,
        "јул" | "jula" | "júla" => 7,
        "avgust" | "avgusta" | "augusta" => 8,
        "септембар" | "septembar" | "septembra" => 9,
        "октобар" | "oktobar" | "oktobra" | "októbra" => 10,
        "новембар" | "novembar" | "novembra" => 11,
        "децембар" | "decembar" | "decembra" => 12,
        // Croatian.
        "siječnja" | "siječanj" => 1,
        "veljače" | "veljača" => 2,
        "ožujka" | "ožujak" => 3,
        "travnja" | "travanj" => 4,
        "svibnja" | "svibanj" => 5,
        "lipnja" | "lipanj" => 6,
        "srpnja" | "srpanj" => 7,
        "kolovoza" | "kolovoz" => 8,
        "rujna" | "rujan" => 9,
        "studenoga" | "studenog" | "studeni" => 11,
        "prosinca" | "prosinac" => 12,
        // Slovenian.
        "marec" => 3,
        "junij" => 6,
        "julij" => 7,
        // Lithuanian.
        "sausio" => 1,
        "vasario" => 2,
        "kovo" => 3,
        "balandžio" => 4,
        "gegužės" => 5,
        "birželio" => 6,
        "liepos" => 7,
        "rugpjūčio" => 8,
        "rugsėjo" => 9,
        "spalio" => 10,
        "lapkričio" => 11,
        "gruodžio" => 12,
        // Latvian.
        "janvāris" | "janvārī" => 1,
        "februāris" | "februārī" => 2,
        "martā" => 3,
        "aprīlis" | "aprīlī" => 4,
        "maijs" | "maijā" => 5,
        "jūnijs" | "jūnijā" => 6,
        "jūlijs" | "jūlijā" => 7,
        "augusts" | "augustā" => 8,
        "septembris" | "septembrī" => 9,
        "oktobris" | "oktobrī" => 10,
        "novembris" | "novembrī" => 11,
        "decembris" | "decembrī" => 12,
        // Estonian.
        "jaanuar" => 1,
        "veebruar" => 2,
        "märts" => 3,
        "aprill" => 4,
        "juuni" => 6,
        "juuli" => 7,
        "oktoober" => 10,
        "detsember" => 12,
        // Catalan.
        "gener" => 1,
        "febrer" => 2,
        "març" => 3,
        "maig" => 5,
        "juny" => 6,
        "juliol" => 7,
        "agost" => 8,
        "setembre" => 9,
        "desembre" => 12,
        // Filipino.
        "pebrero" => 2,
        "marso" => 3,
        "hunyo" => 6,
        "hulyo" => 7,
        "setyembre" => 9,
        "oktubre" => 10,
        "nobyembre" => 11,
        "disyembre" => 12,
        // Malay and Swahili.
        "mac" | "machi" => 3,
        "aprili" => 4,
        "julai" => 7,
        "ogos" | "agosti" => 8,
        "septemba" => 9,
        "oktoba" => 10,
        "novemba" => 11,
        "disember" | "desemba" => 12,
        // Bengali, Tamil and Urdu.
        "জানুয়ারি" | "জানুয়ারি" | "ஜனவரி" | "جنوری" => {
            1
        }
        "ফেব্রুয়ারি" | "ফেব্রুয়ারি" | "பிப்ரவரி" | "فروری" => {
            2
        }
        "মার্চ" | "மார்ச்" | "مارچ" => 3,
        "এপ্রিল" | "ஏப்ரல்" | "اپریل" => 4,
        "মে" | "மே" | "مئی" => 5,
        "জুন" | "ஜூன்" | "جون" => 6,
        "জুলাই" | "ஜூலை" | "جولائی" => 7,
        "আগস্ট" | "ஆகஸ்ட்" | "اگست" => 8,
        "সেপ্টেম্বর" | "செப்டம்பர்" | "ستمبر" => 9,
        "অক্টোবর" | "அக்டோபர்" | "اکتوبر" => 10,
        "নভেম্বর" | "நவம்பர்" | "نومبر" => 11,
        "ডিসেম্বর" | "டிசம்பர்" | "دسمبر" => 12,
        // Persian, for the Gregorian months.
        "ژانویه" => 1,
        "فوریه" => 2,
        "آوریل" => 4,
        "مه" => 5,
        "ژوئن" => 6,
        "ژوئیه" | "ژوییه" => 7,
        "اوت" => 8,
        "سپتامبر" => 9,
        "اکتبر" => 10,
        "نوامبر" => 11,
        "دسامبر" => 12,
        // Thai.
        "มกราคม" => 1,
        "กุมภาพันธ์" => 2,
        "มีนาคม" => 3,
        "เมษายน" => 4,
        "พฤษภาคม" => 5,
        "มิถุนายน" => 6,
        "กรกฎาคม" => 7,
        "สิงหาคม" => 8,
        "กันยายน" => 9,
        "ตุลาคม" => 10,
        "พฤศจิกายน" => 11,
        "ธันวาคม" => 12,
        // Abbreviated.
        "oca" | "sty" | "янв" | "січ" | "ιαν" => 1,
        "şub" | "lut" | "фев" | "лют" | "φεβ" | "fev" | "febr" => 2,
        "mrt" | "márc" | "бер" | "μαρ" => 3,
        "nis" | "kwi" | "апр" | "квіт" | "απρ" | "ápr" => 4,
        "mag" | "трав" | "μαΐ" | "μαϊ" | "máj" => 5,
        "haz" | "cze" | "июн" | "черв" | "ιουν" | "giu" | "jún" | "iun" => 6,
        "lip" | "июл" | "лип" | "ιουλ" | "lug" | "júl" | "iul" => 7,
        "ağu" | "авг" | "серп" | "αυγ" | "agu" | "agt" | "ags" => 8,
        "eyl" | "wrz" | "сен" | "вер" | "σεπ" | "szept" => 9,
        "eki" | "paź" | "окт" | "жовт" | "οκτ" | "ott" => 10,
        "kas" | "lis" | "ноя" | "лист" | "νοε" => 11,
        "ara" | "gru" | "дек" | "груд" | "δεκ" => 12,
        _ => return None,
    };
    Some(n)
}

/// A day of the month written as a number ("3", "03", "3.", "3rd", "1er"), 1–31.
fn day_number(tok: &str) -> Option<i64> {
    let t = tok.trim_end_matches('.');
    // Ordinals: "1st", "24th", French "1er", "1º".
    let lower = t.to_ascii_lowercase();
    let t = ["st", "nd", "rd", "th", "er", "º", "°"]
        .iter()
        .find_map(|s| lower.strip_suffix(s))
        .filter(|d| !d.is_empty())
        .unwrap_or(&lower);
    (t.len() <= 2)
        .then(|| t.parse::<i64>().ok())
        .flatten()
        .filter(|d| (1..=31).contains(d))
}

/// A year written with four digits, 1900–2199.
pub(crate) fn year_number(tok: &str) -> Option<i64> {
    let t = tok.trim_end_matches(['.', ',']);
    (t.len() == 4)
        .then(|| t.parse::<i64>().ok())
        .flatten()
        .filter(|y| (1900..2200).contains(y))
}

/// The calendar dates `text` writes in a readable form, as days since the epoch: `22.11.2026`
/// and `22.11.26` (day first), `2026-11-22`, `22 November 2026`, `22. November`, `Nov 22,
/// 2026`, `November 22`. A date without a year takes the year that puts it nearest to
/// `today`. A slashed date (`11/12/2026`: which order?) is read in the order that puts it
/// farthest from `today` (near it only when both orders are); dates without a day are not
/// read.
/// Whether `text` holds a clock that `other` does not, within a few tokens of a readable date
/// more than [`DATE_NOW_DAYS`] from `day` (days since the epoch): the time of an appointment.
fn clock_of_another_day(text: &str, other: &str, day: i64) -> bool {
    let toks = text::tokens(text);
    let theirs = text::tokens(other);
    let spans = date_spans(&toks, day);
    toks.iter().enumerate().any(|(c, t)| {
        (is_clock(t) || uhr_hour(&toks, c))
            && !theirs.contains(t)
            && spans.iter().any(|&(d, first, last)| {
                (d - day).abs() > DATE_NOW_DAYS
                    && c + CLOCK_DATE_REACH >= first
                    && c <= last + CLOCK_DATE_REACH
            })
    })
}

/// Whether a number read as a count or as part of a date changed from one year to another
/// ("Olympia 2016" → "Olympia 2021", "Stand August 2020" → "Stand August 2023", a date without
/// a day that the date rule cannot read) that is not the year of the visit: a year is a
/// date, noise only when it tracked the visits like the date rule asks ("© 2025" seen in 2025,
/// "© 2026" seen in 2026). Needs the new visit's time (and judges the old year against `then`
/// when known); a number beside a counter word ("2016 visitors") stays a count.
fn year_left_the_visits(old: &str, new: &str, then: Option<i64>, now: Option<i64>) -> bool {
    let Some(now) = now else {
        return false;
    };
    let year_of = |t: i64| civil_from_days(t.div_euclid(86_400)).0;
    let (a, b) = (text::tokens(old), text::tokens(new));
    if a.len() != b.len() {
        return false;
    }
    let counted = |toks: &[&str], i: usize| {
        let words: Vec<&str> = toks[i.saturating_sub(4)..(i + 5).min(toks.len())]
            .iter()
            .copied()
            .filter(|w| text::is_word(w))
            .collect();
        words.iter().any(|w| in_list!(COUNTER_WORDS, w))
    };
    a.iter().zip(&b).enumerate().any(|(i, (x, y))| {
        x != y
            && match (year_number(x), year_number(y)) {
                (Some(was), Some(is)) => {
                    x.len() == 4
                        && y.len() == 4
                        && !counted(&a, i)
                        && !counted(&b, i)
                        && (is != year_of(now)
                            || then.is_some_and(|t| was != year_of(t))
                                // A footer's copyright year moves on to the visit's year
                                // whenever the site gets to it, weeks into January too.
                                && !(was < is && copyright(&a, i) && copyright(&b, i)))
                }
                _ => false,
            }
    })
}

/// Whether the year at `toks[i]` is a copyright's: "© 2026", "Copyright 2026", "© 2005–2026",
/// "(c) 2026" (a copyright sign or word among the four tokens before it, spaces not counted: a
/// range's first year and dash may stand between; "(c)" is the sign typed without it).
fn copyright(toks: &[&str], i: usize) -> bool {
    let from = i.saturating_sub(6);
    let typed_sign = |j: usize| {
        toks[j].eq_ignore_ascii_case("c")
            && j > 0
            && toks[j - 1] == "("
            && toks.get(j + 1) == Some(&")")
    };
    (from..i)
        .rev()
        .filter(|&j| !toks[j].trim().is_empty())
        .take(4)
        .any(|j| toks[j] == "©" || toks[j].eq_ignore_ascii_case("copyright") || typed_sign(j))
}

/// Whether a clock that changed did **not** track the visits: a page printing the time it was
/// served shows each visit's time shifted by the same offset (its time zone, a cache's age), so
/// a clock that is noise keeps its distance to the visit. True when the old text was seen at
/// `then` and the new one at `now` (seconds since the epoch) and some clock only the new text
/// holds lies, relative to `now`, more than [`CLOCK_TRACK_MINUTES`] from where every clock only
/// the old text held lay relative to `then` — "Letztes Update: 17:17" seen at 17:20 and
/// "18:10" seen at 19:40, or a time moved back ("14:01" → "13:25"): the page's own stamp of an
/// edit, or a time it announces. Offsets are compared modulo 12 hours (a clock may be written
/// without "pm") and may differ by an hour when a daylight-saving switch may lie between the
/// visits ([`may_switch_clocks`]). A clock that fell by the time between the visits is a
/// countdown and tracked them too. False when either text has no clock of its own: no evidence.
fn clock_left_the_visit(old: &str, new: &str, then: i64, now: i64) -> bool {
    const HALF_DAY: i64 = 12 * 60;
    let minutes = |tok: &str| -> Option<i64> {
        let mut parts = clock_part(tok).split(':');
        let h: i64 = parts.next()?.parse().ok()?;
        let m: i64 = parts.next()?.parse().ok()?;
        (h < 24 && m < 60).then_some(h * 60 + m)
    };
    // The clocks a text writes: clock tokens and the times of ISO stamps ("27T04:36:04Z").
    // ("18 Uhr" is 18:00.)
    let clocks = |text: &str| -> Vec<String> {
        let toks = text::tokens(text);
        (0..toks.len())
            .filter_map(|i| {
                let t = toks[i];
                if is_clock(t) {
                    Some(t.to_string())
                } else if uhr_hour(&toks, i) {
                    Some(format!("{t}:00"))
                } else {
                    iso_day_time(t).map(|(_, clock)| clock.to_string())
                }
            })
            .collect()
    };
    let own_clocks = |text: &str, other: &str| -> Vec<i64> {
        let theirs = clocks(other);
        clocks(text)
            .into_iter()
            .filter(|t| !theirs.contains(t))
            .filter_map(|t| minutes(&t))
            .collect()
    };
    let offsets = |clocks: Vec<i64>, at: i64| -> Vec<i64> {
        let at_minute = at.div_euclid(60).rem_euclid(24 * 60);
        clocks
            .into_iter()
            .map(|c| (c - at_minute).rem_euclid(HALF_DAY))
            .collect()
    };
    let switch = may_switch_clocks(then, now);
    let (old_clocks, new_clocks) = (own_clocks(old, new), own_clocks(new, old));
    // A countdown ("Sale ends in 02:13:45" → "01:13:45" an hour later) shows the time left
    // to a fixed moment: it falls by the time that passed (modulo a day: a daily deal's
    // countdown starts again), so old + then is new + now.
    let elapsed = now.saturating_sub(then).div_euclid(60);
    let countdown = countdown_like(old, then) && countdown_like(new, now);
    let counts_down = |n: i64| {
        countdown
            && old_clocks.iter().any(|o| {
                let d = (o - n - elapsed).rem_euclid(DAY_MINUTES);
                d.min(DAY_MINUTES - d) <= CLOCK_TRACK_MINUTES
            })
    };
    let before = offsets(old_clocks.clone(), then);
    let after = offsets(new_clocks.clone(), now);
    if before.is_empty() || after.is_empty() {
        return false;
    }
    after.iter().zip(&new_clocks).any(|(a, &n)| {
        !before.iter().any(|b| {
            let d = (a - b).rem_euclid(HALF_DAY);
            let d = d.min(HALF_DAY - d);
            // An hour more or less is the same clock across a daylight-saving switch.
            d <= CLOCK_TRACK_MINUTES || (switch && (d - 60).abs() <= CLOCK_TRACK_MINUTES)
        }) && !counts_down(n)
    })
}

/// Minutes in a day.
const DAY_MINUTES: i64 = 24 * 60;

/// Words that say a clock is the time left ("Sale ends in 02:13", "Noch 4:59 verbleibend").
const COUNTDOWN_WORDS: &[&str] = &[
    "ends",
    "ending",
    "left",
    "remaining",
    "expires",
    "countdown",
    "endet",
    "noch",
    "verbleibend",
    "restzeit",
    "termine",
    "quedan",
    "termina",
    "scade",
    "eindigt",
    "resta",
    "restam",
];

/// Whether a text (seen at `at`) may show a countdown: a clock with seconds (`02:13:45`) or a
/// word that says the time is what is left ([`COUNTDOWN_WORDS`]), and no date (a time beside a
/// date is a moment, "05.08.2024 - 12:22", never a time left).
fn countdown_like(text: &str, at: i64) -> bool {
    let tokens = text::tokens(text);
    dates_in(text, at.div_euclid(86_400)).is_empty()
        && tokens
            .iter()
            .any(|t| (is_clock(t) && t.matches(':').count() == 2) || in_list!(COUNTDOWN_WORDS, t))
}

/// Whether a daylight-saving switch may lie between two instants (seconds since the epoch,
/// UTC): the time between them reaches a day on which some zone switches its clocks
/// ([`switch_days`]), or the UTC day before it (a zone east of Greenwich switches on the night
/// before that day in UTC: Australia, New Zealand, Egypt, Israel). The zone itself is
/// unknown, so every zone's day counts. Half a year or more always does.
fn may_switch_clocks(then: i64, now: i64) -> bool {
    const SPAN_ALWAYS: i64 = 183 * 86_400;
    let (a, b) = (then.min(now), then.max(now));
    if b.saturating_sub(a) >= SPAN_ALWAYS {
        return true;
    }
    let (first, last) = (a.div_euclid(86_400), b.div_euclid(86_400));
    let (y0, _, _) = civil_from_days(first);
    let (y1, _, _) = civil_from_days(last);
    (y0..=y1).any(|y| {
        switch_days(y)
            .into_iter()
            .any(|d| d - 1 <= last && d >= first)
    })
}

/// The days (since the epoch) of year `y` on which a zone switches to or from daylight-saving
/// time, by the rules in force: the United States, Canada and Cuba (second Sunday of March,
/// first Sunday of November), the EU, the UK, Lebanon and Israel (last Sunday of March — the
/// Friday before it in Israel — and last Sunday of October), Egypt (last Friday of April, last
/// Thursday of October), Australia (first Sunday of April and of October), Chile (the night
/// after the first Saturday of April and of September), New Zealand (first Sunday of April,
/// last Sunday of September).
fn switch_days(y: i64) -> [i64; 12] {
    // Weekday of a day count: 0 = Sunday … 6 = Saturday (1 January 1970 was a Thursday).
    let weekday = |d: i64| (d + 4).rem_euclid(7);
    let first = |m: i64, wd: i64| {
        let d = days_from_civil(y, m, 1);
        d + (wd - weekday(d)).rem_euclid(7)
    };
    let last = |m: i64, wd: i64| {
        let d = days_from_civil(y, m + 1, 1) - 1;
        d - (weekday(d) - wd).rem_euclid(7)
    };
    const SUN: i64 = 0;
    const THU: i64 = 4;
    const FRI: i64 = 5;
    const SAT: i64 = 6;
    [
        first(3, SUN) + 7,
        last(3, SUN),
        last(3, SUN) - 2,
        first(4, SUN),
        first(4, SAT) + 1,
        last(4, FRI),
        first(9, SAT) + 1,
        last(9, SUN),
        first(10, SUN),
        last(10, SUN),
        last(10, THU),
        first(11, SUN),
    ]
}

/// How far (minutes) a page's printed time may drift from the visit's between two visits and
/// still be the time it was served: a page cached up to ten minutes, or fetched that long after
/// it was made. Set from what a served time stamp is, not fitted.
pub const CLOCK_TRACK_MINUTES: i64 = 10;

/// Most tokens (words, spaces, punctuation) between a clock and the date it belongs to
/// ("18.06.2024 - 14:01": 4).
const CLOCK_DATE_REACH: usize = 6;

fn dates_in(text: &str, today: i64) -> Vec<i64> {
    dates_in_order(text, today, None)
}

/// [`dates_in`], its slashed dates read in `order` when given (see [`date_spans_in_order`]).
fn dates_in_order(text: &str, today: i64, order: Option<SlashOrder>) -> Vec<i64> {
    let toks = text::tokens(text);
    let mut out: Vec<i64> = date_spans_in_order(&toks, today, order)
        .into_iter()
        .map(|d| d.0)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// How a slashed date ("11/12/2026") is read: day first (most of the world) or month first
/// (the United States).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SlashOrder {
    /// "03/12/2026" is the 3rd of December.
    DayFirst,
    /// "03/12/2026" is the 12th of March.
    MonthFirst,
}

/// The readable dates of `toks` ([`dates_in`]) in text order: (days since the epoch, first
/// token, last token).
fn date_spans(toks: &[&str], today: i64) -> Vec<(i64, usize, usize)> {
    date_spans_in_order(toks, today, None)
}

/// [`date_spans`], a slashed date read in `order` when given (a date that cannot be read so,
/// "30/11/2026" month first, is none), else in the order farthest from `today`.
fn date_spans_in_order(
    toks: &[&str],
    today: i64,
    order: Option<SlashOrder>,
) -> Vec<(i64, usize, usize)> {
    // Indices of the word tokens, to look at neighbouring words across spaces/punctuation.
    let words: Vec<usize> = (0..toks.len())
        .filter(|&i| text::is_word(toks[i]))
        .collect();
    let word = |k: usize| words.get(k).map(|&i| toks[i]);
    let valid = gregorian_day;
    let (this_year, _, _) = civil_from_days(today);
    let dated = |y: Option<i64>, m: i64, d: i64| -> Option<i64> {
        match y {
            Some(y) => valid(y, m, d),
            None => [this_year - 1, this_year, this_year + 1]
                .into_iter()
                .filter_map(|y| valid(y, m, d))
                .min_by_key(|days| (days - today).abs()),
        }
    };
    let mut out = Vec::new();
    for (k, &i) in words.iter().enumerate() {
        let w = toks[i];
        // Chinese and Japanese: 2026年11月22日, 11月22日.
        if let Some((y, m, d)) = cjk_date(w) {
            out.extend(dated(y, m, d).map(|day| (day, i, i)));
            continue;
        }
        // Korean: 2026년 11월 22일, 11월 22일.
        if let Some((y, m, d, first, last)) = korean_date(word, k) {
            out.extend(dated(y, m, d).map(|day| (day, words[first], words[last])));
            continue;
        }
        // Day-first numeric dates: 22.11.2026, 22.11.26, 22.11.
        let parts: Vec<&str> = w.split('.').collect();
        if parts.len() == 3 || (parts.len() == 4 && parts[3].is_empty()) {
            let num = |p: &str| p.parse::<i64>().ok().filter(|_| p.len() <= 2);
            let y = match parts[2].len() {
                // (A Thai page's year of the Buddhist era: 7.12.2569.)
                4 => parts[2]
                    .parse::<i64>()
                    .ok()
                    .map(|y| thai_era(y).unwrap_or(y)),
                2 => parts[2].parse::<i64>().ok().map(|y| 2000 + y),
                _ => None,
            };
            if let (Some(d), Some(m)) = (num(parts[0]), num(parts[1])) {
                if (1..=31).contains(&d)
                    && (1..=12).contains(&m)
                    && (y.is_some() || parts[2].is_empty())
                {
                    out.extend(dated(y, m, d).map(|day| (day, i, i)));
                }
            } else if let (4, Some(m), Some(d)) = (
                parts[0].len(),
                num(parts[1]),
                parts.get(2).and_then(|p| num(p)),
            ) {
                // Year first, as Korea, China and Hungary write it, and Iran in its own
                // calendar: 2026.12.07, 1405.09.16.
                out.extend(
                    parts[0]
                        .parse::<i64>()
                        .ok()
                        .and_then(|y| numeric_day(y, m, d))
                        .map(|day| (day, i, i)),
                );
            }
            continue;
        }
        // Slashed: 11/12/2026, 11/12/26 — month or day first; the reading farthest from
        // `today`, so that a date tracks the visit only when it does in both orders (Match's
        // terms "revised on 02/01/2026" → "02/02/2026", day first, fetched on 2 and 3
        // February: a revision, not today's date).
        if w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit()) {
            let at = |j: usize| toks.get(j).copied();
            if at(i + 1) == Some("/") && at(i + 3) == Some("/") {
                let small = |t: Option<&str>| {
                    t.filter(|t| t.len() <= 2)
                        .and_then(|t| t.parse::<i64>().ok())
                };
                let y = at(i + 4).and_then(|t| match t.len() {
                    4 => year_number(t).or_else(|| t.parse().ok().and_then(thai_era)),
                    2 => t.parse::<i64>().ok().map(|y| 2000 + y),
                    _ => None,
                });
                if let (Some(a), Some(b), Some(y)) = (small(Some(w)), small(at(i + 2)), y) {
                    let read = |m: i64, d: i64| {
                        ((1..=12).contains(&m) && (1..=31).contains(&d))
                            .then(|| valid(y, m, d))
                            .flatten()
                    };
                    // (A year of the Thai Buddhist era: a Thai date, day first.)
                    let thai = at(i + 4).and_then(|t| t.parse().ok()).and_then(thai_era);
                    let readings = match order.or(thai.map(|_| SlashOrder::DayFirst)) {
                        Some(SlashOrder::DayFirst) => [None, read(b, a)],
                        Some(SlashOrder::MonthFirst) => [read(a, b), None],
                        None => [read(a, b), read(b, a)],
                    };
                    if let Some(day) = readings
                        .into_iter()
                        .flatten()
                        .max_by_key(|days| (days - today).abs())
                    {
                        out.push((day, i, i + 4));
                    }
                }
            }
            continue;
        }
        // A weekday and a day of the month without the month ("Mon 7", "Montag, 7."): the
        // day of that number nearest `today`, this month or the one before or after, that
        // falls on that weekday; none when none does.
        if let (Some(d), Some(wd)) = (
            word(k + 1).and_then(day_number),
            (is_day_name(w) && !in_list!(MONTHS, w))
                .then(|| weekday_index(w))
                .flatten(),
        ) {
            if !word(k + 2).is_some_and(|n| in_list!(MONTHS, n))
                && !is_numeric_date(word(k + 1).unwrap_or_default())
            {
                let (_, this_month, _) = civil_from_days(today);
                let day = (-1..=1)
                    .filter_map(|step| {
                        let m0 = this_year * 12 + this_month - 1 + step;
                        let (y, m) = (m0.div_euclid(12), m0.rem_euclid(12) + 1);
                        valid(y, m, d)
                    })
                    .filter(|day| (day + 3).rem_euclid(7) == wd as i64)
                    .min_by_key(|day| (day - today).abs());
                out.extend(day.map(|day| (day, i, words[k + 1])));
                continue;
            }
        }
        // Year first and slashed, in the Gregorian or the Persian calendar: 2026/12/07,
        // 1405/09/16.
        if w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()) {
            let at = |j: usize| toks.get(j).copied();
            let small = |t: Option<&str>| {
                t.filter(|t| (1..=2).contains(&t.len()))
                    .and_then(|t| t.parse::<i64>().ok())
            };
            if at(i + 1) == Some("/") && at(i + 3) == Some("/") {
                if let (Ok(y), Some(m), Some(d)) = (w.parse(), small(at(i + 2)), small(at(i + 4))) {
                    out.extend(numeric_day(y, m, d).map(|day| (day, i, i + 4)));
                }
                continue;
            }
        }
        // ISO: 2026-11-22 (the hyphens are tokens of their own).
        if let Some(y) = year_number(w) {
            let at = |j: usize| toks.get(j).copied();
            if at(i + 1) == Some("-") && at(i + 3) == Some("-") {
                let m = at(i + 2)
                    .and_then(|t| t.parse::<i64>().ok())
                    .filter(|m| (1..=12).contains(m));
                // The day may run into a time: 2026-11-22T10:00.
                let d = at(i + 4).and_then(|t| {
                    let b = t.as_bytes();
                    (b.len() >= 2 && !b.get(2).is_some_and(u8::is_ascii_digit))
                        .then(|| t.get(..2).and_then(day_number))
                        .flatten()
                });
                if let (Some(m), Some(d)) = (m, d) {
                    out.extend(valid(y, m, d).map(|day| (day, i, i + 4)));
                }
            }
            continue;
        }
        // Month names: "22 November 2026", "22. November", "Nov 22, 2026", "November 22" (not
        // a weekday of the same name before its date, "mar. 8 déc. 2026").
        if let Some(m) =
            month_number(w).filter(|_| !(is_day_name(w) && weekday_before_date(toks, i)))
        {
            let joiner = |q: usize| word(q).is_some_and(|w| in_list!(DATE_JOINERS, w));
            // "24 de febrero": the day before the joiner.
            let day_at = if k >= 2 && joiner(k - 1) {
                k - 2
            } else {
                k.wrapping_sub(1)
            };
            let before = word(day_at).and_then(day_number);
            let after = word(k + 1).and_then(day_number);
            let (d, mut year_at, first) = match (before, after) {
                (Some(d), _) => (d, k + 1, day_at),
                (None, Some(d)) => (d, k + 2, k),
                (None, None) => continue,
            };
            // "febrero de 2025".
            if joiner(year_at) && word(year_at + 1).and_then(year_number).is_some() {
                year_at += 1;
            }
            let year = word(year_at).and_then(year_number).or_else(|| {
                // A Thai date counts the years of the Buddhist era ("7 ธันวาคม 2569").
                is_thai(w)
                    .then(|| word(year_at).and_then(thai_year))
                    .flatten()
            });
            let last = if year.is_some() { year_at } else { year_at - 1 };
            let last = last.max(k);
            out.extend(dated(year, m, d).map(|day| (day, words[first], words[last])));
            continue;
        }
        // Persian, in its own calendar: "۱۶ آذر ۱۴۰۵" (its digits read as ASCII ones first).
        if let Some(m) = PERSIAN_MONTHS.iter().position(|n| *n == w) {
            let Some(d) = k.checked_sub(1).and_then(word).and_then(day_number) else {
                continue;
            };
            let year = word(k + 1)
                .and_then(|t| t.parse::<i64>().ok())
                .filter(|y| (1300..1500).contains(y));
            let m = m as i64 + 1;
            let day = match year {
                Some(y) => persian_days(y, m, d),
                // Without its year: the one that puts it nearest to `today` (the Persian year
                // begins in March: 621 or 622 years behind).
                None => (this_year - 623..=this_year - 620)
                    .filter_map(|y| persian_days(y, m, d))
                    .min_by_key(|days| (days - today).abs()),
            };
            let last = if year.is_some() { k + 1 } else { k };
            out.extend(day.map(|day| (day, words[k - 1], words[last])));
            continue;
        }
        // Vietnamese: "ngày 7 tháng 12 năm 2026", "7 tháng 12, 2026" (tháng, month, before its
        // number; năm, year, before the year).
        if w.to_lowercase() == "tháng" {
            let (Some(d), Some(m)) = (
                k.checked_sub(1).and_then(word).and_then(day_number),
                word(k + 1)
                    .and_then(|t| t.parse::<i64>().ok())
                    .filter(|m| (1..=12).contains(m)),
            ) else {
                continue;
            };
            let year_at = if word(k + 2).is_some_and(|n| n.to_lowercase() == "năm") {
                k + 3
            } else {
                k + 2
            };
            let year = word(year_at).and_then(year_number);
            let last = if year.is_some() { year_at } else { k + 1 };
            out.extend(dated(year, m, d).map(|day| (day, words[k - 1], words[last])));
        }
    }
    out
}

/// The months of the Persian (Solar Hijri) calendar, Farvardin first: a Persian date names
/// them ("۱۶ آذر ۱۴۰۵", 7 December 2026), read by [`date_spans`] with [`persian_days`].
const PERSIAN_MONTHS: [&str; 12] = [
    "فروردین",
    "اردیبهشت",
    "خرداد",
    "تیر",
    "مرداد",
    "شهریور",
    "مهر",
    "آبان",
    "آذر",
    "دی",
    "بهمن",
    "اسفند",
];

/// Days since 1970-01-01 of day `d` of month `m` (1–12) of Persian year `y` (1300–1499), or
/// none when the month has no such day. Years are leap by the 33-year arithmetic rule (`(25y +
/// 11) mod 33 < 8`), which keeps the calendar's new year on the equinox's day through these
/// years; counted from 1 Farvardin 1400, 21 March 2021. The first six months have 31 days, the
/// next five 30, the last 29 (30 in a leap year).
fn persian_days(y: i64, m: i64, d: i64) -> Option<i64> {
    if !(1300..1500).contains(&y) || !(1..=12).contains(&m) || d < 1 {
        return None;
    }
    let leap = |y: i64| (25 * y + 11).rem_euclid(33) < 8;
    let length = |m: i64, y: i64| match m {
        1..=6 => 31,
        7..=11 => 30,
        _ => 29 + leap(y) as i64,
    };
    if d > length(m, y) {
        return None;
    }
    let year_days = |y: i64| 365 + leap(y) as i64;
    let mut days = days_from_civil(2021, 3, 21);
    if y >= 1400 {
        days += (1400..y).map(year_days).sum::<i64>();
    } else {
        days -= (y..1400).map(year_days).sum::<i64>();
    }
    days += (1..m).map(|m| length(m, y)).sum::<i64>();
    Some(days + d - 1)
}

/// Days since the epoch of a numeric date with its year: Gregorian (1900–2199), Persian
/// (1300–1499, [`persian_days`]) or of the Thai Buddhist era ([`thai_era`]); none for a
/// month without such a day.
fn numeric_day(y: i64, m: i64, d: i64) -> Option<i64> {
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    if (1300..1500).contains(&y) {
        return persian_days(y, m, d);
    }
    let y = thai_era(y).unwrap_or(y);
    (1900..2200).contains(&y).then_some(())?;
    gregorian_day(y, m, d)
}

/// Days since the epoch of day `d` of month `m` (1–12) of year `y`, or none when the month has
/// no such day (31 February is not a date: the day must fall before the first of the next
/// month).
fn gregorian_day(y: i64, m: i64, d: i64) -> Option<i64> {
    let next_month = days_from_civil(y + (m == 12) as i64, m % 12 + 1, 1);
    let days = days_from_civil(y, m, d);
    (days < next_month).then_some(days)
}

/// The Gregorian year of a year of the Thai Buddhist era (2443–2742, 1900–2199 less 543 years
/// behind), written in full.
fn thai_era(y: i64) -> Option<i64> {
    (2443..2743).contains(&y).then_some(y - 543)
}

/// Whether a word is written in Thai.
fn is_thai(w: &str) -> bool {
    w.starts_with(|c: char| ('\u{0E00}'..='\u{0E7F}').contains(&c))
}

/// The Gregorian year of a Thai date's year, which counts the Buddhist era (543 years ahead):
/// "2569" is 2026; written short, "69" is 2569 too ("7 ธ.ค. 69").
fn thai_year(tok: &str) -> Option<i64> {
    let t = tok.trim_end_matches(['.', ',']);
    let y: i64 = t.parse().ok()?;
    match t.len() {
        4 => thai_era(y),
        2 => Some(2500 + y - 543),
        _ => None,
    }
}

/// The months a text names without a day ("March 2027", "März 2027", "marzo de 2027"): each
/// as its first and last day (days since the epoch). A month with a day beside it is a date
/// of [`dates_in`].
fn months_in(text: &str) -> Vec<(i64, i64)> {
    let toks = text::tokens(text);
    let words: Vec<&str> = toks.iter().copied().filter(|t| text::is_word(t)).collect();
    let mut out = Vec::new();
    for (k, &w) in words.iter().enumerate() {
        let Some(m) = month_number(w) else { continue };
        let mut year_at = k + 1;
        if words
            .get(year_at)
            .is_some_and(|w| in_list!(DATE_JOINERS, w))
        {
            year_at += 1;
        }
        let Some(y) = words.get(year_at).and_then(|w| year_number(w)) else {
            continue;
        };
        let day_before = k
            .checked_sub(1)
            .and_then(|q| words.get(q))
            .is_some_and(|w| day_number(w).is_some() || in_list!(DATE_JOINERS, w));
        if day_before {
            continue;
        }
        let first = days_from_civil(y, m, 1);
        let last = days_from_civil(y + (m == 12) as i64, m % 12 + 1, 1) - 1;
        out.push((first, last));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The text with whitespace squashed: runs of spaces collapse to one, and no space stands
/// before closing punctuation or after opening brackets (`x .` and `x.` are the same text).
pub fn squash_space(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut pending = false;
    for ch in t.trim().chars() {
        if ch.is_whitespace() {
            pending = true;
            continue;
        }
        let closes = matches!(ch, '.' | ',' | ';' | ':' | '!' | '?' | ')' | ']' | '}');
        let after_open = out.ends_with(['(', '[', '{']);
        if pending && !closes && !after_open && !out.is_empty() {
            out.push(' ');
        }
        pending = false;
        out.push(ch);
    }
    out
}

/// A number written with digit-group separators (`1,204`, `1.204`, `1'204`, `1 204` is two
/// tokens and not read) or decimals (`5,00`, `1.299,00`, `1,299.50`): its value, the digits
/// alone with the decimals after a `.`, none when they are zeros (`5,00` → `5`, `12,50` →
/// `12.50`). A last group of three digits is a thousands group, as in `1.204`; of one or two,
/// decimals. Other tokens (`1.2.3`, `12`) as they are.
fn plain_number(tok: &str) -> Option<String> {
    let groups: Vec<&str> = tok.split([',', '.', '\'']).collect();
    if groups.len() < 2
        || groups[0].is_empty()
        || !groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let last = groups[groups.len() - 1];
    let (int, decimals) = if (1..=2).contains(&last.len()) {
        (&groups[..groups.len() - 1], last)
    } else {
        (&groups[..], "")
    };
    let grouped = int[0].len() <= 3 && !int[0].is_empty() && int[1..].iter().all(|g| g.len() == 3);
    if !grouped || (int.len() == 1 && decimals.is_empty()) {
        return None;
    }
    // Only zeros are dropped: `3.10` and `3.1` are two versions.
    let decimals = if decimals.bytes().all(|b| b == b'0') {
        ""
    } else {
        decimals
    };
    let mut value = int.concat();
    if !decimals.is_empty() {
        value.push('.');
        value.push_str(decimals);
    }
    Some(value)
}

/// The canonical form of a text for "same value" comparisons: every readable date
/// (see `dates_in`) replaced by its day (its punctuation with it), grouped or decimal numbers
/// by their value, a citation's marker glued to the text before it ("1894.\[3\]" and
/// "1894.\[4\]": notes renumbered), whitespace dropped; other tokens kept as they are. Two texts
/// of one canonical form say the same thing in another format ("February 24, 2025" and "24
/// February 2025", "1,204" and "1204", "5,00 €" and "5 €"). Typography is not a format: "Mo–Fr" and
/// "Mo-Fr", „Zitat“ and "Zitat" differ (terms pages change their quotes in real revisions).
pub fn canonical(t: &str) -> Vec<Cow<'_, str>> {
    let toks = text::tokens(t);
    // The day is only used for dates without a year; both sides of a comparison use the same.
    let spans = date_spans(&toks, 20_000);
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        if let Some(&(day, _, last)) = spans.iter().find(|s| s.1 == i) {
            out.push(Cow::Owned(format!("\u{1}date:{day}")));
            // An ISO day that runs into a time ("24T12:10:07") keeps the time: another time
            // of the day is another value.
            if let Some(rest) = toks[last].get(2..).filter(|r| r.starts_with(['T', 't'])) {
                out.push(Cow::Borrowed(rest));
            }
            i = last + 1;
            continue;
        }
        let tok = toks[i];
        i += 1;
        if tok.trim().is_empty() {
            continue;
        }
        // An amount glued to its unit ("10,000mAh") is the amount and the unit, as when a
        // space parts them.
        if let Some(k) = tok
            .find(|c: char| c.is_alphabetic())
            .filter(|_| measure_glued(tok))
        {
            out.push(plain_number(&tok[..k]).map_or(Cow::Borrowed(&tok[..k]), Cow::Owned));
            out.push(Cow::Borrowed(&tok[k..]));
            continue;
        }
        // A citation's marker glued to the text it supports ("opened in 1894.[3]"): a note's
        // number, which every note added or removed before it shifts ("[3]" → "[4]"). The
        // same citation, renumbered.
        if i >= 2
            && toks[i - 2] == "["
            && toks.get(i) == Some(&"]")
            && i >= 3
            && !toks[i - 3].trim().is_empty()
            && tok.len() <= 3
            && tok.bytes().all(|b| b.is_ascii_digit())
        {
            out.push(Cow::Borrowed("\u{1}note"));
            continue;
        }
        // A count with its magnitude in another decimal mark ("12,5k" → "12.5k") is the same.
        if abbreviated_count(tok) {
            let (num, unit) = tok.split_at(tok.len() - 1);
            if let Some(n) = plain_number(num) {
                out.push(Cow::Owned(format!("{n}{}", unit.to_ascii_lowercase())));
                continue;
            }
        }
        out.push(plain_number(tok).map_or(Cow::Borrowed(tok), Cow::Owned));
    }
    out
}

/// The flip id of a text: [`crate::hash::stable_hash`] of its [`canonical`] form.
pub fn canonical_id(t: &str) -> u64 {
    crate::hash::stable_hash(&canonical(t).join("\u{1f}"))
}

/// The items of a block: its text cut after sentence and list punctuation (`.`, `?`, `!`,
/// `;`, `|`, `•`, `·`), each squashed, empty ones left out.
fn items(t: &str) -> Vec<String> {
    t.split_inclusive(['.', '?', '!', ';', '|', '•', '·'])
        .map(|p| {
            squash_space(p.trim_end_matches(['.', '?', '!', ';', '|', '•', '·'])).to_lowercase()
        })
        .filter(|p| !p.is_empty())
        .collect()
}

/// When a changed block says the same as before: [`Volatile::Whitespace`] when only its
/// whitespace changed ([`squash_space`]), [`Volatile::Format`] when only the format of a value
/// ([`canonical`]) or the letters' case changed, [`Volatile::Reordered`] when the same items
/// (two or more, cut at sentence and list punctuation) come in a new order. `None` for a real change (or identical
/// texts).
pub fn same_value(old: &str, new: &str) -> Option<Volatile> {
    if old == new {
        return None;
    }
    if squash_space(old) == squash_space(new) {
        return Some(Volatile::Whitespace);
    }
    if canonical(old) == canonical(new) || garbled_alike(old, new) {
        return Some(Volatile::Format);
    }
    // Another icon of an icon font before the same words ("\u{e001} Settings" → "\u{e002}
    // Settings"): a glyph of the font's private use, no word of the page.
    if old.chars().chain(new.chars()).any(icon_glyph) {
        let words = |t: &str| squash_space(&t.replace(icon_glyph, " "));
        if words(old) == words(new) {
            return Some(Volatile::Format);
        }
    }
    // The same words in other letters' case ("FACEBOOK NOW RATING USERS" → "Facebook Now
    // Rating Users", "THE SERVICE IS PROVIDED AS IS"): a style of the text, not its words.
    // (Texts that are lowercase already were compared just above.)
    let (lower_old, lower_new) = (old.to_lowercase(), new.to_lowercase());
    if (lower_old != old || lower_new != new) && canonical(&lower_old) == canonical(&lower_new) {
        return Some(Volatile::Format);
    }
    let (mut a, mut b) = (items(old), items(new));
    if a.len() >= 2 && a != b {
        a.sort_unstable();
        b.sort_unstable();
        if a == b {
            return Some(Volatile::Reordered);
        }
    }
    None
}

/// Whether a text is only characters a wrong decoding left — question marks and U+FFFD — with
/// white space ("???", "� �"): bytes the browser could not read (a byte-order mark sent in
/// another character set before the page), no words of the page. A new or removed block of
/// them is no change.
/// So is a text of only icons of an icon font (`icon_glyph`), which draw no word.
pub fn garbled_only(t: &str) -> bool {
    let t = t.trim();
    !t.is_empty()
        && t.chars()
            .all(|c| c == '?' || c == '\u{FFFD}' || c.is_whitespace() || icon_glyph(c))
}

/// Whether a character is of Unicode's private use areas, where icon fonts (Font Awesome,
/// Material Icons' code points, a site's own) draw their icons: a picture, no letter.
fn icon_glyph(c: char) -> bool {
    matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}')
}

/// Whether two texts differ only where one has characters outside ASCII and the other has
/// question marks or U+FFFD in their place: the same text decoded with another character set
/// (a server that once sent "List’s" as "List???s"). Each differing run must be all non-ASCII
/// on one side and all `?`/U+FFFD on the other: "Müller" → "Möller" is another name.
fn garbled_alike(old: &str, new: &str) -> bool {
    fn runs(t: &str) -> Vec<(bool, &str)> {
        let odd = |c: char| !c.is_ascii() || c == '?';
        let mut out: Vec<(bool, &str)> = Vec::new();
        let mut start = 0;
        let mut kind = None;
        for (i, c) in t.char_indices() {
            let k = odd(c);
            if kind.is_some_and(|x| x != k) {
                out.push((!k, &t[start..i]));
                start = i;
            }
            kind = Some(k);
        }
        if let Some(k) = kind {
            out.push((k, &t[start..]));
        }
        out
    }
    let garbled = |t: &str| t.chars().all(|c| c == '?' || c == '\u{FFFD}');
    let foreign = |t: &str| t.chars().all(|c| !c.is_ascii() && c != '\u{FFFD}');
    let (a, b) = (runs(old), runs(new));
    a.len() == b.len()
        && a != b
        && a.iter().zip(&b).all(|((ka, ta), (kb, tb))| {
            ka == kb
                && (ta == tb
                    || (*ka && ((garbled(ta) && foreign(tb)) || (garbled(tb) && foreign(ta)))))
        })
}

/// Most days back a block of only a date may lie from its visit and still be a day of a list
/// of the last days rolling on ([`rolling_day`]).
pub const ROLLING_DAYS: i64 = 31;

/// Whether a short text is only a date: every word of it part of one ("Nov 18, 2026",
/// "Mittwoch, 18.11.2026").
fn date_only(t: &str) -> bool {
    if t.len() > 40 {
        return false;
    }
    let toks = text::tokens(t);
    let kinds = volatile_kinds(&toks);
    let mut words = toks.iter().zip(&kinds).filter(|(w, _)| text::is_word(w));
    // (A year beside the date is its, though not marked: "Nov 18, 2026".)
    words.all(|(w, k)| *k == Some(Volatile::Date) || is_day_name(w) || year_number(w).is_some())
        && kinds.contains(&Some(Volatile::Date))
}

/// Whether a changed line is a build stamp that moved with a deploy: the texts are the same but
/// for tokens that are versions or revision hashes ("2026.11.27.5678", "v4.12.3", "a1b2c3d",
/// a build number of four digits or more), and the line names a build ("rev", "build", "built",
/// "version", "commit", "deployed", "release", "powered", "running", "generated", "created",
/// "made", or a version written with a "v": "Created using Sphinx 7.2.6", "Generated by Doxygen
/// 1.9.8"). Asked of a page's footer only (the site's chrome: `site`); a version in a page's own
/// text ("Latest version 4.12.4") is its content.
pub fn build_stamp(old: &str, new: &str) -> bool {
    if old.len().max(new.len()) > STAMP_LINE_BYTES {
        return false;
    }
    let (a, b) = (text::tokens(old), text::tokens(new));
    if a.len() != b.len() || a == b {
        return false;
    }
    let versionish = |t: &str| {
        let v = t.strip_prefix(['v', 'V']).unwrap_or(t);
        let digits = v.bytes().filter(u8::is_ascii_digit).count();
        // Parts joined by dots or dashes, or a build number of four digits or more: a bare
        // small number ("Version 3 of our terms") is a document's own.
        let parted = v.bytes().any(|c| matches!(c, b'.' | b'-' | b'_'));
        let version = (parted || digits >= 4)
            && v.bytes()
                .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'_'))
            && v.as_bytes()[0].is_ascii_digit();
        let hash = (7..=40).contains(&t.len())
            && t.bytes().all(|c| c.is_ascii_hexdigit())
            && t.bytes().any(|c| c.is_ascii_digit())
            && t.bytes().any(|c| c.is_ascii_alphabetic());
        version || hash
    };
    let mut named = false;
    for (x, y) in a.iter().zip(&b) {
        if x != y && !(versionish(x) && versionish(y)) {
            return false;
        }
        let w = x.to_ascii_lowercase();
        named |= matches!(
            w.as_str(),
            "rev"
                | "revision"
                | "build"
                | "built"
                | "version"
                | "commit"
                | "deployed"
                | "release"
                | "sha"
                | "powered"
                | "running"
                | "generated"
                | "created"
                | "made"
        ) || (x != y
            && x.starts_with(['v', 'V'])
            && x[1..].starts_with(|c: char| c.is_ascii_digit()));
    }
    named
}

/// Words that say a machine served or made the page ("Served by web-04", "Page generated in
/// 0.02 s by app-3", "Node: fra-edge-12").
const SERVER_CUES: &[&str] = &[
    "served",
    "server",
    "generated",
    "rendered",
    "node",
    "host",
    "instance",
    "backend",
    "erzeugt",
    "generiert",
];
/// Units of a page's render time beside a number ("in 0.041 seconds", "in 95 ms").
const RENDER_UNITS: &[&str] = &[
    "s", "ms", "sec", "secs", "second", "seconds", "msec", "µs", "sekunden", "sek",
];

/// Whether a changed line is a server stamp: the same words but for the name of the machine
/// that served the page ("web-04" → "web-02", "fra-edge-12" → "ams-edge-03": letters and
/// digits joined by dashes, dots or underscores, a digit in them) and its render time (a number
/// before a unit of time), and the line says a machine served or made it (`SERVER_CUES`).
/// Asked of a page's footer only (`site`), as [`build_stamp`] is: which server answered is the
/// site's chrome.
pub fn server_stamp(old: &str, new: &str) -> bool {
    if old.len().max(new.len()) > STAMP_LINE_BYTES {
        return false;
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (
        old.split_whitespace().collect(),
        new.split_whitespace().collect(),
    );
    if a.len() != b.len() || a == b {
        return false;
    }
    fn bare(w: &str) -> &str {
        w.trim_matches(|c: char| matches!(c, ',' | ';' | ':' | '(' | ')' | '[' | ']'))
    }
    let machine = |w: &str| {
        let w = bare(w);
        (3..=40).contains(&w.len())
            && w.bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
            && w.bytes().any(|c| c.is_ascii_digit())
            && w.bytes().any(|c| c.is_ascii_alphabetic())
            && w.bytes().any(|c| matches!(c, b'-' | b'.' | b'_'))
    };
    let number = |w: &str| {
        let w = bare(w);
        w.bytes().any(|c| c.is_ascii_digit())
            && w.bytes()
                .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b','))
    };
    let unit = |w: Option<&&str>| {
        w.is_some_and(|w| RENDER_UNITS.contains(&bare(w).to_lowercase().as_str()))
    };
    let mut named = false;
    let mut machines = 0;
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        named |= SERVER_CUES.contains(&bare(x).to_lowercase().as_str());
        if x == y {
            continue;
        }
        if machine(x) && machine(y) {
            machines += 1;
        } else if !(number(x) && number(y) && unit(a.get(i + 1)) && a.get(i + 1) == b.get(i + 1)) {
            return false;
        }
    }
    named && machines > 0
}

/// The day (since the epoch) of a block of only one date (`date_only`), read as seen on
/// `today`; `None` for any other block.
pub fn only_date(t: &str, today: i64) -> Option<i64> {
    if !date_only(t) {
        return None;
    }
    match dates_in(t, today).as_slice() {
        &[d] => Some(d),
        _ => None,
    }
}

/// Whether a block of only a date kept its distance in days to both visits ("Nov 18, 2026"
/// seen on the 20th → "Nov 26, 2026" seen on the 28th), at most [`ROLLING_DAYS`] back: a day
/// of a list of the last days rolling on (a status page's incident history), when the page
/// has several such blocks. One alone may be the page's own date (a news page's "07.02.2023"
/// → "11.02.2023" seen four days later), so the caller counts them.
pub fn rolling_day(old: &str, new: &str, then: i64, now: i64) -> bool {
    if !(date_only(old) && date_only(new)) {
        return false;
    }
    let (a, b) = (then.div_euclid(86_400), now.div_euclid(86_400));
    match (dates_in(old, a).as_slice(), dates_in(new, b).as_slice()) {
        (&[d_old], &[d_new]) => {
            a != b && a - d_old == b - d_new && (0..=ROLLING_DAYS).contains(&(a - d_old))
        }
        _ => false,
    }
}

/// Words that say a part of the page is still loading, lowercased (nine languages; "wird
/// geladen" and "bitte warten" by their first word).
pub const LOADING_WORDS: &[&str] = &[
    "loading",
    "wird",
    "lädt",
    "laden",
    "chargement",
    "cargando",
    "caricamento",
    "carregando",
    "ładowanie",
    "загрузка",
    "please",
    "bitte",
];

/// Whether a block is only a placeholder for what is still loading ("Loading reviews…",
/// "Loading...", "Wird geladen …", "Chargement…", "Please wait"): at most four words,
/// starting with a word of [`LOADING_WORDS`], and either ending in an ellipsis or being that
/// phrase alone. A new or removed placeholder is not loaded yet, noise; "Loading bay" is a
/// place, and "Laden" alone a shop.
pub fn loading_placeholder(t: &str) -> bool {
    let t = t.trim();
    let Some(words) = heading_words(t) else {
        return false;
    };
    let words: Vec<&str> = words.split(' ').collect();
    let alone = matches!(
        words[..],
        ["loading"]
            | ["wird", "geladen"]
            | ["lädt"]
            | ["chargement"]
            | ["chargement", "en", "cours"]
            | ["cargando"]
            | ["caricamento"]
            | ["carregando"]
            | ["ładowanie"]
            | ["загрузка"]
            | ["please", "wait"]
            | ["bitte", "warten"]
    );
    let ellipsis = t.ends_with('…') || t.ends_with("...");
    words.len() <= 4
        && in_list!(LOADING_WORDS, words[0])
        && (alone || (ellipsis && !matches!(words[0], "please" | "bitte" | "wird")))
}

/// Words that may stand before an item's number ("§ 5", "Art. 7", "Section 4", "Ziffer 3").
const ORDINAL_LABELS: &[&str] = &[
    "art",
    "artikel",
    "article",
    "section",
    "sec",
    "abschnitt",
    "clause",
    "ziffer",
    "kapitel",
    "chapter",
    "teil",
    "part",
    "punkt",
    "schritt",
    "step",
];

/// An item's number at the start of its text ([`ordinal`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ordinal {
    /// The word before the number, lowercased without its dot ("§", "art", "section"), or
    /// empty; with the brackets around the number ("(4)") it is `(`.
    pub label: String,
    /// The number.
    pub number: u32,
    /// The text after it, whitespace squashed ([`squash_space`]).
    pub rest: String,
}

/// The number an item of a numbered list starts with, and what follows it: "12. Partnerangebote",
/// "9 . Einfache Anzeigen auswählen" (the number in an element of its own), "3) Fees", "(4) Die
/// Frist beginnt …", "§ 5 Haftung", "Art. 7 Datenschutz", "Section 4 Payment". `None` for
/// another text: no separator after a bare number ("10 Downing Street"), a number of four
/// digits or more (a year: "2024. Ein Rückblick"), a sub-number ("4.2 Payment"), nothing or no
/// word after it, or a month after it ("24. Dezember": a date).
pub fn ordinal(t: &str) -> Option<Ordinal> {
    let t = t.trim_start();
    let (label, after) = if let Some(r) = t.strip_prefix('§') {
        ("§".to_string(), r.trim_start())
    } else {
        let word_end = t.find(|c: char| !c.is_alphabetic()).unwrap_or(t.len());
        let word = &t[..word_end];
        if word_end > 0 && in_list!(ORDINAL_LABELS, word) {
            let r = &t[word_end..];
            (
                word.to_lowercase(),
                r.strip_prefix('.').unwrap_or(r).trim_start(),
            )
        } else {
            (String::new(), t)
        }
    };
    let (paren, after) = match after.strip_prefix('(') {
        Some(r) if label.is_empty() => (true, r),
        _ => (false, after),
    };
    let digits = after.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let number: u32 = after[..digits].parse().ok()?;
    let mut r = after[digits..].trim_start_matches(' ');
    // A sub-number ("4.2") or a decimal is not this list's.
    if r.starts_with('.') && r[1..].starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let separated = if paren {
        r = r.strip_prefix(')')?;
        true
    } else if let Some(x) = r.strip_prefix(['.', ')']) {
        r = x;
        true
    } else {
        false
    };
    if !separated && label.is_empty() {
        return None;
    }
    let rest = squash_space(r);
    let first = rest
        .split(|c: char| !c.is_alphanumeric())
        .find(|w| !w.is_empty())?;
    if !rest.starts_with(|c: char| c.is_alphabetic() || "„“\"'«‚".contains(c))
        || in_list!(MONTHS, first)
    {
        return None;
    }
    let label = if paren { "(".to_string() } else { label };
    Some(Ordinal {
        label,
        number,
        rest,
    })
}

/// A block whose whole text is one id: a long number (6+ digits, group separators allowed),
/// a hex string of 8+ characters with a digit, or a session-id-like token; an optional `#`
/// before it. A new or removed block of only an id is noise.
pub fn is_bare_id(t: &str) -> bool {
    let t = t.trim();
    let t = t.strip_prefix('#').unwrap_or(t).trim();
    if t.is_empty() || t.contains(char::is_whitespace) {
        return false;
    }
    let digits = t.bytes().filter(u8::is_ascii_digit).count();
    // A date alone ("02.02.2023", "2026-07-11") is a date, judged as one, not an id.
    let toks = text::tokens(t);
    if date_spans(&toks, 20_000)
        .iter()
        .any(|&(_, first, last)| first == 0 && last + 1 == toks.len())
    {
        return false;
    }
    let number = digits >= 6
        && t.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b',' | b'.' | b'-'));
    let hex = t.len() >= 8 && digits >= 1 && t.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-');
    // A token of letters and digits (`sid9x81k2`, `RO-5DF50`); a link or a path without spaces
    // (`[FAQ](/faq?id=163)`, `https://…/term/58`) holds words a person reads, and is no id.
    let token = t
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'));
    number || hex || (token && is_id(t) && !measure_glued(t))
}

/// Texts that are a label of advertising on their own ("Anzeige", "Ad", "Sponsored content").
const AD_LABELS: &[&str] = &[
    "ad",
    "ads",
    "advertisement",
    "advertising",
    "sponsored",
    "sponsored content",
    "paid content",
    "paid post",
    "promoted",
    "anzeige",
    "anzeigen",
    "werbung",
    "gesponsert",
    "publicité",
    "publicidad",
    "pubblicità",
    "advertentie",
];
/// Words that label advertising first or last in a short heading ("Angebote und Aktionen
/// Anzeige", "Sponsored by Acme").
const AD_LABEL_WORDS: &[&str] = &[
    "advertisement",
    "sponsored",
    "anzeige",
    "gesponsert",
    "publicité",
];
/// The module an advertising label stands in holds at most this many words; in a larger
/// element only the label itself is advertising.
pub const AD_MODULE_MAX_WORDS: usize = 80;

/// Whether a block's text labels advertising: one of the labels on its own ("Anzeige",
/// "Sponsored", "Ad"), or a heading of at most five words that begins or ends with one
/// ("Angebote und Aktionen Anzeige", "Sponsored by Acme").
pub fn is_ad_label(t: &str) -> bool {
    // Most blocks are longer: tell without allocating (every block of every visit comes here).
    let mut count = t
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty());
    if count.nth(5).is_some() {
        return false;
    }
    let words: Vec<String> = t
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() || words.len() > 5 {
        return false;
    }
    let whole = words.join(" ");
    AD_LABELS.contains(&whole.as_str())
        || AD_LABEL_WORDS.contains(&words[0].as_str())
        || words
            .last()
            .is_some_and(|w| AD_LABEL_WORDS.contains(&w.as_str()))
}

/// The indices of the blocks at the element `prefix` (a path) or inside it.
fn blocks_inside(blocks: &[crate::block::Block], prefix: &str) -> Vec<usize> {
    let below = format!("{prefix}/");
    (0..blocks.len())
        .filter(|&j| blocks[j].path == prefix || blocks[j].path.starts_with(&below))
        .collect()
}

/// For each block, whether it is advertising the page labels: an advertising label
/// ([`is_ad_label`]) and the blocks of the module it stands in — the smallest of the label's
/// own element (a box whose own text is the label, "<div class=ad><span>Advertisement</span>
/// <p>…</p></div>"), its parent element and the nearest `article`, `li`, `aside`, `section` or
/// `figure` element around it that holds another block, when that element's blocks hold at
/// most [`AD_MODULE_MAX_WORDS`] words (a larger one: the label alone).
pub fn ad_blocks(blocks: &[crate::block::Block]) -> Vec<bool> {
    let mut flags = vec![false; blocks.len()];
    for (k, b) in blocks.iter().enumerate() {
        if !is_ad_label(&b.text) {
            continue;
        }
        flags[k] = true;
        let steps: Vec<&str> = b.path.split('/').collect();
        // The nearest module element above the label's own element.
        let module = (1..steps.len().saturating_sub(1)).rev().find(|&i| {
            let tag = steps[i].split('[').next().unwrap_or("");
            matches!(tag, "article" | "li" | "aside" | "section" | "figure")
        });
        let candidates = [
            Some(steps.len()),
            steps.len().checked_sub(1),
            module.map(|m| m + 1),
        ];
        let Some(members) = candidates
            .into_iter()
            .flatten()
            .filter(|&n| n >= 2)
            .map(|n| blocks_inside(blocks, &steps[..n].join("/")))
            .find(|members| members.len() > 1)
        else {
            continue;
        };
        let words: usize = members
            .iter()
            .map(|&j| blocks[j].text.split_whitespace().count())
            .sum();
        if words <= AD_MODULE_MAX_WORDS {
            for j in members {
                flags[j] = true;
            }
        }
    }
    flags
}

/// Headings of modules that show teasers of other pages (related, recommended, most read), as
/// whole texts, lowercased, in English, German, French, Spanish, Italian, Dutch, Portuguese,
/// Polish and (their news sites' modules) eighteen more languages. Not the words that also stand for a page's own parts: a teaser's "Read more" link, a
/// section's "More news" link or "Top stories" heading (a front page's news), a pricing plan's
/// "Recommended" or "Most popular" badge.
const RELATED_HEADINGS: &[&str] = &[
    "related",
    "related articles",
    "related stories",
    "related posts",
    "related content",
    "related news",
    "related coverage",
    "related reading",
    "more on this topic",
    "more on this story",
    "you may also like",
    "you might also like",
    "you may be interested in",
    "you might be interested in",
    "recommended for you",
    "recommended articles",
    "recommended stories",
    "recommended reading",
    "read next",
    "read also",
    "also read",
    "what to read next",
    "most read",
    "most viewed",
    "most shared",
    "trending",
    "trending now",
    "popular now",
    "popular right now",
    "you might like",
    "you may like",
    "editor's picks",
    "editors' picks",
    "mehr zum thema",
    "mehr zu diesem thema",
    "mehr zum artikel",
    "weitere artikel",
    "weitere themen",
    "ähnliche artikel",
    "ähnliche themen",
    "verwandte artikel",
    "verwandte themen",
    "passend zum thema",
    "das könnte sie auch interessieren",
    "das könnte dich auch interessieren",
    "das könnte ihnen auch gefallen",
    "das könnte dir auch gefallen",
    "auch interessant",
    "lesen sie auch",
    "lies auch",
    "auch lesenswert",
    "empfehlungen",
    "unsere empfehlungen",
    "empfohlene artikel",
    "meistgelesen",
    "meistgelesene artikel",
    "am meisten gelesen",
    "meistgeklickt",
    "à lire aussi",
    "a lire aussi",
    "lire aussi",
    "sur le même sujet",
    "sur le meme sujet",
    "articles similaires",
    "les plus lus",
    "vous aimerez aussi",
    "vous aimerez peut-être aussi",
    "vous pourriez aussi aimer",
    "à découvrir aussi",
    "recommandé pour vous",
    "te puede interesar",
    "también te puede interesar",
    "te puede gustar",
    "noticias relacionadas",
    "artículos relacionados",
    "lo más leído",
    "potrebbe interessarti",
    "ti potrebbe piacere",
    "potrebbe piacerti anche",
    "articoli correlati",
    "i più letti",
    "leggi anche",
    "lees ook",
    "misschien ook interessant",
    "meest gelezen",
    "gerelateerde artikelen",
    "meer over dit onderwerp",
    "leia também",
    "você também pode gostar",
    "mais lidas",
    "notícias relacionadas",
    "czytaj także",
    "czytaj też",
    "najczęściej czytane",
    // A video site's next videos beside the one played.
    "up next",
    "watch next",
    "related videos",
    "recommended videos",
    // A forum's other threads beside a thread, a questions site's other questions. (Not
    // "related topics": a health department's own menu of pages, MN.)
    "suggested topics",
    "similar topics",
    "similar threads",
    "related threads",
    "related questions",
    "hot network questions",
    // A shop's modules of other products, picked anew on each visit (or from the person's
    // own browsing).
    "customers also bought",
    "customers also viewed",
    "customers who bought this item also bought",
    "customers who viewed this item also viewed",
    "people also bought",
    "people also viewed",
    "related products",
    "similar products",
    "similar apps",
    "similar games",
    "more by this developer",
    "ähnliche apps",
    "similar items",
    // A listings site's other homes, cars or jobs beside the one shown.
    "similar homes",
    "similar properties",
    "similar listings",
    "similar cars",
    "similar vehicles",
    "similar jobs",
    "ähnliche immobilien",
    "ähnliche objekte",
    "ähnliche angebote",
    "ähnliche jobs",
    "biens similaires",
    "annonces similaires",
    "inmuebles similares",
    "anuncios similares",
    "annunci simili",
    "vergelijkbare woningen",
    "products related to this item",
    "recently viewed",
    "recently viewed items",
    "recently viewed products",
    "your browsing history",
    "inspired by your browsing history",
    "sponsored products",
    "more like this",
    "kunden kauften auch",
    "kunden kauften auch folgende artikel",
    "kunden die diesen artikel gekauft haben kauften auch",
    "kunden die diesen artikel angesehen haben haben auch angesehen",
    "ähnliche produkte",
    "ähnliche artikel entdecken",
    "passende artikel",
    "zuletzt angesehen",
    "zuletzt angesehene artikel",
    "zuletzt angesehene produkte",
    "les clients ont également acheté",
    "les clients ont aussi acheté",
    "produits similaires",
    "récemment consultés",
    "productos relacionados",
    "productos similares",
    "los clientes también compraron",
    "vistos recientemente",
    "prodotti correlati",
    "prodotti simili",
    "visti di recente",
    "vergelijkbare producten",
    "recent bekeken",
    "produtos relacionados",
    "produtos semelhantes",
    "podobne produkty",
    "ostatnio oglądane",
    // The same modules of news sites in more languages (Turkish, Russian, Ukrainian, Czech,
    // Swedish, Danish, Norwegian, Finnish, Greek, Romanian, Hungarian, Indonesian,
    // Vietnamese, Arabic, Hebrew, Japanese, Chinese, Korean): related, read also, most read.
    "çok okunanlar",
    "en çok okunanlar",
    "ilgili haberler",
    "benzer haberler",
    "ilginizi çekebilir",
    "bunlar da ilginizi çekebilir",
    "самое читаемое",
    "самые читаемые",
    "читайте также",
    "похожие статьи",
    "похожие новости",
    "материалы по теме",
    "читайте також",
    "схожі новини",
    "найпопулярніше",
    "související články",
    "nejčtenější",
    "čtěte také",
    "mohlo by vás zajímat",
    "mest läst",
    "mest lästa",
    "läs också",
    "läs även",
    "relaterade artiklar",
    "mest læste",
    "læs også",
    "relaterede artikler",
    "mest leste",
    "les også",
    "relaterte artikler",
    "luetuimmat",
    "lue myös",
    "aiheeseen liittyvät",
    "σχετικά άρθρα",
    "διαβάστε επίσης",
    "τα πιο δημοφιλή",
    "cele mai citite",
    "articole similare",
    "citește și",
    "legolvasottabb",
    "kapcsolódó cikkek",
    "berita terkait",
    "artikel terkait",
    "baca juga",
    "terpopuler",
    "tin liên quan",
    "bài viết liên quan",
    "đọc nhiều nhất",
    "xem nhiều nhất",
    "الأكثر قراءة",
    "أخبار ذات صلة",
    "مقالات ذات صلة",
    "اقرأ أيضا",
    "הנקראים ביותר",
    "כתבות נוספות",
    "כתבות קשורות",
    "よく読まれている記事",
    "関連記事",
    "おすすめ記事",
    "あわせて読みたい",
    "アクセスランキング",
    "相关文章",
    "相关新闻",
    "相關新聞",
    "相關文章",
    "热门文章",
    "熱門文章",
    "推荐阅读",
    "推薦閱讀",
    "延伸阅读",
    "延伸閱讀",
    "猜你喜欢",
    "관련 기사",
    "관련기사",
    "많이 본 뉴스",
    "인기 기사",
    // A search page's and a shop's or a player's rows picked for the person or the day.
    "people also ask",
    "related searches",
    "trending searches",
    "popular searches",
    "top searches",
    "beliebte suchen",
    "meistgesucht",
    "recherches populaires",
    "picked for you",
    "top picks for you",
    "empfehlungen für sie",
    "recomendados para ti",
    "consigliati per te",
    "aanbevolen voor jou",
    "continue watching",
    "recently played",
    "jump back in",
    "others also read",
    "readers also liked",
    "les internautes ont aussi aimé",
    "andere kunden kauften auch",
    "frequently bought together",
    "sponsored products related to this item",
    "more from this seller",
    "more videos",
];

/// Most words of a block of a related module ([`related_blocks`]): a teaser's headline, kicker,
/// byline or short text; a longer block is prose, not a teaser.
pub const RELATED_MAX_BLOCK_WORDS: usize = 40;

/// Whether a block's text is a heading of a module of other pages' teasers
/// (`RELATED_HEADINGS`), without its punctuation: "Mehr zum Thema", "You may also like:",
/// "MOST READ".
pub fn is_related_heading(t: &str) -> bool {
    heading_words(t).is_some_and(|h| RELATED_HEADINGS.contains(&h.as_str()))
}

/// Headings of a sidebar's module of the site's other pages, as whole texts, lowercased: a
/// module only inside an `<aside>` ([`related_blocks`]). A blog's sidebar "Recent posts" or
/// "Popular posts" rotates as the site publishes, whatever article it sits beside; the same
/// heading over a front page's main list is that page's news, and a health department's
/// "Related topics" in its main column is its own menu.
const ASIDE_RELATED_HEADINGS: &[&str] = &[
    "related topics",
    "related links",
    "related pages",
    "popular",
    "popular posts",
    "popular articles",
    "popular stories",
    "popular now",
    "most popular",
    "recent posts",
    "latest posts",
    "recent articles",
    "latest articles",
    "recent comments",
    "latest comments",
    "beliebte beiträge",
    "beliebte artikel",
    "neueste beiträge",
    "neueste artikel",
    "letzte beiträge",
    "aktuelle beiträge",
    "neueste kommentare",
    "letzte kommentare",
    "articles récents",
    "articles populaires",
    "derniers articles",
    "commentaires récents",
    "entradas recientes",
    "artículos populares",
    "comentarios recientes",
    "articoli recenti",
    "articoli popolari",
    "commenti recenti",
    "recente berichten",
    "populaire berichten",
    // An encyclopedia's or a portal's boxes that change with the day: the news, a fact, the
    // anniversaries.
    "in the news",
    "did you know",
    "on this day",
    "schon gewusst",
    "in den nachrichten",
];

/// Headings of a pick of the day, as whole texts, lowercased (seven languages): a quote, a tip,
/// a word, a photo or a deal that the next day replaces. A module under such a heading only
/// inside an `<aside>`, as [`ASIDE_RELATED_HEADINGS`]; a line that names its pick after one
/// ("Word of the Day: serendipity") anywhere ([`labelled_teasers`]).
const PICK_HEADINGS: &[&str] = &[
    "quote of the day",
    "tip of the day",
    "word of the day",
    "photo of the day",
    "picture of the day",
    "image of the day",
    "zitat des tages",
    "spruch des tages",
    "tipp des tages",
    "wort des tages",
    "bild des tages",
    "foto des tages",
    "citation du jour",
    "mot du jour",
    "photo du jour",
    "frase del día",
    "palabra del día",
    "foto del día",
    "citazione del giorno",
    "parola del giorno",
    "foto del giorno",
    "spreuk van de dag",
    "woord van de dag",
    "foto van de dag",
    "deal of the day",
    "angebot des tages",
    "offre du jour",
    "oferta del día",
    "offerta del giorno",
    "deal van de dag",
];

/// A short text's words, lowercased, without punctuation, joined by single spaces ("You may
/// also like:" → "you may also like"), or `None` for an empty text or one of over nine words.
fn heading_words(t: &str) -> Option<String> {
    // Most blocks are longer than any heading of the lists: tell without allocating.
    if t.len() > 80 {
        return None;
    }
    let words: Vec<String> = t
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || c == '-'))
        .filter(|w| !w.is_empty() && w.chars().any(char::is_alphanumeric))
        .take(10)
        // Turkish "İ" lowercases to "i" and a combining dot: read it as "i".
        .map(|w| w.replace('İ', "i").to_lowercase().replace('’', "'"))
        .collect();
    (!words.is_empty() && words.len() <= 9).then(|| words.join(" "))
}

/// For each block, whether it belongs to a module of other pages' teasers: a related heading
/// ([`is_related_heading`]) and the blocks of the element that holds the heading's own element
/// (its parent: the `section` around "Mehr zum Thema" and its list), when each of them has at
/// most [`RELATED_MAX_BLOCK_WORDS`] words. A module with a longer block (an article that
/// happens to sit in one element with such a heading) keeps only its heading.
pub fn related_blocks(blocks: &[crate::block::Block]) -> Vec<bool> {
    let mut flags = blocks_under_heading(blocks, |b, h| {
        RELATED_HEADINGS.contains(&h)
            || ((ASIDE_RELATED_HEADINGS.contains(&h) || PICK_HEADINGS.contains(&h))
                && aside_of(&b.path).is_some())
    });
    for (flag, teaser) in flags.iter_mut().zip(labelled_teasers(blocks)) {
        *flag |= teaser;
    }
    flags
}

/// Most words after the label of a line that names a teaser or a pick of the day
/// ([`labelled_teasers`]): a headline or a pick, not a paragraph.
pub const LABELLED_TEASER_MAX_WORDS: usize = 20;

/// For each block, whether it is one line that names another page's teaser or the day's pick
/// after a label of [`RELATED_HEADINGS`] or [`PICK_HEADINGS`] and a colon ("Trending now:
/// Storm warning", "Word of the Day: serendipity", "Deal of the Day: 30% off headphones"), in
/// at most [`LABELLED_TEASER_MAX_WORDS`] words: what the label names changes with the day or the
/// site's other pages, in the main column too. Not a heading nor in an `<article>` (a story's
/// headline that names its daily column, "Zitat des Tages: …", is the site's news), and not
/// on a page whose title names the label (the word of the day's own page shows its pick).
pub fn labelled_teasers(blocks: &[crate::block::Block]) -> Vec<bool> {
    let label_of = |t: &str| -> Option<String> {
        let (label, rest) = t.split_once(':')?;
        let h = heading_words(label)?;
        let known = RELATED_HEADINGS.contains(&h.as_str()) || PICK_HEADINGS.contains(&h.as_str());
        let words = rest.split_whitespace().count();
        (known && (1..=LABELLED_TEASER_MAX_WORDS).contains(&words)).then_some(h)
    };
    let mut flags = vec![false; blocks.len()];
    // (Most pages have none: the titles are read only for a page that has one.)
    let labels: Vec<(usize, String)> = blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            b.text.len() <= 400 && heading_level(&b.path).is_none() && !b.path.contains("/article[")
        })
        .filter_map(|(k, b)| label_of(&b.text).map(|h| (k, h)))
        .collect();
    if labels.is_empty() {
        return flags;
    }
    let titles: Vec<String> = blocks
        .iter()
        .filter(|b| heading_level(&b.path) == Some(1))
        .map(|b| b.text.to_lowercase())
        .collect();
    for (k, h) in labels {
        flags[k] = !titles
            .iter()
            .any(|t| heading_words(t).is_some_and(|w| w.contains(&h)) || t.contains(h.as_str()));
    }
    flags
}

/// Headings of a forum's module of who is there at the visit, as whole texts, lowercased
/// ("Who is online", "Wer ist online"): its names and counts change with the moment of the
/// visit, not with the forum.
const PRESENCE_HEADINGS: &[&str] = &[
    "who is online",
    "who's online",
    "users online",
    "online users",
    "members online",
    "currently online",
    "wer ist online",
    "zurzeit online",
    "derzeit online",
    "aktuell online",
    "qui est en ligne",
    "quién está en línea",
    "quién está conectado",
    "chi c'è in linea",
    "chi è online",
    "wie is er online",
];

/// For each block, whether it belongs to a module of who is online (`PRESENCE_HEADINGS`):
/// the heading and its element's short blocks, as [`related_blocks`] reads a module, where the
/// heading is no `<h1>` and stands in no `<article>`.
pub fn presence_blocks(blocks: &[crate::block::Block]) -> Vec<bool> {
    // (Not a page's title nor inside an article: a thread or a story named so is the page's.)
    blocks_under_heading(blocks, |b, h| {
        PRESENCE_HEADINGS.contains(&h)
            && heading_level(&b.path) != Some(1)
            && !b.path.contains("/article[")
    })
}

/// For each block, whether it is a heading that `names` (given the block and its
/// [`heading_words`]) or one of the blocks of the element that holds the heading's own
/// element, when each of them has at most [`RELATED_MAX_BLOCK_WORDS`] words (see
/// [`related_blocks`]).
fn blocks_under_heading(
    blocks: &[crate::block::Block],
    names: impl Fn(&crate::block::Block, &str) -> bool,
) -> Vec<bool> {
    let mut flags = vec![false; blocks.len()];
    for (k, b) in blocks.iter().enumerate() {
        let heading = heading_words(&b.text).is_some_and(|h| names(b, &h));
        if !heading {
            continue;
        }
        flags[k] = true;
        // The heading's element is the last step; the module is the element above it (below
        // <body>: the page itself is no module).
        let steps: Vec<&str> = b.path.split('/').collect();
        if steps.len() < 5 {
            continue;
        }
        let members = blocks_inside(blocks, &steps[..steps.len() - 1].join("/"));
        // A flat page (headings and their paragraphs side by side in one element): the
        // module is the heading's own section, up to the next heading of its level or above
        // (a teaser's own smaller headline stays in it).
        let members: Vec<usize> = match heading_level(&b.path) {
            Some(level)
                if members.iter().any(|&j| {
                    j != k && heading_level(&blocks[j].path).is_some_and(|l| l <= level)
                }) =>
            {
                members
                    .into_iter()
                    .filter(|&j| j >= k)
                    .take_while(|&j| {
                        j == k || heading_level(&blocks[j].path).is_none_or(|l| l > level)
                    })
                    .collect()
            }
            _ => members,
        };
        if members.iter().all(|&j| {
            blocks[j]
                .text
                .split_whitespace()
                .nth(RELATED_MAX_BLOCK_WORDS)
                .is_none()
        }) {
            for j in members {
                flags[j] = true;
            }
        }
    }
    flags
}

/// The level of the heading element a block is (`h2` → 2), from its path's last step.
pub fn heading_level(path: &str) -> Option<u8> {
    let tag = path.rsplit('/').next()?.split('[').next()?;
    match tag.as_bytes() {
        [b'h', d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

/// Fewest teaser cards an `<aside>` holds to be a module of other pages' teasers
/// ([`aside_teasers`]): two, so that one promoted link is not a module.
pub const ASIDE_MIN_TEASERS: usize = 2;

/// The path of the nearest `<aside>` element around a block (its own element included), or
/// `None` outside any.
fn aside_of(path: &str) -> Option<&str> {
    nearest_element(path, &["aside"])
}

/// Which teaser card of an aside a block is part of: a block inside an `<article>` below the
/// aside (HTML's self-contained composition: in an aside, a card for another page) and inside
/// a link — the path of the nearest link element (`a`) below the aside when the card is wrapped
/// in its link, else the block itself when it holds a link to a page (a headline that is a
/// link; not a phone number or an e-mail address). `None` for any other block.
fn teaser_key<'a>(aside: &str, b: &'a crate::block::Block) -> Option<&'a str> {
    let mut card = false;
    let mut at = None;
    let mut offset = aside.len();
    for step in b.path[aside.len()..].split('/') {
        offset += step.len();
        match step.split('[').next() {
            Some("article") => card = true,
            Some("a") => at = Some(&b.path[..offset]),
            _ => {}
        }
        offset += 1;
    }
    if !card {
        return None;
    }
    at.or_else(|| {
        b.links
            .iter()
            .any(|l| l.starts_with("http://") || l.starts_with("https://"))
            .then_some(b.path.as_str())
    })
}

/// For each block, whether it is in a box of other pages' teasers beside the page's content:
/// an `<aside>` element (HTML's "content tangentially related to the content around it") that
/// holds at least [`ASIDE_MIN_TEASERS`] linked teaser cards (`teaser_key`), no block of more
/// than [`RELATED_MAX_BLOCK_WORDS`] words (prose is the page's, not a teaser's), and at least
/// half of its words in those cards. A news site's "Top stories" box beside its imprint, the
/// latest posts beside a blog's article: the cards rotate as the site publishes, whatever page
/// they sit beside, and a page visited for the second time cannot have seen them rotate. An
/// aside of plain links (a list of updates, a contact box) is not one: it is often the page's
/// own news.
pub fn aside_teasers(blocks: &[crate::block::Block]) -> Vec<bool> {
    let mut flags = vec![false; blocks.len()];
    // Blocks come in document order: an aside's blocks are one run.
    let mut k = 0;
    while k < blocks.len() {
        let Some(aside) = aside_of(&blocks[k].path) else {
            k += 1;
            continue;
        };
        let below = format!("{aside}/");
        let end = (k..blocks.len())
            .find(|&j| !(blocks[j].path == aside || blocks[j].path.starts_with(&below)))
            .unwrap_or(blocks.len());
        // A card's blocks are one run too: count the runs.
        let (mut cards, mut last) = (0usize, None);
        let (mut words, mut linked) = (0usize, 0usize);
        let mut prose = false;
        for b in &blocks[k..end] {
            let n = text::word_count(&b.text);
            prose |= n > RELATED_MAX_BLOCK_WORDS;
            words += n;
            if let Some(key) = teaser_key(aside, b) {
                linked += n;
                if last != Some(key) {
                    cards += 1;
                    last = Some(key);
                }
            }
        }
        if !prose && cards >= ASIDE_MIN_TEASERS && linked * 2 >= words {
            for f in &mut flags[k..end] {
                *f = true;
            }
        }
        k = end;
    }
    flags
}

/// Words that say whether a place is open at the moment of the visit ("Open now", "Closed",
/// "Jetzt geöffnet", "Fermé"): one of them makes a block an opening state ([`opening_state`]).
const OPEN_STATE_WORDS: &[&str] = &[
    "closed",
    "opens",
    "closes",
    "geschlossen",
    "öffnet",
    "schließt",
    "fermé",
    "fermée",
    "ouvre",
    "ferme",
    "cerrado",
    "chiuso",
    "gesloten",
];
/// "Open" in the languages of [`OPEN_STATE_WORDS`]: a state with "now" ("Open now", "Jetzt
/// geöffnet"); alone, or with a time, it may be a schedule ("Geöffnet ab 9:00 Uhr") or an
/// announcement ("Now open" for "Opening soon").
const OPEN_WORDS: &[&str] = &[
    "open",
    "geöffnet",
    "ouvert",
    "ouverte",
    "abierto",
    "aperto",
    "geopend",
];
/// "Now" in those languages.
const NOW_WORDS: &[&str] = &["now", "jetzt", "maintenant", "ahora", "ora", "nu"];
/// Words of a stock market's state and the time its quote is of ("As of 4:00 PM EST. Market
/// closed." → "As of 11:42 AM EST. Market open."): with them "open" alone is a state.
const MARKET_WORDS: &[&str] = &[
    "market", "markets", "börse", "handel", "marché", "mercado", "mercato",
];
/// The other words of a market's state: the time its quote is of, and the time zone.
const MARKET_STATE_WORDS: &[&str] = &[
    "as", "of", "est", "edt", "et", "cet", "cest", "gmt", "utc", "bst", "pst", "pdt", "jst", "is",
    "are", "ist", "sind",
];
/// The other words an opening state may hold ("Open now · closes at 22:00", "Closed · opens
/// at 12:00 tomorrow", "Geschlossen · öffnet um 9:00 Uhr"), besides clocks and day names.
const OPEN_STATE_OTHER: &[&str] = &[
    "at", "until", "till", "today", "tomorrow", "am", "pm", "um", "bis", "ab", "uhr", "heute",
    "morgen", "à", "demain", "hasta", "mañana", "fino", "alle", "domani",
];

/// Whether a line of today's opening hours changed only in its hours between visits on other
/// days of the week ("Open today: 7:00–18:00" on a Friday → "Open today: 8:00–14:00" on the
/// Saturday, "Heute geöffnet: 7–18 Uhr" → "Heute geschlossen"): the same words once the times,
/// their joiners and the opening state are left out, with "today" among them, at most
/// [`STAMP_LINE_BYTES`]. Seen on the same day of the week in every time zone (a week later), a
/// change of today's hours is the place's, content.
fn todays_hours(old: &str, new: &str, then: i64, now: i64) -> bool {
    if old.len() > STAMP_LINE_BYTES || new.len() > STAMP_LINE_BYTES {
        return false;
    }
    let another_weekday = ZONE_OFFSETS.step_by(ZONE_STEP_SECS).all(|zone| {
        let day = |t: i64| t.saturating_add(zone).div_euclid(86_400);
        (day(now) - day(then)).rem_euclid(7) != 0
    });
    if !another_weekday {
        return false;
    }
    let rest = |t: &str| -> (Vec<String>, bool, bool) {
        let words: Vec<String> = text::tokens(t)
            .into_iter()
            .filter(|w| text::is_word(w))
            .map(str::to_lowercase)
            .collect();
        // ("9h00", "19h": a French time.)
        let h_time = |w: &str| {
            w.split_once('h').is_some_and(|(h, m)| {
                (1..=2).contains(&h.len())
                    && h.parse::<u8>().is_ok_and(|h| h <= 24)
                    && (m.is_empty() || (m.len() == 2 && m.parse::<u8>().is_ok_and(|m| m < 60)))
            })
        };
        let timed = words.iter().any(|w| {
            is_clock(w)
                || glued_hour(w)
                || h_time(w)
                || (w.len() <= 2 && w.parse::<u8>().is_ok_and(|h| h <= 24))
        });
        // (Opening hours, not today's talk at 14:00: it says open, closed or hours.)
        let hours = words.iter().any(|w| {
            in_list!(OPEN_STATE_WORDS, w) || in_list!(OPEN_WORDS, w) || in_list!(HOURS_WORDS, w)
        });
        let rest = words
            .into_iter()
            .filter(|w| {
                !(is_clock(w)
                    || glued_hour(w)
                    || h_time(w)
                    || w.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                    || in_list!(RANGE_WORDS, w)
                    || in_list!(OPEN_STATE_WORDS, w)
                    || in_list!(OPEN_WORDS, w)
                    || in_list!(&["am", "pm", "uhr", "h"], w))
            })
            .collect();
        (rest, timed, hours)
    };
    let ((a, a_timed, a_hours), (b, b_timed, b_hours)) = (rest(old), rest(new));
    a == b
        && (a_timed || b_timed)
        && (a_hours || b_hours)
        && a.iter().any(|w| in_list!(TODAY_WORDS, w))
}

/// Words of the sun's and the moon's times of the day (seven languages; "lever du soleil" and
/// "coucher du soleil" by their parts).
const SUN_WORDS: &[&str] = &[
    "sunrise",
    "sunset",
    "moonrise",
    "moonset",
    "dawn",
    "dusk",
    "sonnenaufgang",
    "sonnenuntergang",
    "mondaufgang",
    "monduntergang",
    "lever",
    "coucher",
    "du",
    "soleil",
    "amanecer",
    "atardecer",
    "anochecer",
    "alba",
    "tramonto",
    "zonsopkomst",
    "zonsondergang",
    "nascer",
    "pôr",
    "do",
    "sol",
];

/// Whether a text only gives the sun's (or the moon's) times: at most eight words, each a
/// clock, its "am"/"pm"/"Uhr" or a word of [`SUN_WORDS`], with a clock and a word that is no
/// particle ("Sunrise 07:52 · Sunset 16:01", "Sonnenaufgang 7:52 Uhr"): they move each day.
fn sun_times(t: &str) -> bool {
    const MAX_BYTES: usize = 160;
    if t.len() > MAX_BYTES {
        return false;
    }
    let toks = text::tokens(t);
    let words: Vec<String> = toks
        .iter()
        .filter(|w| text::is_word(w))
        .map(|w| w.to_lowercase())
        .collect();
    !words.is_empty()
        && words.len() <= 8
        && words.iter().any(|w| is_clock(w))
        && words.iter().any(|w| {
            in_list!(SUN_WORDS, w) && !matches!(w.as_str(), "du" | "do" | "sol" | "soleil")
        })
        && words.iter().all(|w| {
            is_clock(w) || in_list!(SUN_WORDS, w) || in_list!(&["am", "pm", "uhr", "h"], w)
        })
}

/// Words that say whether a person is there ("online", "active", "seen", "en ligne"), in
/// seven languages: each side of a presence change holds one ([`presence`]).
const PRESENCE_ANCHORS: &[&str] = &[
    "online",
    "offline",
    "active",
    "away",
    "idle",
    "seen",
    "aktiv",
    "abwesend",
    "gesehen",
    "ligne",
    "actif",
    "active",
    "vu",
    "vue",
    "línea",
    "activo",
    "activa",
    "conectado",
    "conectada",
    "desconectado",
    "visto",
    "attivo",
    "attiva",
    "actief",
    "gezien",
];
/// Words that say when, of a presence ("now", "last", "ago"): one side says one, so that a
/// service's "Online" → "Offline" stays the page's news.
const PRESENCE_CUES: &[&str] = &[
    "now",
    "last",
    "ago",
    "jetzt",
    "zuletzt",
    "vor",
    "maintenant",
    "dernière",
    "hace",
    "ahora",
    "última",
    "ultima",
    "ultimo",
    "fa",
    "ora",
    "nu",
    "laatst",
    "geleden",
    "seen",
    "gesehen",
    "vu",
    "vue",
    "visto",
    "gezien",
];
/// The other words a presence may hold ("Last seen 3 hours ago", "vu il y a 2 h", "en ligne").
const PRESENCE_OTHER: &[&str] = &[
    "en", "hors", "il", "y", "a", "fois", "vez", "volta", "an", "at", "since", "seit", "for",
    // Said of someone ("Anna is online", "was last seen").
    "is", "was", "ist", "war", "est", "était", "está", "estaba", "è", "era",
];

/// Whether a short text only says whether a person is there and since when: at most six words,
/// with a word of [`PRESENCE_ANCHORS`], each a presence word ([`PRESENCE_CUES`],
/// [`PRESENCE_OTHER`]), a number, a time's unit ("3 hours", "2h") or a clock.
fn presence(t: &str) -> bool {
    const MAX_BYTES: usize = 80;
    if t.len() > MAX_BYTES {
        return false;
    }
    let words: Vec<String> = text::tokens(t)
        .into_iter()
        .filter(|w| text::is_word(w))
        .map(|w| w.to_lowercase())
        .collect();
    let timed = |w: &str| {
        let digits = w.bytes().take_while(u8::is_ascii_digit).count();
        is_clock(w)
            || (digits == w.len() && digits > 0)
            || unit_minutes(w).is_some()
            || (digits > 0 && unit_minutes(&w[digits..]).is_some())
    };
    !words.is_empty()
        && words.len() <= 6
        && words.iter().any(|w| in_list!(PRESENCE_ANCHORS, w))
        && words.iter().all(|w| {
            in_list!(PRESENCE_ANCHORS, w)
                || in_list!(PRESENCE_CUES, w)
                || in_list!(PRESENCE_OTHER, w)
                || timed(w)
        })
}

/// Words that name a help desk (a chat, an agent, a hotline), lowercased: what [`desk_state`]
/// is said of. "Support" alone also names what a product gets ("Support for version 10 is
/// available"): a desk only with a team after it ([`SUPPORT_WORDS`], [`TEAM_WORDS`]).
const DESK_WORDS: &[&str] = &[
    "chat",
    "agents",
    "agent",
    "helpdesk",
    "hotline",
    "helpline",
    "kundenservice",
    "kundendienst",
    "klantenservice",
];
/// Words of support before a team that gives it ("Our support team", "Support-Team").
const SUPPORT_WORDS: &[&str] = &[
    "support",
    "customer",
    "kundensupport",
    "service",
    "soporte",
    "assistenza",
    "assistance",
];
/// A team after [`SUPPORT_WORDS`] ("support team", "service staff").
const TEAM_WORDS: &[&str] = &["team", "staff", "agents", "equipo", "équipe", "squadra"];
/// Most words a help desk's name and what is said before its state may hold ("Our customer
/// support team is"): [`desk_state`].
const DESK_LEAD_MAX_WORDS: usize = 8;
/// Words of a help desk's state besides [`PRESENCE_ANCHORS`]: "available", "unavailable",
/// "erreichbar", "disponible" and the words said with them.
const DESK_STATE_WORDS: &[&str] = &[
    "available",
    "unavailable",
    "erreichbar",
    "disponible",
    "indisponible",
    "disponibles",
    "disponibile",
    "bereikbaar",
];
/// The other words a help desk's state may hold ([`desk_state`]): who, when, "not".
const DESK_OTHER_WORDS: &[&str] = &[
    "we",
    "re",
    "are",
    "currently",
    "right",
    "not",
    "now",
    "wir",
    "sind",
    "nicht",
    "jetzt",
    "gerade",
    "derzeit",
    "zurzeit",
    "momentan",
    "nous",
    "sommes",
    "actuellement",
    "estamos",
    "ahora",
    "siamo",
    "ora",
    "zijn",
    "nu",
    "momenteel",
    "niet",
    "es",
    "está",
    "ist",
    "is",
];

/// Whether a lead of a line names a help desk ([`DESK_WORDS`], or a support team): "Live
/// chat:", "Our support team is", "Kundenservice:".
fn support_named(lead: &str) -> bool {
    let words: Vec<String> = text::tokens(lead)
        .into_iter()
        .filter(|w| text::is_word(w))
        .map(|w| w.to_lowercase())
        .collect();
    words.iter().any(|w| in_list!(DESK_WORDS, w))
        || words
            .windows(2)
            .any(|p| in_list!(SUPPORT_WORDS, &p[0]) && in_list!(TEAM_WORDS, &p[1]))
}

/// Whether a short text only says whether someone is there or available (at most five words,
/// one of them [`PRESENCE_ANCHORS`] or [`DESK_STATE_WORDS`], the others
/// [`DESK_OTHER_WORDS`]): "We're online", "currently unavailable", "jetzt erreichbar".
fn desk_state(t: &str) -> bool {
    let words: Vec<String> = text::tokens(t)
        .into_iter()
        .filter(|w| text::is_word(w))
        .map(|w| w.to_lowercase())
        .collect();
    let state = |w: &str| in_list!(PRESENCE_ANCHORS, w) || in_list!(DESK_STATE_WORDS, w);
    (1..=5).contains(&words.len())
        && words.iter().any(|w| state(w))
        && words
            .iter()
            .all(|w| state(w) || in_list!(DESK_OTHER_WORDS, w))
}

/// Whether a presence ([`presence`]) says when ([`PRESENCE_CUES`]).
fn presence_cued(t: &str) -> bool {
    text::tokens(t)
        .into_iter()
        .filter(|w| text::is_word(w))
        .any(|w| in_list!(PRESENCE_CUES, &w.to_lowercase()))
}

/// "Today" in the languages of [`OPEN_STATE_WORDS`] ("aujourd'hui" is split by the tokenizer).
const TODAY_WORDS: &[&str] = &[
    "today", "heute", "aujourd", "hoy", "oggi", "vandaag", "hoje",
];
/// Words that name opening hours.
const HOURS_WORDS: &[&str] = &[
    "hours",
    "opening",
    "öffnungszeiten",
    "öffnungszeit",
    "horaires",
    "horaire",
    "horario",
    "orari",
    "orario",
    "openingstijden",
];

/// Whether a text only says whether a place is open at the visit: at most eight words, each
/// an opening state's word (`OPEN_STATE_WORDS`, `OPEN_STATE_OTHER`), a clock or a day's
/// name, with at least one state word — "Open now · closes at 22:00" → "Closed · opens at
/// 12:00": it follows the time of the visit, not the page. "Open 24 hours", "Tuesday closed"
/// with its hours in a sentence, are what the page states.
pub fn opening_state(t: &str) -> bool {
    // Eight words and their separators fit in this many bytes; a longer text is not read
    // (every changed pair asks).
    const MAX_BYTES: usize = 160;
    if t.len() > MAX_BYTES {
        return false;
    }
    let toks = text::tokens(t);
    let words: Vec<&str> = toks.iter().copied().filter(|w| text::is_word(w)).collect();
    // (A day's name with a clock only: "Tuesday closed" → "Monday closed" is the week's
    // rest day moved.)
    let clocked = words.iter().any(|w| is_clock(w));
    let market = words.iter().any(|w| in_list!(MARKET_WORDS, w));
    let open_now = words.iter().any(|w| in_list!(OPEN_WORDS, w))
        && (market || words.iter().any(|w| in_list!(NOW_WORDS, w)));
    !words.is_empty()
        && words.len() <= 8
        && (open_now || words.iter().any(|w| in_list!(OPEN_STATE_WORDS, w)))
        && words.iter().all(|w| {
            in_list!(OPEN_STATE_WORDS, w)
                || in_list!(OPEN_STATE_OTHER, w)
                || in_list!(OPEN_WORDS, w)
                || in_list!(NOW_WORDS, w)
                || (market && (in_list!(MARKET_WORDS, w) || in_list!(MARKET_STATE_WORDS, w)))
                || is_clock(w)
                || (clocked && is_day_name(w))
        })
}

/// Most words a subject before a state may have ([`after_common_lead`]).
const LEAD_MAX_WORDS: usize = 3;

/// `old` and `new` after the words both begin with (at most [`LEAD_MAX_WORDS`], the spaces and
/// punctuation after them too: "Anna is online" and "Anna was last seen" → "is online", "was
/// last seen"), or `None` when they begin with no word in common, or with more, or one is all
/// lead.
fn after_common_lead<'a>(old: &'a str, new: &'a str) -> Option<(&'a str, &'a str)> {
    after_lead_of(old, new, LEAD_MAX_WORDS)
}

/// `old` and `new` after the words both begin with, as [`after_common_lead`], with at most
/// `max_words` of them.
fn after_lead_of<'a>(old: &'a str, new: &'a str, max_words: usize) -> Option<(&'a str, &'a str)> {
    let (a, b) = (text::tokens(old), text::tokens(new));
    let (mut k, mut bytes, mut words) = (0, 0, 0);
    while k < a.len() && k < b.len() && a[k] == b[k] {
        if text::is_word(a[k]) {
            words += 1;
        }
        bytes += a[k].len();
        k += 1;
    }
    // Back to the end of the last common word with what follows it (spaces, a colon) kept out.
    while k > 0 && !text::is_word(a[k - 1]) {
        k -= 1;
        bytes -= a[k].len();
    }
    let lead = (1..=max_words).contains(&words);
    let rest = |t: &'a str| t[bytes..].trim_start_matches(|c: char| !c.is_alphanumeric());
    let (x, y) = (rest(old), rest(new));
    (lead && !x.is_empty() && !y.is_empty()).then_some((x, y))
}

/// Labels of what is on air or playing, each before a colon ("Now: … · Next: …", "Now
/// playing: …", "Jetzt: … Danach: …"): a schedule's line that follows the time of the visit.
const ON_AIR_LABELS: &[&str] = &[
    "now",
    "next",
    "later",
    "playing",
    "jetzt",
    "danach",
    "gleich",
    "anschließend",
    "maintenant",
    "ensuite",
    "ahora",
    "después",
    "luego",
    "ora",
    "dopo",
    "nu",
    "straks",
];

/// Whether two texts are the same line of what is on air at the visit, with other titles:
/// each begins with "now" (`NOW_WORDS`) and names the same labels before colons
/// (`ON_AIR_LABELS`) in the same order, at most 30 words ("Now: BBC News at One · Next:
/// Bargain Hunt" → "Now: Pointless · Next: Six O'Clock News"; "Now playing: …"). A radio's or
/// a TV channel's schedule strip: what plays follows the clock, not the page.
pub fn on_air(old: &str, new: &str) -> bool {
    const MAX_BYTES: usize = 240;
    if old.len().max(new.len()) > MAX_BYTES || old == new {
        return false;
    }
    let labels = |t: &str| -> Option<Vec<String>> {
        let toks: Vec<&str> = text::tokens(t)
            .into_iter()
            .filter(|w| !w.trim().is_empty())
            .collect();
        let first = toks.iter().find(|w| text::is_word(w))?;
        if !in_list!(NOW_WORDS, first) || toks.iter().filter(|w| text::is_word(w)).count() > 30 {
            return None;
        }
        let found: Vec<String> = toks
            .windows(2)
            .filter(|w| w[1] == ":" && in_list!(ON_AIR_LABELS, w[0]))
            .map(|w| w[0].to_lowercase())
            .collect();
        (!found.is_empty()).then_some(found)
    };
    matches!((labels(old), labels(new)), (Some(a), Some(b)) if a == b)
}

/// Labels of a weather reading (lowercased words): a label made of them, with one of the
/// first kind, names what the reading beside it measures ("Humidity", "Chance of rain",
/// "Luftfeuchtigkeit", "Vent").
const WEATHER_MEASURES: &[&str] = &[
    "humidity",
    "rain",
    "precipitation",
    "cloud",
    "cloudiness",
    "wind",
    "winds",
    "gust",
    "gusts",
    "pressure",
    "visibility",
    "dew",
    "uv",
    "pollen",
    "aqi",
    "luftfeuchtigkeit",
    "luftfeuchte",
    "feuchte",
    "regenwahrscheinlichkeit",
    "regenrisiko",
    "niederschlag",
    "niederschlagsrisiko",
    "böen",
    "windböen",
    "luftdruck",
    "sicht",
    "sichtweite",
    "taupunkt",
    "bewölkung",
    "uv-index",
    "humidité",
    "vent",
    "rafales",
    "pression",
    "visibilité",
    "nébulosité",
    "pluie",
    "humedad",
    "viento",
    "rachas",
    "presión",
    "visibilidad",
    "nubosidad",
    "lluvia",
    "umidità",
    "vento",
    "raffiche",
    "pressione",
    "visibilità",
    "nuvolosità",
    "pioggia",
    "precipitazioni",
];
/// The air of an air quality's label ([`weather_reading`]): "Air quality", "Luftqualität".
const AIR_WORDS: &[&str] = &["air", "luft", "luftqualität", "aire", "aria", "lucht", "l"];
/// The quality of an air quality's label ([`weather_reading`]).
const QUALITY_WORDS: &[&str] = &[
    "quality",
    "luftqualität",
    "qualité",
    "calidad",
    "qualità",
    "kwaliteit",
    "luchtkwaliteit",
];
/// The levels a weather reading may be told in, lowercased ("Pollen: high", "Air quality:
/// Good", "UV-Index: mittel"): of a measure the weather sets, so they move with it.
const WEATHER_LEVELS: &[&str] = &[
    "good",
    "fair",
    "moderate",
    "poor",
    "unhealthy",
    "hazardous",
    "very",
    "high",
    "low",
    "medium",
    "extreme",
    "none",
    "gut",
    "mäßig",
    "schlecht",
    "hoch",
    "niedrig",
    "mittel",
    "sehr",
    "gering",
    "stark",
    "bon",
    "bonne",
    "moyen",
    "moyenne",
    "mauvais",
    "mauvaise",
    "élevé",
    "faible",
    "fort",
    "bueno",
    "buena",
    "moderado",
    "moderada",
    "malo",
    "mala",
    "alto",
    "alta",
    "bajo",
    "baja",
    "buono",
    "moderato",
    "scarso",
    "basso",
    "goed",
    "matig",
    "slecht",
    "hoog",
    "laag",
];
/// The other words a weather reading's label may hold.
const WEATHER_MEASURE_OTHER: &[&str] = &[
    "chance",
    "of",
    "cover",
    "speed",
    "point",
    "index",
    "air",
    "quality",
    "probability",
    "relative",
    "risk",
    "count",
    "wahrscheinlichkeit",
    "de",
    "du",
    "la",
    "probabilité",
    "probabilidad",
    "di",
    "probabilità",
    "indice",
    "índice",
    "punto",
    "point",
];

/// A column header's words that say its figures move on their own: a forum's counts, a
/// quote's prices and volumes (beside [`COUNTER_WORDS`], [`COUNT_LABELS`] and the weather
/// measures).
const MOVING_COLUMNS: &[&str] = &[
    "posts",
    "topics",
    "threads",
    "messages",
    "clicks",
    "beiträge",
    "themen",
    "klicks",
    "zugriffe",
    "sujets",
    "follower",
    "following",
    "fans",
    "friends",
    "abonnenten",
    "freunde",
    "last",
    "price",
    "change",
    "chg",
    "volume",
    "vol",
    "bid",
    "ask",
    "high",
    "low",
    "open",
    "close",
    "prev",
    "kurs",
    "änderung",
    "veränderung",
    "umsatz",
    "hoch",
    "tief",
    "cours",
    "variation",
    "precio",
    "prezzo",
];

/// Whether a table column's header or a fact's label ("Pts", "Played", "Votes cast",
/// "Population", "Bedrooms") names data whose figures are the page's content: a label of one
/// to four words, with a letter, none of which names a count that moves on its own ("Views",
/// "Replies", "Posts"), a quote's price or volume ("Last", "Chg", "Volume") or a weather
/// measure. A league table's points and an election's votes change because the world did.
pub fn data_column(header: &str) -> bool {
    if header.len() > 64 {
        return false;
    }
    let words: Vec<&str> = text::tokens(header)
        .into_iter()
        .filter(|w| text::is_word(w))
        .collect();
    (1..=4).contains(&words.len())
        && words.iter().any(|w| w.chars().any(char::is_alphabetic))
        && !words.iter().any(|w| {
            in_list!(COUNTER_WORDS, w)
                || in_list!(COUNT_LABELS, w)
                || in_list!(MOVING_COLUMNS, w)
                || in_list!(WEATHER_MEASURES, w)
        })
        && !header.contains('%')
}

/// Whether a column's header or a fact's label names a time or a stamp ("Time", "Uhrzeit",
/// "Updated", "Stand", "Departure"): a clock under it is a time, not a score.
pub fn time_label(header: &str) -> bool {
    text::tokens(header).iter().any(|w| {
        in_list!(TIME_LABELS, w) || in_list!(DEPARTURE_WORDS, w) || in_list!(CLOCK_UNITS, w)
    })
}
/// Words of a header or label over times ([`time_label`]).
const TIME_LABELS: &[&str] = &[
    "time",
    "times",
    "zeit",
    "uhrzeit",
    "uhr",
    "heure",
    "horaire",
    "hora",
    "horario",
    "ora",
    "orario",
    "tijd",
    "updated",
    "update",
    "aktualisiert",
    "stand",
    "as",
    "since",
    "from",
    "until",
    "start",
    "end",
    "beginn",
    "ende",
    "arrival",
    "ankunft",
    "arrivée",
    "llegada",
    "duration",
    "dauer",
    "durée",
    "duración",
    "durata",
    "length",
    "länge",
    "laufzeit",
    "kickoff",
    "anstoß",
    "date",
    "datum",
];

/// Whether a changed block is a weather reading beside its label ("Humidity" | "71%" →
/// "64%", "Wind" | "19 km/h SW" → "11 km/h W"): `label`, the block before it under the same
/// parent, names a weather measure (`WEATHER_MEASURES`, at most four words), and each text
/// is readings only — numbers, "%", weather units and compass points, at most four words.
/// A bank's "Base rate" | "4.25%" has no such label: its rate stays content.
pub fn weather_reading(label: &str, old: &str, new: &str) -> bool {
    // Four words and their separators fit in this many bytes (every changed block asks).
    const MAX_BYTES: usize = 80;
    if label.len().max(old.len()).max(new.len()) > MAX_BYTES {
        return false;
    }
    let label_words: Vec<&str> = text::tokens(label)
        .into_iter()
        .filter(|w| text::is_word(w))
        .collect();
    // ("Air quality", "Luftqualität", "qualité de l'air": the air's measure.)
    let lower: Vec<String> = label_words.iter().map(|w| w.to_lowercase()).collect();
    let air = lower.iter().any(|w| in_list!(AIR_WORDS, w))
        && lower.iter().any(|w| in_list!(QUALITY_WORDS, w));
    if label_words.is_empty()
        || label_words.len() > 4
        || !(air || label_words.iter().any(|w| in_list!(WEATHER_MEASURES, w)))
        || !label_words.iter().all(|w| {
            in_list!(WEATHER_MEASURES, w)
                || in_list!(WEATHER_MEASURE_OTHER, w)
                || (air && (in_list!(AIR_WORDS, w) || in_list!(QUALITY_WORDS, w)))
        })
    {
        return false;
    }
    let reading = |t: &str| {
        let toks = text::tokens(t);
        let words: Vec<&str> = toks.iter().copied().filter(|w| text::is_word(w)).collect();
        let level = |w: &str| in_list!(WEATHER_LEVELS, &w.to_lowercase());
        words.len() <= 4
            && words.iter().any(|w| is_number(w) || level(w))
            && words.iter().all(|w| {
                is_number(w)
                    || level(w)
                    || (*w == "AQI" && air)
                    || in_list!(WEATHER_UNITS, w)
                    || COMPASS_POINTS.contains(w)
                    || matches!(*w, "h" | "s" | "C" | "F")
            })
    };
    reading(old) && reading(new)
}

/// Whether a text is only a weather report: each of its words is a reading, a condition or the
/// day of a forecast (`mark_weather`): "Mon 14° / 6° Rain", "12°C Partly cloudy". A new or
/// removed block of it is a forecast's day coming or going as the days go by, never news.
pub fn weather_only(t: &str) -> bool {
    let toks = text::tokens(t);
    if toks.len() > 4 * WEATHER_MAX_WORDS {
        return false;
    }
    let kinds = volatile_kinds(&toks);
    let mut words = toks.iter().zip(&kinds).filter(|(t, _)| text::is_word(t));
    let mut any = false;
    // (A day's name may be read as a date's or a relative time's: "Heute 12°".)
    words.all(|(t, k)| {
        any = true;
        *k == Some(Volatile::Weather)
            || (matches!(k, Some(Volatile::Date | Volatile::RelativeTime)) && is_day_name(t))
    }) && any
}

/// Whether a text says only a count or a relative time — "12 comments", "6Kommentare" (the
/// count glued to its word by markup), "Kommentare: 6", "6 votes", "vor 3 Stunden", "5 minutes
/// ago", "asked 3 hours ago", or both, "Hace 25 minutos 134 comentarios" — at most
/// [`COUNTER_MAX_WORDS`] words with a word besides the number (a lone "123" may be a figure of
/// the page), and which kinds: a new or removed block of it is a counter appearing or
/// going (a teaser's first comments), never news.
pub fn bare_count(t: &str) -> Option<Vec<Volatile>> {
    let toks = text::tokens(t);
    let words: Vec<usize> = (0..toks.len())
        .filter(|&i| text::is_word(toks[i]))
        .collect();
    // At most six words (an age and a count: "Hace 25 minutos 134 comentarios") besides the
    // "y" and "a" of French "il y a" (below): never more than twelve, and a long block is not
    // read further.
    if words.len() > 12 {
        return None;
    }
    let kinds = volatile_kinds(&toks);
    // French "il y a" ("ago", before the time) is one word here.
    let il_y_a = |k: usize| {
        let at = |j: usize| words.get(j).map(|&i| toks[i].to_lowercase());
        let at = |j: Option<usize>| j.and_then(at);
        let is = |j: Option<usize>, w: &str| at(j).as_deref() == Some(w);
        (is(Some(k), "il") && is(Some(k + 1), "y") && is(Some(k + 2), "a"))
            || (is(Some(k), "y") && is(k.checked_sub(1), "il") && is(Some(k + 1), "a"))
    };
    let said = words.len() - (0..words.len()).filter(|&k| il_y_a(k)).count();
    if words.is_empty() || said > COUNTER_MAX_WORDS {
        return None;
    }
    let mut found = Vec::new();
    // A word that says what is counted or when: a lone number ("123", a new table cell) may be
    // a figure of the page.
    let mut worded = false;
    // A word that says a stamp follows ("Updated", "Posted"): only before a relative time.
    let mut cued = false;
    for (k, &i) in words.iter().enumerate() {
        let w = toks[i];
        // A count glued to its counter word: "6Kommentare", "Kommentare6".
        let digits = w.bytes().filter(u8::is_ascii_digit).count();
        let letters: String = w.chars().filter(|c| c.is_alphabetic()).collect();
        let glued = (1..=GLUED_COUNTER_MAX_DIGITS).contains(&digits)
            && counter_word(&letters)
            && (w.starts_with(|c: char| c.is_ascii_digit())
                || w.ends_with(|c: char| c.is_ascii_digit()));
        // A count written short with its magnitude ("24.2k Shares", "1.2M views"): a count,
        // but not the word that says what is counted.
        let abbreviated = abbreviated_count(w);
        worded |= w.chars().any(char::is_alphabetic) && !abbreviated;
        match kinds[i] {
            Some(k @ (Volatile::Counter | Volatile::RelativeTime)) => found.push(k),
            _ if glued || abbreviated => found.push(Volatile::Counter),
            _ if counter_word(w)
                || in_list!(SCORE_WORDS, w)
                || is_time_unit(w)
                || in_list!(AGO_AFTER, w)
                || in_list!(AGO_BEFORE, w)
                || in_list!(ARTICLES, w)
                || il_y_a(k) => {}
            _ if in_list!(STAMP_CUES, w) => cued = true,
            _ => return None,
        }
    }
    found.sort();
    found.dedup();
    if cued && found != [Volatile::RelativeTime] {
        return None;
    }
    (worded && !found.is_empty()).then_some(found)
}

/// Words that say a stamp of when follows ("Updated 5 minutes ago", "Posted an hour ago",
/// "Aktualisiert vor 3 Stunden"): a block of one and a relative time is a stamp.
const STAMP_CUES: &[&str] = &[
    "updated",
    "posted",
    "published",
    "edited",
    "asked",
    "answered",
    "modified",
    "submitted",
    "created",
    "commented",
    "aktualisiert",
    "veröffentlicht",
    "bearbeitet",
    "actualizado",
    "publicado",
    "aggiornato",
    "pubblicato",
    "bijgewerkt",
    "geplaatst",
    "atualizado",
];

/// The most blocks an item holds ([`item_of`]): a teaser, a ticker's entry, a table's row. An
/// `article` element of a whole story is no item.
pub const ITEM_MAX_BLOCKS: usize = 8;

/// The path of the item a block stands in: its nearest `article`, `li` or `tr` element (its own
/// element included), or `None` outside any.
pub fn item_of(path: &str) -> Option<&str> {
    nearest_element(path, &["article", "li", "tr"])
}

/// The path of the link a block stands in (its nearest `a` element, its own included), or
/// `None` outside any: a teaser card that is one link.
pub fn link_of(path: &str) -> Option<&str> {
    nearest_element(path, &["a"])
}

/// The path of the nearest element around a block (its own element included) whose tag is one
/// of `tags`, or `None` outside any.
fn nearest_element<'a>(path: &'a str, tags: &[&str]) -> Option<&'a str> {
    // (A path that names none of the tags has none of the elements: told by a search of its
    // bytes, not a walk up its steps.)
    if !tags.iter().any(|t| path.contains(t)) {
        return None;
    }
    let mut end = path.len();
    loop {
        let step_start = path[..end].rfind('/').map_or(0, |i| i + 1);
        let tag = path[step_start..end].split('[').next().unwrap_or("");
        if tags.contains(&tag) {
            return Some(&path[..end]);
        }
        if step_start == 0 {
            return None;
        }
        end = step_start - 1;
    }
}

/// Every item around a block, nearest first ([`item_of`], then the items above it).
pub fn items_above(path: &str) -> impl Iterator<Item = &str> {
    std::iter::successors(item_of(path), |item| {
        item.rfind('/').and_then(|i| item_of(&item[..i]))
    })
}

/// The word after a time glued to it ("22:43Spieltag" → "Spieltag"), when the rest has no digit.
fn glued_clock(tok: &str) -> Option<&str> {
    let at = tok.find(|c: char| c.is_alphabetic())?;
    let (clock, rest) = tok.split_at(at);
    (is_clock(clock) && !rest.bytes().any(|b| b.is_ascii_digit())).then_some(rest)
}

/// Whether a text is only an item's stamp — a time ("01:31 Uhr", a clip's length "04:19"), a
/// date ("31.12.2024"), a count or a position ("3", "12 comments") — at most four words, every
/// word one of those values or the unit it is written with, or a label of at most two words
/// ("03:02 Newsticker", "Video 04:19"): its kinds and its label, lowercased (empty without
/// one). Beside its item's words (a new teaser's headline) it says nothing of its own; alone it
/// may be a figure of the page, so the caller asks for the item, and takes a label as a kicker
/// only where the page repeats it with other values.
pub fn labelled_stamp(t: &str) -> Option<(Vec<Volatile>, String)> {
    // A stamp is short: tell without tokenizing.
    if t.len() > 40 || !t.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let toks = text::tokens(t);
    let kinds = volatile_kinds(&toks);
    let mut found = Vec::new();
    let mut label: Vec<String> = Vec::new();
    let mut words = 0;
    for (tok, k) in toks.iter().zip(&kinds) {
        if !text::is_word(tok) {
            continue;
        }
        words += 1;
        match k {
            Some(
                k @ (Volatile::Clock | Volatile::Date | Volatile::Counter | Volatile::RelativeTime),
            ) => found.push(*k),
            _ if counter_word(tok)
                || is_time_unit(tok)
                || in_list!(AGO_AFTER, tok)
                || in_list!(AGO_BEFORE, tok) => {}
            // (A label is words: a number of its own is a value of the item.)
            _ if !tok.bytes().any(|b| b.is_ascii_digit()) => label.push(tok.to_lowercase()),
            // A time glued to its kicker by markup: "22:43Spieltag".
            _ => match glued_clock(tok) {
                Some(rest) => {
                    found.push(Volatile::Clock);
                    label.push(rest.to_lowercase());
                }
                None => return None,
            },
        }
    }
    if words > 4 || label.len() > 2 || found.is_empty() {
        return None;
    }
    found.sort();
    found.dedup();
    Some((found, label.join(" ")))
}

/// Whether a token is a count written with its magnitude: "24.2k", "3K", "1,5M" (a number of at
/// most four digits and one decimal part, then k, K, m, M, b or B).
fn abbreviated_count(tok: &str) -> bool {
    let Some(num) = tok.strip_suffix(['k', 'K', 'm', 'M', 'b', 'B']) else {
        return false;
    };
    let (whole, frac) = num.split_once(['.', ',']).unwrap_or((num, ""));
    (1..=4).contains(&whole.len())
        && whole.bytes().all(|b| b.is_ascii_digit())
        && frac.len() <= 2
        && frac.bytes().all(|b| b.is_ascii_digit())
}

/// The words a slot shows that can tell a real edit from rotation: lowercased words with a
/// letter and no digit (`sapp9` is an id, not a word) that are not volatile tokens (dates'
/// month names, relative times…).
pub fn telling_words(t: &str) -> Vec<String> {
    let toks = text::tokens(t);
    let kinds = volatile_kinds(&toks);
    let mut out: Vec<String> = toks
        .iter()
        .zip(&kinds)
        .filter(|(tok, k)| {
            k.is_none()
                && text::is_word(tok)
                && tok.chars().any(char::is_alphabetic)
                && !tok.chars().any(|c| c.is_ascii_digit())
        })
        .map(|(tok, _)| tok.to_lowercase())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Most words a rule's vocabulary keeps.
pub const VOCABULARY_MAX: usize = 256;

/// How a rule learned from two near-simultaneous versions is marked in
/// [`NoiseRule::learned_from`].
pub const NEAR_SIMULTANEOUS: &str = "near_simultaneous";
/// How a rule learned from a block flipping back to a text it showed is marked in
/// [`NoiseRule::learned_from`].
pub const FLIP: &str = "flip";

/// Whether a change of a short block, its telling words ([`telling_words`]) `old` before and
/// `new` after, **swaps** one item for another: both sides have telling words and they share
/// fewer than half of the smaller side's (a banner's new text, not an edit of the old one).
/// An edit keeps most of its words ("Brand im Keller" → "Zwei Verletzte nach Brand im
/// Keller"); a row added or removed has one side empty. The half is set a priori, not fitted
/// to any evaluation.
pub fn is_swap(old: &[String], new: &[String]) -> bool {
    if old.is_empty() || new.is_empty() {
        return false;
    }
    let shared = old.iter().filter(|w| new.contains(w)).count();
    2 * shared < old.len().min(new.len())
}

/// What a learned rule matches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum RuleKind {
    /// The block's tokens with slots (`None`) where versions differed: both texts of a change
    /// must fit it.
    Slots {
        /// Literal tokens, `None` where a slot is.
        pattern: Vec<Option<String>>,
    },
    /// A short block at this path that rotates between items.
    Rotating {
        /// The block's path.
        path: String,
    },
    /// A rotating module of the site's template (teasers, "recommended", "most read"): the
    /// block at this path changes between the site's pages and between fetches while its
    /// surroundings are template; its changes are noise on every page of the site.
    Module {
        /// The slot's path.
        path: String,
    },
    /// Taught by the person ("this is noise"): every change of the block at this path is noise,
    /// whatever its size or words. Never learned, never dropped for room.
    Taught {
        /// The slot's path.
        path: String,
    },
    /// Taught by the person ("always show changes here"): a change of the block at this path
    /// that the built-in detectors or a learned rule would call noise is content.
    Shown {
        /// The slot's path.
        path: String,
    },
}

/// How a rule taught by the person is marked in [`NoiseRule::learned_from`].
pub const TAUGHT: &str = "taught";

/// On how many pages and visits a rotating module was seen to rotate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    /// Pages of the site whose slot showed a text no other page showed there.
    pub pages: u32,
    /// Visits on which the slot's text changed.
    pub visits: u32,
}

/// A learned rule's verdict on one change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The rule does not apply.
    No,
    /// The change is noise by the rule.
    Hide,
    /// The change looks like the rule's but adds or removes these words the slot never
    /// showed: content.
    NewWords(Vec<String>),
    /// The change looks like the rule's but one side says this stock phrase
    /// ([`stock_change`]) and the other does not: whether the item can be had, content.
    Stock(String),
}

/// One learned noise rule of a site: the **rule record** that is stored, one per rule. A rule
/// the person removed stays as a record with `removed` set, so it is never learned again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoiseRule {
    /// Stable id (hash of the rule), for listing and removal.
    pub id: String,
    /// What the rule matches (`None` only for a removed rule known by its id alone, from a
    /// model stored before rules were records).
    pub rule: Option<RuleKind>,
    /// How the rule was learned: `near_simultaneous` or `flip`.
    pub learned_from: String,
    /// How many changes the rule has matched or confirmed.
    pub hits: u32,
    /// A person-readable form: `Visitor number {*}` or `rotating: /html[0]/body[0]/div[3]`.
    pub label: String,
    /// The person removed the rule: it matches nothing and is never learned again.
    #[serde(default)]
    pub removed: bool,
    /// The telling words ([`telling_words`]) the slot showed while the rule was learned and
    /// confirmed, sorted (at most [`VOCABULARY_MAX`]): a change adding or removing other
    /// words is content. Empty for a rule stored before vocabularies (no such check) and for
    /// a rotating module (its items are new by nature).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vocabulary: Vec<String>,
    /// For a rotating module: the evidence it was learned from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Evidence>,
}

impl NoiseRule {
    fn applies(&self, old: &str, new: &str, path: &str) -> bool {
        if self.removed {
            return false;
        }
        match &self.rule {
            None => false,
            Some(RuleKind::Slots { pattern }) => fits(pattern, old) && fits(pattern, new),
            Some(RuleKind::Rotating { path: p }) => {
                p == path
                    && text::word_count(old) <= ROTATING_MAX_WORDS
                    && text::word_count(new) <= ROTATING_MAX_WORDS
            }
            Some(RuleKind::Module { path: p }) => {
                p == path
                    && text::word_count(old) <= MODULE_MAX_WORDS
                    && text::word_count(new) <= MODULE_MAX_WORDS
            }
            // Rules taught by the person are applied by the site after every other decision
            // (see `NoiseModel::taught_at`), never as a learned rule.
            Some(RuleKind::Taught { .. } | RuleKind::Shown { .. }) => false,
        }
    }

    /// The rule's verdict on the change `old` → `new` at `path` (for a new or removed block,
    /// one side empty): noise only where the rule has seen that change pattern before.
    ///
    /// - A **slot rule** hides a change that adds or removes no telling word its slot never
    ///   showed (a rule stored before vocabularies, with none, is not held to words).
    /// - A **rotating slot** is held to the words its slot showed as well: a new sentence, a
    ///   new row, a new name in it is content. Only a slot seen replacing its item by an
    ///   unrelated one between near-simultaneous versions (learned from
    ///   [`NEAR_SIMULTANEOUS`]: a banner that rotates while one reloads) may show an item never
    ///   seen before, and then only as such a swap ([`is_swap`]): an edit that keeps most of
    ///   the item, or a row added or removed, is content.
    /// - A **rotating module** (site-wide evidence: it rotated on several pages and visits)
    ///   shows new items by nature and is not held to words.
    /// - Neither a rotating slot nor a module hides an **edit** of its item (both sides have
    ///   telling words and the change is no [`is_swap`]; in a module, whose frame makes
    ///   teasers share words, the item only gains or only loses words): a state the item
    ///   toggles to is content, with the words the edit adds or removes.
    pub fn judge(&self, old: &str, new: &str, path: &str) -> Verdict {
        if !self.applies(old, new, path) {
            return Verdict::No;
        }
        // A slot that flipped between visits may have flipped between states: a change between
        // being had and not ("Dispatch in 1 - 2 working days" → "Sold out") is one; so is a
        // module's teaser that stays while its stock mark comes or goes. (A slot seen swapping
        // within minutes rotates whatever it says, and a module swaps teasers whatever they
        // say.)
        let flipped =
            matches!(self.rule, Some(RuleKind::Rotating { .. })) && self.learned_from == FLIP;
        // In a module's teaser: when the teaser stayed (no swap for another).
        let module_edit = matches!(self.rule, Some(RuleKind::Module { .. }))
            && !is_swap(&telling_words(old), &telling_words(new));
        if flipped || module_edit {
            if let Some(phrase) = stock_change(old, new) {
                return Verdict::Stock(phrase);
            }
        }
        if matches!(
            self.rule,
            Some(RuleKind::Rotating { .. } | RuleKind::Module { .. })
        ) {
            // An edit of the slot's item (both sides have telling words, most of them kept:
            // "Danish" ↔ "Danish (Out of stock)", a link's address gaining a segment, a colour
            // list marking one colour out of stock) is not rotation but a state the item
            // toggles to, even back and forth, in a slot of one page or a module of the whole
            // site: content, with the words it adds or removes. Only a change of case or
            // punctuation is hidden.
            let (ta, tb) = (telling_words(old), telling_words(new));
            // A module has a frame of its own ("Most read: …, N comments") that makes two
            // teasers share words: there an edit is an item that only gains or only loses
            // words (a mark, a qualifier), the rest of it kept.
            // Either way, text inserted into the item in one place (or cut from it) is an
            // edit, even where markup glued the words together ("Translucent Green (Out of
            // stock)Translucent Pink" ↔ "Translucent GreenTranslucent Pink").
            let edit = one_insertion(old, new)
                || if matches!(self.rule, Some(RuleKind::Module { .. })) {
                    let within = |x: &[String], y: &[String]| x.iter().all(|w| y.contains(w));
                    // Past a teaser's length a frame cannot make two texts share most of
                    // their words: two long texts that do are an edit of one (a paragraph
                    // reworded), not two items.
                    let long = text::word_count(old) > ROTATING_MAX_WORDS
                        && text::word_count(new) > ROTATING_MAX_WORDS;
                    within(&ta, &tb) || within(&tb, &ta) || (long && !is_swap(&ta, &tb))
                } else {
                    !is_swap(&ta, &tb)
                };
            if !ta.is_empty() && !tb.is_empty() && edit {
                let edited = changed_words(old, new);
                return if edited.is_empty() {
                    Verdict::Hide
                } else {
                    Verdict::NewWords(edited)
                };
            }
        }
        let held = match &self.rule {
            Some(RuleKind::Slots { .. }) => !self.vocabulary.is_empty(),
            Some(RuleKind::Rotating { .. }) => true,
            _ => false,
        };
        if !held {
            return Verdict::Hide;
        }
        let a = self.words_of(old);
        let b = self.words_of(new);
        let mut novel: Vec<String> = a
            .iter()
            .filter(|w| !b.contains(w))
            .chain(b.iter().filter(|w| !a.contains(w)))
            .filter(|w| self.vocabulary.binary_search(w).is_err())
            .cloned()
            .collect();
        let swaps = matches!(self.rule, Some(RuleKind::Rotating { .. }))
            && self.learned_from == NEAR_SIMULTANEOUS
            && is_swap(&telling_words(old), &telling_words(new));
        if novel.is_empty() || swaps {
            Verdict::Hide
        } else {
            novel.sort_unstable();
            novel.truncate(5);
            Verdict::NewWords(novel)
        }
    }

    /// The words of `t` the rule's vocabulary holds: [`telling_words`], and for a rotating
    /// slot its numbers too (`3 - 4 weeks` → `2 - 3 weeks` in a slot that toggled between
    /// "sold out" and a dispatch time is a new value, not a flip back to one it showed).
    fn words_of(&self, t: &str) -> Vec<String> {
        let mut out = telling_words(t);
        if matches!(self.rule, Some(RuleKind::Rotating { .. })) {
            let toks = text::tokens(t);
            let kinds = volatile_kinds(&toks);
            for (tok, k) in toks.iter().zip(&kinds) {
                // Clocks, dates and relative times are the built-in detectors' to judge.
                let timed = matches!(
                    k,
                    Some(Volatile::Clock | Volatile::Date | Volatile::RelativeTime)
                );
                if !timed && text::is_word(tok) && tok.chars().any(|c| c.is_ascii_digit()) {
                    out.push(tok.to_lowercase());
                }
            }
            out.sort_unstable();
            out.dedup();
        }
        out
    }

    /// True for a rule in force whose kind is a rotating slot or module at `path`.
    pub fn rotates_at(&self, path: &str) -> bool {
        !self.removed
            && matches!(&self.rule, Some(RuleKind::Rotating { path: p } | RuleKind::Module { path: p }) if p == path)
    }

    /// Adds the telling words of `texts` to the vocabulary (kept sorted, capped).
    fn learn_words(&mut self, texts: &[&str]) {
        if matches!(self.rule, Some(RuleKind::Module { .. })) {
            return;
        }
        for t in texts {
            for w in self.words_of(t) {
                if self.vocabulary.len() >= VOCABULARY_MAX {
                    return;
                }
                if let Err(k) = self.vocabulary.binary_search(&w) {
                    self.vocabulary.insert(k, w);
                }
            }
        }
    }
}

/// The words (lowercased, [`text::words`]) one text has more often than the other, either
/// way, sorted, at most five: what an edit adds or removes.
/// True when one of the two texts is the other with one run of bytes inserted: what the
/// shorter one says is kept whole, at the start and the end of the longer one.
fn one_insertion(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
    let (short, long) = (short.as_bytes(), long.as_bytes());
    if short.is_empty() || short.len() == long.len() {
        return false;
    }
    let prefix = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    let suffix = short
        .iter()
        .rev()
        .zip(long.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    prefix + suffix >= short.len()
}

fn changed_words(old: &str, new: &str) -> Vec<String> {
    let mut count: std::collections::BTreeMap<String, i32> = std::collections::BTreeMap::new();
    for w in text::words(old) {
        *count.entry(w).or_default() += 1;
    }
    for w in text::words(new) {
        *count.entry(w).or_default() -= 1;
    }
    count
        .into_iter()
        .filter(|(_, n)| *n != 0)
        .map(|(w, _)| w)
        .take(5)
        .collect()
}

fn fits(pattern: &[Option<String>], text_: &str) -> bool {
    let toks = text::tokens(text_);
    toks.len() == pattern.len()
        && pattern.iter().zip(&toks).all(|(p, t)| match p {
            Some(lit) => lit == t,
            None => text::is_word(t),
        })
}

/// A site's learned noise rules (removed ones included, marked), and which of them the
/// current visit added, confirmed or dropped (for the site's record updates).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NoiseModel {
    /// The rules in the order they were learned, each listed to the person and removable.
    pub rules: Vec<NoiseRule>,
    /// Ids of rules added or changed since [`NoiseModel::take_changes`].
    changed: std::collections::BTreeSet<String>,
    /// Ids of rules dropped (cap reached) since [`NoiseModel::take_changes`].
    dropped: Vec<String>,
}

impl NoiseModel {
    /// A model of these rule records (in this order).
    pub fn from_rules(rules: Vec<NoiseRule>) -> Self {
        NoiseModel {
            rules,
            ..NoiseModel::default()
        }
    }

    /// The rule in force that makes the change `old` → `new` at `path` noise, if any.
    pub fn matching_rule(&self, old: &str, new: &str, path: &str) -> Option<&NoiseRule> {
        self.rules
            .iter()
            .find(|r| r.judge(old, new, path) == Verdict::Hide)
    }

    /// The change `old` → `new` at `path` judged by the rules: the rule that hides it, or
    /// else the first rule it looked like with the words that keep it content.
    pub fn judge(&self, old: &str, new: &str, path: &str) -> Option<(&NoiseRule, Verdict)> {
        let mut kept = None;
        for r in &self.rules {
            match r.judge(old, new, path) {
                Verdict::No => {}
                Verdict::Hide => return Some((r, Verdict::Hide)),
                v => {
                    if kept.is_none() {
                        kept = Some((r, v));
                    }
                }
            }
        }
        kept
    }

    /// Rules in force (not removed).
    pub fn active(&self) -> impl Iterator<Item = &NoiseRule> {
        self.rules.iter().filter(|r| !r.removed)
    }

    /// Removes the rule with this id, for good: it stays as a record marked removed and is not
    /// learned again. Returns that record, or `None` when no rule has this id.
    pub fn remove(&mut self, id: &str) -> Option<NoiseRule> {
        let rule = self.rules.iter_mut().find(|r| r.id == id)?;
        rule.removed = true;
        Some(rule.clone())
    }

    /// The records added or changed, and the ids dropped, since the last call.
    pub fn take_changes(&mut self) -> (Vec<NoiseRule>, Vec<String>) {
        let changed = std::mem::take(&mut self.changed);
        let put = self
            .rules
            .iter()
            .filter(|r| changed.contains(&r.id))
            .cloned()
            .collect();
        (put, std::mem::take(&mut self.dropped))
    }

    fn add(&mut self, rule: RuleKind, learned_from: &str, label: String, texts: &[&str]) {
        let id = crate::hash::block_id(&serde_json_like(&rule));
        if let Some(r) = self.rules.iter_mut().find(|r| r.id == id) {
            if !r.removed {
                r.hits += 1;
                r.learn_words(texts);
                // A slot first seen flipping, now seen swapping items within minutes.
                if learned_from == NEAR_SIMULTANEOUS && r.learned_from == FLIP {
                    r.learned_from = NEAR_SIMULTANEOUS.to_string();
                }
                self.changed.insert(id);
            }
            return;
        }
        if self.active().count() >= MAX_RULES {
            // Drop the least confirmed rule to make room.
            if let Some((k, _)) = self
                .rules
                .iter()
                .enumerate()
                .filter(|(_, r)| !r.removed && r.learned_from != TAUGHT)
                .min_by_key(|(_, r)| r.hits)
            {
                let gone = self.rules.remove(k);
                self.changed.remove(&gone.id);
                self.dropped.push(gone.id);
            }
        }
        self.changed.insert(id.clone());
        let mut r = NoiseRule {
            id,
            rule: Some(rule),
            learned_from: learned_from.to_string(),
            hits: 1,
            label: cut_label(label),
            removed: false,
            vocabulary: Vec::new(),
            evidence: None,
        };
        r.learn_words(texts);
        self.rules.push(r);
    }

    /// The rule the person taught for the block at `path` in force, if any: `Some(true)` for
    /// "this is noise" ([`RuleKind::Taught`]), `Some(false)` for "always show changes here"
    /// ([`RuleKind::Shown`]), with the rule.
    pub fn taught_at(&self, path: &str) -> Option<(bool, &NoiseRule)> {
        if path.is_empty() {
            return None;
        }
        self.rules.iter().find_map(|r| match &r.rule {
            _ if r.removed => None,
            Some(RuleKind::Taught { path: p }) if p == path => Some((true, r)),
            Some(RuleKind::Shown { path: p }) if p == path => Some((false, r)),
            _ => None,
        })
    }

    /// The person teaches the slot at `path`: `noise` true for "this is noise", false for
    /// "always show changes here". The opposite rule for the same slot, if any, is removed; a
    /// taught rule the person removed before is in force again. Returns the rule records to
    /// put (the taught one first), or `None` for an empty path.
    pub fn teach(&mut self, path: &str, noise: bool) -> Option<Vec<NoiseRule>> {
        if path.is_empty() {
            return None;
        }
        let path = path.to_string();
        let (rule, other, label) = if noise {
            (
                RuleKind::Taught { path: path.clone() },
                RuleKind::Shown { path: path.clone() },
                format!("noise (taught by you): {path}"),
            )
        } else {
            (
                RuleKind::Shown { path: path.clone() },
                RuleKind::Taught { path: path.clone() },
                format!("always shown (taught by you): {path}"),
            )
        };
        let id = crate::hash::block_id(&serde_json_like(&rule));
        let other_id = crate::hash::block_id(&serde_json_like(&other));
        let mut out = Vec::new();
        if let Some(r) = self.rules.iter_mut().find(|r| r.id == id) {
            r.removed = false;
            r.hits += 1;
            out.push(r.clone());
        } else {
            let r = NoiseRule {
                id: id.clone(),
                rule: Some(rule),
                learned_from: TAUGHT.to_string(),
                hits: 1,
                label: cut_label(label),
                removed: false,
                vocabulary: Vec::new(),
                evidence: None,
            };
            out.push(r.clone());
            self.rules.push(r);
        }
        if let Some(r) = self
            .rules
            .iter_mut()
            .find(|r| r.id == other_id && !r.removed)
        {
            r.removed = true;
            out.push(r.clone());
        }
        Some(out)
    }

    /// Learns (or confirms with new evidence) a rotating module at `path`: the site's template
    /// slot whose text differs between pages and between fetches.
    pub fn learn_module(&mut self, path: &str, evidence: Evidence) {
        self.add(
            RuleKind::Module {
                path: path.to_string(),
            },
            "site_rotation",
            format!("rotating module: {path}"),
            &[],
        );
        let id = crate::hash::block_id(&serde_json_like(&RuleKind::Module {
            path: path.to_string(),
        }));
        if let Some(r) = self.rules.iter_mut().find(|r| r.id == id && !r.removed) {
            let e = r.evidence.get_or_insert_with(Evidence::default);
            e.pages = e.pages.max(evidence.pages);
            e.visits = e.visits.max(evidence.visits);
        }
    }

    /// Learns from one changed block seen in two near-simultaneous versions: a slot rule when
    /// few word tokens differ, a rotating rule when the block is short and wholly different.
    ///
    /// The same value in another format ([`same_value`]) teaches nothing, and a short block
    /// makes a rotating rule only when its text was swapped for an unrelated one ([`is_swap`],
    /// or neither text has a telling word: a countdown): an edit that keeps most of its words
    /// is an edit, even within minutes (a news site correcting a headline).
    pub fn learn_near_simultaneous(&mut self, old: &str, new: &str, path: &str) {
        if old == new || same_value(old, new).is_some() {
            return;
        }
        if let Some(pattern) = slot_pattern(old, new) {
            let label = pattern
                .iter()
                .map(|p| p.as_deref().unwrap_or("{*}"))
                .collect::<String>();
            self.add(
                RuleKind::Slots { pattern },
                NEAR_SIMULTANEOUS,
                label,
                &[old, new],
            );
        } else if !path.is_empty()
            && text::word_count(old) <= ROTATING_MAX_WORDS
            && text::word_count(new) <= ROTATING_MAX_WORDS
            && !one_insertion(old, new)
            && {
                let (a, b) = (telling_words(old), telling_words(new));
                is_swap(&a, &b) || (a.is_empty() && b.is_empty())
            }
        {
            self.add(
                RuleKind::Rotating {
                    path: path.to_string(),
                },
                NEAR_SIMULTANEOUS,
                format!("rotating: {path}"),
                &[old, new],
            );
        }
    }

    /// Records the text now in the short block at `path` in `seen`, that block's recent text
    /// ids ([`crate::hash::stable_hash`], most recent last, at most [`FLIPS_PER_PATH`]), and
    /// learns a rotating rule for `path` when the block flips back to a text it showed before
    /// that differs from the previous one. Long blocks and empty paths are not tracked.
    ///
    /// Texts are compared in their [`canonical`] form, so a value that only changes its format
    /// ("February 24, 2025" ↔ "24 February 2025") never flips. `previous` is the text the
    /// block showed before (its telling words join the rule's vocabulary with `text_`'s);
    /// `persisted`, that `previous` held for a while before (a state the page was in, see
    /// [`crate::classify::site::HELD_MIN_SECS`]): flipping from it teaches no rule.
    pub fn observe_flip(
        &mut self,
        seen: &mut Vec<u64>,
        path: &str,
        text_: &str,
        previous: &str,
        persisted: bool,
    ) {
        let words = text::word_count(text_);
        if path.is_empty() || words > MODULE_MAX_WORDS {
            return;
        }
        let id = canonical_id(text_);
        let flipped = seen.last().is_some_and(|last| *last != id) && seen.contains(&id);
        seen.retain(|s| *s != id);
        seen.push(id);
        if seen.len() > FLIPS_PER_PATH {
            seen.remove(0);
        }
        // A flip between an item and an edit of it (most words kept: "Danish" ↔ "Danish (Out
        // of stock)") is a state the item toggles, not rotation: like a near-simultaneous
        // change, it teaches a rotating slot only as a swap of unrelated items (or of texts
        // without telling words: a countdown).
        let (a, b) = (telling_words(previous), telling_words(text_));
        if flipped
            && !persisted
            && words <= ROTATING_MAX_WORDS
            && text::word_count(previous) <= ROTATING_MAX_WORDS
            && !one_insertion(previous, text_)
            && (is_swap(&a, &b) || (a.is_empty() && b.is_empty()))
        {
            self.add(
                RuleKind::Rotating {
                    path: path.to_string(),
                },
                FLIP,
                format!("rotating: {path}"),
                &[previous, text_],
            );
        }
    }
}

/// A stable textual form of a rule for hashing its id.
fn serde_json_like(rule: &RuleKind) -> String {
    match rule {
        RuleKind::Slots { pattern } => {
            let mut s = String::from("slots:");
            for p in pattern {
                match p {
                    Some(l) => {
                        s.push('L');
                        s.push_str(l);
                    }
                    None => s.push('*'),
                }
                s.push('\u{1f}');
            }
            s
        }
        RuleKind::Rotating { path } => format!("rotating:{path}"),
        RuleKind::Module { path } => format!("module:{path}"),
        RuleKind::Taught { path } => format!("taught:{path}"),
        RuleKind::Shown { path } => format!("shown:{path}"),
    }
}

/// The slot pattern of a near-simultaneous change: the tokens of both texts aligned one to one,
/// differing word tokens as slots. `None` when the texts do not align token for token, differ
/// in a non-word token, differ in more than [`MAX_SLOTS`] words, or keep no literal word.
pub fn slot_pattern(old: &str, new: &str) -> Option<Vec<Option<String>>> {
    let a = text::tokens(old);
    let b = text::tokens(new);
    if a.len() != b.len() {
        return None;
    }
    let mut pattern = Vec::with_capacity(a.len());
    let (mut slots, mut literal_words) = (0, 0);
    for (x, y) in a.iter().zip(&b) {
        if x == y {
            if text::is_word(x) {
                literal_words += 1;
            }
            pattern.push(Some((*x).to_string()));
        } else if text::is_word(x) && text::is_word(y) {
            slots += 1;
            pattern.push(None);
        } else {
            return None;
        }
    }
    (slots > 0 && slots <= MAX_SLOTS && literal_words > 0).then_some(pattern)
}

/// Classifies the change `old` → `new` at `path`, the old text seen at `then` and the new one
/// at `now` (seconds since the epoch, if known): built-in detectors first
/// ([`builtin_noise_between`]), then the site's learned
/// rules.
pub fn classify(
    old: &str,
    new: &str,
    path: &str,
    then: Option<i64>,
    now: Option<i64>,
    model: Option<&NoiseModel>,
) -> Option<Reason> {
    classify_on_page(old, new, path, then, now, model, None)
}

/// [`classify`] on a page that writes its slashed dates in `page_order`
/// ([`builtin_noise_on_page`]).
pub fn classify_on_page(
    old: &str,
    new: &str,
    path: &str,
    then: Option<i64>,
    now: Option<i64>,
    model: Option<&NoiseModel>,
    page_order: Option<SlashOrder>,
) -> Option<Reason> {
    if let Some(kinds) = builtin_noise_on_page(old, new, then, now, page_order) {
        return Some(Reason::builtin(kinds));
    }
    // A date that moved away from the visits (judged content above) is not left to a learned
    // rule either: a "last updated" date is the strongest sign a document changed.
    if builtin_noise_kinds(old, new).is_some() {
        return None;
    }
    match model?.judge(old, new, path)? {
        (rule, Verdict::Hide) => Some(Reason::learned(rule)),
        (rule, Verdict::NewWords(words)) => Some(Reason::kept(
            rule,
            crate::classify::Kept::NewWords { words },
        )),
        (rule, Verdict::Stock(phrase)) => {
            Some(Reason::kept(rule, crate::classify::Kept::Stock { phrase }))
        }
        (_, Verdict::No) => None,
    }
}

/// A rule's label cut to [`crate::limits::MAX_RULE_LABEL`] characters (`…` marks the cut): a slots
/// rule's label is its block's text, which can be as long as a block.
fn cut_label(label: String) -> String {
    let max = crate::limits::MAX_RULE_LABEL;
    if label.chars().count() <= max {
        return label;
    }
    let mut out: String = label.chars().take(max - 1).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_lookups_ignore_case_in_any_script() {
        // The lists are looked up in sets ([`ListSet`]): what a scan of the lowercase list found.
        for w in [
            "january", "JANUARY", "January", "märz", "MÄRZ", "Août", "AOÛT",
        ] {
            assert!(in_list!(MONTHS, w), "{w}");
        }
        for w in [
            "janua", "januaryy", "", "w5x0", "märzen", "maerz", "\u{212A}",
        ] {
            assert!(!in_list!(MONTHS, w), "{w}");
        }
        // Short lists are scanned, long ones hashed: both agree with a scan.
        for list in [ARTICLES, MONTHS, COUNTER_WORDS, AGO_AFTER] {
            let set = ListSet::new(list.iter().copied());
            for w in list {
                for w in [w.to_string(), w.to_uppercase(), format!("{w}x")] {
                    let scanned = list.contains(&w.to_lowercase().as_str());
                    assert_eq!(set.has(&w), scanned, "{w}");
                }
            }
        }
        // Words beginning a now-phrase, and days by name.
        assert!(is_day_name("Montag") && is_day_name("TODAY") && !is_day_name("Monta"));
    }

    /// Every month name the detectors mark as a date's has its month's number, but the Persian
    /// calendar's (read by `persian_days`); no name is listed twice.
    #[test]
    fn every_month_name_has_its_number() {
        let mut seen = std::collections::HashSet::new();
        for w in MONTHS {
            assert!(seen.insert(*w), "{w} twice");
            assert_eq!(
                month_number(w).is_some(),
                !PERSIAN_MONTHS.contains(w),
                "{w}"
            );
        }
        for row in WEEKDAY_ROWS {
            for w in row.iter().filter(|w| !w.is_empty()) {
                assert_eq!(w.to_lowercase(), *w, "{w}");
            }
        }
    }

    /// Seconds since the epoch of noon (UTC) on a day.
    fn noon(y: i64, m: i64, d: i64) -> i64 {
        days_from_civil(y, m, d) * 86_400 + 12 * 3600
    }

    #[test]
    fn readable_dates() {
        let today = days_from_civil(2026, 11, 22);
        let day = |y, m, d| days_from_civil(y, m, d);
        assert_eq!(dates_in("Stand: 22.11.2026, 14:05 Uhr", today), vec![today]);
        assert_eq!(dates_in("am 3.5.26", today), vec![day(2026, 5, 3)]);
        assert_eq!(
            dates_in("Updated 2026-11-21T10:00", today),
            vec![day(2026, 11, 21)]
        );
        assert_eq!(
            dates_in("Effective Date: December 19, 2022", today),
            vec![day(2022, 12, 19)]
        );
        assert_eq!(
            dates_in("Montag, 23. November", today),
            vec![day(2026, 11, 23)]
        );
        // Without a year: the year that puts it nearest to the visit.
        assert_eq!(dates_in("Jan 2", today), vec![day(2027, 1, 2)]);
        assert_eq!(
            dates_in("Last updated on 3 Dec 2024", today),
            vec![day(2024, 12, 3)]
        );
        // Slashed: the order farthest from the visit (12 November is 10 days off, 11 December
        // 19); one part above 12 fixes the order.
        assert_eq!(dates_in("11/12/2026", today), vec![day(2026, 12, 11)]);
        assert_eq!(dates_in("11/22/2026", today), vec![today]);
        assert_eq!(dates_in("22/11/26", today), vec![today]);
        // Other languages and ordinals.
        for (t, d) in [
            ("Dernière mise à jour : 1er mars 2025", day(2025, 3, 1)),
            (
                "Última actualización: 24 de febrero de 2025",
                day(2025, 2, 24),
            ),
            ("Aggiornato il 3 giugno 2024", day(2024, 6, 3)),
            ("Laatst bijgewerkt: 12 augustus 2023", day(2023, 8, 12)),
            ("Atualizado em 5 de dezembro de 2024", day(2024, 12, 5)),
            ("Last updated March 24th, 2025", day(2025, 3, 24)),
        ] {
            assert_eq!(dates_in(t, today), vec![d], "{t}");
        }
        // Not read: no day, an impossible day, plain numbers.
        for t in [
            "November 2026",
            "31.02.2026",
            "13/13/2026",
            "costs 22.50",
            "May I help",
        ] {
            assert!(dates_in(t, today).is_empty(), "{t}");
        }
    }

    #[test]
    fn a_date_that_tracks_the_visit_is_noise_one_that_moves_is_content() {
        let now = Some(noon(2022, 12, 16));
        // The page's own stamp: today or yesterday.
        assert_eq!(
            builtin_noise_at("Stand: 15.12.2022", "Stand: 16.12.2022", now),
            Some(vec![Volatile::Date])
        );
        assert!(builtin_noise_at(
            "Last updated on December 14, 2022",
            "Last updated on December 15, 2022",
            now
        )
        .is_some());
        // A new effective date three days ahead, an event moved by months: content.
        assert_eq!(
            builtin_noise_at(
                "EFFECTIVE DATE: July 1, 2022",
                "EFFECTIVE DATE: December 19, 2022",
                now
            ),
            None
        );
        assert_eq!(
            builtin_noise_at("Konzert am 3. Mai", "Konzert am 17. Mai", now),
            None
        );
        // Without the visit's time every changed date is volatile, as before.
        assert!(builtin_noise(
            "EFFECTIVE DATE: July 1, 2022",
            "EFFECTIVE DATE: December 19, 2022"
        )
        .is_some());
        // A clock beside the date still counts as noise when the date is today.
        assert!(
            builtin_noise_at("Stand: 16.12.2022 09:15", "Stand: 16.12.2022 11:40", now).is_some()
        );
        // A date that cannot be read keeps the old verdict (volatile).
        assert!(builtin_noise_at("Updated: Montag, 3.", "Updated: Dienstag, 4.", now).is_some());
    }

    #[test]
    fn a_date_is_noise_only_when_it_tracked_both_visits() {
        let then = Some(noon(2025, 2, 20));
        let now = Some(noon(2025, 3, 3));
        // A page that prints the day of each visit: noise.
        assert_eq!(
            builtin_noise_between(
                "Last updated: February 20, 2025",
                "Last updated: March 3, 2025",
                then,
                now
            ),
            Some(vec![Volatile::Date])
        );
        // "Last updated" moved to the visit's day from an older day: content.
        assert_eq!(
            builtin_noise_between(
                "Last updated: January 9, 2025",
                "Last updated: March 3, 2025",
                then,
                now
            ),
            None
        );
        // Without the old visit's time only the new version is judged (as before).
        assert!(builtin_noise_between(
            "Last updated: January 9, 2025",
            "Last updated: March 3, 2025",
            None,
            now
        )
        .is_some());
        // A clock that changed beside an unchanged date, the day of both visits, is still noise
        // (beside a date days away from a visit it would be an appointment).
        // (Seen at 09:00 and 12:00 UTC; the page prints its zone's time, UTC+1, when served.)
        assert!(builtin_noise_between(
            "Stand: 03.03.2025 10:05",
            "Stand: 03.03.2025 13:03",
            now.map(|t| t - 3 * 3600),
            now
        )
        .is_some());
    }

    /// A month named without a day is judged against the visits like a date: the month of
    /// each visit is noise ("Edition: November 2026" → "December 2026" seen on 1 and 3
    /// December), a month far from them is the page's ("Next review due: March 2027" →
    /// "June 2027").
    #[test]
    fn a_month_without_a_day_is_judged_against_the_visits() {
        let (then, now) = (Some(noon(2026, 12, 1)), Some(noon(2026, 12, 3)));
        assert_eq!(
            months_in("Next review due: March 2027, ed. 3 May 2026, marzo de 2025"),
            [
                (days_from_civil(2025, 3, 1), days_from_civil(2025, 3, 31)),
                (days_from_civil(2027, 3, 1), days_from_civil(2027, 3, 31)),
            ]
        );
        for (old, new) in [
            ("Next review due: March 2027", "Next review due: June 2027"),
            ("Nächste Prüfung: März 2027", "Nächste Prüfung: Juni 2027"),
            // The old month far from the old visit: a stamp that moved, not one tracking it.
            ("Edition: March 2026", "Edition: December 2026"),
        ] {
            assert_eq!(builtin_noise_between(old, new, then, now), None, "{old}");
            // Without the visits' times a short block's date is volatile, as before.
            assert!(builtin_noise(old, new).is_some(), "{old}");
        }
        assert!(builtin_noise_between(
            "Edition: November 2026",
            "Edition: December 2026",
            then,
            now
        )
        .is_some());
    }

    /// A weekday named in a date is judged against the visits' days like a date: the day of
    /// each visit is noise, other days are the page's (opening days).
    #[test]
    fn a_weekday_is_noise_only_when_it_names_the_visits_days() {
        // 1 January 2026 was a Thursday.
        let (thu, fri) = (noon(2026, 1, 1), noon(2026, 1, 2));
        // (Only a weekday beside a number is a date's.)
        assert_eq!(weekdays_named("Geöffnet Montag bis Freitag, 9:00"), [4]);
        assert_eq!(weekdays_named("Thu 3 Jan, Sa. 5"), [3, 5]);
        // "Monday to Friday" is no date: no weekday of one.
        assert!(weekdays_named("Open Monday to Friday.").is_empty());
        // Opening days changed: content, whenever it is seen.
        for (then, now) in [(thu, fri), (fri, fri + 7 * 86_400)] {
            assert_eq!(
                builtin_noise_between(
                    "The office is open from Monday to Friday, 9:00 to 17:00.",
                    "The office is open from Monday to Thursday, 9:00 to 17:00.",
                    Some(then),
                    Some(now)
                ),
                None
            );
        }
        // A stamp naming the day of each visit: noise.
        assert!(builtin_noise_between(
            "Donnerstag, 1. Januar",
            "Freitag, 2. Januar",
            Some(thu),
            Some(fri)
        )
        .is_some());
        assert!(weekdays_track_one_zone(&[3], &[4], thu, fri));
        // Friday seen on a Thursday: no zone makes it the visit's day.
        assert!(!weekdays_track_one_zone(&[4], &[3], thu, fri));
        // Late on Thursday in UTC it is already Friday east of it.
        assert!(weekdays_track_one_zone(&[], &[4], thu, thu + 11 * 3600));
        assert!(weekdays_track_one_zone(&[], &[], thu, fri));
    }

    /// A page that prints today's date with its weekday, in the languages of the web: noise
    /// when each visit's day is named; the same stamp a week off the visits is content.
    #[test]
    fn today_s_date_with_its_weekday_in_many_languages() {
        // ("năm" is also "five" and "year": a weekday only after "thứ".)
        assert!(weekdays_named("Tháng 11 năm 2026").is_empty());
        assert_eq!(weekdays_named("Thứ Năm, 03/12/2026"), [3]);
        // 30 November 2026 was a Monday.
        let (mon, tue) = (noon(2026, 11, 30), noon(2026, 12, 1));
        let cases = [
            // English with an ordinal day, before or after its month.
            ("Monday, 30th November 2026", "Tuesday, 1st December 2026"),
            ("Monday 30th November", "Tuesday 1st December"),
            ("Monday, November 30th", "Tuesday, December 1st"),
            ("Понедельник, 30 ноября 2026", "Вторник, 1 декабря 2026"),
            ("Понеділок, 30 листопада 2026", "Вівторок, 1 грудня 2026"),
            ("Poniedziałek, 30 listopada 2026", "Wtorek, 1 grudnia 2026"),
            ("Pondělí 30. listopadu 2026", "Úterý 1. prosince 2026"),
            ("30 Kasım 2026 Pazartesi", "1 Aralık 2026 Salı"),
            ("Δευτέρα 30 Νοεμβρίου 2026", "Τρίτη 1 Δεκεμβρίου 2026"),
            ("Måndag 30 november 2026", "Tisdag 1 december 2026"),
            ("Mandag 30. november 2026", "Tirsdag 1. desember 2026"),
            (
                "Maanantai 30. marraskuuta 2026",
                "Tiistai 1. joulukuuta 2026",
            ),
            ("Hétfő, 2026. november 30.", "Kedd, 2026. december 1."),
            (
                "Segunda-feira, 30 de novembro de 2026",
                "Terça-feira, 1 de dezembro de 2026",
            ),
            ("Senin, 30 November 2026", "Selasa, 1 Desember 2026"),
            ("الاثنين 30 نوفمبر 2026", "الثلاثاء 1 ديسمبر 2026"),
            ("יום שני, 30 בנובמבר 2026", "יום שלישי, 1 בדצמבר 2026"),
            ("सोमवार, 30 नवंबर 2026", "मंगलवार, 1 दिसंबर 2026"),
            ("2026年11月30日（月）", "2026年12月1日（火）"),
            ("2026年11月30日 星期一", "2026年12月1日 星期二"),
            ("2026년 11월 30일 월요일", "2026년 12월 1일 화요일"),
            // Vietnamese names its weekdays by number after "thứ".
            ("Thứ Hai, 30/11/2026", "Thứ Ba, 01/12/2026"),
        ];
        for (old, new) in cases {
            assert_eq!(
                builtin_noise_between(old, new, Some(mon), Some(tue)),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
            // Read a week later, the stamps name no visit's day: a document's dates.
            assert_eq!(
                builtin_noise_between(old, new, Some(mon + 7 * 86_400), Some(tue + 7 * 86_400)),
                None,
                "{old} → {new}, a week later"
            );
        }
    }

    /// Today's date with its weekday in more of the web's languages, and in the calendars of
    /// Thai (Buddhist era years) and Persian (Solar Hijri) pages: noise on the visits' days,
    /// content a week off them.
    #[test]
    fn today_s_date_in_more_languages_and_calendars() {
        let (mon, tue) = (noon(2026, 11, 30), noon(2026, 12, 1));
        let cases = [
            ("Понеделник, 30 ноември 2026", "Вторник, 1 декември 2026"),
            ("Понедељак, 30. новембар 2026.", "Уторак, 1. децембар 2026."),
            (
                "Ponedeljak, 30. novembar 2026.",
                "Utorak, 1. decembar 2026.",
            ),
            (
                "Ponedjeljak, 30. studenoga 2026.",
                "Utorak, 1. prosinca 2026.",
            ),
            ("Ponedeljek, 30. november 2026", "Torek, 1. december 2026"),
            ("Pondelok 30. novembra 2026", "Utorok 1. decembra 2026"),
            (
                "Pirmadienis, 2026 m. lapkričio 30 d.",
                "Antradienis, 2026 m. gruodžio 1 d.",
            ),
            (
                "Pirmdiena, 2026. gada 30. novembris",
                "Otrdiena, 2026. gada 1. decembris",
            ),
            (
                "Esmaspäev, 30. november 2026",
                "Teisipäev, 1. detsember 2026",
            ),
            (
                "Dilluns, 30 de novembre de 2026",
                "Dimarts, 1 de desembre de 2026",
            ),
            ("Lunes, Nobyembre 30, 2026", "Martes, Disyembre 1, 2026"),
            ("Isnin, 30 November 2026", "Selasa, 1 Disember 2026"),
            ("Jumatatu, 30 Novemba 2026", "Jumanne, 1 Desemba 2026"),
            // Romanian's Monday only before a day and its month; its t with a cedilla too.
            ("Luni, 30 noiembrie 2026", "Marți, 1 decembrie 2026"),
            ("Luni, 30 noiembrie 2026", "Marţi, 1 decembrie 2026"),
            // Danish and Norwegian "den", Vietnamese "ngày", before the day.
            (
                "Mandag den 30. november 2026",
                "Tirsdag den 1. december 2026",
            ),
            (
                "Thứ Hai, ngày 30 tháng 11 năm 2026",
                "Thứ Ba, ngày 1 tháng 12 năm 2026",
            ),
            ("সোমবার, ৩০ নভেম্বর ২০২৬", "মঙ্গলবার, ১ ডিসেম্বর ২০২৬"),
            ("திங்கள், 30 நவம்பர் 2026", "செவ்வாய், 1 டிசம்பர் 2026"),
            ("پیر 30 نومبر 2026", "منگل 1 دسمبر 2026"),
            // A weekday before the date, in Japanese and Chinese.
            ("月曜日 2026年11月30日", "火曜日 2026年12月1日"),
            ("星期一 2026年11月30日", "星期二 2026年12月1日"),
            // Thai: the weekday glued to "วัน" and "ที่", the year of the Buddhist era, Thai
            // digits.
            ("วันจันทร์ที่ 30 พฤศจิกายน 2569", "วันอังคารที่ 1 ธันวาคม 2569"),
            ("๓๐ พฤศจิกายน ๒๕๖๙", "๑ ธันวาคม ๒๕๖๙"),
            // Persian: its own months and years (9 and 10 Azar 1405), the Gregorian months in
            // Persian, both in one header, Tuesday written with a zero-width non-joiner.
            ("دوشنبه ۹ آذر ۱۴۰۵", "سه\u{200C}شنبه ۱۰ آذر ۱۴۰۵"),
            ("۳۰ نوامبر ۲۰۲۶", "۱ دسامبر ۲۰۲۶"),
            (
                "دوشنبه ۹ آذر ۱۴۰۵ - ۳۰ نوامبر ۲۰۲۶",
                "سه\u{200C}شنبه ۱۰ آذر ۱۴۰۵ - ۱ دسامبر ۲۰۲۶",
            ),
        ];
        for (old, new) in cases {
            assert_eq!(
                builtin_noise_between(old, new, Some(mon), Some(tue)),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
            assert_eq!(
                builtin_noise_between(old, new, Some(mon + 7 * 86_400), Some(tue + 7 * 86_400)),
                None,
                "{old} → {new}, a week later"
            );
        }
        // Abbreviated weekdays and months; numeric dates year first, in the Persian calendar,
        // with a Thai year.
        for (old, new) in [
            ("lun. 30 nov. 2026", "mar. 1 déc. 2026"),
            ("lun 30 nov 2026", "mar 1 dic 2026"),
            ("seg, 30 nov 2026", "ter, 1 dez 2026"),
            ("Pzt 30 Kas 2026", "Sal 1 Ara 2026"),
            ("pon., 30 lis 2026", "wt., 1 gru 2026"),
            ("пн, 30 ноя 2026", "вт, 1 дек 2026"),
            ("Δευ 30 Νοε 2026", "Τρι 1 Δεκ 2026"),
            ("ma 30 nov 2026", "di 1 dec 2026"),
            ("2026.11.30 (월)", "2026.12.01 (화)"),
            ("۱۴۰۵/۰۹/۰۹", "۱۴۰۵/۰۹/۱۰"),
            ("1405.09.09", "1405.09.10"),
            ("30/11/2569", "1/12/2569"),
            // The years of Japan's and Taiwan's eras.
            ("令和8年11月30日(月)", "令和8年12月1日(火)"),
            ("民國115年11月30日 星期一", "民國115年12月1日 星期二"),
            ("115年11月30日", "115年12月1日"),
            ("๓๐/๑๑/๒๕๖๙", "๑/๑๒/๒๕๖๙"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(mon), Some(tue)),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
            assert_eq!(
                builtin_noise_between(old, new, Some(mon + 7 * 86_400), Some(tue + 7 * 86_400)),
                None,
                "{old} → {new}, a week later"
            );
        }
        // A weekday and its day of the month without the month, alone or before a clock: the
        // day of the visit when it falls on that weekday this month or next to it.
        for (old, new) in [
            ("Mon 30", "Tue 1"),
            ("Montag, 30.", "Dienstag, 1."),
            ("Mon 30 · 10:00", "Tue 1 · 10:00"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(mon), Some(tue)),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            // Another week's days, and a day of the month no weekday explains.
            ("Mon 23", "Tue 24"),
            ("Wednesday 3", "Wednesday 4"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(mon), Some(tue)),
                None,
                "{old} → {new}"
            );
        }
        // "Monday 3 times" counts: the number is no day.
        assert_eq!(
            builtin_noise_between(
                "The ferry leaves Monday 3 times from the north pier in the summer season",
                "The ferry leaves Monday 4 times from the north pier in the summer season",
                Some(mon),
                Some(tue)
            ),
            None
        );
        // "Mar" before a day and a year is March, not Tuesday: 8 March 2026 → 9 March, seen on
        // those days.
        assert_eq!(
            builtin_noise_between(
                "Updated Mar 8, 2026",
                "Updated Mar 9, 2026",
                Some(noon(2026, 3, 8)),
                Some(noon(2026, 3, 9))
            ),
            Some(vec![Volatile::Date])
        );
        // A slashed date that both orders read takes the order its weekday falls on: Monday
        // the 7th of December (the 12th of July was a Sunday).
        let (mon, tue) = (noon(2026, 12, 7), noon(2026, 12, 8));
        for (old, new) in [
            ("Thứ Hai, 7/12/2026", "Thứ Ba, 8/12/2026"),
            ("Mon 07/12/2026", "Tue 08/12/2026"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(mon), Some(tue)),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
        }
        // Read the other way, "Monday 02/03/2026" is 2 March (a Monday), not 3 February: an
        // older stamp, content on 7 and 8 December.
        assert_eq!(
            builtin_noise_between(
                "Posted Monday 02/03/2026",
                "Posted Tuesday 03/03/2026",
                Some(mon),
                Some(tue)
            ),
            None
        );
        // Nowruz: the last day of 1404 (not a leap year: Esfand has 29 days) and the first
        // of 1405, 20 and 21 March 2026.
        assert_eq!(persian_days(1405, 1, 1), Some(days_from_civil(2026, 3, 21)));
        assert_eq!(
            persian_days(1404, 12, 29),
            Some(days_from_civil(2026, 3, 20))
        );
        assert_eq!(persian_days(1404, 12, 30), None);
        assert_eq!(
            persian_days(1403, 12, 30),
            Some(days_from_civil(2025, 3, 20))
        );
        assert_eq!(
            persian_days(1399, 10, 11),
            Some(days_from_civil(2020, 12, 31))
        );
        assert_eq!(cjk_date("令和元年5月1日"), Some((Some(2019), 5, 1)));
        assert_eq!(cjk_date("平成31年4月30日"), Some((Some(2019), 4, 30)));
        assert_eq!(cjk_date("令和7年3月3日更新"), Some((Some(2025), 3, 3)));
        assert_eq!(thai_year("2569"), Some(2026));
        assert_eq!(thai_year("69"), Some(2026));
        assert_eq!(thai_weekday("วันพฤหัสบดีที่"), Some(3));
        assert_eq!(thai_weekday("พุธ"), Some(2));
        // Vietnamese "tháng" is also "months": a warranty of 12 months, then of 24, is an
        // offer's change, not a date's.
        assert_eq!(
            builtin_noise_between(
                "Bảo hành chính hãng 12 tháng tại tất cả cửa hàng",
                "Bảo hành chính hãng 24 tháng tại tất cả cửa hàng",
                Some(mon),
                Some(tue)
            ),
            None
        );
        // "luni" is also "months": "3 luni" → "4 luni" names no day.
        assert!(weekdays_named("Durata: 3 luni").is_empty());
        assert!(weekdays_named("Luni, 30 noiembrie 2026") == [0]);
    }

    /// A date that moved to the next day between two visits is the day each visit was served
    /// only when one time zone explains both: the day rolled over there between the visits.
    #[test]
    fn a_date_tracks_the_visits_in_one_time_zone() {
        let at = |d: i64, h: i64, m: i64| days_from_civil(2020, 3, d) * 86_400 + h * 3600 + m * 60;
        let (old, new) = (
            "Last updated: March 12, 2020",
            "Last updated: March 13, 2020",
        );
        // Seen at 16:54 and 17:51 UTC on the 13th: no zone was still on the 12th at 16:54, so
        // the stamp of a daily report moved: content.
        assert_eq!(
            builtin_noise_between(old, new, Some(at(13, 16, 54)), Some(at(13, 17, 51))),
            None
        );
        // Seen at 03:50 and 04:20 UTC: midnight in UTC−4 fell between the visits.
        assert_eq!(
            builtin_noise_between(old, new, Some(at(13, 3, 50)), Some(at(13, 4, 20))),
            Some(vec![Volatile::Date])
        );
        // Seen at 23:50 on the 12th and 00:20 UTC on the 13th (UTC), or a day apart.
        for (then, now) in [
            (at(12, 23, 50), at(13, 0, 20)),
            (at(12, 15, 0), at(13, 15, 0)),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(now)),
                Some(vec![Volatile::Date])
            );
        }
        // One side without a date of its own: nothing to compare.
        let march_13 = days_from_civil(2020, 3, 13);
        assert!(dates_track_one_zone(
            &[],
            &[march_13],
            at(13, 16, 54),
            at(13, 17, 51)
        ));
        assert!(!dates_track_one_zone(
            &[march_13 - 1],
            &[march_13],
            at(13, 16, 54),
            at(13, 17, 51)
        ));
    }

    /// A date after words that say the document changed then moves because it changed: content,
    /// also when each version was read on the day it names. "Last updated" and "Stand" are
    /// still judged against both visits (pages print them with the day they are served).
    #[test]
    fn a_last_change_stamp_that_moves_is_content() {
        let at = |m: i64, d: i64, h: i64| days_from_civil(2023, m, d) * 86_400 + h * 3600;
        // The old version read on 17 October (the day it was edited), the new on 7 November.
        let (then, now) = (Some(at(10, 17, 12)), Some(at(11, 7, 12)));
        for (old, new) in [
            (
                "Web-Team / Letzte Änderung 17.10.2023",
                "Web-Team / Letzte Änderung 07.11.2023",
            ),
            (
                "Webredaktion / last change 17.10.2023",
                "Webredaktion / last change 07.11.2023",
            ),
            (
                "Last modified: October 17, 2023",
                "Last modified: November 7, 2023",
            ),
            (
                "Zuletzt geändert am 17.10.2023",
                "Zuletzt geändert am 07.11.2023",
            ),
            (
                "Dernière modification : 17 octobre 2023",
                "Dernière modification : 7 novembre 2023",
            ),
            (
                "Última modificación: 17 de octubre de 2023",
                "Última modificación: 7 de noviembre de 2023",
            ),
            (
                "Ultima modifica il 17 ottobre 2023",
                "Ultima modifica il 7 novembre 2023",
            ),
            (
                "Laatst gewijzigd op 17 oktober 2023",
                "Laatst gewijzigd op 7 november 2023",
            ),
            (
                "Última alteração em 17 de outubro de 2023",
                "Última alteração em 7 de novembro de 2023",
            ),
        ] {
            assert_eq!(builtin_noise_between(old, new, then, now), None, "{old}");
            // No learned rule may hide it either.
            assert!(builtin_noise_kinds(old, new).is_some(), "{old}");
        }
        for (old, new) in [
            (
                "Last updated: October 17, 2023",
                "Last updated: November 7, 2023",
            ),
            ("Stand: 17.10.2023", "Stand: 07.11.2023"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, then, now),
                Some(vec![Volatile::Date]),
                "{old}"
            );
        }
    }

    fn noise(a: &str, b: &str) -> Option<Vec<&'static str>> {
        builtin_noise(a, b).map(|v| v.into_iter().map(Volatile::name).collect())
    }

    #[test]
    fn counters_clocks_dates_durations() {
        // A ticker's sign moves with its count; a UUID is one id; a weekday before a month and
        // its day is part of the date.
        assert_eq!(
            noise("DAX 15.432 +0,5%", "DAX 15.390 -0,3%"),
            Some(vec!["counter"])
        );
        assert_eq!(noise("+12", "-3"), Some(vec!["counter"]));
        // A count's thousands parted by a space, in a longer line too.
        assert_eq!(
            noise(
                "Publié il y a 2 jours · 1 245 vues",
                "Publié il y a 2 jours · 2 310 vues"
            ),
            Some(vec!["counter"])
        );
        assert_eq!(
            noise(
                "Publicerad i går · 1\u{a0}012\u{a0}408 visningar",
                "Publicerad i går · 1\u{a0}013\u{a0}120 visningar"
            ),
            Some(vec!["counter"])
        );
        // A number of its own before a count is not one of its groups.
        assert_eq!(
            noise(
                "Chapter 2: 150 comments so far, read on",
                "Chapter 3: 150 comments so far, read on"
            ),
            None
        );
        assert_eq!(
            noise(
                "Request ID 7f3a9c2e-11b2-4c1e-9d2a-0e5b6c7d8e9f",
                "Request ID 0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d"
            ),
            Some(vec!["id"])
        );
        assert_eq!(
            noise(
                "[Konfigurieren](/set?variantId=061e10e5-46a9-47e8-82bc-1e97d6259ef7)",
                "[Konfigurieren](/set?variantId=e29547a9-dc3e-46e8-be82-c63fdd72fa44)"
            ),
            None
        );
        assert_eq!(
            noise("Tuesday, November 14", "Wednesday, November 15"),
            Some(vec!["date"])
        );
        // Relative times without a number, with "few", or glued to their unit.
        for (old, new) in [
            ("just now", "5 minutes ago"),
            ("Just now", "1 min ago"),
            ("a few seconds ago", "2 minutes ago"),
            ("vor wenigen Sekunden", "vor 5 Minuten"),
            ("gerade eben", "vor 1 Stunde"),
            ("Updated 3m ago", "Updated 2h ago"),
            // An abbreviated unit with its point.
            (
                "Posted by u/sailor 5 hr. ago",
                "Posted by u/sailor 1 day ago",
            ),
        ] {
            assert_eq!(
                noise(old, new),
                Some(vec!["relative_time"]),
                "{old} → {new}"
            );
        }
        // Without "ago" a glued unit is no relative time; "now" alone is no phrase.
        assert_eq!(noise("3m", "2h"), None);
        assert_eq!(noise("Now open", "Soon open"), None);
        // Stars make a short block a rating.
        assert_eq!(
            noise("★★★★☆ 4.3 (1,203)", "★★★★☆ 4.4 (1,250)"),
            Some(vec!["counter"])
        );
        // A range's dash is no sign; a word before a dash is no sign either.
        assert_eq!(noise("Items 7-8", "Items 7-9"), Some(vec!["counter"]));
        assert_eq!(noise("Tuesday, Lunch", "Wednesday, Lunch"), None);
        assert_eq!(
            noise(
                "You are visitor number 81434",
                "You are visitor number 81502"
            ),
            Some(vec!["counter"])
        );
        assert_eq!(
            noise("There are 665 users online", "There are 702 users online"),
            Some(vec!["counter"])
        );
        assert_eq!(
            noise("Visitors today: 1,204", "Visitors today: 1,377"),
            Some(vec!["counter"])
        );
        assert_eq!(
            noise("Page served in 0.00252 secs", "Page served in 0.00311 secs"),
            Some(vec!["duration"])
        );
        assert_eq!(
            noise("Last update 7:15", "Last update 19:04"),
            Some(vec!["clock"])
        );
        assert_eq!(
            noise(
                "Stand: 21.11.2026, 09:12 Uhr",
                "Stand: 22.11.2026, 10:40 Uhr"
            ),
            Some(vec!["clock", "date"])
        );
        assert_eq!(
            noise("Updated Nov 21, 2026", "Updated Nov 22, 2026"),
            Some(vec!["date"])
        );
        assert_eq!(
            noise("Montag, 21. November 2026", "Dienstag, 22. November 2026"),
            Some(vec!["date"])
        );
        assert_eq!(
            noise(
                "Your IP address is 10.0.0.7",
                "Your IP address is 192.168.1.20"
            ),
            Some(vec!["ip"])
        );
        assert_eq!(
            noise("session a8f7e6d5c4b3", "session 99ab12cd34ef"),
            Some(vec!["id"])
        );
    }

    #[test]
    fn prices_and_measures_are_not_counters() {
        // A shop's price or a product's figure in a short block is content (issue 11: the
        // website-stalker histories of shops).
        assert_eq!(
            noise("* Max 385 - 32GB €1,279", "* Max 385 - 32GB €1,309"),
            None
        );
        assert_eq!(noise("ab € 969,00", "ab € 989,00"), None);
        assert_eq!(noise("17,35 €", "17,36 €"), None);
        assert_eq!(noise("Preis34,95 €", "Preis36,95 €"), None);
        assert_eq!(noise("Price 5 EUR", "Price 7 EUR"), None);
        assert_eq!(noise("6 TB", "8 TB"), None);
        assert_eq!(noise("1.25GHz Frequency", "1.35GHz Frequency"), None);
        assert_eq!(noise("bis zu 64 GB RAM", "bis zu 96 GB RAM"), None);
        assert_eq!(noise("8-128 GB", "8-256 GB"), None);
        assert_eq!(
            noise(
                "Intel Core i3-13100T (60W TDP)",
                "Intel Core i3-13100T (35W TDP)"
            ),
            None
        );
        assert_eq!(noise("Netzteil 65 W", "Netzteil 90 W"), None);
        assert_eq!(noise("Display 500 nits", "Display 600 nits"), None);
        // A discount is an offer's size, like a price.
        assert_eq!(
            noise("Pre-order now and save 10%.", "Pre-order now and save 5%."),
            None
        );
        assert_eq!(noise("20 % Rabatt", "30 % Rabatt"), None);
        assert_eq!(noise("Sale -20%", "Sale -30%"), None);
        assert_eq!(noise("Bis zu 49 %", "Bis zu 47 %"), None);
        assert_eq!(noise("Up to 30%", "Up to 40%"), None);
        // Other percentages in a short block move like counts (a battery, a poll).
        assert_eq!(noise("Battery 45%", "Battery 44%"), Some(vec!["counter"]));
        assert_eq!(noise("DAX -0.5 %", "DAX -0.6 %"), Some(vec!["counter"]));
        // Counts stay counters.
        assert_eq!(
            noise("* Alle (0) Flash Deals (1)", "* Alle (0) Flash Deals (2)"),
            Some(vec!["counter"])
        );
        assert_eq!(noise("Comments 12", "Comments 13"), Some(vec!["counter"]));
        assert_eq!(
            noise("08:00 Uhr2iX Magazin", "08:00 Uhr3iX Magazin"),
            Some(vec!["counter"])
        );
    }

    #[test]
    fn relative_times_in_two_languages() {
        assert_eq!(
            noise("Posted 5 minutes ago by Ann", "Posted 2 hours ago by Ann"),
            Some(vec!["relative_time"])
        );
        assert_eq!(
            noise("Posted an hour ago by Ann", "Posted 3 hours ago by Ann"),
            Some(vec!["relative_time"])
        );
        assert_eq!(
            noise(
                "Aktualisiert vor 3 Stunden",
                "Aktualisiert vor einer Stunde"
            ),
            Some(vec!["relative_time"])
        );
        // Of several units, both numbers changed (a tweet's age in a feed).
        assert_eq!(
            noise(
                "17 new cases were reported at a nursing home - 6 hours 35 min ago",
                "17 new cases were reported at a nursing home - 7 hours 5 min ago"
            ),
            Some(vec!["relative_time"])
        );
        assert_eq!(
            noise(
                "Aktualisiert vor 2 Stunden 5 Minuten",
                "Aktualisiert vor 3 Stunden 40 Minuten"
            ),
            Some(vec!["relative_time"])
        );
        // Without "ago" it is a duration the page states.
        assert_eq!(
            noise(
                "The ferry crossing takes 6 hours 35 min in winter",
                "The ferry crossing takes 7 hours 5 min in winter"
            ),
            None
        );
    }

    #[test]
    fn meaningful_changes_are_not_noise() {
        // A number in prose is content.
        assert_eq!(
            noise(
                "You may cancel the contract within 30 days of signing it.",
                "You may cancel the contract within 14 days of signing it."
            ),
            None
        );
        // A time or date inside prose is content; after a timestamp cue it is not.
        assert_eq!(
            noise(
                "The morning ferry will leave at 7:15 instead of 7:00 from Monday onwards.",
                "The morning ferry will leave at 7:30 instead of 7:00 from Monday onwards."
            ),
            None
        );
        assert_eq!(noise("This page was last updated on 21.11.2026 at 09:12 by the editorial team of the paper.", "This page was last updated on 22.11.2026 at 10:40 by the editorial team of the paper."), Some(vec!["clock", "date"]));
        // Any changed word is content.
        assert_eq!(
            noise("There are 665 users online", "There are 665 admins online"),
            None
        );
        assert_eq!(
            noise("The museum opens at 7:15", "The gallery opens at 7:15"),
            None
        );
        assert_eq!(noise("same", "same"), None);
    }

    #[test]
    fn rule_labels_are_capped() {
        let mut m = NoiseModel::default();
        let long = "word ".repeat(20_000);
        m.learn_near_simultaneous(
            &format!("{long}Visitors 17 {long}"),
            &format!("{long}Visitors 18 {long}"),
            "/p[0]",
        );
        assert_eq!(m.rules.len(), 1);
        let label = &m.rules[0].label;
        assert_eq!(label.chars().count(), crate::limits::MAX_RULE_LABEL);
        assert!(label.ends_with('…'), "{label}");
    }

    #[test]
    fn slot_rules_are_learned_and_narrow() {
        let mut m = NoiseModel::default();
        m.learn_near_simultaneous(
            "Wetter: sonnig in Berlin",
            "Wetter: bewölkt in Berlin",
            "/p[0]",
        );
        assert_eq!(m.rules.len(), 1);
        assert_eq!(m.rules[0].label, "Wetter: {*} in Berlin");
        assert!(hides(
            "Wetter: bewölkt in Berlin",
            "Wetter: sonnig in Berlin",
            "/p[0]",
            &m
        ));
        // A word the slot never showed: looked like the rule, kept as content.
        let kept = classify(
            "Wetter: sonnig in Berlin",
            "Wetter: regnerisch in Berlin",
            "/p[0]",
            None,
            None,
            Some(&m),
        )
        .expect("a reason");
        assert_eq!(
            kept.kept,
            Some(crate::classify::Kept::NewWords {
                words: vec!["regnerisch".into()]
            })
        );
        assert_eq!(kept.rule_id.as_deref(), Some(m.rules[0].id.as_str()));
        assert!(classify(
            "Wetter: sonnig in Berlin",
            "Wetter: sonnig in Hamburg",
            "/p[0]",
            None,
            None,
            Some(&m)
        )
        .is_none());
        // Learning the same rule twice confirms it.
        m.learn_near_simultaneous("Wetter: a in Berlin", "Wetter: b in Berlin", "/p[0]");
        assert_eq!(m.rules.len(), 1);
        assert_eq!(m.rules[0].hits, 2);
        let id = m.rules[0].id.clone();
        let record = m.remove(&id).expect("removed");
        assert!(record.removed);
        assert_eq!(m.active().count(), 0);
        // A removed rule stays removed: it matches nothing and is not learned again.
        m.learn_near_simultaneous("Wetter: c in Berlin", "Wetter: d in Berlin", "/p[0]");
        assert_eq!(m.active().count(), 0);
        assert!(classify(
            "Wetter: e in Berlin",
            "Wetter: f in Berlin",
            "/p[0]",
            None,
            None,
            Some(&m)
        )
        .is_none());
        assert!(m.remove("no-such-id").is_none());
    }

    /// A time range is a schedule ("von 8:00 bis 15:30 Uhr", "9:00–17:00", "9:00 am to 5:00 pm"):
    /// its change is content; a lone time stamp stays a clock.
    #[test]
    fn time_ranges_are_schedules_not_clocks() {
        all_content(&[
            (
                "Freitag von 8:00 bis 15:30 Uhr",
                "Freitag von 8:00 bis 15:00 Uhr",
            ),
            ("Open 9:00–17:00", "Open 9:00–18:00"),
            ("Open 9:00 - 17:00", "Open 10:00 - 17:00"),
            ("9:00 am to 5:00 pm", "9:00 am to 6:00 pm"),
            (
                "|Montag bis Donnerstag:|09.00 - 15.00 Uhr|",
                "|Montag bis Donnerstag:|10.00 - 14.00 Uhr|",
            ),
            ("Mo–Fr 9.00 bis 17.30 Uhr", "Mo–Fr 9.00 bis 18.00 Uhr"),
            // Whole hours, said to be hours by "Uhr", "h" or "am"/"pm".
            ("Mo-Fr 9-18 Uhr", "Mo-Fr 9-17 Uhr"),
            ("Open 9 am to 5 pm", "Open 9 am to 6 pm"),
            ("Today's hours: 7am – 6pm", "Today's hours: 8am – 2pm"),
        ]);
        // Without the word a range of numbers is no schedule.
        all_noise(&[("Items 7-8", "Items 7-9")], &[Volatile::Counter]);
        all_noise(
            &[
                ("Page generated at 10:42:07", "Page generated at 10:43:11"),
                ("Letztes Update: 06:01", "Letztes Update: 06:24"),
            ],
            &[Volatile::Clock],
        );
    }

    /// A time beside a date days away from the visit is an appointment ("Anmeldung 19.09.2022
    /// 10:00" moved to 14:00, seen on 5 September): content; beside the visit's own day it is the
    /// page's time stamp ("Letztes Update: 06:01 / 11.05.2023" seen that day): noise.
    #[test]
    fn a_time_of_another_day_is_an_appointment() {
        let day = |y, m, d| days_from_civil(y, m, d) * 86_400 + 12 * 3600;
        let (old, new) = ("Anmeldung 19.09.2022 10:00", "Anmeldung 19.09.2022 14:00");
        assert_eq!(
            builtin_noise_between(old, new, Some(day(2022, 9, 5)), Some(day(2022, 9, 6))),
            None
        );
        // Seen on the day itself, each time at the hour it names (in the page's zone, UTC+2):
        // the page's clock.
        let at = |h: i64| days_from_civil(2022, 9, 19) * 86_400 + (h - 2) * 3600;
        assert_eq!(
            builtin_noise_between(old, new, Some(at(10)), Some(at(14))).as_deref(),
            Some(&[Volatile::Clock][..])
        );
        // Without the visit's time, a time of day is a clock.
        assert_eq!(
            builtin_noise(old, new).as_deref(),
            Some(&[Volatile::Clock][..])
        );
        let (old, new) = (
            "Letztes Update: 06:01 / 11.05.2023",
            "Letztes Update: 06:24 / 11.05.2023",
        );
        let at = |h: i64, m: i64| days_from_civil(2023, 5, 11) * 86_400 + (h - 2) * 3600 + m * 60;
        assert_eq!(
            builtin_noise_between(old, new, Some(at(6, 3)), Some(at(6, 30))).as_deref(),
            Some(&[Volatile::Clock][..])
        );
    }

    /// A clock is the time the page was served only when it kept its distance to the visits: a
    /// "last update" stamp seen long after it was made, then another, is the page's record of an
    /// edit, and a time that moved back ("14:01" → "13:25") is one the page announces. Offsets
    /// are compared modulo 12 hours (no "pm" needed) and across time zones; without both visits'
    /// times a changed clock stays noise.
    #[test]
    fn a_clock_is_noise_only_when_it_tracked_both_visits() {
        // Visits at 17:20 and 19:40 UTC on one day.
        let at = |h: i64, m: i64| days_from_civil(2023, 9, 15) * 86_400 + h * 3600 + m * 60;
        let (then, now) = (Some(at(17, 20)), Some(at(19, 40)));
        let served = |pairs: &[(&str, &str)], then, now| {
            for (old, new) in pairs {
                assert_eq!(
                    builtin_noise_between(old, new, then, now).as_deref(),
                    Some(&[Volatile::Clock][..]),
                    "{old} → {new}"
                );
            }
        };
        // A page in UTC+2 printing the time it was served, from a cache a few minutes old.
        served(
            &[
                ("Generated 19:18", "Generated 21:36"),
                ("Generated 7:18 pm", "Generated 9:41 pm"),
                ("Stand: 15.09.2023 19:18", "Stand: 15.09.2023 21:36"),
                // A countdown falls by the 2 h 20 min between the visits: time left to a
                // fixed moment (a daily deal's starts again after midnight: modulo a day).
                ("Sale ends in 05:13:45", "Sale ends in 02:53:12"),
                ("Angebot endet in 00:30:00", "Angebot endet in 22:10:00"),
            ],
            then,
            now,
        );
        // The stamp of an edit, seen long after it was made; an announced time moved back.
        for (old, new) in [
            (
                "Letztes Update: 17:17 / 15.09.2023",
                "Letztes Update: 18:10 / 15.09.2023",
            ),
            ("15.09.2023 - 14:01", "15.09.2023 - 13:25"),
            ("Generated 19:18", "Generated 21:00"),
            // An hour off on a Friday in September: no clock switched.
            ("Generated 19:18", "Generated 22:37"),
            ("15.09.2023 - 18:01", "15.09.2023 - 19:25"),
            // A deadline moved: the time left fell by an hour more than had passed.
            ("Sale ends in 05:13:45", "Sale ends in 01:53:12"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, then, now),
                None,
                "{old} → {new}"
            );
            // Without both times: a clock.
            assert!(builtin_noise_between(old, new, None, now).is_some());
            assert!(builtin_noise(old, new).is_some());
        }
        // The zone switched between a visit on Saturday 28 October 2023 and one on Sunday the
        // 29th: an hour more or less is the same served time.
        let sat = days_from_civil(2023, 10, 28) * 86_400;
        let (then, now) = (
            Some(sat + 17 * 3600 + 20 * 60),
            Some(sat + 86_400 + 19 * 3600 + 40 * 60),
        );
        served(
            &[
                ("Generated 19:18", "Generated 22:37"),
                ("Generated 19:18", "Generated 20:37"),
            ],
            then,
            now,
        );
        assert_eq!(
            builtin_noise_between("Generated 19:18", "Generated 21:00", then, now),
            None
        );
        // Visits five minutes apart: a countdown with its word fell by them; a time beside a
        // date moved back by about as much is an edit's stamp (no time left beside a date),
        // and so is a bare time without seconds or a countdown's word.
        let (then, now) = (Some(at(12, 20)), Some(at(12, 25)));
        served(&[("Ends in 00:40", "Ends in 00:35")], then, now);
        for (old, new) in [
            ("15.09.2023 - 12:22", "15.09.2023 - 12:15"),
            ("Abfahrt 12:22", "Abfahrt 12:15"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, then, now),
                None,
                "{old} → {new}"
            );
        }
    }

    #[test]
    fn clocks_may_switch_on_the_days_zones_switch() {
        let at = |y: i64, m: i64, d: i64, h: i64| days_from_civil(y, m, d) * 86_400 + h * 3600;
        // The EU's (Saturday 30 March 2024 to the Sunday), the United States' (3 November
        // 2024, 10 March 2024), Australia's and New Zealand's (the UTC Saturday before Sunday
        // 6 October 2024, 29 September 2024), Egypt's (Friday 26 April 2024, Thursday 31
        // October 2024), Chile's (Sunday 7 April and 8 September 2024); half a year.
        assert!(may_switch_clocks(at(2024, 3, 30, 20), at(2024, 3, 31, 4)));
        assert!(may_switch_clocks(at(2024, 11, 3, 9), at(2024, 11, 3, 10)));
        assert!(may_switch_clocks(at(2024, 3, 10, 6), at(2024, 3, 10, 11)));
        assert!(may_switch_clocks(at(2024, 10, 5, 14), at(2024, 10, 5, 18)));
        assert!(may_switch_clocks(at(2024, 9, 28, 12), at(2024, 9, 28, 16)));
        assert!(may_switch_clocks(at(2024, 4, 25, 20), at(2024, 4, 25, 23)));
        assert!(may_switch_clocks(
            at(2024, 10, 30, 20),
            at(2024, 10, 30, 23)
        ));
        assert!(may_switch_clocks(at(2024, 4, 7, 1), at(2024, 4, 7, 5)));
        assert!(may_switch_clocks(at(2024, 9, 8, 1), at(2024, 9, 8, 5)));
        assert!(may_switch_clocks(at(2024, 1, 2, 0), at(2024, 7, 3, 0)));
        // Across New Year into a switching day: the next year's days count.
        assert!(may_switch_clocks(at(2024, 12, 20, 0), at(2025, 3, 10, 0)));
        // Israel's Friday before the EU's Sunday (29 March 2024, UTC midnight).
        assert!(may_switch_clocks(at(2024, 3, 28, 12), at(2024, 3, 28, 23)));
        // Weekdays of March; a weekend in August; a Sunday in January; weekends of the
        // switching months on which no zone switches (28–29 November 2026, 14–15 March 2026,
        // 12–13 September 2026, 17–18 October 2026).
        assert!(!may_switch_clocks(at(2024, 3, 18, 1), at(2024, 3, 22, 23)));
        assert!(!may_switch_clocks(at(2023, 8, 26, 1), at(2023, 8, 27, 3)));
        assert!(!may_switch_clocks(at(2024, 1, 7, 1), at(2024, 1, 7, 3)));
        assert!(!may_switch_clocks(at(2026, 11, 28, 10), at(2026, 12, 1, 9)));
        assert!(!may_switch_clocks(at(2026, 3, 14, 0), at(2026, 3, 15, 23)));
        assert!(!may_switch_clocks(at(2026, 9, 12, 0), at(2026, 9, 13, 23)));
        assert!(!may_switch_clocks(
            at(2026, 10, 17, 0),
            at(2026, 10, 18, 23)
        ));
    }

    /// A cinema moves a showing by an hour between visits around a weekend of November on
    /// which no zone switches its clocks: the showing's new time is content, not a served
    /// clock that a switch shifted.
    #[test]
    fn an_hour_moved_off_the_switching_days_is_no_served_clock() {
        let at = |y: i64, m: i64, d: i64, h: i64| days_from_civil(y, m, d) * 86_400 + h * 3600;
        let (then, now) = (Some(at(2026, 11, 28, 10)), Some(at(2026, 12, 1, 9)));
        assert_eq!(
            builtin_noise_between("Mon 20:15", "Mon 18:15", then, now),
            None
        );
        // On the EU's switching weekend the same pair may be the served clock an hour off.
        let (then, now) = (Some(at(2026, 10, 24, 10)), Some(at(2026, 10, 27, 9)));
        assert!(builtin_noise_between("Mon 20:15", "Mon 18:15", then, now).is_some());
    }

    /// A period ("14 days", "3 - 4 weeks") and the number of a document or its part
    /// ("Version 3.2", "Section 12", "§ 7") are what a terms page says, not counters, even in
    /// a short block; counters, relative times and prices keep their kinds.
    #[test]
    fn periods_and_document_numbers_are_no_counters() {
        all_content(&[
            ("Refunds within 14 days", "Refunds within 30 days"),
            ("Valid for 12 months", "Valid for 24 months"),
            ("Dispatch in 3 - 4 weeks", "Dispatch in 5 - 6 weeks"),
            (
                "Dispatch in 7 - 8 working days",
                "Dispatch in 1 - 2 working days",
            ),
            ("3 - 4 business days", "1 - 2 business days"),
            ("Lieferung in 3 Arbeitstagen", "Lieferung in 5 Arbeitstagen"),
            ("Widerruf binnen 14 Tagen", "Widerruf binnen 30 Tagen"),
            ("Version 3.2", "Version 3.3"),
            ("Section 12", "Section 13"),
            ("§ 7 Haftung", "§ 8 Haftung"),
        ]);
        all_noise(
            &[
                ("Visitors: 1204", "Visitors: 1210"),
                ("12 comments", "13 comments"),
            ],
            &[Volatile::Counter],
        );
        all_noise(
            &[("Updated 3 days ago", "Updated 4 days ago")],
            &[Volatile::RelativeTime],
        );
    }

    /// A year read as a count is a date: noise only when it is the year of the visits ("© 2025"
    /// seen in December 2025, "© 2026" in January 2026), content when it moved to another year
    /// ("Olympia 2016" → "Olympia 2021" seen in 2023); beside a counter word it stays a count.
    #[test]
    fn a_year_is_noise_only_when_it_tracked_the_visits() {
        let at = |y, m, d| Some(days_from_civil(y, m, d) * 86_400 + 12 * 3600);
        assert_eq!(
            builtin_noise_between(
                "Olympia 2016",
                "Olympia 2021",
                at(2023, 5, 1),
                at(2023, 6, 1)
            ),
            None
        );
        assert_eq!(
            builtin_noise_between("Olympia 2016", "Olympia 2021", None, at(2023, 6, 1)),
            None
        );
        assert_eq!(
            builtin_noise_between(
                "© 2025 Copyright WEtell.",
                "© 2026 Copyright WEtell.",
                at(2025, 12, 30),
                at(2026, 1, 2)
            )
            .as_deref(),
            Some(&[Volatile::Date][..])
        );
        // Seen in 2026 both times: the old "2025" did not track its visit, so a year of the
        // page's own moved ("Programm 2025" → "2026")...
        assert_eq!(
            builtin_noise_between(
                "Unser Programm 2025",
                "Unser Programm 2026",
                at(2026, 1, 1),
                at(2026, 1, 2)
            ),
            None
        );
        // ...but a copyright's year moves on whenever the site gets to it, the sign typed
        // as "(c)" too; a "(c)" that only lists a third point is no copyright.
        for (a, b) in [
            ("© 2025 Copyright WEtell.", "© 2026 Copyright WEtell."),
            ("(c) 2025 WEtell GmbH", "(c) 2026 WEtell GmbH"),
            ("(C) 2005-2025 WEtell", "(C) 2005-2026 WEtell"),
        ] {
            assert!(
                builtin_noise_between(a, b, at(2026, 1, 1), at(2026, 1, 2)).is_some(),
                "{b}"
            );
        }
        assert_eq!(
            builtin_noise_between(
                "(a) tickets, (b) passes, (c) the Programm 2025",
                "(a) tickets, (b) passes, (c) the Programm 2026",
                at(2026, 1, 1),
                at(2026, 1, 2)
            ),
            None
        );
        assert_eq!(
            builtin_noise_between(
                "2016 Besucher",
                "2021 Besucher",
                at(2023, 5, 1),
                at(2023, 6, 1)
            )
            .as_deref(),
            Some(&[Volatile::Counter][..])
        );
        // Without the visits' times, as before: a count.
        assert!(builtin_noise("Olympia 2016", "Olympia 2021").is_some());
        // A month and year (no day to read) is judged by its year the same way.
        assert_eq!(
            builtin_noise_between(
                "Geschäftsordnung - Stand August 2020",
                "Geschäftsordnung - Stand August 2023",
                at(2023, 8, 1),
                at(2023, 9, 1)
            ),
            None
        );
        assert!(builtin_noise_between(
            "Stand: December 2025",
            "Stand: January 2026",
            at(2025, 12, 30),
            at(2026, 1, 2)
        )
        .is_some());
    }

    /// Relative times in Indonesian, Vietnamese, Arabic, Hebrew, Greek, Hindi and Hungarian are
    /// read as such in a long line too (a short block's number is a count anyway); their
    /// periods stay content.
    #[test]
    fn relative_times_in_more_languages() {
        let long = "The council met again to discuss the harbour plan and the ferry timetable";
        for (a, b) in [
            (
                "diperbarui 5 menit yang lalu",
                "diperbarui 7 menit yang lalu",
            ),
            ("cập nhật 5 phút trước", "cập nhật 7 phút trước"),
            ("منذ 5 دقائق", "منذ 7 دقائق"),
            ("לפני 5 דקות", "לפני 7 דקות"),
            ("πριν από 5 λεπτά", "πριν από 7 λεπτά"),
            ("5 मिनट पहले", "7 मिनट पहले"),
            ("5 perc ezelőtt", "7 perc ezelőtt"),
            ("frissítve 5 perce", "frissítve 7 perce"),
            ("3 hari yang lalu", "4 hari yang lalu"),
            // Ukrainian; Thai, whose "ago" is glued to the unit; Arabic and Hebrew, whose two
            // hours are one word, and whose one hour has no number.
            ("оновлено 5 хвилин тому", "оновлено 2 години тому"),
            ("3 дні тому", "2 тижні тому"),
            ("อัปเดตเมื่อ 5 นาทีที่แล้ว", "อัปเดตเมื่อ 2 ชั่วโมงที่แล้ว"),
            ("5 นาที ที่แล้ว", "7 นาที ที่แล้ว"),
            ("منذ 5 دقائق", "منذ ساعتين"),
            ("منذ ساعة", "منذ 3 ساعات"),
            ("עודכן לפני 5 דקות", "עודכן לפני שעתיים"),
            ("לפני שעה", "לפני יומיים"),
            ("3일 전에", "5일 전에"),
        ] {
            assert_eq!(
                builtin_noise(&format!("{long} {a}"), &format!("{long} {b}")).as_deref(),
                Some(&[Volatile::RelativeTime][..]),
                "{b}"
            );
        }
        all_content(&[
            (
                "Pengembalian dana dalam 14 hari setelah pembelian tiket kapal feri",
                "Pengembalian dana dalam 30 hari setelah pembelian tiket kapal feri",
            ),
            (
                "Hoàn tiền trong vòng 14 ngày sau khi mua vé tàu cho chuyến đi",
                "Hoàn tiền trong vòng 30 ngày sau khi mua vé tàu cho chuyến đi",
            ),
        ]);
    }

    /// Relative times in the languages whose dates were added with Thai and Persian pages:
    /// "ago" after the unit or before the number, read in a long line; their periods (a
    /// warranty, a refund's days) stay content.
    #[test]
    fn relative_times_in_the_languages_of_more_editions() {
        let long = "The council met again to discuss the harbour plan and the ferry timetable";
        for (a, b) in [
            ("به‌روزرسانی ۵ دقیقه پیش", "به‌روزرسانی ۲ ساعت پیش"),
            ("5 منٹ پہلے", "2 گھنٹے پہلے"),
            ("৫ মিনিট আগে", "২ ঘণ্টা আগে"),
            ("5 நிமிடங்களுக்கு முன்பு", "7 நிமிடங்களுக்கு முன்பு"),
            ("преди 5 минути", "преди 2 часа"),
            ("prije 5 minuta", "prije 2 sata"),
            ("pre 5 minuta", "pre 3 dana"),
            ("pred 5 minútami", "pred 2 hodinami"),
            ("prieš 5 minutes", "prieš 2 valandas"),
            ("pirms 5 minūtēm", "pirms 2 stundām"),
            ("5 minutit tagasi", "2 tundi tagasi"),
            ("fa 5 minuts", "fa 2 hores"),
            ("5 minuto ang nakalipas", "2 oras ang nakalipas"),
            ("5 minit yang lalu", "2 jam yang lalu"),
            ("5 perccel ezelőtt", "2 órával ezelőtt"),
        ] {
            assert_eq!(
                builtin_noise(&format!("{long} {a}"), &format!("{long} {b}")).as_deref(),
                Some(&[Volatile::RelativeTime][..]),
                "{b}"
            );
        }
        all_content(&[
            (
                "Garancija 24 mjeseca na sve proizvode kupljene u našoj trgovini",
                "Garancija 36 mjeseci na sve proizvode kupljene u našoj trgovini",
            ),
            (
                "بازگشت وجه تا ۷ روز پس از خرید بلیت کشتی برای همه مسافران",
                "بازگشت وجه تا ۱۴ روز پس از خرید بلیت کشتی برای همه مسافران",
            ),
        ]);
        // Today and yesterday beside a clock, in Thai, Persian, Bulgarian and Croatian.
        for (a, b) in [
            ("วันนี้ 10:05", "เมื่อวาน 10:05"),
            ("امروز ۱۰:۰۵", "دیروز ۱۰:۰۵"),
            ("Днес, 10:05", "Вчера, 10:05"),
            ("Danas, 10:05", "Jučer, 10:05"),
        ] {
            assert_eq!(
                builtin_noise(a, b).as_deref(),
                Some(&[Volatile::RelativeTime][..]),
                "{a} → {b}"
            );
        }
    }

    /// A sentence of Chinese or Japanese is one token but many words: a number in it is the
    /// sentence's (an article's number, a price), not a count of a short counter-like block;
    /// a count beside its counter word stays noise there too.
    #[test]
    fn a_number_in_a_chinese_or_japanese_sentence_is_no_count() {
        for (a, b) in [
            (
                "该法案第 12 条规定，用户必须年满十八岁才能注册本服务。",
                "该法案第 13 条规定，用户必须年满十八岁才能注册本服务。",
            ),
            (
                "本サービスの利用者は 18 歳以上でなければなりません。",
                "本サービスの利用者は 20 歳以上でなければなりません。",
            ),
            (
                "本サービスの利用者は１８歳以上でなければなりません。",
                "本サービスの利用者は２０歳以上でなければなりません。",
            ),
        ] {
            assert_eq!(builtin_noise(a, b), None, "{b}");
        }
        for (a, b) in [
            ("评论 12", "评论 15"),
            ("コメント(12)", "コメント(15)"),
            ("댓글 12", "댓글 15"),
            (
                "这篇关于城市公园改造计划的文章引起了很多讨论，评论 12",
                "这篇关于城市公园改造计划的文章引起了很多讨论，评论 15",
            ),
            // Digits of other scripts: fullwidth, Arabic-Indic.
            ("コメント（１２）", "コメント（１５）"),
            ("١٢ تعليقًا", "١٥ تعليقًا"),
            // A shop's sales glued to their words, longer than a glued count elsewhere.
            ("已售1234件", "已售1310件"),
            ("月销1000+", "月销2000+"),
            ("1234人付款", "1310人付款"),
        ] {
            assert_eq!(
                builtin_noise(a, b).as_deref(),
                Some(&[Volatile::Counter][..]),
                "{b}"
            );
        }
    }

    /// An item's time of the day it was read on gains its date the day after ("13:00 Uhr" →
    /// "28.01.2022 13:00 Uhr"): the same value in another format. Another day's date, another
    /// time or another word is a change.
    #[test]
    fn a_time_that_gains_its_own_day_s_date_is_a_format() {
        let then = Some(days_from_civil(2022, 1, 28) * 86_400 + 19 * 3600);
        let now = Some(days_from_civil(2022, 1, 29) * 86_400 + 3600);
        for (a, b) in [
            ("13:00 Uhr", "28.01.2022 13:00 Uhr"),
            ("Posted 1:05 PM", "Posted Jan 28, 2022 1:05 PM"),
        ] {
            assert_eq!(
                builtin_noise_between(a, b, then, now).as_deref(),
                Some(&[Volatile::Format][..]),
                "{b}"
            );
        }
        // Seen the other way round: an item of the day of the new visit loses its date.
        assert_eq!(
            builtin_noise_between("29.01.2022 13:00 Uhr", "13:00 Uhr", then, now).as_deref(),
            Some(&[Volatile::Format][..])
        );
        for b in [
            "27.01.2022 13:00 Uhr",
            "28.01.2022 14:00 Uhr",
            "28.01.2022 13:00 Uhr abgesagt",
        ] {
            assert_eq!(
                builtin_noise_between("13:00 Uhr", b, then, now),
                None,
                "{b}"
            );
        }
        // Without the visits' times nothing tells the day.
        assert_eq!(
            builtin_noise_between("13:00 Uhr", "28.01.2022 13:00 Uhr", None, None),
            None
        );
    }

    /// An ISO date and time is one value: another time of the same day is a change, not a
    /// format (a page's "dateModified" at 13:24 instead of 12:10).
    #[test]
    fn an_iso_time_is_part_of_the_value() {
        assert_eq!(
            same_value(
                "<meta content=\"2021-06-24T12:10:07-07:00\" itemprop=\"dateModified\">",
                "<meta content=\"2021-06-24T13:24:40-07:00\" itemprop=\"dateModified\">"
            ),
            None
        );
        assert_eq!(
            same_value("Updated 2021-06-24T12:10", "Updated 24 June 2021"),
            None
        );
        assert_eq!(
            same_value("Updated 2021-06-24", "Updated 24 June 2021"),
            Some(Volatile::Format)
        );
    }

    /// A greeting of the hour says when the person came ("Good morning, Anna" → "Good evening,
    /// Anna"); the rest of its line is judged as any change, and in a longer text the words
    /// are the text's.
    #[test]
    fn a_greeting_of_the_hour_is_the_time_of_the_visit() {
        for (old, new) in [
            ("Good morning, Anna", "Good evening, Anna"),
            ("GOOD AFTERNOON ANNA", "GOOD EVENING ANNA"),
            ("Guten Morgen, Frau Weber", "Guten Abend, Frau Weber"),
            ("Bonjour Camille !", "Bonsoir Camille !"),
            ("¡Buenos días, Lucía!", "¡Buenas noches, Lucía!"),
            ("Buongiorno Marco", "Buonasera Marco"),
            ("Goedemorgen Sanne", "Goedenavond Sanne"),
            ("Доброе утро, Анна", "Добрый вечер, Анна"),
            ("おはようございます、花子さん", "こんばんは、花子さん"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, None, None),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        // With a count beside it, both are said.
        assert_eq!(
            builtin_noise_between(
                "Good morning, Anna. 3 new messages",
                "Good evening, Anna. 5 new messages",
                None,
                None
            ),
            Some(vec![Volatile::Counter, Volatile::RelativeTime])
        );
        all_content(&[
            // Another name is another person.
            ("Good morning, Anna", "Good evening, Paul"),
            // The same greeting, another word.
            ("Good morning, Anna", "Good morning, Paul"),
            // A word that only starts like one.
            (
                "Good mornings at the harbour",
                "Good evenings at the harbour",
            ),
        ]);
        // A longer text's words are its own.
        let long = "The film opens with the line good morning and ends in a storm over the \
                    harbour, where the keeper's family waits for the ferry that never comes \
                    back from the islands";
        assert_eq!(
            builtin_noise_between(
                long,
                &long.replace("good morning", "good night"),
                None,
                None
            ),
            None
        );
    }

    /// The person's last sign-in moves when they sign in: forward, to no later than the visit's
    /// day, it is noise; the same stamp without the words, or moved back or past the visit, is
    /// judged as any date.
    #[test]
    fn a_last_sign_in_is_the_person_s_own() {
        // Seen on 1 December 2026 at 09:00 and at 18:05 UTC.
        let then = days_from_civil(2026, 12, 1) * 86_400 + 9 * 3600;
        let now = then + 9 * 3600 + 5 * 60;
        let judged = |a: &str, b: &str| builtin_noise_between(a, b, Some(then), Some(now));
        for (old, new) in [
            (
                "Last login: 28 Nov 2026 14:03 from 81.2.69.160",
                "Last login: 1 Dec 2026 09:00 from 81.2.69.160",
            ),
            (
                "Letzte Anmeldung: 28.11.2026, 14:03 Uhr",
                "Letzte Anmeldung: 01.12.2026, 09:00 Uhr",
            ),
            (
                "Your last visit: Saturday, 28 November at 2:03pm",
                "Your last visit: Tuesday, 1 December at 9:00am",
            ),
            (
                "Dernière connexion : 28 novembre 2026",
                "Dernière connexion : 1er décembre 2026",
            ),
        ] {
            assert!(
                judged(old, new).is_some_and(|k| k.contains(&Volatile::Date)),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            // Past the visit, or back: not a sign-in.
            ("Last login: 28 Nov 2026", "Last login: 10 Dec 2026"),
            ("Last login: 28 Nov 2026", "Last login: 20 Nov 2026"),
            // Without the words: a stamp that moved to the visit's day from an older one.
            (
                "Account opened: 28 Nov 2026 14:03",
                "Account opened: 1 Dec 2026 09:00",
            ),
            // Another word changed too.
            (
                "Last login: 28 Nov 2026 from Berlin",
                "Last login: 1 Dec 2026 from Lagos",
            ),
        ] {
            assert_eq!(judged(old, new), None, "{old} → {new}");
        }
    }

    /// Today's opening hours follow the day of the visit: on another day of the week they are
    /// noise; a week later, or with other words, they are the place's.
    #[test]
    fn today_s_opening_hours_follow_the_visit_s_day() {
        // A Friday morning, then the Saturday.
        let then = days_from_civil(2026, 12, 4) * 86_400 + 9 * 3600;
        let next_day = then + 86_400 + 3900;
        let next_week = then + 7 * 86_400 + 3600;
        for (old, new) in [
            ("Open today: 7:00–18:00", "Open today: 8:00–14:00"),
            ("Today's hours: 7am – 6pm", "Today's hours: 8am – 2pm"),
            ("Heute geöffnet: 7–18 Uhr", "Heute geschlossen"),
            (
                "Horaires aujourd'hui : 9h00 - 19h00",
                "Horaires aujourd'hui : fermé",
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(next_day)),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(next_week)),
                None,
                "{old} → {new} a week later"
            );
        }
        for (old, new) in [
            // Not opening hours.
            (
                "Today's talk: 14:00 in room 3",
                "Today's talk: 15:00 in room 4",
            ),
            // Other words.
            ("Open today: 7:00–18:00", "Closed today for staff training"),
            // No "today".
            ("Opening hours: 7:00–18:00", "Opening hours: 8:00–14:00"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(next_day)),
                None,
                "{old} → {new}"
            );
        }
    }

    /// The sun's times of the day move each day: a widget's almanac, noise; a line with
    /// other words is the page's.
    #[test]
    fn the_sun_s_times_are_the_day_s() {
        for (old, new) in [
            (
                "Sunrise 07:52 · Sunset 16:01",
                "Sunrise 07:53 · Sunset 16:00",
            ),
            ("Sonnenaufgang 7:52 Uhr", "Sonnenaufgang 7:53 Uhr"),
            ("Lever du soleil 8:21", "Lever du soleil 8:22"),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::Weather]),
                "{old} → {new}"
            );
        }
        for t in [
            "Sunset cruise departs 16:00",
            "Du 7:52",
            "Sunrise yoga on the beach",
        ] {
            assert!(!sun_times(t), "{t}");
        }
    }

    /// How long an account has existed grows with the visit: by the time between the visits
    /// it is noise; grown by more, or without the words, it is the page's.
    #[test]
    fn how_long_a_member_has_been_grows_with_the_visit() {
        let then = days_from_civil(2026, 11, 4) * 86_400 + 9 * 3600;
        let month = then + 31 * 86_400;
        for (old, new) in [
            (
                "Member for 3 years, 2 months",
                "Member for 3 years, 3 months",
            ),
            ("Mitglied seit 3 Jahren", "Mitglied seit 4 Jahren"),
            ("Membre depuis 5 mois", "Membre depuis 6 mois"),
            ("Member for 11 months", "Member for 1 year"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(month)),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            // Grown by a year in a month.
            (
                "Member for 3 years, 2 months",
                "Member for 4 years, 2 months",
            ),
            // Shrunk.
            (
                "Member for 3 years, 2 months",
                "Member for 3 years, 1 month",
            ),
            // A period the page states.
            ("Warranty for 2 years", "Warranty for 3 years"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(month)),
                None,
                "{old} → {new}"
            );
        }
    }

    /// A placeholder for what is still loading is no text of the page; a name that starts
    /// with the word is.
    #[test]
    fn loading_placeholders() {
        for t in [
            "Loading reviews…",
            "Loading...",
            "Loading",
            "Wird geladen …",
            "Chargement en cours",
            "Cargando comentarios...",
            "Please wait",
        ] {
            assert!(loading_placeholder(t), "{t}");
        }
        for t in [
            "Loading bay",
            "Loading bay closed for repairs…",
            "Please wait for the ferry at pier 3",
            "Please…",
            "Laden Sie die App herunter",
            // A shop, in German.
            "Laden",
        ] {
            assert!(!loading_placeholder(t), "{t}");
        }
    }

    /// Whether a person is online says when the page was seen; a service's state without a
    /// word of when is the page's news.
    #[test]
    fn whether_a_person_is_online_is_the_time_of_the_visit() {
        for (old, new) in [
            ("Online now", "Last seen 3 hours ago"),
            ("Active now", "Active 2h ago"),
            ("Zuletzt online: vor 5 Minuten", "Jetzt online"),
            ("En ligne", "Vu il y a 2 h"),
            ("Last seen at 14:05", "Online now"),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        all_content(&[
            ("Online", "Offline"),
            ("API: Online", "API: Offline"),
            ("Active now", "Account closed"),
        ]);
    }

    /// A paywall's meter counts the reader's free articles: a count; a story about free
    /// articles is the page's.
    #[test]
    fn a_paywall_meter_is_a_count() {
        all_noise(
            &[
                (
                    "You have 3 free articles left this month",
                    "You have 2 free articles left this month",
                ),
                (
                    "Sie können noch 3 kostenlose Artikel lesen",
                    "Sie können noch 2 kostenlose Artikel lesen",
                ),
                (
                    "Il vous reste 3 articles gratuits ce mois-ci",
                    "Il vous reste 2 articles gratuits ce mois-ci",
                ),
            ],
            &[Volatile::Counter],
        );
        all_content(&[(
            "The library offers 3 free articles on tides to every member of the club",
            "The library offers 5 free articles on tides to every member of the club",
        )]);
    }

    /// A document's file name is no id: a link to another file is a new document ("the exam
    /// plan of 7 December"), while a token in a script or image name stays an id.
    #[test]
    fn a_document_name_is_no_id() {
        all_content(&[
            (
                "[Prüfungsplan](/fileadmin/IE/Pruefungsplan_B_E_WS23_24_01_12_2023.pdf)",
                "[Prüfungsplan](/fileadmin/IE/Pruefungsplan_B_E_WS23_24_07_12_2023.pdf)",
            ),
            ("Grenzwerte_aktuell_01.pdf", "Grenzwerte_aktuell_02.pdf"),
            (
                "Download Liste_Tech_16_10_2023.XLSX",
                "Download Liste_Tech_27_10_2023.XLSX",
            ),
            // A ticker item's time run into its kicker: another item.
            ("23:59Newsticker", "14:36Test"),
        ]);
        assert_eq!(volatile_kinds(&["03:30Newsticker"]), [None]);
        assert!(clock_glued("03:30Newsticker") && !clock_glued("sid9x81k2ab"));
        all_noise(
            &[
                (
                    "<script src=/app.3f9a8b7c.js>",
                    "<script src=/app.9d8e7f6a.js>",
                ),
                ("session sid9x81k2ab", "session sid7q2w3e4rt"),
            ],
            &[Volatile::Id],
        );
    }

    /// Only what a wrong decoding left is no text of the page; a question of the page is.
    #[test]
    fn garbled_only_texts() {
        for t in ["???", " ?? ? ", "\u{FFFD}\u{FFFD}"] {
            assert!(garbled_only(t), "{t}");
        }
        for t in ["", "Why?", "?!", "✅", "…"] {
            assert!(!garbled_only(t), "{t}");
        }
    }

    /// An amount glued to its unit of measure is what the product has, not an id: a new
    /// capacity is content (ugreen's "10,000mAh"), alone in its block too; the same amount in
    /// another format stays a format.
    #[test]
    fn an_amount_glued_to_its_unit_is_no_id() {
        all_content(&[
            (
                "Magnetische Powerbank (10,000mAh, 30W, Qi2 15W)",
                "Magnetische Powerbank (20,000mAh, 30W, Qi2 15W)",
            ),
            ("Akku 25000mAh", "Akku 20000mAh"),
        ]);
        assert!(!is_bare_id("25000mAh"));
        assert!(is_bare_id("sid9x81k2"));
        assert_eq!(
            same_value(
                "Magnetische Powerbank (10,000mAh, 30W)",
                "Magnetische Powerbank (10.000mAh, 30W)"
            ),
            Some(Volatile::Format)
        );
        // A count with its magnitude, too (moia.io's "12,5k" → "12.5k").
        assert_eq!(same_value("* 12,5k", "* 12.5k"), Some(Volatile::Format));
        assert_eq!(same_value("* 12,5k", "* 12.6k"), None);
    }

    /// Each change is content for the built-in detectors.
    fn all_content(pairs: &[(&str, &str)]) {
        for (old, new) in pairs {
            assert_eq!(builtin_noise(old, new), None, "{old} → {new}");
        }
    }

    /// Each change is built-in noise of exactly `kinds`.
    fn all_noise(pairs: &[(&str, &str)], kinds: &[Volatile]) {
        for (old, new) in pairs {
            assert_eq!(
                builtin_noise(old, new).as_deref(),
                Some(kinds),
                "{old} → {new}"
            );
        }
    }

    /// A number after a fact label — a telephone or register number, a postal code, an age
    /// limit — is what an imprint or terms page says, even in a short block, with every number
    /// of the run after the label; a count after another word stays a counter.
    #[test]
    fn a_server_stamp_is_the_machine_s_name_after_a_serving_word() {
        for (old, new) in [
            (
                "Page generated in 0.023 seconds by web-04",
                "Page generated in 0.041 seconds by web-02",
            ),
            ("Served by web-04", "Served by web-02"),
            (
                "Served by app-server-3 in 120 ms",
                "Served by app-server-7 in 95 ms",
            ),
            ("Node: fra-edge-12", "Node: ams-edge-03"),
            (
                "Seite erzeugt von www2.example",
                "Seite erzeugt von www5.example",
            ),
        ] {
            assert!(server_stamp(old, new), "{old} → {new}");
        }
        for (old, new) in [
            // The render time alone is a duration (its own kind); other words changed; no
            // machine named; a product's model number.
            (
                "Page generated in 0.023 seconds",
                "Page generated in 0.041 seconds",
            ),
            ("Served by web-04 to Anna", "Served by web-02 to Ben"),
            ("Posted by anna-17", "Posted by ben-42"),
            ("Our server model XR-200", "Our server model XR-300 2"),
            ("Served by web-04 in 3 rooms", "Served by web-02 in 4 rooms"),
        ] {
            assert!(!server_stamp(old, new), "{old} → {new}");
        }
    }

    #[test]
    fn a_build_stamp_is_versions_or_hashes_after_a_build_word() {
        for (old, new) in [
            ("rev 2026.11.27.5678", "rev 2026.11.30.5702"),
            (
                "Build 2026.11.27-5678 · © Acme",
                "Build 2026.11.30-5702 · © Acme",
            ),
            ("v4.12.3 (a1b2c3d)", "v4.12.4 (e5f6a7b)"),
            (
                "Deployed from commit 9f3c2e1",
                "Deployed from commit 4d7a0b2",
            ),
            ("Build 5678", "Build 5702"),
            (
                "© 2026 Docs Project. Built with Sitegen 1.4.2",
                "© 2026 Docs Project. Built with Sitegen 1.4.3",
            ),
            ("Powered by BoardSoft 3.2.1", "Powered by BoardSoft 3.2.2"),
            ("Created using Sphinx 7.2.6.", "Created using Sphinx 7.3.0."),
            ("Generated by Doxygen 1.9.8", "Generated by Doxygen 1.10.0"),
        ] {
            assert!(build_stamp(old, new), "{old} → {new}");
        }
        for (old, new) in [
            // A document's own number, a bare small version, other words, no build named.
            (
                "Version 2 of our terms applies",
                "Version 3 of our terms applies",
            ),
            ("rev 2026.11.27.5678", "rev 2026.11.30.5678 beta"),
            ("rev 4.2 by Anna", "rev 4.3 by Ben"),
            ("Call us: 0800 123 456", "Call us: 0800 123 789"),
            ("Acme 2026.11.27", "Acme 2026.11.30"),
            ("rev 4.2", "rev 4.2"),
        ] {
            assert!(!build_stamp(old, new), "{old} → {new}");
        }
    }

    #[test]
    fn labelled_facts_are_no_counters() {
        all_content(&[
            ("Tel.: +49 30 2591 0", "Tel.: +49 30 2591 1"),
            ("Telefon: (030) 1234 567", "Telefon: (030) 1234 568"),
            ("Fax 030 1234-99", "Fax 030 1234-98"),
            (
                "Amtsgericht Berlin HRB 12345",
                "Amtsgericht Berlin HRB 12346",
            ),
            ("Minimum age: 18", "Minimum age: 21"),
            ("Mindestalter 16 Jahre", "Mindestalter 18 Jahre"),
            ("PLZ 10115", "PLZ 10117"),
            ("Téléphone : 01 23 45 67 89", "Téléphone : 01 23 45 67 80"),
            ("+49 40 4275 4871", "+49 40 42875 4871"),
            // A national number with its area code's 0, no label a counter would have.
            ("Call us: 0800 123 456", "Call us: 0800 123 789"),
            (
                "Bestellhotline 030 2591 0000",
                "Bestellhotline 030 2591 0001",
            ),
            // Where something happens: a train's platform, a lecture's room, a gate.
            ("Abfahrt 14:05 Gleis 3", "Abfahrt 14:05 Gleis 5"),
            ("Vorlesung in Raum 1.204", "Vorlesung in Raum 2.101"),
            ("Room 204", "Room 310"),
            ("Gate B12", "Gate B14"),
        ]);
        // Counts keep their kind, also next to a label word elsewhere in the block.
        all_noise(
            &[
                ("Visitors: 1204", "Visitors: 1210"),
                ("Phone support · 12 online", "Phone support · 14 online"),
            ],
            &[Volatile::Counter],
        );
    }

    /// A count that runs out or starts ("Flash Deals (0)" → "(1)", "3 left" → "0 left") is a
    /// change of state; counts of readers and padded countdown cells move from zero too.
    #[test]
    fn a_count_leaving_zero_is_content() {
        all_content(&[
            ("* Alle (0) Flash Deals (0)", "* Alle (0) Flash Deals (1)"),
            ("* Andere Flash Deals (1)", "* Andere Flash Deals (0)"),
            ("Noch 3 verfügbar", "Noch 0 verfügbar"),
            ("0 offene Stellen", "2 offene Stellen"),
        ]);
        all_noise(
            &[
                // Moving counts that stay above zero.
                ("* Alle (11)", "* Alle (10)"),
                ("Flash Deals (2)", "Flash Deals (1)"),
                // Readers' counts, from zero too.
                ("0 Kommentare", "1 Kommentare"),
                ("Views: 0", "Views: 12"),
                ("0 replies", "1 replies"),
                ("Antworten: 0", "Antworten: 3"),
                ("★★★★☆ 0 (0)", "★★★★☆ 4 (1)"),
                // A bare count says nothing of what ran out (a badge, a comment bubble).
                ("0", "1"),
                ("(1)", "(0)"),
                // The person's own things.
                ("Warenkorb (0)", "Warenkorb (1)"),
                ("0 items in your cart", "1 items in your cart"),
                ("Notifications 0", "Notifications 2"),
                // A countdown's padded cells.
                ("01", "00"),
                ("Endet in 01 : 00", "Endet in 00 : 59"),
            ],
            &[Volatile::Counter],
        );
    }

    /// Dates, relative times and periods in French, Spanish, Italian, Dutch, Portuguese and Greek
    /// (with French and Spanish month abbreviations): a
    /// "last updated" that tracks the visit is noise, one that moved to another day is content,
    /// "il y a 3 heures" is a relative time and "14 jours" a period (content).
    #[test]
    fn dates_and_relative_times_in_other_languages() {
        let at = |y, m, d, h: i64| days_from_civil(y, m, d) * 86_400 + h * 3600;
        let (then, now) = (at(2025, 3, 1, 10), at(2025, 3, 2, 10));
        for (old, new) in [
            ("Mis à jour le 1er mars 2025", "Mis à jour le 2 mars 2025"),
            (
                "Actualizado: 1 de marzo de 2025",
                "Actualizado: 2 de marzo de 2025",
            ),
            ("Aggiornato il 1 marzo 2025", "Aggiornato il 2 marzo 2025"),
            ("Bijgewerkt op 1 maart 2025", "Bijgewerkt op 2 maart 2025"),
            ("Ενημερώθηκε: 1 Μαρτίου 2025", "Ενημερώθηκε: 2 Μαρτίου 2025"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(now)),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
        }
        assert_eq!(
            builtin_noise_between(
                "Mis à jour le 1 févr. 2025",
                "Mis à jour le 2 févr. 2025",
                Some(at(2025, 2, 1, 10)),
                Some(at(2025, 2, 2, 10))
            ),
            Some(vec![Volatile::Date])
        );
        assert_eq!(
            builtin_noise_between(
                "Mis à jour le 3 févr. 2025",
                "Mis à jour le 28 févr. 2025",
                Some(at(2025, 2, 27, 10)),
                Some(at(2025, 2, 28, 10))
            ),
            None
        );
        // Moved from an older day to the visit's: the document changed.
        for (old, new) in [
            ("Mis à jour le 3 janvier 2025", "Mis à jour le 2 mars 2025"),
            ("Mis à jour le 3 janv. 2025", "Mis à jour le 2 mars 2025"),
            (
                "Ενημερώθηκε: 3 Ιανουαρίου 2025",
                "Ενημερώθηκε: 2 Μαρτίου 2025",
            ),
            (
                "Actualizado: 3 dic. 2024",
                "Actualizado: 2 de marzo de 2025",
            ),
            (
                "Actualizado: 3 de enero de 2025",
                "Actualizado: 2 de marzo de 2025",
            ),
            (
                "Actualizado: 3 de marzo de 2024",
                "Actualizado: 2 de marzo de 2025",
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(now)),
                None,
                "{old} → {new}"
            );
        }
        all_noise(
            &[
                ("il y a 3 heures", "il y a 5 heures"),
                ("hace 2 horas", "hace una hora"),
                ("3 ore fa", "4 ore fa"),
                ("3 uur geleden", "5 uur geleden"),
            ],
            &[Volatile::RelativeTime],
        );
        all_content(&[
            ("Rétractation sous 14 jours", "Rétractation sous 30 jours"),
            ("Desistimiento en 14 días", "Desistimiento en 30 días"),
        ]);
    }

    /// The same in Scandinavian languages, Polish, Czech, Russian, Turkish, Finnish, Romanian
    /// and Hungarian: their month names and relative times read as such, so a "last updated"
    /// moved from an older day is content (it read as a counter before, always noise) and
    /// "5 minut temu" in a teaser's sentence is a relative time (it read as content).
    #[test]
    fn dates_and_relative_times_in_more_languages() {
        let at = |y, m, d, h: i64| days_from_civil(y, m, d) * 86_400 + h * 3600;
        let (then, now) = (at(2026, 11, 26, 10), at(2026, 11, 27, 10));
        let judged = |old: &str, new: &str| builtin_noise_between(old, new, Some(then), Some(now));
        for (old, new) in [
            (
                "Zaktualizowano 26 listopada 2026",
                "Zaktualizowano 27 listopada 2026",
            ),
            ("Обновлено 26 ноября 2026", "Обновлено 27 ноября 2026"),
            ("Uppdaterad 26 november 2026", "Uppdaterad 27 november 2026"),
            (
                "Aktualizováno 26. listopadu 2026",
                "Aktualizováno 27. listopadu 2026",
            ),
            ("Güncelleme: 26 Kasım 2026", "Güncelleme: 27 Kasım 2026"),
            (
                "Päivitetty 26. marraskuuta 2026",
                "Päivitetty 27. marraskuuta 2026",
            ),
        ] {
            assert_eq!(
                judged(old, new),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            (
                "Zaktualizowano 3 marca 2026",
                "Zaktualizowano 27 listopada 2026",
            ),
            ("Обновлено 3 ноября 2026", "Обновлено 27 ноября 2026"),
            (
                "Senast uppdaterad 3 maj 2026",
                "Senast uppdaterad 27 november 2026",
            ),
            (
                "Sidst opdateret 3. marts 2026",
                "Sidst opdateret 27. november 2026",
            ),
            (
                "Actualizat la 3 martie 2026",
                "Actualizat la 27 noiembrie 2026",
            ),
            (
                "Frissítve: 2026. március 3.",
                "Frissítve: 2026. november 27.",
            ),
        ] {
            assert_eq!(judged(old, new), None, "{old} → {new}");
        }
        for (old, new) in [
            (
                "Rząd zapowiada nowe podatki dla firm, 5 minut temu",
                "Rząd zapowiada nowe podatki dla firm, 12 minut temu",
            ),
            (
                "Regeringen presenterar budgeten för nästa år, för 5 minuter sedan",
                "Regeringen presenterar budgeten för nästa år, för 2 timmar sedan",
            ),
            (
                "Regeringen fremlægger budgettet for næste år, 5 minutter siden",
                "Regeringen fremlægger budgettet for næste år, 2 timer siden",
            ),
            (
                "Правительство объявило новые налоги для компаний 5 минут назад",
                "Правительство объявило новые налоги для компаний 3 часа назад",
            ),
            (
                "Hükümet şirketler için yeni vergileri açıkladı, 5 dakika önce",
                "Hükümet şirketler için yeni vergileri açıkladı, 2 saat önce",
            ),
            (
                "Vláda oznámila nové daně pro firmy před 5 minutami",
                "Vláda oznámila nové daně pro firmy před 2 hodinami",
            ),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        all_content(&[
            ("Zwrot w ciągu 14 dni", "Zwrot w ciągu 30 dni"),
            ("Ångerrätt inom 14 dagar", "Ångerrätt inom 30 dagar"),
        ]);
    }

    /// A time left told in words to the hour or minute ("Order within 3 hrs 12 mins") that fell
    /// is a relative time (without the visits' times too); one that fell by more or less than
    /// the time between the visits, rose, or is told in days (a period as often: "Lieferung in
    /// 3 Tagen"), and any other edit of the text, are content.
    #[test]
    fn a_time_left_in_words_that_fell_with_the_visits_is_a_relative_time() {
        let at = |h: i64, m: i64| days_from_civil(2026, 11, 27) * 86_400 + h * 3600 + m * 60;
        let (then, now) = (Some(at(12, 0)), Some(at(13, 7)));
        for (old, new) in [
            (
                "Order within 3 hrs 12 mins for delivery tomorrow",
                "Order within 2 hrs 5 mins for delivery tomorrow",
            ),
            (
                "Bestellen Sie innerhalb 3 Std. 12 Min., um die Ware morgen zu erhalten",
                "Bestellen Sie innerhalb 2 Std. 5 Min., um die Ware morgen zu erhalten",
            ),
            ("Noch 3 Tage 4 Stunden", "Noch 3 Tage 3 Stunden"),
            (
                "The summer sale ends in 3d 4h 12m, with every tent reduced",
                "The summer sale ends in 3d 3h 5m, with every tent reduced",
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, then, now),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
            assert_eq!(builtin_noise(old, new), Some(vec![Volatile::RelativeTime]));
        }
        // Fell by three hours in one: without the times a countdown, with them a deadline moved.
        let (old, new) = (
            "Order within 5 hrs 12 mins for delivery tomorrow",
            "Order within 2 hrs 5 mins for delivery tomorrow",
        );
        assert_eq!(builtin_noise(old, new), Some(vec![Volatile::RelativeTime]));
        assert_eq!(builtin_noise_between(old, new, then, now), None);
        for (old, new) in [
            // Rose.
            ("Cooking time 1 hr 5 mins", "Cooking time 2 hrs 12 mins"),
            // Days only.
            ("Lieferung in 3 Tagen", "Lieferung in 2 Tagen"),
            // Another edit beside it.
            (
                "Order within 3 hrs 12 mins for delivery tomorrow",
                "Order within 2 hrs 5 mins for delivery on Monday",
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, then, now),
                None,
                "{old} → {new}"
            );
        }
    }

    /// A countdown to a cut-off of every day ("Order within 3 hrs 20 mins" at 12:40, "5 hrs 2
    /// mins" at 10:58 the next day: both to 16:00) counted towards the next day's: a relative
    /// time. Deadlines not whole days apart, a time said to last, or no word of ordering within
    /// a time, are content.
    #[test]
    fn a_countdown_to_a_daily_cutoff_counts_towards_the_next_days() {
        // 2026-11-01 12:40 UTC and 2026-11-02 10:58 UTC.
        let (then, now) = (Some(1_793_536_800), Some(1_793_617_080));
        for (old, new) in [
            ("Order within 3 hrs 20 mins", "Order within 5 hrs 2 mins"),
            (
                "Bestellung innerhalb 3 Std. 20 Min.",
                "Bestellung innerhalb 5 Std. 2 Min.",
            ),
            (
                "Want it tomorrow? Order within 3 hrs 20 mins and choose express.",
                "Want it tomorrow? Order within 5 hrs 2 mins and choose express.",
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, then, now),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            // 16:00, then 17:00: the cut-off moved.
            ("Order within 3 hrs 20 mins", "Order within 6 hrs 2 mins"),
            (
                "Delivery takes 3 hrs 20 mins",
                "Delivery takes 5 hrs 2 mins",
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, then, now),
                None,
                "{old} → {new}"
            );
        }
    }

    /// An offer's days left that fell into a day word ("Sale ends in 2 days" → "Sale ends
    /// tomorrow" a day later, "Angebot endet morgen" → "heute") are the visit nearing a deadline
    /// that stayed: a relative time. Days that fell by more than the days between the visits,
    /// rose, or another edit beside them, are content.
    #[test]
    fn days_left_that_fell_into_a_day_word_count_down() {
        let day = |d: i64, h: i64| days_from_civil(2026, 12, d) * 86_400 + h * 3600;
        for (old, new, then, now) in [
            (
                "Sale ends in 2 days",
                "Sale ends tomorrow",
                day(1, 10),
                day(2, 12),
            ),
            (
                "Sale ends tomorrow",
                "Sale ends today",
                day(1, 22),
                day(2, 8),
            ),
            (
                "Angebot endet morgen",
                "Angebot endet heute",
                day(1, 10),
                day(2, 9),
            ),
            (
                "Offer expires in 3 days!",
                "Offer expires tomorrow!",
                day(1, 10),
                day(3, 10),
            ),
            // Said of many ("end", "close", "enden").
            (
                "Ticket sales end in 3 days",
                "Ticket sales end in 2 days",
                day(1, 10),
                day(2, 10),
            ),
            (
                "Applications close in 3 days",
                "Applications close tomorrow",
                day(1, 10),
                day(3, 9),
            ),
            (
                "Die Angebote enden in 3 Tagen",
                "Die Angebote enden in 2 Tagen",
                day(1, 10),
                day(2, 10),
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(now)),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        for (old, new, then, now) in [
            (
                "Sale ends in 9 days",
                "Sale ends tomorrow",
                day(1, 10),
                day(2, 12),
            ),
            (
                "Sale ends tomorrow",
                "Sale ends in 5 days",
                day(1, 10),
                day(2, 12),
            ),
            (
                "Sale ends in 2 days",
                "Sale ends tomorrow at noon",
                day(1, 10),
                day(2, 12),
            ),
            (
                "Sale ends in 2 days",
                "Summer sale ends tomorrow",
                day(1, 10),
                day(2, 12),
            ),
            (
                "Applications close in 3 days",
                "Applications close in 7 days",
                day(1, 10),
                day(2, 10),
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(now)),
                None,
                "{old} → {new}"
            );
        }
    }

    /// Days alone count down when the text says they are left ("Noch 10 Tage" → "Noch 9 Tage"
    /// a day later, welt.de's offers): noise when they fell with the visits (the display may
    /// turn a day within hours), content when they fell by more, rose, or say no countdown.
    #[test]
    fn days_the_text_says_are_left_count_down() {
        let day = |d: i64, h: i64| days_from_civil(2026, 11, d) * 86_400 + h * 3600;
        for (old, new, then, now) in [
            ("Noch 10 Tage", "Noch 9 Tage", day(26, 9), day(27, 9)),
            ("Noch 10 Tage", "Noch 9 Tage", day(26, 23), day(27, 1)),
            (
                "Only 3 days left to enter",
                "Only 1 days left to enter",
                day(25, 9),
                day(27, 10),
            ),
            (
                "The sale ends in 5 days",
                "The sale ends in 4 days",
                day(26, 9),
                day(27, 9),
            ),
            // An event's start counting down.
            (
                "Starts in 11 days",
                "Starts in 10 days",
                day(26, 9),
                day(27, 9),
            ),
            (
                "Beginnt in 3 Tagen",
                "Beginnt in 1 Tag",
                day(25, 9),
                day(27, 9),
            ),
            // What falls due or launches, and what many end.
            ("Due in 3 days", "Due in 2 days", day(26, 9), day(27, 9)),
            (
                "18 days until Christmas",
                "17 days until Christmas",
                day(26, 9),
                day(27, 9),
            ),
            ("25 days to go", "24 days to go", day(26, 9), day(27, 9)),
            (
                "Fällig in 3 Tagen",
                "Fällig in 2 Tagen",
                day(26, 9),
                day(27, 9),
            ),
            (
                "Launching in 5 days",
                "Launching in 4 days",
                day(26, 9),
                day(27, 9),
            ),
            (
                "Early-bird prices end in 6 days",
                "Early-bird prices end in 5 days",
                day(26, 9),
                day(27, 9),
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(now)),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            // Fell by ten days in one: the offer's end moved.
            ("Noch 20 Tage", "Noch 10 Tage"),
            // Rose: a new offer.
            ("Noch 24 Tage", "Noch 60 Tage"),
            // No countdown said: a period.
            ("Lieferung in 3 Tagen", "Lieferung in 2 Tagen"),
            // The event moved a week earlier.
            ("Starts in 11 days", "Starts in 4 days"),
            ("Due in 9 days", "Due in 2 days"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(day(26, 9)), Some(day(27, 9))),
                None,
                "{old} → {new}"
            );
        }
    }

    /// An icon font draws its icons with characters of Unicode's private use areas: another
    /// icon before the same words, or a block of only icons coming or going, is no change.
    #[test]
    fn an_icon_font_glyph_is_no_word() {
        assert_eq!(
            same_value("\u{e001} Settings", "\u{e002} Settings"),
            Some(Volatile::Format)
        );
        assert_eq!(
            same_value("Saved\u{f005}", "Saved \u{f006}"),
            Some(Volatile::Format)
        );
        assert_eq!(same_value("\u{e001} Settings", "\u{e001} Options"), None);
        assert!(garbled_only("\u{f0c9} \u{f002}"));
        assert!(!garbled_only("\u{f0c9} Menu"));
    }

    /// A note added before a paragraph renumbers its citations ("road.[2]" → "road.[3]"): the
    /// same text, of kind `format`; a number in brackets on its own ("Page [2]") is no marker.
    #[test]
    fn renumbered_citations_are_the_same_text() {
        assert_eq!(
            same_value(
                "It was designed by Sir John Wolfe Barry.[3] Construction took eight years.[4]",
                "It was designed by Sir John Wolfe Barry.[4] Construction took eight years.[5]"
            ),
            Some(Volatile::Format)
        );
        assert_eq!(
            same_value("opened in 1894[1] and", "opened in 1894[2] and"),
            Some(Volatile::Format)
        );
        // Words changed beside it, or a bracketed number that marks nothing.
        assert_eq!(
            same_value(
                "Barry.[3] It took eight years.",
                "Barry.[4] It took nine years."
            ),
            None
        );
        assert_eq!(same_value("Page [2] of 5", "Page [3] of 5"), None);
        assert_eq!(same_value("Version.[1.2]", "Version.[1.3]"), None);
    }

    #[test]
    fn a_match_score_is_a_result() {
        // Two small whole numbers joined by a colon or a dash: what a sports page reports.
        for (old, new) in [
            ("1 – 0", "2 – 1"),
            ("1:0", "2:1"),
            ("1-0", "2-1"),
            ("Score: 1 – 0", "Score: 2 – 1"),
            ("Bayern 1:0 Dortmund", "Bayern 2:1 Dortmund"),
            ("3 - 1", "4 - 1"),
            ("Endstand 0:0", "Endstand 1:3"),
        ] {
            assert_eq!(builtin_noise(old, new), None, "{old} → {new}");
        }
        // A clock is no score, nor a run of numbers, nor a number alone.
        for (old, new) in [("10:30", "10:45"), ("1-2-3", "1-2-4"), ("12", "14")] {
            assert!(builtin_noise(old, new).is_some(), "{old} → {new}");
        }
    }

    #[test]
    fn a_booking_sites_score_beside_its_word_is_a_count() {
        all_noise(
            &[
                ("Excellent 8.9", "Excellent 9.0"),
                ("Hervorragend 9,1", "Hervorragend 9,2"),
                ("8,7 Fabuleux", "8,8 Fabuleux"),
                ("Superb 9.1 · 1,234 reviews", "Superb 9.2 · 1,241 reviews"),
            ],
            &[Volatile::Counter],
        );
        // A fraction in a sentence is the page's own.
        assert_eq!(
            builtin_noise(
                "The water quality at the beach was rated good with a reading of 7.5 this week",
                "The water quality at the beach was rated good with a reading of 7.9 this week",
            ),
            None
        );
    }

    /// An average of votes said in stars moves like a count in a block of any length ("4.5 out
    /// of 5 stars 1,234 ratings"); a whole number of stars is a reviewer's verdict, content. A
    /// count with its magnitude and a "+" is a count ("2K+ bought in past month"); a name with
    /// its magnitude is not ("Model XR 3K"). So is the count a reader is asked to join.
    #[test]
    fn an_average_in_stars_is_a_count() {
        all_noise(
            &[
                (
                    "4.5 out of 5 stars 1,234 ratings",
                    "4.4 out of 5 stars 1,301 ratings",
                ),
                (
                    "4,5 von 5 Sternen 1.234 Bewertungen",
                    "4,4 von 5 Sternen 1.301 Bewertungen",
                ),
                (
                    "Customers rate this kettle 4.6 stars on average across all shops",
                    "Customers rate this kettle 4.5 stars on average across all shops",
                ),
                ("2K+ bought in past month", "3K+ bought in past month"),
                (
                    "Google rating 4.6 based on 812 reviews",
                    "Google rating 4.5 based on 830 reviews",
                ),
                (
                    "4,5 sur 5 étoiles 1 234 évaluations",
                    "4,4 sur 5 étoiles 1 301 évaluations",
                ),
                (
                    "Join 12,345 other readers and get our weekly newsletter",
                    "Join 12,411 other readers and get our weekly newsletter",
                ),
            ],
            &[Volatile::Counter],
        );
        all_content(&[
            (
                "The film gets 4 stars from our critic, who loved the sets",
                "The film gets 3 stars from our critic, who loved the sets",
            ),
            ("Model XR 3K", "Model XR 4K"),
            (
                "Version 4.5 out of the box supports 5 stars of the catalogue",
                "Version 4.6 out of the box supports 5 stars of the catalogue",
            ),
        ]);
    }

    /// A wait told as it is now is a reading in a short block ("Wait time: 25 min"); a length
    /// of time elsewhere is the page's ("Bake for 60 minutes").
    #[test]
    fn a_wait_told_now_is_a_reading() {
        all_noise(
            &[
                ("Wait time: 25 min", "Wait time: 40 min"),
                ("Wartezeit: 40 Min.", "Wartezeit: 15 Min."),
                ("Temps d'attente : 15 min", "Temps d'attente : 30 min"),
            ],
            &[Volatile::Duration],
        );
        all_content(&[
            ("Bake for 60 minutes", "Bake for 45 minutes"),
            (
                "Please wait 5 minutes before you try to sign in again.",
                "Please wait 15 minutes before you try to sign in again.",
            ),
        ]);
    }

    /// A post's age written short after a word that says it was posted is its age ("Posted by
    /// u/maria 5h" → "2d"), like after its author and a separator.
    #[test]
    fn a_short_age_after_posted() {
        all_noise(
            &[
                ("Posted by u/maria 5h", "Posted by u/maria 2d"),
                ("answered by kim 3h", "answered by kim 1d"),
            ],
            &[Volatile::RelativeTime],
        );
        // Without a word of posting, a length.
        all_content(&[("Cable length in the box 3m", "Cable length in the box 5m")]);
    }

    /// A named day or past period in a longer block is the text's, unless the other version
    /// has a counted age in its place: the same age read on another day ("opened yesterday by
    /// dev" → "opened 3 days ago by dev").
    #[test]
    fn a_named_age_reworded_as_a_count() {
        all_noise(
            &[
                (
                    "Typo in docs #100 opened yesterday by dev",
                    "Typo in docs #100 opened 3 days ago by dev",
                ),
                (
                    "Typo in docs #100 opened 5 days ago by dev",
                    "Typo in docs #100 opened last week by dev",
                ),
                (
                    "Fehler beim Start, gemeldet gestern von Anna im Forum",
                    "Fehler beim Start, gemeldet vor 3 Tagen von Anna im Forum",
                ),
            ],
            &[Volatile::RelativeTime],
        );
        all_content(&[
            (
                "Sales of the company fell sharply last year in Europe",
                "Sales of the company fell sharply last month in Europe",
            ),
            (
                "Yesterday the council voted to close the old library for good",
                "Today the council voted to close the old library for good",
            ),
            (
                "Typo in docs #100 opened yesterday by dev",
                "Typo in docs #100 closed 3 days ago by dev",
            ),
        ]);
    }

    /// What a shop counts on its product page — people who bought or are looking (a people word
    /// and a verb of buying or looking beside the number), the stock left — moves like a counter;
    /// none left is a state, and people in the news are no such count.
    /// A short block's number is a count unless the page states it: a limit, a quota, what
    /// an item seats or holds, a listing's rooms, a part of a series, a reported statistic,
    /// an offer's terms (instalments, stops, players).
    #[test]
    fn a_figure_the_page_states_is_no_count() {
        for (old, new) in [
            ("3 bedrooms", "4 bedrooms"),
            ("Serves 4", "Serves 6"),
            ("Ages 8+", "Ages 10+"),
            ("Team size: 12", "Team size: 15"),
            (
                "Up to 600 requests per minute",
                "Up to 300 requests per minute",
            ),
            ("Minimum order 2 items", "Minimum order 5 items"),
            ("Max 4 guests", "Max 6 guests"),
            ("Seats 5", "Seats 7"),
            ("Venue holds 120 people", "Venue holds 80 people"),
            ("Der Saal fasst 200 Gäste", "Der Saal fasst 150 Gäste"),
            ("Population 12,400", "Population 12,950"),
            ("Pack of 12", "Pack of 24"),
            ("Limit 2 per customer", "Limit 5 per customer"),
            ("5 users included", "10 users included"),
            ("Up to 3 devices", "Up to 5 devices"),
            ("Floor 2", "Floor 5"),
            ("Level 12 · 3,400 XP", "Level 13 · 3,400 XP"),
            ("Season 2", "Season 3"),
            (
                "Stand: nach dem 12. Spieltag",
                "Stand: nach dem 13. Spieltag",
            ),
            ("Matchday 12", "Matchday 13"),
            ("Capacity: 40 people", "Capacity: 60 people"),
            ("Unemployment 4.1%", "Unemployment 4.3%"),
            ("Wahlbeteiligung 61 %", "Wahlbeteiligung 64 %"),
            // Who took part, not who joins.
            (
                "The guide is used in 3 schools across the county",
                "The guide is used in 5 schools across the county",
            ),
            (
                "The new rules were used by 40 councils last year",
                "The new rules were used by 45 councils last year",
            ),
            // How often something is done, not how often the page was seen.
            (
                "Take the tablets 3 times a day with water after meals.",
                "Take the tablets 2 times a day with water after meals.",
            ),
            // A short sentence states its number.
            (
                "The town has 12,400 inhabitants.",
                "The town has 12,650 inhabitants.",
            ),
            ("The school has 420 pupils.", "The school has 465 pupils."),
            // An offer's terms, in the other form of their word too.
            ("Pay in 3 instalments", "Pay in 4 instalments"),
            ("Pay in 3 instalments", "Pay in 1 instalment"),
            ("2 stops", "1 stop"),
            ("Free for 2 children", "Free for 1 child"),
            ("2-4 players", "1-4 players"),
            ("4 floors, lift", "1 floor, lift"),
            // Whom an offer is for.
            ("Tour for 2 people", "Tour for 3 people"),
            ("Price for 1 person: 89 EUR", "Price for 2 people: 89 EUR"),
            ("Preis für 2 Personen", "Preis für 4 Personen"),
            // A recipe's ingredients.
            ("2 eggs", "3 eggs"),
            ("2 large eggs", "3 large eggs"),
            ("3 cloves garlic", "4 cloves garlic"),
            ("1 pinch salt", "2 pinches salt"),
            ("3 Eier", "4 Eier"),
            ("2 tomatoes, diced", "3 tomatoes, diced"),
        ] {
            assert_eq!(builtin_noise(old, new), None, "{old} → {new}");
        }
        for (old, new) in [
            // Counts that move on their own, beside the same words.
            ("1,204 views per day", "1,377 views per day"),
            ("Visitors: 1,204", "Visitors: 1,377"),
            ("12 Kommentare", "14 Kommentare"),
            ("Guests online: 12", "Guests online: 15"),
            ("Only 3 rooms left", "Only 2 rooms left"),
            ("DAX +0.4%", "DAX -1.2%"),
            // A count after a stated figure: the label states only its own number.
            ("Level 12 · 3,400 XP", "Level 12 · 3,520 XP"),
            ("Level 12, 3,400 points", "Level 12, 3,520 points"),
            // A landing page's count of who uses it, in a sentence too.
            (
                "Trusted by 1,204 teams · 318 signed up this week",
                "Trusted by 1,377 teams · 318 signed up this week",
            ),
            (
                "Join over 12,000 developers who ship faster with Tidewater",
                "Join over 12,400 developers who ship faster with Tidewater",
            ),
            // A count beside what it counts, in a short sentence too.
            (
                "12 people bought this today!",
                "15 people bought this today!",
            ),
            (
                "Only 3 rooms left at this price!",
                "Only 2 rooms left at this price!",
            ),
            // How often the page was opened, in a sentence too.
            (
                "This job has been viewed 1,204 times",
                "This job has been viewed 1,377 times",
            ),
            (
                "This page has been accessed 12,408 times.",
                "This page has been accessed 12,977 times.",
            ),
            (
                "Dieser Artikel wurde 1.204 mal aufgerufen",
                "Dieser Artikel wurde 1.377 mal aufgerufen",
            ),
            (
                "Booked 14 times in the last 24 hours",
                "Booked 9 times in the last 24 hours",
            ),
            // A counter word's count over a window back from the visit, said between them.
            (
                "Page views in the past 30 days: 12,345",
                "Page views in the past 30 days: 12,901",
            ),
            (
                "Aufrufe der letzten 30 Tage: 1.204",
                "Aufrufe der letzten 30 Tage: 1.377",
            ),
            // A stock's noun in its other form.
            (
                "Only 2 rooms left on our site!",
                "Only 1 room left on our site!",
            ),
            // And any word beside the count in its other form, a word agreeing with it
            // after it, a verb agreeing with it anywhere.
            ("3 copies available", "1 copy available"),
            ("Solo 3 rimasti", "Solo 1 rimasto"),
            ("Solo 2 camere rimaste", "Solo 1 camera rimasta"),
            (
                "1 person is viewing this hotel",
                "4 people are viewing this hotel",
            ),
            (
                "1 Person sieht sich dieses Hotel an",
                "5 Personen sehen sich dieses Hotel an",
            ),
            ("3 persone stanno guardando", "1 persona sta guardando"),
            (
                "There is 1 room left at this price",
                "There are 3 rooms left at this price",
            ),
            // A word further on agreeing with both.
            (
                "1 person has this in their cart",
                "3 people have this in their carts",
            ),
            // What is left of a stock of a listing's rooms.
            ("Plus que 3 chambres", "Plus que 2 chambres"),
            ("Quedan 3 habitaciones", "Quedan 2 habitaciones"),
            // Which of them it counts, between the count and its word, in a longer block too.
            (
                "Tide tables for the harbour and the coast, 23 open issues",
                "Tide tables for the harbour and the coast, 25 open issues",
            ),
            (
                "Tide tables for the harbour and the coast, 3 new comments",
                "Tide tables for the harbour and the coast, 5 new comments",
            ),
            // A repository's stars beside its forks, in a longer block; a count written short
            // before "times".
            (
                "12 stars · 140 forks · 23 open issues",
                "14 stars · 141 forks · 25 open issues",
            ),
            (
                "Tide tables for the harbour and the coast 1.2k stars 140 forks",
                "Tide tables for the harbour and the coast 1.3k stars 140 forks",
            ),
            (
                "Asked 3 years ago Modified 2 days ago Viewed 12k times",
                "Asked 3 years ago Modified 2 days ago Viewed 13k times",
            ),
            // A profile's following beside its followers.
            (
                "Joined March 2019 · 1,204 Following · 56.2K Followers",
                "Joined March 2019 · 1,206 Following · 56.4K Followers",
            ),
            (
                "Harbour Watch, the tide tables of the coast · 312 abonnements · 1 204 abonnés",
                "Harbour Watch, the tide tables of the coast · 315 abonnements · 1 204 abonnés",
            ),
        ] {
            assert!(
                builtin_noise(old, new).is_some_and(|k| k.contains(&Volatile::Counter)),
                "{old} → {new}"
            );
        }
        // "Following" without followers: an ordinary word.
        assert_eq!(
            builtin_noise(
                "Before the ferry leaves, check the following 3 items on the harbour list.",
                "Before the ferry leaves, check the following 4 items on the harbour list."
            ),
            None
        );
        // Stars without forks in a longer block: a critic's rating.
        assert_eq!(
            builtin_noise(
                "The critics gave the new harbour film 4 stars in the weekend paper",
                "The critics gave the new harbour film 2 stars in the weekend paper"
            ),
            None
        );
    }

    #[test]
    fn a_price_list_stepped_by_whole_units_is_content() {
        // A menu's or a salon's prices written without a currency sign: the same cents, the
        // items named.
        for (old, new) in [
            ("Burrata with figs — 11.00", "Burrata with figs — 12.00"),
            (
                "Haircut and wash 25.00 · Colour 60.00",
                "Haircut and wash 27.00 · Colour 60.00",
            ),
            ("Pizza Margherita 8,50", "Pizza Margherita 9,50"),
        ] {
            assert_eq!(builtin_noise(old, new), None, "{old} → {new}");
        }
        // A quote keeps neither its cents nor its sign; a count has no cents; an item's
        // figure with one word is a ticker's.
        for (old, new) in [
            ("Apple Inc 189.45 +1.20", "Apple Inc 190.45 +2.20"),
            ("DAX 15.432,10", "DAX 15.532,10"),
            ("Gold price 1,920.50 (+0.4%)", "Gold price 1,930.50 (+0.9%)"),
            ("1,287 reviews", "1,301 reviews"),
        ] {
            assert!(builtin_noise(old, new).is_some(), "{old} → {new}");
        }
    }

    #[test]
    fn minutes_on_a_board_of_departures_tell_the_visits_time() {
        all_noise(
            &[
                (
                    "Next departures from Central: Red 2 min · Blue 7 min",
                    "Next departures from Central: Red 4 min · Blue 1 min",
                ),
                (
                    "Abfahrten ab Hauptbahnhof: S1 3 Min. · S2 8 Min.",
                    "Abfahrten ab Hauptbahnhof: S1 6 Min. · S2 1 Min.",
                ),
                (
                    "Next trains: Harbor 5 min, Park 12 min",
                    "Next trains: Harbor 2 min, Park 9 min",
                ),
                ("Next bus in 5 min", "Next bus in 12 min"),
            ],
            &[Volatile::RelativeTime],
        );
        // A length of time elsewhere is the page's own.
        for (old, new) in [
            (
                "Bake for 60 minutes, then let it rest on the rack",
                "Bake for 45 minutes, then let it rest on the rack",
            ),
            (
                "The next meeting lasts 30 min and starts after lunch",
                "The next meeting lasts 45 min and starts after lunch",
            ),
        ] {
            assert_eq!(builtin_noise(old, new), None, "{old} → {new}");
        }
    }

    #[test]
    fn a_days_list_rolling_on_keeps_its_distance() {
        // Friday 20 November 2026, 13:10 UTC, and Saturday 28 November, 17:20.
        let (then, now) = (1_795_698_600, 1_796_404_800);
        for (old, new) in [
            ("Nov 20, 2026", "Nov 28, 2026"),
            ("Nov 18, 2026", "Nov 26, 2026"),
            ("Mittwoch, 18.11.2026", "Donnerstag, 26.11.2026"),
        ] {
            assert!(rolling_day(old, new, then, now), "{old} → {new}");
        }
        for (old, new) in [
            // Another distance: the page's own date moved (to the visit's day, or elsewhere).
            ("Nov 12, 2026", "Nov 28, 2026"),
            ("Nov 18, 2026", "Nov 25, 2026"),
            // Too far back for a list of the last days.
            ("Sep 1, 2026", "Sep 9, 2026"),
            // Words besides the date: a stamp of the page's, judged as such.
            ("Published Nov 18, 2026", "Published Nov 26, 2026"),
        ] {
            assert!(!rolling_day(old, new, then, now), "{old} → {new}");
        }
    }

    #[test]
    fn a_whole_hour_with_uhr_is_a_time_of_day() {
        // A stamp's hour moves like its clock; one end of the opening hours is the page's.
        all_noise(&[("Stand: 18 Uhr", "Stand: 19 Uhr")], &[Volatile::Clock]);
        all_content(&[
            ("Heute geöffnet bis 18 Uhr", "Heute geöffnet bis 20 Uhr"),
            (
                "Öffnungszeiten: Mo–Fr 9–18 Uhr",
                "Öffnungszeiten: Mo–Fr 9–19 Uhr",
            ),
        ]);
        // An appointment's hour beside its date, seen within the hour: no clock of the visit.
        let then = 1_795_716_300; // Thursday 26 November 2026, 18:05 UTC
        assert_eq!(
            builtin_noise_between(
                "Gemeinderatssitzung am 3. Dezember um 18 Uhr",
                "Gemeinderatssitzung am 3. Dezember um 19 Uhr",
                Some(then),
                Some(then + 57 * 60)
            ),
            None
        );
    }

    #[test]
    fn a_shops_sales_rank_is_a_count() {
        all_noise(
            &[
                (
                    "Best Sellers Rank: #1,204 in Books (See Top 100 in Books)",
                    "Best Sellers Rank: #987 in Books (See Top 100 in Books)",
                ),
                (
                    "Amazon Bestseller-Rang: Nr. 1.204 in Bücher",
                    "Amazon Bestseller-Rang: Nr. 987 in Bücher",
                ),
            ],
            &[Volatile::Counter],
        );
        // A rank the page states is its content.
        all_content(&[(
            "Ranked #12 of 340 hotels in Lisbon by travellers",
            "Ranked #9 of 342 hotels in Lisbon by travellers",
        )]);
    }

    #[test]
    fn a_forums_statistics_are_counts() {
        all_noise(
            &[
                (
                    "In total there are 48 users online :: 5 registered, 1 hidden and 42 guests",
                    "In total there are 63 users online :: 8 registered, 0 hidden and 55 guests",
                ),
                (
                    "Insgesamt sind 48 Besucher online: 5 angemeldete, 1 unsichtbarer und 42 Gäste",
                    "Insgesamt sind 63 Besucher online: 8 angemeldete, 1 unsichtbarer und 55 Gäste",
                ),
                (
                    "Total posts 27,460 • Total topics 2,080 • Total members 3,311 • Our newest member zed",
                    "Total posts 27,563 • Total topics 2,091 • Total members 3,330 • Our newest member quill",
                ),
                (
                    "Beiträge insgesamt 27460 • Themen insgesamt 2080 • Mitglieder insgesamt 3311",
                    "Beiträge insgesamt 27563 • Themen insgesamt 2091 • Mitglieder insgesamt 3330",
                ),
            ],
            &[Volatile::Counter],
        );
        // Without "online" or "total", the same words are the text's.
        all_content(&[
            (
                "The fund supports 5 registered charities in the county",
                "The fund supports 7 registered charities in the county",
            ),
            (
                "The newest member of the board, Dana Cole, chairs the audit committee",
                "The newest member of the board, Sam Ortiz, chairs the audit committee",
            ),
        ]);
    }

    #[test]
    fn readers_who_found_a_review_helpful_are_a_count() {
        all_noise(
            &[
                (
                    "Jo · 1 month ago · 30 found this helpful",
                    "Jo · 1 month ago · 31 found this helpful",
                ),
                (
                    "30 of 34 people found this review helpful",
                    "31 of 35 people found this review helpful",
                ),
                (
                    "3 Personen fanden diese Rezension hilfreich",
                    "5 Personen fanden diese Rezension hilfreich",
                ),
            ],
            &[Volatile::Counter],
        );
        // What the page found is no vote.
        assert_eq!(
            builtin_noise(
                "The study found 12 helpful habits of good sleepers",
                "The study found 15 helpful habits of good sleepers"
            ),
            None
        );
    }

    #[test]
    fn a_consent_dialogs_partners_are_counted_like_a_counter() {
        all_noise(
            &[
                (
                    "We and our 842 partners store and/or access information on a device, such as cookies, and process personal data.",
                    "We and our 848 partners store and/or access information on a device, such as cookies, and process personal data.",
                ),
                (
                    "Wir und unsere 241 Partner speichern und/oder greifen auf Informationen auf Ihrem Gerät zu.",
                    "Wir und unsere 243 Partner speichern und/oder greifen auf Informationen auf Ihrem Gerät zu.",
                ),
                (
                    "Nous et nos 836 partenaires stockons et/ou accédons à des informations sur un appareil.",
                    "Nous et nos 841 partenaires stockons et/ou accédons à des informations sur un appareil.",
                ),
                (
                    "With your agreement, we and our 1,426 vendors use cookies or similar technologies.",
                    "With your agreement, we and our 1,431 vendors use cookies or similar technologies.",
                ),
            ],
            &[Volatile::Counter],
        );
        // A project's partners are the page's own figure.
        assert_eq!(
            builtin_noise(
                "The project brings together our 12 partners from universities across Europe.",
                "The project brings together our 14 partners from universities across Europe."
            ),
            None
        );
    }

    #[test]
    fn a_shops_counts_move_like_counters() {
        // A shop's social proof counts like a counter; people in the news do not.
        all_noise(
            &[
                (
                    "12 people bought this in the last 24 hours",
                    "14 people bought this in the last 24 hours",
                ),
                (
                    "12 Personen haben diesen Artikel gerade im Warenkorb",
                    "15 Personen haben diesen Artikel gerade im Warenkorb",
                ),
                (
                    "23 people are looking at this right now",
                    "31 people are looking at this right now",
                ),
                (
                    "15 Personen sehen sich dieses Produkt gerade an",
                    "19 Personen sehen sich dieses Produkt gerade an",
                ),
                (
                    "Selling fast! 1,214 people looked at this event in the last hour.",
                    "Selling fast! 868 people looked at this event in the last hour.",
                ),
                (
                    "Popular! 5 people booked this hotel in the last 24 hours.",
                    "Popular! 9 people booked this hotel in the last 24 hours.",
                ),
                // What is left of a stock, named: tickets, rooms, seats.
                (
                    "Only 38 tickets left at this price.",
                    "Only 21 tickets left at this price.",
                ),
                (
                    "Hurry, we have only 3 rooms left on our site for your dates.",
                    "Hurry, we have only 2 rooms left on our site for your dates.",
                ),
                (
                    "Nur noch 4 Zimmer frei zu diesem Preis",
                    "Nur noch 2 Zimmer frei zu diesem Preis",
                ),
                (
                    "Only 3 seats available at this fare",
                    "Only 1 seats available at this fare",
                ),
            ],
            &[Volatile::Counter],
        );
        all_content(&[
            (
                "23 people were injured when the ferry hit the pier on Monday",
                "31 people were injured when the ferry hit the pier on Monday",
            ),
            // A room's or a ticket's count that is not what is left of them.
            (
                "The hotel has 120 rooms available to guests with pets, on four floors",
                "The hotel has 140 rooms available to guests with pets, on four floors",
            ),
            (
                "The club booked 3 rooms for the players and their families this week",
                "The club booked 4 rooms for the players and their families this week",
            ),
            // A measure of one letter is no time left.
            (
                "The new pier reaches 12 m into the harbour, said the council",
                "The new pier reaches 11 m into the harbour, said the council",
            ),
        ]);
        // Stock left counts like a counter; none left is a state.
        assert_eq!(
            builtin_noise(
                "Only 3 left in stock - order soon.",
                "Only 2 left in stock - order soon."
            ),
            Some(vec![Volatile::Counter])
        );
        assert_eq!(
            builtin_noise(
                "Only 3 left in stock - order soon.",
                "Only 0 left in stock - order soon."
            ),
            None
        );
    }

    /// A day named relative to the visit beside a clock or in a tiny block is a relative time:
    /// the same moment seen a day later. In prose it is the text's.
    #[test]
    fn today_and_yesterday_beside_a_clock_are_relative_times() {
        all_noise(
            &[
                ("Heute, 14:05", "Gestern, 14:05"),
                ("Today at 9:14 PM", "Yesterday at 9:14 PM"),
                ("aujourd'hui à 14:05", "hier à 14:05"),
                ("heute", "gestern"),
                ("yesterday", "2 days ago"),
                ("Gestern", "vor 2 Tagen"),
                ("Dzisiaj, 14:05", "Wczoraj, 14:05"),
                ("idag 14:05", "igår 14:05"),
                ("Сегодня, 14:05", "Вчера, 14:05"),
                ("Сьогодні, 14:05", "Вчора, 14:05"),
                ("今日 14:05", "昨日 14:05"),
                ("今天 14:05", "昨天 14:05"),
                ("오늘 14:05", "어제 14:05"),
                ("Σήμερα 14:05", "Χθες 14:05"),
                ("Azi, 14:05", "Ieri, 14:05"),
                ("اليوم 14:05", "أمس 14:05"),
                ("היום 14:05", "אתמול 14:05"),
                ("आज 14:05", "कल 14:05"),
                ("Kemarin", "2 hari yang lalu"),
                ("Hari ini, 14:05", "Kemarin, 14:05"),
                ("I dag 14:05", "I går 14:05"),
                ("Hôm nay 14:05", "Hôm qua 14:05"),
                // "Just now" in more languages, then a number of minutes.
                ("たった今", "3分前"),
                ("刚刚", "3分钟前"),
                ("방금", "3분 전"),
                ("baru saja", "3 menit yang lalu"),
                ("justo ahora", "hace 3 minutos"),
                ("щойно", "3 хвилини тому"),
                // A status page's day that passed.
                ("No incidents reported today.", "No incidents reported."),
                ("Keine Störungen heute.", "Keine Störungen."),
                // An events list seen a day later.
                ("Tomorrow · 10:00 · Studio 2", "Today · 10:00 · Studio 2"),
                ("Demain, 20:30", "Aujourd'hui, 20:30"),
            ],
            &[Volatile::RelativeTime],
        );
        all_content(&[
            (
                "Today the council decided to rebuild the pier before summer",
                "Yesterday the council decided to rebuild the pier before summer",
            ),
            ("Heute geöffnet bis abends", "Gestern geöffnet bis abends"),
            (
                "Vi åbner i dag den nye fløj for besøgende på havnen",
                "Vi åbnede i går den nye fløj for besøgende på havnen",
            ),
            (
                "Today the council decided to rebuild the pier",
                "The council decided to rebuild the pier",
            ),
            (
                "Tomorrow we open the new wing to visitors",
                "Tonight we open the new wing to visitors",
            ),
        ]);
    }

    #[test]
    fn only_prices_or_periods_changed_reads_them() {
        assert!(only_prices_or_periods_changed(
            "Includes estimated VAT of €93,48 The exact amount",
            "Includes estimated VAT of €93,67 The exact amount"
        ));
        assert!(only_prices_or_periods_changed(
            "ab 4,99 € im Monat",
            "ab 5,49 € im Monat"
        ));
        assert!(!only_prices_or_periods_changed(
            "ab 4,99 € im Monat",
            "ab 4,99 € im Jahr"
        ));
        assert!(!only_prices_or_periods_changed(
            "Readers today: 1000",
            "Readers today: 1042"
        ));
        assert!(!only_prices_or_periods_changed("€5", "€5"));
        assert!(only_prices_or_periods_changed(
            "Estimated dispatch in 8 - 9 weeks",
            "Estimated dispatch in 4 - 5 weeks"
        ));
        assert!(only_prices_or_periods_changed(
            "Dispatch in 7 - 8 working days",
            "Dispatch in 1 - 2 working days"
        ));
    }

    /// A news site's weather widget: the temperature and the conditions change, in a short
    /// block that holds a temperature. Without a temperature, in prose, or as a record or an
    /// average, the words are content.
    #[test]
    fn a_weather_report_is_noise() {
        all_noise(
            &[
                ("Berlin 7 °C, bewölkt", "Berlin 9 °C, sonnig"),
                ("7°C Partly cloudy", "-2°C Light snow"),
                ("Paris 12° Ensoleillé", "Paris 9° Averses"),
                ("Heute 12° / 3°", "Heute 13° / -1°"),
                ("Hamburg: 5 ℃ leichter Regen", "Hamburg: 6 ℃ Nebel"),
                ("Berlin 12.5 °C", "Berlin 13.1 °C"),
                ("Lisboa 18 °C, ensolarado", "Lisboa 15 °C, chuva"),
                ("Stockholm 2 °C molnigt", "Stockholm -1 °C snö"),
                ("Warszawa 4 °C, deszcz", "Warszawa 1 °C, śnieg"),
            ],
            &[Volatile::Weather],
        );
        all_content(&[
            ("Sunny", "Cloudy"),
            ("Tent Sunny, two persons", "Tent Cloudy, two persons"),
            (
                "The museum keeps its rooms at 18 °C all year; on sunny days the garden opens too",
                "The museum keeps its rooms at 20 °C all year; on rainy days the garden closes",
            ),
            // A record or an average is the climate's figure.
            ("Temperature record: 38 °C", "Temperature record: 40 °C"),
            ("Höchstwert 38,2 °C", "Höchstwert 40,1 °C"),
            ("Average high: 24 °C", "Average high: 25 °C"),
        ]);
    }

    /// A weather page's other readings move with its temperature, and its forecast's days come
    /// and go; a warning, a setting in seconds or a temperature in prose stay content.
    #[test]
    fn a_weather_pages_readings_and_forecast_days() {
        all_noise(
            &[
                (
                    "Feels like 10°C · Wind 14 km/h NW · Humidity 71%",
                    "Feels like 7°C · Wind 22 km/h W · Humidity 88%",
                ),
                ("Tue 11° / 4° Cloudy", "Tue 11° / 3° Rain"),
                (
                    "Hamburg 5 °C, Wind 4 m/s SO, 1013 hPa",
                    "Hamburg 3 °C, Wind 9 m/s O, 1002 hPa",
                ),
            ],
            &[Volatile::Weather],
        );
        for t in ["Mon 14° / 6° Rain", "Thu 15° / 7° Sunny", "Heute 12° / 3°"] {
            assert!(weather_only(t), "{t}");
        }
        for t in [
            "Orange warning: strong winds from 18:00 Tuesday",
            "Rooms kept at 18 °C all year",
            "Humidity 71%",
            "Mon 14:00 Council meeting",
            "",
        ] {
            assert!(!weather_only(t), "{t}");
        }
    }

    /// A duration in whole seconds is measured only after what measures it or in milliseconds;
    /// otherwise it is a setting or a fact of the page, and its change is content.
    #[test]
    fn a_setting_in_seconds_is_no_measured_duration() {
        all_noise(
            &[
                ("Response time 3 s", "Response time 5 s"),
                ("Ping 23 ms", "Ping 31 ms"),
                ("Refreshing in 30 s", "Refreshing in 12 s"),
                ("served in 0.02 s", "served in 0.05 s"),
            ],
            &[Volatile::Duration],
        );
        all_content(&[
            (
                "Changed: default timeout is 30 s.",
                "Changed: default timeout is 60 s.",
            ),
            ("Interval 10 seconds", "Interval 20 seconds"),
        ]);
    }

    /// A recipe's amounts, times and oven temperature are what the recipe is: their change
    /// is content in a short block too; a countdown and a reading time still move like counts.
    #[test]
    fn a_recipes_amounts_times_and_oven() {
        all_content(&[
            ("150 g sugar", "120 g sugar"),
            ("2 tbsp oil", "3 tbsp oil"),
            ("Bake for 55 minutes.", "Bake for 60 minutes."),
            ("Heat the oven to 175 °C.", "Heat the oven to 180 °C."),
            ("Oven 350 °F", "Oven 375 °F"),
            ("Open 12 hours", "Open 24 hours"),
        ]);
        // (A time that fell may be a time left, unless the visits' times say otherwise.)
        let (then, now) = (1_764_320_400, 1_764_320_400 + 8 * 86_400);
        assert_eq!(
            builtin_noise_between(
                "Bake for 60 minutes.",
                "Bake for 55 minutes.",
                Some(then),
                Some(now)
            ),
            None
        );
        all_noise(
            &[
                ("5 min read", "6 min read"),
                ("5 Min", "7 Min"),
                (
                    "Aktualisiert am 28.06.2024Lesedauer: 33 Min.",
                    "Aktualisiert am 28.06.2024Lesedauer: 32 Min.",
                ),
            ],
            &[Volatile::Counter],
        );
        all_noise(
            &[
                ("Berlin 7 °C, bewölkt", "Berlin -3 °C, Schnee"),
                ("Roma 14° Sereno", "Roma 16° Poco nuvoloso"),
                ("Madrid 9 °C Muy nuboso", "Madrid 12 °C Intervalos nubosos"),
                ("Paris 8°C Peu nuageux", "Paris 6°C Soleil"),
            ],
            &[Volatile::Weather],
        );
    }

    /// A button's or a tab's count after its label ("Fork 212", "Star 4.1k", "Issues 17",
    /// "Pull requests 4") moves with what others do; a quota after "requests" or a count of
    /// fixed issues in a sentence is what the page states.
    #[test]
    fn a_buttons_and_tabs_counts() {
        all_noise(
            &[
                (
                    "acme / fastqueue Public Notifications Fork 212 Star 4.1k",
                    "acme / fastqueue Public Notifications Fork 215 Star 4.2k",
                ),
                (
                    "Code Issues 17 Pull requests 4 Actions Security Insights",
                    "Code Issues 15 Pull requests 5 Actions Security Insights",
                ),
                (
                    "Readme Code 3 Dependencies 1,204 Dependents",
                    "Readme Code 3 Dependencies 1,219 Dependents",
                ),
            ],
            &[Volatile::Counter],
        );
        all_content(&[
            (
                "Pro plan: API requests 10,000 per month, email support",
                "Pro plan: API requests 20,000 per month, email support",
            ),
            (
                "This release fixed 17 issues reported by users of the queue.",
                "This release fixed 19 issues reported by users of the queue.",
            ),
        ]);
    }

    /// A rate the page sets (interest, tax, a fee) or a lone percentage in its cell (a rates
    /// table, an election's share) is content; a signed move or a labelled reading is a count.
    #[test]
    fn a_rate_is_content_a_signed_move_a_count() {
        all_content(&[
            (
                "Bank of England base rate: 4.00%",
                "Bank of England base rate: 3.75%",
            ),
            ("APR 6.9 %", "APR 7.4 %"),
            ("VAT 20%", "VAT 19%"),
            ("Sollzins 3,5 %", "Sollzins 3,9 %"),
            ("4.25%", "4.00%"),
        ]);
        all_noise(
            &[
                ("DAX +0.5 %", "DAX -0.3 %"),
                ("+1.2%", "-0.4%"),
                ("Battery 45%", "Battery 44%"),
                ("API 99.98 % uptime", "API 99.97 % uptime"),
            ],
            &[Volatile::Counter],
        );
    }

    /// Whether a place is open follows the visit's time ("Open now · closes at 22:00" →
    /// "Closed · opens at 12:00"); an issue's state, a rest day or a timetable's time is
    /// what the page states.
    #[test]
    fn a_weather_reading_beside_its_label() {
        for (label, old, new) in [
            ("Humidity", "71%", "64%"),
            ("Chance of rain", "80%", "20%"),
            ("Wind", "19 km/h SW", "11 km/h W"),
            ("Pressure", "1012 hPa", "1019 hPa"),
            ("UV index", "1", "2"),
            ("Luftfeuchtigkeit", "71 %", "64 %"),
            ("Vent", "19 km/h", "11 km/h"),
        ] {
            assert!(weather_reading(label, old, new), "{label}: {old} → {new}");
        }
        for (label, old, new) in [
            // A bank's rate, a shop's figure: no weather measure names them.
            ("Base rate", "4.25%", "4.00%"),
            ("Fixed 2 years", "4.25%", "4.00%"),
            ("Price", "€129", "€119"),
            // A label of weather words that says more than a measure.
            ("Rain gear for hikers and cyclists alike", "12", "14"),
            // Words beside the reading: not a reading only.
            ("Wind", "19 km/h, gale warning", "11 km/h"),
            ("Humidity", "", "64%"),
            // Levels of no weather measure.
            ("Risk", "high", "low"),
            ("Quality", "good", "poor"),
        ] {
            assert!(!weather_reading(label, old, new), "{label}: {old} → {new}");
        }
        // Levels of the air and the weather, in words too; after the label and a colon in one
        // block as well.
        for (label, old, new) in [
            ("Pollen", "high", "low"),
            ("Air quality", "Good (AQI 32)", "Moderate (AQI 61)"),
            ("UV-Index", "mittel", "niedrig"),
        ] {
            assert!(weather_reading(label, old, new), "{label}: {old} → {new}");
        }
        all_noise(
            &[
                (
                    "Air quality: Good (AQI 32)",
                    "Air quality: Moderate (AQI 61)",
                ),
                ("UV index: 3 (moderate)", "UV index: 1 (low)"),
                ("Luftqualität: gut", "Luftqualität: mäßig"),
                ("Qualité de l'air : bonne", "Qualité de l'air : moyenne"),
            ],
            &[Volatile::Weather],
        );
        all_content(&[
            ("Risk: high", "Risk: low"),
            (
                "Air quality: Good (AQI 32)",
                "Air quality: Moderate. Avoid outdoor exercise near the ring road.",
            ),
        ]);
    }

    #[test]
    fn a_column_of_data_by_its_header() {
        for header in [
            "Pts",
            "P",
            "Played",
            "Points",
            "Votes",
            "Population",
            "Goals for",
        ] {
            assert!(data_column(header), "{header}");
        }
        for header in [
            // Counts that move on their own, a quote's figures, a weather measure.
            "Views",
            "Replies",
            "Posts",
            "Kommentare",
            "Last",
            "Chg",
            "% Chg",
            "Volume",
            "Humidity",
            // No word: a rank's "#", a year, or nothing.
            "#",
            "",
            "2026",
        ] {
            assert!(!data_column(header), "{header}");
        }
    }

    #[test]
    fn what_is_on_air_follows_the_clock() {
        for (old, new) in [
            (
                "Now: BBC News at One · Next: Bargain Hunt",
                "Now: Pointless · Next: Six O'Clock News",
            ),
            (
                "Now playing: Nina Simone – Feeling Good",
                "Now playing: Blur – Tender",
            ),
            (
                "Jetzt: Tagesschau Danach: Wetter",
                "Jetzt: Sportschau Danach: Tatort",
            ),
        ] {
            assert!(on_air(old, new), "{old} → {new}");
            assert_eq!(
                builtin_noise_between(old, new, None, None),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            // Not what is on: the labels differ, or "now" is not the line's first word.
            ("Now: Pointless · Next: News", "Now: Pointless"),
            ("Next: Bargain Hunt", "Next: Pointless"),
            (
                "Available now: the new album",
                "Available now: the tour film",
            ),
            // A live ticker's headline is news.
            ("Live: Storm reaches the coast", "Live: Election results"),
            ("Now: Pointless", "Now: Pointless"),
        ] {
            assert!(!on_air(old, new), "{old} → {new}");
        }
    }

    #[test]
    fn an_age_that_became_its_date() {
        // Sunday 29 November 2026, 12:00 UTC, and Tuesday 1 December, 15:00.
        let (then, now) = (1_795_953_600, 1_796_137_200);
        let between = |old: &str, new: &str| builtin_noise_between(old, new, Some(then), Some(now));
        for (old, new) in [
            ("Ada Lovelace @ada · 2h", "Ada Lovelace @ada · Nov 29"),
            (
                "Posted 3 hours ago by Ada",
                "Posted 29 November 2026 by Ada",
            ),
            ("vor 2 Tagen", "27.11.2026"),
            ("@ada · 40m", "@ada · Nov 29"),
        ] {
            assert_eq!(
                between(old, new),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            // Not the day the age counts back to.
            ("Ada Lovelace @ada · 2h", "Ada Lovelace @ada · Nov 20"),
            ("vor 2 Tagen", "25.11.2026"),
            // More changed than the age.
            ("Ada Lovelace @ada · 2h", "Grace Hopper @grace · Nov 29"),
        ] {
            assert_eq!(between(old, new), None, "{old} → {new}");
        }
    }

    #[test]
    fn a_delivery_estimate_counts_from_the_visit() {
        // Sunday 29 November 2026, 10:00 UTC, and Wednesday 2 December, 13:00.
        let (sun, wed) = (1_795_946_400, 1_796_216_400);
        let noise = |old: &str, new: &str| builtin_noise_between(old, new, Some(sun), Some(wed));
        assert_eq!(
            noise(
                "FREE delivery Thursday, December 3 on orders over €50.",
                "FREE delivery Sunday, December 6 on orders over €50.",
            ),
            Some(vec![Volatile::Date])
        );
        assert_eq!(
            noise(
                "Arrives by Mon, Dec 7 with standard shipping.",
                "Arrives by Thu, Dec 10 with standard shipping.",
            ),
            Some(vec![Volatile::Date])
        );
        assert_eq!(
            noise(
                "Order within 4 hrs 12 mins to get it by Tuesday, December 1.",
                "Order within 7 hrs 40 mins to get it by Friday, December 4.",
            ),
            Some(vec![Volatile::Date, Volatile::RelativeTime])
        );
        assert_eq!(
            noise("Lieferung Do., 3. Dez.", "Lieferung So., 6. Dez."),
            Some(vec![Volatile::Date])
        );
        for (old, new) in [
            // The estimate slipped: four days after the visit, then six.
            (
                "FREE delivery Thursday, December 3 on orders over €50.",
                "FREE delivery Tuesday, December 8 on orders over €50.",
            ),
            // Something else changed with it.
            (
                "FREE delivery Thursday, December 3 on orders over €50.",
                "FREE delivery Sunday, December 6 on orders over €80.",
            ),
            // A weekday that is none of its dates' days.
            (
                "FREE delivery Friday, December 3 on orders over €50.",
                "FREE delivery Sunday, December 6 on orders over €50.",
            ),
            // A period, not a cut-off: the shop ships slower.
            (
                "Usually ships within 2 days. Delivery by December 3.",
                "Usually ships within 5 days. Delivery by December 6.",
            ),
            // No delivery word: a concert moved by as many days as lay between the visits.
            (
                "Concert: Thursday, December 3",
                "Concert: Sunday, December 6",
            ),
        ] {
            assert_eq!(noise(old, new), None, "{old} → {new}");
        }
        // Without the visits' times a delivery date is read as any date.
        assert_eq!(
            builtin_noise_between(
                "FREE delivery Thursday, December 3 on orders over €50.",
                "FREE delivery Sunday, December 6 on orders over €50.",
                None,
                Some(wed)
            ),
            None
        );
    }

    #[test]
    fn an_opening_state_and_a_timetable() {
        for t in [
            "Open now · closes at 22:00",
            "Closed · opens at 12:00",
            "Closed now",
            "Geschlossen · öffnet um 9:00 Uhr",
            "Closed · opens Mon 9:00",
            "Jetzt geöffnet",
            "As of 4:00 PM EST. Market closed.",
            "As of 11:42 AM EST. Market open.",
            "Börse geschlossen",
            "Market open",
        ] {
            assert!(opening_state(t), "{t}");
        }
        for t in [
            "Open",
            "Open 24 hours",
            "Tuesday closed",
            "Applications closed",
            // (A place closed for a while, or for good, is news of the place.)
            "Temporarily closed",
            "Permanently closed",
            "Geöffnet ab 9:00 Uhr",
            "Soon open",
            "Tuesday closed. Lunch 12:00–14:30, dinner 18:00–22:00.",
            "As of 4:00 PM EST",
            "Christmas market open Saturdays",
            "Market data",
        ] {
            assert!(!opening_state(t), "{t}");
        }
        all_noise(
            &[("Open now · closes at 22:00", "Open now · closes at 23:00")],
            &[Volatile::RelativeTime],
        );
        assert_eq!(builtin_noise_between("Open", "Closed", None, None), None);
        // Of a place or a market named before it, a person too; not a state with no time.
        all_noise(
            &[
                (
                    "Harbour Café: open now · closes at 20:00",
                    "Harbour Café: closed · opens at 09:00",
                ),
                ("Markets are open", "Markets are closed"),
                ("Anna is online", "Anna was last seen 2 hours ago"),
            ],
            &[Volatile::RelativeTime],
        );
        all_content(&[
            ("Applications open", "Applications closed"),
            ("Harbour Café closed", "Harbour Café open now"),
            ("Server is online", "Server is offline"),
        ]);
        // A help desk there or not at the visit: its hours, said at the moment of the visit.
        all_noise(
            &[
                ("Live chat: We're online", "Live chat: We're offline"),
                (
                    "Our support team is available now",
                    "Our support team is currently unavailable",
                ),
                (
                    "Kundenservice: jetzt erreichbar",
                    "Kundenservice: derzeit nicht erreichbar",
                ),
                (
                    "Chat with an agent — online",
                    "Chat with an agent — offline",
                ),
            ],
            &[Volatile::RelativeTime],
        );
        // Not a service's state, a product's support, a desk's hours or the desk's news.
        all_content(&[
            ("The API is available", "The API is unavailable"),
            (
                "Support for Windows 10 is available",
                "Support for Windows 10 is unavailable",
            ),
            ("Support: available", "Support: unavailable"),
            (
                "Our support team is available Monday to Friday.",
                "Our support team is available Monday to Saturday.",
            ),
            (
                "Live chat: We're online",
                "Live chat has moved to our new help centre.",
            ),
        ]);
        // A timetable's time keeps its distance to the visits by chance: 15:10 seen at 12:00,
        // 15:55 seen at 12:40.
        let then = 1_763_640_000; // 2025-11-20 12:00 UTC
        for (a, b) in [
            ("Estimated arrival 15:10", "Estimated arrival 15:55"),
            ("Departure: 15:10", "Departure: 15:55"),
            ("Abfahrt 15:10", "Abfahrt 15:55"),
        ] {
            assert_eq!(
                builtin_noise_between(a, b, Some(then), Some(then + 2400)),
                None,
                "{a}"
            );
        }
    }

    /// A headline's figure is the news; a count beside its word, a glued one or a bare
    /// figure in a heading is still a count.
    #[test]
    fn a_headlines_figure() {
        assert!(headline_figure(
            "40,000 homes without power",
            "65,000 homes without power"
        ));
        // Chinese and Japanese glue it to the headline's words; a glued count names what it
        // counts.
        assert!(headline_figure("暴雨致120户停电", "暴雨致350户停电"));
        assert!(headline_figure(
            "폭우로 120가구 정전",
            "폭우로 350가구 정전"
        ));
        assert!(!headline_figure("12件のコメント", "15件のコメント"));
        assert!(headline_figure("Storm: 3 dead", "Storm: 5 dead"));
        for (a, b) in [
            ("1,532 Comments", "1,540 Comments"),
            ("Kommentare 12", "Kommentare 13"),
            ("1,532", "1,540"),
            ("Reviews (212)", "Reviews (215)"),
            ("Updated 5 minutes ago", "Updated 9 minutes ago"),
            (
                "18. Kontakt, Geltendmachung Ihrer Rechte",
                "19. Kontakt, Geltendmachung Ihrer Rechte",
            ),
        ] {
            assert!(!headline_figure(a, b), "{a}");
        }
    }

    /// A market's ticker moves with every fetch, several instruments in one block too; a
    /// move written in prose, a level without its signed move, are the page's words.
    #[test]
    fn a_markets_ticker() {
        all_noise(
            &[
                (
                    "IBEX 35 11.234,5 +0,4% · EUR/USD 1,0832",
                    "IBEX 35 11.198,2 -0,3% · EUR/USD 1,0851",
                ),
                (
                    "DAX 15.234,12 +0,45% · Dow 38.120 -0,2% · Gold 2.310 $ +0,8%",
                    "DAX 15.201,40 -0,12% · Dow 38.300 +0,5% · Gold 2.290 $ -0,9%",
                ),
                ("EUR/USD 1,0832", "EUR/USD 1,0851"),
                ("1 EUR = 1.0842 USD", "1 EUR = 1.0851 USD"),
                (
                    "Uptime 99.98% over the past 90 days",
                    "Uptime 99.97% over the past 90 days",
                ),
                ("API · 99.95 % uptime", "API · 99.91 % uptime"),
                (
                    "Exchange rate today: 1 GBP = 1.1702 EUR",
                    "Exchange rate today: 1 GBP = 1.1688 EUR",
                ),
                // A coin's price and its move in brackets, or an arrow for its sign.
                ("Bitcoin $64,210.55 (+2.1%)", "Bitcoin $63,877.10 (-0.5%)"),
                ("ETH 3,120.40 ▲ 1.2%", "ETH 3,088.15 ▼ 0.4%"),
                // Its move glued to the level's currency (a landing page's finance box).
                ("1,07 USD+0,05%", "1,08 USD-0,04%"),
                ("76,67 USD+2,46%", "77,80 USD+1,07%"),
            ],
            &[Volatile::Counter],
        );
        all_content(&[
            // An offer's uptime.
            (
                "Our plan guarantees 99.9% uptime for every harbour office.",
                "Our plan guarantees 99.95% uptime for every harbour office.",
            ),
            // A shop's price glued to its currency in Chinese and Japanese.
            ("价格：129元", "价格：139元"),
            ("1,299円（税込）", "1,399円（税込）"),
            // A shop's price and its discount, or a price tracker's drop.
            ("£24.99 (-20%)", "£19.99 (-36%)"),
            ("€ 24,99 ▼ 20%", "€ 19,99 ▼ 36%"),
            (
                "The DAX rose 0.4% to 15,234 points on Friday, its best week since March.",
                "The DAX rose 0.6% to 15,301 points on Friday, its best week since March.",
            ),
            (
                "The index closed at 15,234 points, its highest level this year, traders said.",
                "The index closed at 15,301 points, its highest level this year, traders said.",
            ),
        ]);
    }

    /// A place's length or area is what the page states, alone in its cell too (an
    /// encyclopedia's infobox, a flat's listing); a relative time in minutes is still one.
    #[test]
    fn a_places_lengths_and_areas() {
        all_content(&[
            ("61 m", "64 m"),
            ("42 km²", "44 km²"),
            ("1,200 sq ft", "1,250 sq ft"),
            ("3 ha", "4 ha"),
            ("5 miles", "6 miles"),
        ]);
        all_noise(
            &[("posted 5 m ago", "posted 9 m ago")],
            &[Volatile::RelativeTime],
        );
    }

    /// One end of a schedule is a time the page states ("Check-in from 15:00"); a rating with
    /// its star moves like a count in a longer block too.
    #[test]
    fn a_schedules_bound_and_a_starred_rating() {
        all_content(&[
            (
                "Check-in from 15:00 · Check-out until 11:00",
                "Check-in from 14:00 · Check-out until 11:00",
            ),
            ("Geöffnet ab 9:00 Uhr", "Geöffnet ab 10:00 Uhr"),
            ("The museum opens at 10:00", "The museum opens at 9:30"),
        ]);
        all_noise(
            &[("Last update 7:15", "Last update 19:04")],
            &[Volatile::Clock],
        );
        all_noise(
            &[(
                "4.6★ 212K reviews · 10M+ downloads · Rated for 3+",
                "4.5★ 219K reviews · 10M+ downloads · Rated for 3+",
            )],
            &[Volatile::Counter],
        );
    }

    /// A word that bounds a count is the count's ("87 applicants" → "Over 100 applicants"); a
    /// least amount of years is a period ("5+ years of experience"), content.
    #[test]
    fn a_bounded_count_and_a_least_period() {
        all_noise(
            &[
                ("87 applicants", "Over 100 applicants"),
                ("mehr als 50 Bewerber", "12 Bewerber"),
            ],
            &[Volatile::Counter],
        );
        assert_eq!(
            builtin_noise(
                "Posted 3 days ago · 87 applicants",
                "Posted 1 week ago · Over 100 applicants"
            ),
            Some(vec![Volatile::RelativeTime, Volatile::Counter])
        );
        all_content(&[
            (
                "5+ years of backend experience",
                "3+ years of backend experience",
            ),
            ("Requires 16+ GB of memory", "Requires 8+ GB of memory"),
        ]);
    }

    /// A count written short with its magnitude beside a name or a measure is no count: a
    /// model, a resolution, a length.
    #[test]
    fn a_magnitude_beside_a_name_is_no_glued_count() {
        all_content(&[
            ("Model XR 3K", "Model XR 4K"),
            ("Monitor 27 inch 4K", "Monitor 27 inch 5K"),
            ("Trail shoe 1.5m cable", "Trail shoe 1.8m cable"),
        ]);
        all_noise(
            &[("12K", "13K"), ("1.2K views", "1.3K views")],
            &[Volatile::Counter],
        );
    }

    /// Advertising labels and the small module each stands in; a label in a large element
    /// marks itself only; headings that merely mention advertising are no labels.
    #[test]
    fn advertising_the_page_labels() {
        for t in [
            "Anzeige",
            "ANZEIGE",
            "Ad",
            "Sponsored content",
            "Angebote und Aktionen Anzeige",
            "Sponsored by Acme",
            "Publicité",
        ] {
            assert!(is_ad_label(t), "{t}");
        }
        for t in [
            "Ad blocker detected",
            "Keine Werbung mehr",
            "Our advertising policy explains how we choose partners",
            "Anzeigenmarkt",
        ] {
            assert!(!is_ad_label(t), "{t}");
        }
        let b = |p: &str, t: &str| crate::block::Block {
            text: t.into(),
            path: p.into(),
            ..crate::block::Block::default()
        };
        let long = "word ".repeat(AD_MODULE_MAX_WORDS);
        let blocks = vec![
            b("/html[0]/body[0]/main[0]/p[0]", "The story"),
            b(
                "/html[0]/body[0]/ul[0]/li[0]/article[0]/h4[0]",
                "Angebote Anzeige",
            ),
            b(
                "/html[0]/body[0]/ul[0]/li[0]/article[0]/h4[0]/a[0]",
                "Black Friday deals",
            ),
            b(
                "/html[0]/body[0]/ul[0]/li[1]/article[0]/h4[0]",
                "An editorial teaser",
            ),
            b("/html[0]/body[0]/section[0]/p[0]", "Anzeige"),
            b("/html[0]/body[0]/section[0]/p[1]", &long),
        ];
        assert_eq!(ad_blocks(&blocks), [false, true, true, false, true, false]);
        // A box of divs: the label as the box's own text, or beside the ad in a small parent;
        // in a large parent, the label alone.
        let blocks = vec![
            b("/html[0]/body[0]/main[0]/p[0]", "The story"),
            b("/html[0]/body[0]/main[0]/div[0]", "Advertisement"),
            b(
                "/html[0]/body[0]/main[0]/div[0]/p[0]",
                "Cheap flights to Rome from £29",
            ),
            b("/html[0]/body[0]/div[0]/p[0]", "Anzeige"),
            b(
                "/html[0]/body[0]/div[0]/div[0]/p[0]",
                "Neue Küchen ab 999 €",
            ),
            b("/html[0]/body[0]/div[1]/p[0]", "Werbung"),
            b("/html[0]/body[0]/div[1]/p[1]", &long),
        ];
        assert_eq!(
            ad_blocks(&blocks),
            [false, true, true, true, true, true, false]
        );
    }

    /// An aside of linked teaser cards is a module of other pages' teasers; an aside of plain
    /// links, one card, prose or a box mostly outside its cards is not.
    #[test]
    fn aside_teaser_cards() {
        let b = |p: &str, t: &str, link: bool| crate::block::Block {
            text: t.into(),
            path: p.into(),
            links: if link {
                vec!["https://news.example/story".into()]
            } else {
                Vec::new()
            },
            ..Default::default()
        };
        let a = "/html[0]/body[0]/div[4]/aside[0]";
        let cards = vec![
            b("/html[0]/body[0]/main[0]/p[0]", "Our imprint.", false),
            b(&format!("{a}/header[0]/h2[0]"), "Top stories", false),
            // A card wrapped in its link.
            b(
                &format!("{a}/div[0]/article[0]/a[0]/header[0]/h1[0]"),
                "Ferry service resumes",
                false,
            ),
            b(
                &format!("{a}/div[0]/article[0]/a[0]/p[0]"),
                "After two days of storm the ferries run again.",
                false,
            ),
            // A card whose headline is a link.
            b(
                &format!("{a}/div[1]/article[0]/h3[0]"),
                "Harbour crane repaired",
                true,
            ),
            b(
                &format!("{a}/div[1]/article[0]/footer[0]"),
                "3 comments",
                false,
            ),
            b("/html[0]/body[0]/footer[0]", "Contact", false),
        ];
        assert_eq!(
            aside_teasers(&cards),
            [false, true, true, true, true, true, false]
        );
        // One card is no module.
        assert_eq!(aside_teasers(&cards[..4]), [false; 4]);
        // Plain links, not cards (a list of the page's updates): no module.
        let mut list = cards.clone();
        for x in &mut list {
            x.path = x.path.replace("/article[0]", "/li[0]");
        }
        assert_eq!(aside_teasers(&list), [false; 7]);
        // A telephone link makes no card.
        let mut phone = cards.clone();
        phone[4].links = vec!["tel:+494012345".into()];
        assert_eq!(aside_teasers(&phone), [false; 7]);
        // Prose in the aside is the page's.
        let mut prose = cards.clone();
        prose[5].text = "word ".repeat(RELATED_MAX_BLOCK_WORDS + 1);
        assert_eq!(aside_teasers(&prose), [false; 7]);
        // Most of its words outside the cards: a box of the page's own.
        let mut own = cards.clone();
        own[1].text = "word ".repeat(30);
        assert_eq!(aside_teasers(&own), [false; 7]);
    }

    /// Headings of modules of other pages' teasers, and the module under one.
    #[test]
    fn related_modules() {
        for h in [
            "People also ask",
            "Trending searches",
            "Top picks for you",
            "Continue watching",
        ] {
            assert!(is_related_heading(h), "{h}");
        }
        for h in ["Top stories", "Latest news", "More stories"] {
            assert!(!is_related_heading(h), "{h}");
        }
        for t in [
            "Mehr zum Thema",
            "You may also like:",
            "MOST READ",
            "Das könnte Sie auch interessieren",
            "Editor’s picks",
            "À lire aussi",
            "Meistgelesen",
            "Lo más leído",
            "Customers who bought this item also bought",
            "Kunden, die diesen Artikel gekauft haben, kauften auch",
            "Recently viewed",
            "Produits similaires",
            "Similar homes",
            "Ähnliche Angebote",
            "Çok okunanlar",
            "İlgili Haberler",
            "Самое читаемое",
            "Läs också:",
            "Baca Juga",
            "よく読まれている記事",
            "相關新聞",
            "관련 기사",
            "الأكثر قراءة",
            "Vous aimerez aussi",
            "Popular right now",
            "También te puede interesar",
            "Ti potrebbe piacere",
        ] {
            assert!(is_related_heading(t), "{t}");
        }
        for t in [
            "Related",
            "Mehr zum Thema Datenschutz finden Sie in Abschnitt 4",
            "Read more about our privacy policy",
            "Read more",
            "Top stories",
            "Most popular",
            "Recommended",
            "Latest news",
            "Customers who bought this item also bought a warranty in 2025",
            "",
        ] {
            // "Related" alone is a heading too; the others are sentences or the page's own.
            assert_eq!(is_related_heading(t), t == "Related", "{t}");
        }
        let b = |p: &str, t: &str| crate::block::Block {
            text: t.into(),
            path: p.into(),
            ..crate::block::Block::default()
        };
        let m = "/html[0]/body[0]/div[2]/section[0]";
        let blocks = vec![
            b(
                "/html[0]/body[0]/main[0]/p[0]",
                "The imprint of the newspaper",
            ),
            b(&format!("{m}/div[0]"), "Mehr zum Thema"),
            b(
                &format!("{m}/ul[0]/li[0]/article[0]/h4[0]"),
                "Kopf des Tages",
            ),
            b(
                &format!("{m}/ul[0]/li[0]/article[0]/h4[0]/a[1]/div[0]"),
                "Für die Opfer der Berliner Mauer spielte er Bach",
            ),
            b(
                &format!("{m}/ul[0]/li[0]/article[0]/footer[0]"),
                "Sven Kellerhoff",
            ),
            b("/html[0]/body[0]/div[2]/p[0]", "Outside the module"),
        ];
        assert_eq!(
            related_blocks(&blocks),
            [false, true, true, true, true, false]
        );
        // A module with a long block (an article in the same element) keeps only its heading.
        let mut long = blocks.clone();
        long[3].text = "word ".repeat(RELATED_MAX_BLOCK_WORDS + 1);
        assert_eq!(
            related_blocks(&long),
            [false, true, false, false, false, false]
        );
        // A heading right below <body> makes no module of the whole page.
        let top = vec![
            b("/html[0]/body[0]/h2[0]", "Most read"),
            b("/html[0]/body[0]/p[0]", "The page"),
        ];
        assert_eq!(related_blocks(&top), [true, false]);
        // A flat page, headings and paragraphs side by side in <main>: the module is the
        // heading's section, up to the next heading of its level; a card's smaller headline
        // stays in it.
        let main = "/html[0]/body[0]/main[0]";
        let flat = vec![
            b(&format!("{main}/h1[0]"), "NoteFlow: notes and tasks"),
            b(&format!("{main}/h2[0]"), "What's new"),
            b(&format!("{main}/p[0]"), "New: calendar view."),
            b(&format!("{main}/h2[1]"), "Similar apps"),
            b(&format!("{main}/h3[0]"), "TaskPad"),
            b(&format!("{main}/p[1]"), "4.4★"),
            b(&format!("{main}/h2[2]"), "Data safety"),
            b(&format!("{main}/p[2]"), "No data shared."),
        ];
        assert_eq!(
            related_blocks(&flat),
            [false, false, false, true, true, true, false, false]
        );
        // A sidebar's "Popular posts" or "Related topics": a module inside an <aside> only
        // (the same heading over the main column's list is the page's own).
        let side = "/html[0]/body[0]/main[0]/aside[0]";
        let sidebar = vec![
            b(
                &format!("{main}/article[0]/p[0]"),
                "Cold kitchens slow fermentation.",
            ),
            b(&format!("{side}/h3[0]"), "Popular posts"),
            b(&format!("{side}/ul[0]/li[0]"), "Rye without tears"),
            b(&format!("{side}/ul[0]/li[1]"), "Reading a crumb"),
        ];
        assert_eq!(related_blocks(&sidebar), [false, true, true, true]);
        let mut facts = sidebar.clone();
        facts[1].text = "Did you know".into();
        facts[2].text = "... that the harbour seal colony has 212 members?".into();
        assert_eq!(related_blocks(&facts), [false, true, true, true]);
        // A pick of the day in a sidebar ("Quote of the day", "Zitat des Tages").
        for heading in ["Quote of the day", "Zitat des Tages", "Photo du jour"] {
            let mut pick = sidebar.clone();
            pick[1].text = heading.into();
            pick[2].text = "\"A reader lives a thousand lives.\" — G.R.R. Martin".into();
            assert_eq!(
                related_blocks(&pick),
                [false, true, true, true],
                "{heading}"
            );
            for x in &mut pick {
                x.path = x.path.replace("/aside[0]", "/section[0]");
            }
            assert_eq!(related_blocks(&pick), [false; 4], "{heading}");
        }
        let mut in_main = sidebar.clone();
        for x in &mut in_main {
            x.path = x.path.replace("/aside[0]", "/section[0]");
        }
        assert_eq!(related_blocks(&in_main), [false; 4]);
        // One line that names the day's pick or a teaser after its label, in the main column
        // too; not a longer text, not an unknown label, not on the pick's own page.
        let lines = vec![
            b(&format!("{main}/h1[0]"), "Harbour Town Library"),
            b(&format!("{main}/p[0]"), "Word of the Day: serendipity"),
            b(
                &format!("{main}/p[1]"),
                "Trending now: Storm warning for the coast",
            ),
            b(
                &format!("{main}/p[2]"),
                "Deal of the Day: 30% off headphones",
            ),
            b(&format!("{main}/p[3]"), "Opening hours: Mon–Fri 9:00–17:00"),
            b(
                &format!("{main}/p[4]"),
                "Word of the Day: a word chosen by our librarians from the thousands of words \
                 readers sent in over the year, with its meaning, its story and an example",
            ),
            b(&format!("{main}/p[5]"), "Word of the Day:"),
            // A story's headline naming its daily column: the site's news.
            b(
                &format!("{main}/article[0]/h2[0]"),
                "Quote of the day: the mayor on the new bridge",
            ),
            b(
                &format!("{main}/div[0]/p[0]"),
                "Quote of the day: the mayor on the new bridge",
            ),
        ];
        assert_eq!(
            related_blocks(&lines),
            [false, true, true, true, false, false, false, false, true]
        );
        let mut own = lines.clone();
        own[0].text = "Word of the Day".into();
        assert_eq!(
            related_blocks(&own),
            [false, false, true, true, false, false, false, false, true]
        );
    }

    /// A forum's "Who is online" module: its heading and short blocks; a thread named so, or
    /// a page's title, is the page's.
    #[test]
    fn who_is_online_modules() {
        let b = |path: &str, text: &str| crate::block::Block {
            path: path.into(),
            text: text.into(),
            ..Default::default()
        };
        let stat = "/html[0]/body[0]/div[0]/div[3]";
        let blocks = vec![
            b("/html[0]/body[0]/div[0]/div[1]/p[0]", "Board index"),
            b(&format!("{stat}/h3[0]"), "Who is online"),
            b(
                &format!("{stat}/p[0]"),
                "In total there are 23 users online :: 3 registered, 0 hidden and 20 guests",
            ),
            b(
                &format!("{stat}/p[1]"),
                "Registered users: anna_k, bob77, seawolf",
            ),
        ];
        assert_eq!(presence_blocks(&blocks), [false, true, true, true]);
        let mut thread = blocks.clone();
        for x in &mut thread[1..] {
            x.path = x.path.replace("/div[3]", "/article[0]");
        }
        assert_eq!(presence_blocks(&thread), [false; 4]);
        let mut title = blocks.clone();
        title[1].path = format!("{stat}/h1[0]");
        assert_eq!(presence_blocks(&title), [false; 4]);
    }

    /// Texts that say only a count or a relative time, at most four words, with a word
    /// besides the number.
    #[test]
    fn a_counter_word_in_its_other_form_is_the_same_count() {
        for (old, new) in [
            ("1 comment", "2 comments"),
            ("0 comments", "1 comment"),
            // A person's mail, after a qualifier ("new", "neue", "nouveau").
            ("You have 3 new messages.", "You have 5 new messages."),
            ("You have 0 new messages.", "You have 1 new message."),
            ("You have 3 messages.", "You have 4 messages."),
            ("Tienes 2 mensajes nuevos.", "Tienes 5 mensajes nuevos."),
            ("Sie haben 1 neue Nachricht", "Sie haben 2 neue Nachrichten"),
            (
                "Vous avez 1 nouveau message",
                "Vous avez 3 nouveaux messages",
            ),
            (
                "Welcome back, Anna! You have 2 unread notifications.",
                "Welcome back, Anna! You have 4 unread notifications.",
            ),
            ("Kommentar (1)", "Kommentare (2)"),
            ("1 Aufruf", "12 Aufrufe"),
            (
                "Harbour plans: council delays vote on new quay 1 comment",
                "Harbour plans: council delays vote on new quay 2 comments",
            ),
            (
                "Le port ferme ses portes, 3 commentaires",
                "Le port ferme ses portes, 5 commentaires",
            ),
            (
                "El puerto cierra, 3 comentarios",
                "El puerto cierra, 5 comentarios",
            ),
            (
                "Haven gaat dicht, 1 reactie",
                "Haven gaat dicht, 3 reacties",
            ),
            (
                "Port zamknięty, 3 komentarze",
                "Port zamknięty, 5 komentarzy",
            ),
            ("Порт закрыт, 3 комментария", "Порт закрыт, 5 комментариев"),
            (
                "Rated 4.5 out of 5 (123 reviews)",
                "Rated 4.5 out of 5 (125 reviews)",
            ),
            (
                "How do I moor a boat in the harbour? 3 answers",
                "How do I moor a boat in the harbour? 4 answers",
            ),
            (
                "Harbour board meeting notes, 0 replies",
                "Harbour board meeting notes, 1 reply",
            ),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::Counter]),
                "{old} → {new}"
            );
        }
        // Not a count: a number before a word that is a count's word only after a one (the
        // singulars are verbs and parts of names too), a word that changed without its count,
        // another counter word.
        for (old, new) in [
            (
                "The hotel has 2 guest rooms with a view of the harbour.",
                "The hotel has 3 guest rooms with a view of the harbour.",
            ),
            (
                "The hotel has 1 guest room with a view of the harbour.",
                "The hotel has 2 guest rooms with a view of the harbour.",
            ),
            (
                "The storm hit 3 towns on the coast and closed the harbour.",
                "The storm hit 4 towns on the coast and closed the harbour.",
            ),
            ("Read the story, 1 comment", "Read the story, 1 comments"),
            ("Read the story, 3 comments", "Read the story, 5 views"),
            // A verb in its other form, and no count's word took its other form for it.
            (
                "The harbour is open, 3 comments",
                "The harbour are open, 5 comments",
            ),
        ] {
            assert_eq!(builtin_noise(old, new), None, "{old} → {new}");
        }
        for t in ["1 comment", "0 commentaire", "1 reactie", "5 komentarzy"] {
            assert!(bare_count(t).is_some(), "{t}");
        }
    }

    #[test]
    fn chinese_and_japanese_dates_are_judged_against_the_visits() {
        // 2026-11-27 and 2026-11-28, 10:00 UTC.
        let then = days_from_civil(2026, 11, 27) * 86_400 + 36_000;
        let now = then + 86_400;
        for (old, new) in [
            ("2026年11月27日", "2026年11月28日"),
            // Served at 19:00 in Tokyo both days: the stamp keeps its distance to the visits.
            (
                "更新日: 2026年11月27日 18:55",
                "更新日: 2026年11月28日 18:58",
            ),
            ("11月27日更新", "11月28日更新"),
        ] {
            assert!(
                builtin_noise_between(old, new, Some(then), Some(now))
                    .is_some_and(|k| k.contains(&Volatile::Date)),
                "{old} → {new}"
            );
        }
        // A date that moved from an older day to the visit's is content, as in any language.
        assert_eq!(
            builtin_noise_between("2026年3月2日", "2026年11月28日", Some(then), Some(now)),
            None
        );
        assert_eq!(cjk_date("2026年11月28日"), Some((Some(2026), 11, 28)));
        assert_eq!(cjk_date("11月28号"), Some((None, 11, 28)));
        for t in ["2026年13月28日", "11月", "28日", "1234567月1日", "3時間前"] {
            assert_eq!(cjk_date(t), None, "{t}");
        }
    }

    /// Stamps written in more ways are judged against both visits as any date and clock: an
    /// ISO stamp that runs into its time (with a "Z" it used to read as an id, so any stamp
    /// was hidden), a clock glued to "am", Korean and Ukrainian dates.
    #[test]
    fn more_stamps_are_judged_against_the_visits() {
        // Seen on 27 November 2026 at 04:36 UTC, then 25 hours later.
        let then = days_from_civil(2026, 11, 27) * 86_400 + 4 * 3600 + 36 * 60;
        let now = then + 86_400 + 3600;
        let judged = |a: &str, b: &str| builtin_noise_between(a, b, Some(then), Some(now));
        for (old, new) in [
            (
                "Updated: 27 November 2026 at 5:36am",
                "Updated: 28 November 2026 at 6:36am",
            ),
            ("2026-11-27T04:36:04Z", "2026-11-28T05:36:04Z"),
            ("2026-11-27T04:36:04.123Z", "2026-11-28T05:36:04.456Z"),
            ("2026년 11월 27일", "2026년 11월 28일"),
            ("27 листопада 2026", "28 листопада 2026"),
        ] {
            assert!(
                judged(old, new).is_some_and(|k| k.contains(&Volatile::Date)),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            // The clock did not keep its distance to the visits: an edit's time.
            (
                "Updated: 27 November 2026 at 5:36am",
                "Updated: 28 November 2026 at 9:12am",
            ),
            // Dates that moved to the visit's day from an older one.
            (
                "modified 2025-03-02T10:00:00Z",
                "modified 2026-11-28T05:36:04Z",
            ),
            ("2026년 3월 2일", "2026년 11월 28일"),
            ("2 березня 2026", "28 листопада 2026"),
        ] {
            assert_eq!(judged(old, new), None, "{old} → {new}");
        }
        assert_eq!(iso_day_time("27T04:36:04Z"), Some(("27", "04:36:04")));
        assert_eq!(iso_day_time("27T04:36"), Some(("27", "04:36")));
        for t in ["27T4", "2T04:36", "27X04:36", "27Tabc"] {
            assert_eq!(iso_day_time(t), None, "{t}");
        }
    }

    /// A footer's copyright year moves on when the site gets to it, weeks into January too:
    /// noise though the page still showed the old year on a visit in the new one. Another year
    /// that did not track the visits stays content.
    #[test]
    fn a_copyright_year_moves_on_late() {
        let day = |y, m, d| days_from_civil(y, m, d) * 86_400 + 43_200;
        let (then, now) = (day(2023, 1, 10), day(2023, 2, 12));
        let judged = |a: &str, b: &str| builtin_noise_between(a, b, Some(then), Some(now));
        assert!(judged(
            "© 2022 Harbour Times GmbH. Alle Rechte vorbehalten.",
            "© 2023 Harbour Times GmbH. Alle Rechte vorbehalten."
        )
        .is_some());
        assert!(judged(
            "Copyright 2005–2022 Harbour Times",
            "Copyright 2005–2023 Harbour Times"
        )
        .is_some());
        for (old, new) in [
            ("Jahresbericht 2022 (PDF)", "Jahresbericht 2023 (PDF)"),
            // Back, or to a year that is not the visit's: content.
            ("© 2023 Harbour Times", "© 2021 Harbour Times"),
            ("© 2022 Harbour Times", "© 2024 Harbour Times"),
        ] {
            assert_eq!(judged(old, new), None, "{old} → {new}");
        }
    }

    /// A post's age written short after its author or a separator ("raj 2h", "u/foo • 5h"),
    /// and a count or an age capped with a "+" ("99+ comments", "30+ days ago").
    #[test]
    fn a_posts_age_written_short_after_its_author() {
        for (old, new) in [
            ("raj 2h", "raj 1d"),
            ("@ann · 5d", "@ann · 2w"),
            ("tom 45m", "tom 3h"),
            ("Posted by u/foo • 5h", "Posted by u/foo • 1d"),
            ("Posted 2 days ago", "Posted 30+ days ago"),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            ("99+ comments", "120 comments"),
            ("Inbox (9+)", "Inbox (12)"),
            ("@alex 2 days ago 1.2K", "@alex 2 days ago 1.3K"),
            ("Liked 2.4K", "Liked 2.6K"),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::Counter]),
                "{old} → {new}"
            );
        }
        // In capitals a name ("Canon 5D" → "Canon 6D"), in a longer text an amount.
        for (old, new) in [
            ("Canon 5D", "Canon 1D"),
            ("The pool is 25m long", "The pool is 50m long"),
        ] {
            assert_ne!(
                builtin_noise(old, new),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
    }

    #[test]
    fn relative_times_written_without_spaces() {
        for (old, new) in [
            ("3時間前", "5時間前"),
            ("更新于 3小时前", "更新于 5小时前"),
            (
                "港口委员会开会讨论了新的渡轮时刻表。3小时前",
                "港口委员会开会讨论了新的渡轮时刻表。2天前",
            ),
            ("3시간 전", "5시간 전"),
            ("업데이트 3시간전", "업데이트 1일전"),
            // With a space after the number.
            ("5 分钟前", "1 小时前"),
            ("发布 5 分钟前 · 阅读 120", "发布 2 小时前 · 阅读 120"),
            ("3 時間前", "1 日前"),
            // Glued to the words of the sentence before and after it.
            ("5分前に更新", "2時間前に更新"),
            ("更新于5分钟前", "更新于2小时前"),
            ("5分钟前发布", "3天前发布"),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        for t in ["3時間前", "5分钟前", "3시간 전", "5 分钟前"] {
            assert_eq!(bare_count(t), Some(vec![Volatile::RelativeTime]), "{t}");
        }
        // A number with a unit but no "ago" is a period or an amount.
        for (old, new) in [
            ("营业时间 3小时", "营业时间 5小时"),
            ("3時間", "5時間"),
            // 前後 is "about": "delivered in about 3 days".
            ("3日前後でお届け", "5日前後でお届け"),
            // "Submit before the 3rd of December".
            ("请于12月3日前提交", "请于12月5日前提交"),
        ] {
            assert_ne!(
                builtin_noise(old, new),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
    }

    #[test]
    fn bare_counts() {
        for t in [
            "12 comments",
            "6Kommentare",
            "Kommentare: 6",
            "vor 3 Stunden",
            "5 minutes ago",
            "hace una hora",
            "24.2k Shares",
            "1,5M Aufrufe",
            "Updated an hour ago",
            "Aktualisiert vor 3 Stunden",
            "Il y a 5 minutes",
            "Hace un momento",
            "Updated just now",
            // A question list's counts and stamps.
            "6 votes",
            "1 point",
            "asked 3 hours ago",
            "answered 5 mins ago",
            // An age and a count in one element.
            "Hace 25 minutos 134 comentarios",
            "vor 3 Stunden 12 Kommentare",
        ] {
            assert!(bare_count(t).is_some(), "{t}");
        }
        // A stamp's word goes with a relative time only.
        for t in [
            "Updated 5 comments",
            "Updated 2026",
            "Posted in Harbour news",
            "asked 3 questions",
        ] {
            assert_eq!(bare_count(t), None, "{t}");
        }
        for t in [
            "7",
            "Tickets from 5 euros",
            "Section 12",
            "Tel. 030 1234",
            "2026-11-22",
            "a1780",
            "12 angry men",
            "24.2k",
            "5M",
            "2B pencils",
        ] {
            assert_eq!(bare_count(t), None, "{t}");
        }
    }

    /// An item's stamp: a time, a date, a count or a position alone, with its unit at most;
    /// never words of the item's own, a range, a price or a version.
    #[test]
    fn item_stamps() {
        for (t, kind) in [
            ("01:31 Uhr", Volatile::Clock),
            ("04:19", Volatile::Clock),
            ("9:05 pm", Volatile::Clock),
            ("31.12.2024", Volatile::Date),
            ("March 3, 2025", Volatile::Date),
            ("3", Volatile::Counter),
            ("12 comments", Volatile::Counter),
            ("vor 3 Stunden", Volatile::RelativeTime),
        ] {
            assert!(
                labelled_stamp(t).is_some_and(|(k, label)| k.contains(&kind) && label.is_empty()),
                "{t}"
            );
        }
        for t in [
            "Newsticker",
            "14:03 Uhr Berlin",
            "8:00 - 15:30",
            "Version 3.2",
            "5,49 €",
            "Noch 9 Tage Rabatt auf alles",
            "Fedora 34 Server",
            "Last updated March 3, 2025",
        ] {
            assert!(
                labelled_stamp(t).is_none_or(|(_, label)| !label.is_empty()),
                "{t}"
            );
        }
    }

    /// A stamp with a kicker of at most two words: the label apart.
    #[test]
    fn labelled_stamps() {
        assert_eq!(
            labelled_stamp("03:02 Newsticker"),
            Some((vec![Volatile::Clock], "newsticker".to_string()))
        );
        assert_eq!(
            labelled_stamp("Video 04:19"),
            Some((vec![Volatile::Clock], "video".to_string()))
        );
        assert_eq!(
            labelled_stamp("22:43Spieltag"),
            Some((vec![Volatile::Clock], "spieltag".to_string()))
        );
        assert_eq!(
            labelled_stamp("01:31 Uhr"),
            Some((vec![Volatile::Clock], String::new()))
        );
        for t in [
            "Newsticker",
            "14:03 Uhr Berlin Hauptbahnhof Gleis",
            "Fedora 34 Server",
        ] {
            assert_eq!(labelled_stamp(t), None, "{t}");
        }
    }

    /// An item is the nearest article, li or tr element, the block's own included.
    #[test]
    fn items() {
        assert_eq!(
            item_of("/html[0]/body[0]/ul[0]/li[2]/article[0]/a[0]/div[1]"),
            Some("/html[0]/body[0]/ul[0]/li[2]/article[0]")
        );
        assert_eq!(
            item_of("/html[0]/body[0]/table[0]/tr[3]"),
            Some("/html[0]/body[0]/table[0]/tr[3]")
        );
        assert_eq!(item_of("/html[0]/body[0]/main[0]/p[4]"), None);
        // (`articles[0]` is no article.)
        assert_eq!(item_of("/html[0]/body[0]/articles[0]/p[0]"), None);
        assert_eq!(
            items_above("/html[0]/body[0]/article[1]/ul[0]/li[2]/span[0]").collect::<Vec<_>>(),
            [
                "/html[0]/body[0]/article[1]/ul[0]/li[2]",
                "/html[0]/body[0]/article[1]"
            ]
        );
    }

    /// A count is whole: a number written like a version (`21.2`, `1.2.3`) in a short block
    /// is content, unless a rating word is in the block; prices, indices, rates and readings
    /// with fractions stay counters, thousands groups whole numbers.
    #[test]
    fn versions_are_no_counts() {
        all_content(&[
            ("Linux Mint 21.2 Cinnamon", "Linux Mint 21.3 Cinnamon"),
            ("MX Linux 23 XFCE", "MX Linux 23.1 XFCE"),
            ("Firmware 1.2.3", "Firmware 1.2.4"),
            ("Hugo 0.82.0", "Hugo 0.83.1"),
            ("v2.3.1", "v2.4.0"),
            ("toolkit-4.2.1-linux.tar.gz", "toolkit-4.2.2-linux.tar.gz"),
        ]);
        all_noise(
            &[
                ("Visitors: 1.204", "Visitors: 1.210"),
                ("Total 12,000", "Total 12,450"),
                ("Rated 4.5 stars", "Rated 4.6 stars"),
                ("4.5 (1,203 reviews)", "4.6 (1,210 reviews)"),
                ("Besucher: 1.234.567", "Besucher: 1.234.999"),
                ("DAX 15.432,10", "DAX 15.440,20"),
                ("AAPL 189.45", "AAPL 190.12"),
                ("Dow Jones 34,123.45", "Dow Jones 34,150.12"),
                ("DAX +0.5 %", "DAX +0.6 %"),
                ("DAX -0.5", "DAX -0.6"),
            ],
            &[Volatile::Counter],
        );
        assert!(is_version("21.2") && is_version("1.2.3") && is_version("0.82.0"));
        assert!(!is_version("1.204") && !is_version("1.234.567") && !is_version("12"));
        assert!(!is_version("189.45") && !is_version("0,5") && !is_version("7:15"));
    }

    /// A whole number between two capitalised words is part of a name: another release or
    /// edition is content. Beside a counter word, in brackets or at the block's end it is
    /// still a count.
    #[test]
    fn a_number_in_a_name_is_no_count() {
        all_content(&[
            ("Fedora 34 Server", "Fedora 36 Server"),
            ("Manjaro 23 XFCE", "Manjaro 24 XFCE"),
            ("iPhone 15 Pro", "iPhone 16 Pro"),
            (
                "Wie funktioniert die BahnCard 25 Schnupperaktion?",
                "Wie funktioniert die BahnCard 50 Schnupperaktion?",
            ),
        ]);
        all_noise(
            &[
                ("Manjaro 23", "Manjaro 24"),
                ("Alle 12 Kommentare", "Alle 13 Kommentare"),
                ("Flash Deals (2) Server", "Flash Deals (1) Server"),
                ("Inbox 3 unread", "Inbox 4 unread"),
                ("Rated 4 Stars", "Rated 5 Stars"),
            ],
            &[Volatile::Counter],
        );
    }

    /// Numeric dates written with `-` or `/` are dates (the tokenizer splits them into three
    /// numbers, which read as counters before): judged against both visits like every date. A
    /// slashed date tracks the visit only when it does in both orders.
    #[test]
    fn split_numeric_dates_are_judged_against_the_visits() {
        let at = |y, m, d, h: i64| days_from_civil(y, m, d) * 86_400 + h * 3600;
        // A "Stand" date that moved from an old day to another: a revision, content.
        let (then, now) = (at(2026, 11, 25, 10), at(2026, 11, 26, 10));
        assert_eq!(
            builtin_noise_between(
                "Stand: 2024-04-01",
                "Stand: 2025-06-01",
                Some(then),
                Some(now)
            ),
            None
        );
        assert_eq!(
            builtin_noise_between(
                "Effective 01/04/2024",
                "Effective 01/06/2025",
                Some(then),
                Some(now)
            ),
            None
        );
        // Today's date on each visit: noise, dashed or slashed.
        assert_eq!(
            builtin_noise_between(
                "Heute: 2026-11-25",
                "Heute: 2026-11-26",
                Some(then),
                Some(now)
            ),
            Some(vec![Volatile::Date])
        );
        assert_eq!(
            builtin_noise_between(
                "Today: 11/25/2026",
                "Today: 11/26/2026",
                Some(then),
                Some(now)
            ),
            Some(vec![Volatile::Date])
        );
        // Day first, fetched on 2 and 3 February: "02/01/2026" is 2 January (or 1 February):
        // not near the first visit in both orders, so the change is a revision.
        let (then, now) = (at(2026, 2, 2, 12), at(2026, 2, 3, 0));
        assert_eq!(
            builtin_noise_between(
                "(Terms of Use revised on 02/01/2026)",
                "(Terms of Use revised on 02/02/2026)",
                Some(then),
                Some(now)
            ),
            None
        );
        // Today's date written day first, "30/11/2026" on one visit: the other version's
        // "01/12/2026" is read day first too (month first it is 12 January, far from the
        // visit), and tracks the visits. Month first likewise. A week later the same stamps
        // are a document's dates.
        let (mon, tue) = (at(2026, 11, 30, 10), at(2026, 12, 1, 10));
        for (old, new, then, now) in [
            ("Lunedì 30/11/2026", "Martedì 01/12/2026", mon, tue),
            ("Today: 11/30/2026", "Today: 12/01/2026", mon, tue),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(now)),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
            let week = 7 * 86_400;
            assert_eq!(
                builtin_noise_between(old, new, Some(then + week), Some(now + week)),
                None,
                "{old} → {new}, a week later"
            );
        }
    }

    /// A stamp of the last change said as an age that moved to the visit from one that did not
    /// track it ("Last updated 3 days ago" → "Last updated 1 hour ago" a day later) is content,
    /// as a "last updated" date that moved to the visit's day: the document changed. An age
    /// that kept its time, one that tracked both visits, and an item's "Posted" age stay the
    /// clock's.
    #[test]
    fn a_last_updated_age_that_moved_to_the_visit_is_content() {
        let h = 3600;
        let (then, next_day, later) =
            (1_796_000_000, 1_796_000_000 + 24 * h, 1_796_000_000 + 6 * h);
        for (old, new) in [
            ("Last updated 3 days ago", "Last updated 1 hour ago"),
            ("Updated 3 days ago", "Updated 2 hours ago"),
            ("Last modified: 2 days ago", "Last modified: today"),
            (
                "Zuletzt aktualisiert vor 3 Tagen",
                "Zuletzt aktualisiert vor 2 Stunden",
            ),
            ("Mis à jour il y a 3 jours", "Mis à jour il y a 2 heures"),
            ("Last updated 2 weeks ago", "Last updated yesterday"),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(next_day)),
                None,
                "{old} → {new}"
            );
            // Without the visits' times, a relative time as before.
            assert!(builtin_noise(old, new).is_some(), "{old} → {new}");
        }
        for (old, new, now) in [
            (
                "Last updated 3 days ago",
                "Last updated 4 days ago",
                next_day,
            ),
            ("Updated 5 minutes ago", "Updated 2 minutes ago", later),
            (
                "Last updated: 3 hours ago",
                "Last updated: 20 minutes ago",
                next_day,
            ),
            ("Posted 3 days ago", "Posted 2 hours ago", next_day),
            (
                "Last updated 1 month ago",
                "Last updated 2 months ago",
                then + 10 * 24 * h,
            ),
        ] {
            assert_eq!(
                builtin_noise_between(old, new, Some(then), Some(now)),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
    }

    /// A slashed date that both orders read ("03/12/2026") is read in the order the page
    /// writes its others in ("28/11/2026" in a list of articles): today's date on a visit on
    /// the 3rd and on the 4th of December tracks the visits. Without a page's order, or on a
    /// page that writes month first, it stays content; and a date read in the page's order
    /// tracks the visits only on their very days (Match's revision a day behind stays one).
    #[test]
    fn a_slashed_date_is_read_in_the_order_its_page_writes() {
        let at = |y: i64, m: i64, d: i64, h: i64| days_from_civil(y, m, d) * 86_400 + h * 3600;
        let day_first = [
            "Article from 28/11/2026: harbour reopens",
            "Sport",
            "See 3/4",
        ];
        let month_first = ["Article from 11/28/2026: harbour reopens", "Sport"];
        assert_eq!(page_slash_order(day_first), Some(SlashOrder::DayFirst));
        assert_eq!(page_slash_order(month_first), Some(SlashOrder::MonthFirst));
        assert_eq!(page_slash_order(["Sport", "Today: 03/12/2026"]), None);
        assert_eq!(
            page_slash_order(["From 28/11/2026", "From 11/28/2026"]),
            None,
            "both orders"
        );
        let (then, now) = (at(2026, 12, 3, 10), at(2026, 12, 4, 10));
        let judge = |old: &str, new: &str, then: i64, now: i64, order| {
            builtin_noise_on_page(old, new, Some(then), Some(now), order)
        };
        for (old, new, order) in [
            (
                "Today: 03/12/2026",
                "Today: 04/12/2026",
                SlashOrder::DayFirst,
            ),
            (
                "Today: 12/03/2026",
                "Today: 12/04/2026",
                SlashOrder::MonthFirst,
            ),
        ] {
            assert_eq!(
                judge(old, new, then, now, Some(order)),
                Some(vec![Volatile::Date]),
                "{old} → {new}"
            );
            assert_eq!(judge(old, new, then, now, None), None, "{old} → {new}");
        }
        for (old, new, order, then, now) in [
            // Read the other way round.
            (
                "Today: 03/12/2026",
                "Today: 04/12/2026",
                SlashOrder::MonthFirst,
                then,
                now,
            ),
            // A deadline that moved.
            (
                "Deadline: 03/12/2026",
                "Deadline: 10/12/2026",
                SlashOrder::DayFirst,
                then,
                now,
            ),
            // A day behind each visit: month first, 1 and 2 February.
            (
                "(Terms of Use revised on 02/01/2026)",
                "(Terms of Use revised on 02/02/2026)",
                SlashOrder::MonthFirst,
                at(2026, 2, 2, 12),
                at(2026, 2, 3, 0),
            ),
        ] {
            assert_eq!(
                judge(old, new, then, now, Some(order)),
                None,
                "{old} → {new}"
            );
        }
    }

    #[test]
    fn dates_judged_at_extreme_visit_times_do_not_overflow() {
        for t in [i64::MIN, i64::MAX, 0] {
            for (a, b) in [
                ("Updated March 3, 2025", "Updated March 4, 2025"),
                ("Stand: 03.03.2025", "Stand: 04.03.2025"),
                ("Last updated: today", "Last updated: 3 days ago"),
                ("Generated 19:18", "Generated 22:37"),
                ("Tuesday, November 14", "Wednesday, November 15"),
                ("Stand: 14.11. 22:10", "Stand: 15.11. 01:25"),
            ] {
                let _ = builtin_noise_between(a, b, Some(t), Some(t));
                let _ = builtin_noise_between(a, b, Some(-t.saturating_add(1)), Some(t));
            }
        }
    }

    #[test]
    fn a_flip_back_from_a_state_that_held_teaches_nothing() {
        let mut m = NoiseModel::default();
        let mut seen = Vec::new();
        let (up, down) = ("All systems normal", "Disruption on line 5");
        let mut step = |m: &mut NoiseModel, text: &str, previous: &str, persisted: bool| {
            m.observe_flip(&mut seen, "/p[0]", text, previous, persisted);
        };
        step(&mut m, up, "", false);
        step(&mut m, down, up, false);
        // Back to a text it showed, from one that held for a while: a state, no rule.
        step(&mut m, up, down, true);
        assert_eq!(m.active().count(), 0);
        // The same flip from a text that did not hold: rotation.
        step(&mut m, down, up, false);
        assert_eq!(m.active().count(), 1);
    }

    /// The slot's texts in turn at `path`, each flip observed by `m`.
    fn flips(m: &mut NoiseModel, path: &str, texts: &[&str]) {
        let mut seen = Vec::new();
        let mut previous = "";
        for &t in texts {
            m.observe_flip(&mut seen, path, t, previous, false);
            previous = t;
        }
    }

    #[test]
    fn flips_make_rotating_slots_but_never_hide_long_rewrites() {
        let mut m = NoiseModel::default();
        let path = "/html[0]/body[0]/aside[0]/p[0]";
        flips(
            &mut m,
            path,
            &["Buy shoes now", "Cheap flights to Rome", "Buy shoes now"],
        );
        assert_eq!(m.rules.len(), 1);
        assert!(matches!(m.rules[0].rule, Some(RuleKind::Rotating { .. })));
        assert!(hides("Buy shoes now", "Cheap flights to Rome", path, &m));
        // A slot seen flipping between two texts has not shown that it makes new items: one
        // never seen before is content, with the rule it looked like.
        let r = classify(
            "Buy shoes now",
            "New phone deals",
            path,
            None,
            None,
            Some(&m),
        )
        .expect("looked like the rotating rule");
        assert_eq!(
            r.kept,
            Some(crate::classify::Kept::NewWords {
                words: vec!["deals".into(), "new".into(), "phone".into()]
            })
        );
        let long_old = "word ".repeat(30);
        let long_new = "other ".repeat(30);
        assert!(classify(&long_old, &long_new, path, None, None, Some(&m)).is_none());
        assert!(classify(
            "Buy shoes now",
            "Cheap flights to Rome",
            "/other",
            None,
            None,
            Some(&m)
        )
        .is_none());
    }

    fn hides(old: &str, new: &str, path: &str, m: &NoiseModel) -> bool {
        classify(old, new, path, None, None, Some(m)).is_some_and(|r| r.kept.is_none())
    }

    #[test]
    fn a_format_flip_is_the_same_value_and_teaches_no_rotation() {
        assert_eq!(
            same_value("Updated February 24, 2025", "Updated 24 February 2025"),
            Some(Volatile::Format)
        );
        assert_eq!(
            same_value("Members: 1,204", "Members: 1204"),
            Some(Volatile::Format)
        );
        assert_eq!(
            same_value("Updated February 24, 2025", "Updated March 3, 2025"),
            None
        );
        // Flipping formats back and forth is no flip.
        let mut m = NoiseModel::default();
        let mut seen = Vec::new();
        let mut previous = "";
        for t in [
            "Updated February 24, 2025",
            "Updated 24 February 2025",
            "Updated February 24, 2025",
        ] {
            m.observe_flip(&mut seen, "/p[0]", t, previous, false);
            previous = t;
        }
        assert!(m.rules.is_empty());
        // A later change of the value is not hidden by any rule.
        assert!(classify(
            "Updated February 24, 2025",
            "Updated March 3, 2025",
            "/p[0]",
            None,
            None,
            Some(&m)
        )
        .is_some_and(|r| r.source == crate::classify::Source::Builtin));
    }

    #[test]
    fn a_rotating_slot_does_not_hide_a_new_sentence_or_row() {
        let path = "/html[0]/body[0]/aside[0]/p[0]";
        // Learned from flips: the slot toggled between two texts.
        let mut flip = NoiseModel::default();
        let mut seen = Vec::new();
        let mut previous = "";
        for t in [
            "Deal of the day: headphones",
            "Estimated dispatch in 1 - 2 working days",
            "Deal of the day: headphones",
        ] {
            flip.observe_flip(&mut seen, path, t, previous, false);
            previous = t;
        }
        assert!(hides(
            "Deal of the day: headphones",
            "Estimated dispatch in 1 - 2 working days",
            path,
            &flip
        ));
        // A value it never showed is not a flip back: content.
        assert!(!hides(
            "Estimated dispatch in 1 - 2 working days",
            "Estimated dispatch in 3 - 4 working days",
            path,
            &flip
        ));
        // A new sentence in the slot is content, with the rule it looked like and why.
        let r = classify(
            "Deal of the day: headphones",
            "Deal of the day: headphones. The factory reopens in March.",
            path,
            None,
            None,
            Some(&flip),
        )
        .expect("looked like the rotating rule");
        assert_eq!(r.rule.as_deref(), Some("rotating"));
        assert!(matches!(
            &r.kept,
            Some(crate::classify::Kept::NewWords { words }) if words.contains(&"factory".to_string())
        ));
        assert!(r.to_string().contains("(kept: new words"), "{r}");
        // A row the slot never showed, removed (a new block's other side is empty): content.
        assert!(matches!(
            flip.judge("German keyboard layouts only", "", path),
            Some((_, Verdict::NewWords(_)))
        ));

        // A slot that flipped between visits from being had to not ("Sold out"), and back, is
        // content every time: a state of the item, not rotation.
        let mut stock = NoiseModel::default();
        let mut seen = Vec::new();
        let mut previous = "";
        for t in ["Sold out", "Dispatch in 1 - 2 working days", "Sold out"] {
            stock.observe_flip(&mut seen, path, t, previous, false);
            previous = t;
        }
        assert_eq!(stock.rules.len(), 1, "{:?}", stock.rules);
        for (old, new) in [
            ("Sold out", "Dispatch in 1 - 2 working days"),
            ("Dispatch in 1 - 2 working days", "Sold out"),
            (
                "Dispatch in 1 - 2 working days",
                "Get notified when available",
            ),
            ("", "Sold out"),
            // A negation is a phrase of its own.
            ("Sofort lieferbar", "Nicht lieferbar"),
            ("In stock", "Not in stock"),
        ] {
            let r = classify(old, new, path, None, None, Some(&stock)).expect("looked like it");
            assert!(
                matches!(&r.kept, Some(crate::classify::Kept::Stock { .. })),
                "{old} → {new}: {r}"
            );
        }
        let r = classify("Sold out", "In stock", path, None, None, Some(&stock)).unwrap();
        assert!(r.to_string().contains("(kept: says \"sold out\")"), "{r}");

        // Learned from a near-simultaneous swap (a banner rotating on reload): it may show an
        // item never seen before, as a swap; an edit of the item is still content.
        let mut near = NoiseModel::default();
        near.learn_near_simultaneous("Buy shoes now", "Cheap flights to Rome", path);
        assert!(hides(
            "Cheap flights to Rome",
            "Library book sale this weekend",
            path,
            &near
        ));
        assert!(!hides(
            "Cheap flights to Rome",
            "Cheap flights to Rome and Madrid",
            path,
            &near
        ));
        // A row removed: hidden when the slot showed its words, content when it never did.
        assert!(hides("Cheap flights to Rome", "", path, &near));
        assert!(!hides("Library book sale this weekend", "", path, &near));
        // A slot seen swapping within minutes rotates whatever it says, stock words too.
        let mut near = NoiseModel::default();
        near.learn_near_simultaneous("Sold out", "Cheap flights to Rome", path);
        assert!(hides("Cheap flights to Rome", "Sold out", path, &near));

        // An edit within minutes (most words kept) is an edit: it teaches no rotating rule.
        let mut edit = NoiseModel::default();
        edit.learn_near_simultaneous(
            "Brand in einem Aufzugschacht mit Verrauchung von mehreren Etagen",
            "Brand in einem Aufzugschacht",
            path,
        );
        assert!(edit.rules.is_empty(), "{:?}", edit.rules);
    }

    #[test]
    fn an_item_toggling_to_an_edit_of_itself_is_not_rotation() {
        let path = "/html[0]/body[0]/ul[0]/li[3]";
        // A keyboard layout going out of stock and back, twice: a state, not rotation.
        let mut m = NoiseModel::default();
        flips(
            &mut m,
            path,
            &[
                "* Danish",
                "* Danish (Out of stock)",
                "* Danish",
                "* Danish (Out of stock)",
            ],
        );
        assert!(m.rules.is_empty(), "{:?}", m.rules);
        // A link whose address toggles between two forms teaches nothing either.
        flips(
            &mut m,
            path,
            &[
                "<link>https://www.example.com/en/taxonomy/term/58</link>",
                "<link>https://www.example.com/index%2Ephp/en/taxonomy/term/58</link>",
                "<link>https://www.example.com/en/taxonomy/term/58</link>",
            ],
        );
        assert!(m.rules.is_empty(), "{:?}", m.rules);
        // A slot that rotates between unrelated items hides their swaps, but an edit of an
        // item (most of its words kept) is content even when the slot showed every word.
        flips(
            &mut m,
            path,
            &["Buy shoes now", "Cheap flights to Rome", "Buy shoes now"],
        );
        assert_eq!(m.rules.len(), 1);
        assert!(hides("Cheap flights to Rome", "Buy shoes now", path, &m));
        let r = classify(
            "Buy shoes now",
            "Buy shoes now to Rome",
            path,
            None,
            None,
            Some(&m),
        )
        .expect("looked like the rotating rule");
        assert_eq!(
            r.kept,
            Some(crate::classify::Kept::NewWords {
                words: vec!["rome".into(), "to".into()]
            })
        );
        // A change of case only is not an edit.
        assert!(hides("Buy shoes now", "Buy Shoes now", path, &m));

        // A rotating module of the site swaps teasers, but a colour going out of stock in it
        // is an edit: content.
        let module = "/html[0]/body[0]/main[0]/div[4]";
        let mut site = NoiseModel::default();
        site.learn_module(
            module,
            Evidence {
                pages: 3,
                visits: 6,
            },
        );
        assert!(hides(
            "Ferry strike ends after three days",
            "New cycle lanes for the harbour",
            module,
            &site
        ));
        assert!(!hides(
            "Choose colour Aluminium Black Lavender Sage Orange",
            "Choose colour Aluminium Black Lavender Sage Orange (Out of stock)",
            module,
            &site
        ));
        // Also where markup glued the colours together and another colour was out of stock
        // already (the same words on both sides): the mark inserted in one place is an edit.
        assert!(!hides(
            "Choose colorBlack (Out of stock)Translucent Green (Out of stock)Translucent Pink",
            "Choose colorBlack (Out of stock)Translucent GreenTranslucent Pink",
            module,
            &site
        ));
        // Marks gone in two places, where markup glued the colours together: the teaser stayed
        // and its stock changed (kept for its stock words).
        let r = classify(
            "Choose colorBlackTranslucent Black&nbsp;&nbsp;(Out of stock)Translucent OrangeTranslucent \
             Purple&nbsp;&nbsp;(Out of stock)Translucent GreenTranslucent Pink",
            "Choose colorBlackTranslucent BlackTranslucent OrangeTranslucent PurpleTranslucent \
             GreenTranslucent Pink",
            module,
            None,
            None,
            Some(&site),
        )
        .expect("looked like the module");
        assert!(
            matches!(&r.kept, Some(crate::classify::Kept::Stock { phrase }) if phrase == "out of stock"),
            "{r}"
        );
        // A teaser swapped for another that is sold out is still rotation.
        assert!(hides(
            "Ferry strike ends after three days",
            "Harbour tent, two persons: sold out",
            module,
            &site
        ));
        // A long text reworded in the module's slot (a FAQ answer: words both added and
        // removed, most kept) is an edit of one item, not two teasers: content. Two long
        // unrelated teasers are still a swap.
        assert!(!hides(
            "Children up to 14 travel free on long-distance trains with an adult who is 15 or older, \
             if they are named on the ticket.",
            "Children up to 14 travel free on long-distance trains with a paying adult who is 15 or \
             older; they must be named on the booking.",
            module,
            &site
        ));
        assert!(hides(
            "Ferry strike ends after three days as the union and the harbour board agree on pay \
             and hours for the coming winter season",
            "New cycle lanes planned along the north quay will link the station with the old town \
             and the beaches by next summer",
            module,
            &site
        ));
        assert!(one_insertion("ab", "aXb") && one_insertion("aXYb", "ab"));
        assert!(
            !one_insertion("ab", "ab") && !one_insertion("aXb", "aYb") && !one_insertion("", "a")
        );
    }

    #[test]
    fn a_format_flip_between_near_simultaneous_versions_teaches_nothing() {
        let mut m = NoiseModel::default();
        m.learn_near_simultaneous(
            "Updated February 24, 2025",
            "Updated 24 February 2025",
            "/p[0]",
        );
        m.learn_near_simultaneous("Members: 1,204", "Members: 1204", "/p[1]");
        assert!(m.rules.is_empty(), "{:?}", m.rules);
    }

    #[test]
    fn reordered_items_bare_ids_and_whitespace() {
        assert_eq!(same_value("x .", "x."), Some(Volatile::Whitespace));
        assert_eq!(
            same_value("a  b ( c )", "a b (c)"),
            Some(Volatile::Whitespace)
        );
        assert_eq!(same_value("ab", "a b"), None);
        // A number's format says the same; another value, or other typography, does not.
        for (old, new) in [
            ("Preis: 5 €", "Preis: 5,00 €"),
            ("Price: 1.299,00 €", "Price: 1299 €"),
            ("12,50 €", "12.50 €"),
            ("1,299.00", "1.299"),
            // The same text decoded with another character set.
            (
                "Trump speaks at Susan B. Anthony List’s 11th annual Gala",
                "Trump speaks at Susan B. Anthony List???s 11th annual Gala",
            ),
            ("Café “Zur Mühle”", "Caf\u{FFFD} ?Zur M\u{FFFD}hle?"),
            // The same words in other letters' case, a value's format beside it.
            (
                "CNN commentator blames 'toxic masculinity'!",
                "CNN COMMENTATOR BLAMES 'TOXIC MASCULINITY'!",
            ),
            (
                "THE SERVICE IS PROVIDED \"AS IS\".",
                "The service is provided \"as is\".",
            ),
            ("UPDATED FEBRUARY 24, 2025", "Updated 24 February 2025"),
        ] {
            assert_eq!(
                same_value(old, new),
                Some(Volatile::Format),
                "{old} → {new}"
            );
        }
        for (old, new) in [
            ("Preis: 5,00 €", "Preis: 5,50 €"),
            ("Version 1.2.3", "Version 1.2.30"),
            ("Mo–Fr", "Mo–Sa"),
            ("Öffnungszeiten: Mo–Fr", "Öffnungszeiten: Mo-Fr"),
            ("12,5", "125"),
            ("Version 3.10", "Version 3.1"),
            // Another letter, or a question mark where there was none, is another text.
            ("Herr Müller", "Herr Möller"),
            ("Is it open", "Is it open?"),
            ("Straße?", "Strasse?"),
            ("STRASSE", "Straße"),
            ("Is it open", "IS IT OPEN?"),
        ] {
            assert_eq!(same_value(old, new), None, "{old} → {new}");
        }
        assert_eq!(
            same_value(
                "How do I cancel? Where is my invoice? Can I pause?",
                "Where is my invoice? Can I pause? How do I cancel?"
            ),
            Some(Volatile::Reordered)
        );
        // Words in a new order inside one sentence are an edit.
        assert_eq!(same_value("Dog bites man.", "Man bites dog."), None);
        assert_eq!(same_value("One. Two.", "One. Three."), None);
        for id in [
            "12345678",
            "#9081726354",
            "3f9a2c4e1b7d",
            "a8f7e6d5c4",
            "550e8400-e29b-41d4",
        ] {
            assert!(is_bare_id(id), "{id}");
        }
        for t in [
            "2025",
            "hello world",
            "Cafe",
            "deadbeef cafe",
            "12345",
            "[FAQ](/de/en/products/desktop/faq?faqable_id=163&faqable_type=section)",
            "<link>https://www.example.com/en/taxonomy/term/58</link>",
            // A date alone is a date.
            "02.02.2023",
            "2026-07-11",
        ] {
            assert!(!is_bare_id(t), "{t}");
        }
    }

    #[test]
    fn a_score_is_a_count_beside_how_long_ago() {
        // A link board's line: votes, age and comments all move between visits.
        assert_eq!(
            builtin_noise(
                "123 points by pg 3 hours ago | hide | 45 comments",
                "130 points by pg 5 hours ago | hide | 52 comments"
            ),
            Some(vec![Volatile::RelativeTime, Volatile::Counter])
        );
        assert_eq!(
            builtin_noise(
                "1 point by ana 12 minutes ago | discuss",
                "4 points by ana 40 minutes ago | discuss"
            ),
            Some(vec![Volatile::RelativeTime, Volatile::Counter])
        );
        // A sign is the count's: a score that passed zero, a change that turned.
        for (old, new) in [
            ("-1 votes", "0 votes"),
            ("DAX 15.234,12 +0,45%", "DAX 15.201,40 -0,12%"),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::Counter]),
                "{new}"
            );
        }
        // Without an age beside it a score is what a report says.
        for (old, new) in [
            (
                "Bayern liegt nach dem Sieg 3 points vor Dortmund und spielt am Samstag.",
                "Bayern liegt nach dem Sieg 4 points vor Dortmund und spielt am Samstag.",
            ),
            (
                "The home side won by 12 points after a late run in the fourth quarter.",
                "The home side won by 14 points after a late run in the fourth quarter.",
            ),
            (
                "The index fell 120 points on Friday as banks led the losses in Frankfurt.",
                "The index fell 135 points on Friday as banks led the losses in Frankfurt.",
            ),
        ] {
            assert_eq!(builtin_noise(old, new), None, "{new}");
        }
    }

    #[test]
    fn a_count_with_its_magnitude_beside_other_volatile_parts_is_a_count() {
        // A video's line and a question's: each part alone was noise, together they were not.
        assert_eq!(
            builtin_noise("1.2M views • 3 days ago", "1.3M views • 4 days ago"),
            Some(vec![Volatile::RelativeTime, Volatile::Counter])
        );
        assert_eq!(
            builtin_noise("35 answers, 2.1k views", "36 answers, 2.2k views"),
            Some(vec![Volatile::Counter])
        );
        // Without a word of what it counts, a magnitude is a name's or an amount's.
        assert_eq!(
            builtin_noise(
                "The 2.5M budget was approved by the council yesterday evening",
                "The 2.7M budget was approved by the council yesterday evening"
            ),
            None
        );
    }

    #[test]
    fn a_past_period_named_in_a_short_block_is_a_relative_time() {
        for (old, new) in [
            ("last week", "2 weeks ago"),
            ("Updated last month", "Updated 2 months ago"),
            ("yesterday", "last week"),
            ("letzte Woche", "vor 2 Wochen"),
            ("le mois dernier", "il y a 2 mois"),
        ] {
            assert_eq!(
                builtin_noise(old, new),
                Some(vec![Volatile::RelativeTime]),
                "{old} → {new}"
            );
        }
        // In prose a period is the text's.
        assert_eq!(
            builtin_noise(
                "Last year the council approved the new tram line for the harbour district.",
                "2 years ago the council approved the new tram line for the harbour district."
            ),
            None
        );
    }

    #[test]
    fn rule_records_round_trip_and_report_their_changes() {
        let mut m = NoiseModel::default();
        m.learn_near_simultaneous("Visitor number 1", "Visitor number 2", "/p[1]");
        let (put, dropped) = m.take_changes();
        assert_eq!((put.len(), dropped.len()), (1, 0));
        assert_eq!(m.take_changes().0.len(), 0, "changes are taken once");
        let json = serde_json::to_string(&m.rules).expect("serialize");
        let back: Vec<NoiseRule> = serde_json::from_str(&json).expect("deserialize");
        assert_eq!(NoiseModel::from_rules(back).rules, m.rules);
    }
}
