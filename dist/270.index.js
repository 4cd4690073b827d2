export const id = 270;
export const ids = [270];
export const modules = {

/***/ 6270:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  verifySite: () => (/* binding */ verifySite)
});

// EXTERNAL MODULE: ./src/core/deadline.ts
var deadline = __webpack_require__(6343);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/format.ts
var format = __webpack_require__(6228);
// EXTERNAL MODULE: ./src/core/log-text.ts
var log_text = __webpack_require__(9357);
// EXTERNAL MODULE: ./src/core/message.ts
var message = __webpack_require__(3252);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/site/report.ts
var site_report = __webpack_require__(9761);
;// CONCATENATED MODULE: ./src/site/annotations.ts




/** GitHub shows at most this many warning annotations of a step (and as many errors). */
const MAX_ANNOTATIONS = 10;
/** Problems the failure message of `verify: error` names. */
const PROBLEMS_IN_ERROR = 5;
const TITLES = {
    index: 'Site check: no index.html',
    pages: 'Site check: pages missing',
    'broken-reference': 'Site check: broken reference',
    fragment: 'Site check: link to a missing fragment',
    address: 'Site check: canonical address on another host',
    sitemap: 'Site check: sitemap',
    'external-origin': 'Site check: loads from another origin',
    'runtime-origin': 'Site check: reaches another origin at run time',
    'runtime-missing': 'Site check: missing at run time',
    'script-error': 'Site check: script error'
};
/**
 * One warning per problem, naming the page. Past GitHub's limit the last annotation says how
 * many more there are and where they are listed, instead of being silently dropped.
 */
function warnProblems(host, report, reportPath, workspace) {
    const { problems } = report;
    const total = report.counts.problems;
    const shown = total > MAX_ANNOTATIONS ? problems.slice(0, MAX_ANNOTATIONS - 1) : problems;
    for (const problem of shown)
        host.warning((0,site_report/* problemLine */.YK)(problem), annotationProperties(problem, report.site, workspace));
    if (total > shown.length) {
        host.warning(`…and ${total - shown.length} more site check problems: every one is in ${reportPath} and the job summary lists the first`, {
            title: 'Site check: more problems'
        });
    }
}
/**
 * The error of `verify: error`: the first problems, their total, and where the rest are. With a
 * baseline, only the new problems count and are named; the known ones are counted.
 */
function siteCheckError(report, reportPath) {
    const { baseline } = report;
    const total = baseline?.new ?? report.counts.problems;
    const listed = report.problems.filter((problem) => !problem.known);
    const first = listed.slice(0, PROBLEMS_IN_ERROR).map((problem) => problem.message);
    const more = total > first.length ? `; …and ${total - first.length} more` : '';
    const noun = `${baseline ? 'new ' : ''}problem${total === 1 ? '' : 's'}`;
    const known = baseline ? `; ${baseline.known} more the baseline has` : '';
    return new errors/* ActionError */.lZ((0,message/* message */.iU) `The site check found ${total} ${noun} in ${report.site} (${(0,message/* input */.hF)('verify', 'error')}${known}): ${first.join('; ')}${more}. Report: ${reportPath}`, {
        code: 'site-problems',
        inSummary: (0,message/* message */.iU) `The site check found ${total} ${noun} (${(0,message/* input */.hF)('verify', 'error')}${known}): each is listed below`
    });
}
/** An annotation names the site's file; GitHub links it when the site lies in the workspace. */
function annotationProperties(problem, site, workspace) {
    const properties = { title: `${TITLES[problem.check]}${problem.known ? ' (known)' : ''}` };
    if (problem.file && workspace) {
        const relative = external_node_path_default().relative(workspace, external_node_path_default().join(site, problem.file));
        if (!relative.startsWith('..') && !external_node_path_default().isAbsolute(relative))
            properties.file = relative.split((external_node_path_default()).sep).join('/');
    }
    return properties;
}

// EXTERNAL MODULE: ./src/site/reader.ts + 5 modules
var site_reader = __webpack_require__(6769);
// EXTERNAL MODULE: ./src/site/resolve.ts
var resolve = __webpack_require__(5267);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/site/browser/find.ts


/** The kinds, in the order they are looked for. */
const BROWSER_KINDS = ['headless shell', 'browser'];
/** Names on the PATH, in the order a Linux runner is likeliest to have them. */
const NAMES = {
    'headless shell': ['chrome-headless-shell', 'chromium-headless-shell'],
    browser: ['google-chrome', 'google-chrome-stable', 'chromium', 'chromium-browser', 'chrome']
};
/** The usual install places, per platform; `%VAR%` is an environment variable. */
const PLACES = {
    'headless shell': { linux: ['/usr/bin/chromium-headless-shell'] },
    browser: {
        linux: [
            '/usr/bin/google-chrome',
            '/opt/google/chrome/chrome',
            '/usr/bin/chromium',
            '/usr/bin/chromium-browser',
            '/snap/bin/chromium'
        ],
        darwin: [
            '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
            '/Applications/Chromium.app/Contents/MacOS/Chromium',
            '%HOME%/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
        ],
        win32: [
            '%PROGRAMFILES%\\Google\\Chrome\\Application\\chrome.exe',
            '%PROGRAMFILES(X86)%\\Google\\Chrome\\Application\\chrome.exe',
            '%LOCALAPPDATA%\\Google\\Chrome\\Application\\chrome.exe',
            '%PROGRAMFILES%\\Chromium\\Application\\chrome.exe'
        ]
    }
};
/**
 * The browser to run: `CHROME_PATH` when it is set (and then only it: a path given on purpose
 * is not silently replaced by another browser), else the first of the usual names on the PATH,
 * a headless shell before a full browser, else the first of the platform's usual install places.
 * `env` is the run's environment, as the caller hands it in; `kinds` narrows the search (tests
 * that run against each kind).
 */
function findBrowser(env, platform = process.platform, kinds = BROWSER_KINDS) {
    const chosen = env.CHROME_PATH?.trim();
    if (chosen)
        return isExecutable(chosen, platform)
            ? { executable: chosen }
            : { reason: `CHROME_PATH (${chosen}) is not an executable file` };
    const folders = (env.PATH ?? env.Path ?? '').split((external_node_path_default()).delimiter).filter(Boolean);
    const suffixes = platform === 'win32' ? ['.exe'] : [''];
    for (const name of kinds.flatMap((kind) => NAMES[kind])) {
        for (const folder of folders) {
            for (const suffix of suffixes) {
                const candidate = external_node_path_default().join(folder, name + suffix);
                if (isExecutable(candidate, platform))
                    return { executable: candidate };
            }
        }
    }
    for (const place of kinds.flatMap((kind) => PLACES[kind][platform] ?? [])) {
        const candidate = place.replace(/%([^%]+)%/g, (_, name) => env[name] ?? '');
        if (!candidate.startsWith('\\') && isExecutable(candidate, platform))
            return { executable: candidate };
    }
    const names = kinds.flatMap((kind) => NAMES[kind].slice(0, 2));
    return {
        reason: `no Chrome or Chromium found (set CHROME_PATH, or install one: ${names.join(', ')} on the PATH)`
    };
}
/**
 * The first browser of each kind on the PATH or in the install places, CHROME_PATH aside: the
 * containment tests and the benchmark run against each kind the machine has.
 */
function findEachKind(env, platform = process.platform) {
    return BROWSER_KINDS.map((kind) => ({
        kind,
        search: findBrowser({ ...env, CHROME_PATH: undefined }, platform, [kind])
    }));
}
function isExecutable(file, platform) {
    try {
        if (!(0,external_node_fs_.statSync)(file).isFile())
            return false;
        if (platform !== 'win32')
            (0,external_node_fs_.accessSync)(file, external_node_fs_.constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./src/site/browser/cdp.ts
class CdpPipe {
    toBrowser;
    nextId = 0;
    pending = new Map();
    listeners = new Set();
    partial = [];
    closed;
    constructor(toBrowser, fromBrowser) {
        this.toBrowser = toBrowser;
        fromBrowser.on('data', (chunk) => this.receive(chunk));
        fromBrowser.on('close', () => this.close(new Error('the browser closed its DevTools connection')));
        fromBrowser.on('error', (error) => this.close(error));
        // A write to a browser that has gone fails its command through close(); the stream error adds nothing.
        toBrowser.on('error', () => undefined);
    }
    /** Sends a command, to a target's session when `sessionId` is given, and resolves with its result. */
    send(method, params = {}, sessionId) {
        if (this.closed)
            return Promise.reject(this.closed);
        const id = ++this.nextId;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { method, resolve: resolve, reject });
            this.toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
        });
    }
    /** Calls `listener` with every event; returns the function that stops it. */
    onEvent(listener) {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }
    /** Fails every command still waiting, and every later one, with `error`. */
    close(error) {
        if (this.closed)
            return;
        this.closed = error;
        for (const pending of this.pending.values())
            pending.reject(new Error(`${pending.method}: ${error.message}`));
        this.pending.clear();
    }
    receive(chunk) {
        let start = 0;
        for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
            this.partial.push(chunk.subarray(start, end));
            const text = Buffer.concat(this.partial).toString('utf8');
            this.partial = [];
            start = end + 1;
            this.dispatch(JSON.parse(text));
        }
        if (start < chunk.length)
            this.partial.push(chunk.subarray(start));
    }
    dispatch(message) {
        if (message.id !== undefined) {
            const pending = this.pending.get(message.id);
            this.pending.delete(message.id);
            if (message.error)
                pending?.reject(new Error(`${pending.method}: ${message.error.message}`));
            else
                pending?.resolve(message.result ?? {});
            return;
        }
        if (!message.method)
            return;
        const event = { method: message.method, params: message.params ?? {}, sessionId: message.sessionId };
        for (const listener of this.listeners)
            listener(event);
    }
}

;// CONCATENATED MODULE: ./src/site/browser/environment.ts

/**
 * The browser's environment: an allowlist, never the whole environment of the run, which holds
 * the runner's tokens (GITHUB_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN, ACTIONS_RUNTIME_TOKEN…), the
 * action's inputs (INPUT_API-KEY) and whatever secrets the workflow put in `env:`. What a browser
 * needs to find its libraries and fonts passes; every folder it writes to is inside its profile.
 */
/** Variables passed as they are. */
const PASSED = [
    // Wrapper scripts (Debian's /usr/bin/chromium) run tools from the PATH.
    'PATH',
    'LANG',
    'LANGUAGE',
    'LC_ALL',
    'LC_CTYPE',
    'TZ',
    // Where the setuid sandbox helper is, on systems that need one.
    'CHROME_DEVEL_SANDBOX',
    // Windows cannot start a process without them.
    'SYSTEMROOT',
    'SystemRoot',
    'WINDIR',
    'PATHEXT'
];
/** The variables that name a temporary folder. */
const TEMPORARY = ['TMPDIR', 'TMP', 'TEMP'];
/** The variables that name a home or a per-user folder, each pointed into the profile. */
const INSIDE_PROFILE = {
    HOME: 'home',
    USERPROFILE: 'home',
    XDG_CONFIG_HOME: 'config',
    XDG_CACHE_HOME: 'cache',
    XDG_DATA_HOME: 'data',
    APPDATA: 'config',
    LOCALAPPDATA: 'data'
};
/** The folders under the profile that the environment names, to be made before the browser starts. */
const PROFILE_FOLDERS = [...new Set(Object.values(INSIDE_PROFILE))];
/** The browser's environment: the allowlist's variables of `environment`, and its folders in `profile` and `temporary`. */
function browserEnvironment(environment, profile, temporary) {
    const result = {};
    for (const name of PASSED) {
        const value = environment[name];
        if (value !== undefined)
            result[name] = value;
    }
    for (const [name, folder] of Object.entries(INSIDE_PROFILE))
        result[name] = external_node_path_default().join(profile, folder);
    for (const name of TEMPORARY)
        result[name] = temporary;
    return result;
}

;// CONCATENATED MODULE: ./src/site/browser/start-failure.ts
/**
 * Why a browser did not start, from what it wrote to its standard error, and what the user can do
 * about it. The text is the browser's: it is cut short and is never more than a reason in a message.
 */
/** A browser that did not get as far as answering over the DevTools protocol. */
class BrowserStartError extends Error {
    hint;
    name = 'BrowserStartError';
    constructor(message, 
    /** What the user can do about it, without naming how the pass is switched off (the caller knows the front end). */
    hint) {
        super(message);
        this.hint = hint;
    }
}
/** Longest excerpt of the browser's own words in a reason. */
const EXCERPT = 300;
/** Lines that say why, in the order they are looked for; any other last line is the fallback. */
const TELLING = [/No usable sandbox/i, /FATAL/, /error while loading shared libraries/i, /cannot execute/i];
const GENERIC_HINT = 'Point CHROME_PATH at a Chrome or Chromium that starts on this machine';
const SANDBOX_HINT = "Ubuntu 23.10 and later (GitHub's ubuntu-24.04 runners among them) let only browsers that have an AppArmor profile use the sandbox: use Google Chrome, which those runners have (/usr/bin/google-chrome, found first when CHROME_PATH is not set), or give this browser an AppArmor profile";
/** The error for a browser that exited before its first answer, from its exit and its standard error. */
function exitedBeforeAnswer(exit, stderr) {
    const lines = stderr
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    if (lines.some((line) => TELLING[0]?.test(line))) {
        return new BrowserStartError(`the browser could not start its sandbox (it said "No usable sandbox") and exited (${exit})`, SANDBOX_HINT);
    }
    const telling = TELLING.map((pattern) => lines.find((line) => pattern.test(line))).find(Boolean) ?? lines.at(-1);
    const said = telling ? `: ${excerpt(telling)}` : ', saying nothing';
    return new BrowserStartError(`the browser exited (${exit}) before it answered${said}`, GENERIC_HINT);
}
/** The error for a browser still silent when its time to answer was up. */
function silentAtStart(seconds) {
    return new BrowserStartError(`the browser did not answer within ${seconds} s of its start`, GENERIC_HINT);
}
function excerpt(line) {
    // Chromium's log prefix ([pid:tid:date:LEVEL:file(line)]) says nothing to the user.
    const text = line.replace(/^\[[^\]]*\]\s*/, '');
    return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
}

;// CONCATENATED MODULE: ./src/site/browser/switches.ts
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
const HOST_RESOLVER_RULES = 'MAP * ~NOTFOUND , EXCLUDE 127.0.0.1';
/**
 * Chromium sends loopback and link-local addresses (127.0.0.0/8, [::1], 169.254/16: the cloud
 * metadata address) past a proxy unless `<-loopback>` takes that implicit rule away.
 */
const PROXY_BYPASS_LIST = '<-loopback>';
/** WebRTC may then use UDP only through a proxy, which a plain HTTP proxy never offers: no STUN, no host candidates, no mDNS. */
const WEBRTC_IP_HANDLING = 'disable_non_proxied_udp';
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
];
/** The command line of a quiet, headless browser that nothing may leave. */
function browserSwitches(options) {
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
    ];
    return options.sandbox ? switches : ['--no-sandbox', ...switches];
}
/**
 * The profile's preferences, written before the browser starts, for what has no switch: no
 * preloading (speculation rules, prefetch, preconnect: "Preload pages" off), WebRTC's UDP as by
 * the switch, and downloads blocked, kept inside the profile should one start all the same.
 */
function profilePreferences(downloads) {
    return {
        net: { network_prediction_options: 2 },
        webrtc: { ip_handling_policy: WEBRTC_IP_HANDLING, multiple_routes_enabled: false, nonproxied_udp_enabled: false },
        download: { default_directory: downloads, prompt_for_download: false },
        download_restrictions: 3,
        signin: { allowed: false },
        safebrowsing: { enabled: false }
    };
}

;// CONCATENATED MODULE: ./src/site/browser/launch.ts








/** The end of the browser's standard error kept to say why it did not start. */
const STDERR_KEPT = 16 * 1024;
/**
 * The longest temporary folder whose Chrome socket (`<folder>/org.chromium.Chromium.XXXXXX/SingletonSocket`,
 * 45 bytes more) still fits in a socket's name.
 */
const MAX_TEMPORARY_PATH = 107 - 45;
/** Longest wait, once a browser that failed to start has closed its pipe, for its exit and the rest of its standard error. */
const EXIT_WAIT_MS = 2000;
async function launchBrowser(executable, options) {
    const startedAt = performance.now();
    const profile = await (0,promises_.mkdtemp)(external_node_path_default().join(options.tempDirectory, 'browser-profile-'));
    const folders = [profile];
    // Chrome's sandbox refuses to start as root (containers); elsewhere it stays on.
    const sandbox = process.getuid?.() !== 0;
    let child;
    try {
        const temporary = await temporaryFolder(profile);
        if (temporary !== external_node_path_default().join(profile, 'tmp'))
            folders.push(temporary);
        await prepareProfile(profile);
        // Its own process group on POSIX, so that close() can end the browser's child processes with it.
        child = (0,external_node_child_process_.spawn)(executable, browserSwitches({ profile, proxy: options.proxy, sandbox }), {
            stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
            detached: process.platform !== 'win32',
            env: browserEnvironment(options.environment, profile, temporary),
            cwd: external_node_path_default().join(profile, 'home')
        });
    }
    catch (error) {
        await removeFolders(folders);
        throw error;
    }
    let stderr = '';
    let keepStderr = true;
    child.stderr?.on('data', (chunk) => {
        if (keepStderr)
            stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    const stderrEnded = new Promise((resolve) => child.stderr?.once('close', () => resolve()));
    let exit = '';
    const exited = new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null)
            resolve();
        else
            child.once('exit', () => resolve());
    });
    const cdp = new CdpPipe(child.stdio[3], child.stdio[4]);
    child.once('error', (error) => cdp.close(error));
    child.once('exit', (code, signal) => {
        exit = signal ?? `code ${code}`;
        cdp.close(new Error(`the browser exited (${exit})`));
    });
    // A run that exits before close() finishes (the runner's cancellation gives it under a second)
    // still ends the browser and removes its profile, synchronously, on its way out.
    const onExit = () => {
        if (isRunning(child))
            kill(child);
        for (const folder of folders)
            (0,external_node_fs_.rmSync)(folder, { recursive: true, force: true, maxRetries: 3 });
    };
    process.once('exit', onExit);
    // The browser is killed, not asked to close: its profile is thrown away, so nothing of its own
    // shutdown (saving its state into the profile) is worth waiting for.
    let closing;
    const close = (now = false) => (closing ??= (() => {
        if (isRunning(child))
            kill(child);
        const finished = exited.then(() => removeFolders(folders)).then(() => void process.off('exit', onExit));
        if (!now)
            return finished;
        // A cancelled run has under a second left to say so: the browser is left to exit, and its
        // profile removed after it, without waiting; onExit finishes both if the process ends first.
        finished.catch(() => undefined);
        return Promise.resolve();
    })());
    const timer = delay(options.timeoutMs);
    let abort = () => undefined;
    const cancelled = new Promise((_, reject) => {
        abort = () => reject(options.signal.reason);
        if (options.signal.aborted)
            abort();
        else
            options.signal.addEventListener('abort', abort, { once: true });
    });
    // Settled or not, the race below is its only reader.
    cancelled.catch(() => undefined);
    try {
        const version = await Promise.race([
            cdp.send('Browser.getVersion').catch(async (error) => {
                // A browser that dies at its start closes the pipe first, then exits; the last of its
                // standard error comes after. Neither holds the answer up for long.
                const wait = delay(EXIT_WAIT_MS);
                await Promise.race([exited.then(() => stderrEnded), wait.done]);
                wait.cancel();
                if (isRunning(child))
                    throw error;
                throw exitedBeforeAnswer(exit, stderr);
            }),
            cancelled,
            timer.done.then(() => {
                throw silentAtStart(Math.round(options.timeoutMs / 1000));
            })
        ]);
        keepStderr = false;
        stderr = '';
        return {
            cdp,
            product: version.product,
            startupMs: Math.round(performance.now() - startedAt),
            sandbox,
            close
        };
    }
    catch (error) {
        await close(options.signal.aborted);
        throw error;
    }
    finally {
        timer.cancel();
        options.signal.removeEventListener('abort', abort);
    }
}
/**
 * The browser's temporary folder: in the profile, unless the profile's path is too long for the
 * Unix socket Chrome makes in it (a socket's name has room for 107 bytes); then a folder of its own
 * in /tmp, removed with the profile.
 */
async function temporaryFolder(profile) {
    const inProfile = external_node_path_default().join(profile, 'tmp');
    if (process.platform === 'win32' || Buffer.byteLength(inProfile) <= MAX_TEMPORARY_PATH) {
        await (0,promises_.mkdir)(inProfile);
        return inProfile;
    }
    return (0,promises_.mkdtemp)('/tmp/browser-tmp-');
}
/** The profile's home and per-user folders and its preferences, before the first start. */
async function prepareProfile(profile) {
    await Promise.all([...PROFILE_FOLDERS, 'Default', 'downloads'].map((folder) => (0,promises_.mkdir)(external_node_path_default().join(profile, folder))));
    await (0,promises_.writeFile)(external_node_path_default().join(profile, 'Default', 'Preferences'), JSON.stringify(profilePreferences(external_node_path_default().join(profile, 'downloads'))));
}
function isRunning(child) {
    return child.exitCode === null && child.signalCode === null;
}
function kill(child) {
    try {
        if (process.platform !== 'win32' && child.pid)
            process.kill(-child.pid, 'SIGKILL');
        else
            child.kill('SIGKILL');
    }
    catch {
        child.kill('SIGKILL');
    }
}
/** The browser's child processes may still hold files for a moment after it exits (Windows locks them). */
async function removeFolders(folders) {
    await Promise.all(folders.map((folder) => (0,promises_.rm)(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })));
}
function delay(ms) {
    let timer;
    const done = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
    return { done, cancel: () => clearTimeout(timer) };
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
;// CONCATENATED MODULE: ./src/site/browser/proxy.ts

async function startRefusingProxy(onRefused) {
    const server = external_node_http_default().createServer((request, response) => {
        onRefused({ target: request.url ?? '', method: request.method ?? 'GET' });
        response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Forbidden');
    });
    // HTTPS, WebSockets and TURN over TCP start with CONNECT.
    server.on('connect', (request, socket) => {
        // The server no longer watches a tunnel's socket: a reset from the browser would be an
        // uncaught error, which ends the run.
        socket.on('error', () => socket.destroy());
        onRefused({ target: request.url ?? '', method: 'CONNECT' });
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    server.on('clientError', (_error, socket) => socket.destroy());
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address();
    return {
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        })
    };
}

;// CONCATENATED MODULE: ./src/site/browser/intercept.ts
/**
 * The answer to every request the browser holds (`Fetch.requestPaused`), from every target: the
 * site's own (on its domain, over http or https) is answered from the site's files as a static
 * host answers it (static-host.ts), so pages keep their real address; every other one is failed as
 * blocked by the client (and recorded for the page of the target's tab from the same event:
 * record.ts). A target outside every tab (the browser's own) gets the same answers.
 */
/** Each page asks for its files as on a first visit, and each request reaches the interception: nothing is cached. */
const CACHE_CONTROL = { name: 'cache-control', value: 'no-store' };
async function answerRequest(cdp, host, resolver, event) {
    const requestId = event.params.requestId;
    const request = event.params.request;
    const url = siteRequestUrl(resolver, request.url);
    try {
        if (url) {
            const answer = await host(request.method, `${url.pathname}${url.search}`);
            const responseHeaders = [{ name: 'content-type', value: answer.contentType }, CACHE_CONTROL];
            await cdp.send('Fetch.fulfillRequest', { requestId, responseCode: answer.status, responseHeaders, body: answer.body.toString('base64') }, event.sessionId);
            return;
        }
        await cdp.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, event.sessionId);
    }
    catch {
        // The page went away (a navigation, a closed tab) before the answer: nobody waits for it any more.
    }
}
/** A request's URL when it is the site's own, which the pass answers; any other is refused. */
function siteRequestUrl(resolver, url) {
    const parsed = URL.parse(url);
    return parsed && resolver.isSiteHost(parsed) ? parsed : undefined;
}

;// CONCATENATED MODULE: ./src/site/browser/handover.ts
/**
 * Which page of a tab the events of its targets count for. A tab goes from one page straight to
 * the next, with no blank page between them (a navigation a page less:
 * docs/decisions/browser-pass-pace.md). Until the next page's own document has committed in the tab's main frame, whatever the
 * tab's targets do is the page before's (its scripts run until then) or the new document's request
 * itself, and counts for no page. The commit is known by the navigation's loader id, which
 * `Page.navigate` answers with; the answer can come after the commit and after the new document's
 * first requests, which are then held until it says whose they are.
 */
class PageHandover {
    mainFrame;
    constructor(
    /** The id of the tab's main frame (its page target's). */
    mainFrame) {
        this.mainFrame = mainFrame;
    }
    /** The page whose events are recorded now. */
    current;
    /** The page being navigated to, its navigation's loader id once answered, and what came since a commit before the answer. */
    next;
    /** `visit`'s navigation is about to be sent: the page before has ended. */
    begin(visit) {
        this.current = undefined;
        this.next = { visit };
    }
    /**
     * `Page.navigate` answered for the page begun, with the loader id of its navigation. Without one
     * (no new document), the page's events count from now on: none is lost for lack of a commit.
     */
    navigated(loaderId) {
        const next = this.next;
        if (!next)
            return;
        if (loaderId === undefined)
            return this.start(next.visit, []);
        next.loaderId = loaderId;
        const held = next.held;
        next.held = undefined;
        if (held?.loaderId === loaderId)
            this.start(next.visit, held.events);
    }
    /** The page has ended: what comes now counts for no page. */
    end() {
        this.current = undefined;
        this.next = undefined;
    }
    /** An event of one of the tab's targets. */
    take(event) {
        const next = this.next;
        if (!next)
            return this.current?.record(event);
        const committed = mainFrameCommit(event, this.mainFrame);
        if (committed === undefined)
            return void next.held?.events.push(event);
        if (next.loaderId === undefined)
            next.held = { loaderId: committed, events: [] };
        else if (committed === next.loaderId)
            this.start(next.visit, []);
    }
    start(visit, held) {
        this.next = undefined;
        this.current = visit;
        for (const event of held)
            visit.record(event);
    }
}
/** The loader id of a document committed in the tab's main frame, if that is what `event` says. */
function mainFrameCommit(event, mainFrame) {
    if (event.method !== 'Page.frameNavigated')
        return undefined;
    const frame = event.params.frame;
    if (frame?.id !== mainFrame || frame.parentId !== undefined || typeof frame.loaderId !== 'string')
        return undefined;
    return frame.loaderId;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/site/browser/page-timers.ts
/**
 * What a page has scheduled to run later: its timers, intervals, animation frames and idle
 * callbacks, counted by a part of the page hook (page-hook.ts) so that the pass can ask, once a
 * page has had no request open for a moment, whether it has work due soon. A page with none has
 * settled without waiting out the whole quiet window; a page with some (a poll, a deferred fetch)
 * is waited for as before. The answer comes from the page's own world, which the page could
 * tamper with: at worst it cuts its own visit short, as a page that waits longer already can;
 * nothing of the containment depends on it.
 */
/**
 * The part of the hook that counts what is scheduled, under a name no page can know in advance.
 * It defines `globalThis[name](withinMs)`, true while an animation frame or idle callback is
 * pending or a timer is due within `withinMs`, in this frame or a frame of the same origin in it.
 */
function timersSource(name) {
    const key = JSON.stringify(name);
    return `(() => {
  const clock = globalThis.performance;
  if (!clock || typeof clock.now !== 'function') return;
  const now = clock.now.bind(clock);
  const due = new Map();
  const animationFrames = new Set();
  const idleCallbacks = new Set();
  const wrapTimer = (setName, repeats) => {
    const original = globalThis[setName];
    if (typeof original !== 'function') return;
    globalThis[setName] = function (handler, delay, ...rest) {
      if (typeof handler !== 'function') return original.apply(this, arguments);
      // As the browser reads it (a WebIDL long): 2 ** 31 ms wraps to a negative delay, so runs at once.
      const ms = Math.max(0, Number(delay) | 0);
      let id;
      const run = function () {
        if (repeats) due.set(id, now() + ms);
        else due.delete(id);
        return handler.apply(this, arguments);
      };
      id = original.call(this, run, ms, ...rest);
      due.set(id, now() + ms);
      return id;
    };
  };
  const wrapClear = (clearName) => {
    const original = globalThis[clearName];
    if (typeof original !== 'function') return;
    globalThis[clearName] = function (id) {
      due.delete(Number(id));
      return original.apply(this, arguments);
    };
  };
  const wrapCallback = (requestName, cancelName, pending) => {
    const request = globalThis[requestName];
    const cancel = globalThis[cancelName];
    if (typeof request !== 'function') return;
    globalThis[requestName] = function (callback) {
      if (typeof callback !== 'function') return request.apply(this, arguments);
      let id;
      const args = [...arguments];
      args[0] = function () {
        pending.delete(id);
        return callback.apply(this, arguments);
      };
      id = request.apply(this, args);
      pending.add(id);
      return id;
    };
    if (typeof cancel === 'function')
      globalThis[cancelName] = function (id) {
        pending.delete(id);
        return cancel.apply(this, arguments);
      };
  };
  wrapTimer('setTimeout', false);
  wrapTimer('setInterval', true);
  wrapClear('clearTimeout');
  wrapClear('clearInterval');
  wrapCallback('requestAnimationFrame', 'cancelAnimationFrame', animationFrames);
  wrapCallback('requestIdleCallback', 'cancelIdleCallback', idleCallbacks);
  const children = globalThis.frames;
  Object.defineProperty(globalThis, ${key}, {
    value: (withinMs) => {
      if (animationFrames.size > 0 || idleCallbacks.size > 0) return true;
      const limit = now() + withinMs;
      for (const at of due.values()) if (at <= limit) return true;
      for (let i = 0; i < (children ? children.length : 0); i++) {
        try {
          if (children[i][${key}](withinMs) !== false) return true;
        } catch {}
      }
      return false;
    }
  });
})();`;
}
/**
 * Whether the page of a tab has work due within `withinMs` (timersSource). Anything but a plain
 * "no" (the hook missing, the page gone, an answer the page forged into something else) is a yes:
 * the page is then waited for as if it had said so.
 */
async function workDueSoon(cdp, sessionId, name, withinMs) {
    try {
        const answer = await cdp.send('Runtime.evaluate', { expression: `globalThis[${JSON.stringify(name)}](${withinMs})`, returnByValue: true, silent: true }, sessionId);
        return answer.exceptionDetails !== undefined || answer.result?.value !== false;
    }
    catch {
        return true;
    }
}

;// CONCATENATED MODULE: ./src/site/browser/page-hook.ts


/** The worker types, as the DevTools protocol names their targets, that the hook reports the start of. */
const WORKER_KINDS = ['worker', 'shared_worker', 'service_worker'];
const KINDS = new Set(['webrtc', 'registered', ...WORKER_KINDS]);
const MAX_URLS = 20;
const MAX_URL_LENGTH = 500;
/** How a worker is known, from its target or from the hook's report: its type, and its script's URL as far as the hook reports it. */
function workerKey(type, url) {
    return `${type} ${url.slice(0, MAX_URL_LENGTH)}`;
}
/** Names no page can know in advance. */
function hookNames() {
    const name = () => `__siteCheck${(0,external_node_crypto_.randomBytes)(12).toString('hex')}`;
    return { binding: name(), timers: name() };
}
/** The hook's source for its names. */
function hookSource({ binding, timers }) {
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
})();`;
}
/** The hook's report from a binding call's payload, which the page could have forged: read with care. */
function readHookReport(payload) {
    if (typeof payload !== 'string' || payload.length > MAX_URLS * (MAX_URL_LENGTH + 10) + 100)
        return undefined;
    let value;
    try {
        value = JSON.parse(payload);
    }
    catch {
        return undefined;
    }
    if (typeof value !== 'object' || value === null)
        return undefined;
    const { kind, urls } = value;
    if (!KINDS.has(kind) || !Array.isArray(urls))
        return undefined;
    const strings = urls
        .filter((url) => typeof url === 'string' && url.length > 0 && url.length <= MAX_URL_LENGTH)
        .slice(0, MAX_URLS);
    return strings.length > 0 ? { kind: kind, urls: strings } : undefined;
}

;// CONCATENATED MODULE: ./src/site/browser/decode.ts
/** The first frame with an address, through async parents (a fetch() in a then() callback). */
function firstFrame(stack) {
    for (let trace = stack; trace; trace = trace.parent) {
        const frame = trace.callFrames.find((candidate) => candidate.url);
        if (frame)
            return frame;
    }
    return undefined;
}
/** `script /app.js:1:191`, `parser /guides/intro:12`, `other`. */
function describeInitiator(initiator, short) {
    if (!initiator)
        return 'other';
    const frame = firstFrame(initiator.stack);
    if (frame)
        return `${initiator.type} ${short(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    if (initiator.url)
        return `${initiator.type} ${short(initiator.url)}${initiator.lineNumber === undefined ? '' : `:${initiator.lineNumber + 1}`}`;
    return initiator.type;
}
/** Chrome's words for an import() or a module script that could not be fetched. */
const MODULE_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;
function scriptError(page, details, short) {
    const description = details.exception?.description?.split('\n')[0];
    const message = description
        ? `${details.text.replace(/\s*$/, '')} ${description}`.replace(/^Uncaught Uncaught/, 'Uncaught')
        : details.text;
    const frame = firstFrame(details.stackTrace);
    const url = frame?.url ?? details.url;
    const line = frame ? frame.lineNumber : details.lineNumber;
    const column = frame ? frame.columnNumber : details.columnNumber;
    return {
        page,
        kind: MODULE_FAILURE.test(message) ? 'module' : 'exception',
        message,
        source: url ? `${short(url)}:${(line ?? 0) + 1}:${(column ?? 0) + 1}` : null
    };
}
/** A resource type from an event, `Other` when it has none. */
function resourceType(value) {
    return typeof value === 'string' ? value : 'Other';
}
/** Speculation rules a page may hold, read as far as they name URLs. */
const SPECULATION_ACTIONS = {
    prefetch: 'Prefetch',
    prefetch_with_subresources: 'Prefetch',
    prerender: 'Prerender'
};
/** URLs read from one rule set at most. */
const MAX_SPECULATION_URLS = 100;
/**
 * The URLs that a speculation rule set (the text of a `<script type="speculationrules">`) lists,
 * resolved against `base`, with what it asks for them: `Prefetch` or `Prerender`. Document rules
 * (`where`) name no URL and are not read; neither is text that is not a rule set.
 */
function speculationUrls(sourceText, base) {
    let rules;
    try {
        rules = JSON.parse(sourceText);
    }
    catch {
        return [];
    }
    if (typeof rules !== 'object' || rules === null)
        return [];
    const found = [];
    for (const [action, type] of Object.entries(SPECULATION_ACTIONS)) {
        const list = rules[action];
        if (!Array.isArray(list))
            continue;
        for (const rule of list) {
            const urls = typeof rule === 'object' && rule !== null ? rule.urls : undefined;
            if (!Array.isArray(urls))
                continue;
            for (const url of urls) {
                if (found.length >= MAX_SPECULATION_URLS)
                    return found;
                const parsed = typeof url === 'string' ? URL.parse(url, base) : null;
                if (parsed)
                    found.push({ url: parsed.href, type });
            }
        }
    }
    return found;
}

;// CONCATENATED MODULE: ./src/site/browser/tab.ts
/**
 * Not the protocol's: the event the pass gives the pages a worker counts for once the worker has
 * run its first task (its script), with the worker's session as `params.sessionId`. The pages
 * learn of the worker from its `Target.attachedToTarget`, which they are given too, and wait for
 * it until this or its `Target.detachedFromTarget` (targets.ts).
 */
const TARGET_STARTED = 'Target.started';

;// CONCATENATED MODULE: ./src/site/browser/shared-workers.ts


/**
 * Shared and service workers: the browser attaches them on its own, not as a page's, and any page
 * of their origin may use one. Each counts for the pages that started or connected to it, as
 * their hook says (page-hook.ts) or their request for its script shows, for as long as each page
 * is loaded; and a page that comes to a worker later is given first what the worker did before,
 * so that which tab's page came first changes nothing in the report. Workers are known by their
 * type and script: two pages that start `new SharedWorker('/w.js')` share one worker, and a
 * service worker started again (it stops when idle) is the same one.
 */
/** Workers that any page of their origin may use, as the DevTools protocol names their targets. */
const SHARED_KINDS = new Set(['shared_worker', 'service_worker']);
/** Events kept of the workers of one script, for the pages that claim it later: at most this many. */
const LOG_KEPT = 2_000;
/** Scripts remembered at most; beyond, one that no page claims and no worker runs is forgotten. */
const SCRIPTS_KEPT = 1_000;
class SharedWorkers {
    scripts = new Map();
    /** What each page claimed, to release it when the page ends. */
    claims = new Map();
    /** Scripts each page asked for, which a shared worker that attaches later may be running. */
    asked = new Map();
    /**
     * The page started or connected to the worker of `type` at `url`: it is given what that worker
     * did so far (its workers attached now first, so that it waits for those still starting), and
     * what it does until the page is released.
     */
    claim(page, type, url) {
        const script = this.script(workerKey(type, url));
        if (script.pages.has(page))
            return;
        script.pages.add(page);
        let claimed = this.claims.get(page);
        if (!claimed)
            this.claims.set(page, (claimed = new Set()));
        claimed.add(script);
        for (const notices of script.running.values())
            for (const notice of notices)
                page.record(notice);
        for (const event of script.log)
            page.record(event);
    }
    /**
     * The page asked for `url`: a shared worker running that script, now or once it attaches, was
     * started by it, whether or not its hook saw the start.
     */
    requested(page, url) {
        const key = workerKey('shared_worker', url);
        if (this.scripts.get(key)?.running.size)
            return this.claim(page, 'shared_worker', url);
        let urls = this.asked.get(page);
        if (!urls)
            this.asked.set(page, (urls = new Set()));
        urls.add(key);
    }
    /** The page has ended: no worker counts for it any more. */
    release(page) {
        for (const script of this.claims.get(page) ?? [])
            script.pages.delete(page);
        this.claims.delete(page);
        this.asked.delete(page);
    }
    /**
     * An event of a shared or service worker (`owner`), or of a worker it started, its attach, start
     * and detach notices included (targets.ts): kept, and given to each page it counts for.
     */
    take(owner, event) {
        const key = workerKey(owner.type, owner.url);
        const script = this.script(key);
        const subject = event.params.sessionId;
        switch (event.method) {
            case 'Target.attachedToTarget':
                script.running.set(subject, [event]);
                break;
            case TARGET_STARTED:
                script.running.get(subject)?.push(event);
                break;
            case 'Target.detachedFromTarget':
                script.running.delete(subject);
                break;
            default:
                keep(script, event);
        }
        for (const page of script.pages)
            page.record(event);
        if (event.method === 'Target.attachedToTarget' && owner.type === 'shared_worker')
            for (const [page, keys] of this.asked)
                if (keys.has(key))
                    this.claim(page, owner.type, owner.url);
    }
    script(key) {
        let script = this.scripts.get(key);
        if (script)
            return script;
        if (this.scripts.size >= SCRIPTS_KEPT) {
            for (const [other, kept] of this.scripts)
                if (kept.pages.size === 0 && kept.running.size === 0) {
                    this.scripts.delete(other);
                    break;
                }
        }
        script = { log: [], openInLog: new Set(), pages: new Set(), running: new Map() };
        this.scripts.set(key, script);
        return script;
    }
}
/** Keeps an event of the script's workers in its log, within LOG_KEPT. */
function keep(script, event) {
    const requestId = typeof event.params.requestId === 'string' ? event.params.requestId : undefined;
    const ends = event.method === 'Network.loadingFinished' || event.method === 'Network.loadingFailed';
    if (script.log.length >= LOG_KEPT && !(ends && requestId !== undefined && script.openInLog.has(requestId)))
        return;
    script.log.push(event);
    if (requestId === undefined)
        return;
    if (event.method === 'Network.requestWillBeSent')
        script.openInLog.add(requestId);
    else if (ends)
        script.openInLog.delete(requestId);
}

;// CONCATENATED MODULE: ./src/site/browser/record.ts





/**
 * A page has settled when it has had its load event and no request has been open for this long: a
 * page whose requests follow each other closer than this (a poll every 100 ms, with room for a
 * loaded machine's late timers) never settles, and is reported as busy when its time is up. 150 ms
 * let such a page settle between two polls on a loaded machine (the e2e test's busy page).
 */
const QUIET_MS = 500;
/**
 * A page that has nothing scheduled within QUIET_MS (page-timers.ts) has settled sooner: once no
 * request has been open for this long, room for a response's script to ask for the next one.
 */
const SHORT_QUIET_MS = 100;
/** Paths the browser asks for on its own, not the page: a 404 for them is no finding. */
const BROWSER_OWN = new Set(['/favicon.ico']);
/** Targets that are workers, as the protocol names their types: a page waits for those it started. */
const WORKER_TYPES = new Set(WORKER_KINDS);
class Visit {
    page;
    resolver;
    sharedWorkers;
    startedAt = Date.now();
    /** Requests not yet finished, by request id, with their URL. */
    open = new Map();
    requests = new Map();
    refused = [];
    notFound = [];
    renderedMissing = [];
    errors = [];
    lastActivity = Date.now();
    /** The navigation of the page, once Page.navigate has answered, and the navigations that reached their load event. */
    loaderId;
    loadedLoaders = new Set();
    /** The page's address on the site's domain. */
    url;
    /** Workers that count for the page and are attached now, by session, with their script. */
    workers = new Map();
    /** Those of them that have not yet run their first task. */
    starting = new Set();
    /**
     * Workers the page's hook said it started, by workerKey, less those attached since: the page
     * waits while any is above 0. The hook's report and the browser's attach come by different
     * ways, in either order.
     */
    due = new Map();
    /** Service worker registrations the page asked for and the hook has not yet said are settled, by script. */
    registering = new Map();
    constructor(page, resolver, 
    /** The shared and service workers of the pass, which count for the pages that start them. */
    sharedWorkers) {
        this.page = page;
        this.resolver = resolver;
        this.sharedWorkers = sharedWorkers;
        this.url = resolver.pageUrl(page);
    }
    /** Resolved at the next change of the page's load state or of its open requests. */
    changes = [];
    /**
     * How long the page has had its load event, no request open and no worker starting; -1 while it
     * has not, or has one.
     */
    quietFor() {
        return this.loaded() && this.open.size === 0 && this.pendingWorkers().length === 0
            ? Date.now() - this.lastActivity
            : -1;
    }
    /**
     * The scripts of the workers the page waits for: started by it and not yet attached, attached
     * and not yet through their first task, or service workers whose registration has not settled.
     */
    pendingWorkers() {
        const pending = [...this.starting].map((id) => this.workers.get(id) ?? '');
        for (const [key, count] of this.due)
            if (count > 0)
                pending.push(key.slice(key.indexOf(' ') + 1));
        for (const [url, count] of this.registering)
            if (count > 0)
                pending.push(url);
        return pending;
    }
    /** Whether a worker counts for the page now: what it has scheduled is not known, so the page may have work due. */
    hasWorkers() {
        return this.workers.size > 0;
    }
    /** The next change of the page's load state or of its open requests. */
    nextChange() {
        return new Promise((resolve) => this.changes.push(resolve));
    }
    /** Something happened on the page: its quiet starts again, and whoever waits for a change is woken. */
    touch() {
        this.lastActivity = Date.now();
        const waiting = this.changes;
        if (waiting.length === 0)
            return;
        this.changes = [];
        for (const resolve of waiting)
            resolve();
    }
    /** Whether this page's own navigation (not one before it in the tab) has had its load event. */
    loaded() {
        return this.loaderId !== undefined && this.loadedLoaders.has(this.loaderId);
    }
    /** A URL as the report shows it: the site's own as a path, any other as it is. */
    short = (url) => {
        const parsed = URL.parse(url);
        return parsed && this.resolver.isSiteHost(parsed) ? `${parsed.pathname}${parsed.search}` : url;
    };
    result() {
        const known = (key) => (key ? this.requests.get(key) : undefined);
        const loads = this.refused.map((load) => ({
            page: this.page,
            url: load.url,
            // The network's type tells a fetch() from an XMLHttpRequest, which interception calls both XHR.
            type: known(load.key)?.type ?? load.type,
            initiator: load.initiator ?? known(load.key)?.initiator ?? 'other'
        }));
        return {
            loads,
            missing: this.notFound.map((miss) => ({
                page: this.page,
                url: miss.url,
                type: miss.type,
                initiator: known(miss.key)?.initiator ?? 'other'
            })),
            renderedMissing: this.renderedMissing,
            errors: this.errors,
            durationMs: Date.now() - this.startedAt
        };
    }
    record(event) {
        const { params } = event;
        const key = () => String(params.requestId);
        switch (event.method) {
            case 'Fetch.requestPaused': {
                // A request the interception refuses (intercept.ts). Its network id is the request id of
                // its Network events, which may come from another target than the interception (a
                // dedicated worker's requests are held by its page's).
                const { url } = params.request;
                if (siteRequestUrl(this.resolver, url))
                    return;
                this.refused.push({
                    key: params.networkId,
                    url,
                    type: resourceType(params.resourceType)
                });
                return;
            }
            case 'Page.lifecycleEvent':
                if (params.name === 'load') {
                    this.loadedLoaders.add(params.loaderId);
                    this.touch();
                }
                return;
            case 'Network.requestWillBeSent': {
                const request = params.request;
                this.sharedWorkers.requested(this, request.url);
                this.open.set(key(), request.url);
                this.requests.set(key(), {
                    type: resourceType(params.type),
                    initiator: describeInitiator(params.initiator, this.short)
                });
                this.touch();
                return;
            }
            case 'Network.loadingFinished':
            case 'Network.loadingFailed':
                this.open.delete(key());
                this.touch();
                return;
            case 'Network.responseReceived': {
                const response = params.response;
                const url = URL.parse(response.url);
                const type = resourceType(params.type);
                if (response.status === 404 &&
                    url &&
                    this.resolver.isSiteHost(url) &&
                    !(type === 'Other' && BROWSER_OWN.has(url.pathname))) {
                    this.notFound.push({ key: key(), url: this.short(response.url), type });
                }
                return;
            }
            case 'Network.webSocketCreated':
                return this.elsewhere(params.url, 'WebSocket', describeInitiator(params.initiator, this.short));
            case 'Network.webTransportCreated':
                return this.elsewhere(params.url, 'WebTransport', describeInitiator(params.initiator, this.short));
            case 'Preload.ruleSetUpdated': {
                const ruleSet = params.ruleSet;
                if (typeof ruleSet.sourceText !== 'string')
                    return;
                const base = typeof ruleSet.url === 'string' ? ruleSet.url : this.url;
                for (const { url, type } of speculationUrls(ruleSet.sourceText, base))
                    this.elsewhere(url, type, 'speculation rules');
                return;
            }
            case 'Runtime.bindingCalled': {
                const report = readHookReport(params.payload);
                if (!report)
                    return;
                for (const url of report.urls) {
                    if (report.kind === 'webrtc')
                        this.elsewhere(url, 'WebRTC', 'script (RTCPeerConnection)');
                    else
                        this.workerReported(report.kind, url);
                }
                return;
            }
            case 'Page.windowOpen':
                // The pass closes every window a page opens before it loads anything (targets.ts).
                return this.elsewhere(params.url, 'Popup', 'other');
            case 'Target.attachedToTarget': {
                const info = params.targetInfo;
                if (!WORKER_TYPES.has(info.type) || typeof info.type !== 'string' || typeof info.url !== 'string')
                    return;
                const id = String(params.sessionId);
                this.workers.set(id, info.url);
                this.starting.add(id);
                count(this.due, workerKey(info.type, info.url), -1);
                return this.touch();
            }
            case TARGET_STARTED:
                this.starting.delete(String(params.sessionId));
                return this.touch();
            case 'Target.detachedFromTarget': {
                const id = String(params.sessionId);
                if (!this.workers.delete(id))
                    return;
                this.starting.delete(id);
                return this.touch();
            }
            case 'Runtime.exceptionThrown':
                this.errors.push(scriptError(this.page, params.exceptionDetails, this.short));
                return;
        }
    }
    /** The page's hook said it started a worker, or that a service worker it registered has settled. */
    workerReported(kind, url) {
        if (kind === 'worker' || kind === 'shared_worker')
            count(this.due, workerKey(kind, url), 1);
        else
            count(this.registering, url, kind === 'registered' ? -1 : 1);
        if (SHARED_KINDS.has(kind))
            this.sharedWorkers.claim(this, kind, url);
        this.touch();
    }
    /** Something tried without a request the interception saw: recorded when it is not the site's own. */
    elsewhere(target, type, initiator) {
        if (typeof target !== 'string' || target === '')
            return;
        const url = URL.parse(target);
        if (url && this.resolver.isSiteHost(url))
            return;
        this.refused.push({ url: target, type, initiator });
    }
}
function count(counts, key, by) {
    counts.set(key, (counts.get(key) ?? 0) + by);
}

// EXTERNAL MODULE: ./src/site/html.ts + 1 modules
var html = __webpack_require__(8163);
;// CONCATENATED MODULE: ./src/site/browser/rendered.ts

/**
 * The links and resources of a page as its scripts left it, checked against the site as the static
 * check checks its HTML: a link a script added (a menu, a list built from JSON) that the site does
 * not have is a broken link the static check cannot see. Attributes are read in a world of the
 * pass's own (`Page.createIsolatedWorld`), where nothing the page defined can answer for the DOM.
 */
/** The initiator of what is found among the rendered page's links: no request started it. */
const RENDERED_PAGE = 'rendered page';
/** What is read, as the static check names its sources. */
const READ = [
    ['a[href]', 'href'],
    ['area[href]', 'href'],
    ['link[href]', 'href'],
    ['script[src]', 'src'],
    ['img[src]', 'src'],
    ['img[srcset]', 'srcset'],
    ['source[src]', 'src'],
    ['source[srcset]', 'srcset'],
    ['video[src]', 'src'],
    ['video[poster]', 'poster'],
    ['audio[src]', 'src'],
    ['track[src]', 'src'],
    ['iframe[src]', 'src'],
    ['embed[src]', 'src'],
    ['object[data]', 'data']
];
/** `link` relations that name an origin, not a file. */
const CONNECT_RELATIONS = /(^|\s)(preconnect|dns-prefetch)(\s|$)/i;
/** References read from one page at most, and the longest one read. */
const MAX_REFERENCES = 10_000;
const MAX_LENGTH = 4096;
/** The expression evaluated in the page's isolated world: the references and the document's base. */
function readExpression() {
    return `(() => {
  const read = ${JSON.stringify(READ)};
  const found = [];
  for (const [selector, attribute] of read) {
    for (const element of document.querySelectorAll(selector)) {
      if (found.length >= ${MAX_REFERENCES}) break;
      if (element.localName === 'link' && ${CONNECT_RELATIONS}.test(element.getAttribute('rel') || '')) continue;
      const value = element.getAttribute(attribute);
      if (value !== null && value.length <= ${MAX_LENGTH}) found.push([selector, value]);
    }
  }
  for (const element of document.querySelectorAll('use, image')) {
    if (found.length >= ${MAX_REFERENCES}) break;
    const value = element.getAttribute('href') ?? element.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
    if (value !== null && value.length <= ${MAX_LENGTH}) found.push([element.localName + '[href]', value]);
  }
  return { base: document.baseURI, found };
})()`;
}
/** Reads the rendered references of the page in the tab's main frame. */
async function readRenderedReferences(cdp, sessionId, frameId) {
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId, worldName: 'site-check' }, sessionId);
    const { result } = await cdp.send('Runtime.evaluate', { expression: readExpression(), contextId: executionContextId, returnByValue: true }, sessionId);
    const value = result.value;
    const base = typeof value?.base === 'string' ? value.base : '';
    const references = [];
    if (Array.isArray(value?.found)) {
        for (const entry of value.found) {
            if (!Array.isArray(entry))
                continue;
            const [source, text] = entry;
            if (typeof source === 'string' && typeof text === 'string')
                references.push({ source, value: text });
        }
    }
    return { base, references };
}
/**
 * The rendered references of `page` that point into the site at a path it does not have, once per
 * path and source: `url` is the decoded site path, `type` where the page holds it (`a[href]`).
 */
function missingRendered(page, rendered, resolver, site) {
    const missing = new Map();
    for (const { source, value } of rendered.references) {
        const urls = source.endsWith('[srcset]') ? (0,html/* srcsetUrls */.rZ)(value) : [value];
        for (const url of urls) {
            const target = resolver.resolve(url, rendered.base);
            if (target.kind !== 'internal' || site.lookup(target.path))
                continue;
            const key = `${source} ${target.path}`;
            if (!missing.has(key))
                missing.set(key, { page, url: target.path, type: source, initiator: RENDERED_PAGE });
        }
    }
    return [...missing.values()];
}

;// CONCATENATED MODULE: ./src/site/browser/targets.ts



/**
 * Every target of the browser, attached as it starts and held until its requests are intercepted:
 * pages, frames, prerendered pages, and workers of every kind, dedicated, shared and service
 * workers included, whose requests the pages' interception never sees. Auto-attach is set on the
 * browser (`Target.setAutoAttach` with `flatten` and `waitForDebuggerOnStart`) and again on each
 * attached target, for the targets it starts; each new target waits until `Fetch.enable` has been
 * answered on it, and only then is let run (`Runtime.runIfWaitingForDebugger`). A popup is closed
 * before it runs: a reader's browser blocks a window that no click opened, and the pass clicks
 * nothing; the page's attempt is recorded from `Page.windowOpen` (record.ts).
 *
 * Each target's events count for pages: a tab's page and its frames, and the workers they start,
 * for the page the tab is loading (handover.ts); a shared or service worker, and the workers it
 * starts, for the pages that started or connected to it (shared-workers.ts). Those pages are told
 * of a worker as it attaches, and again once it has run its first task, its script (a command sent
 * to a worker is answered only after the task it runs), or has gone: until then they are busy.
 */
/** Auto-attach on every target but the browser itself, its tabs (their pages are attached) and Chrome's own UI. */
const AUTO_ATTACH = {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: true,
    filter: [
        { type: 'browser', exclude: true },
        { type: 'tab', exclude: true },
        { type: 'browser_ui', exclude: true },
        {}
    ]
};
/** Types of target that load documents: they get the page domains, the dialog handling and the page hook. */
const DOCUMENTS = new Set(['page', 'iframe']);
const WORKERS = new Set(WORKER_KINDS);
class TargetWatcher {
    cdp;
    hook;
    onEvent;
    sessions = new Map();
    /** The session the pass keeps for each target: a target attached twice (by the browser and by its page) is watched once. */
    kept = new Map();
    /** Targets watched and running, by target id. */
    ready = new Map();
    tabs = new Map();
    pending = new Map();
    stopListening = () => undefined;
    /** The page hook's source, made once: the same for every target of the pass. */
    hookScript;
    /** The shared and service workers, and the pages each counts for. */
    sharedWorkers = new SharedWorkers();
    constructor(cdp, 
    /** The names of the page hook's binding and answers (page-hook.ts). */
    hook, 
    /** Every event of an attached target, with its session, to be answered. */
    onEvent) {
        this.cdp = cdp;
        this.hook = hook;
        this.onEvent = onEvent;
        this.hookScript = hookSource(hook);
    }
    async start() {
        this.stopListening = this.cdp.onEvent((event) => {
            if (event.method === 'Target.attachedToTarget')
                return void this.attach(event);
            if (event.method === 'Target.detachedFromTarget')
                return this.detach(event);
            const session = event.sessionId ? this.sessions.get(event.sessionId) : undefined;
            if (!session)
                return;
            this.onEvent(event, session);
            this.record(session, event);
        });
        await this.cdp.send('Target.setAutoAttach', AUTO_ATTACH);
    }
    stop() {
        this.stopListening();
    }
    /** A tab's page, whose targets count for the tab from now on. */
    addTab(tab) {
        this.tabs.set(tab.targetId, tab);
    }
    removeTab(tab) {
        this.tabs.delete(tab.targetId);
    }
    /** The session of a target once it is attached, watched, and running. */
    attached(targetId) {
        const session = this.ready.get(targetId);
        if (session)
            return Promise.resolve(session);
        return new Promise((resolve) => this.pending.set(targetId, resolve));
    }
    async attach(event) {
        const id = event.params.sessionId;
        const info = event.params.targetInfo;
        const { cdp } = this;
        if (info.type === 'page' && info.openerId !== undefined) {
            // Closed while still held at its start, a popup kept its opener's renderer (which it may
            // share) waiting, and the opener never finished loading. It is let run with every request
            // held, which no session of the pass answers, and closed: it loads nothing.
            await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, id).catch(() => undefined);
            await cdp.send('Runtime.runIfWaitingForDebugger', {}, id).catch(() => undefined);
            await cdp.send('Target.closeTarget', { targetId: info.targetId }).catch(() => undefined);
            return;
        }
        if (this.kept.has(info.targetId)) {
            await cdp.send('Runtime.runIfWaitingForDebugger', {}, id).catch(() => undefined);
            await cdp.send('Target.detachFromTarget', { sessionId: id }, event.sessionId).catch(() => undefined);
            return;
        }
        const session = { id, targetId: info.targetId, type: info.type, url: info.url, parentId: event.sessionId };
        this.sessions.set(id, session);
        this.kept.set(info.targetId, id);
        // The pages it counts for learn of it before it runs, and wait for it from now on.
        this.record(session, { ...event, sessionId: id });
        // Nothing the target asks for may pass before this is answered; a target that has no Fetch
        // domain of its own (a dedicated worker) sends its requests through its page's.
        await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, id).catch(() => undefined);
        const commands = [cdp.send('Target.setAutoAttach', AUTO_ATTACH, id)];
        if (DOCUMENTS.has(info.type)) {
            commands.push(cdp.send('Page.enable', {}, id), 
            // Lifecycle events name their navigation: the load event of the page, not of the one before it.
            cdp.send('Page.setLifecycleEventsEnabled', { enabled: true }, id), cdp.send('Preload.enable', {}, id), cdp.send('Runtime.addBinding', { name: this.hook.binding }, id), cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: this.hookScript }, id));
        }
        await Promise.allSettled(commands);
        // A worker answers these only once it runs: they are sent before it does, not waited for.
        for (const domain of ['Network', 'Runtime'])
            cdp.send(`${domain}.enable`, {}, id).catch(() => undefined);
        await cdp.send('Runtime.runIfWaitingForDebugger', {}, id).catch(() => undefined);
        if (this.sessions.get(id) !== session)
            return;
        if (WORKERS.has(info.type))
            this.awaitFirstTask(session);
        this.ready.set(info.targetId, session);
        this.pending.get(info.targetId)?.(session);
        this.pending.delete(info.targetId);
    }
    /**
     * Tells the pages a worker counts for once it has run its first task: an evaluation is answered
     * only after the task the worker is running, and the events of that task (its script's requests)
     * come before the answer. A worker that never answers is told of by its detach.
     */
    awaitFirstTask(session) {
        const started = () => {
            if (this.sessions.get(session.id) !== session)
                return;
            this.record(session, { method: TARGET_STARTED, params: { sessionId: session.id }, sessionId: session.id });
        };
        this.cdp.send('Runtime.evaluate', { expression: '0', silent: true }, session.id).then(started, () => undefined);
    }
    /** Gives an event of a target (or a notice about it) to the pages it counts for. */
    record(session, event) {
        const owner = (session.owner ??= this.ownerOf(session));
        if (!owner)
            return;
        if (SHARED_KINDS.has(owner.type))
            this.sharedWorkers.take(owner, event);
        else
            this.tabs.get(owner.targetId)?.pages.take(event);
    }
    /**
     * The target whose pages a target counts for, when it can be told yet: the nearest of itself and
     * the targets that attached it that is a shared or service worker, or a tab's page.
     */
    ownerOf(session) {
        for (let target = session; target;) {
            if (SHARED_KINDS.has(target.type) || this.tabs.has(target.targetId))
                return target;
            target = target.parentId ? this.sessions.get(target.parentId) : undefined;
        }
        return undefined;
    }
    detach(event) {
        const id = event.params.sessionId;
        const session = this.sessions.get(id);
        if (!session)
            return;
        this.sessions.delete(id);
        if (this.kept.get(session.targetId) !== id)
            return;
        this.record(session, { ...event, sessionId: id });
        this.kept.delete(session.targetId);
        this.ready.delete(session.targetId);
    }
}

;// CONCATENATED MODULE: ./src/site/browser/schedule.ts







/** Longest time one page may take to load and settle. */
const PAGE_TIMEOUT_MS = 10_000;
/**
 * Tabs loading pages at once, each a renderer process. A page with nothing scheduled is idle for
 * 100 ms only; one with a timer due waits out the whole quiet window. On two cores 3, 4, 6 and 8
 * tabs measured the same (docs/decisions/browser-pass-pace.md): eight keep the cores busy while some
 * pages wait.
 */
const TABS = 8;
/** Thrown inside a visit when its time is up; the visit becomes a `timeout` finding. */
class PageTimeout extends Error {
}
async function loadPages(cdp, options) {
    const hook = hookNames();
    const watcher = new TargetWatcher(cdp, hook, (event, session) => onEvent(cdp, options, event, session));
    await watcher.start();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'deny' });
    const results = new Map();
    const queue = [...options.pages];
    try {
        const worker = async () => {
            let tab = await openTab(cdp, watcher);
            for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
                if (Date.now() >= options.deadline)
                    return;
                const visit = new Visit(page, options.resolver, watcher.sharedWorkers);
                const end = Math.min(Date.now() + PAGE_TIMEOUT_MS, options.deadline);
                try {
                    await loadPage(cdp, tab, visit, end, hook.timers, options);
                }
                catch (error) {
                    if (!(error instanceof PageTimeout))
                        throw error;
                    // A page cut short by the run's deadline is not loaded; one that used its own time is a finding.
                    if (Date.now() >= options.deadline)
                        return;
                    visit.errors.push(timeoutFinding(visit));
                    // A tab that stopped answering (a script in an endless loop) is replaced, not reused.
                    tab.pages.end();
                    await closeTab(cdp, watcher, tab);
                    tab = await openTab(cdp, watcher);
                }
                tab.pages.end();
                watcher.sharedWorkers.release(visit);
                const result = visit.result();
                results.set(page, result);
                options.onPage?.(page, result);
            }
        };
        await Promise.all(Array.from({ length: Math.min(TABS, options.pages.length) }, worker));
    }
    finally {
        watcher.stop();
    }
    return results;
}
/** Answers what a target holds for an answer: its requests, its dialogs. */
function onEvent(cdp, options, event, session) {
    if (event.method === 'Fetch.requestPaused')
        void answerRequest(cdp, options.host, options.resolver, event);
    else if (event.method === 'Page.javascriptDialogOpening')
        void cdp.send('Page.handleJavaScriptDialog', { accept: true }, session.id).catch(() => undefined);
}
/**
 * A tab with a blank page, in the browser's own context: a context per tab would keep each tab's
 * workers apart, but cost a fifth more time (docs/decisions/browser-pass-pace.md).
 */
async function openTab(cdp, watcher) {
    const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
    const tab = { targetId, sessionId: '', pages: new PageHandover(targetId) };
    watcher.addTab(tab);
    tab.sessionId = (await watcher.attached(targetId)).id;
    return tab;
}
async function closeTab(cdp, watcher, tab) {
    watcher.removeTab(tab);
    await cdp.send('Target.closeTarget', { targetId: tab.targetId }).catch(() => undefined);
}
/**
 * Loads a page, straight after the tab's page before (handover.ts tells their events apart), waits
 * until it settles, scrolls to its end once (lazy loads), waits again, and reads the rendered page.
 */
async function loadPage(cdp, tab, visit, end, timers, options) {
    const { signal } = options;
    tab.pages.begin(visit);
    const navigation = await within(cdp.send('Page.navigate', { url: visit.url }, tab.sessionId), end, signal);
    visit.loaderId = navigation.loaderId;
    tab.pages.navigated(navigation.loaderId);
    if (navigation.errorText) {
        visit.errors.push({
            page: visit.page,
            kind: 'load',
            message: `the page did not load: ${navigation.errorText}`,
            source: null
        });
        return;
    }
    // Scrolled to its end (lazy loads) as soon as it has loaded and nothing is open; then it settles once.
    await settle(visit, 0, end, signal);
    await within(cdp.send('Runtime.evaluate', { expression: 'window.scrollTo(0, document.documentElement.scrollHeight)' }, tab.sessionId), end, signal);
    visit.touch();
    // What a worker has scheduled is not counted: a page with one running may have work due.
    const workDue = async () => visit.hasWorkers() || (await workDueSoon(cdp, tab.sessionId, timers, QUIET_MS));
    await settle(visit, QUIET_MS, end, signal, workDue);
    const rendered = await within(readRenderedReferences(cdp, tab.sessionId, tab.targetId), end, signal);
    visit.renderedMissing = missingRendered(visit.page, rendered, options.resolver, options.site);
}
/**
 * Waits until the page has loaded, every worker it started has run its first task, and no request
 * has been open for `quietMs`, woken by the page's own events rather than by polling; a page still
 * busy at `end` is a timeout. With `workDue`, a
 * page that has been quiet for SHORT_QUIET_MS is asked once whether it has work due: if not, and
 * nothing happened while it answered, it has settled.
 */
async function settle(visit, quietMs, end, signal, workDue) {
    let ask = workDue;
    for (;;) {
        if (signal.aborted)
            throw signal.reason;
        const quietFor = visit.quietFor();
        if (quietFor >= quietMs)
            return;
        if (ask && quietFor >= SHORT_QUIET_MS) {
            const since = visit.lastActivity;
            const due = await within(ask(), end, signal);
            if (!due && visit.lastActivity === since && visit.quietFor() >= 0)
                return;
            // A page with work due is waited for as long as any; one that was busy again while it answered, asked again.
            if (due)
                ask = undefined;
            continue;
        }
        const left = end - Date.now();
        if (left <= 0)
            throw new PageTimeout();
        // The next event of the page, or the end of the quiet it is in, or of its time.
        const quietEnd = ask ? SHORT_QUIET_MS : quietMs;
        const wait = pause(quietFor < 0 ? left : Math.min(left, quietEnd - quietFor), signal);
        try {
            await Promise.race([visit.nextChange(), wait.done]);
        }
        finally {
            wait.cancel();
        }
    }
}
/** `promise`, unless the page's time or the run ends first. */
async function within(promise, end, signal) {
    const wait = pause(Math.max(0, end - Date.now()), signal);
    try {
        return await Promise.race([
            promise,
            wait.done.then(() => {
                throw new PageTimeout();
            })
        ]);
    }
    catch (error) {
        if (signal.aborted)
            throw signal.reason;
        throw error;
    }
    finally {
        wait.cancel();
    }
}
/**
 * A wait of `ms` that also ends when the run is cancelled, and that its caller cancels once it is
 * not needed: a page makes hundreds of them, and a timer with an abort signal of its own cost the
 * pass a tenth of its own CPU in making the errors that nobody reads.
 */
function pause(ms, signal) {
    let timer;
    let end = () => undefined;
    const done = new Promise((resolve) => {
        end = resolve;
        timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', end, { once: true });
    });
    return {
        done,
        cancel: () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', end);
        }
    };
}
function timeoutFinding(visit) {
    const open = [...visit.open.values()].map((url) => visit.short(url));
    const workers = visit.pendingWorkers().map((url) => visit.short(url));
    const state = visit.loaded() ? 'never settled' : 'never finished loading';
    const requests = open.length > 0
        ? `: ${open.length} request${open.length === 1 ? '' : 's'} still open, such as ${open[0]}`
        : workers.length > 0
            ? `: waiting for a worker it started, such as ${workers[0]}`
            : '';
    return {
        page: visit.page,
        kind: 'timeout',
        message: `the page ${state} within ${Math.round(PAGE_TIMEOUT_MS / 1000)} s${requests}`,
        source: null
    };
}

;// CONCATENATED MODULE: ./src/site/browser/static-host.ts



/**
 * The largest file handed to the browser whole: a file travels to it base64-encoded in one message,
 * so a larger one (a video) is answered without its body.
 */
const MAX_ANSWERED_BYTES = 32 * 1024 * 1024;
const TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.htm': 'text/html; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.json': 'application/json',
    '.map': 'application/json',
    '.txt': 'text/plain; charset=utf-8',
    '.xml': 'application/xml',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
    '.avif': 'image/avif',
    '.ico': 'image/x-icon',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.ttf': 'font/ttf',
    '.otf': 'font/otf',
    '.wasm': 'application/wasm',
    '.pdf': 'application/pdf',
    '.mp4': 'video/mp4',
    '.webm': 'video/webm'
};
const NO_BODY = Buffer.alloc(0);
function staticHost(root, site) {
    return async (method, target) => {
        // A static host takes no uploads: a form's POST gets what it would get there.
        if (method !== 'GET' && method !== 'HEAD')
            return plain(405);
        const found = site.lookup((0,resolve/* decodePath */.q0)(new URL(target, 'http://site').pathname));
        const file = found?.file ?? (site.has('404.html') ? '404.html' : undefined);
        if (!file)
            return plain(404);
        const status = found ? 200 : 404;
        const contentType = TYPES[external_node_path_default().extname(file).toLowerCase()] ?? 'application/octet-stream';
        let handle;
        try {
            handle = await (0,promises_.open)(external_node_path_default().join(root, file), 'r');
            const { size } = await handle.stat();
            const whole = method === 'GET' && size <= MAX_ANSWERED_BYTES;
            return { status, contentType, body: whole ? await handle.readFile() : NO_BODY };
        }
        catch {
            // The file went away since the listing: there is nothing to serve.
            return plain(404);
        }
        finally {
            await handle?.close();
        }
    };
}
function plain(status) {
    const text = status === 405 ? 'Method Not Allowed' : 'Not Found';
    return { status, contentType: 'text/plain; charset=utf-8', body: Buffer.from(text) };
}

;// CONCATENATED MODULE: ./src/site/browser/pass.ts




/** Longest wait for the browser's first answer. */
const START_TIMEOUT_MS = 30_000;
async function runBrowserPass(options) {
    const startedAt = Date.now();
    // What gets past the interception comes here: Chrome's own calls (component updates, sign-in),
    // and the connections of a page that no request shows (WebSockets, a TURN relay), which the pass
    // records from the browser's events instead. Nothing tells one from the other, or a page from
    // another: they are refused, and named in the debug log only.
    const proxy = await startRefusingProxy((refusal) => options.onRefused?.(refusal));
    options.onProxy?.(proxy.url);
    try {
        const browser = await launchBrowser(options.executable, {
            tempDirectory: options.tempDirectory,
            environment: options.environment,
            proxy: proxy.url,
            timeoutMs: Math.max(1, Math.min(START_TIMEOUT_MS, options.deadline - Date.now())),
            signal: options.signal
        });
        const stop = () => void browser.close(true);
        options.signal.addEventListener('abort', stop, { once: true });
        try {
            if (options.signal.aborted)
                throw options.signal.reason;
            const loaded = await loadPages(browser.cdp, {
                host: staticHost(options.root, options.site),
                resolver: options.resolver,
                site: options.site,
                pages: options.pages,
                deadline: options.deadline,
                signal: options.signal,
                onPage: options.onPage
            });
            return {
                product: browser.product,
                startupMs: browser.startupMs,
                sandbox: browser.sandbox,
                durationMs: Date.now() - startedAt,
                pages: options.pages.filter((page) => loaded.has(page)),
                notLoaded: options.pages.filter((page) => !loaded.has(page)),
                visits: loaded
            };
        }
        finally {
            options.signal.removeEventListener('abort', stop);
            await browser.close(options.signal.aborted);
        }
    }
    finally {
        // As the browser, the proxy is not waited for when the run is being cancelled.
        const closed = proxy.close();
        if (!options.signal.aborted)
            await closed;
    }
}

;// CONCATENATED MODULE: ./src/site/browser/report.ts


/** Loads kept as examples of one origin or one missing path; the report counts the pages of all. */
const EXAMPLES = 5;
/** The section of a pass that did not run, and why. */
function skippedSection(reason, executable = null) {
    return {
        browser: null,
        version: null,
        executable,
        startupMs: null,
        sandbox: null,
        durationMs: null,
        pages: [],
        scriptSets: null,
        notLoaded: [],
        runtimeOrigins: [],
        missing: [],
        scriptErrors: [],
        skipped: reason
    };
}
/**
 * The report's `browser` section from a pass: loads grouped by origin and missing paths by path,
 * in the order the pages were loaded, each marked when the static check already reports it.
 */
function browserSection(result, executable, report, scriptSets) {
    const [browser = result.product, version = null] = result.product.split('/');
    const visits = result.pages.map((page) => result.visits.get(page)).filter((visit) => visit !== undefined);
    const staticOrigins = new Set(report.externalOrigins.map((origin) => origin.origin));
    const staticTargets = new Set(report.brokenReferences.map((reference) => reference.target));
    const origins = new Map();
    for (const load of visits.flatMap((visit) => visit.loads)) {
        const origin = originOf(load.url);
        const entry = origins.get(origin) ?? {
            origin,
            types: [],
            exampleUrl: load.url,
            pages: [],
            examples: [],
            inStaticCheck: staticOrigins.has(origin)
        };
        origins.set(origin, entry);
        addLoad(entry, load);
        if (!entry.types.includes(load.type))
            entry.types = [...entry.types, load.type].sort();
    }
    const missing = new Map();
    const found = visits.flatMap((visit) => [
        ...visit.missing.map((load) => ['request', load]),
        ...visit.renderedMissing.map((load) => ['rendered-page', load])
    ]);
    for (const [by, load] of found) {
        const path = by === 'request' ? (0,resolve/* decodePath */.q0)(URL.parse(load.url, 'http://site')?.pathname ?? load.url) : load.url;
        const entry = missing.get(path) ?? {
            path,
            pages: [],
            examples: [],
            foundBy: [],
            inStaticCheck: staticTargets.has(path)
        };
        missing.set(path, entry);
        addLoad(entry, load);
        if (!entry.foundBy.includes(by))
            entry.foundBy = [...entry.foundBy, by].sort();
    }
    return {
        browser,
        version,
        executable,
        startupMs: result.startupMs,
        sandbox: result.sandbox,
        durationMs: result.durationMs,
        pages: result.pages,
        scriptSets,
        notLoaded: result.notLoaded,
        runtimeOrigins: [...origins.values()],
        missing: [...missing.values()],
        scriptErrors: visits.flatMap((visit) => visit.errors),
        skipped: null
    };
}
/** The origin of a URL; what has none (an ICE server) stands for itself, without its query. */
function originOf(url) {
    const origin = URL.parse(url)?.origin;
    return origin && origin !== 'null' ? origin : url.replace(/[?#].*$/s, '');
}
function addLoad(entry, load) {
    if (!entry.pages.includes(load.page))
        entry.pages.push(load.page);
    if (entry.examples.length < EXAMPLES &&
        !entry.examples.some((example) => example.page === load.page && example.url === load.url)) {
        entry.examples.push(load);
    }
}
/**
 * The pass's problems: origins and missing paths the static check does not already report (one
 * problem for each, not two), and every script error.
 */
function browserProblems(section) {
    const problems = [];
    for (const origin of section.runtimeOrigins) {
        if (origin.inStaticCheck)
            continue;
        const [first] = origin.examples;
        if (!first)
            continue;
        problems.push({
            check: 'runtime-origin',
            kind: 'load',
            target: origin.origin,
            file: first.page,
            message: `${first.page}: reaches ${origin.origin} at run time (${origin.types.join(', ')}, such as ${first.url}, started by ${first.initiator})${others(origin.pages)}; that fails without internet access`
        });
    }
    for (const resource of section.missing) {
        if (resource.inStaticCheck)
            continue;
        const [first] = resource.examples;
        if (!first)
            continue;
        const how = first.initiator === RENDERED_PAGE
            ? 'linked from the page as its scripts left it, not from its HTML'
            : `asked for at run time, started by ${first.initiator}`;
        problems.push({
            check: 'runtime-missing',
            kind: 'missing',
            target: resource.path,
            file: first.page,
            message: `${first.page}: ${first.type} ${resource.path} is not in the site (${how})${others(resource.pages)}`
        });
    }
    for (const error of section.scriptErrors) {
        problems.push({
            check: 'script-error',
            kind: error.kind,
            target: error.page,
            file: error.page,
            message: scriptErrorMessage(error)
        });
    }
    return problems;
}
function scriptErrorMessage(error) {
    return `${error.page}: ${error.message}${error.source ? ` (at ${error.source})` : ''}`;
}
function others(pages) {
    return pages.length > 1 ? `; ${pages.length - 1} other page${pages.length > 2 ? 's' : ''} too` : '';
}
/** The site check's report with the section and its problems, and the problems it adds. */
function withBrowserSection(report, section) {
    const added = browserProblems(section);
    return {
        report: {
            ...report,
            browser: section,
            problems: [...report.problems, ...added],
            counts: { ...report.counts, problems: report.counts.problems + added.length }
        },
        added
    };
}

// EXTERNAL MODULE: ./src/core/spread.ts
var core_spread = __webpack_require__(4892);
;// CONCATENATED MODULE: ./src/site/browser/sample.ts

/**
 * The pages the browser pass loads. `index.html` first; then, when the static check says which set
 * of scripts, iframes and embeds each page has (script-sets.ts), one page of every set not yet
 * covered; then the rest of the spread: one page of each top folder in turn (the site's top-level
 * pages counting as one folder), each folder's shallowest pages first, so that a small sample still
 * covers every part of the site. `404.html` is what a host serves for a miss, not a page of the
 * site, and is left out.
 */
function choosePages(pages, count, setOf = () => undefined) {
    const spread = spreadOrder(pages);
    const chosen = new Set(spread.slice(0, spread[0] === 'index.html' ? 1 : 0));
    const covered = new Set([...chosen].map(setOf));
    for (const page of spread) {
        if (chosen.size >= count)
            break;
        const set = setOf(page);
        if (set === undefined || covered.has(set))
            continue;
        covered.add(set);
        chosen.add(page);
    }
    for (const page of spread) {
        if (chosen.size >= count)
            break;
        chosen.add(page);
    }
    return [...chosen].slice(0, count);
}
/** How many distinct sets the pages have. */
function countSets(pages, setOf) {
    const sets = new Set();
    for (const page of pages) {
        const set = setOf(page);
        if (set !== undefined)
            sets.add(set);
    }
    return sets.size;
}
/** Every page but 404.html, in the order of the spread: index.html, then the top folders in turn. */
function spreadOrder(pages) {
    const rest = [...pages].sort(byDepthThenName).filter((page) => page !== 'index.html' && page !== '404.html');
    const spread = (0,core_spread/* inTurnByTopFolder */.x)(rest, (page) => page, { sortFolders: true });
    return pages.includes('index.html') ? ['index.html', ...spread] : spread;
}
function byDepthThenName(a, b) {
    return (0,core_spread/* depthOf */.d)(a) - (0,core_spread/* depthOf */.d)(b) || (a < b ? -1 : a > b ? 1 : 0);
}

;// CONCATENATED MODULE: ./src/site/browser/check.ts











/**
 * Runs the browser pass over the unpacked site when a browser is found, and says why not otherwise:
 * `auto` with one notice (no browser) or one warning (a browser that cannot run), `on` with the step's error.
 */
async function checkInBrowser(sitePath, report, options, host) {
    const found = findBrowser(options.environment);
    if (found.executable === undefined)
        return notRun(host, options.mode, found.reason, null);
    if (Date.now() >= options.deadline)
        return notRun(host, options.mode, "the run's time was up before the browser could start", found.executable);
    const { executable } = found;
    const { files, linkedFolders } = options.listing;
    const sitePages = files.filter(site_reader/* isPage */.yp).filter((page) => page !== '404.html');
    const setOf = setLookup(options.scriptSets);
    const pages = choosePages(sitePages, options.pages, setOf);
    const distinctSets = countSets(sitePages, setOf);
    host.info(`Loading ${(0,format/* countOf */.pq)(pages.length, 'page')} of ${files.filter(site_reader/* isPage */.yp).length} in ${executable}, every other origin blocked`);
    host.info(`The site's pages have ${(0,format/* countOf */.pq)(distinctSets, 'distinct set')} of scripts, iframes and embeds; the pages to load cover ${countSets(pages, setOf)}`);
    try {
        const result = await runBrowserPass({
            root: sitePath,
            site: new resolve/* SiteFiles */.BC(sitePath, files, linkedFolders),
            resolver: new resolve/* ReferenceResolver */.sr(options.domain),
            pages,
            executable,
            tempDirectory: options.tempDirectory,
            environment: options.environment,
            deadline: options.deadline,
            signal: options.signal,
            onProxy: (url) => host.debug(`Browser pass: proxy on ${url}`),
            onRefused: (refusal) => host.debug(`Browser pass: the proxy refused ${(0,log_text/* oneLine */.TN)(`${refusal.method} ${refusal.target}`)}`),
            onPage: (page, visit) => {
                const found = [
                    (0,format/* countOf */.pq)(visit.loads.length, 'load') + ' elsewhere',
                    `${visit.missing.length + visit.renderedMissing.length} missing`,
                    (0,format/* countOf */.pq)(visit.errors.length, 'script error')
                ];
                host.info(`  ${(0,log_text/* oneLine */.TN)(page)}: ${found.join(', ')} (${(0,format/* formatDuration */.a3)(visit.durationMs)})`);
            }
        });
        const scriptSets = { distinct: distinctSets, loaded: countSets(result.pages, setOf) };
        const section = browserSection(result, executable, report, scriptSets);
        host.info(`Loaded ${(0,format/* countOf */.pq)(section.pages.length, 'page')} in ${result.product} (started in ${(0,format/* formatDuration */.a3)(result.startupMs)}${result.sandbox ? '' : ', without its sandbox as root'}) in ${(0,format/* formatDuration */.a3)(result.durationMs)}: ` +
            `${(0,format/* countOf */.pq)(section.runtimeOrigins.length, 'origin')} reached at run time, ${section.missing.length} missing, ${(0,format/* countOf */.pq)(section.scriptErrors.length, 'script error')}; ` +
            `${scriptSets.loaded} of the ${(0,format/* countOf */.pq)(scriptSets.distinct, 'distinct set')} of scripts, iframes and embeds loaded`);
        if (section.notLoaded.length > 0)
            host.info(`Not loaded, the run's time being up: ${section.notLoaded.length} of the ${(0,format/* countOf */.pq)(pages.length, 'page')}`);
        return { section };
    }
    catch (error) {
        if (options.signal.aborted)
            throw error;
        if (error instanceof BrowserStartError)
            return notRun(host, options.mode, error.message, executable, error.hint);
        return notRun(host, options.mode, `the browser pass could not finish: ${error instanceof Error ? error.message : String(error)}`, executable);
    }
}
/** Each page's set, as the static check numbered them; none when the check did not say. */
function setLookup(snapshot) {
    const sets = new Map(snapshot?.pages);
    return (page) => sets.get(page);
}
function notRun(host, mode, reason, executable, hint) {
    const section = skippedSection(reason, executable);
    if (mode === 'on')
        return {
            section,
            failure: new errors/* ActionError */.lZ((0,message/* message */.iU) `The site check's browser pass did not run (${(0,message/* input */.hF)('verify-browser', 'on')}): ${reason}`, { code: 'browser-unavailable', hint })
        };
    if (executable) {
        const wayOut = hint ? (0,message/* message */.iU) `. ${hint}; or set ${(0,message/* input */.hF)('verify-browser', 'off')}` : '';
        host.warning((0,message/* message */.iU) `The site was not loaded in a browser: ${reason}${wayOut}`, {
            title: 'Site check: browser pass'
        });
    }
    else
        host.notice((0,message/* message */.iU) `The site was not loaded in a browser: ${reason}. Run-time loads are not checked (${(0,message/* input */.hF)('verify-browser', 'auto')})`, {
            title: 'Site check: no browser'
        });
    return { section };
}

// EXTERNAL MODULE: ./src/core/worker-file.ts
var worker_file = __webpack_require__(3792);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(5919);
;// CONCATENATED MODULE: ./src/site/check.ts








/** Reading runs on this thread in slices this long, so that signals still get through. */
const YIELD_EVERY_MS = 50;
/** Files a worker is sent at a time: enough to make the round trip negligible, few enough to balance. */
const BATCH = 64;
const DEFAULT_FILES_PER_WORKER = 500;
/** The rules file of the hosts that read one from the site's top (Netlify, Cloudflare Pages). */
const HOST_RULES = '_redirects';
const MAX_WORKERS = 4;
/**
 * A worker's pages are garbage as soon as they are read; a small young generation collects them
 * sooner, which keeps each worker's memory down at no measurable cost in time.
 */
const YOUNG_GENERATION_MB = 8;
/**
 * Reads the unpacked site at `root` file by file (pages, style sheets, the sitemap) and tallies
 * what a visitor would miss: broken internal references and fragments, loads from other origins,
 * addresses on another host. Pages are shared among worker threads, one per core, when the site is large.
 * Memory holds the file listing and bounded tallies, never more than one page per thread.
 */
async function checkSite(root, options = {}) {
    const startedAt = performance.now();
    const { signal } = options;
    const listing = await listFiles(root);
    const { files, linkedFolders } = listing;
    signal?.throwIfAborted();
    const site = new resolve/* SiteFiles */.BC(root, files, linkedFolders);
    const scriptSets = options.scriptSets ?? false;
    const reader = new site_reader/* SiteReader */.ZW(root, site, options.domain, { scriptSets });
    // In order, as the tallies want them (findings.ts, Tally).
    const toRead = files.filter(site_reader/* isReadFile */.Py).sort();
    const workers = options.workerFile ? workerCount(toRead.length, options) : 1;
    if (workers > 1 && options.workerFile) {
        const setup = { root, files, linkedFolders, domain: options.domain, scriptSets };
        for (const findings of await readInWorkers(options.workerFile, workers, setup, toRead, signal)) {
            reader.merge(findings);
        }
    }
    else {
        await readHere(reader, toRead, signal);
    }
    signal?.throwIfAborted();
    reader.checkFragmentLinks();
    const sitemap = site.has('sitemap.xml') ? reader.readSitemaps('sitemap.xml') : undefined;
    const pages = toRead.filter(site_reader/* isPage */.yp).length;
    return {
        root,
        domain: options.domain,
        expectedPages: options.expectedPages,
        durationMs: Math.round(performance.now() - startedAt),
        threads: workers,
        files: files.length,
        htmlPages: pages,
        styleSheets: toRead.length - pages,
        indexHtml: site.has('index.html'),
        internalReferences: reader.internalReferences,
        broken: reader.broken,
        external: reader.external,
        hints: reader.hints,
        outbound: reader.outbound,
        addresses: reader.addresses,
        fragments: reader.fragments,
        sitemap,
        extensionless: reader.extensionless,
        hostRules: site.has(HOST_RULES) ? HOST_RULES : undefined,
        scriptSets: reader.scriptSets?.snapshot(),
        listing
    };
}
function workerCount(files, options) {
    const cores = Math.min(external_node_os_default().availableParallelism(), MAX_WORKERS);
    return Math.max(1, Math.min(cores, Math.floor(files / (options.filesPerWorker ?? DEFAULT_FILES_PER_WORKER))));
}
async function readHere(reader, files, signal) {
    let lastYield = performance.now();
    for (const file of files) {
        reader.readFile(file);
        if (performance.now() - lastYield > YIELD_EVERY_MS) {
            await (0,external_node_timers_promises_.setImmediate)();
            signal?.throwIfAborted();
            lastYield = performance.now();
        }
    }
}
/**
 * Shares `files` among `count` workers, a batch at a time to whichever is free; returns what each
 * found. The signal ends every worker at once and rejects with its reason.
 */
function readInWorkers(workerFile, count, setup, files, signal) {
    let next = 0;
    const started = [];
    let stop = () => undefined;
    const stopped = new Promise((_, reject) => {
        stop = () => reject(signal?.reason);
        signal?.addEventListener('abort', stop, { once: true });
    });
    stopped.catch(() => undefined);
    if (signal?.aborted)
        stop();
    const reading = Array.from({ length: count }, () => new Promise((resolve, reject) => {
        const worker = new external_node_worker_threads_.Worker(workerFile, {
            workerData: setup,
            resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
        });
        started.push(worker);
        let done = false;
        worker.on('message', (message) => {
            if ('findings' in message) {
                done = true;
                resolve(message.findings);
                void worker.terminate();
                return;
            }
            const batch = files.slice(next, next + BATCH);
            next += batch.length;
            worker.postMessage((batch.length > 0 ? { files: batch } : { finish: true }));
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
            if (!done)
                reject(new Error(`a site check worker stopped (exit code ${code}) before it finished`));
        });
    }));
    return Promise.race([Promise.all(reading), stopped]).finally(() => {
        signal?.removeEventListener('abort', stop);
        for (const worker of started)
            void worker.terminate();
    });
}
/** Every file under `root` as a `/`-separated relative path, in no order; links to files count as files. */
async function listFiles(root) {
    const files = [];
    let linkedFolders = false;
    const top = external_node_path_default().resolve(root);
    for (const entry of await (0,promises_.readdir)(top, { recursive: true, withFileTypes: true })) {
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
            const target = (0,external_node_fs_.statSync)(external_node_path_default().join(entry.parentPath, entry.name), { throwIfNoEntry: false });
            isFile = target?.isFile() ?? false;
            linkedFolders ||= target?.isDirectory() ?? false;
        }
        if (!isFile)
            continue;
        // Entries come with the folder they are in, which starts with `top`.
        const folder = entry.parentPath.slice(top.length + 1);
        const file = folder ? `${folder}${(external_node_path_default()).sep}${entry.name}` : entry.name;
        files.push((external_node_path_default()).sep === '/' ? file : file.split((external_node_path_default()).sep).join('/'));
    }
    return { files, linkedFolders };
}

// EXTERNAL MODULE: ./src/site/baseline.ts
var baseline = __webpack_require__(5004);
;// CONCATENATED MODULE: ./src/site/verify.ts












/** Where the worker bundle (src/site/worker.ts) is built, beside the action's bundle. */
const WORKER_BUNDLE = 'site-worker/index.js';
/** Problems listed in the log; the report holds them all. */
const LOGGED = 100;
/**
 * Checks the unpacked site, then loads it in a browser (each in its log group), writes the JSON
 * report beside the site (not inside: it is not part of what gets deployed), logs the problems,
 * and warns about them under `verify: warn`. Under `warn` a check that cannot finish (an
 * unreadable file) is a warning too, and there is no report.
 */
async function verifySite(sitePath, options, run) {
    const { host } = run;
    const { reportPath } = options;
    const checked = await host.group('Check the site', () => checkStatically(sitePath, options, run));
    if (!checked)
        return undefined;
    const { scriptSets, listing } = checked;
    const asked = options.browser;
    const mode = asked?.mode ?? 'off';
    const browser = asked && mode !== 'off'
        ? await host.group('Load the site in a browser', () => checkInBrowser(sitePath, checked.report, {
            ...asked,
            mode,
            domain: options.domain,
            scriptSets,
            listing,
            environment: run.runner.environment,
            tempDirectory: run.runner.tempDirectory
        }, host))
        : { section: skippedSection('verify-browser: off') };
    const merged = withBrowserSection(checked.report, browser.section);
    // The report of the whole check, made once from the static check's, the browser pass's and the baseline.
    const report = options.baseline ? (0,baseline/* withBaseline */.U_)(merged.report, options.baseline) : merged.report;
    const browserProblems = report.problems.slice(report.problems.length - merged.added.length);
    if (browserProblems.length > 0) {
        host.info(`The browser pass found ${(0,format/* countOf */.pq)(browserProblems.length, 'problem')}:`);
        logProblems(host, browserProblems, browserProblems.length);
    }
    try {
        await (0,site_report/* writeReport */.u5)(report, reportPath);
    }
    catch (error) {
        return couldNotFinish(error, options, host);
    }
    host.info(`Site check report: ${reportPath}`);
    if (browser.failure)
        return { report, reportPath, failure: browser.failure };
    if (report.counts.problems === 0)
        return { report, reportPath };
    if (options.mode === 'warn' || report.baseline?.new === 0) {
        warnProblems(host, report, reportPath, run.runner.workspace);
        return { report, reportPath };
    }
    return { report, reportPath, failure: siteCheckError(report, reportPath) };
}
/**
 * The static check's report, and each page's set of scripts for the browser pass; undefined (after
 * a warning) when it cannot finish under `warn`.
 */
async function checkStatically(sitePath, options, { host, deadline }) {
    let report;
    let scriptSets;
    let listing;
    const signal = deadline.signal();
    try {
        const findings = await checkSite(sitePath, {
            domain: options.domain,
            expectedPages: options.expectedPages,
            workerFile: (0,worker_file/* besideModule */.v)(import.meta.url, [WORKER_BUNDLE]),
            signal,
            scriptSets: (options.browser?.mode ?? 'off') !== 'off'
        });
        report = (0,site_report/* buildReport */.FK)(findings);
        scriptSets = findings.scriptSets;
        listing = findings.listing;
    }
    catch (error) {
        if (signal.aborted && error === signal.reason)
            throw stopped(error);
        return couldNotFinish(error, options, host);
    }
    // As the log shows it: the problems the baseline knows marked so.
    const shown = options.baseline ? (0,baseline/* withBaseline */.U_)(report, options.baseline) : report;
    const { counts } = shown;
    host.info(`Checked ${(0,format/* countOf */.pq)(counts.files, 'file')} (${(0,format/* countOf */.pq)(counts.htmlPages, 'page')}, ${(0,format/* countOf */.pq)(counts.styleSheets, 'style sheet')}, ` +
        `${(0,format/* countOf */.pq)(counts.internalReferences, 'internal reference')}) in ${(0,format/* formatDuration */.a3)(shown.durationMs)}` +
        `${shown.threads > 1 ? ` on ${shown.threads} threads` : ''}: ${counts.problems === 0 ? 'no problems' : (0,format/* countOf */.pq)(counts.problems, 'problem')}` +
        `${shown.baseline ? ` (${shown.baseline.known} known from the baseline ${shown.baseline.source})` : ''}`);
    logProblems(host, shown.problems, counts.problems);
    for (const skipped of shown.skipped)
        host.info(`Not checked: ${(0,log_text/* oneLine */.TN)(skipped)}`);
    for (const notice of shown.notices)
        host.notice(notice, { title: 'Site check: links without .html' });
    return { report, scriptSets, listing };
}
/**
 * A check that cannot finish (an unreadable file, a report that cannot be written): the step's
 * error under `verify: error`, else a warning and no report.
 */
function couldNotFinish(error, options, host) {
    const text = (0,message/* message */.iU) `The site check could not finish: ${(0,errors/* textOf */.b6)(error)}`;
    if (options.mode === 'error')
        throw new errors/* ActionError */.lZ(text, { code: 'site-check-failed', cause: error });
    host.warning(text, { title: 'Site check' });
    return undefined;
}
/** The check stopped by the deadline, or by the run's cancellation (whose reason goes on as it is). */
function stopped(reason) {
    if (!(reason instanceof deadline/* TimeUpError */.Jg))
        return reason;
    return new errors/* ActionError */.lZ((0,message/* message */.iU) `The site check stopped: ${(0,message/* input */.hF)('timeout-seconds')} ran out before it finished`, {
        code: 'out-of-time',
        cause: reason
    });
}
function logProblems(host, problems, total) {
    for (const problem of problems.slice(0, LOGGED))
        host.info(`  ${(0,log_text/* oneLine */.TN)((0,site_report/* problemLine */.YK)(problem))}`);
    if (total > LOGGED)
        host.info(`  …and ${total - LOGGED} more, in the report`);
}


/***/ })

};

//# sourceMappingURL=270.index.js.map