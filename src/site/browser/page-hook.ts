import { randomBytes } from 'node:crypto'
import { timersSource } from './page-timers.js'

/**
 * A script run in every page before its own (`Page.addScriptToEvaluateOnNewDocument`) that tells
 * the pass which ICE servers (STUN, TURN) a page hands to WebRTC, and which workers it starts.
 * Nothing is sent to the ICE servers (the browser's switches keep WebRTC off UDP, and a TCP relay
 * goes to the refusing proxy), but the report should say that the page tried: no request, and so
 * no interception, ever shows it. A worker is reported as soon as the page has started it, which
 * is before the browser attaches it: the page waits for each worker it started (record.ts), and a
 * shared or service worker counts for the pages that started it, which the browser does not say
 * (shared-workers.ts). A service worker the page registered is reported once more when its
 * registration has settled (installed, or failed): until then its script and its install handler
 * still have requests to make.
 *
 * It reports through a binding (`Runtime.addBinding`) under a name of its own for each pass,
 * which it takes off the page's global object before any of the page's scripts run. A page that
 * replaces WebRTC's constructor before creating a connection, from a frame the hook does not
 * reach, goes unreported; what it would send is still refused. It also counts what the page has
 * scheduled (page-timers.ts), which the pass asks about when the page seems to have settled.
 */

/**
 * What the hook reports, and at most how much of it is read: ICE servers (`webrtc`); the script
 * of a worker the page started, by the protocol's name for its target's type; the script of a
 * service worker whose registration has settled (`registered`).
 */
export interface HookReport {
  kind: HookKind
  urls: string[]
}

/** The worker types, as the DevTools protocol names their targets, that the hook reports the start of. */
export const WORKER_KINDS = ['worker', 'shared_worker', 'service_worker'] as const
export type WorkerKind = (typeof WORKER_KINDS)[number]

type HookKind = 'webrtc' | 'registered' | WorkerKind

const KINDS = new Set<unknown>(['webrtc', 'registered', ...WORKER_KINDS])

const MAX_URLS = 20
const MAX_URL_LENGTH = 500

/** How a worker is known, from its target or from the hook's report: its type, and its script's URL as far as the hook reports it. */
export function workerKey(type: string, url: string): string {
  return `${type} ${url.slice(0, MAX_URL_LENGTH)}`
}

/** The names under which the hook reports (its binding) and answers (page-timers.ts), new for each pass. */
export interface HookNames {
  binding: string
  timers: string
}

/** Names no page can know in advance. */
export function hookNames(): HookNames {
  const name = (): string => `__siteCheck${randomBytes(12).toString('hex')}`
  return { binding: name(), timers: name() }
}

/** The hook's source for its names. */
export function hookSource({ binding, timers }: HookNames): string {
  return `${timersSource(timers)}
(() => {
  const send = globalThis[${JSON.stringify(binding)}];
  if (typeof send !== 'function') return;
  try { delete globalThis[${JSON.stringify(binding)}]; } catch {}
  const stringify = JSON.stringify;
  const report = (configuration) => {
    try {
      const servers = configuration && configuration.iceServers;
      if (!servers || typeof servers[Symbol.iterator] !== 'function') return;
      const urls = [];
      for (const server of servers) {
        const named = server && server.urls;
        for (const url of Array.isArray(named) ? named : [named]) if (typeof url === 'string') urls.push(url.slice(0, ${MAX_URL_LENGTH}));
      }
      if (urls.length > 0) send(stringify({ kind: 'webrtc', urls: urls.slice(0, ${MAX_URLS}) }));
    } catch {}
  };
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection']) {
    const original = globalThis[name];
    if (typeof original !== 'function') continue;
    globalThis[name] = new Proxy(original, {
      construct(target, args, newTarget) {
        report(args[0]);
        return Reflect.construct(target, args, newTarget);
      }
    });
  }
  const prototype = globalThis.RTCPeerConnection && globalThis.RTCPeerConnection.prototype;
  const setConfiguration = prototype && prototype.setConfiguration;
  if (typeof setConfiguration === 'function') {
    prototype.setConfiguration = function (configuration) {
      report(configuration);
      return setConfiguration.apply(this, arguments);
    };
  }
  const started = (kind, url) => {
    try {
      send(stringify({ kind, urls: [new URL(String(url), document.baseURI).href.slice(0, ${MAX_URL_LENGTH})] }));
    } catch {}
  };
  // Reported once the constructor has returned: a worker it refused (another origin) never starts.
  for (const [name, kind] of [['Worker', 'worker'], ['SharedWorker', 'shared_worker']]) {
    const original = globalThis[name];
    if (typeof original !== 'function') continue;
    globalThis[name] = new Proxy(original, {
      construct(target, args, newTarget) {
        const worker = Reflect.construct(target, args, newTarget);
        started(kind, args[0]);
        return worker;
      }
    });
  }
  const container = globalThis.ServiceWorkerContainer && globalThis.ServiceWorkerContainer.prototype;
  const register = container && container.register;
  if (typeof register === 'function') {
    container.register = function (url) {
      const registering = register.apply(this, arguments);
      started('service_worker', url);
      let reported = false;
      const settled = () => {
        if (!reported) started('registered', url);
        reported = true;
      };
      Promise.resolve(registering).then((registration) => {
        const installing = registration && registration.installing;
        if (!installing) return settled();
        const changed = () => {
          if (installing.state === 'installing') return;
          installing.removeEventListener('statechange', changed);
          settled();
        };
        installing.addEventListener('statechange', changed);
        changed();
      }, settled);
      return registering;
    };
  }
})();`
}

/** The hook's report from a binding call's payload, which the page could have forged: read with care. */
export function readHookReport(payload: unknown): HookReport | undefined {
  if (typeof payload !== 'string' || payload.length > MAX_URLS * (MAX_URL_LENGTH + 10) + 100) return undefined
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { kind, urls } = value as { kind?: unknown; urls?: unknown }
  if (!KINDS.has(kind) || !Array.isArray(urls)) return undefined
  const strings = (urls as unknown[])
    .filter((url): url is string => typeof url === 'string' && url.length > 0 && url.length <= MAX_URL_LENGTH)
    .slice(0, MAX_URLS)
  return strings.length > 0 ? { kind: kind as HookReport['kind'], urls: strings } : undefined
}
