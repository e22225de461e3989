//! Kwon, Lee and Kim's extended edit distance (IED), phases 2–5, on interned ids.
//!
//! See the [module docs](super) for the definition. Every phase is a constant number of passes
//! over the positions plus per-id counters: `O(m + n + ids)` after the LCS.

use super::lcs::Lcs;
use super::Ied;

/// Position states.
const OPEN: u8 = 0; // still in A' / B'
const COMMON: u8 = 1; // in the LCS
const DONE: u8 = 2; // consumed by an operation

/// Phases 2–5 of IED given the phase-1 LCS. `a`, `b` are ids in `0..count_a.len()`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn ied_ids(
    a: &[u32],
    b: &[u32],
    count_a: &[u32],
    count_b: &[u32],
    lcs: &Lcs,
    copy_cost: f64,
    move_cost: f64,
) -> Ied {
    let num = count_a.len();
    let (m, n) = (a.len(), b.len());
    let mut sa: Vec<u8> = lcs
        .in_a
        .iter()
        .map(|&c| if c { COMMON } else { OPEN })
        .collect();
    let mut sb: Vec<u8> = lcs
        .in_b
        .iter()
        .map(|&c| if c { COMMON } else { OPEN })
        .collect();
    // k_a[t], k_b[t]: occurrences of t still open in A', B'.
    let mut k_a = vec![0u32; num];
    let mut k_b = vec![0u32; num];
    for (i, &t) in a.iter().enumerate() {
        if sa[i] == OPEN {
            k_a[t as usize] += 1;
        }
    }
    for (j, &t) in b.iter().enumerate() {
        if sb[j] == OPEN {
            k_b[t as usize] += 1;
        }
    }
    let mut out = Ied {
        add: 0,
        drop: 0,
        copy: 0,
        shrink: 0,
        replace: 0,
        moved: 0,
        delta: 0.0,
        distance: 0.0,
    };

    // Phase 2: moves. A word open on both sides is moved, min(k_a, k_b) times. When b > 2a a
    // copy+shrink pair is cheaper than a move, so for words occurring more than once in both A
    // and B the pairs phase 3 can take as copy+shrink are left to it.
    let leave_to_phase3 = move_cost > 2.0 * copy_cost;
    let mut quota = vec![0u32; num];
    for t in 0..num {
        let p = k_a[t].min(k_b[t]);
        if p == 0 {
            continue;
        }
        let kept = if leave_to_phase3 && count_a[t] >= 2 && count_b[t] >= 2 {
            p.min(k_a[t].min(count_a[t] - 1))
                .min(k_b[t].min(count_b[t] - 1))
        } else {
            0
        };
        quota[t] = p - kept;
        out.moved += (p - kept) as usize;
    }
    // The earliest open occurrences are the moved ones.
    consume_first(a, &mut sa, &quota, &mut k_a, |_| true);
    consume_first(b, &mut sb, &quota, &mut k_b, |_| true);

    // Phase 3: copy and shrink candidates. Of the open occurrences of a word, at most
    // count − 1 are duplicates: the last ones (the first occurrence of a word that is wholly
    // open is the original, an add or a drop).
    let mut cand_a = vec![false; m];
    let mut cand_b = vec![false; n];
    let mut n_shrink = vec![0u32; num];
    let mut n_copy = vec![0u32; num];
    for t in 0..num {
        n_shrink[t] = k_a[t].min(count_a[t].saturating_sub(1));
        n_copy[t] = k_b[t].min(count_b[t].saturating_sub(1));
    }
    flag_last(a, &sa, &n_shrink, &mut cand_a);
    flag_last(b, &sb, &n_copy, &mut cand_b);

    // Step 1: a word that is both a copy and a shrink candidate is copied and shrunk (this
    // happens only when b > 2a), pairing the earliest candidates.
    for t in 0..num {
        quota[t] = n_shrink[t].min(n_copy[t]);
        out.copy += quota[t] as usize;
        out.shrink += quota[t] as usize;
    }
    consume_first(a, &mut sa, &quota, &mut k_a, |i| cand_a[i]);
    consume_first(b, &mut sb, &quota, &mut k_b, |j| cand_b[j]);

    // Step 2: same index in A and B. A shrink candidate facing a copy candidate is shrunk and
    // copied when a < 0.5 (2a < 1), else both are left to phase 4 as a replacement.
    // Extension (cost-lowering, see the module docs): a candidate facing a non-candidate open
    // word is also left to phase 4, since replace (1) is cheaper than shrink/copy + add/drop.
    for i in 0..m.min(n) {
        if sa[i] != OPEN || sb[i] != OPEN || !(cand_a[i] || cand_b[i]) {
            continue;
        }
        if cand_a[i] && cand_b[i] && copy_cost < 0.5 {
            sa[i] = DONE;
            sb[i] = DONE;
            out.copy += 1;
            out.shrink += 1;
        } else {
            cand_a[i] = false;
            cand_b[i] = false;
        }
    }

    // Step 3: the remaining candidates.
    for i in 0..m {
        if sa[i] == OPEN && cand_a[i] {
            sa[i] = DONE;
            out.shrink += 1;
        }
    }
    for j in 0..n {
        if sb[j] == OPEN && cand_b[j] {
            sb[j] = DONE;
            out.copy += 1;
        }
    }

    // Phase 4: same index → replace.
    for i in 0..m.min(n) {
        if sa[i] == OPEN && sb[i] == OPEN {
            sa[i] = DONE;
            sb[i] = DONE;
            out.replace += 1;
        }
    }
    // Extension: inside each gap between consecutive LCS words, the remaining old and new
    // words are paired in order as replacements (absolute indices stop lining up after any
    // unbalanced change upstream).
    let (mut i, mut j) = (0usize, 0usize);
    loop {
        let (i0, j0) = (i, j);
        while i < m && sa[i] != COMMON {
            i += 1;
        }
        while j < n && sb[j] != COMMON {
            j += 1;
        }
        let mut jb = j0;
        for s in sa[i0..i].iter_mut().filter(|s| **s == OPEN) {
            while jb < j && sb[jb] != OPEN {
                jb += 1;
            }
            if jb == j {
                break;
            }
            *s = DONE;
            sb[jb] = DONE;
            out.replace += 1;
        }
        if i >= m || j >= n {
            break;
        }
        i += 1;
        j += 1;
    }
    out.drop = sa.iter().filter(|&&s| s == OPEN).count();
    out.add = sb.iter().filter(|&&s| s == OPEN).count();

    // Phase 5.
    out.delta = (out.add + out.drop + out.replace) as f64
        + copy_cost * (out.copy + out.shrink) as f64
        + move_cost * out.moved as f64;
    let longest = m.max(n);
    out.distance = if longest == 0 {
        0.0
    } else {
        out.delta / longest as f64
    };
    out
}

/// Marks `DONE` the first `quota[t]` open positions of each id `t` accepted by `eligible`,
/// decrementing `open`.
fn consume_first(
    seq: &[u32],
    state: &mut [u8],
    quota: &[u32],
    open: &mut [u32],
    eligible: impl Fn(usize) -> bool,
) {
    let mut used = vec![0u32; quota.len()];
    for (i, &t) in seq.iter().enumerate() {
        let t = t as usize;
        if state[i] == OPEN && used[t] < quota[t] && eligible(i) {
            used[t] += 1;
            open[t] -= 1;
            state[i] = DONE;
        }
    }
}

/// Flags the last `quota[t]` open positions of each id `t`.
fn flag_last(seq: &[u32], state: &[u8], quota: &[u32], flag: &mut [bool]) {
    let mut used = vec![0u32; quota.len()];
    for (i, &t) in seq.iter().enumerate().rev() {
        let t = t as usize;
        if state[i] == OPEN && used[t] < quota[t] {
            used[t] += 1;
            flag[i] = true;
        }
    }
}
