// Main-thread work of one page, from a Chromium trace (CDP Tracing, as DevTools' performance
// panel records it): the renderer's tasks (RunTask) and the V8 CPU profiler's samples, each
// sample attributed to a script URL by its call stack. A task's time "from us" is the time of
// its samples whose stack holds a function of the extension (`chrome-extension://<id>/`),
// whether called by a timer, an observer, an event or a promise reaction (sampled, wall clock);
// its CPU time "from us" is the task's thread time in that same share (on a loaded machine the
// wall clock counts the time other processes held the core; the thread time does not). (Long animation frames cannot do this: Chromium leaves content scripts out of
// their script attribution.)

/** Starts tracing through `cdp` (a CDP session of the page); resolves to `stop()`. */
export async function startTrace(cdp) {
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] },
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    return events;
  };
}

/**
 * Long tasks of the main thread that ran `pageUrl`'s scripts, with the time from `ours` (a URL
 * prefix) in each: `{ tasks: [{ ms, cpuMs, oursMs, oursCpuMs, forcedLayoutMs, forcedLayoutCpuMs,
 * what, top }], samples }` (forced layout: style and layout run inside our calls) for every task over
 * `longMs` and every task with any time of ours.
 */
export function attribute(events, pageUrl, ours, longMs = 50) {
  // The page's renderer main thread: the one that evaluated our content script in that page.
  const start = events.find((e) => e.name === 'EvaluateScript' && e.args?.data?.url?.startsWith(ours));
  if (!start) return { tasks: [], samples: 0, error: 'no content script in the trace' };
  const { pid, tid } = start;
  const onThread = events.filter((e) => e.pid === pid && e.tid === tid);
  // CPU profile: nodes and samples (time-ordered) of this thread.
  const nodes = new Map();
  const samples = [];
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') profiles.set(e.id, { t: e.args.data.startTime, tid: e.tid });
  }
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk') continue;
    const prof = profiles.get(e.id);
    if (!prof || prof.tid !== tid) continue;
    const cpu = e.args.data.cpuProfile || {};
    for (const n of cpu.nodes || []) nodes.set(n.id, { url: n.callFrame?.url || '', fn: n.callFrame?.functionName || '', parent: n.parent });
    const deltas = e.args.data.timeDeltas || [];
    (cpu.samples || []).forEach((id, i) => {
      prof.t += deltas[i] || 0;
      samples.push({ t: prof.t, id });
    });
  }
  samples.sort((a, b) => a.t - b.t);
  const memo = new Map();
  const isOurs = (id) => {
    if (memo.has(id)) return memo.get(id);
    const n = nodes.get(id);
    const r = !!n && (n.url.startsWith(ours) || (n.parent != null && isOurs(n.parent)));
    memo.set(id, r);
    return r;
  };
  // Style and layout forced by our code (a sample of ours inside them): the page's own next
  // frame would have done that work anyway; counted apart.
  const layouts = onThread.filter((e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.ph === 'X');
  // Garbage collection inside a task (reported: on a page of 10^6 nodes a collection also
  // traces the page's DOM).
  const gcs = onThread.filter((e) => (e.name === 'MajorGC' || e.name === 'MinorGC') && e.ph === 'X');
  const ourTimes = samples.filter((x) => isOurs(x.id)).map((x) => x.t);
  const firstAtOrAfter = (arr, t) => {
    let a = 0;
    let b = arr.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (arr[m] < t) a = m + 1;
      else b = m;
    }
    return a;
  };
  const ourCalls = onThread.filter((e) => (e.name === 'FunctionCall' || e.name === 'EvaluateScript') && e.args?.data?.url?.startsWith(ours));
  const tasks = [];
  for (const t of onThread) {
    if (t.name !== 'RunTask' || t.ph !== 'X') continue;
    const end = t.ts + t.dur;
    let oursUs = 0;
    // Binary search the first sample of the task.
    let lo = 0;
    let hi = samples.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (samples[mid].t < t.ts) lo = mid + 1;
      else hi = mid;
    }
    const byFn = new Map();
    for (let i = lo; i < samples.length && samples[i].t <= end; i++) {
      if (!isOurs(samples[i].id)) continue;
      const next = i + 1 < samples.length ? Math.min(samples[i + 1].t, end) : end;
      const us = Math.max(0, next - samples[i].t);
      oursUs += us;
      // The innermost function of ours on the stack, with its caller.
      let n = nodes.get(samples[i].id);
      while (n && !n.url.startsWith(ours)) n = nodes.get(n.parent);
      const caller = n && nodes.get(n.parent);
      const name = n ? `${n.fn || '(anonymous)'}${caller && caller.url.startsWith(ours) ? `<${caller.fn || '(anonymous)'}` : ''}` : '?';
      byFn.set(name, (byFn.get(name) || 0) + us);
    }
    const calls = ourCalls.filter((c) => c.ts >= t.ts && c.ts < end);
    let forcedUs = 0;
    let forcedCpuUs = 0;
    if (oursUs > 0) {
      for (const l of layouts) {
        if (l.ts < t.ts || l.ts >= end) continue;
        const i = firstAtOrAfter(ourTimes, l.ts);
        if (i < ourTimes.length && ourTimes[i] <= l.ts + l.dur) {
          forcedUs += l.dur;
          forcedCpuUs += l.tdur || 0;
        }
      }
    }
    const gcUs = oursUs > 0 ? gcs.filter((g) => g.ts >= t.ts && g.ts < end).reduce((a, g) => a + g.dur, 0) : 0;
    if (t.dur / 1000 > longMs || oursUs > 0 || calls.length) {
      const cpuMs = (t.tdur || 0) / 1000;
      tasks.push({
        ms: t.dur / 1000,
        cpuMs,
        oursMs: oursUs / 1000,
        oursCpuMs: t.dur ? (cpuMs * Math.min(oursUs, t.dur)) / t.dur : 0,
        forcedLayoutMs: forcedUs / 1000,
        forcedLayoutCpuMs: forcedCpuUs / 1000,
        gcMs: gcUs / 1000,
        what: calls.map((c) => c.args.data.functionName || c.name).filter(Boolean).slice(0, 4).join(','),
        top: [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([f, us]) => `${f} ${Math.round(us / 1000)} ms`).join(', '),
      });
    }
  }
  return { tasks, samples: samples.length, page: pageUrl };
}
