/**
 * Front-end benchmark: the public pages as users get them, in a real browser (Debian's Chromium
 * driven by playwright-core) against the real server (built and run the way `npm start` runs it,
 * on the embedded database in a new DATA_DIR, with demo data). The pages (PAGES, below): `/`,
 * `/hall`, `/iteminfo?id=` (the hall's first published project, looked up once the server is up),
 * `/pub`, `/resultpub`, `/extract`, `/verify`, `/mindex`, `/weblogin`, `/adminlogin`.
 *
 * First, for each page, several rounds, each a cold load in a new browser context (empty HTTP
 * cache) and then a repeat visit in the same context (a new tab, the HTTP cache warm). Per page,
 * the median over the rounds of:
 *
 *   - JS+CSS: compressed bytes on the wire (body, without headers) of the scripts and style
 *     sheets requested before the page was ready, cold load;
 *   - all bytes: everything transferred (headers included) until the network is quiet, cold load;
 *   - requests made before the page was ready (the document included), cold load;
 *   - ready time: from navigation start until the page's main content (a selector per page, below)
 *     is visible, taken inside the page by a probe that checks every animation frame;
 *   - LCP (largest contentful paint) as Chromium reports it;
 *   - repeat visit: the requests that went to the network (fetched or revalidated) instead of
 *     being served from the HTTP cache.
 *
 * Then, with the rounds' browser closed so that it does not disturb them, Lighthouse (npm
 * `lighthouse` 12, the newest line that runs on Node 20; 13 needs Node 22) on each page, one page
 * at a time, in a headless Chromium of its own (chrome-launcher, the same /usr/bin/chromium, in
 * Chinese like the rounds; no browser is downloaded), against the same server. Its default config
 * is PageSpeed Insights' mobile profile: a phone's screen, simulated slow 4G and a 4× slower CPU
 * (throttlingMethod simulate: the page loads unthrottled and Lighthouse computes the throttled
 * timings). Per page, the median over the runs of: the performance and accessibility scores
 * (0–100), TBT (total blocking time), LCP, FCP, Speed Index and main-thread work, in ms. The
 * accessibility audits that failed are named in the failure line.
 *
 * Fails (exit code 1) past the budgets, each named on a line of its own (page and figure):
 *   - JS+CSS ≤ 100 KB and ≤ 15 requests before ready on every page;
 *   - on a repeat visit only the HTML document (and API calls) may go to the network;
 *   - when a peer front end is given, our ready time ≤ 0.5 × the peer's (median of the per-round
 *     ratios);
 *   - Lighthouse: performance ≥ 90, TBT ≤ 200 ms, LCP ≤ 2500 ms, accessibility = 100, and every
 *     run measured something (a runtime error such as NO_FCP fails the page; NO_NAVSTART, a gap in
 *     Chromium's trace, is run again once first).
 * A smoke run (BENCH_SMOKE=1, `npm run bench:smoke`) prints the same but judges nothing, as every
 * bench; it runs Lighthouse once, on `/` and `/iteminfo` only (SMOKE_LIGHTHOUSE_PAGES: a light
 * page and the heaviest, the one with the project lookup; each run takes about 7 s and every page
 * goes through the same code), unless BENCH_WEB_PAGES names pages.
 *
 *   npm run bench:web -w bench
 *     BENCH_WEB_ROUNDS=5            rounds per page
 *     BENCH_WEB_PORT=18297          the port of the server it starts (WEB_DIST: the build it serves)
 *     BENCH_WEB_PAGES=/,/hall       only these pages (rounds and Lighthouse); `path=selector`
 *                                   replaces a page's ready selector (`/iteminfo` gets its `?id=`)
 *     BENCH_WEB_BUILD=1             rebuild the web app first (otherwise only when dist is missing)
 *     BENCH_WEB_DATABASE_URL=...    run the server on this PostgreSQL database instead
 *     BENCH_WEB_CHROMIUM=/usr/bin/chromium   the browser of both the rounds and Lighthouse
 *     BENCH_WEB_VERBOSE=1           list every request of the first round (to check figures by hand)
 *                                   and Lighthouse's warnings
 *     BENCH_WEB_LIGHTHOUSE=0        skip Lighthouse
 *     BENCH_WEB_LH_RUNS=3           Lighthouse runs per page (1 in a smoke run)
 *     BENCH_WEB_LH_REPORTS=dir      also write each run's HTML report there (`hall-1.html`…)
 *     WEB_PEER_URL=http://127.0.0.1:8090/login
 *                                   the RuoYi-Vue3 front end's login page, served elsewhere: each of
 *                                   our pages is then paired with a peer page, loaded cold in the
 *                                   same rounds (login pages with its login, the others with /index)
 *     WEB_PEER_PAGES=/weblogin=/login,/=/index   the pairs (ours=peerPath), replacing the defaults
 *     WEB_PEER_SELECTOR=...         the peer's ready selector (default: its sign-in button, or its
 *                                   main area when already signed in)
 */
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { root, startServer, stop, waitFor } from './processes.ts';
import { printTable, smokeRun } from './report.ts';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 18297);
const base = `http://127.0.0.1:${PORT}`;
const rounds = Number(process.env.BENCH_WEB_ROUNDS ?? 5);
const verbose = process.env.BENCH_WEB_VERBOSE === '1';
const CHROMIUM = process.env.BENCH_WEB_CHROMIUM ?? '/usr/bin/chromium';
const lighthouseOn = process.env.BENCH_WEB_LIGHTHOUSE !== '0';
const lighthouseRuns = Number(process.env.BENCH_WEB_LH_RUNS ?? (smokeRun ? 1 : 3));
const lighthouseReports = process.env.BENCH_WEB_LH_REPORTS;
const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
/**
 * A smoke run audits only these with Lighthouse, once (a run takes about 7 s here: the ten pages
 * three times, three and a half minutes): a light page, and the project page, the heaviest, which
 * also needs the project lookup. Every page goes through the same code, so two keep it working.
 */
const SMOKE_LIGHTHOUSE_PAGES = ['/', '/iteminfo'];
const budgets = {
  assetsKB: 100,
  requestsBeforeReady: 15,
  peerRatio: 0.5,
  lighthouse: { performance: 90, tbtMs: 200, lcpMs: 2500, accessibility: 100 },
};
/** How long a page may take to show its main content before it counts as broken. */
const READY_TIMEOUT_MS = 30_000;
/** After ready, the load counts as finished once no request has been in flight for this long… */
const QUIET_MS = 500;
/** …or after this long at most (a page that keeps polling). */
const SETTLE_MAX_MS = 10_000;
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 860 }, locale: 'zh-CN' };
/** `/mindex` is the phone entrance: measured the way a phone opens it. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
};

interface PageSpec {
  path: string;
  /** The main content: the page is ready once one element matching this is visible. */
  ready: string;
  context: BrowserContextOptions;
  /** `/iteminfo`: the page shows one project, `?id=` of a published one (`query` once found). */
  needsProject?: boolean;
  /** The query string the page is opened with, e.g. `?id=3`. */
  query?: string;
}

/** The page's address on our server. */
const urlOf = (spec: PageSpec) => base + spec.path + (spec.query ?? '');

/**
 * The public pages, measured in this order by the rounds and by Lighthouse. Ready selectors: what
 * the user came for, not the shell or a loading skeleton.
 */
const PAGES: PageSpec[] = [
  // The home page's hero (title and entry buttons render in the same commit).
  { path: '/', ready: '.home-hero h1', context: DESKTOP },
  // The hall's project cards, or its empty state; not the skeleton nor the load-failed result.
  {
    path: '/hall',
    ready: '.public-section [data-testid="hall-project"], .public-section .plain-empty',
    context: DESKTOP,
  },
  // A published demo project's page (its id is looked up in the hall once the server is up): its
  // name, drawn with the rest of the project in the same commit.
  { path: '/iteminfo', ready: '.project-detail h1', context: DESKTOP, needsProject: true },
  // The announcements (links), or antd's empty state.
  {
    path: '/pub',
    ready: '.public-section [data-testid="notice-link"], .public-section .plain-empty',
    context: DESKTOP,
  },
  // The results in publicity, or the empty state of their tab.
  { path: '/resultpub', ready: '.rp-page [data-testid="result-row"], .rp-page .plain-empty', context: DESKTOP },
  // The pool draws' public records, or their empty state.
  { path: '/extract', ready: '.xp-page [data-testid="extract-row"], .xp-page .plain-empty', context: DESKTOP },
  // The letter check form's submit button.
  { path: '/verify', ready: '.vp-page .vp-form button[type="submit"]', context: DESKTOP },
  // The mobile index's entry grid inside its main.
  { path: '/mindex', ready: '.mobile-index main .mobile-index__entry', context: PHONE },
  // The sign-in forms' submit button (what the e2e tests click).
  { path: '/weblogin', ready: '[data-testid="login-submit"]', context: DESKTOP },
  { path: '/adminlogin', ready: '[data-testid="login-submit"]', context: DESKTOP },
];

/** RuoYi-Vue3: the sign-in button of its login form, or its main area when signed in. */
const PEER_SELECTOR = process.env.WEB_PEER_SELECTOR ?? '.login-form .el-button--primary, .app-main';

// ---------------------------------------------------------------------------------------------
// Network figures, from the Chrome DevTools Protocol

interface Request {
  url: string;
  /** The DevTools resource type: Document, Script, Stylesheet, XHR, Fetch, Image, Font, Other… */
  type: string;
  mime: string;
  /** When it was sent, DevTools monotonic clock, seconds. */
  sent: number;
  /** The status on the wire (304 for a revalidation, which the page sees as 200). */
  status?: number;
  /** content-encoding of the response, as sent. */
  encoding?: string;
  /** Served from the memory, disk or prefetch cache, or by a service worker: no network. */
  fromCache: boolean;
  /** Bytes of the status line and response headers, as received. */
  headerBytes: number;
  /** Bytes received for the request in all (headers and encoded body); undefined until finished. */
  transferred?: number;
  failed?: string;
}

/** Records every request of one tab; `settle` waits for the network to be quiet. */
async function recordNetwork(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  /** What the network stack saw (raw status and headers); may arrive before or after the response. */
  const raw = new Map<string, { status: number; headerBytes?: number }>();
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());

  cdp.on('Network.requestWillBeSent', (e) => {
    // data: and blob: URLs never reach the network (the banner is an inlined SVG).
    if (!e.request.url.startsWith('http')) return;
    touch();
    const previous = requests.get(e.requestId);
    // A redirect reuses the request id: keep the hop as a request of its own.
    if (previous && e.redirectResponse) {
      requests.set(`${e.requestId}:${requests.size}`, {
        ...previous,
        status: e.redirectResponse.status,
        transferred: e.redirectResponse.encodedDataLength,
      });
    }
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      mime: '',
      sent: e.timestamp,
      fromCache: false,
      headerBytes: 0,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (!r) return;
    const res = e.response;
    r.status = raw.get(e.requestId)?.status ?? res.status;
    r.encoding = res.headers['content-encoding'] ?? res.headers['Content-Encoding'];
    r.mime = res.mimeType;
    r.type = e.type ?? r.type;
    r.fromCache ||= Boolean(res.fromDiskCache || res.fromPrefetchCache || res.fromServiceWorker);
    // The raw header text when the network stack gave it, else what had arrived at the response.
    r.headerBytes = raw.get(e.requestId)?.headerBytes ?? res.encodedDataLength;
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    const info = { status: e.statusCode, headerBytes: e.headersText ? Buffer.byteLength(e.headersText) : undefined };
    raw.set(e.requestId, info);
    const r = requests.get(e.requestId);
    if (r && r.status !== undefined) {
      r.status = info.status;
      r.headerBytes = info.headerBytes ?? r.headerBytes;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (r) r.transferred = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (r) {
      r.failed = e.errorText;
      r.transferred = 0;
    }
  });
  await cdp.send('Network.enable');

  const inFlight = () => [...requests.values()].some((r) => r.transferred === undefined && r.type !== 'EventSource');
  return {
    requests,
    async settle() {
      const until = Date.now() + SETTLE_MAX_MS;
      while (Date.now() < until && (inFlight() || Date.now() - lastActivity < QUIET_MS)) {
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** API calls: XHR and fetch (some of the app's API has no /api prefix, e.g. /system/dict/...). */
const isApi = (r: Request) => r.type === 'XHR' || r.type === 'Fetch' || new URL(r.url).pathname.startsWith('/api/');
const isAsset = (r: Request) =>
  r.type === 'Script' || r.type === 'Stylesheet' || /javascript|ecmascript|text\/css/.test(r.mime);
/** Body bytes on the wire: compressed when the server compresses. */
const bodyBytes = (r: Request) => Math.max(0, (r.transferred ?? 0) - r.headerBytes);

// ---------------------------------------------------------------------------------------------
// One visit of one page

/**
 * Runs in every document before its own scripts: on each animation frame, until it finds one,
 * looks for a visible element matching the selector and notes performance.now() (milliseconds
 * since navigation start). A frame is when the browser is about to paint, so the time is that of
 * the first frame showing the content. Also follows LCP. A string, not a function: the bench
 * runs through tsx, whose transform would add helpers the page does not have.
 */
const probe = (selector: string) => `(() => {
  if (window !== window.top) return;
  const state = { readyMs: null, lcpMs: null };
  Object.defineProperty(window, '__bench', { value: state });
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const check = () => {
    if ([...document.querySelectorAll(${JSON.stringify(selector)})].some(visible)) {
      state.readyMs = performance.now();
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.lcpMs = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
})();`;

interface Visit {
  readyMs: number;
  lcpMs: number | null;
  /** The requests, `beforeReady` marking those sent before the page was ready. */
  requests: (Request & { beforeReady: boolean })[];
}

class NotReady extends Error {}

/** Opens `url` in a new tab of `context` (whose probe looks for `selector`) and measures it. */
async function visit(context: BrowserContext, url: string, selector: string): Promise<Visit> {
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  try {
    const cdp = await context.newCDPSession(page);
    const network = await recordNetwork(cdp);
    await page.goto(url, { waitUntil: 'commit', timeout: READY_TIMEOUT_MS });
    if (!(await readyWithin(page, READY_TIMEOUT_MS))) {
      throw new NotReady(notReadyMessage(url, selector, [...network.requests.values()], pageErrors));
    }
    const { readyMs, fetchStart } = (await page.evaluate(
      `({ readyMs: window.__bench.readyMs, fetchStart: performance.getEntriesByType('navigation')[0]?.fetchStart ?? 0 })`,
    )) as { readyMs: number; fetchStart: number };
    await network.settle();
    const lcpMs = (await page.evaluate('window.__bench.lcpMs')) as number | null;

    // The page's clock starts at navigation start, DevTools' is monotonic: the document request
    // is sent at the navigation's fetchStart, which ties the two.
    const all = [...network.requests.values()];
    const document = all.find((r) => r.type === 'Document');
    const readyAt = (document?.sent ?? 0) + (readyMs - fetchStart) / 1000;
    return { readyMs, lcpMs, requests: all.map((r) => ({ ...r, beforeReady: r.sent <= readyAt })) };
  } finally {
    await page.close();
  }
}

/**
 * Whether the probe saw the content within `ms`. Polled from here with plain evaluations: the
 * app's Content-Security-Policy forbids the `new Function` that page.waitForFunction uses. The
 * polling interval does not matter, the probe has taken the time inside the page.
 */
async function readyWithin(page: Page, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await page.evaluate('window.__bench?.readyMs != null')) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

function notReadyMessage(url: string, selector: string, requests: Request[], pageErrors: string[]) {
  const failed = requests
    .filter((r) => r.failed || (r.status ?? 0) >= 400)
    .map((r) => `${r.url} (${r.failed ?? r.status})`);
  return [
    `${url}: no visible '${selector}' within ${READY_TIMEOUT_MS / 1000} s`,
    ...(failed.length ? [`failed requests: ${failed.slice(0, 5).join(', ')}`] : []),
    ...(pageErrors.length ? [`page errors: ${pageErrors.slice(0, 3).join(' | ')}`] : []),
  ]
    .join('; ')
    .replace(/\s*\n\s*/g, ' ');
}

// ---------------------------------------------------------------------------------------------
// Rounds

interface Round {
  assetsBytes: number;
  allBytes: number;
  requestsBeforeReady: number;
  readyMs: number;
  lcpMs: number | null;
  /** Repeat visit: what went to the network, API calls left out, e.g. `/assets/x.js 304`. */
  repeatNetwork: string[];
  repeatApi: number;
  peerReadyMs?: number;
}

interface PageResult {
  spec: PageSpec;
  peerPath?: string;
  rounds: Round[];
  error?: string;
}

function coldFigures(v: Visit) {
  const before = v.requests.filter((r) => r.beforeReady);
  return {
    assetsBytes: sum(before.filter(isAsset).map(bodyBytes)),
    allBytes: sum(v.requests.map((r) => r.transferred ?? 0)),
    requestsBeforeReady: before.length,
    readyMs: v.readyMs,
    lcpMs: v.lcpMs,
  };
}

/** The repeat visit's requests that did not come from the HTTP cache. */
function repeatFigures(v: Visit) {
  const network = v.requests.filter((r) => !r.fromCache);
  return {
    repeatNetwork: network
      .filter((r) => !isApi(r))
      .map((r) => `${r.type === 'Document' ? 'document ' : ''}${new URL(r.url).pathname} ${r.failed ?? r.status}`),
    repeatApi: network.filter(isApi).length,
  };
}

/** A new context, i.e. an empty HTTP cache, whose pages all run the probe for `selector`. */
async function freshContext(browser: Browser, options: BrowserContextOptions, selector: string) {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: probe(selector) });
  return context;
}

/** One round of one page: cold load and repeat visit, and the peer's cold load next to them. */
async function measureRound(browser: Browser, result: PageResult, peerBase: URL | undefined, round: number) {
  const ours = async () => {
    const context = await freshContext(browser, result.spec.context, result.spec.ready);
    try {
      const cold = await visit(context, urlOf(result.spec), result.spec.ready);
      const repeat = await visit(context, urlOf(result.spec), result.spec.ready);
      if (verbose && round === 0) printRequests(result.spec.path, cold, repeat);
      return { ...coldFigures(cold), ...repeatFigures(repeat) };
    } finally {
      await context.close();
    }
  };
  const peer = async () => {
    const context = await freshContext(browser, result.spec.context, PEER_SELECTOR);
    try {
      return (await visit(context, new URL(result.peerPath!, peerBase).href, PEER_SELECTOR)).readyMs;
    } finally {
      await context.close();
    }
  };
  if (!peerBase) return ours();
  // Alternate who goes first, so that neither always gets the warmer machine.
  if (round % 2 === 0) {
    const figures = await ours();
    return { ...figures, peerReadyMs: await peer() };
  }
  const peerReadyMs = await peer();
  return { ...(await ours()), peerReadyMs };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse, after the rounds

/** One Lighthouse run of one page: scores 0–100, times in milliseconds. */
interface LighthouseRun {
  performance: number;
  accessibility: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  speedIndexMs: number;
  mainThreadMs: number;
  /** The accessibility audits that failed, e.g. `color-contrast`. */
  failedAccessibility: string[];
}

interface LighthouseResult {
  spec: PageSpec;
  runs: LighthouseRun[];
  /** Why a run measured nothing: Lighthouse's runtime error (e.g. NO_FCP) or an exception. */
  errors: string[];
}

/**
 * Lighthouse's run of one page as PageSpeed Insights runs it on phones: the default config is the
 * mobile profile (a Moto G Power's screen, a slow 4G network and a 4× slower CPU, simulated from
 * an unthrottled load). Only the two categories the targets need are audited.
 */
async function lighthouseRun(spec: PageSpec, port: number, run: number): Promise<LighthouseRun> {
  const answer = await lighthouse(urlOf(spec), {
    port,
    logLevel: 'error',
    output: lighthouseReports ? 'html' : 'json',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!answer) throw new Error('Lighthouse gave no result');
  const { lhr } = answer;
  if (lighthouseReports) {
    const name = `${spec.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.html`;
    writeFileSync(path.join(lighthouseReports, name), String(answer.report));
  }
  if (verbose && lhr.runWarnings.length) console.log(`  ${spec.path}: ${lhr.runWarnings.join(' | ')}`);
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id: 'performance' | 'accessibility') => {
    const value = lhr.categories[id]?.score;
    if (value == null) throw new Error(`no ${id} score`);
    return Math.round(value * 100);
  };
  const ms = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`no ${id} (${lhr.audits[id]?.errorMessage ?? 'not audited'})`);
    return value;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    tbtMs: ms('total-blocking-time'),
    lcpMs: ms('largest-contentful-paint'),
    fcpMs: ms('first-contentful-paint'),
    speedIndexMs: ms('speed-index'),
    mainThreadMs: ms('mainthread-work-breakdown'),
    failedAccessibility: (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

/**
 * NO_NAVSTART: the trace lacked the navigation (Chromium's tracing, not the page), which happens
 * now and then; Lighthouse's advice is to run again, and so the run is, once.
 */
async function runAgainOnNoNavstart(spec: PageSpec, port: number, run: number): Promise<LighthouseRun> {
  try {
    return await lighthouseRun(spec, port, run);
  } catch (err) {
    if (!(err instanceof Error && err.message.startsWith('NO_NAVSTART'))) throw err;
    console.error(`Lighthouse, ${spec.path}, run ${run + 1}: ${err.message} (running again)`);
    return lighthouseRun(spec, port, run);
  }
}

/**
 * Lighthouse on each page, one page at a time, in a headless Chromium of its own that
 * chrome-launcher starts (the rounds' browser is closed by then). Runs are interleaved like the
 * rounds: the first run of every page, then the second…, so that a slow moment of the machine
 * hits every page alike.
 */
async function runLighthouse(pages: PageSpec[]): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = pages.map((spec) => ({ spec, runs: [], errors: [] }));
  const chrome = await launchChrome({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=zh-CN'],
    logLevel: 'silent',
  });
  try {
    for (let run = 0; run < lighthouseRuns; run++) {
      for (const result of results) {
        try {
          result.runs.push(await runAgainOnNoNavstart(result.spec, chrome.port, run));
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          result.errors.push(`run ${run + 1}: ${message.replace(/\s*\n\s*/g, ' ')}`);
          console.error(`Lighthouse, ${result.spec.path}, run ${run + 1}: ${message}`);
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/** Which pages Lighthouse audits: all of them, but only a couple in a smoke run (see the header). */
function lighthousePages(pages: PageSpec[]): PageSpec[] {
  if (!smokeRun || process.env.BENCH_WEB_PAGES) return pages;
  return pages.filter((p) => SMOKE_LIGHTHOUSE_PAGES.includes(p.path));
}

function lighthouseReport(results: LighthouseResult[]): string[] {
  const failures: string[] = [];
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile profile (simulated slow 4G, 4× CPU slowdown), ` +
      `median of ${lighthouseRuns} run${lighthouseRuns === 1 ? '' : 's'} per page\n`,
  );
  const rows = results.map(({ spec, runs, errors }) => {
    if (runs.length === 0) {
      failures.push(`${spec.path}: Lighthouse measured nothing (${errors.join('; ')})`);
      return [spec.path, '—', '—', '—', '—', '—', '—', '—', 'NO (not measured)'];
    }
    const of = (pick: (r: LighthouseRun) => number) => Math.round(median(runs.map(pick)));
    const figures = {
      performance: of((r) => r.performance),
      accessibility: of((r) => r.accessibility),
      tbt: of((r) => r.tbtMs),
      lcp: of((r) => r.lcpMs),
    };
    const pageFailures: string[] = [];
    const lh = budgets.lighthouse;
    if (figures.performance < lh.performance) {
      pageFailures.push(`${spec.path}: Lighthouse performance ${figures.performance} < ${lh.performance}`);
    }
    if (figures.tbt > lh.tbtMs) pageFailures.push(`${spec.path}: Lighthouse TBT ${figures.tbt} ms > ${lh.tbtMs} ms`);
    if (figures.lcp > lh.lcpMs) pageFailures.push(`${spec.path}: Lighthouse LCP ${figures.lcp} ms > ${lh.lcpMs} ms`);
    if (figures.accessibility < lh.accessibility) {
      const audits = [...new Set(runs.flatMap((r) => r.failedAccessibility))];
      pageFailures.push(
        `${spec.path}: Lighthouse accessibility ${figures.accessibility} < ${lh.accessibility}` +
          (audits.length ? ` (failed: ${audits.join(', ')})` : ''),
      );
    }
    // A run that measured nothing is a failure too, even when the others did.
    if (errors.length) pageFailures.push(`${spec.path}: Lighthouse run(s) failed: ${errors.join('; ')}`);
    failures.push(...pageFailures);
    return [
      spec.path,
      figures.performance,
      figures.accessibility,
      figures.tbt,
      figures.lcp,
      of((r) => r.fcpMs),
      of((r) => r.speedIndexMs),
      of((r) => r.mainThreadMs),
      pageFailures.length ? 'NO' : 'yes',
    ];
  });
  printTable(
    [
      'page',
      'performance',
      'accessibility',
      'TBT ms',
      'LCP ms',
      'FCP ms',
      'Speed Index ms',
      'main-thread work ms',
      'within targets',
    ],
    rows,
  );
  const lh = budgets.lighthouse;
  console.log(
    `\ntargets: performance ≥ ${lh.performance}, TBT ≤ ${lh.tbtMs} ms, LCP ≤ ${lh.lcpMs} ms, ` +
      `accessibility = ${lh.accessibility}`,
  );
  return failures;
}

// ---------------------------------------------------------------------------------------------
// Set-up: which pages, the peer, the web build and the server

/** BENCH_WEB_PAGES: `/,/hall` picks pages; `/hall=.sel` also replaces the ready selector. */
function pagesToMeasure(): PageSpec[] {
  const list = process.env.BENCH_WEB_PAGES;
  if (!list) return PAGES;
  return list.split(',').map((entry) => {
    const [pathname, selector] = splitOnce(entry.trim(), '=');
    const known = PAGES.find((p) => p.path === pathname);
    if (!known && !selector) throw new Error(`BENCH_WEB_PAGES: no ready selector known for ${pathname}`);
    return { ...known, path: pathname, ready: selector ?? known!.ready, context: known?.context ?? DESKTOP };
  });
}

/** The peer page paired with each of ours: its login page with sign-in pages, /index with the rest. */
function peerPairs(peer: URL): Map<string, string> {
  const login = peer.pathname === '/' ? '/login' : peer.pathname;
  const pairs = new Map<string, string>([
    ['/weblogin', login],
    ['/adminlogin', login],
    ['/', '/index'],
    ['/hall', '/index'],
    ['/mindex', '/index'],
  ]);
  for (const entry of (process.env.WEB_PEER_PAGES ?? '').split(',').filter(Boolean)) {
    const [ours, theirs] = splitOnce(entry.trim(), '=');
    if (!theirs) throw new Error(`WEB_PEER_PAGES: '${entry}' is not ours=peerPath`);
    pairs.set(ours, theirs);
  }
  return pairs;
}

function buildWebIfNeeded() {
  const dist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
  if (process.env.BENCH_WEB_BUILD !== '1' && existsSync(path.join(dist, 'index.html'))) return;
  console.log('building the web app (npm run build -w apps/web)…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

// ---------------------------------------------------------------------------------------------
// Report

function report(results: PageResult[], peerBase: URL | undefined): string[] {
  const failures: string[] = [];
  console.log(`\nfront end as users get it: ${rounds} rounds per page, median (min–max) over the rounds\n`);
  console.log(
    '| page | JS+CSS KB (compressed) | all bytes KB | requests before ready | ready ms (median, min–max) | LCP ms | repeat-visit network requests | within budget |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { spec, rounds: done, error } of results) {
    if (done.length === 0) {
      failures.push(error!);
      console.log(`| ${spec.path} | — | — | — | — | — | — | NO (not ready) |`);
      continue;
    }
    const pageFailures = budgetFailures(spec.path, done);
    if (error) pageFailures.push(error);
    failures.push(...pageFailures);
    const of = (pick: (r: Round) => number) => done.map(pick);
    const repeat = median(of((r) => r.repeatNetwork.length));
    const lcp = done.map((r) => r.lcpMs).filter((v): v is number => v !== null);
    console.log(
      `| ${spec.path} | ${kb(median(of((r) => r.assetsBytes)))} | ${kb(median(of((r) => r.allBytes)))} | ` +
        `${median(of((r) => r.requestsBeforeReady))} | ${spread(of((r) => r.readyMs))} | ` +
        `${lcp.length ? Math.round(median(lcp)) : '—'} | ${repeat} (+${median(of((r) => r.repeatApi))} API) | ` +
        `${pageFailures.length ? 'NO' : 'yes'} |`,
    );
  }
  console.log(
    `\nbudgets: JS+CSS ≤ ${budgets.assetsKB} KB, ≤ ${budgets.requestsBeforeReady} requests before ready, ` +
      'a repeat visit sends only the document (and API calls) to the network',
  );
  printRepeatDetails(results);
  failures.push(...peerReport(results, peerBase));
  return failures;
}

function budgetFailures(page: string, done: Round[]): string[] {
  const failures: string[] = [];
  const assets = median(done.map((r) => r.assetsBytes)) / 1024;
  if (assets > budgets.assetsKB) {
    failures.push(`${page}: first-load JS+CSS ${assets.toFixed(1)} KB > ${budgets.assetsKB} KB`);
  }
  const requests = median(done.map((r) => r.requestsBeforeReady));
  if (requests > budgets.requestsBeforeReady) {
    failures.push(`${page}: ${requests} requests before ready > ${budgets.requestsBeforeReady}`);
  }
  // Any round counts: a static asset that is revalidated once is revalidated for real users too.
  const statics = [...new Set(done.flatMap((r) => r.repeatNetwork.filter((n) => !n.startsWith('document '))))];
  if (statics.length > 0) {
    const names = statics.slice(0, 3).join(', ') + (statics.length > 3 ? ', …' : '');
    failures.push(`${page}: a repeat visit sends ${statics.length} static request(s) to the network: ${names}`);
  }
  return failures;
}

/** BENCH_WEB_VERBOSE=1: every request of the first round, to check the figures by hand. */
function printRequests(page: string, cold: Visit, repeat: Visit) {
  console.log(`\n${page}, round 1: cold load, then repeat visit (* = sent before ready)`);
  const line = (r: Visit['requests'][number]) =>
    `  ${r.beforeReady ? '*' : ' '} ${r.type.padEnd(10)} ${String(r.failed ?? r.status).padEnd(4)} ` +
    `${(r.fromCache ? 'cache' : (r.encoding ?? 'identity')).padEnd(8)} body ${String(bodyBytes(r)).padStart(7)} ` +
    `headers ${String(r.headerBytes).padStart(5)}  ${new URL(r.url).pathname}`;
  for (const r of cold.requests) console.log(line(r));
  console.log('  -- repeat visit');
  for (const r of repeat.requests) console.log(line(r));
}

function printRepeatDetails(results: PageResult[]) {
  console.log('\nrepeat visit, requests not served from the HTTP cache (any round; status 304 = revalidated):');
  for (const { spec, rounds: done } of results) {
    if (done.length === 0) {
      console.log(`  ${spec.path}: not measured`);
      continue;
    }
    const seen = [...new Set(done.flatMap((r) => r.repeatNetwork))];
    const shown = seen.slice(0, 8).join(', ');
    console.log(`  ${spec.path}: ${shown}${seen.length > 8 ? `, … ${seen.length - 8} more` : ''}`);
  }
}

function peerReport(results: PageResult[], peerBase: URL | undefined): string[] {
  if (!peerBase) {
    console.log(
      "\npaired comparison skipped: WEB_PEER_URL is not set (the RuoYi-Vue3 front end's login page, " +
        'e.g. http://127.0.0.1:8090/login); the ready times above are absolute, with no budget of their own',
    );
    return [];
  }
  const failures: string[] = [];
  console.log(`\nready time against the peer (${peerBase.origin}), cold loads in the same rounds\n`);
  console.log(
    `| page | peer page | ours ms (median) | peer ms (median) | ratio (median of rounds) | within ≤ ${budgets.peerRatio} |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const { spec, peerPath, rounds: done } of results) {
    const paired = done.filter((r) => r.peerReadyMs !== undefined);
    if (paired.length === 0) {
      console.log(`| ${spec.path} | ${peerPath} | — | — | — | NO |`);
      continue;
    }
    const ratio = median(paired.map((r) => r.readyMs / r.peerReadyMs!));
    const within = ratio <= budgets.peerRatio;
    if (!within)
      failures.push(`${spec.path}: ready time ${ratio.toFixed(2)} × the peer's ${peerPath} > ${budgets.peerRatio}`);
    console.log(
      `| ${spec.path} | ${peerPath} | ${Math.round(median(paired.map((r) => r.readyMs)))} | ` +
        `${Math.round(median(paired.map((r) => r.peerReadyMs!)))} | ${ratio.toFixed(2)} | ${within ? 'yes' : 'NO'} |`,
    );
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const spread = (ms: number[]) =>
  `${Math.round(median(ms))} (${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))})`;
function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * `?id=` of a published project for the pages that show one (`/iteminfo`): the first in the hall,
 * as a visitor would open it. Undefined when the hall lists none.
 */
async function publishedProjectQuery(): Promise<string | undefined> {
  const answer = await fetch(`${base}/api/hall/projects?pageNum=1&pageSize=1`);
  if (!answer.ok) return undefined;
  const { rows } = (await answer.json()) as { rows?: { id: number }[] };
  return rows?.[0] ? `?id=${rows[0].id}` : undefined;
}

async function answers(url: string) {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

async function main() {
  const started = Date.now();
  const pages = pagesToMeasure();
  const peerBase = process.env.WEB_PEER_URL ? new URL(process.env.WEB_PEER_URL) : undefined;
  const pairs = peerBase ? peerPairs(peerBase) : undefined;
  const results: PageResult[] = pages.map((spec) => ({
    spec,
    peerPath: pairs?.get(spec.path) ?? '/index',
    rounds: [],
  }));
  let audited: LighthouseResult[] = [];
  if (lighthouseReports) mkdirSync(lighthouseReports, { recursive: true });
  buildWebIfNeeded();

  // Another server on the port would answer in place of ours (and stop when its owner stops it).
  if (await answers(`${base}/api/health`)) {
    throw new Error(`something already answers on ${base}: stop it or set BENCH_WEB_PORT`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lvb-bench-web-'));
  const server = startServer({
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    CAPTCHA_ENABLED: 'false',
    DATABASE_URL: process.env.BENCH_WEB_DATABASE_URL,
  });
  let stopping = false;
  server.once('exit', (code, signal) => {
    if (!stopping) console.error(`the server stopped during the bench (${code ?? signal}): what follows is not valid`);
  });
  let browser: Browser | undefined;
  try {
    await waitFor(`${base}/api/health`, server);
    if (pages.some((p) => p.needsProject)) {
      const query = await publishedProjectQuery();
      for (const result of results.filter((r) => r.spec.needsProject)) {
        if (query) result.spec.query = query;
        else result.error = `${result.spec.path}: the hall lists no published project to open`;
      }
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: LAUNCH_ARGS,
    });
    console.log(`Chromium ${browser.version()}, server ${base}${peerBase ? `, peer ${peerBase.origin}` : ''}`);
    const roundsStarted = Date.now();
    // Pages interleaved within a round, so that a slow moment of the machine hits every page alike.
    for (let round = 0; round < rounds; round++) {
      for (const result of results.filter((r) => !r.error)) {
        try {
          result.rounds.push(await measureRound(browser, result, peerBase, round));
        } catch (err) {
          // A page that never gets ready is reported and left out of the next rounds.
          if (!(err instanceof NotReady)) throw err;
          result.error = `${err.message} (round ${round + 1})`;
          console.error(`not ready: ${result.error}`);
        }
      }
    }
    console.log(`${rounds} round(s) of ${results.length} page(s) in ${seconds(roundsStarted)}`);
    // Lighthouse after the rounds, with their browser closed, so that it does not disturb them.
    await browser.close();
    browser = undefined;
    if (lighthouseOn) {
      const auditStarted = Date.now();
      // A page with no project to open is left out, as from the rounds.
      const toAudit = lighthousePages(results.filter((r) => !r.spec.needsProject || r.spec.query).map((r) => r.spec));
      audited = await runLighthouse(toAudit);
      console.log(`Lighthouse: ${lighthouseRuns} run(s) of ${toAudit.length} page(s) in ${seconds(auditStarted)}`);
    }
  } finally {
    await browser?.close();
    stopping = true;
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const failures = report(results, peerBase);
  if (lighthouseOn) failures.push(...lighthouseReport(audited));
  else console.log('\nLighthouse skipped (BENCH_WEB_LIGHTHOUSE=0)');
  console.log(`\nbench:web ran in ${seconds(started)}`);
  if (failures.length > 0) {
    console.log(`\nover budget:\n  ${failures.join('\n  ')}`);
    // A smoke run (CI, one round) keeps the bench working; budgets are judged on full runs.
    if (!smokeRun) process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
