/**
 * How the browser is told, before it loads anything, that nothing may leave the machine. These are
 * the first layer of the pass's containment: whole paths turned off in the browser itself, so that
 * a path the interception does not know of is still closed (docs/site-check.md, "Containment").
 */

/**
 * Chromium's own host resolver answers every name with NOTFOUND. The pass needs no lookup: the
 * site's requests are answered over the DevTools protocol, and everything else goes to a proxy at
 * an address; the proxy's address is excluded should the rules apply to addresses too.
 */
const HOST_RESOLVER_RULES = 'MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'

/**
 * Chromium sends loopback and link-local addresses (127.0.0.0/8, [::1], 169.254/16: the cloud
 * metadata address) past a proxy unless `<-loopback>` takes that implicit rule away.
 */
const PROXY_BYPASS_LIST = '<-loopback>'

/** WebRTC may then use UDP only through a proxy, which a plain HTTP proxy never offers: no STUN, no host candidates, no mDNS. */
const WEBRTC_IP_HANDLING = 'disable_non_proxied_udp'

/**
 * Chromium features that reach the network on their own: the network time query, Cast and DIAL
 * discovery (multicast on the local network), translation.
 */
const DISABLED_FEATURES = [
  'NetworkTimeServiceQuerying',
  'MediaRouter',
  'DialMediaRouteProvider',
  'Translate',
  // The omnibox's pop-ups, which headless Chrome builds and keeps in a renderer of their own
  // nobody sees: about a third of a core while the pass runs (docs/decisions/browser-pass-pace.md).
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  // A page left for the next would be kept alive, frozen, for going back, and the next page started
  // in a new renderer process: one process per page instead of one per tab.
  'BackForwardCache'
]

export interface SwitchOptions {
  profile: string
  /** `http://127.0.0.1:<port>` of the proxy that refuses everything the browser's own profile sends. */
  proxy: string
  /** Whether the browser keeps its sandbox: it cannot as root (containers), and then gets `--no-sandbox`. */
  sandbox: boolean
}

/** The command line of a quiet, headless browser that nothing may leave. */
export function browserSwitches(options: SwitchOptions): string[] {
  const switches = [
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-breakpad',
    '--disable-domain-reliability',
    '--no-first-run',
    '--no-default-browser-check',
    '--no-pings',
    '--disable-quic',
    '--deny-permission-prompts',
    '--mute-audio',
    '--hide-scrollbars',
    // The pass's tabs are background tabs, whose timers Chromium wakes once a second: a page's
    // polls and timers run as they would in front of a reader.
    '--disable-background-timer-throttling',
    '--window-size=1280,800',
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
    `--host-resolver-rules=${HOST_RESOLVER_RULES}`,
    `--proxy-server=${options.proxy}`,
    `--proxy-bypass-list=${PROXY_BYPASS_LIST}`,
    // Chromium 156 reads the first; the second is the older name, which some builds still read.
    `--webrtc-ip-handling-policy=${WEBRTC_IP_HANDLING}`,
    `--force-webrtc-ip-handling-policy=${WEBRTC_IP_HANDLING}`,
    `--user-data-dir=${options.profile}`,
    '--remote-debugging-pipe',
    'about:blank'
  ]
  return options.sandbox ? switches : ['--no-sandbox', ...switches]
}

/**
 * The profile's preferences, written before the browser starts, for what has no switch: no
 * preloading (speculation rules, prefetch, preconnect: "Preload pages" off), WebRTC's UDP as by
 * the switch, and downloads blocked, kept inside the profile should one start all the same.
 */
export function profilePreferences(downloads: string): Record<string, unknown> {
  return {
    net: { network_prediction_options: 2 },
    webrtc: { ip_handling_policy: WEBRTC_IP_HANDLING, multiple_routes_enabled: false, nonproxied_udp_enabled: false },
    download: { default_directory: downloads, prompt_for_download: false },
    download_restrictions: 3,
    signin: { allowed: false },
    safebrowsing: { enabled: false }
  }
}
