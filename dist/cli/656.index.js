export const id = 656;
export const ids = [656];
export const modules = {

/***/ 2656:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCli: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: ./package.json
var package_0 = __webpack_require__(8330);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/message.ts
var core_message = __webpack_require__(3252);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
;// CONCATENATED MODULE: ./src/core/runner.ts

/** The variables of the AWS SDK's chain that hold a credential: the key id names it, the others are it. */
const CREDENTIAL_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_SECURITY_TOKEN'];
function readRunnerFacts(env = process.env) {
    const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
    const [owner, repo, ...rest] = (env.GITHUB_REPOSITORY ?? '').split('/');
    const repository = owner && repo && rest.length === 0 ? { owner, repo } : undefined;
    return {
        tempDirectory: env.RUNNER_TEMP || external_node_os_default().tmpdir(),
        workspace: env.GITHUB_WORKSPACE || undefined,
        repository,
        serverUrl,
        apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
        stepSummaryFile: env.GITHUB_STEP_SUMMARY || undefined,
        environment: env,
        credentials: CREDENTIAL_VARIABLES.map((name) => env[name]?.trim() ?? '').filter((value) => value !== '')
    };
}

;// CONCATENATED MODULE: ./src/core/signals.ts
/**
 * How long a run has, after SIGINT or SIGTERM, to stop on its own before it is ended. The Actions
 * runner sends SIGINT on cancel and SIGTERM 7.5 s later; a command line's parent (a CI job, npx,
 * a shell) may give less. A run heeds the cancellation within milliseconds; this only ends one
 * that does not, still leaving its outputs.
 */
const CANCEL_GRACE_MS = 1000;
/**
 * Listens for SIGINT and SIGTERM on behalf of a run, for both front ends: the first one aborts the
 * run's cancellation signal at once; when the run is still going after the grace period, `overdue`
 * is called, which leaves what it can and exits.
 */
function handleSignals(onSignal, overdue) {
    const cancellation = new AbortController();
    let received;
    const listener = (signal) => {
        if (received)
            return;
        received = signal;
        onSignal(signal);
        cancellation.abort(new Error(`cancelled by ${signal}`));
        setTimeout(() => overdue(signal), CANCEL_GRACE_MS).unref();
    };
    process.on('SIGINT', listener);
    process.on('SIGTERM', listener);
    return {
        signal: cancellation.signal,
        received: () => received,
        dispose: () => {
            process.off('SIGINT', listener);
            process.off('SIGTERM', listener);
        }
    };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
// EXTERNAL MODULE: ./src/core/log-text.ts
var log_text = __webpack_require__(9357);
// EXTERNAL MODULE: ./src/core/net.ts
var net = __webpack_require__(8456);
// EXTERNAL MODULE: ./src/core/retry.ts
var retry = __webpack_require__(7253);
// EXTERNAL MODULE: ./src/core/user-agent.ts
var user_agent = __webpack_require__(2516);
;// CONCATENATED MODULE: ./src/api/busy.ts


/** After a 409 on the start: the first wait, which doubles up to the longest. */
const FIRST_WAIT_MS = 15_000;
const LONGEST_WAIT_MS = 60_000;
/**
 * Starts an export while another export of the same deployment is queued or running (409): starts
 * again after 15 s, 30 s, then every 60 s, each time with one log line, until the next wait would
 * end past the deadline (then an OutOfTimeError whose cause is the last 409). The API gives no way
 * to find the other job, and a job that starts after it exports the content as it is when this
 * start is accepted, which is what a docs merge wants.
 */
function startWhenFree(start, { wait, run, sleep }) {
    return (0,retry/* retry */.L5)(start, {
        attempts: Infinity,
        baseDelayMs: FIRST_WAIT_MS,
        maxDelayMs: LONGEST_WAIT_MS,
        jitter: false,
        deadline: run.deadline.at,
        signal: run.cancellation,
        sleep,
        isRetryable: (error) => wait && error instanceof errors/* ActionError */.lZ && error.code === 'export-busy',
        onRetry: (_error, _attempt, delayMs) => run.host.info(`another export of this deployment is running; starting again in ${Math.round(delayMs / 1000)} s`)
    });
}

;// CONCATENATED MODULE: ./src/api/calls.ts

const UNSCOPED_FLOW = { kind: 'unscoped' };
function projectFlow(projectId) {
    return { kind: 'project', projectId };
}
const ENDPOINTS = {
    'start-export': {
        name: 'start export job',
        method: 'POST',
        repeatable: 'only-if-not-received',
        mayHaveActed: (0,core_message/* message */.iU) `The server may have started a job all the same: check for it before running again, and resume it with ${(0,core_message/* input */.hF)('export-job-id')}`
    },
    'read-export': { name: 'read export job', method: 'GET', repeatable: 'always' },
    // Generating a bundle again only yields a fresh link.
    'generate-bundle': { name: 'generate export bundle', method: 'POST', repeatable: 'always' },
    'read-agent-job': { name: 'read agent job', method: 'GET', repeatable: 'always' },
    'create-agent-job': {
        name: 'create agent job',
        method: 'POST',
        repeatable: 'only-if-not-received',
        mayHaveActed: (0,core_message/* message */.iU) `The API may have created the agent job all the same, and offers no way to list jobs: check the dashboard before running again, and follow that job with ${(0,core_message/* input */.hF)('agent-job-id')}`
    },
    // A second copy of a follow-up would reach the agent as a second instruction.
    'send-agent-message': {
        name: 'send follow-up message',
        method: 'POST',
        repeatable: 'only-if-not-received',
        mayHaveActed: (0,core_message/* message */.iU) `The API may have passed the message to the agent all the same: follow the job with ${(0,core_message/* input */.hF)('agent-job-id')} before sending it again`
    }
};
function endpointOf(call) {
    return ENDPOINTS[call.endpoint];
}
/** Which call failed, in the words used in error messages: "start export job (POST /v1/static-export/jobs)". */
function describeCall(call) {
    const { name, method } = endpointOf(call);
    const job = call.jobId ? ` for job ${call.jobId}` : '';
    return `${name}${job} (${method} ${call.path})`;
}
const id = encodeURIComponent;
/** Where a flow keeps its jobs. */
function exportJobs(flow) {
    return flow.kind === 'project' ? `/v1/static-export/${id(flow.projectId)}/jobs` : '/v1/static-export/jobs';
}
function startExportCall(flow) {
    return { endpoint: 'start-export', path: exportJobs(flow), flow: flow.kind };
}
function readExportCall(flow, jobId) {
    return { endpoint: 'read-export', path: `${exportJobs(flow)}/${id(jobId)}`, flow: flow.kind, jobId };
}
/** The unscoped flow only: the project-scoped one has no bundle endpoint. */
function generateBundleCall(jobId) {
    return {
        endpoint: 'generate-bundle',
        path: `${exportJobs(UNSCOPED_FLOW)}/${id(jobId)}/bundle`,
        flow: 'unscoped',
        jobId
    };
}
function readAgentJobCall(projectId, jobId) {
    return { endpoint: 'read-agent-job', path: `/v2/agent/${id(projectId)}/job/${id(jobId)}`, jobId };
}
function createAgentJobCall(projectId) {
    return { endpoint: 'create-agent-job', path: `/v2/agent/${id(projectId)}/job` };
}
function sendAgentMessageCall(projectId, jobId) {
    return { endpoint: 'send-agent-message', path: `/v2/agent/${id(projectId)}/job/${id(jobId)}/message`, jobId };
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
// EXTERNAL MODULE: ./src/core/format.ts
var format = __webpack_require__(6228);
;// CONCATENATED MODULE: ./src/api/hints.ts



/**
 * What an HTTP status means for a call: the code the commands branch on, and what the user can do
 * about it. The API's own `error` text (already made one inert line) is read only to tell which of
 * a status's documented causes it names.
 */
/**
 * The failure's code:
 * - `access-refused` (401, 403): the key or the plan does not allow the call; no retry or later
 *   run helps until that changes;
 * - `endpoint-gone` (404, 405 on the unscoped start): the API serves no export by domain there,
 *   which is what it answers once the project-scoped flow has replaced it;
 * - `export-busy` (409 on a start): another export of the deployment is queued or running;
 * - `rate-limited` (429);
 * - `input` (400 on the project-scoped start, unless its text names the basePath): `project-id` is
 *   malformed;
 * - `http-status`: any other.
 */
function codeFor(call, status, detail) {
    const start = call.endpoint === 'start-export';
    if (status === 401 || status === 403)
        return 'access-refused';
    if (start && call.flow === 'unscoped' && (status === 404 || status === 405))
        return 'endpoint-gone';
    if (start && status === 409)
        return 'export-busy';
    if (status === 429)
        return 'rate-limited';
    if (start && call.flow === 'project' && status === 400 && badStartCause(detail) === 'project-id')
        return 'input';
    return 'http-status';
}
/** What the user can do about a status, where the status (and the API's words) say it. */
function hintFor(call, status, detail, url) {
    const { endpoint, flow } = call;
    const isExport = endpoint === 'start-export' || endpoint === 'read-export' || endpoint === 'generate-bundle';
    const isStart = endpoint === 'start-export';
    const asked = url ?? call.path;
    switch (status) {
        case 401:
            return (0,core_message/* message */.iU) `The API key was refused: it may be revoked or expired. Give a current admin key (mint_…) as ${(0,core_message/* input */.hF)('api-key')}`;
        case 403:
            return forbidden(call, isExport, detail);
        case 404:
        case 405:
            if (isStart && flow === 'unscoped')
                return (0,core_message/* message */.iU) `The API has no export endpoint at ${asked}: check ${(0,core_message/* input */.hF)('base-url')} (https://api.mintlify.com unless you run your own). Where exports have moved under the project, give ${(0,core_message/* input */.hF)('project-id')}`;
            if (status === 405)
                return undefined;
            if (isStart)
                return (0,core_message/* message */.iU) `The API has no project-scoped export at ${asked}: check ${(0,core_message/* input */.hF)('project-id')} and ${(0,core_message/* input */.hF)('base-url')}. An API that still exports by domain needs ${(0,core_message/* input */.hF)('domain')}`;
            if (isExport) {
                const project = flow === 'project' ? (0,core_message/* message */.iU) ` and ${(0,core_message/* input */.hF)('project-id')}` : '';
                return (0,core_message/* message */.iU) `Check ${(0,core_message/* input */.hF)('export-job-id')}${project}, and that the key belongs to the organisation that owns the job`;
            }
            return endpoint === 'create-agent-job'
                ? (0,core_message/* message */.iU) `Check ${(0,core_message/* input */.hF)('project-id')}`
                : (0,core_message/* message */.iU) `Check ${(0,core_message/* input */.hF)('project-id')} and ${(0,core_message/* input */.hF)('agent-job-id')}`;
        case 400:
        case 422:
            if (isStart && flow === 'project')
                return badStart(badStartCause(detail));
            if (isStart)
                return (0,core_message/* message */.iU) `The API refused the export request: check ${(0,core_message/* input */.hF)('domain')}, ${(0,core_message/* input */.hF)('paths')} and ${(0,core_message/* input */.hF)('version')}`;
            if (endpoint === 'create-agent-job' || endpoint === 'send-agent-message')
                return (0,core_message/* message */.iU) `Check ${(0,core_message/* input */.hF)('project-id')} and ${(0,core_message/* input */.hF)('prompt')} (at least one character)`;
            return undefined;
        case 409:
            if (isStart) {
                return (0,core_message/* message */.iU) `Another export of this deployment is running. Give the runs that export this site one \`concurrency:\` group (GitHub Actions: https://docs.github.com/en/actions/using-jobs/using-concurrency) so that they take turns; or, knowing the running export, pass its id as ${(0,core_message/* input */.hF)('export-job-id')} to collect it`;
            }
            return endpoint === 'generate-bundle' ? 'The job has not finished, so no bundle can be generated yet' : undefined;
        case 429:
            return rateLimit(call);
        default:
            return undefined;
    }
}
/** The limit a 429 is about, as the vendor documents it. */
function rateLimit({ endpoint }) {
    if (endpoint === 'start-export')
        return 'The API allows 10 export starts per organisation per hour';
    if (endpoint === 'create-agent-job' || endpoint === 'send-agent-message')
        return 'The API allows the agent 100 uses per project per hour';
    return 'The API is rate limiting this key';
}
/** Said of a 429 whose `Retry-After` ends past the deadline: when to try again, in UTC and from now. */
function tryAgainAfter(retryAfterMs, now = Date.now()) {
    const at = new Date(now + retryAfterMs).toISOString().replace(/\.\d+Z$/, 'Z');
    return (0,core_message/* message */.iU) `Try again after ${at} (in ${(0,format/* formatSeconds */.Xo)(retryAfterMs)}): the wait the API asks for does not fit in ${(0,core_message/* input */.hF)('timeout-seconds')}`;
}
const REFUSALS = [
    ['allowlist', /allow-?\s?list|whitelist|\bIP\b/i],
    ['read-only', /read[-\s]?only|only read|\bwrite\b/i],
    ['plan', /\bplan\b|enterprise|not enabled|contact sales/i]
];
function refusalNamed(detail) {
    return detail ? REFUSALS.find(([, pattern]) => pattern.test(detail))?.[0] : undefined;
}
const READ_ONLY = (0,core_message/* message */.iU) `This key can only read: create a key that may write (the API keys page of the dashboard) and give it as ${(0,core_message/* input */.hF)('api-key')}`;
const ALLOWLIST = "The runner's address is not on the key's allowlist: add the address this runner connects from (GitHub-hosted runners have no fixed one: use a self-hosted runner or one with a static address), or use a key without an allowlist";
/** One message per cause, each saying what to do; all the causes that apply when the API names none. */
function forbidden(call, isExport, detail) {
    const writes = endpointOf(call).method === 'POST';
    switch (refusalNamed(detail)) {
        case 'allowlist':
            return ALLOWLIST;
        case 'read-only':
            return READ_ONLY;
        case 'plan':
            return isExport
                ? "Static export is not part of this organisation's plan: it needs an enterprise plan (ask Mintlify to enable it); no other key or later run helps until then"
                : "The agent is not part of this organisation's plan: ask Mintlify to enable it";
        default: {
            const notListed = "the runner's address is not on the key's allowlist (add it there)";
            if (!isExport) {
                return writes
                    ? (0,core_message/* message */.iU) `The key may not use this project (check ${(0,core_message/* input */.hF)('project-id')}), can only read (create a key that may write), or ${notListed}`
                    : (0,core_message/* message */.iU) `The key may not read this project (check ${(0,core_message/* input */.hF)('project-id')}), or ${notListed}`;
            }
            const write = writes
                ? ', a key that may write (a key that can only read is refused: create one that may write)'
                : '';
            return `Static export needs an enterprise plan (Mintlify enables it)${write} and, when the key has an allowlist, the runner's address on it (add it there). The answer does not say which is missing`;
        }
    }
}
function badStartCause(detail) {
    const projectId = detail !== undefined && /project[\s_-]?id/i.test(detail);
    const basePath = detail !== undefined && /base[\s_-]?path/i.test(detail);
    if (projectId && basePath)
        return 'both';
    return basePath ? 'base-path' : 'project-id';
}
const COPY_PROJECT_ID = 'copy it from the API keys page of the dashboard';
const BASE_PATH = "the static export does not support this deployment's basePath";
const ASK_ABOUT_BASE_PATH = 'ask Mintlify about exporting it';
/** What to do about a 400 of the project-scoped start: the project id first, the one cause the user can fix. */
function badStart(cause) {
    switch (cause) {
        case 'project-id':
            return (0,core_message/* message */.iU) `${(0,core_message/* inputSubject */.By)('project-id')} is not a project id the API accepts: ${COPY_PROJECT_ID}`;
        case 'base-path':
            return `As the API says, ${BASE_PATH}: ${ASK_ABOUT_BASE_PATH}`;
        case 'both':
            return (0,core_message/* message */.iU) `The API's answer names two causes: either ${(0,core_message/* input */.hF)('project-id')} is not a project id it accepts (${COPY_PROJECT_ID}), or ${BASE_PATH} (${ASK_ABOUT_BASE_PATH})`;
    }
}

;// CONCATENATED MODULE: ./src/api/errors.ts





/** A failed API call: the call, the HTTP status when there was a response, and the API's own words. */
class ApiError extends errors/* ActionError */.lZ {
    name = 'ApiError';
    call;
    status;
    /** The API's `error` text, or what came back instead of JSON. */
    detail;
    constructor(call, problem, options = {}) {
        const status = options.status ? `: HTTP ${options.status} ${external_node_http_.STATUS_CODES[options.status] ?? ''}`.trimEnd() : '';
        const detail = options.detail ? `: ${options.detail}` : '';
        const hint = (0,errors/* sentences */.hC)(options.status ? hintFor(call, options.status, options.detail, options.url) : undefined, options.advice);
        const code = options.status ? codeFor(call, options.status, options.detail) : (options.code ?? 'failed');
        super(`${describeCall(call)} ${problem}${status}${detail}`, {
            code,
            retryable: options.retryable,
            retryAfterMs: options.retryAfterMs,
            hint: (0,core_message/* isBlank */.z3)(hint) ? undefined : hint,
            // The only input the API refuses as malformed: the project's id (codeFor).
            input: code === 'input' ? (0,core_message/* input */.hF)('project-id') : undefined,
            namesJob: true,
            cause: options.cause
        });
        this.call = call;
        this.status = options.status;
        this.detail = options.detail;
    }
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 14 modules
var schemas = __webpack_require__(4528);
;// CONCATENATED MODULE: ./src/api/schemas.ts


/**
 * Response shapes of the admin API. Every object is loose (unknown fields are kept and ignored)
 * and statuses are free strings, because the API documents only part of what it sends.
 */
/**
 * Progress as a percentage 0-100, as the vendor documents it, from a number or a string such as
 * "45" or "45%". A value below 1 is a small percentage, never a fraction: 0.5 means 0.5 %.
 */
function normalizeProgress(value) {
    if (typeof value === 'number')
        return clampPercent(value);
    if (typeof value === 'string' && /^\s*\d*\.?\d+\s*%?\s*$/.test(value))
        return clampPercent(Number.parseFloat(value));
    return undefined;
}
function clampPercent(value) {
    if (!Number.isFinite(value))
        return undefined;
    return Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;
}
/** A count (pages, bytes) as a whole number, from a number or a numeric string. */
function parseWholeNumber(value) {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number) || number < 0)
        return undefined;
    return Math.floor(number);
}
/**
 * A timestamp as ISO 8601 UTC, from an ISO string with any offset, or epoch seconds or milliseconds
 * (as a number or a numeric string). Numbers below 1e11 are taken as seconds: that is the year 5138.
 */
function normalizeTimestamp(value) {
    let date;
    if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))) {
        const number = Number(value);
        date = new Date(number < 1e11 ? number * 1000 : number);
    }
    else if (typeof value === 'string' && value.trim() !== '') {
        date = new Date(value.trim());
    }
    else
        return undefined;
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
const jobIdField = schemas/* union */.KCZ([schemas/* string */.YjP().min(1).transform(log_text/* oneLine */.TN), schemas/* number */.aig().transform(String)]);
const ExportJobBody = schemas/* looseObject */._H3({
    jobId: jobIdField.optional(),
    id: jobIdField.optional(),
    status: schemas/* string */.YjP().min(1).optional(),
    progress: schemas/* unknown */.L5J().optional(),
    pageCount: schemas/* unknown */.L5J().optional(),
    error: schemas/* unknown */.L5J().optional(),
    bundleUrl: schemas/* unknown */.L5J().optional(),
    expiresAt: schemas/* unknown */.L5J().optional(),
    sizeBytes: schemas/* unknown */.L5J().optional()
});
/** The start call's answer: a job id is required; a status is optional (the vendor sends `queued`). */
const StartResponse = ExportJobBody.refine((body) => body.jobId ?? body.id, {
    error: 'no jobId in the response'
}).transform((body) => toExportJob(body, 'queued'));
const ExportJobResponse = ExportJobBody.refine((body) => body.status, {
    error: 'no status in the response'
})
    .refine((body) => body.bundleUrl === undefined || body.bundleUrl === null || BundleFields.safeParse(body).success, {
    error: 'bundleUrl is not an http(s) link'
})
    .transform((body) => toExportJob(body, ''));
function toExportJob(body, fallbackStatus) {
    const link = body.bundleUrl === undefined || body.bundleUrl === null ? undefined : BundleResponse.safeParse(body);
    return {
        jobId: body.jobId ?? body.id ?? '',
        status: (0,log_text/* oneLine */.TN)((body.status ?? fallbackStatus).trim().toLowerCase()),
        progress: normalizeProgress(body.progress),
        pageCount: parseWholeNumber(body.pageCount),
        error: errorText(body.error),
        ...(link?.success ? { bundle: link.data } : {})
    };
}
const BundleFields = schemas/* looseObject */._H3({
    bundleUrl: schemas/* url */.OZ5({ protocol: /^https?$/, error: 'bundleUrl is not an http(s) link' }),
    expiresAt: schemas/* unknown */.L5J().optional(),
    sizeBytes: schemas/* unknown */.L5J().optional()
});
const BundleResponse = BundleFields.transform((body) => ({
    bundleUrl: body.bundleUrl,
    expiresAt: normalizeTimestamp(body.expiresAt),
    sizeBytes: parseWholeNumber(body.sizeBytes)
}));
const AgentJobResponse = schemas/* looseObject */._H3({
    id: jobIdField.optional(),
    status: schemas/* string */.YjP().min(1, { error: 'no status in the response' }),
    source: schemas/* looseObject */._H3({ repository: schemas/* string */.YjP().nullish(), ref: schemas/* string */.YjP().nullish() }).nullish(),
    model: schemas/* string */.YjP().nullish(),
    // An output, a log line and a comment: only a real http(s) link, in its parsed form.
    prLink: schemas/* preprocess */.vkY((value) => (value === '' ? null : value), schemas/* url */.OZ5({ protocol: /^https?$/, error: 'prLink is not an http(s) link' })
        .transform((link) => new URL(link).href)
        .nullish()),
    createdAt: schemas/* unknown */.L5J().optional(),
    archivedAt: schemas/* unknown */.L5J().optional()
})
    .transform((body) => ({
    id: body.id ?? '',
    status: (0,log_text/* oneLine */.TN)(body.status.trim().toLowerCase()),
    repository: optionalLine(body.source?.repository),
    ref: optionalLine(body.source?.ref),
    model: optionalLine(body.model),
    prLink: body.prLink || undefined,
    createdAt: normalizeTimestamp(body.createdAt),
    archivedAt: normalizeTimestamp(body.archivedAt)
}));
/**
 * The created job (201): its id is required, since every later call names it; a missing status is
 * the `active` that a new job has.
 */
const CreatedAgentJobResponse = schemas/* preprocess */.vkY((body) => (body && typeof body === 'object' && !('status' in body) ? { ...body, status: 'active' } : body), AgentJobResponse)
    .refine((job) => job.id !== '', { error: 'no id in the response' });
/** The answer to a follow-up: the job as it then is, where the answer carries one. */
const FollowUpResponse = schemas/* unknown */.L5J().transform((body) => AgentJobResponse.safeParse(body).data);
function optionalLine(value) {
    return value ? (0,log_text/* oneLine */.TN)(value) : undefined;
}
/** The `error` text of an error body, whether a string or an object with a message. */
function errorText(value) {
    if (typeof value === 'string')
        return (0,log_text/* oneLine */.TN)(value.trim()) || undefined;
    if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
        return (0,log_text/* oneLine */.TN)(value.message);
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/api/client.ts













/** Statuses that mean the server refused the request before acting on it. */
const NOT_RECEIVED_STATUSES = new Set([429, 503]);
/** The admin API: each method is one documented endpoint, with its schema and retry rule. */
class ApiClient {
    options;
    constructor(options) {
        this.options = options;
    }
    /**
     * Starts an export in the flow given. In the project-scoped flow nothing of `request` is sent.
     * Fails with the code `endpoint-gone` when the unscoped start is gone (404 or 405), `export-busy`
     * on a 409, `rate-limited` on a 429 that cannot be waited out, `input` when the API calls the
     * project id malformed, `access-refused` on 401 and 403.
     */
    startExport(request, options = {}) {
        const flow = options.flow ?? UNSCOPED_FLOW;
        return this.send(startExportCall(flow), StartResponse, {
            body: flow.kind === 'unscoped' ? request : undefined,
            headers: { 'idempotency-key': options.idempotencyKey ?? (0,external_node_crypto_.randomUUID)() }
        });
    }
    /**
     * startExport, starting again while another export of the deployment is running (409), as
     * busy.ts says; with `wait: false` a 409 fails at once. Each start has an idempotency key of its own.
     */
    startExportWhenFree(request, options) {
        const { run, sleep } = this.options;
        return startWhenFree(() => this.startExport(request, { flow: options.flow }), { wait: options.wait, run, sleep });
    }
    /**
     * Reads an export job in the flow given. In the project-scoped flow a completed job carries its
     * link (`bundle`), fresh on each read, and no progress or page count.
     */
    async getExportJob(jobId, flow = UNSCOPED_FLOW) {
        const job = await this.send(readExportCall(flow, jobId), ExportJobResponse);
        return { ...job, jobId: job.jobId || jobId };
    }
    /** The unscoped flow's link to a completed job's archive. */
    generateBundle(jobId) {
        return this.send(generateBundleCall(jobId), BundleResponse);
    }
    async getAgentJob(projectId, jobId) {
        const job = await this.send(readAgentJobCall(projectId, jobId), AgentJobResponse);
        return { ...job, id: job.id || jobId };
    }
    /** Creates an agent job from a prompt (201, `active`); sent again only where the API cannot have acted on it. */
    createAgentJob(projectId, prompt) {
        return this.send(createAgentJobCall(projectId), CreatedAgentJobResponse, { body: { prompt } });
    }
    /**
     * Sends a follow-up to an agent job (200); sent again only where the API cannot have acted on
     * it. The job as the answer shows it, when it shows one: it may still report the outcome from
     * before the message.
     */
    async sendAgentMessage(projectId, jobId, prompt) {
        const job = await this.send(sendAgentMessageCall(projectId, jobId), FollowUpResponse, { body: { prompt } });
        return job && { ...job, id: job.id || jobId };
    }
    send(call, schema, options = {}) {
        const { host, deadline, cancellation } = this.options.run;
        return (0,retry/* retry */.L5)(() => this.attempt(call, schema, options), {
            attempts: net/* ATTEMPTS */.PY,
            baseDelayMs: this.options.retryBaseDelayMs,
            maxDelayMs: net/* MAX_BACKOFF_MS */.BT,
            // The API's limits are counted per hour: an attempt before the time it asks for meets
            // another 429. Its wait is kept whole; one that does not fit fails at once (attempt()).
            maxRetryAfterMs: Infinity,
            deadline: deadline.at,
            signal: cancellation,
            sleep: this.options.sleep,
            onRetry: (error, attempt, delayMs) => host.info((0,core_message/* message */.iU) `${(0,errors/* asClause */.eI)((0,errors/* textOf */.b6)(error))}; ${(0,retry/* retryNote */.vT)(delayMs, attempt, net/* ATTEMPTS */.PY)}`)
        });
    }
    async attempt(call, schema, options) {
        const { host, cancellation, deadline } = this.options.run;
        const { method, repeatable } = endpointOf(call);
        const timeoutMs = this.requestTimeout();
        const url = `${this.options.baseUrl}${call.path}`;
        host.debug(`${method} ${call.path}`);
        let response;
        try {
            response = await (0,undici/* request */.Em)(url, {
                dispatcher: this.options.dispatcher ?? this.options.run.network.dispatcher,
                method,
                signal: cancellation,
                headersTimeout: timeoutMs,
                bodyTimeout: timeoutMs,
                headers: {
                    authorization: `Bearer ${this.options.apiKey}`,
                    accept: 'application/json',
                    'user-agent': user_agent/* USER_AGENT */._O,
                    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
                    ...options.headers
                },
                body: options.body === undefined ? undefined : JSON.stringify(options.body)
            });
        }
        catch (error) {
            throw networkError(call, error);
        }
        const contentType = (0,net/* header */.wx)(response.headers['content-type']);
        let body;
        try {
            body = await (0,net/* readBounded */.CB)(response.body, (0,net/* header */.wx)(response.headers['content-length']));
        }
        catch (error) {
            throw networkError(call, error);
        }
        if (!body) {
            throw new ApiError(call, `sent an answer larger than ${net/* ANSWER_BOUND */.E$} (content type ${contentType ?? 'not given'}); it was not read further`, {
                code: 'too-large'
            });
        }
        const text = body.toString('utf8');
        const { statusCode } = response;
        if (statusCode < 200 || statusCode >= 300) {
            const retryAfterMs = (0,retry/* parseRetryAfter */.mu)(response.headers['retry-after']);
            // A rate limit whose wait ends past the deadline is not waited for: the run ends now and says when to try again.
            const waitTooLong = statusCode === 429 && retryAfterMs !== undefined && !(0,retry/* fitsBefore */.gs)(deadline.at, retryAfterMs);
            const retryable = !waitTooLong && (repeatable === 'always' ? net/* RETRYABLE_STATUSES */.U3 : NOT_RECEIVED_STATUSES).has(statusCode);
            const mayHaveActed = !retryable && !waitTooLong && net/* RETRYABLE_STATUSES */.U3.has(statusCode);
            throw new ApiError(call, 'failed', {
                status: statusCode,
                detail: errorDetail(text),
                retryable,
                retryAfterMs,
                url,
                advice: waitTooLong ? tryAgainAfter(retryAfterMs) : mayHaveActed ? endpointOf(call).mayHaveActed : undefined
            });
        }
        return parseBody(call, schema, text, contentType, host);
    }
    /**
     * A single request may use the whole request timeout, but not run past the deadline by more than
     * the one second a last status read right at the deadline needs.
     */
    requestTimeout() {
        return Math.max(1000, Math.min(this.options.requestTimeoutMs, this.options.run.deadline.remainingMs()));
    }
}
function networkError(call, error) {
    if (error instanceof Error && error.name === 'AbortError')
        return error;
    const code = (0,errors/* systemCode */.xU)(error);
    const known = code !== undefined && net/* NETWORK_CODES */.Co.has(code);
    const { repeatable, mayHaveActed } = endpointOf(call);
    const retryable = known && (repeatable === 'always' || net/* NOT_SENT_CODES */.my.has(code));
    const reason = code?.includes('TIMEOUT')
        ? 'got no response in time'
        : `failed to reach the API (${code ?? error.message})`;
    return new ApiError(call, reason, {
        code: code?.includes('TIMEOUT') ? 'timeout' : 'network',
        retryable,
        advice: known && !retryable ? mayHaveActed : undefined,
        cause: error
    });
}
function parseBody(call, schema, text, contentType, host) {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        // The step's error keeps to the call and the body's first bytes; the log says what the server called it.
        host.info(`The answer to ${describeCall(call)} is not JSON; its content type: ${contentType ?? 'not given'}`);
        throw new ApiError(call, `returned something that is not JSON: ${firstBytes(text) || '(an empty body)'}`, {
            code: 'not-json'
        });
    }
    const result = schema.safeParse(json);
    if (!result.success) {
        const problem = result.error.issues.map((issue) => issue.message).join('; ');
        throw new ApiError(call, `returned an unexpected response (${problem}): ${firstBytes(text)}`, {
            code: 'unexpected-response'
        });
    }
    return result.data;
}
/** The API's `{ error }` text, or the first bytes of whatever came back instead. */
function errorDetail(text) {
    try {
        const body = JSON.parse(text);
        const message = body && typeof body === 'object' && 'error' in body ? errorText(body.error) : undefined;
        if (message)
            return message;
    }
    catch {
        // Not JSON: a proxy's HTML page, for instance. Its first bytes are the best clue.
    }
    return text.trim() ? firstBytes(text) : undefined;
}
/**
 * The start of a body for an error message: on one line, and without the query of any link in it,
 * since a status or bundle body may carry the presigned link before it is masked.
 */
function firstBytes(text, length = 200) {
    const flat = (0,log_text/* oneLine */.TN)(text.replace(/\s+/g, ' ').trim()).replace(/(https?:\/\/[^\s"'?]*)\?[^\s"']*/gi, '$1?…');
    return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

// EXTERNAL MODULE: ./src/core/deadline.ts
var core_deadline = __webpack_require__(6343);
// EXTERNAL MODULE: ./src/core/layout.ts
var core_layout = __webpack_require__(6585);
// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(8500);
;// CONCATENATED MODULE: ./src/core/poll.ts

/** Polls are spaced out on long jobs to at most this, unless the user asked for longer. */
const MAX_STRETCHED_INTERVAL_MS = 30_000;
/**
 * The gap before the next poll: the configured interval, stretched to a tenth of the time
 * already waited, so a ten-minute job is not polled every five seconds throughout.
 */
function nextIntervalMs(intervalMs, elapsedMs) {
    return Math.max(intervalMs, Math.min(MAX_STRETCHED_INTERVAL_MS, elapsedMs / 10));
}
/** Reads until the state is final or the deadline passes; a timeout is an outcome, not an error. */
async function pollUntil(options) {
    const sleep = options.sleep ?? ((ms, signal) => (0,external_node_timers_promises_.setTimeout)(ms, undefined, { signal }));
    const startedAt = Date.now();
    let state;
    for (let polls = 1;; polls++) {
        state = await options.read();
        const elapsedMs = Date.now() - startedAt;
        options.onState?.(state, elapsedMs);
        if (options.isFinished(state))
            return { finished: true, state, elapsedMs, polls };
        const remainingMs = options.deadline.remainingMs();
        if (remainingMs <= 0)
            return { finished: false, state, elapsedMs, polls };
        // The last sleep is cut short so that one final read happens right at the deadline.
        await sleep(Math.min(nextIntervalMs(options.intervalMs, elapsedMs), remainingMs), options.signal);
    }
}

;// CONCATENATED MODULE: ./src/report/outputs.ts
/**
 * Every output, described once: which commands set it, what kind of value it holds, and what it
 * means. action.yml's outputs and the README's table are written from this list (`npm run docs`);
 * the command line derives its --json keys, its variable names and its help from it.
 */
const OUTPUTS = {
    'job-id': {
        commands: ['export'],
        kind: 'text',
        afterFailure: true,
        description: "The export job's id, also on failure and on timeout (so a later run can resume it)."
    },
    status: {
        commands: ['export', 'agent-job'],
        kind: 'text',
        afterFailure: true,
        description: 'The last status seen (`completed`, `failed`, `archived`, ...), for `export` and `agent-job`.'
    },
    'page-count': {
        commands: ['export'],
        kind: 'count',
        afterFailure: true,
        description: 'Pages exported, as a whole number.'
    },
    'bundle-url': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: 'The presigned link to the archive.'
    },
    'expires-at': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: 'When the link stops working, as ISO 8601 UTC (whatever form the API used).'
    },
    'bundle-path': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: 'With `download`: absolute path of the downloaded archive, named by the action `bundle-<job id>.<kind>` (`tar.gz`, `tar.zst`, `tar` or `zip`, from its bytes).'
    },
    'bundle-sha256': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: 'With `download`: SHA-256 of the archive, hex.'
    },
    'site-path': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: 'With `extract`: absolute path of the unpacked site (its `index.html` at the top).'
    },
    'verify-report-path': {
        commands: ['export'],
        kind: 'text',
        afterFailure: true,
        description: "With `extract`, unless `verify: off`: absolute path of the site check's JSON report; its schema is in docs/report.md."
    },
    'helm-values-path': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: "Once the export has succeeded: a values file for the vendor's enterprise Helm chart (`staticExport.enabled: true`, `staticExport.bundleUrl`: the copy's link with `mirror-to`, else the presigned one; `staticExport.version` when `version` is given, or with `mirror-to` the archive's SHA-256), with owner-only permissions. Written only then: no values file comes of a failed run."
    },
    'agent-job-id': {
        commands: ['agent-job'],
        kind: 'text',
        afterFailure: true,
        description: "For `agent-job`, the agent job's id: the one given, or the one started from `prompt`, set as soon as the job exists."
    },
    'pr-link': {
        commands: ['agent-job'],
        kind: 'text',
        afterFailure: true,
        description: 'For `agent-job`, the pull request URL the agent opened, or empty.'
    },
    'comment-url': {
        commands: ['agent-job'],
        kind: 'text',
        afterFailure: true,
        description: 'For `agent-job` with `comment-on`, the URL of the comment made or updated.'
    },
    'mirror-url': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: 'With `mirror-to`: the durable link to the copy, which the Helm values carry: `mirror-public-url` + `/` + key for S3; `mirror-public-url` + `/v2/REPOSITORY/blobs/sha256:…` for OCI.'
    },
    'mirror-ref': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: 'With an `oci://` `mirror-to`: the artifact pinned by its digest, `HOST/REPOSITORY@sha256:<manifest digest>`.'
    },
    'publish-url': {
        commands: ['export'],
        kind: 'text',
        afterFailure: true,
        description: "With `publish-to`: where the site is served: `publish-public-url`, else PREFIX's path-style URL on the endpoint (which serves visitors only where a bucket policy lets them)."
    },
    'publish-uploaded': {
        commands: ['export'],
        kind: 'count',
        afterFailure: true,
        description: "With `publish-to`: files of the site uploaded (new or changed), as a whole number; the pages' route copies are not counted. On a dry run: what would be uploaded."
    },
    'publish-unchanged': {
        commands: ['export'],
        kind: 'count',
        afterFailure: true,
        description: 'With `publish-to`: files of the site the bucket held already, as a whole number.'
    },
    'publish-deleted': {
        commands: ['export'],
        kind: 'count',
        afterFailure: true,
        description: 'With `publish-to`: objects deleted (removed pages, and removed files kept `publish-keep-removed` publishes), as a whole number.'
    },
    'publish-changes-path': {
        commands: ['export'],
        kind: 'text',
        afterFailure: true,
        description: "With `publish-to`: absolute path of `publish-changes.json`, a JSON list of the paths uploaded and deleted (`/guides/a.html`, and a page's route `/guides/a` with it), as a CDN's invalidation takes them. On a dry run: what would change."
    },
    'publish-plan-path': {
        commands: ['export'],
        kind: 'text',
        afterFailure: true,
        description: 'With `publish-to`: absolute path of `publish-plan.json`: every key the publish uploads, deletes or keeps, each with its reason (docs/publish.md), written before the first change; also by a dry run and by the safety stop.'
    },
    'manifest-path': {
        commands: ['export'],
        kind: 'text',
        afterFailure: false,
        description: "With `extract`: absolute path of `manifest.json` (beside the site): the job, the domain, the label, the archive's SHA-256, and every file with its size and SHA-256."
    },
    'files-added': {
        commands: ['export'],
        kind: 'count',
        afterFailure: true,
        description: 'With `compare-to`: files in this export and not in the previous one, as a whole number.'
    },
    'files-removed': {
        commands: ['export'],
        kind: 'count',
        afterFailure: true,
        description: 'With `compare-to`: files in the previous export and not in this one, as a whole number.'
    },
    'files-changed': {
        commands: ['export'],
        kind: 'count',
        afterFailure: true,
        description: 'With `compare-to`: files whose content changed, as a whole number.'
    },
    'changes-path': {
        commands: ['export'],
        kind: 'text',
        afterFailure: true,
        description: 'With `compare-to`: absolute path of `changes.json`, the lists behind those numbers.'
    },
    'deployment-status': {
        commands: ['check-deployment'],
        kind: 'text',
        afterFailure: true,
        description: 'For `check-deployment`: `current`, `partial`, `stale` or `unreachable`.'
    },
    'files-matching': {
        commands: ['check-deployment'],
        kind: 'count',
        afterFailure: true,
        description: 'For `check-deployment`: files served as the manifest has them, as a whole number.'
    },
    'files-compared': {
        commands: ['check-deployment'],
        kind: 'count',
        afterFailure: true,
        description: 'For `check-deployment`: files compared, as a whole number.'
    },
    'deployment-report-path': {
        commands: ['check-deployment'],
        kind: 'text',
        afterFailure: true,
        description: 'For `check-deployment`: absolute path of the JSON report: each file compared, its expected and served SHA-256 and status; each route tried.'
    }
};
/**
 * Every value the run learned, by output; an output whose value the run never reached is left out.
 * After a failure or a timeout `job-id` and the last status seen are there, so a later step can
 * tell where the job was and resume it.
 */
function valuesOf(report) {
    const outputs = {};
    if (report.command === 'agent-job') {
        const { job, outcome } = report;
        if (report.agentJobId)
            outputs['agent-job-id'] = report.agentJobId;
        if (job?.status)
            outputs.status = job.status;
        if (outcome)
            outputs['pr-link'] = outcome.prLink ?? '';
        if (report.commentUrl !== undefined)
            outputs['comment-url'] = report.commentUrl;
        return outputs;
    }
    if (report.command === 'check-deployment') {
        const { deployment } = report;
        if (deployment) {
            outputs['deployment-status'] = deployment.status;
            outputs['files-matching'] = String(deployment.counts.filesMatching);
            outputs['files-compared'] = String(deployment.counts.filesCompared);
        }
        if (report.reportPath !== undefined)
            outputs['deployment-report-path'] = report.reportPath;
        return outputs;
    }
    const { jobId, job, pageCount, bundle, archive, siteCheck } = report;
    if (jobId !== undefined)
        outputs['job-id'] = jobId;
    if (job?.status)
        outputs.status = job.status;
    if (pageCount !== undefined)
        outputs['page-count'] = String(pageCount);
    if (bundle) {
        outputs['bundle-url'] = bundle.bundleUrl;
        outputs['expires-at'] = bundle.expiresAt ?? '';
    }
    if (report.helmValuesPath !== undefined)
        outputs['helm-values-path'] = report.helmValuesPath;
    if (archive) {
        outputs['bundle-path'] = archive.path;
        outputs['bundle-sha256'] = archive.sha256;
    }
    if (report.sitePath !== undefined)
        outputs['site-path'] = report.sitePath;
    if (siteCheck)
        outputs['verify-report-path'] = siteCheck.reportPath;
    if (report.mirror) {
        outputs['mirror-url'] = report.mirror.url;
        if (report.mirror.ref)
            outputs['mirror-ref'] = report.mirror.ref;
    }
    if (report.publish) {
        outputs['publish-url'] = report.publish.url;
        outputs['publish-uploaded'] = String(report.publish.uploaded);
        outputs['publish-unchanged'] = String(report.publish.unchanged);
        outputs['publish-deleted'] = String(report.publish.deleted);
        outputs['publish-changes-path'] = report.publish.changesPath;
        outputs['publish-plan-path'] = report.publish.planPath;
    }
    if (report.manifestPath !== undefined)
        outputs['manifest-path'] = report.manifestPath;
    if (report.changes) {
        const { counts } = report.changes.changes;
        outputs['files-added'] = String(counts.added);
        outputs['files-removed'] = String(counts.removed);
        outputs['files-changed'] = String(counts.changed);
        outputs['changes-path'] = report.changes.path;
    }
    return outputs;
}
/** The step's outputs: what the run learned, but after a failure only what stays set then (`afterFailure`). */
function outputsOf({ report, failure }) {
    const values = valuesOf(report);
    if (failure === undefined)
        return values;
    return Object.fromEntries(Object.entries(values).filter(([name]) => OUTPUTS[name].afterFailure));
}
/** The outputs the run reached but leaves unset after its failure, in the order of OUTPUTS. */
function withheldOutputs({ report, failure }) {
    if (failure === undefined)
        return [];
    const values = valuesOf(report);
    return Object.keys(OUTPUTS).filter((name) => name in values && !OUTPUTS[name].afterFailure);
}
/**
 * Sets the outputs of a run: at its end, and as soon as a job id is known. After a failure the log
 * names those it leaves unset.
 */
function setOutputs(host, ended) {
    for (const [name, value] of Object.entries(outputsOf(ended)))
        host.setOutput(name, value);
    const withheld = withheldOutputs(ended);
    if (withheld.length > 0)
        host.info(`Not set after the failure: ${withheld.join(', ')} (${withheldWhy(ended.report)})`);
}
/**
 * Why outputs are left unset after a failure, as the log and the job summary say it. A publish
 * that went through changed the bucket whatever failed after it: its outputs are set, and said so.
 */
function withheldWhy(report) {
    const published = report.command === 'export' && report.publish
        ? `the bucket holds publish ${report.publish.serial} all the same, and the publish's outputs say what changed; nothing else`
        : 'nothing';
    return `${published} handed on points at a run that failed; its files stay in the output folder`;
}

;// CONCATENATED MODULE: ./src/commands/agent.ts





/** The statuses an agent job ends with. */
const FINAL_STATUSES = new Set(['completed', 'archived', 'failed']);
/**
 * Starts an agent job from the prompt, or sends the prompt to the job as a follow-up, then reads
 * the job (until it ends, unless wait is false), reports its pull request and comments it. The
 * report holds what each step returned, after a failure too.
 */
async function followAgentJob(settings, { run, client, comment }) {
    const { host } = run;
    const { projectId } = settings;
    const startedAt = Date.now();
    const prompt = settings.prompt === undefined ? undefined : firstLine(settings.prompt);
    let agentJobId = settings.agentJobId;
    /** The last state read. */
    let job;
    let outcome;
    let commentUrl;
    const report = () => ({ command: 'agent-job', startedAt, agentJobId, prompt, job, outcome, commentUrl });
    try {
        const begun = await begin(settings, client, run);
        agentJobId = begun.agentJobId;
        const name = `agent job ${agentJobId} (project ${projectId})`;
        try {
            outcome = await host.group(`Wait for ${name}`, () => waitForAgentJob(settings, begun, client, run, (state) => {
                job = state;
            }));
        }
        catch (error) {
            if (run.cancellation.aborted)
                throw (0,errors/* cancelledError */.YQ)(`while waiting for ${name}`, 'The agent keeps working');
            throw error;
        }
        if (!outcome)
            return { report: report() };
        const ended = outcome;
        if (ended.prLink)
            host.info(`The agent opened ${ended.prLink}`);
        else if (ended.status === 'completed')
            host.info('The agent finished without changing any files: no pull request');
        if (ended.status === 'archived')
            host.notice(`The ${name} is archived`);
        if (settings.commentOn !== undefined && comment) {
            const request = { issueNumber: settings.commentOn, projectId, agentJobId: begun.agentJobId, prompt };
            commentUrl = await host.group(`Comment on #${request.issueNumber}`, () => comment(ended, request, run));
        }
        if (ended.status === 'failed')
            throw new errors/* ActionError */.lZ(`The ${name} failed`, { code: 'job-failed' });
        return { report: report() };
    }
    catch (error) {
        return { report: report(), failure: error };
    }
}
/** Creates the job from the prompt, or sends the prompt to the job as a follow-up; with no prompt, nothing. */
async function begin(settings, client, run) {
    const { host } = run;
    const { projectId, prompt, agentJobId } = settings;
    if (prompt === undefined)
        return { agentJobId: agentJobId ?? '' };
    const shown = JSON.stringify(firstLine(prompt));
    if (agentJobId === undefined) {
        const created = await host.group(`Start an agent job in project ${projectId}`, () => client.createAgentJob(projectId, prompt));
        host.info(`Started agent job ${created.id} from the prompt ${shown} (${prompt.length} characters)`);
        // Known at once, so that a run stopped before its end still says which job it started.
        setOutputs(host, { report: { command: 'agent-job', startedAt: Date.now(), agentJobId: created.id } });
        return { agentJobId: created.id };
    }
    return host.group(`Send a follow-up to agent job ${agentJobId}`, async () => {
        const before = await client.getAgentJob(projectId, agentJobId);
        const answer = await client.sendAgentMessage(projectId, agentJobId, prompt);
        host.info(`Sent the prompt ${shown} (${prompt.length} characters) to agent job ${agentJobId}, which was ${before.status}`);
        return { agentJobId, before, activeAgain: answer?.status === 'active' };
    });
}
/**
 * The job once it ended (or as read once, with wait: false), telling `onState` of every state read.
 *
 * After a follow-up, the API does not say how soon the job turns `active` again: a final status
 * read before it did is the outcome of the work before the message. So a final status counts only
 * once the job has been seen active since the message (its answer included), or once it reads
 * otherwise than just before the message (another status, another pull request). With wait: false
 * a job that still reads as before has no new outcome yet: undefined.
 */
async function waitForAgentJob(settings, begun, client, run, onState) {
    const { projectId } = settings;
    const { agentJobId, before } = begun;
    let activeAgain = begun.activeAgain ?? false;
    const isNewOutcome = (job) => FINAL_STATUSES.has(job.status) &&
        (before === undefined || activeAgain || job.status !== before.status || job.prLink !== before.prLink);
    const read = async () => {
        const job = await client.getAgentJob(projectId, agentJobId);
        if (job.status === 'active')
            activeAgain = true;
        onState(job);
        return job;
    };
    if (!settings.wait) {
        const job = await read();
        if (isNewOutcome(job) || !FINAL_STATUSES.has(job.status))
            return job;
        run.host.info(`Agent job ${agentJobId} still shows its outcome from before the follow-up (${job.status}); not waiting`);
        return undefined;
    }
    let lastStatus = '';
    let saidStale = false;
    const outcome = await pollUntil({
        read,
        isFinished: isNewOutcome,
        onState: (job, elapsedMs) => {
            if (!isNewOutcome(job) && FINAL_STATUSES.has(job.status) && !saidStale) {
                run.host.info(`Agent job ${agentJobId} still shows its outcome from before the follow-up (${job.status}): waiting for it to take the prompt`);
                saidStale = true;
            }
            if (job.status === lastStatus)
                return;
            run.host.info(`Agent job ${agentJobId}: ${job.status} · ${(0,format/* formatSeconds */.Xo)(elapsedMs)} elapsed`);
            lastStatus = job.status;
        },
        intervalMs: settings.pollIntervalMs,
        deadline: run.deadline,
        signal: run.cancellation
    });
    if (!outcome.finished) {
        const stale = outcome.state && before && FINAL_STATUSES.has(outcome.state.status);
        throw new errors/* ActionError */.lZ(`Agent job ${agentJobId} (project ${projectId}) did not finish within ${(0,format/* formatSeconds */.Xo)(settings.timeoutMs)} ` +
            (stale
                ? `(it still shows its outcome from before the follow-up: ${outcome.state?.status}); the agent may still take the prompt`
                : `(last status: ${outcome.state?.status ?? 'unknown'}); the agent keeps working`), { code: 'job-timeout' });
    }
    return outcome.state;
}
/** A prompt as logs, the summary and the comment show it: its first line, on one line. */
function firstLine(prompt) {
    return (0,log_text/* oneLine */.TN)(prompt.trim().split(/\r?\n/, 1)[0] ?? '');
}

// EXTERNAL MODULE: ./src/core/document.ts
var core_document = __webpack_require__(9354);
// EXTERNAL MODULE: ./src/deployment/check.ts + 2 modules
var check = __webpack_require__(4503);
// EXTERNAL MODULE: ./src/deployment/report.ts
var deployment_report = __webpack_require__(5513);
// EXTERNAL MODULE: ./src/manifest/read.ts
var read = __webpack_require__(8553);
;// CONCATENATED MODULE: ./src/commands/check-deployment.ts






/**
 * Reads the manifest of the export that should be live, compares what `url` serves with it until
 * the deployment is current or the deadline comes, and writes the report; a deployment that is
 * not current is the step's error.
 */
async function checkDeploymentCommand(settings, run, retryBaseDelayMs) {
    const { host, deadline } = run;
    const startedAt = Date.now();
    let deployment;
    let reportPath;
    const report = () => ({ command: 'check-deployment', startedAt, deployment, reportPath });
    const url = new URL(settings.url);
    if (url.protocol === 'http:') {
        host.notice((0,core_message/* message */.iU) `${(0,core_message/* inputSubject */.By)('url')} is plain http (${url.origin}): nothing secret is sent, but a machine on the way could serve other bytes than the site`);
    }
    try {
        const manifest = await host.group('Read the manifest', () => (0,read/* readManifest */.W)(settings.manifest, (0,core_document/* documentOptions */.gC)(run, retryBaseDelayMs)));
        const checked = await host.group(`Check the deployment at ${url.origin}`, () => (0,check/* checkDeployment */.Q)({
            url: settings.url,
            manifest,
            checkFiles: settings.checkFiles,
            deadline: deadline.at,
            pollIntervalMs: settings.pollIntervalMs,
            signal: run.cancellation,
            retryBaseDelayMs,
            dispatcher: run.network.dispatcher,
            host
        }));
        deployment = checked;
        const layout = await run.output.layout(manifest.jobId);
        await (0,deployment_report/* writeDeploymentReport */.fJ)(checked, layout.deploymentReport);
        reportPath = layout.deploymentReport;
        host.info(`Deployment report: ${layout.deploymentReport}`);
        if (checked.status !== 'current')
            throw (0,deployment_report/* deploymentError */.qK)(checked, reportPath);
        return { report: report() };
    }
    catch (error) {
        const failure = run.cancellation.aborted ? (0,errors/* cancelledError */.YQ)(`while checking the deployment at ${url.origin}`) : error;
        return { report: report(), failure };
    }
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/api/export-flow.ts




/**
 * Starts the export, or takes the job `export-job-id` names, in the flow that the API serves: by
 * domain (the vendor's published flow), or under the project (its proposed rewrite) when
 * `project-id` is given without `domain`, or with both once the start by domain is gone.
 */
async function startOrReuse(settings, client, run) {
    const { host } = run;
    const { domain, projectId, exportJobId } = settings;
    if (exportJobId) {
        host.info(`Using the existing export job ${exportJobId}`);
        const job = { jobId: exportJobId, status: '' };
        if (!domain && projectId)
            return { job, flow: projectFlow(projectId) };
        if (!projectId)
            return { job, flow: UNSCOPED_FLOW };
        return { job, flow: await flowOfJob(exportJobId, projectId, client, run) };
    }
    const request = {
        domain: domain ?? '',
        ...(settings.paths.length > 0 ? { paths: settings.paths } : {}),
        ...(settings.version ? { version: settings.version } : {})
    };
    const start = async (flow) => {
        if (flow.kind === 'project' && settings.paths.length > 0) {
            host.warning((0,core_message/* message */.iU) `${(0,core_message/* inputSubject */.By)('paths')} does nothing in the project-scoped flow: its start takes no list of pages`);
        }
        // The project-scoped start answers 409 while another export of the deployment runs, and gives
        // no way to find it: that one is waited out. The published start documents no such answer.
        const job = flow.kind === 'project'
            ? await client.startExportWhenFree(request, { flow, wait: settings.wait })
            : await client.startExport(request, { flow });
        const what = flow.kind === 'project' ? `project ${flow.projectId}` : request.domain;
        host.info(`Started export job ${job.jobId} for ${what} (${job.status || 'accepted'})`);
        return { job, flow };
    };
    if (!domain && projectId)
        return start(projectFlow(projectId));
    if (!projectId)
        return start(UNSCOPED_FLOW);
    try {
        const started = await start(UNSCOPED_FLOW);
        host.notice(`Export started by domain (POST /v1/static-export/jobs), the flow the API serves; the project-scoped one is used once it is gone`);
        return started;
    }
    catch (error) {
        if (!(error instanceof ApiError && error.code === 'endpoint-gone'))
            throw error;
        host.notice(`Export started under project ${projectId} (POST /v1/static-export/${projectId}/jobs): the start by domain answered HTTP ${error.status}`);
        return start(projectFlow(projectId));
    }
}
/** The flow of an existing job when both are possible: by domain, unless the API does not serve that read. */
async function flowOfJob(jobId, projectId, client, { host }) {
    try {
        await client.getExportJob(jobId, UNSCOPED_FLOW);
        return UNSCOPED_FLOW;
    }
    catch (error) {
        if (!(error instanceof ApiError && (error.status === 404 || error.status === 405)))
            throw error;
        host.notice(`Export job ${jobId} is read under project ${projectId}: the read by domain answered HTTP ${error.status}`);
        return projectFlow(projectId);
    }
}
/**
 * The link the completed job's status carries, where it carries one (read again for a fresh one);
 * otherwise one from the bundle endpoint, which the project-scoped flow does not have.
 */
async function bundleLink(job, flow, client, fresh, host) {
    if (job.bundle && !fresh) {
        host.info('The job status carries the bundle link: no bundle call needed');
        return job.bundle;
    }
    if (job.bundle || flow.kind === 'project') {
        const read = await client.getExportJob(job.jobId, flow);
        if (read.bundle)
            return read.bundle;
    }
    if (flow.kind === 'project') {
        throw new errors/* ActionError */.lZ(`Export job ${job.jobId} is completed, but its status carries no link to its archive (bundleUrl)`, {
            code: 'unexpected-response',
            namesJob: true
        });
    }
    return client.generateBundle(job.jobId);
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
;// CONCATENATED MODULE: ./src/core/disk.ts

/** Kept free on the runner's disk for the steps that follow: neither the download nor the unpacking takes it. */
const FREE_SPACE_RESERVE_BYTES = 256 * 1024 * 1024;
/** Free bytes on the file system that holds `folder`; unbounded where the system cannot tell. */
function freeBytes(folder) {
    try {
        const stats = (0,external_node_fs_.statfsSync)(folder);
        return stats.bavail * stats.bsize;
    }
    catch {
        return Number.POSITIVE_INFINITY;
    }
}

// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(5919);
// EXTERNAL MODULE: ./src/core/worker-file.ts
var worker_file = __webpack_require__(3792);
;// CONCATENATED MODULE: ./src/archive/file-writes-protocol.ts
/**
 * What the unpacking's main thread (file-writes.ts) and its file thread (file-writes-thread.ts)
 * share. The operations travel as bytes in shared memory, not as messages: a message per batch
 * cost both threads a copy of every path into objects and the collection of those objects
 * (docs/decisions/file-writes-thread.md). The thread's source runs without a bundler in the tests and
 * imports nothing of the project at run time: it gets the constants below in its `ThreadSetup`.
 *
 * A batch fills one part of `ThreadSetup.data` with records, each an operation byte and then:
 * - `OPEN`: the mode (4 bytes, with `OpenMode.setAfter` added when the umask would take bits from
 *   it), the path's length (4 bytes), the path in UTF-8: creates a file, which later writes go to
 *   until `CLOSE`;
 * - `WRITE`: a length (4 bytes) and that many bytes, written to the file created last;
 * - `CLOSE`: nothing; closes the file created last;
 * - `LINK`: two lengths (4 bytes each), the existing file's path and the new name's: a hard link.
 * Numbers are little-endian and unaligned.
 */
const Operation = { open: 1, write: 2, close: 3, link: 4 };
/**
 * Added to an `OPEN`'s mode: the thread sets the mode again once the file is created. The writer
 * knows whether the umask takes bits only once the staging folder exists, and the thread may have
 * started before (file-writes.ts).
 */
const OpenMode = { setAfter: 0x1_0000, bits: 0o7777 };
/** Where a record's bytes after the operation byte start: a write's data, an open's or a link's paths. */
const Head = { write: 5, paths: 9 };
/** Where each count or flag (1 for yes) is in `ThreadSetup.progress`. */
const Slot = {
    /** Batches handed to the thread: the main thread adds one and wakes the thread. */
    sent: 0,
    /** Batches done: the thread adds one and wakes the main thread. */
    done: 1,
    /** The thread has run: set first thing, so that one that never starts is told apart. */
    started: 2,
    failed: 3,
    /** Set by the main thread: the thread closes its file and ends; what is still sent is not written. */
    stopping: 4,
    stopped: 5,
    /** Where each part's batch ends: the part's index added to this. */
    lengths: 6
};

;// CONCATENATED MODULE: ./src/archive/file-writes.ts






/**
 * The site's files made on a thread of their own (file-writes-thread.ts), in the order the main
 * thread queues them: creating, writing and closing 20,000 small files is most of the unpacking's
 * time, and on its own thread it runs beside the decompression, the parsing and the policy instead
 * of after them (docs/decisions/file-writes-thread.md). Nothing is queued that the policy has not judged.
 *
 * The calls are synchronous, as the writer's were: the operations are written into batches of 1 MiB
 * of shared memory (file-writes-protocol.ts), and when the thread has four batches to do the main
 * thread waits for it (`Atomics.wait`), so that memory stays bounded whatever the archive, and the
 * readers need no change. A failure of the thread (a full disk) is thrown by the next call after
 * it.
 *
 * A thread that dies (V8 ends an isolate out of memory without running its `finally`) is told by
 * its `error` and `exit` events, which arrive only when the main thread is back in its event loop:
 * the next call then throws. A death during a wait, or a system call that hangs, is told by nothing
 * while the main thread waits, and no timer (the deadline's, a cancellation) runs meanwhile: so
 * every wait also ends with a `TimeUpError` at the run's deadline.
 *
 * The thread can be started before the archive is there (the export starts it before its download
 * and hands it to `unpackSite()`): its start-up, ~40 ms of CPU for an isolate and Node's modules,
 * then overlaps the download instead of the unpacking (docs/decisions/file-writes-thread.md).
 */
const THREAD_FILES = ['file-writes-thread/index.js', 'file-writes-thread.ts'];
/**
 * Never follows a link at the last part (O_NOFOLLOW) and never opens what exists (O_EXCL): a file
 * is only ever created, so nothing is written through a link or over an earlier entry. Windows has
 * no O_NOFOLLOW; O_EXCL alone refuses an existing link there.
 */
const CREATE_FILE = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | (external_node_fs_.constants.O_NOFOLLOW ?? 0);
const BATCH_BYTES = 1024 * 1024;
/** Batches sent and not yet done, at most. */
const MAX_IN_FLIGHT = 4;
/** One part of the shared bytes for each batch in flight, and the one being filled. */
const PARTS = MAX_IN_FLIGHT + 1;
/** A thread that has not run by then never will (its file could not be loaded): the wait ends. */
const START_TIMEOUT_MS = 30_000;
/** How often a wait looks whether the thread has started at all, and at the clock. */
const WAIT_STEP_MS = 100;
/** A part with room for fewer of a write's bytes than this is sent rather than cut into. */
const LEAST_WRITE_BYTES = 4096;
/** UTF-8 takes at most three bytes for each UTF-16 unit of a path. */
const UTF8_PER_UNIT = 3;
class FileWrites {
    deadline;
    progress = new Int32Array(new SharedArrayBuffer((Slot.lengths + PARTS) * Int32Array.BYTES_PER_ELEMENT));
    failures;
    worker;
    createdAt = Date.now();
    /**
     * The batches' bytes, shared with the thread and reused: batches made and dropped one after
     * another kept ~100 MiB of them alive until the thread's collector ran (figure 3b).
     */
    data = Buffer.from(new SharedArrayBuffer(PARTS * BATCH_BYTES));
    /** The same bytes, for the records' lengths: DataView's calls check less than Buffer's. */
    view = new DataView(this.data.buffer);
    /** Where the part being filled begins, where its next record goes, and where it ends. */
    start = 0;
    at = 0;
    end = BATCH_BYTES;
    sent = 0;
    stopping;
    failure;
    /** Set by the thread's `exit` event; `death` by its `error` event (out of memory). */
    exited = false;
    death;
    /** `deadline`: the run's, where waiting for the thread ends (none: waits are not bounded). */
    constructor(deadline) {
        this.deadline = deadline;
        const { port1, port2 } = new external_node_worker_threads_.MessageChannel();
        this.failures = port1;
        const setup = {
            operations: Operation,
            openModes: OpenMode,
            heads: Head,
            slots: Slot,
            flags: CREATE_FILE,
            progress: this.progress.buffer,
            data: this.data.buffer,
            batchBytes: BATCH_BYTES,
            failures: port2
        };
        this.worker = new external_node_worker_threads_.Worker((0,worker_file/* workerBeside */.n)(import.meta.url, THREAD_FILES), {
            workerData: setup,
            transferList: [port2],
            // It holds no batch of its own: the bytes are in the shared buffer.
            resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 }
        });
        this.worker.on('error', (error) => {
            this.death ??= error;
        });
        this.worker.once('exit', () => {
            this.exited = true;
        });
        // Whoever forgets to stop it does not keep the process alive.
        this.worker.unref();
    }
    /**
     * Creates a new file at `path`, which later writes go to until close(); `setMode` when the umask
     * would take bits from `mode`, which is then set again once the file exists.
     */
    open(path, mode, setMode = false) {
        this.makeRoom(Head.paths + UTF8_PER_UNIT * path.length);
        const { data, view, at } = this;
        data[at] = Operation.open;
        view.setUint32(at + 1, setMode ? mode | OpenMode.setAfter : mode, true);
        const length = data.write(path, at + Head.paths);
        view.setUint32(at + 5, length, true);
        this.at = at + Head.paths + length;
    }
    /**
     * Queues a copy of `source`'s bytes from `start` to `end` for the file created last. Copied by
     * `Buffer#copy`: `set()` into shared memory copies at less than half its speed
     * (docs/decisions/file-writes-thread.md).
     */
    write(source, start = 0, end = source.length) {
        for (let offset = start; offset < end;) {
            this.makeRoom(Head.write + Math.min(end - offset, LEAST_WRITE_BYTES));
            const length = Math.min(end - offset, this.end - this.at - Head.write);
            const { data, view, at } = this;
            data[at] = Operation.write;
            view.setUint32(at + 1, length, true);
            source.copy(data, at + Head.write, offset, offset + length);
            this.at = at + Head.write + length;
            offset += length;
        }
    }
    close() {
        this.makeRoom(1);
        this.data[this.at++] = Operation.close;
    }
    /** Makes `path` a hard link to the file at `existing`, once everything queued before is done. */
    link(existing, path) {
        this.makeRoom(Head.paths + UTF8_PER_UNIT * (existing.length + path.length));
        const { data, view, at } = this;
        data[at] = Operation.link;
        const existingLength = data.write(existing, at + Head.paths);
        const length = data.write(path, at + Head.paths + existingLength);
        view.setUint32(at + 1, existingLength, true);
        view.setUint32(at + 5, length, true);
        this.at = at + Head.paths + existingLength + length;
    }
    /** Waits until everything queued is done; throws the thread's failure. */
    drain() {
        this.send();
        this.waitUntilInFlight(0);
        this.throwFailure();
    }
    /**
     * Ends the thread: what is still queued is dropped (a refusal: the staging folder is removed
     * next), and the file it has open is closed. Resolves once it has. It is a clean-up, held to the
     * clean-up's grace (core/deadline.ts): a thread that never started, that died, or that has not
     * closed its file within the first half of it (a live thread does so within the batch it is on)
     * is terminated, and awaited for the rest, so that nothing is still being written when the
     * caller removes the folder.
     */
    stop() {
        this.stopping ??= this.finish();
        return this.stopping;
    }
    async finish() {
        this.failures.close();
        Atomics.store(this.progress, Slot.stopping, 1);
        // Wakes the thread where it waits for a batch; one that starts later finds `stopping` at once.
        Atomics.add(this.progress, Slot.sent, 1);
        Atomics.notify(this.progress, Slot.sent);
        const endsAt = this.deadline?.cleanUpEndsAt() ?? Date.now() + core_deadline/* CLEAN_UP_GRACE_MS */.Y_;
        if (Atomics.load(this.progress, Slot.started) === 1) {
            const giveUpAt = Date.now() + (endsAt - Date.now()) / 2;
            while (Atomics.load(this.progress, Slot.stopped) === 0 && !this.exited && Date.now() < giveUpAt)
                Atomics.wait(this.progress, Slot.stopped, 0, WAIT_STEP_MS);
            if (Atomics.load(this.progress, Slot.stopped) === 1)
                return;
        }
        const rest = Math.max(0, endsAt - Date.now());
        if (!this.exited)
            await Promise.race([this.worker.terminate(), (0,external_node_timers_promises_.setTimeout)(rest, undefined, { ref: false })]);
    }
    /** Sends the part being filled unless `bytes` more fit in it. */
    makeRoom(bytes) {
        if (this.end - this.at < bytes)
            this.send();
        if (this.end - this.at < bytes)
            throw new Error(`an operation of ${bytes} bytes does not fit in a batch`);
    }
    send() {
        if (this.at === this.start)
            return;
        this.throwFailure();
        this.waitUntilInFlight(MAX_IN_FLIGHT - 1);
        const part = this.sent % PARTS;
        Atomics.store(this.progress, Slot.lengths + part, this.at - this.start);
        this.sent = Atomics.add(this.progress, Slot.sent, 1) + 1;
        Atomics.notify(this.progress, Slot.sent);
        // The batch that last used the next part is done: at most MAX_IN_FLIGHT are in flight.
        this.start = (this.sent % PARTS) * BATCH_BYTES;
        this.at = this.start;
        this.end = this.start + BATCH_BYTES;
    }
    waitUntilInFlight(most) {
        for (;;) {
            const done = Atomics.load(this.progress, Slot.done);
            if (this.sent - done <= most)
                return;
            if (Atomics.load(this.progress, Slot.started) === 0 && Date.now() - this.createdAt > START_TIMEOUT_MS)
                throw new Error(`the unpacking's file thread did not start within ${START_TIMEOUT_MS / 1000} s`);
            if (this.exited)
                throw this.ended();
            if (this.deadline?.expired())
                throw new core_deadline/* TimeUpError */.Jg();
            Atomics.wait(this.progress, Slot.done, done, WAIT_STEP_MS);
        }
    }
    /** What a call after the thread's death throws. */
    ended() {
        const why = this.death ? `: ${this.death.message}` : '';
        return new Error(`the unpacking's file thread ended before its work was done${why}`, { cause: this.death });
    }
    throwFailure() {
        if (this.exited)
            throw this.ended();
        if (this.failure)
            throw this.failure;
        if (Atomics.load(this.progress, Slot.failed) === 0)
            return;
        const told = (0,external_node_worker_threads_.receiveMessageOnPort)(this.failures)?.message;
        const failure = new Error(told?.message ?? 'the file thread failed');
        failure.code = told?.code;
        failure.path = told?.path;
        this.failure = failure;
        throw failure;
    }
}

;// CONCATENATED MODULE: ./src/archive/policy.ts



/** An archive that cannot be unpacked safely or at all; the file is kept for inspection. */
class ArchiveError extends errors/* ActionError */.lZ {
    rule;
    name = 'ArchiveError';
    constructor(message, 
    /** The rule the archive broke (also its code); undefined for an archive of a kind that is not supported. */
    rule) {
        super(message, { code: rule ?? 'unsupported-kind' });
        this.rule = rule;
    }
}
/** A refusal under `rule`; `message` names the entry, e.g. `link "passwd" resolves to /etc/passwd, outside the site`. */
function refuse(rule, message) {
    return new ArchiveError(message, rule);
}
/** An archive that breaks `complete` is damaged (cut short, corrupted); any other rule, hostile. */
function isDamage(rule) {
    return rule === 'complete';
}
/** An entry's name as it appears in messages: quoted, with control characters escaped. */
function quote(name) {
    return JSON.stringify(name);
}
const SPECIAL_TYPES = {
    fifo: 'a FIFO',
    'character device': 'a character device',
    'block device': 'a block device',
    socket: 'a socket'
};
/** Devices, FIFOs, sockets and anything unknown are refused: a FIFO alone hangs the next step that reads it. */
function refuseSpecialType(name, type, detail = '') {
    const what = SPECIAL_TYPES[type] ?? `of an unknown type${detail ? ` (${detail})` : ''}`;
    throw refuse('entry-type', `entry ${quote(name)} is ${what}; only files, folders and links are unpacked`);
}
// ── names ─────────────────────────────────────────────────────────────────────────────────────
const DRIVE = /^[A-Za-z]:/;
/**
 * The longest name part, in UTF-8 bytes: ext4, APFS and NTFS all stop at 255 (bytes, UTF-8
 * characters and UTF-16 units: 255 bytes fit each).
 */
const MAX_NAME_PART_BYTES = 255;
/**
 * The longest path inside the site, in UTF-8 bytes: a quarter of Linux's PATH_MAX, so that the
 * site fits under macOS's PATH_MAX (1,024) below a short folder. It is more than Windows' MAX_PATH
 * of 260 characters: Node writes longer paths there (it passes `\\?\` paths to Windows), but tools
 * that don't opt into long paths cannot read them (README, "Unpacking policy").
 */
const MAX_PATH_BYTES = 1024;
/** Characters Windows cannot hold in a name (`:` opens an alternate data stream). */
const WINDOWS_FORBIDDEN = /[<>:"|?*]/;
/** Names Windows opens as devices, whatever their extension: `con`, `NUL.txt`, `com1.tar.gz`. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\s*\..*)?$/i;
/** The first letters of those names, lower case. */
const DEVICE_INITIALS = new Set([...'cpanl'].map((letter) => letter.charCodeAt(0)));
/** Whether Windows opens `part` as a device. Every device name starts with one of a few letters: most parts are let through without the pattern. */
function isDeviceName(part) {
    return DEVICE_INITIALS.has(part.charCodeAt(0) | 0x20) && WINDOWS_DEVICE.test(part);
}
/**
 * The folders and name of an entry, relative to the site. Refused: absolute names (`/x`, `C:x`),
 * `..`, a backslash (a separator on Windows, a letter elsewhere: the same archive would unpack
 * differently), NUL, other control characters (a line break in a name would reach the logs, and
 * Windows refuses them), names that Windows reads otherwise (partName) and names too long for a
 * file system. `.` and empty parts are dropped, so `./a//b` is `a/b`.
 */
function entryPath(name) {
    return plainEntryPath(name) ?? checkedEntryPath(name);
}
/**
 * Parts of letters, digits, `_` and `-`, with dots inside them, joined by single slashes (a
 * folder's name may end in one): the names export archives hold. No such name can break a rule
 * but by a device name or a length, so plainEntryPath() checks those alone. Each character has
 * one place in the pattern, so it takes one pass whatever the name.
 */
const PLAIN_NAME = /^[\w-]+(?:\.+[\w-]+)*(?:\/[\w-]+(?:\.+[\w-]+)*)*\/?$/;
/**
 * entryPath() of a plain name (PLAIN_NAME), checked only for what such a name can break; undefined
 * for any other name, and for one that breaks a rule (a device name, a length), which
 * checkedEntryPath() then judges and names. A test holds the two to the same answers.
 */
function plainEntryPath(name) {
    // ASCII: a character is a byte.
    if (name.length > MAX_PATH_BYTES || !PLAIN_NAME.test(name))
        return undefined;
    const parts = name.split('/');
    if (parts[parts.length - 1] === '')
        parts.pop();
    for (const part of parts) {
        if (part.length > MAX_NAME_PART_BYTES || isDeviceName(part))
            return undefined;
    }
    return parts;
}
/** entryPath() of any name: every rule checked. */
function checkedEntryPath(name) {
    if (name.includes('\0'))
        throw refuse('name', `entry ${quote(name)} has a NUL character in its name`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0001-\u001f\u007f]/.test(name))
        throw refuse('name', `entry ${quote(name)} has a control character in its name`);
    if (name.includes('\\'))
        throw refuse('name', `entry ${quote(name)} has a backslash in its name (a folder separator on Windows)`);
    if (name.startsWith('/') || DRIVE.test(name))
        throw refuse('name', `entry ${quote(name)} has an absolute name`);
    const parts = name.split('/').filter((part) => part !== '' && part !== '.');
    if (parts.includes('..'))
        throw refuse('name', `entry ${quote(name)} has ".." in its name`);
    // A character Windows cannot hold is one in a part; the whole name is searched once for it.
    const forbidden = WINDOWS_FORBIDDEN.test(name);
    for (const part of parts) {
        const problem = partProblem(part, forbidden);
        if (problem)
            throw refuse('name', `entry ${quote(name)} ${problem}`);
    }
    const bytes = Buffer.byteLength(parts.join('/'));
    if (bytes > MAX_PATH_BYTES)
        throw refuse('name', `entry ${quote(name)} has a path of ${bytes} bytes, longer than the ${MAX_PATH_BYTES} allowed`);
    return parts;
}
/**
 * What makes one part of a name unsafe on some runner, so that an archive unpacks the same on
 * Linux, macOS and Windows or nowhere; undefined for a good part. `.` and `..` are judged by the
 * caller.
 */
function partProblem(part, mayHoldForbidden = true) {
    const forbidden = mayHoldForbidden ? WINDOWS_FORBIDDEN.exec(part) : null;
    if (forbidden) {
        const why = forbidden[0] === ':'
            ? 'a colon, which opens an alternate data stream on Windows'
            : `${quote(forbidden[0])}, which Windows cannot hold in a name`;
        return `has ${why}`;
    }
    const device = isDeviceName(part) ? WINDOWS_DEVICE.exec(part) : null;
    if (device)
        return `has the part ${quote(part)}, which Windows opens as the device ${device[1].toUpperCase()}`;
    if (part.endsWith('.') || part.endsWith(' ')) {
        return `has the part ${quote(part)}, whose trailing ${part.endsWith('.') ? 'dot' : 'space'} Windows drops`;
    }
    const bytes = Buffer.byteLength(part);
    if (bytes > MAX_NAME_PART_BYTES)
        return `has a part of ${bytes} bytes, longer than the ${MAX_NAME_PART_BYTES} a file system allows`;
    return undefined;
}
/** The longest path the system opens, in bytes: PATH_MAX less its NUL; Windows takes long paths from Node. */
const SYSTEM_PATH_BYTES = { linux: 4095, darwin: 1023, win32: 32_000 }[process.platform] ?? 1023;
/** A path inside the site (`key`, its parts joined by `/`) that would be too long on this system under the staging folder, `rootBytes` long. */
function refuseLongOnDisk(name, rootBytes, key) {
    const bytes = rootBytes + 1 + Buffer.byteLength(key);
    if (bytes > SYSTEM_PATH_BYTES) {
        throw refuse('name', `entry ${quote(name)} would be at a path of ${bytes} bytes on disk, longer than the ${SYSTEM_PATH_BYTES} this system allows`);
    }
}
/** Names are bytes in an archive; they are read as UTF-8 only, never through the runner's locale. */
function refuseNotUtf8(what, bytes) {
    throw refuse('name', `${what} ${quote(Buffer.from(bytes).toString('latin1'))} is not valid UTF-8`);
}
/**
 * The key two names collide on: macOS and Windows ignore case and Unicode normalisation, so
 * `A.html` and `a.html`, `é` composed and decomposed, `ς` and `σ`, or `straße` and `STRASSE` are
 * one file there. Folded as node-tar folds names for the same reason (NFD, then lower case, then
 * upper case, so that both one-way case mappings meet), so that an archive unpacks identically on
 * every runner, or nowhere.
 */
function collisionKey(path) {
    // eslint-disable-next-line no-control-regex
    if (!/[^\x00-\x7f]/.test(path))
        return path.toUpperCase();
    return path.normalize('NFD').toLocaleLowerCase('en').toLocaleUpperCase('en');
}
/** Two entries share a name (a folder may be listed again; anything else may not). */
function refuseDuplicate(name, sameName, earlier, earlierType) {
    const same = sameName ? 'the same name' : `a name that macOS and Windows do not tell apart from ${quote(earlier)}`;
    throw refuse('duplicate', `entry ${quote(name)} has ${same}, already used by a ${earlierType}`);
}
/**
 * A folder or a link with a size: tar readers disagree on whether data follows (bsdtar, GNU tar and
 * Python read the next header there), so one archive would hold different entries for each.
 */
function refuseDataOnEmptyType(name, type, size) {
    const what = type === 'directory' ? 'a folder' : type === 'symlink' ? 'a symbolic link' : 'a hard link';
    throw refuse('format', `entry ${quote(name)} is ${what} with a size of ${size} bytes; an entry that carries no data must have size 0, since tools disagree on what follows it`);
}
// ── links ─────────────────────────────────────────────────────────────────────────────────────
/** Linux gives up after 40 links in one lookup (ELOOP); so does the resolver. */
const MAX_LINK_HOPS = 40;
/**
 * A symbolic link's target as path parts. Refused: absolute, empty, backslash and NUL targets, and
 * parts that Windows reads otherwise or that no file system holds, as in names.
 */
function linkTargetPath(name, target) {
    const link = `link ${quote(name)}`;
    if (target === '')
        throw refuse('link-target', `${link} has an empty target`);
    if (target.includes('\0'))
        throw refuse('link-target', `${link} has a NUL character in its target`);
    if (target.includes('\\'))
        throw refuse('link-target', `${link} has a backslash in its target ${quote(target)}`);
    if (target.startsWith('/') || DRIVE.test(target))
        throw refuse('link-target', `${link} points to the absolute path ${quote(target)}`);
    const bytes = Buffer.byteLength(target);
    if (bytes > MAX_PATH_BYTES)
        throw refuse('link-target', `${link} has a target of ${bytes} bytes, longer than the ${MAX_PATH_BYTES} allowed`);
    const parts = target.split('/');
    for (const part of parts) {
        const problem = part === '' || part === '.' || part === '..' ? undefined : partProblem(part);
        if (problem)
            throw refuse('link-target', `${link} ${problem.replace(/^has/, 'has in its target')}`);
    }
    return parts;
}
function refuseThroughLink(name, link) {
    throw refuse('through-link', `entry ${quote(name)} would be written through the link ${quote(link)}`);
}
function refuseUnderFile(name, file) {
    throw refuse('duplicate', `entry ${quote(name)} would be written under ${quote(file)}, which is not a folder`);
}
function refuseLinkOutside(name, resolved) {
    throw refuse('link-target', `link ${quote(name)} resolves to ${resolved}, outside the site`);
}
function refuseLinkRespelled(name, spelled, existing) {
    throw refuse('link-target', `link ${quote(name)} goes through ${quote(spelled)}, which macOS and Windows read as ${quote(existing)} and Linux does not: it would lead elsewhere on each`);
}
function refuseLinkLoop(name) {
    throw refuse('link-target', `link ${quote(name)} leads into a loop of more than ${MAX_LINK_HOPS} links`);
}
function refuseHardLink(name, target, found) {
    throw refuse('hard-link', `hard link ${quote(name)} points to ${quote(target)}, which is ${found}; only files already unpacked may be linked to`);
}
// ── modes and owners ──────────────────────────────────────────────────────────────────────────
/** Folders are 0755, files 0644 or 0755: the execute bit is kept, setuid, setgid and sticky never. */
const DIRECTORY_MODE = 0o755;
function fileMode(archiveMode) {
    return archiveMode & 0o111 ? 0o755 : 0o644;
}
/**
 * A site compresses by a few times (HTML and JSON by 3 to 10, images and fonts hardly at all); a
 * decompression bomb by hundreds or thousands. Compressed by more than this, it is refused.
 */
const MAX_RATIO = 200;
/** Small archives may always unpack to this much, whatever their ratio. */
const MIN_BOUND_BYTES = 64 * 1024 * 1024;
/**
 * The unpacked size allowed: at most MAX_RATIO times the archive's size (MIN_BOUND_BYTES at
 * least), and never more than the free space less FREE_SPACE_RESERVE_BYTES. A real 2 GiB site
 * compresses by far less than 200 (its archive is over 10 MiB), so it passes where the disk has room.
 */
function sizeBound(archiveBytes, freeBytes) {
    const byRatio = Math.max(archiveBytes * MAX_RATIO, MIN_BOUND_BYTES);
    const byDisk = Math.max(freeBytes - FREE_SPACE_RESERVE_BYTES, 0);
    if (byDisk < byRatio) {
        return {
            bytes: byDisk,
            reason: `the ${(0,format/* formatBytes */.z3)(freeBytes)} free on the disk, less ${(0,format/* formatBytes */.z3)(FREE_SPACE_RESERVE_BYTES)} kept free`
        };
    }
    return {
        bytes: byRatio,
        reason: byRatio === MIN_BOUND_BYTES
            ? `${(0,format/* formatBytes */.z3)(MIN_BOUND_BYTES)}, the least allowed`
            : `${MAX_RATIO} times the archive's ${(0,format/* formatBytes */.z3)(archiveBytes)}`
    };
}
/**
 * What one entry costs the disk at least, whatever its size: a block, and an inode. Charged
 * against the bound, so that a million empty folders, tiny in the archive, are refused too.
 */
const ENTRY_DISK_BYTES = 4096;
/**
 * At most this many entries: every one is kept in memory while unpacking (to resolve links). A
 * large documentation site has tens of thousands (an HTML page and an RSC payload per route).
 */
const MAX_ENTRIES = 500_000;
function refuseEntries(name) {
    throw refuse('size', `entry ${quote(name)} is one more than the ${MAX_ENTRIES.toLocaleString('en')} entries a site may have; a decompression bomb?`);
}
function refuseSize(bound, what) {
    throw refuse('size', `${what}, more than the ${(0,format/* formatBytes */.z3)(bound.bytes)} allowed (${bound.reason}); a decompression bomb?`);
}
// ── completeness ──────────────────────────────────────────────────────────────────────────────
function damaged(message) {
    return refuse('complete', message);
}
// ── formats ───────────────────────────────────────────────────────────────────────────────────
function unsupported(message) {
    return refuse('format', `${message}, which is not supported`);
}

;// CONCATENATED MODULE: ./src/archive/remove.ts


/**
 * Removes a folder and everything in it, read-only folders included: an earlier site (or an
 * archive unpacked by other tools) may hold folders without write permission, which stop a plain
 * recursive removal for any user but root. Links are removed, never followed.
 */
function removeTree(target) {
    try {
        (0,external_node_fs_.rmSync)(target, { recursive: true, force: true });
        return;
    }
    catch (error) {
        const code = error.code;
        if (code !== 'EACCES' && code !== 'EPERM')
            throw error;
    }
    makeWritable(target);
    (0,external_node_fs_.rmSync)(target, { recursive: true, force: true });
}
function makeWritable(folder) {
    const stats = (0,external_node_fs_.lstatSync)(folder, { throwIfNoEntry: false });
    if (!stats?.isDirectory())
        return;
    if ((stats.mode & 0o700) !== 0o700)
        (0,external_node_fs_.chmodSync)(folder, (stats.mode & 0o7777) | 0o700);
    for (const name of (0,external_node_fs_.readdirSync)(folder))
        makeWritable(external_node_path_default().join(folder, name));
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/archive/tar.ts



/**
 * A streaming tar reader: push() takes the decompressed bytes as they come, end() says the stream
 * is over. It reads ustar, pax (extended and global headers: `path`, `linkpath`, `size`), GNU
 * (long names and links) and v7 archives, and refuses an incomplete one: no end-of-archive
 * blocks, a member cut short, a damaged header, anything but zeros after the end. Hand-written
 * because a stream per entry (tar-stream, node-tar) costs far more than the parsing on a site of
 * many small files (docs/decisions/archive-readers.md).
 */
const BLOCK = 512;
/** A pax header or a GNU long name larger than this is not a name: refused. */
const MAX_META_BYTES = 1024 * 1024;
const ZEROS = Buffer.alloc(64 * 1024);
const META_TYPES = { x: 'pax', g: 'global', L: 'long-name', K: 'long-link' };
const ENTRY_TYPES = {
    '0': 'file',
    '\0': 'file',
    '7': 'file',
    '1': 'hardlink',
    '2': 'symlink',
    '3': 'character device',
    '4': 'block device',
    '5': 'directory',
    '6': 'fifo'
};
/** True when `block` is a tar header: its checksum matches (the only mark a v7 header has). */
function isTarHeader(block) {
    return block.length >= BLOCK && checksumMatches(block) && !isZero(block, 0, BLOCK);
}
class TarReader {
    sink;
    bound;
    block = Buffer.alloc(BLOCK);
    blockFill = 0;
    /** Where the next byte is in the tar stream. */
    position = 0;
    /** What the bytes of the current member are for. */
    member = 'skip';
    size = 0;
    remaining = 0;
    padding = 0;
    name = '';
    metaParts = [];
    /** Names and sizes from pax headers and GNU long names, for the entry that follows them. */
    pending = {};
    zeroBlocks = 0;
    ended = false;
    constructor(sink, bound) {
        this.sink = sink;
        this.bound = bound;
    }
    push(chunk) {
        if (this.position + chunk.length > this.bound.bytes) {
            refuseSize(this.bound, `the tar inside reaches ${(0,format/* formatBytes */.z3)(this.position + chunk.length)}`);
        }
        let offset = 0;
        while (offset < chunk.length) {
            if (this.ended) {
                if (!isZero(chunk, offset, chunk.length)) {
                    throw damaged(`it has bytes other than zeros after the end of the tar (at byte ${this.position + firstNonZero(chunk, offset)})`);
                }
                this.position += chunk.length - offset;
                return;
            }
            if (this.remaining > 0) {
                const length = Math.min(this.remaining, chunk.length - offset);
                if (this.member === 'file')
                    this.sink.write(chunk, offset, length);
                else if (this.member !== 'skip')
                    this.metaParts.push(Buffer.from(chunk.subarray(offset, offset + length)));
                offset += length;
                this.position += length;
                this.remaining -= length;
                if (this.remaining === 0)
                    this.endMember();
                continue;
            }
            if (this.padding > 0) {
                const length = Math.min(this.padding, chunk.length - offset);
                offset += length;
                this.position += length;
                this.padding -= length;
                continue;
            }
            if (this.blockFill === 0 && chunk.length - offset >= BLOCK) {
                this.position += BLOCK;
                this.header(chunk.subarray(offset, offset + BLOCK));
                offset += BLOCK;
                continue;
            }
            const length = Math.min(BLOCK - this.blockFill, chunk.length - offset);
            chunk.copy(this.block, this.blockFill, offset, offset + length);
            this.blockFill += length;
            offset += length;
            this.position += length;
            if (this.blockFill === BLOCK) {
                this.blockFill = 0;
                this.header(this.block);
            }
        }
    }
    /** The stream is over: the archive must have ended properly. */
    end() {
        if (this.ended)
            return;
        if (this.remaining > 0) {
            const what = this.member === 'file' || this.member === 'skip' ? `entry ${quote(this.name)}` : 'an extended header';
            throw damaged(`it is cut short: ${what} has ${this.size - this.remaining} of its ${this.size} bytes`);
        }
        if (this.blockFill > 0)
            throw damaged(`it is cut short inside a header, at byte ${this.position}`);
        if (this.position === 0)
            throw damaged('it is empty');
        if (this.padding > 0)
            throw damaged(`it is cut short after entry ${quote(this.name)}`);
        throw damaged(this.zeroBlocks === 1
            ? 'it ends after one zero block: the second end-of-archive block is missing (cut short?)'
            : `it ends after ${quote(this.name)} without the end-of-archive blocks (cut short?)`);
    }
    header(block) {
        const at = this.position - BLOCK;
        // A header's name starts at byte 0, so only a block starting with zero can be all zeros.
        if (block[0] === 0 && isZero(block, 0, BLOCK)) {
            if (++this.zeroBlocks === 2) {
                if (Object.keys(this.pending).length > 0)
                    throw damaged('it ends right after an extended header, without the entry it describes');
                this.ended = true;
            }
            return;
        }
        if (this.zeroBlocks > 0)
            throw damaged(`it has a lone zero block at byte ${at - BLOCK}, in the middle of the archive`);
        if (!checksumMatches(block))
            throw damaged(`the tar header at byte ${at} fails its checksum`);
        const typeflag = String.fromCharCode(block[156]);
        const headerSize = readNumber(block, 124, 12, 'size', at);
        checkNumbers(block, at);
        const meta = META_TYPES[typeflag];
        if (meta) {
            if (headerSize > MAX_META_BYTES)
                throw damaged(`it has an extended header of ${headerSize} bytes at byte ${at}`);
            this.startMember(meta, headerSize);
            return;
        }
        const pending = this.pending;
        this.pending = {};
        // Only POSIX ustar and pax headers have a prefix field; GNU uses those bytes for other things.
        const prefix = isPosixHeader(block) ? field(block, 345, 155) : undefined;
        this.name =
            pending.path ??
                (prefix && prefix.length > 0 ? `${decode(prefix)}/${decode(field(block, 0, 100))}` : decode(field(block, 0, 100)));
        refuseGnuSparseMap(block, this.name);
        const size = pending.size ?? headerSize;
        let type = ENTRY_TYPES[typeflag] ?? 'unknown';
        // Old archives mark a folder with a trailing slash only.
        if (type === 'file' && this.name.endsWith('/'))
            type = 'directory';
        const entry = { name: this.name, type, mode: readNumber(block, 100, 8, 'mode', at) };
        if (type === 'symlink' || type === 'hardlink')
            entry.linkTarget = pending.linkpath ?? decode(field(block, 157, 100));
        if (type === 'unknown')
            entry.typeDetail = `tar type ${quote(typeflag)}`;
        if (type === 'file')
            entry.size = size;
        // Other tools read the next header right after such an entry, whatever its size says.
        if (size !== 0 && (type === 'directory' || type === 'symlink' || type === 'hardlink'))
            refuseDataOnEmptyType(this.name, type, size);
        if (type === 'file' && this.position + size > this.bound.bytes) {
            refuseSize(this.bound, `entry ${quote(this.name)} (${(0,format/* formatBytes */.z3)(size)}) brings the unpacked size to ${(0,format/* formatBytes */.z3)(this.position + size)}`);
        }
        const isFile = this.sink.begin(entry);
        this.startMember(isFile ? 'file' : 'skip', size);
    }
    startMember(member, size) {
        this.member = member;
        this.size = size;
        this.remaining = size;
        this.padding = (BLOCK - (size % BLOCK)) % BLOCK;
        if (member !== 'file' && member !== 'skip')
            this.metaParts = [];
        if (size === 0)
            this.endMember();
    }
    endMember() {
        if (this.member === 'file')
            this.sink.finish();
        else if (this.member !== 'skip')
            this.readMeta(this.member, Buffer.concat(this.metaParts));
        this.member = 'skip';
    }
    readMeta(meta, data) {
        if (meta === 'long-name' || meta === 'long-link') {
            const key = meta === 'long-name' ? 'path' : 'linkpath';
            this.refuseSecond(key);
            this.pending[key] = decode(trimNuls(data));
            return;
        }
        const records = readPaxRecords(data, this.position);
        if (meta === 'global') {
            for (const key of ['path', 'linkpath', 'size']) {
                if (records.has(key))
                    throw unsupported(`the pax global header sets ${quote(key)} for every entry that follows`);
            }
            return;
        }
        for (const key of records.keys()) {
            if (key.startsWith('GNU.sparse.'))
                throw unsupported(`the entry after byte ${this.position} is a sparse file`);
        }
        // bsdtar keeps the last of two pax headers, the action and Python merge them.
        if (this.pending.pax) {
            throw refuse('format', `the entry after byte ${this.position} has two pax extended headers; tools disagree on which one counts`);
        }
        this.pending.pax = true;
        const path = records.get('path');
        const linkpath = records.get('linkpath');
        const size = records.get('size');
        if (path !== undefined)
            this.refuseSecond('path');
        if (linkpath !== undefined)
            this.refuseSecond('linkpath');
        if (size !== undefined)
            this.refuseSecond('size');
        if (path !== undefined)
            this.pending.path = decode(path);
        if (linkpath !== undefined)
            this.pending.linkpath = decode(linkpath);
        if (size !== undefined) {
            const text = size.toString('latin1');
            if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text)))
                throw damaged(`it has a pax size ${quote(text)} that is not a size`);
            this.pending.size = Number(text);
        }
    }
    /**
     * A name, link target or size given twice for one entry (a pax header and a GNU long name, or two
     * of either): tools differ on which one wins, so the entry would be another for each.
     */
    refuseSecond(key) {
        if (this.pending[key] === undefined)
            return;
        throw refuse('format', `the entry after byte ${this.position} is given its ${key} twice, by two extended headers; tools disagree on which one counts`);
    }
}
const POSIX_MAGIC = Buffer.from('ustar\0', 'latin1');
/** POSIX ustar and pax headers have `ustar\0` at byte 257; GNU's have `ustar  \0`, v7's nothing. */
function isPosixHeader(block) {
    return hasMagic(block, POSIX_MAGIC);
}
/**
 * Whether the header's magic (from byte 257) is `magic`. Byte by byte: Buffer.compare with
 * offsets costs more in checking its arguments than the comparison itself, several times a header.
 */
function hasMagic(block, magic) {
    for (let i = 0; i < magic.length; i++)
        if (block[257 + i] !== magic[i])
            return false;
    return true;
}
/**
 * The numeric fields the action does not use must still be numbers, as Python and bsdtar read
 * them: a header with garbage there is damaged. (GNU's atime and ctime are left alone: GNU tar and
 * Python ignore them, and old GNU-style writers left other bytes there.)
 */
const NUMERIC_FIELDS = [
    [108, 8, 'uid'],
    [116, 8, 'gid'],
    [136, 12, 'mtime']
];
/** ustar, pax and GNU headers have device numbers; v7's have nothing there. */
const DEVICE_FIELDS = [
    [329, 8, 'device major number'],
    [337, 8, 'device minor number']
];
const NUMERIC_AND_DEVICE_FIELDS = [...NUMERIC_FIELDS, ...DEVICE_FIELDS];
function checkNumbers(block, at) {
    const fields = isPosixHeader(block) || isGnuHeader(block) ? NUMERIC_AND_DEVICE_FIELDS : NUMERIC_FIELDS;
    // An index rather than for…of with destructuring: less for the compiler to make of it, in a loop
    // that runs for every header while the process is still compiling the reader.
    for (let i = 0; i < fields.length; i++)
        readNumber(block, fields[i][0], fields[i][1], fields[i][2], at);
}
const GNU_MAGIC = Buffer.from('ustar  \0', 'latin1');
function isGnuHeader(block) {
    return hasMagic(block, GNU_MAGIC);
}
/** GNU's old sparse map, its continuation flag and the real size: bytes 386 to 495 of a GNU header. */
const GNU_SPARSE_START = 386;
const GNU_SPARSE_END = 495;
/**
 * bsdtar reads a GNU header's old sparse map whatever its type says, so a regular file with one
 * would be another file there; GNU tools leave it zero but for sparse files, which are refused.
 */
function refuseGnuSparseMap(block, name) {
    if (!isGnuHeader(block) || isZero(block, GNU_SPARSE_START, GNU_SPARSE_END))
        return;
    throw unsupported(`entry ${quote(name)} carries a GNU sparse map`);
}
/**
 * pax records: `<length> <key>=<value>\n`, the length in decimal digits counting the whole record.
 * Read strictly, as GNU tar and bsdtar read them: a length in any other form (`0x17`, `+23`,
 * ` 23`), a record that does not end in a newline where its length says, an empty key or no `=`
 * is damage, never a record read another way.
 */
function readPaxRecords(data, position) {
    const records = new Map();
    let offset = 0;
    while (offset < data.length) {
        const space = data.indexOf(0x20, offset);
        const digits = space > offset ? data.toString('latin1', offset, space) : '';
        const end = offset + (/^[0-9]{1,16}$/.test(digits) ? Number(digits) : NaN);
        const equals = space < 0 ? -1 : data.indexOf(0x3d, space + 1);
        if (!(end > space + 2 && end <= data.length && data[end - 1] === 0x0a && equals > space + 1 && equals < end)) {
            throw damaged(`it has a damaged pax header before byte ${position}`);
        }
        records.set(data.toString('utf8', space + 1, equals), data.subarray(equals + 1, end - 1));
        offset = end;
    }
    return records;
}
/** The bytes of a header field up to its first NUL. */
function field(block, offset, length) {
    let end = offset;
    while (end < offset + length && block[end] !== 0)
        end++;
    return block.subarray(offset, end);
}
function trimNuls(data) {
    let end = data.length;
    while (end > 0 && data[end - 1] === 0)
        end--;
    return data.subarray(0, end);
}
function decode(bytes) {
    if (!(0,external_node_buffer_.isUtf8)(bytes))
        refuseNotUtf8('tar entry name', bytes);
    return bytes.toString('utf8');
}
/** Octal text ended by a space or NUL, or GNU's base-256 (first byte 0x80) for values too large for it. */
function readNumber(block, offset, length, name, at) {
    const first = block[offset];
    if (first & 0x80) {
        if (first !== 0x80)
            throw damaged(`the ${name} of the tar header at byte ${at} is negative`);
        let value = 0;
        for (let i = offset + 1; i < offset + length; i++)
            value = value * 256 + block[i];
        if (!Number.isSafeInteger(value))
            throw damaged(`the ${name} of the tar header at byte ${at} is too large`);
        return value;
    }
    let value = 0;
    let i = offset;
    const end = offset + length;
    while (i < end && block[i] === 0x20)
        i++;
    for (; i < end; i++) {
        const byte = block[i];
        if (byte === 0x20 || byte === 0)
            break;
        if (byte < 0x30 || byte > 0x37)
            throw damaged(`the ${name} of the tar header at byte ${at} is not an octal number`);
        value = value * 8 + (byte - 0x30);
    }
    if (!endsField(block, i, end))
        throw damaged(`the ${name} of the tar header at byte ${at} is not an octal number`);
    return value;
}
/**
 * After a number, only spaces up to a NUL or the end of its field, as Python reads a field (up to
 * its NUL, then stripped) and bsdtar recognises a header: `12 x` is no number.
 */
function endsField(block, from, end) {
    let i = from;
    while (i < end && block[i] === 0x20)
        i++;
    return i === end || block[i] === 0;
}
/** The sum of the header's bytes, its checksum field counted as spaces; some old tars summed signed bytes. */
function checksumMatches(block) {
    let stored = 0;
    let digits = 0;
    let i = 148;
    for (; i < 156; i++) {
        const byte = block[i];
        if (byte === 0x20 && digits === 0)
            continue;
        if (byte < 0x30 || byte > 0x37)
            break;
        stored = stored * 8 + (byte - 0x30);
        digits++;
    }
    if (digits === 0 || !endsField(block, i, 156))
        return false;
    if (stored === byteSum(block, false))
        return true;
    return stored === byteSum(block, true);
}
function byteSum(block, signed) {
    let sum = 8 * 0x20;
    for (let i = 0; i < 148; i++)
        sum += block[i];
    for (let i = 156; i < BLOCK; i++)
        sum += block[i];
    if (!signed)
        return sum;
    for (let i = 0; i < BLOCK; i++)
        if (block[i] > 127 && (i < 148 || i >= 156))
            sum -= 256;
    return sum;
}
function isZero(buffer, start, end) {
    for (let offset = start; offset < end; offset += ZEROS.length) {
        const length = Math.min(ZEROS.length, end - offset);
        if (buffer.compare(ZEROS, 0, length, offset, offset + length) !== 0)
            return false;
    }
    return true;
}
function firstNonZero(buffer, start) {
    let offset = start;
    while (offset < buffer.length && buffer[offset] === 0)
        offset++;
    return offset - start;
}

;// CONCATENATED MODULE: ./src/archive/site-files.ts

class SiteFiles {
    /**
     * By the entry's key (its parts joined by `/`, from the staging folder), each as the manifest
     * takes it when the site is the staging folder's top: no second object per file.
     */
    byKey = new Map();
    addFile(key, size, sha256) {
        this.byKey.set(key, { path: key, size, sha256 });
    }
    addLink(key, target) {
        const bytes = Buffer.from(target);
        this.byKey.set(key, { path: key, size: bytes.length, sha256: (0,external_node_crypto_.hash)('sha256', bytes, 'hex'), link: target });
    }
    /** A hard link is another name for a file already written: it has that file's content. */
    addHardLink(key, targetKey) {
        const content = this.byKey.get(targetKey);
        if (content)
            this.byKey.set(key, { ...content, path: key });
    }
    /** The files under `root` (the folder that became the site), with paths relative to it. */
    under(root) {
        if (root.length === 0)
            return [...this.byKey.values()];
        const prefix = `${root.join('/')}/`;
        const files = [];
        for (const [key, file] of this.byKey) {
            if (key.startsWith(prefix))
                files.push({ ...file, path: key.slice(prefix.length) });
        }
        return files;
    }
}

;// CONCATENATED MODULE: ./src/archive/site-tree.ts

class SiteTree {
    /** By collision key (policy.collisionKey): the entry that took the name. */
    nodes = new Map([['', { key: '', type: 'directory' }]]);
    links = new Map();
    top = new Set();
    type(key) {
        const node = this.nodes.get(collisionKey(key));
        return node?.key === key ? node.type : undefined;
    }
    /**
     * Checks that every folder above `parts` is a real folder, adding those that are missing to the
     * tree; returns the ones added, in order, for the writer to create.
     */
    addFolders(parts, name) {
        const added = [];
        let key = '';
        for (let i = 0; i < parts.length - 1; i++) {
            key = i === 0 ? parts[0] : `${key}/${parts[i]}`;
            const type = this.type(key);
            if (type === 'directory')
                continue;
            if (type === 'symlink')
                refuseThroughLink(name, key);
            if (type === 'file')
                refuseUnderFile(name, key);
            this.claim(key, 'directory', name);
            added.push(key);
        }
        return added;
    }
    /**
     * Records an entry at `key`. A name may be taken once; a folder may be listed again, which
     * returns false (nothing to create).
     */
    claim(key, type, name) {
        const collision = collisionKey(key);
        const earlier = this.nodes.get(collision);
        if (earlier !== undefined) {
            if (type === 'directory' && earlier.key === key && earlier.type === 'directory')
                return false;
            refuseDuplicate(name, earlier.key === key, earlier.key, earlier.type === 'directory' ? 'folder' : earlier.type);
        }
        this.nodes.set(collision, { key, type });
        if (!key.includes('/'))
            this.top.add(key);
        return true;
    }
    addLink(key, folder, target, name) {
        this.claim(key, 'symlink', name);
        this.links.set(key, { key, folder, target, name });
    }
    /** The links at or under `root`. */
    *linksUnder(root) {
        const prefix = root.length === 0 ? '' : `${root.join('/')}/`;
        for (const link of this.links.values())
            if (link.key.startsWith(prefix))
                yield link;
    }
    /** The names at the site's top. */
    topNames() {
        return [...this.top];
    }
    /**
     * Where `target`, read from the folder `from`, leads: through the links in the tree (chains
     * included) as the OS would, or out of `root`. A part that does not exist (yet) is taken as it
     * reads, so a `..` after it still counts. The target must also stay inside when read as text,
     * as Windows reads a `..` without following the links before it; and a part spelled differently
     * from an existing entry (`U` for `u`) is an answer of its own, since case-insensitive systems
     * follow what case-sensitive ones do not.
     */
    resolve(from, target, root = []) {
        const asText = this.walk(from, target, root, false);
        if (asText.outcome === 'outside')
            return asText;
        return this.walk(from, target, root, true);
    }
    walk(from, target, root, followLinks) {
        const at = [...from];
        const pending = [...target].reverse();
        let hops = 0;
        let outside;
        while (pending.length > 0) {
            const part = pending.pop();
            if (part === '' || part === '.')
                continue;
            if (outside) {
                if (part !== '..')
                    outside.rest.push(part);
                else if (outside.rest.length > 0)
                    outside.rest.pop();
                else
                    outside.ups++;
                continue;
            }
            if (part === '..') {
                if (at.length <= root.length)
                    outside = { ups: 1, rest: [] };
                else
                    at.pop();
                continue;
            }
            at.push(part);
            if (!followLinks)
                continue;
            const key = at.join('/');
            const existing = this.nodes.get(collisionKey(key))?.key;
            if (existing !== undefined && existing !== key)
                return { outcome: 'respelled', spelled: key, existing };
            const link = this.links.get(key);
            if (link) {
                if (++hops > MAX_LINK_HOPS)
                    return { outcome: 'loop' };
                at.pop();
                for (let i = link.target.length - 1; i >= 0; i--)
                    pending.push(link.target[i]);
            }
        }
        if (outside)
            return { outcome: 'outside', ...outside };
        return { outcome: 'inside', path: at, found: this.type(at.join('/')) ?? 'nothing' };
    }
}

;// CONCATENATED MODULE: ./src/archive/writer.ts







const EMPTY_SHA256 = (0,external_node_crypto_.hash)('sha256', '', 'hex');
/**
 * Writes a site's entries into `root` (a new staging folder) with synchronous calls: a stream
 * per file costs more than the parsing (docs/decisions/archive-readers.md); the files and
 * hard links are made on a thread of their own, in order (file-writes.ts), folders and symbolic
 * links here. Each entry is judged by the policy before anything touches the disk. Owners are
 * never set, so every file belongs to the runner's user, root included; times are not set either
 * (see the README). Each file's SHA-256 is taken from the bytes as they are written, for the
 * manifest.
 */
class SiteWriter {
    root;
    bound;
    writes;
    signal;
    tree = new SiteTree();
    files = new SiteFiles();
    fileOpen = false;
    /** The open file: its key, the size its entry announced, the bytes written so far. */
    key = '';
    announced;
    written = 0;
    /**
     * A file that arrives in one write, as most small files do, is hashed in one call (crypto.hash),
     * which costs less than a Hash object (docs/decisions/unpack-target.md); the object
     * serves files that arrive in parts.
     */
    digest;
    hashing;
    /** The folder key of the last file, whose folders are known to exist. */
    lastFolder = '';
    /** Set when the umask takes bits from 0755/0644: modes are then set after creation. */
    setModes;
    entries = 0;
    /** What the disk holds so far, at least: the data written, and a block per entry. */
    diskBytes = 0;
    /** The staging folder's path in bytes, which every entry's path on disk adds to. */
    rootBytes;
    /**
     * Set when the signal fires. The signal can only fire between two chunks of the archive (the
     * writes are synchronous); a field read per entry and per write costs nothing next to
     * `throwIfAborted()`, which checks its receiver each time.
     */
    stopped = false;
    onAbort = () => {
        this.stopped = true;
    };
    constructor(
    /** The staging folder, created here; it must not exist. */
    root, bound, 
    /** The file thread, which the caller stops once the writer is closed. */
    writes, 
    /** Stops the unpacking between two entries or two writes: the run's deadline or its cancellation. */
    signal) {
        this.root = root;
        this.bound = bound;
        this.writes = writes;
        this.signal = signal;
        this.stopped = signal?.aborted ?? false;
        signal?.addEventListener('abort', this.onAbort, { once: true });
        (0,external_node_fs_.mkdirSync)(root, DIRECTORY_MODE);
        this.rootBytes = Buffer.byteLength(root);
        this.setModes = ((0,external_node_fs_.statSync)(root).mode & 0o7777) !== DIRECTORY_MODE;
        if (this.setModes)
            (0,external_node_fs_.chmodSync)(root, DIRECTORY_MODE);
    }
    begin(entry) {
        if (this.stopped)
            this.signal?.throwIfAborted();
        this.chargeEntry(entry.name);
        switch (entry.type) {
            case 'file':
                this.file(entry);
                return true;
            case 'directory':
                this.directory(entry.name);
                return false;
            case 'symlink':
                this.symlink(entry.name, entry.linkTarget ?? '');
                return false;
            case 'hardlink':
                this.hardlink(entry.name, entry.linkTarget ?? '');
                return false;
            default:
                return refuseSpecialType(entry.name, entry.type, entry.typeDetail);
        }
    }
    write(data, offset = 0, length = data.length - offset) {
        if (this.stopped)
            this.signal?.throwIfAborted();
        this.charge(length);
        const bytes = data.subarray(offset, offset + length);
        if (this.written === 0 && length === this.announced)
            this.digest = (0,external_node_crypto_.hash)('sha256', bytes, 'hex');
        else
            (this.hashing ??= (0,external_node_crypto_.createHash)('sha256')).update(bytes);
        this.written += length;
        this.writes.write(data, offset, offset + length);
    }
    /** Ends the file begun last. */
    finish() {
        if (!this.fileOpen)
            return;
        this.fileOpen = false;
        this.writes.close();
        this.files.addFile(this.key, this.written, this.digest ?? this.hashing?.digest('hex') ?? EMPTY_SHA256);
    }
    /** Waits until every file is written; throws what failed. */
    drain() {
        this.writes.drain();
    }
    /** Stops listening to the signal: the run goes on after the unpacking. */
    close() {
        this.signal?.removeEventListener('abort', this.onAbort);
    }
    /**
     * Checks every link under `root` once the whole archive is written: a link may have pointed at
     * something missing when it was written, and the folder that becomes the site may be a wrapper
     * one level down. `rootOnDisk` is where `root` will be, for the messages.
     */
    checkLinks(root, rootOnDisk) {
        for (const link of this.tree.linksUnder(root))
            this.judgeLink(link.name, this.tree.resolve(link.folder, link.target, root), rootOnDisk);
    }
    onDisk(key) {
        return key === '' ? this.root : `${this.root}${(external_node_path_default()).sep}${key}`;
    }
    file(entry) {
        const parts = this.namedPath(entry.name);
        const key = this.keyOnDisk(entry.name, parts);
        this.folders(parts, key, entry.name);
        this.tree.claim(key, 'file', entry.name);
        const mode = fileMode(entry.mode);
        this.writes.open(this.onDisk(key), mode, this.setModes);
        this.fileOpen = true;
        this.key = key;
        this.announced = entry.size;
        this.written = 0;
        this.digest = undefined;
        this.hashing = undefined;
    }
    directory(name) {
        const parts = entryPath(name);
        // `./` and the like: the staging folder itself.
        if (parts.length === 0)
            return;
        const key = this.keyOnDisk(name, parts);
        this.folders(parts, key, name);
        if (this.tree.claim(key, 'directory', name))
            this.mkdir(key);
    }
    symlink(name, target) {
        const parts = this.namedPath(name);
        const key = this.keyOnDisk(name, parts);
        const targetParts = linkTargetPath(name, target);
        this.folders(parts, key, name);
        const folder = parts.slice(0, -1);
        // Judged now against what exists, and again by checkLinks() once everything exists.
        const resolution = this.tree.resolve(folder, targetParts);
        this.judgeLink(name, resolution, this.root);
        this.tree.addLink(key, folder, targetParts, name);
        const isFolder = resolution.outcome === 'inside' && resolution.found === 'directory';
        (0,external_node_fs_.symlinkSync)(target, this.onDisk(key), isFolder ? 'dir' : 'file');
        this.files.addLink(key, target);
    }
    hardlink(name, target) {
        const parts = this.namedPath(name);
        const key = this.keyOnDisk(name, parts);
        const targetKey = hardLinkTargetKey(name, target);
        const found = this.tree.type(targetKey);
        if (found !== 'file')
            refuseHardLink(name, target, found ? `a ${found === 'directory' ? 'folder' : found}` : 'not among the entries before it');
        this.folders(parts, key, name);
        this.tree.claim(key, 'file', name);
        this.writes.link(this.onDisk(targetKey), this.onDisk(key));
        this.files.addHardLink(key, targetKey);
    }
    judgeLink(name, resolution, rootOnDisk) {
        if (resolution.outcome === 'loop')
            refuseLinkLoop(name);
        if (resolution.outcome === 'respelled')
            refuseLinkRespelled(name, resolution.spelled, resolution.existing);
        if (resolution.outcome === 'outside') {
            refuseLinkOutside(name, external_node_path_default().resolve(rootOnDisk, ...Array(resolution.ups).fill('..'), ...resolution.rest));
        }
    }
    /** The entry's path parts; an entry must have a name of its own. */
    namedPath(name) {
        const parts = entryPath(name);
        if (parts.length === 0)
            throw refuse('name', `entry ${quote(name)} has no name of its own`);
        return parts;
    }
    /** The entry's key (its parts joined by `/`), once its path under the staging folder is known to fit the system. */
    keyOnDisk(name, parts) {
        const key = parts.join('/');
        refuseLongOnDisk(name, this.rootBytes, key);
        return key;
    }
    /** Makes the folders above `parts` (judged by the tree); `key` is the entry's. */
    folders(parts, key, name) {
        const folder = parts.length > 1 ? key.slice(0, key.length - parts[parts.length - 1].length - 1) : '';
        if (folder === this.lastFolder || this.tree.type(folder) === 'directory') {
            this.lastFolder = folder;
            return;
        }
        for (const added of this.tree.addFolders(parts, name)) {
            this.chargeEntry(added);
            this.mkdir(added);
        }
        this.lastFolder = folder;
    }
    /** Every entry, and every folder made for one, counts against MAX_ENTRIES and takes a block. */
    chargeEntry(name) {
        if (++this.entries > MAX_ENTRIES)
            refuseEntries(name);
        this.charge(ENTRY_DISK_BYTES, name);
    }
    charge(bytes, name) {
        this.diskBytes += bytes;
        if (this.diskBytes > this.bound.bytes) {
            refuseSize(this.bound, `${name === undefined ? 'the data written' : `entry ${quote(name)}`} brings the site to ${(0,format/* formatBytes */.z3)(this.diskBytes)} on disk`);
        }
    }
    mkdir(key) {
        (0,external_node_fs_.mkdirSync)(this.onDisk(key), DIRECTORY_MODE);
        if (this.setModes)
            (0,external_node_fs_.chmodSync)(this.onDisk(key), DIRECTORY_MODE);
    }
}
/** A hard link names an entry of the archive; a name that could not be one is refused as a hard link out. */
function hardLinkTargetKey(name, target) {
    try {
        return entryPath(target).join('/');
    }
    catch {
        return refuseHardLink(name, target, 'outside the site');
    }
}

;// CONCATENATED MODULE: ./src/archive/zip-directory.ts




/**
 * A zip's end records and central directory: where the entries are, what they are and how they
 * are named. zip.ts checks every entry's local header and data against what this reads.
 */
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const SATURATED32 = 0xffffffff;
const SATURATED16 = 0xffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8 = 0x0800;
const FLAG_MASKED_HEADERS = 0x2000;
/** The flags a local header must share with the central directory. */
const FLAGS_COMPARED = FLAG_ENCRYPTED | FLAG_DESCRIPTOR | FLAG_UTF8;
const STORED = 0;
const DEFLATED = 8;
const EXTRA_ZIP64 = 0x0001;
const EXTRA_UNICODE_PATH = 0x7075;
const HOST_UNIX = 3;
const HOST_MACOS = 19;
/**
 * The entries, and where the central directory starts (where the last entry must end). Zeros may
 * follow the end record: bsdtar pads a zip it writes to a pipe to its 10,240-byte block, as tar.gz
 * is padded; anything else after it is refused.
 */
function readCentralDirectory(fd, size) {
    const dataEnd = endOfNonZero(fd, size);
    // The end record ends at dataEnd or in the zeros after it, and is at most 22 + 65,535 bytes long.
    const tailStart = Math.max(0, dataEnd - 22 - SATURATED16);
    const tail = readAt(fd, tailStart, Math.min(size, dataEnd + 22 + SATURATED16) - tailStart);
    let found = -1;
    for (let i = Math.min(tail.length, dataEnd - tailStart) - 4; i >= 0 && found < 0; i--) {
        if (i + 22 > tail.length || tail.readUInt32LE(i) !== END)
            continue;
        const recordEnd = tailStart + i + 22 + tail.readUInt16LE(i + 20);
        if (recordEnd >= dataEnd && recordEnd <= size)
            found = i;
    }
    if (found < 0) {
        const misplaced = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
        throw damaged(misplaced >= 0
            ? 'it has bytes after the end of the zip'
            : 'it has no end-of-central-directory record (cut short?)');
    }
    const endAt = tailStart + found;
    const end = tail.subarray(found, found + 22);
    let count = end.readUInt16LE(10);
    let directorySize = end.readUInt32LE(12);
    let directoryStart = end.readUInt32LE(16);
    let directoryEnd = endAt;
    if (end.readUInt16LE(8) !== count)
        throw damaged(`its end record counts ${end.readUInt16LE(8)} entries on this disk and ${count} in all`);
    const disks = [end.readUInt16LE(4), end.readUInt16LE(6)];
    const locator = endAt >= 20 ? readAt(fd, endAt - 20, 20) : undefined;
    if (locator?.readUInt32LE(0) === LOCATOR64) {
        const recordAt = safeNumber(locator.readBigUInt64LE(8), 'the zip64 end record offset');
        const record = readAt(fd, recordAt, 56);
        if (record.readUInt32LE(0) !== END64)
            throw damaged('its zip64 end record is not where the locator says');
        if (recordAt + 12 + safeNumber(record.readBigUInt64LE(4), 'the zip64 end record size') !== endAt - 20) {
            throw damaged('its zip64 end record does not end where the locator starts');
        }
        const onDisk = safeNumber(record.readBigUInt64LE(24), 'the entry count');
        const total = safeNumber(record.readBigUInt64LE(32), 'the entry count');
        if (onDisk !== total)
            throw damaged(`its zip64 end record counts ${onDisk} entries on this disk and ${total} in all`);
        // The end record repeats each value, or says "in the zip64 record" with all bits set.
        const repeats = (value, saturated, zip64) => value === saturated || value === zip64;
        const zip64Size = safeNumber(record.readBigUInt64LE(40), 'the central directory size');
        const zip64Start = safeNumber(record.readBigUInt64LE(48), 'the central directory offset');
        if (!repeats(count, SATURATED16, total) ||
            !repeats(directorySize, SATURATED32, zip64Size) ||
            !repeats(directoryStart, SATURATED32, zip64Start)) {
            throw damaged('its end record and its zip64 end record disagree on the entry count or the central directory');
        }
        count = total;
        directorySize = zip64Size;
        directoryStart = zip64Start;
        directoryEnd = recordAt;
        disks.push(record.readUInt32LE(16), record.readUInt32LE(20), locator.readUInt32LE(4));
    }
    else if (count === SATURATED16 ||
        directorySize === SATURATED32 ||
        directoryStart === SATURATED32 ||
        disks.includes(SATURATED16)) {
        throw damaged('its end record says zip64 but there is no zip64 end record');
    }
    if (disks.some((disk) => disk !== 0 && disk !== SATURATED16))
        throw unsupported('it spans several disks');
    if (directoryStart + directorySize !== directoryEnd) {
        throw damaged(`its central directory (${directorySize} bytes at byte ${directoryStart}) does not end where the end record is`);
    }
    return { entries: readCentralEntries(readAt(fd, directoryStart, directorySize), count), start: directoryStart };
}
function readCentralEntries(directory, count) {
    const entries = [];
    let at = 0;
    for (let index = 0; index < count; index++) {
        if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
            throw damaged(`its central directory is damaged at entry ${index + 1}`);
        const nameStart = at + 46;
        const extraStart = nameStart + directory.readUInt16LE(at + 28);
        const commentStart = extraStart + directory.readUInt16LE(at + 30);
        const next = commentStart + directory.readUInt16LE(at + 32);
        if (next > directory.length)
            throw damaged(`its central directory is damaged at entry ${index + 1}`);
        const rawName = directory.subarray(nameStart, extraStart);
        const flags = directory.readUInt16LE(at + 8);
        const extras = readExtras(directory.subarray(extraStart, commentStart), rawName);
        const host = directory.readUInt16LE(at + 4) >> 8;
        const { name, utf8 } = entryName(rawName, flags, extras, host === HOST_UNIX || host === HOST_MACOS);
        if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_MASKED_HEADERS))
            throw unsupported(`entry ${quote(name)} is encrypted`);
        const method = directory.readUInt16LE(at + 10);
        if (method !== STORED && method !== DEFLATED)
            throw unsupported(`entry ${quote(name)} is compressed with method ${method}`);
        if (directory.readUInt16LE(at + 34) !== 0 && directory.readUInt16LE(at + 34) !== SATURATED16)
            throw unsupported('it spans several disks');
        const zip64 = zip64Sizes(extras.get(EXTRA_ZIP64), directory.readUInt32LE(at + 24), directory.readUInt32LE(at + 20), name, directory.readUInt32LE(at + 42));
        entries.push({
            rawName,
            name,
            utf8,
            flags,
            method,
            crc: directory.readUInt32LE(at + 16),
            compressedSize: zip64.compressedSize,
            size: zip64.size,
            offset: zip64.offset,
            ...typeAndMode(host, directory.readUInt32LE(at + 38), name)
        });
        at = next;
    }
    if (at !== directory.length)
        throw damaged(`its central directory has ${directory.length - at} bytes more than its ${count} entries`);
    return entries;
}
/** What an entry is: the Unix mode when a Unix system made it, else a trailing slash or the MS-DOS folder bit. */
function typeAndMode(host, attributes, name) {
    const unixMode = host === HOST_UNIX || host === HOST_MACOS ? attributes >>> 16 : 0;
    const mode = unixMode ? unixMode & 0o7777 : 0o644;
    switch (unixMode & 0o170000) {
        case 0o120000:
            return { type: 'symlink', mode };
        case 0o010000:
            return { type: 'fifo', mode };
        case 0o020000:
            return { type: 'character device', mode };
        case 0o060000:
            return { type: 'block device', mode };
        case 0o140000:
            return { type: 'socket', mode };
        case 0o040000:
            return { type: 'directory', mode };
        case 0o100000:
        case 0:
            return { type: name.endsWith('/') || (!unixMode && attributes & 0x10) ? 'directory' : 'file', mode };
        default:
            return { type: 'unknown', mode };
    }
}
function readExtras(extra, name) {
    const extras = new Map();
    let at = 0;
    while (at + 4 <= extra.length) {
        const end = at + 4 + extra.readUInt16LE(at + 2);
        if (end > extra.length)
            break;
        extras.set(extra.readUInt16LE(at), extra.subarray(at + 4, end));
        at = end;
    }
    // Some writers pad the extra field with a few zero bytes; anything else left over is damage.
    if (at < extra.length && extra.subarray(at).some((byte) => byte !== 0)) {
        throw damaged(`entry ${quote(typeof name === 'string' ? name : name.toString('latin1'))} has a damaged extra field`);
    }
    return extras;
}
/** The sizes (and offset) that do not fit 32 bits are in the zip64 extra field, in this order. */
function zip64Sizes(field, size, compressedSize, name, offset = 0) {
    let at = 0;
    const next = () => {
        if (!field || at + 8 > field.length)
            throw damaged(`entry ${quote(name)} lacks the zip64 field its sizes call for`);
        const value = safeNumber(field.readBigUInt64LE(at), `the zip64 sizes of ${quote(name)}`);
        at += 8;
        return value;
    };
    return {
        size: size === SATURATED32 ? next() : size,
        compressedSize: compressedSize === SATURATED32 ? next() : compressedSize,
        offset: offset === SATURATED32 ? next() : offset
    };
}
/**
 * Names are UTF-8 when the entry says so: the UTF-8 flag, or Info-ZIP's unicode path field
 * (version 1, the CRC-32 of the header's name, so a stale field is ignored). Info-ZIP's zip and
 * bsdtar on Linux and macOS write UTF-8 names without saying so; a name from a Unix system that
 * is valid UTF-8 is read as such (CP437 text above 0x7f is hardly ever valid UTF-8). A name from
 * another system that is valid UTF-8 is refused: tools read it either way. Anything else is CP437,
 * the format's original encoding.
 */
function entryName(raw, flags, extras, fromUnix) {
    if (flags & FLAG_UTF8)
        return { name: decodeName(raw, true, 'zip entry name'), utf8: true };
    const unicode = extras.get(EXTRA_UNICODE_PATH);
    if (unicode && unicode.length > 5 && unicode[0] === 1 && unicode.readUInt32LE(1) === (0,external_node_zlib_.crc32)(raw)) {
        return { name: decodeName(unicode.subarray(5), true, 'zip entry name'), utf8: true };
    }
    const utf8 = fromUnix && (0,external_node_buffer_.isUtf8)(raw);
    // CP437 to Python and 7-Zip, UTF-8 to bsdtar and unzip in a UTF-8 locale: one entry, two names.
    if (!fromUnix && !(0,external_node_buffer_.isAscii)(raw) && (0,external_node_buffer_.isUtf8)(raw)) {
        throw refuse('name', `entry ${quote(raw.toString('utf8'))} has a name that some tools read as CP437 (${quote(decodeName(raw, false, 'zip entry name'))}) and others as UTF-8: its zip does not say which (no UTF-8 flag, not made on a Unix system)`);
    }
    return { name: decodeName(raw, utf8, 'zip entry name'), utf8 };
}
/** UTF-8, or CP437 (what MS-DOS wrote, and the zip format's default). */
function decodeName(raw, utf8, what) {
    if (utf8) {
        if (!(0,external_node_buffer_.isUtf8)(raw))
            refuseNotUtf8(what, raw);
        return raw.toString('utf8');
    }
    if ((0,external_node_buffer_.isAscii)(raw))
        return raw.toString('latin1');
    let text = '';
    for (const byte of raw)
        text += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80];
    return text;
}
const CP437_HIGH = [
    ...'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0'
];
function safeNumber(value, what) {
    if (value > BigInt(Number.MAX_SAFE_INTEGER))
        throw damaged(`${what} is too large`);
    return Number(value);
}
/** Where the zeros at the end of the file start (the file's size when it does not end in a zero). */
function endOfNonZero(fd, size) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    for (let end = size; end > 0;) {
        const start = Math.max(0, end - chunk.length);
        const read = (0,external_node_fs_.readSync)(fd, chunk, 0, end - start, start);
        for (let i = read - 1; i >= 0; i--)
            if (chunk[i] !== 0)
                return start + i + 1;
        end = start;
    }
    return 0;
}
/** `length` bytes at `position`; a file that ends before is cut short. */
function readAt(fd, position, length) {
    const buffer = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
        const read = (0,external_node_fs_.readSync)(fd, buffer, filled, length - filled, position + filled);
        if (read === 0)
            throw damaged(`it is cut short at byte ${position + filled}`);
        filled += read;
    }
    return buffer;
}

;// CONCATENATED MODULE: ./src/archive/zip.ts







/**
 * A zip reader that trusts nothing it has not checked twice: the central directory is read
 * first, then each local header is compared with it, entries must follow one another with no
 * gap or overlap up to the central directory, and every entry's CRC-32 and sizes (and its data
 * descriptor's) must agree. Stored and deflated entries, zip64 and data descriptors are read.
 * Hand-written because yauzl, with a stream per entry, is many times slower than `unzip` on a site
 * of many small files (docs/decisions/archive-readers.md).
 */
const WINDOW_BYTES = 1024 * 1024;
/** Entries this small inflate in one synchronous call; larger ones stream. */
const INFLATE_AT_ONCE_BYTES = 4 * 1024 * 1024;
/** A link's target is a path, never this long. */
const MAX_LINK_BYTES = 4096;
/** The event loop is given a turn this often, so a signal can be heard during a long unpack. */
const YIELD_EVERY_BYTES = 32 * 1024 * 1024;
/** Reads the zip at `file` into `sink`. */
async function readZip(file, sink, bound) {
    const fd = (0,external_node_fs_.openSync)(file, 'r');
    try {
        const reader = new ZipFile(fd);
        const { entries, start } = readCentralDirectory(fd, (0,external_node_fs_.fstatSync)(fd).size);
        const total = entries.reduce((sum, entry) => sum + entry.size, 0);
        if (total > bound.bytes)
            refuseSize(bound, `its ${entries.length} entries add up to ${(0,format/* formatBytes */.z3)(total)}`);
        let expected = 0;
        let sinceYield = 0;
        for (const entry of entries.sort((a, b) => a.offset - b.offset)) {
            if (entry.offset !== expected) {
                const where = expected === 0 ? 'the archive starts' : 'the entry before it ends';
                throw damaged(`entry ${quote(entry.name)} starts at byte ${entry.offset}, not at byte ${expected} where ${where} (${entry.offset < expected ? 'overlap' : 'gap'})`);
            }
            expected = await reader.unpack(entry, sink);
            sinceYield += entry.compressedSize;
            if (sinceYield > YIELD_EVERY_BYTES) {
                sinceYield = 0;
                await (0,external_node_timers_promises_.setImmediate)();
            }
        }
        if (expected !== start)
            throw damaged(`it has ${start - expected} bytes between its last entry and the central directory`);
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
class ZipFile {
    fd;
    window = Buffer.allocUnsafe(WINDOW_BYTES);
    windowStart = 0;
    windowEnd = 0;
    constructor(fd) {
        this.fd = fd;
    }
    /** Checks an entry's local header, data and descriptor, writes it, and returns where the next entry must start. */
    async unpack(entry, sink) {
        const local = this.read(entry.offset, 30);
        if (local.readUInt32LE(0) !== LOCAL)
            throw damaged(`entry ${quote(entry.name)} has no local header at byte ${entry.offset}`);
        const flags = local.readUInt16LE(6);
        const method = local.readUInt16LE(8);
        const crc = local.readUInt32LE(14);
        const compressedSize32 = local.readUInt32LE(18);
        const size32 = local.readUInt32LE(22);
        const nameLength = local.readUInt16LE(26);
        const extraLength = local.readUInt16LE(28);
        const rest = this.read(entry.offset + 30, nameLength + extraLength);
        if (!rest.subarray(0, nameLength).equals(entry.rawName))
            throw disagreement(entry, 'the name');
        if (method !== entry.method)
            throw disagreement(entry, 'the compression method');
        if ((flags & FLAGS_COMPARED) !== (entry.flags & FLAGS_COMPARED))
            throw disagreement(entry, 'the flags');
        const extras = readExtras(rest.subarray(nameLength), entry.name);
        const zip64 = extras.has(EXTRA_ZIP64);
        const sizes = zip64Sizes(extras.get(EXTRA_ZIP64), size32, compressedSize32, entry.name);
        const hasDescriptor = (flags & FLAG_DESCRIPTOR) !== 0;
        // With a data descriptor, the local header may leave the CRC and sizes at zero.
        const agrees = (local, central) => local === central || (hasDescriptor && local === 0);
        if (!agrees(crc, entry.crc) ||
            !agrees(sizes.size, entry.size) ||
            !agrees(sizes.compressedSize, entry.compressedSize)) {
            throw disagreement(entry, 'the CRC-32 or the sizes');
        }
        const dataStart = entry.offset + 30 + nameLength + extraLength;
        const dataEnd = dataStart + entry.compressedSize;
        if (entry.type === 'file') {
            sink.begin({ name: entry.name, type: 'file', mode: entry.mode, size: entry.size });
            await this.inflate(entry, dataStart, (chunk) => sink.write(chunk));
            sink.finish();
        }
        else if (entry.type === 'directory' || entry.type === 'symlink') {
            const limit = entry.type === 'symlink' ? MAX_LINK_BYTES : 0;
            if (entry.size > limit)
                throw damaged(`entry ${quote(entry.name)} (a ${entry.type}) has ${entry.size} bytes of data`);
            const data = [];
            await this.inflate(entry, dataStart, (chunk) => data.push(Buffer.from(chunk)));
            const target = entry.type === 'symlink' ? decodeName(Buffer.concat(data), entry.utf8, 'zip link target') : undefined;
            sink.begin({ name: entry.name, type: entry.type, mode: entry.mode, linkTarget: target });
        }
        else {
            // Devices, FIFOs, sockets: the policy refuses them.
            sink.begin({ name: entry.name, type: entry.type, mode: entry.mode });
        }
        return hasDescriptor ? this.checkDescriptor(entry, dataEnd, zip64) : dataEnd;
    }
    /** Inflates (or copies) an entry's data to `write`, checking its sizes and CRC-32 on the way. */
    async inflate(entry, start, write) {
        const { compressedSize, size } = entry;
        let crc = 0;
        let produced = 0;
        const take = (chunk) => {
            produced += chunk.length;
            if (produced > size)
                throw tooLarge(entry);
            crc = (0,external_node_zlib_.crc32)(chunk, crc);
            write(chunk);
        };
        if (entry.method === STORED) {
            if (compressedSize !== size)
                throw damaged(`entry ${quote(entry.name)} is stored, yet its sizes differ (${compressedSize} and ${size})`);
            for (let at = start; at < start + size; at += WINDOW_BYTES)
                take(this.read(at, Math.min(WINDOW_BYTES, start + size - at)));
        }
        else if (compressedSize <= INFLATE_AT_ONCE_BYTES && size <= INFLATE_AT_ONCE_BYTES) {
            const { buffer, engine } = inflateAtOnce(this.read(start, compressedSize), entry);
            if (engine.bytesWritten !== compressedSize)
                throw damaged(`entry ${quote(entry.name)} ends after ${engine.bytesWritten} of its ${compressedSize} compressed bytes`);
            take(buffer);
        }
        else {
            const inflater = (0,external_node_zlib_.createInflateRaw)({ chunkSize: 256 * 1024 });
            await (0,external_node_stream_promises_.pipeline)(this.chunks(start, compressedSize), inflater, async (chunks) => {
                for await (const chunk of chunks)
                    take(chunk);
            }).catch((error) => {
                throw inflateError(error, entry);
            });
            if (inflater.bytesWritten !== compressedSize)
                throw damaged(`entry ${quote(entry.name)} ends after ${inflater.bytesWritten} of its ${compressedSize} compressed bytes`);
        }
        if (produced !== size)
            throw damaged(`entry ${quote(entry.name)} has ${produced} bytes, where the central directory gives ${size}`);
        if (crc >>> 0 !== entry.crc)
            throw damaged(`entry ${quote(entry.name)} fails its CRC-32 check`);
    }
    /**
     * `length` bytes from `start`, a window at a time. Read here rather than by a file stream on the
     * shared descriptor: a failed pipeline destroys its streams, and a file stream's destruction
     * closes the descriptor under the reader.
     */
    *chunks(start, length) {
        for (let at = start; at < start + length; at += WINDOW_BYTES) {
            yield this.readFresh(at, Math.min(WINDOW_BYTES, start + length - at));
        }
    }
    /** A data descriptor after the data (its signature optional): CRC-32 and sizes, 8 bytes each with zip64. */
    checkDescriptor(entry, at, zip64) {
        const head = this.read(at, 4);
        const signed = head.readUInt32LE(0) === DESCRIPTOR;
        const length = (signed ? 4 : 0) + 4 + (zip64 ? 16 : 8);
        const descriptor = this.read(at, length).subarray(signed ? 4 : 0);
        const crc = descriptor.readUInt32LE(0);
        const compressedSize = zip64 ? Number(descriptor.readBigUInt64LE(4)) : descriptor.readUInt32LE(4);
        const size = zip64 ? Number(descriptor.readBigUInt64LE(12)) : descriptor.readUInt32LE(8);
        if (crc !== entry.crc || compressedSize !== entry.compressedSize || size !== entry.size) {
            throw damaged(`entry ${quote(entry.name)}: its data descriptor and the central directory disagree on the CRC-32 or the sizes`);
        }
        return at + length;
    }
    /** `length` bytes at `position`, through a window kept for the next small read: valid until the next read. */
    read(position, length) {
        if (position >= this.windowStart && position + length <= this.windowEnd) {
            return this.window.subarray(position - this.windowStart, position - this.windowStart + length);
        }
        if (length > WINDOW_BYTES)
            return this.readFresh(position, length);
        this.windowStart = position;
        this.windowEnd = position + (0,external_node_fs_.readSync)(this.fd, this.window, 0, WINDOW_BYTES, position);
        if (this.windowEnd < position + length)
            throw damaged(`it is cut short at byte ${this.windowEnd} (cut short?)`);
        return this.window.subarray(0, length);
    }
    readFresh(position, length) {
        return readAt(this.fd, position, length);
    }
}
/** One synchronous inflate, at most the entry's size out; `info` reports how much input it used. */
function inflateAtOnce(input, entry) {
    try {
        // One output buffer of the right size (a byte more, so that a full buffer does not make zlib
        // allocate another to find the end): no 16 KiB chunk per entry for the collector.
        const chunkSize = Math.max(entry.size + 1, 64);
        return (0,external_node_zlib_.inflateRawSync)(input, {
            info: true,
            maxOutputLength: Math.max(entry.size, 1),
            chunkSize
        });
    }
    catch (error) {
        throw inflateError(error, entry);
    }
}
function inflateError(error, entry) {
    const code = error.code;
    if (code === 'ERR_BUFFER_TOO_LARGE')
        return tooLarge(entry);
    if (typeof code === 'string' && code.startsWith('Z_'))
        return damaged(`entry ${quote(entry.name)} has damaged compressed data (${error.message})`);
    return error;
}
function disagreement(entry, what) {
    return damaged(`entry ${quote(entry.name)}: its local header and the central directory disagree on ${what}`);
}
function tooLarge(entry) {
    return damaged(`entry ${quote(entry.name)} inflates to more than the ${(0,format/* formatBytes */.z3)(entry.size)} the central directory gives`);
}

;// CONCATENATED MODULE: ./src/archive/zstd.ts


/**
 * Where the frames of a zstd file are. A file may hold several frames one after another (pzstd
 * writes one per block, `zstd` output concatenated), with skippable frames anywhere (pzstd starts
 * with one). Node's decompressor stops after one frame, so each is handed to a decompressor of
 * its own; walking the block headers finds where a frame ends without decompressing it, and the
 * decompressor then checks that it used exactly those bytes.
 */
const FRAME_MAGIC = 0xfd2fb528;
/** 0x184D2A50 to 0x184D2A5F: frames whose content readers skip. */
const SKIPPABLE_MAGIC = 0x184d2a50;
const SKIPPABLE_MASK = 0xfffffff0;
const BLOCK_HEADER_BYTES = 3;
const CHECKSUM_BYTES = 4;
const RLE_BLOCK = 1;
const RESERVED_BLOCK = 3;
const CUT_SHORT = 'its zstd stream is cut short';
/** True for the magic number of a skippable frame. */
function isSkippableMagic(magic) {
    return (magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC;
}
/** The offset after the skippable frames that start at `at`. */
function skipSkippableFrames(fd, at, size) {
    while (at + 8 <= size) {
        const header = readBytes(fd, at, 8);
        if (!isSkippableMagic(header.readUInt32LE(0)))
            return at;
        const end = at + 8 + header.readUInt32LE(4);
        if (end > size)
            throw damaged(CUT_SHORT);
        at = end;
    }
    return at;
}
/**
 * The zstd frames from the start of the file, skipping skippable frames, then where something
 * else starts (zeros for padding, or data that is not zstd), if anything does.
 */
function* zstdParts(fd, size) {
    let at = 0;
    while (at < size) {
        at = skipSkippableFrames(fd, at, size);
        if (at >= size)
            return;
        if (at + 4 > size || readBytes(fd, at, 4).readUInt32LE(0) !== FRAME_MAGIC) {
            yield { kind: 'other', start: at };
            return;
        }
        const end = frameEnd(fd, at, size);
        yield { kind: 'frame', start: at, end };
        at = end;
    }
}
/** Where the frame starting at `start` ends: its header, its blocks up to the last, its checksum. */
function frameEnd(fd, start, size) {
    const cutShort = () => {
        throw damaged(CUT_SHORT);
    };
    if (start + 5 > size)
        cutShort();
    const descriptor = readBytes(fd, start + 4, 1)[0];
    if (descriptor & 0x08)
        throw damaged(`its zstd stream is damaged (the frame at byte ${start} sets a reserved bit)`);
    const singleSegment = (descriptor >> 5) & 1;
    const contentSizeBytes = [singleSegment, 2, 4, 8][descriptor >> 6];
    const dictionaryBytes = [0, 1, 2, 4][descriptor & 0x03];
    const hasChecksum = (descriptor >> 2) & 1;
    let at = start + 5 + (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes;
    for (let last = false; !last;) {
        if (at + BLOCK_HEADER_BYTES > size)
            cutShort();
        const header = readBytes(fd, at, BLOCK_HEADER_BYTES).readUIntLE(0, BLOCK_HEADER_BYTES);
        last = (header & 1) === 1;
        const type = (header >> 1) & 0x03;
        if (type === RESERVED_BLOCK)
            throw damaged(`its zstd stream is damaged (a block of a reserved type at byte ${at})`);
        at += BLOCK_HEADER_BYTES + (type === RLE_BLOCK ? 1 : header >>> 3);
    }
    at += hasChecksum ? CHECKSUM_BYTES : 0;
    if (at > size)
        cutShort();
    return at;
}
function readBytes(fd, position, length) {
    const buffer = Buffer.alloc(length);
    const read = (0,external_node_fs_.readSync)(fd, buffer, 0, length, position);
    return buffer.subarray(0, read);
}

;// CONCATENATED MODULE: ./src/archive/detect.ts




/** The kinds of archive the action unpacks. */
const SUPPORTED_KINDS = ['tar.gz', 'tar.zst', 'tar', 'zip'];
const ARTICLE = { xz: 'an', bzip2: 'a', '7z': 'a' };
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
const MAGIC = [
    [Buffer.from([0x1f, 0x8b]), 'tar.gz'],
    [ZSTD_MAGIC, 'tar.zst'],
    // A local file header, or the end record that is all an empty zip has.
    [Buffer.from('PK\x03\x04', 'latin1'), 'zip'],
    [Buffer.from('PK\x05\x06', 'latin1'), 'zip'],
    [Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), 'xz'],
    [Buffer.from('BZh', 'latin1'), 'bzip2'],
    [Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), '7z']
];
/**
 * Tells the archive's kind from its first bytes, whatever its name says. A compressed stream is
 * taken to hold a tar (checked while it unpacks); a plain tar has `ustar` at byte 257 or, for v7,
 * only a header checksum that matches.
 */
async function detectArchiveKind(file) {
    const handle = await (0,promises_.open)(file, 'r');
    try {
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
        const head = buffer.subarray(0, bytesRead);
        for (const [magic, kind] of MAGIC)
            if (head.subarray(0, magic.length).equals(magic))
                return kind;
        // pzstd starts with a skippable frame; a zstd frame must follow it.
        if (bytesRead >= 4 && isSkippableMagic(head.readUInt32LE(0)))
            return (await startsZstdFrame(handle)) ? 'tar.zst' : undefined;
        if (bytesRead === 512 && (head.toString('latin1', 257, 262) === 'ustar' || isTarHeader(head)))
            return 'tar';
        return undefined;
    }
    finally {
        await handle.close();
    }
}
async function startsZstdFrame(handle) {
    const size = (await handle.stat()).size;
    let at;
    try {
        at = skipSkippableFrames(handle.fd, 0, size);
    }
    catch {
        // A skippable frame cut short: zstd all the same, and the unpacking says what is wrong with it.
        return true;
    }
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, at);
    return bytesRead === 4 && buffer.equals(ZSTD_MAGIC);
}
/** The kind to unpack `file` as; an error naming what it is otherwise, and where it was kept. */
function supportedKind(kind, file) {
    if (kind && SUPPORTED_KINDS.includes(kind))
        return kind;
    const what = kind ? `${ARTICLE[kind]} ${kind} archive, which is not supported` : 'not an archive';
    throw new ArchiveError(`The downloaded bundle is ${what} (supported: ${SUPPORTED_KINDS.join(', ')}); it was kept at ${file} for inspection`);
}

;// CONCATENATED MODULE: ./src/archive/index.ts



















const READ_CHUNK_BYTES = 1024 * 1024;
/**
 * What the decompressor hands over at a time: a chunk of 1 MiB costs the main thread a quarter of
 * the hand-overs of 256 KiB, ~10 % of its CPU while unpacking small files
 * (docs/decisions/archive-readers.md).
 */
const INFLATE_CHUNK_BYTES = 1024 * 1024;
/**
 * Unpacks `archive` into `destination` in one pass under the unpacking policy (README), replacing
 * what was there only once the new site is complete and checked. Entries go to a staging folder
 * beside the destination; on any refusal it is removed, nothing is left behind and the archive is
 * kept.
 */
async function unpackSite(archive, kind, destination, { host, deadline, writes }) {
    const signal = deadline?.signal();
    const parent = external_node_path_default().dirname(destination);
    const staging = external_node_path_default().join(parent, `.${external_node_path_default().basename(destination)}-${(0,external_node_crypto_.randomUUID)()}`);
    const fileWrites = writes ?? new FileWrites(deadline);
    let writer;
    try {
        const bound = sizeBound((0,external_node_fs_.statSync)(archive).size, freeBytes(parent));
        writer = new SiteWriter(staging, bound, fileWrites, signal);
        if (kind === 'zip')
            await readZip(archive, writer, bound);
        else
            await readTar(archive, kind, writer, bound);
        writer.drain();
        const root = siteRoot(writer.tree, host);
        // Links are judged against the folder that becomes the site, where it will be.
        writer.checkLinks(root, destination);
        replaceSite(external_node_path_default().join(staging, ...root), destination, host);
        return { path: destination, files: writer.files.under(root) };
    }
    catch (error) {
        // A wait for the file thread can run out of time before the signal's timer gets to fire.
        if (error instanceof core_deadline/* TimeUpError */.Jg || (signal?.aborted && error === signal.reason))
            throw stopped(error, archive, kind);
        throw withArchiveNamed(error, archive, kind);
    }
    finally {
        writer?.close();
        // Also when the writer could not be made; before the removal, which the thread must not race.
        await fileWrites.stop();
        removeStaging(staging, host);
    }
}
/** Unpacking stopped by the deadline, or by the run's cancellation (whose reason goes on as it is). */
function stopped(reason, archive, kind) {
    if (!(reason instanceof core_deadline/* TimeUpError */.Jg))
        return reason;
    return new errors/* ActionError */.lZ((0,core_message/* message */.iU) `Unpacking the ${kind} archive ${archive} stopped: ${(0,core_message/* input */.hF)('timeout-seconds')} ran out. Nothing was unpacked; the archive is kept`, { code: 'out-of-time', cause: reason });
}
/** A staging folder that cannot be removed is a warning: the refusal or the success it follows is what the step reports. */
function removeStaging(staging, host) {
    try {
        removeTree(staging);
    }
    catch (error) {
        host.warning(`The staging folder ${staging} could not be removed: ${error.message}`);
    }
}
/** Decompresses once, streaming, into the tar reader; then nothing but zeros may follow the compressed stream. */
async function readTar(archive, kind, writer, bound) {
    const reader = new TarReader(writer, bound);
    const consume = async (chunks) => {
        for await (const chunk of chunks)
            reader.push(chunk);
    };
    const read = (start = 0, end) => (0,external_node_fs_.createReadStream)(archive, { start, end, highWaterMark: READ_CHUNK_BYTES });
    if (kind === 'tar') {
        await (0,external_node_stream_promises_.pipeline)(read(), consume);
    }
    else if (kind === 'tar.gz') {
        // gunzip reads gzip members one after another by itself.
        const decompressor = (0,external_node_zlib_.createGunzip)({ chunkSize: INFLATE_CHUNK_BYTES });
        await (0,external_node_stream_promises_.pipeline)(read(), decompressor, consume).catch((error) => {
            throw decompressionError(error, 'gzip');
        });
        refuseBytesAfter(archive, decompressor.bytesWritten, 'gzip');
    }
    else {
        await readZstdFrames(archive, (start, end) => read(start, end - 1), consume);
    }
    reader.end();
}
/** Each zstd frame through a decompressor of its own (zstd.ts), in order, into `consume`. */
async function readZstdFrames(archive, read, consume) {
    const fd = (0,external_node_fs_.openSync)(archive, 'r');
    try {
        for (const part of zstdParts(fd, (0,external_node_fs_.fstatSync)(fd).size)) {
            if (part.kind === 'other') {
                refuseBytesAfter(archive, part.start, 'zstd');
                return;
            }
            const decompressor = (0,external_node_zlib_.createZstdDecompress)({ chunkSize: INFLATE_CHUNK_BYTES });
            await (0,external_node_stream_promises_.pipeline)(read(part.start, part.end), decompressor, consume).catch((error) => {
                throw decompressionError(error, 'zstd');
            });
            if (decompressor.bytesWritten !== part.end - part.start) {
                throw damaged(`its zstd stream is damaged (the frame at byte ${part.start} ends before its last block)`);
            }
        }
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
/**
 * zlib's errors as the archive's damage. gzip and zstd read what follows a stream as the start of
 * another; the first one's magic was checked when the kind was detected, so a bad magic is data
 * after the stream.
 */
function decompressionError(error, stream) {
    const code = error.code ?? '';
    if (!code.startsWith('Z_') && !code.startsWith('ZSTD_'))
        return error;
    const message = error.message;
    if (message === 'unexpected end of file')
        return damaged(`its ${stream} stream is cut short`);
    if (message === 'incorrect header check' || code === 'ZSTD_error_prefix_unknown') {
        return damaged(`it has data after the end of its ${stream} stream (not another ${stream} stream)`);
    }
    return damaged(`its ${stream} stream is damaged (${message})`);
}
/** The decompressor stops at the end of its stream; what it left unread must be zeros (padding), not data. */
function refuseBytesAfter(archive, used, stream) {
    const fd = (0,external_node_fs_.openSync)(archive, 'r');
    try {
        const buffer = Buffer.alloc(READ_CHUNK_BYTES);
        const zeros = Buffer.alloc(READ_CHUNK_BYTES);
        for (let at = used;;) {
            const read = (0,external_node_fs_.readSync)(fd, buffer, 0, buffer.length, at);
            if (read === 0)
                return;
            if (buffer.compare(zeros, 0, read, 0, read) !== 0) {
                const nonZero = buffer.subarray(0, read).findIndex((byte) => byte !== 0);
                throw damaged(`it has data after the end of its ${stream} stream (at byte ${at + nonZero})`);
            }
            at += read;
        }
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
/** The folder with index.html: the archive's top, or the one folder it wraps everything in. */
function siteRoot(tree, host) {
    if (hasIndex(tree, []))
        return [];
    const top = tree.topNames().filter((name) => !name.startsWith('.'));
    const [only] = top;
    if (top.length === 1 && only !== undefined && tree.type(only) === 'directory' && hasIndex(tree, [only]))
        return [only];
    // The site check (verify) reports the missing index.html; here it only explains the layout.
    host.info('The bundle has no index.html at its top, nor one folder holding it; the site was unpacked as it is');
    return [];
}
function hasIndex(tree, folder) {
    const index = tree.resolve(folder, ['index.html'], folder);
    return index.outcome === 'inside' && index.found === 'file';
}
/** Moves the new site into place, then removes the one it replaces. */
function replaceSite(site, destination, host) {
    const previous = external_node_path_default().join(external_node_path_default().dirname(destination), `.${external_node_path_default().basename(destination)}-previous-${(0,external_node_crypto_.randomUUID)()}`);
    let replacing = true;
    try {
        (0,external_node_fs_.renameSync)(destination, previous);
    }
    catch (error) {
        if (error.code !== 'ENOENT')
            throw error;
        replacing = false;
    }
    try {
        (0,external_node_fs_.renameSync)(site, destination);
    }
    catch (error) {
        if (replacing)
            (0,external_node_fs_.renameSync)(previous, destination);
        throw error;
    }
    if (!replacing)
        return;
    try {
        removeTree(previous);
    }
    catch (error) {
        host.warning(`The new site is in place, but the previous one could not be removed from ${previous}: ${error.message}`);
    }
}
/** A refusal, with the archive, the verdict and the rule; any other failure (a full disk) as it is, with the archive named. */
function withArchiveNamed(error, archive, kind) {
    if (error instanceof ArchiveError && error.rule) {
        const verdict = isDamage(error.rule) ? 'is damaged' : 'was refused';
        return new ArchiveError(`The ${kind} archive ${archive} ${verdict}: ${error.message} [rule: ${error.rule}]. Nothing was unpacked; the archive is kept for inspection.`, error.rule);
    }
    const message = error instanceof Error ? error.message : String(error);
    return new errors/* ActionError */.lZ(`Unpacking the ${kind} archive ${archive} failed: ${message}. Nothing was unpacked; the archive is kept.`, { code: error instanceof errors/* ActionError */.lZ ? error.code : ((0,errors/* systemCode */.xU)(error) ?? 'unpack-failed'), cause: error });
}

// EXTERNAL MODULE: ./src/core/own-files.ts
var own_files = __webpack_require__(1933);
// EXTERNAL MODULE: ./src/core/progress.ts
var progress = __webpack_require__(4664);
// EXTERNAL MODULE: ./src/core/server-words.ts
var server_words = __webpack_require__(8284);
;// CONCATENATED MODULE: ./src/download/errors.ts



/**
 * A failed download, named by its link (without the query, where a presigned link keeps its
 * signature): "Download of https://…/bundle.tar.gz?… was cut short: …".
 */
class DownloadError extends errors/* ActionError */.lZ {
    problem;
    name = 'DownloadError';
    constructor(link, 
    /** What went wrong, in the words that follow the link; an out-of-time error quotes it for the last attempt. */
    problem, options) {
        super((0,core_message/* message */.iU) `Download of ${(0,net/* redactUrl */.BO)(link)}${options.afterColon ? ':' : ''} ${problem}`, options);
        this.problem = problem;
    }
}
/** The storage host refused the link as expired: a fresh link from the API is the cure, not a retry. */
class LinkExpiredError extends errors/* ActionError */.lZ {
    name = 'LinkExpiredError';
    constructor(status) {
        super(`The storage host refused the link as expired (HTTP ${status})`, { code: 'link-expired' });
    }
}

;// CONCATENATED MODULE: ./src/download/file-sink.ts





/**
 * Where the bytes of a download go: a file, and its SHA-256. The main thread writes the chunks of
 * the body as they come, a batch at a time, straight from the network's buffers (no copy of its
 * own); a worker thread hashes the file behind it, reading back what was just written, which the
 * page cache still holds. The hash thus runs on the second core, beside the transfer, and covers
 * the bytes as they are on disk. Nothing is held but one batch, and the memory of each network
 * read is given back as soon as it is written (see `release`). Other shapes were measured and
 * were slower (docs/decisions/download-data-path.md): hashing on the main thread, or handing blocks to a worker that
 * writes and hashes them.
 */
/** Chunks gathered into one write: fewer system calls, while the worker still reads from the cache. */
const file_sink_BATCH_BYTES = 256 * 1024;
/**
 * How far the writes get before the worker is told: waking a thread is costly, in a virtual machine
 * above all (docs/decisions/download-data-path.md). The worker lags at most that far behind, which the page
 * cache easily holds.
 */
const TELL_EVERY_BYTES = 16 * 1024 * 1024;
/**
 * The hashing thread's entry: built beside the action's bundle as hash-worker/index.js (package.json,
 * `bundle`); when this module runs from its source, as in the tests, the source file beside it.
 */
const HASH_WORKER_FILES = ['hash-worker/index.js', 'hash-worker.ts'];
/**
 * A failure of the file (a full disk, a lost folder) or of its hashing thread, never of the
 * transfer: its code is the system's (`ENOSPC`) when there is one, else `hashing`.
 */
class SinkError extends errors/* ActionError */.lZ {
    name = 'SinkError';
}
function sinkError(message, systemCode) {
    return new SinkError(message, { code: systemCode ?? 'hashing' });
}
class FileSink {
    path;
    file;
    worker;
    /** Bytes taken so far: in the file, or in the batch about to be written. */
    size = 0;
    batch = [];
    batchBytes = 0;
    /** The chunks of the last batch written, whose memory the next write() releases. */
    written = [];
    /** The end of the bytes the worker was told about. */
    told = 0;
    failure;
    digest;
    constructor(path, file, worker) {
        this.path = path;
        this.file = file;
        this.worker = worker;
        worker.on('message', (message) => {
            if (message.kind === 'digest')
                this.digest?.(message.sha256);
            else
                this.fail(sinkError(message.message, message.code));
        });
        worker.on('error', (error) => this.fail(error));
        worker.on('exit', () => this.fail(new Error('the hashing thread stopped')));
    }
    /** Creates (or empties) the file and starts the hashing thread. */
    static async open(path) {
        const file = await (0,promises_.open)(path, 'w+');
        const worker = new external_node_worker_threads_.Worker((0,worker_file/* workerBeside */.n)(import.meta.url, HASH_WORKER_FILES), {
            workerData: file.fd,
            // It allocates one buffer and the hash's state.
            resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 }
        });
        return new FileSink(path, file, worker);
    }
    /**
     * Takes the chunk (not a copy: the caller must not change it afterwards, nor read it after its
     * next call of write(), which may release it: see `release`) and writes the batch once it is
     * large enough. Throws a SinkError when the file cannot be written.
     */
    write(chunk) {
        if (this.failure)
            throw this.failure;
        // Not in the flush that writes them: the chunk just taken may still be in its reader's hands.
        if (this.written.length > 0) {
            for (const done of this.written)
                release(done);
            this.written = [];
        }
        this.batch.push(chunk);
        this.batchBytes += chunk.length;
        this.size += chunk.length;
        if (this.batchBytes >= file_sink_BATCH_BYTES)
            this.flush();
    }
    /** Writes the batch now: every byte taken is then in the file. */
    flush() {
        if (this.batchBytes === 0)
            return;
        const end = this.size;
        const batch = this.batch;
        let chunks = [...batch];
        let position = end - this.batchBytes;
        this.batch = [];
        this.batchBytes = 0;
        try {
            while (chunks.length > 0) {
                let written = (0,external_node_fs_.writevSync)(this.file.fd, chunks, position);
                position += written;
                // A short write (rare, for a file) leaves the rest to go again.
                while (chunks.length > 0 && written >= chunks[0].length)
                    written -= chunks.shift().length;
                if (written > 0)
                    chunks = [chunks[0].subarray(written), ...chunks.slice(1)];
            }
        }
        catch (error) {
            throw this.fail(error);
        }
        this.written = batch;
        if (end - this.told >= TELL_EVERY_BYTES) {
            this.told = end;
            this.post({ kind: 'written', end });
        }
    }
    /** Forgets everything taken: the next byte is the file's first, and the hash starts again. */
    restart() {
        if (this.failure)
            throw this.failure;
        this.size = 0;
        this.batch = [];
        this.batchBytes = 0;
        this.told = 0;
        this.post({ kind: 'restart' });
    }
    /** Writes what is left, returns the SHA-256 of the file's bytes, and cuts the file at its size. */
    async finish() {
        this.flush();
        // A hashing thread that failed or stopped earlier would never answer.
        this.throwIfFailed();
        const sha256 = await new Promise((resolve) => {
            this.digest = resolve;
            this.post({ kind: 'finish', end: this.size });
        });
        this.throwIfFailed();
        try {
            // A restart from zero may have left longer, older bytes behind. Only now: the hashing thread
            // may still have been reading them.
            (0,external_node_fs_.ftruncateSync)(this.file.fd, this.size);
        }
        catch (error) {
            throw this.fail(error);
        }
        await this.close();
        return sha256;
    }
    /** Stops the hashing thread and deletes the file. */
    async discard() {
        await this.close();
        await (0,promises_.rm)(this.path, { force: true });
    }
    async close() {
        this.worker.removeAllListeners('exit');
        await this.worker.terminate();
        await this.file.close().catch(() => { });
    }
    throwIfFailed() {
        if (this.failure)
            throw this.failure;
    }
    post(message) {
        this.worker.postMessage(message);
    }
    fail(error) {
        this.failure ??=
            error instanceof SinkError ? error : sinkError(error.message, error.code);
        this.digest?.('');
        return this.failure;
    }
}
/**
 * Frees a written chunk's memory now, when the chunk is the whole of it: each socket read gets
 * a fresh buffer of its own, which otherwise only the garbage collector frees, and with so little
 * else allocated it runs only once tens of MiB of them have piled up, each pile on fresh pages
 * (docs/decisions/download-data-path.md). Detaching the buffer (`transfer(0)`, standard since ES2024)
 * frees it at once, and the next read reuses the same memory. A chunk that is only part of its buffer
 * (Node's shared pool, a slice of a caller's buffer) is left alone: others may still use the rest.
 */
function release(chunk) {
    const memory = chunk.buffer;
    if (!(memory instanceof ArrayBuffer) || chunk.byteOffset !== 0 || chunk.byteLength !== memory.byteLength)
        return;
    try {
        memory.transfer(0);
    }
    catch {
        // A buffer marked as not detachable (markAsUntransferable) is left to the collector.
    }
}

;// CONCATENATED MODULE: ./src/download/progress.ts


function progressLine(source, elapsedMs) {
    const position = source.position();
    const total = source.total();
    const rate = elapsedMs > 0 ? (source.received() / elapsedMs) * 1000 : 0;
    const parts = [
        total
            ? `${(0,format/* formatBytes */.z3)(position)} of ${(0,format/* formatBytes */.z3)(total)} (${Math.floor((position / total) * 100)}%)`
            : (0,format/* formatBytes */.z3)(position)
    ];
    parts.push(`${(0,format/* formatBytes */.z3)(rate)}/s`);
    if (total && rate > 0)
        parts.push(`about ${(0,format/* formatSeconds */.Xo)(((total - position) / rate) * 1000)} left`);
    return `Downloading: ${parts.join(', ')}`;
}
/** Logs a progress line every `intervalMs` (by default every 10 s) until the returned function is called. */
function reportProgress(source, log, intervalMs, now = Date.now) {
    const startedAt = now();
    return (0,progress/* everyProgressInterval */.Sv)(() => log(progressLine(source, now() - startedAt)), intervalMs);
}

;// CONCATENATED MODULE: ./src/download/transfer.ts



/** Sends the GET, following up to five redirects, and delivers the final answer's body. */
async function getFromStorage(link, options) {
    let url = link;
    for (let redirects = 0;; redirects++) {
        const answer = await send(url, options);
        const location = (0,net/* header */.wx)(answer.response.headers.location);
        if (!net/* REDIRECT_STATUSES */.aq.has(answer.response.status) || !location)
            return answer;
        if (redirects === net/* MAX_REDIRECTS */.NX)
            return answer;
        const next = new URL(location, url);
        const reason = options.network.refusal(next);
        if (reason) {
            throw new DownloadError(link.href, (0,core_message/* message */.iU) `the storage host redirected to ${next.origin}${next.pathname}, refused: ${reason}`, {
                code: 'insecure-link',
                afterColon: true
            });
        }
        url = next;
    }
}
function send(url, options) {
    return new Promise((resolve, reject) => {
        let response;
        let sink;
        let received = 0;
        const text = [];
        let textBytes = 0;
        let controller;
        let settled = false;
        const onAbort = () => controller?.abort(options.signal.reason);
        const settle = (error) => {
            if (settled)
                return;
            settled = true;
            options.signal.removeEventListener('abort', onAbort);
            if (error !== undefined)
                return reject(error instanceof Error ? error : new Error('the request failed', { cause: error }));
            resolve({
                response: response,
                received,
                ...(sink ? {} : { text: Buffer.concat(text).toString('utf8') })
            });
        };
        const handler = {
            onRequestStart(requestController) {
                controller = requestController;
                if (options.signal.aborted)
                    requestController.abort(options.signal.reason);
                else
                    options.signal.addEventListener('abort', onAbort, { once: true });
            },
            onResponseStart(responseController, status, headers) {
                response = { status, headers, url };
                if (net/* REDIRECT_STATUSES */.aq.has(status))
                    return;
                try {
                    sink = options.accept(response);
                }
                catch (error) {
                    return responseController.abort(error);
                }
            },
            onResponseData(responseController, chunk) {
                if (!sink) {
                    if (textBytes < net/* ERROR_PAGE_BYTES */.JK)
                        text.push(chunk);
                    textBytes += chunk.length;
                    // Enough of an error page: stop reading, keep what was read.
                    if (textBytes >= net/* ERROR_PAGE_BYTES */.JK) {
                        settle();
                        responseController.abort(new Error('error page read far enough'));
                    }
                    return;
                }
                received += chunk.length;
                try {
                    sink.write(chunk);
                    options.onBytes?.(chunk.length);
                }
                catch (error) {
                    return responseController.abort(error);
                }
            },
            onResponseEnd() {
                settle();
            },
            onResponseError(_controller, error) {
                settle(error);
            }
        };
        try {
            options.dispatcher.dispatch({
                origin: url.origin,
                path: `${url.pathname}${url.search}`,
                method: 'GET',
                headers: options.headers,
                headersTimeout: options.stallTimeoutMs,
                bodyTimeout: options.stallTimeoutMs
            }, handler);
        }
        catch (error) {
            settle(error);
        }
    });
}

;// CONCATENATED MODULE: ./src/download/index.ts















/**
 * Downloads the archive behind a presigned link into `file`, hashing it on the way; the caller
 * names the file (a temporary one, which it moves into place once it knows what arrived), and a
 * download that fails removes it. A cut transfer is resumed where it stopped (`Range` with
 * `If-Range`), when the storage host allows it.
 */
async function downloadFile(link, file, options) {
    checkLink(link, options.network);
    if (options.deadline.expired())
        throw outOfTime(link, 0);
    let sink;
    try {
        sink = await FileSink.open(file);
    }
    catch (error) {
        throw transferError(link, error);
    }
    const maxBytes = options.maxBytes ?? Math.max(0, freeBytes(external_node_path_default().dirname(file)) - FREE_SPACE_RESERVE_BYTES);
    const download = new BundleDownload(link, sink, { ...options, maxBytes });
    const { host } = options;
    const stopProgress = reportProgress(download.progress, (line) => host.progress(line), options.progressIntervalMs ?? host.progressIntervalMs);
    try {
        await download.run();
        const sha256 = await sink.finish();
        return { path: file, sha256, sizeBytes: sink.size };
    }
    catch (error) {
        await sink.discard();
        throw error instanceof SinkError ? transferError(download.link, error) : error;
    }
    finally {
        stopProgress();
    }
}
/** The attempts of one download: the link, the file so far, and how to resume it. */
class BundleDownload {
    sink;
    options;
    link;
    expectedSize;
    /** From the last full (200) answer; a resume asks for the same object by it. */
    validator = {};
    received = 0;
    /** Aborts at the deadline or on cancellation: an attempt in progress is stopped at once. */
    signal;
    constructor(link, sink, options) {
        this.sink = sink;
        this.options = options;
        this.link = link;
        this.expectedSize = options.expectedSize;
        this.signal = options.deadline.signal();
    }
    progress = {
        position: () => this.sink.size,
        total: () => this.validator.total ?? this.expectedSize,
        received: () => this.received
    };
    /** The attempts, retried under the HTTP policy; an attempt that brought new bytes starts the count again. */
    async run() {
        let sizeBefore = 0;
        try {
            await (0,retry/* retry */.L5)(async () => {
                for (;;) {
                    sizeBefore = this.sink.size;
                    try {
                        return await this.attempt();
                    }
                    catch (error) {
                        // A refused link is renewed at once, and the download goes on: renewals are not failed attempts.
                        if (!(error instanceof LinkExpiredError && this.options.renewLink && !this.signal.aborted))
                            throw error;
                        await this.renewLink(error);
                    }
                }
            }, {
                attempts: net/* ATTEMPTS */.PY,
                baseDelayMs: this.options.retryBaseDelayMs,
                maxDelayMs: net/* MAX_BACKOFF_MS */.BT,
                deadline: this.options.deadline.at,
                signal: this.signal,
                // Only the transfer's own faults: an API call that renewed the link has had its retries already.
                isRetryable: (error) => error instanceof DownloadError && error.retryable,
                madeProgress: () => this.sink.size > sizeBefore,
                onRetry: (error, attempt, delayMs) => this.options.host.info((0,core_message/* message */.iU) `${(0,errors/* asClause */.eI)((0,errors/* textOf */.b6)(error))}; ${(0,retry/* retryNote */.vT)(delayMs, attempt, net/* ATTEMPTS */.PY)}${this.resumeNote()}`)
            });
        }
        catch (error) {
            if (this.signal.reason instanceof core_deadline/* TimeUpError */.Jg || error instanceof retry/* OutOfTimeError */.JT) {
                throw outOfTime(this.link, this.sink.size, this.validator.total, error instanceof retry/* OutOfTimeError */.JT ? error.cause : undefined);
            }
            if (this.signal.aborted && this.signal.reason instanceof Error)
                throw this.signal.reason;
            throw error;
        }
    }
    async renewLink(error) {
        const at = this.sink.size > 0 ? `, to go on from byte ${this.sink.size}` : '';
        this.options.host.info((0,core_message/* message */.iU) `${error.text}; asking for a fresh link${at}`);
        const fresh = await this.options.renewLink();
        checkLink(fresh.link, this.options.network);
        this.link = fresh.link;
        this.expectedSize = fresh.expectedSize;
    }
    resumeNote() {
        if (this.sink.size === 0)
            return '';
        return this.validator.etag
            ? `, from byte ${this.sink.size}`
            : ' (from the first byte: the storage host sent no ETag to resume by)';
    }
    async attempt() {
        const offset = this.sink.size;
        const { etag } = this.validator;
        const resuming = offset > 0 && etag !== undefined;
        if (offset > 0 && !resuming)
            this.restart();
        const { response, received, text } = await getFromStorage(new URL(this.link), {
            headers: { 'user-agent': user_agent/* USER_AGENT */._O, ...(resuming ? { range: `bytes=${offset}-`, 'if-range': etag } : {}) },
            dispatcher: this.options.dispatcher ?? this.options.network.dispatcher,
            network: this.options.network,
            stallTimeoutMs: this.options.stallTimeoutMs,
            signal: this.signal,
            accept: (answer) => this.accept(answer, resuming ? offset : 0),
            onBytes: (count) => {
                this.received += count;
                this.refuseOversize();
            }
        }).catch((error) => {
            throw transferError(this.link, error, this.sink.size, this.validator.total);
        });
        if (text !== undefined)
            throw this.refusal(response, text, offset);
        const announced = contentLength(response);
        if (announced !== undefined && received !== announced) {
            throw new DownloadError(this.link, `was cut short: ${received} of ${announced} bytes`, {
                code: 'cut-short',
                retryable: true
            });
        }
        const { expectedSize } = this;
        if (expectedSize !== undefined && this.sink.size !== expectedSize) {
            const size = this.sink.size;
            this.restart();
            throw new DownloadError(this.link, `has ${size} bytes, but the API announced ${expectedSize} (sizeBytes)`, {
                code: 'size-mismatch',
                retryable: true
            });
        }
    }
    /**
     * Stops a body as soon as it outgrows what was announced (sizeBytes, or Content-Length), or,
     * when nothing was, the room on the disk: a host that keeps sending must not fill the runner.
     */
    refuseOversize() {
        const limit = Math.min(this.expectedSize ?? this.validator.total ?? Number.POSITIVE_INFINITY, this.options.maxBytes ?? Number.POSITIVE_INFINITY);
        if (this.sink.size <= limit)
            return;
        const announced = limit === this.options.maxBytes ? 'the room on the disk' : `the ${limit} bytes announced`;
        throw new DownloadError(this.link, `was stopped: the storage host sent more than ${announced}`, {
            code: 'too-large'
        });
    }
    /**
     * Decides what the body of a 200 or 206 is worth; anything else is read as an error page. A 206
     * counts only when it is the rest of the same object from the byte asked for; a 200 is the whole
     * object, perhaps a new one: the file starts again from zero.
     */
    accept(response, rangeStart) {
        if (response.status === 200) {
            if (this.sink.size > 0) {
                this.options.host.info(`The storage host sent the whole file again (HTTP 200${rangeStart > 0 ? ', not the rest asked for' : ''}); starting from the first byte`);
                this.sink.restart();
            }
            this.validator = { etag: strongEtag(response.headers.etag), total: contentLength(response) };
            return this.sink;
        }
        if (response.status === 206 && rangeStart > 0) {
            const range = (0,net/* header */.wx)(response.headers['content-range']);
            const etag = strongEtag(response.headers.etag);
            if (!isRestOf(range, rangeStart, this.validator.total) || (etag !== undefined && etag !== this.validator.etag)) {
                this.restart();
                throw new DownloadError(this.link, `the storage host answered the request for bytes ${rangeStart}- with Content-Range ${range ?? '(none)'}` +
                    `${etag !== undefined && etag !== this.validator.etag ? ' and another ETag' : ''}; starting again from the first byte`, { code: 'range-mismatch', retryable: true, afterColon: true });
            }
            return this.sink;
        }
        return undefined;
    }
    refusal(response, text, offset) {
        const { status } = response;
        if (isExpiryRefusal(status, text))
            return new LinkExpiredError(status);
        if (status === 416) {
            this.restart();
            return new DownloadError(this.link, `the storage host has no bytes from ${offset} on (HTTP 416); starting again from the first byte`, {
                code: 'range-mismatch',
                retryable: true,
                afterColon: true
            });
        }
        const redirect = status >= 300 && status < 400 ? ' (a redirect without a Location, or more than 5 in a row)' : '';
        return new DownloadError(this.link, `failed: HTTP ${status}${redirect}${storageMessage(text)}`, {
            code: 'http-status',
            retryable: net/* RETRYABLE_STATUSES */.U3.has(status),
            retryAfterMs: (0,retry/* parseRetryAfter */.mu)(response.headers['retry-after'])
        });
    }
    /** Drops what was kept: the next bytes are the file's first. */
    restart() {
        this.sink.restart();
        this.validator = {};
    }
}
/** Refuses, before any connection, a link the run's network does not allow. */
function checkLink(link, network) {
    const reason = network.refusal(link);
    if (reason)
        throw new DownloadError(link, (0,core_message/* message */.iU) `refused: ${reason}`, { code: 'insecure-link' });
}
/** `bytes <start>-<total - 1>/<total>`: the rest of the object from `start`, of the size known. */
function isRestOf(contentRange, start, total) {
    const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange?.trim() ?? '');
    if (!match)
        return false;
    const [first, last, size] = [Number(match[1]), Number(match[2]), match[3] === '*' ? undefined : Number(match[3])];
    if (first !== start)
        return false;
    if (total !== undefined && size !== total)
        return false;
    return size === undefined || last === size - 1;
}
/** If-Range needs a strong validator; a weak one (W/"…") cannot promise the same bytes. */
function strongEtag(value) {
    const etag = (0,net/* header */.wx)(value)?.trim();
    return etag && !etag.startsWith('W/') ? etag : undefined;
}
function contentLength(response) {
    const value = (0,net/* header */.wx)(response.headers['content-length']);
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}
function outOfTime(link, position, total, lastError) {
    const lastProblem = lastError instanceof DownloadError ? lastError.problem : lastError === undefined ? undefined : (0,errors/* textOf */.b6)(lastError);
    return new DownloadError(link, (0,core_message/* message */.iU) `ran out of time (${(0,core_message/* input */.hF)('timeout-seconds')})${reached(position, total)}${lastProblem ? (0,core_message/* message */.iU) `; the last attempt: ${lastProblem}` : ''}`, {
        code: 'out-of-time'
    });
}
/** How far the download got, for a message about where it stopped. */
function reached(position, total) {
    return position > 0 ? ` after ${(0,format/* formatBytes */.z3)(position)}${total ? ` of ${(0,format/* formatBytes */.z3)(total)}` : ''}` : '';
}
/** S3 answers an expired presigned link with 403 AccessDenied and "Request has expired". */
function isExpiryRefusal(status, body) {
    return (status === 403 || status === 400 || status === 410) && /expired/i.test(body);
}
/** The start of the `<Message>` of an S3-style XML error, or nothing. */
function storageMessage(body) {
    const { message } = (0,server_words/* xmlErrorWords */.f)(body);
    return message ? `: ${message}` : '';
}
/** Filesystem faults (a full disk, a missing folder) do not mend on their own. */
const FILESYSTEM_CODES = /^E(NOSPC|ACCES|PERM|ROFS|NOENT|EXIST|ISDIR|DQUOT|FBIG)$/;
/** A failure of the transfer or of the file, as a DownloadError that says how far it got; the download's own errors as they are. */
function transferError(link, error, position = 0, total) {
    if (error instanceof DownloadError || error instanceof LinkExpiredError)
        return error;
    if (error instanceof Error && error.name === 'AbortError')
        return error;
    const code = error instanceof SinkError ? (error.code === 'hashing' ? undefined : error.code) : (0,errors/* systemCode */.xU)(error);
    const reason = code?.includes('TIMEOUT') ? 'stalled' : `failed (${code ?? error.message})`;
    const retryable = !(error instanceof SinkError) && (code === undefined || !FILESYSTEM_CODES.test(code));
    return new DownloadError(link, `${reason}${reached(position, total)}`, {
        code: code ?? 'transfer',
        retryable,
        cause: error
    });
}

// EXTERNAL MODULE: ./src/manifest/schema.ts
var schema = __webpack_require__(6470);
;// CONCATENATED MODULE: ./src/manifest/compare.ts

/**
 * What changed from one export to the next, file by file: the content of `changes.json`
 * (docs/after-the-deploy.md documents it).
 */
const CHANGES_VERSION = 1;
/**
 * Compares two manifests by path: a file is changed when its SHA-256 differs, or when it became
 * or stopped being a link, or points elsewhere.
 */
function compareManifests(previous, current) {
    const before = new Map(previous.files.map((file) => [file.path, file]));
    const added = [];
    const changed = [];
    let unchanged = 0;
    for (const file of current.files) {
        const earlier = before.get(file.path);
        before.delete(file.path);
        if (!earlier)
            added.push({ ...file, page: (0,schema/* isPage */.yp)(file.path) });
        else if (earlier.sha256 !== file.sha256 || earlier.link !== file.link)
            changed.push({ path: file.path, page: (0,schema/* isPage */.yp)(file.path), previous: content(earlier), current: content(file) });
        else
            unchanged++;
    }
    const removed = [...before.values()].map((file) => ({ ...file, page: (0,schema/* isPage */.yp)(file.path) }));
    const pagesUnchanged = current.files.filter((file) => (0,schema/* isPage */.yp)(file.path)).length - count(added) - count(changed);
    return {
        version: CHANGES_VERSION,
        previous: (0,schema/* exportOf */.yN)(previous),
        current: (0,schema/* exportOf */.yN)(current),
        counts: { added: added.length, removed: removed.length, changed: changed.length, unchanged },
        pages: { added: count(added), removed: count(removed), changed: count(changed), unchanged: pagesUnchanged },
        added: (0,schema/* sortByPath */.$y)(added),
        removed: (0,schema/* sortByPath */.$y)(removed),
        changed: (0,schema/* sortByPath */.$y)(changed)
    };
}
function count(files) {
    return files.reduce((sum, file) => sum + (file.page ? 1 : 0), 0);
}
function content({ size, sha256, link }) {
    return link === undefined ? { size, sha256 } : { size, sha256, link };
}

;// CONCATENATED MODULE: ./src/manifest/report.ts


/** Paths listed of each kind (added, removed, changed) in the log and the summary; changes.json has them all. */
const LISTED = 10;
const CHANGE_KINDS = ['added', 'removed', 'changed'];
/** The first paths of one kind to show, pages before other files. */
function shownPaths(changes, kind) {
    const list = changes[kind];
    return [...list.filter((file) => file.page), ...list.filter((file) => !file.page)]
        .slice(0, LISTED)
        .map((file) => file.path);
}
/** Said under a list that shows only its first paths: "10 of 412; all are in changes.json". */
function cutNote(changes, kind, changesPath) {
    const total = changes[kind].length;
    return total > LISTED ? `${LISTED} of ${total}; all are in ${external_node_path_default().basename(changesPath)}` : undefined;
}
/** "export job job_1 (2026-11-22, created 2026-11-22T09:00:00.000Z)". */
function describeExport(of) {
    const details = [of.exportVersion, `created ${of.createdAt}`].filter((detail) => detail !== null);
    return `export job ${of.jobId} (${details.join(', ')})`;
}
/** "3 added (2 pages), 1 removed, 12 changed (10 pages), 400 unchanged". */
function countsLine(counts, pages) {
    const part = (kind) => {
        const ofPages = kind !== 'unchanged' && pages[kind] > 0 ? ` (${pages[kind]} page${pages[kind] === 1 ? '' : 's'})` : '';
        return `${counts[kind]} ${kind}${ofPages}`;
    };
    return ['added', 'removed', 'changed', 'unchanged'].map(part).join(', ');
}
/** The changes in the run's log: the counts, and the first paths of each kind. */
function logChanges(changes, changesPath, host) {
    host.info(`Changes since ${(0,log_text/* oneLine */.TN)(describeExport(changes.previous))}: ${countsLine(changes.counts, changes.pages)}`);
    for (const kind of CHANGE_KINDS) {
        for (const shown of shownPaths(changes, kind))
            host.info(`  ${kind}: ${(0,log_text/* oneLine */.TN)(shown)}`);
        const note = cutNote(changes, kind, changesPath);
        if (note)
            host.info(`  …${kind}: ${note}`);
    }
    host.info(`Changes: ${changesPath}`);
}

// EXTERNAL MODULE: ./src/manifest/json-file.ts
var json_file = __webpack_require__(7486);
;// CONCATENATED MODULE: ./src/manifest/write.ts




function buildManifest(fields) {
    return {
        version: schema/* MANIFEST_VERSION */.hh,
        jobId: fields.jobId,
        domain: fields.domain ?? null,
        exportVersion: fields.exportVersion ?? null,
        bundleSha256: fields.bundleSha256,
        createdAt: (fields.createdAt ?? new Date()).toISOString(),
        files: (0,schema/* sortByPath */.$y)(fields.files).map(({ path: file, size, sha256, link }) => link === undefined ? { path: file, size, sha256 } : { path: file, size, sha256, link })
    };
}
/**
 * Writes the manifest to `file` (`manifest.json` in the export's `path`, beside the site, so that
 * it is not deployed with it), replacing one that an earlier run wrote there. Returns its content.
 */
async function writeManifest(file, fields) {
    const manifest = buildManifest(fields);
    await (0,own_files/* writeOwnFile */.OP)(file, (0,json_file/* jsonWithListsByLine */.hX)(manifest), {
        recognise: { isOurs: (text) => schema/* Manifest */._8.safeParse(parseJson(text)).success, maxBytes: schema/* MAX_MANIFEST_BYTES */.ZJ }
    });
    return manifest;
}
/** Writes the changes to `file` (`changes.json` beside the manifest), replacing one that an earlier run wrote there. */
async function writeChanges(file, changes) {
    await (0,own_files/* writeOwnFile */.OP)(file, (0,json_file/* jsonWithListsByLine */.hX)({ ...changes }), {
        recognise: { isOurs: (text) => isChanges(parseJson(text)), maxBytes: 2 * schema/* MAX_MANIFEST_BYTES */.ZJ }
    });
    return file;
}
function isChanges(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const { version, added, removed, changed } = value;
    return version === CHANGES_VERSION && [added, removed, changed].every(Array.isArray);
}
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/report/helm.ts

/**
 * Writes the values the vendor's enterprise chart reads to serve a static export: where a pod
 * fetches the archive when it starts (`bundleUrl`), and the export it pins (`version`), after
 * comment lines that say where they come from (`about`). The file may hold the presigned link, a
 * credential until it expires, so only its owner may read it.
 */
async function writeHelmValues(file, bundleUrl, version, about = []) {
    // JSON strings are valid YAML double-quoted scalars, so nothing in a value can break the file; a
    // comment is one line, its line breaks taken out.
    const lines = [
        '# Values for the enterprise chart: helm upgrade --install <release> <chart> -f helm-values.yaml',
        ...about.map((line) => `# ${line.replace(/[\r\n\u2028\u2029]+/g, ' ')}`),
        'staticExport:',
        '  enabled: true',
        `  bundleUrl: ${JSON.stringify(bundleUrl)}`,
        ...(version ? [`  version: ${JSON.stringify(version)}`] : [])
    ];
    return (0,own_files/* writeOwnFile */.OP)(file, `${lines.join('\n')}\n`, { mode: 0o600 });
}

// EXTERNAL MODULE: ./src/site/baseline.ts
var site_baseline = __webpack_require__(5004);
// EXTERNAL MODULE: ./src/site/reader.ts + 3 modules
var reader = __webpack_require__(6765);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
// EXTERNAL MODULE: ./src/storage/s3-location.ts
var s3_location = __webpack_require__(9251);
// EXTERNAL MODULE: ./src/publish/errors.ts
var publish_errors = __webpack_require__(4188);
;// CONCATENATED MODULE: ./src/publish/index.ts









/**
 * The publish (engine.ts) on a thread of its own whose heap is bounded, so that its memory stays
 * the same whatever the size of the site (docs/decisions/publish-thread.md). The AWS SDK leaves
 * about 200 KB of garbage for each request; with V8's defaults a publish that lasts grows the young
 * generation to its largest and lets the old one fill with promoted garbage to about three times
 * what it holds, so the peak grew with the site. With these limits V8 collects sooner, at no
 * measured cost in time.
 */
/** The thread's bundle beside this module's in dist/; from src/ there is none, and the publish runs on the caller's thread. */
const THREAD_BUNDLE = 'publish-thread/index.js';
/** The young generation: each request's garbage is collected before it is promoted. */
const YOUNG_GENERATION_MB = 8;
/**
 * The old generation: several times what a publish of 20,000 pages holds (~45 MB), and small
 * enough that V8 grows it by a small factor of what it holds rather than four times.
 */
const OLD_GENERATION_MB = 256;
/** A thread that has not answered by the end of the deadline's clean-up grace and this never will: it is ended. */
const ANSWER_GRACE_MS = 1000;
/**
 * Publishes the site (engine.ts) on its thread (`threadFile`, by default the bundle beside this
 * module), relaying its log to `options.host` and the run's cancellation to it; without a thread
 * file, here.
 */
async function publishSite(target, options, threadFile = (0,worker_file/* besideModule */.v)(import.meta.url, [THREAD_BUNDLE])) {
    if (!threadFile) {
        const { runPublish } = await Promise.all(/* import() */[__webpack_require__.e(358), __webpack_require__.e(245), __webpack_require__.e(388)]).then(__webpack_require__.bind(__webpack_require__, 2388));
        return runPublish(target, options);
    }
    return publishOnThread(threadFile, target, options);
}
function publishOnThread(threadFile, target, options) {
    const { host, deadline, ...rest } = options;
    const setup = {
        target,
        options: rest,
        deadlineAt: deadline.at,
        progressIntervalMs: host.progressIntervalMs
    };
    const location = (0,s3_location/* prefixUrl */.ml)(target);
    const signal = deadline.signal();
    host.debug(`Publish: on a thread of its own (${(0,external_node_url_.fileURLToPath)(threadFile)}), its heap bounded: a young generation of ${YOUNG_GENERATION_MB} MiB, an old one of at most ${OLD_GENERATION_MB} MiB`);
    const worker = new external_node_worker_threads_.Worker(threadFile, {
        workerData: setup,
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: OLD_GENERATION_MB }
    });
    return new Promise((resolve, reject) => {
        let answered = false;
        let lastResort;
        const answer = (settle) => {
            if (answered)
                return;
            answered = true;
            clearTimeout(lastResort);
            signal.removeEventListener('abort', stop);
            void worker.terminate();
            settle();
        };
        function stop() {
            // The thread keeps the deadline's time itself; a cancellation it learns from here.
            if (!deadline.ranOut())
                worker.postMessage({ cancel: true });
            // Its clean-ups end within the deadline's grace, as on any thread: one that has not answered by then never will.
            lastResort = setTimeout(() => answer(() => reject((0,core_deadline/* stoppedError */.Wm)(deadline, signal, `while publishing to ${location}`) ??
                (0,publish_errors/* publishError */.A)(`Publish: the publish to ${location} did not stop`))), Math.max(0, deadline.cleanUpEndsAt() + ANSWER_GRACE_MS - Date.now()));
        }
        if (signal.aborted)
            stop();
        else
            signal.addEventListener('abort', stop, { once: true });
        worker.on('message', (message) => {
            if (message.kind === 'log')
                host[message.level]((0,core_message/* textFromRecord */.Tq)(message.text));
            else if (message.kind === 'failed')
                answer(() => reject((0,errors/* errorFromRecord */.M7)(message.error)));
            else {
                const { result, failure } = message;
                answer(() => resolve(failure ? { ...result, failure: (0,errors/* errorFromRecord */.M7)(failure) } : result));
            }
        });
        worker.on('error', (error) => answer(() => reject(threadFailure(error, location))));
        worker.on('exit', (code) => answer(() => reject((0,publish_errors/* publishError */.A)(`Publish: the publish to ${location} ended (exit code ${code}) before it said how it went`, {
            hint: PARTIAL
        }))));
    });
}
/** What a publish that stopped part-way leaves (docs/publish.md, "A cut, a failure, a rerun"). */
const PARTIAL = 'The bucket still serves a whole site: nothing is deleted before every new file is in place, and the record of the last complete publish is kept, so a rerun completes this one';
function threadFailure(error, location) {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        return (0,publish_errors/* publishError */.A)(`Publish: the publish to ${location} ran out of memory: its thread may use ${(0,format/* formatBytes */.z3)(OLD_GENERATION_MB * 1024 * 1024)} and needed more`, { hint: PARTIAL, cause: error });
    return (0,publish_errors/* publishError */.A)(`Publish: the publish to ${location} failed on its thread: ${error.message}`, {
        hint: PARTIAL,
        cause: error
    });
}

;// CONCATENATED MODULE: ./src/commands/store-access.ts
/** `publish-to`: `publish-region`, else AWS_REGION. */
function publishAccess(settings, run) {
    return { ...runAccess(run), region: settings.publishRegion ?? run.runner.environment.AWS_REGION };
}
/** `mirror-to`: `mirror-region`, else AWS_REGION; a registry's user name and password when both are given. */
function mirrorAccess(settings, run) {
    const { mirrorUsername: username, mirrorPassword: password } = settings;
    return {
        ...runAccess(run),
        region: settings.mirrorRegion ?? run.runner.environment.AWS_REGION,
        registryCredentials: username && password ? { username, password } : undefined
    };
}
function runAccess({ runner, host, deadline }) {
    return { environment: runner.environment, host, deadline };
}

;// CONCATENATED MODULE: ./src/commands/destinations.ts



/**
 * Every destination the run will write to (`publish-to`, `mirror-to`), asked before the first
 * request that starts or reuses an export job: a wrong bucket, refused credentials, a mistyped
 * region or a registry that refuses the push then cost seconds, not an export and one of the
 * organisation's export starts. Each probe leaves nothing behind (src/storage/probe.ts). Only what
 * the run will reach is asked: no publish without the wait and the unpacking, no mirror without
 * the download. The AWS SDK and the registry client are loaded only when they are asked.
 */
async function checkDestinations(settings, run) {
    const publishTo = settings.wait && settings.extract ? settings.publishTo : undefined;
    const mirrorTo = settings.wait && settings.download ? settings.mirrorTo : undefined;
    if (!publishTo && !mirrorTo)
        return;
    await run.host.group('Check where the run writes', async () => {
        try {
            if (publishTo) {
                const { probePublishTarget } = await Promise.all(/* import() */[__webpack_require__.e(358), __webpack_require__.e(245), __webpack_require__.e(901)]).then(__webpack_require__.bind(__webpack_require__, 9901));
                await probePublishTarget(publishTo, {
                    ...publishAccess(settings, run),
                    publicUrl: settings.publishPublicUrl,
                    dryRun: settings.publishDryRun
                });
            }
            if (mirrorTo) {
                const { probeMirrorTarget } = await Promise.all(/* import() */[__webpack_require__.e(358), __webpack_require__.e(876), __webpack_require__.e(929)]).then(__webpack_require__.bind(__webpack_require__, 4929));
                await probeMirrorTarget(mirrorTo, mirrorAccess(settings, run));
            }
        }
        catch (error) {
            throw beforeTheExport(error);
        }
    });
}
/** A destination's refusal, said as what it cost: no export was started. */
function beforeTheExport(error) {
    if (!(error instanceof errors/* ActionError */.lZ) || error.code === 'cancelled' || error.code === 'out-of-time')
        return error;
    return new errors/* ActionError */.lZ((0,core_message/* message */.iU) `No export was started: ${error.text}`, {
        code: error.code,
        input: error.input,
        namesJob: true,
        cause: error
    });
}

;// CONCATENATED MODULE: ./src/commands/export.ts


























/** Links this close to their expiry are renewed before downloading. */
const EXPIRY_MARGIN_MS = 60_000;
/** How many links one run asks for before giving up on expiry. */
const MAX_LINKS = 3;
/**
 * start → poll → bundle → download → unpack → manifest → check → mirror → Helm values, the last
 * only once every step before has succeeded. Each step returns what it made; the report is built
 * from those values once, at the end, after a failure too, so that what the steps before it made
 * is kept.
 */
async function exportSite(settings, context) {
    const { run, client } = context;
    const { host } = run;
    const startedAt = Date.now();
    let jobId;
    /** The last status read. */
    let job;
    let finished;
    let link;
    let archive;
    let site;
    let recorded;
    let siteCheck;
    let mirror;
    let published;
    let publishSkipped;
    /** Written once the export has succeeded: a later step never gets values that point at what failed. */
    let helmValuesPath;
    /** The unpacking's file thread, started before the download so that its start-up overlaps it. */
    let fileWrites;
    const report = () => ({
        command: 'export',
        startedAt,
        finishedAt: Date.now(),
        jobId,
        job,
        // Pages exported, once the wait is over: the count of a job still running keeps growing. A job
        // that gives none (the project-scoped flow) has the pages of the unpacked site.
        pageCount: finished?.pageCount ?? site?.pages,
        bundle: link,
        helmValuesPath,
        archive,
        sitePath: site?.path,
        manifestPath: recorded?.manifest.path,
        changes: recorded?.changes,
        siteCheck,
        mirror,
        publish: published,
        publishSkipped
    });
    try {
        await checkDestinations(settings, run);
        const { job: started, flow } = await host.group('Start the export', () => startOrReuse(settings, client, run));
        jobId = started.jobId;
        job = started;
        // Known at once, so that a run stopped before its end still says which job to resume.
        setOutputs(host, { report: { command: 'export', startedAt, jobId } });
        finished = await host.group(`Wait for export job ${started.jobId}`, () => waitForJob(settings, started, flow, context, (state) => {
            job = state;
        }));
        job = finished;
        if (finished.status === 'failed') {
            throw new errors/* ActionError */.lZ(`Export job ${finished.jobId} failed${finished.error ? `: ${finished.error}` : ' (the API gave no reason)'}`, { code: 'job-failed', namesJob: true });
        }
        if (finished.status !== 'completed') {
            host.info((0,core_message/* message */.iU) `Export job ${finished.jobId} is ${finished.status || 'started'}; not waiting (${(0,core_message/* input */.hF)('wait', 'false')}). ${(0,errors/* resumeHint */.tJ)(finished.jobId)}`);
            return { report: report() };
        }
        const done = finished;
        const layout = await run.output.layout(done.jobId);
        link = await host.group('Generate the bundle', () => newLink(settings, done, flow, context));
        if (!settings.download) {
            helmValuesPath = await writeValues(settings, layout, { job: done, link }, run);
            return { report: report() };
        }
        const current = link;
        if (settings.extract)
            fileWrites = new FileWrites(run.deadline);
        const downloaded = await host.group('Download the bundle', () => download(settings, done, flow, current, layout, context, (renewed) => {
            link = renewed;
        }));
        archive = downloaded;
        if (settings.extract) {
            const unpacked = await unpackAndRecord(settings, { job: done, archive: downloaded, layout }, context, {
                fileWrites,
                onUnpacked: (place) => {
                    site = place;
                }
            });
            recorded = unpacked.recorded;
            const sitePath = unpacked.place.path;
            if (settings.verify !== 'off') {
                siteCheck = await checkTheSite(settings, done, sitePath, layout, context);
                // No copy of a site that fails its check under verify: error.
                if (siteCheck?.failure) {
                    if (settings.publishTo)
                        publishSkipped = skippedPublish(settings.publishTo, host);
                    throw siteCheck.failure;
                }
            }
            const publishTo = settings.publishTo;
            if (publishTo) {
                const manifestPath = recorded.manifest.path;
                published = await host.group('Publish the site', () => publishTheSite(settings, publishTo, { sitePath, manifestPath, layout }, run));
                // The bucket changed even when the address does not serve it: the publish's outputs stand.
                if (published.failure)
                    throw published.failure;
            }
        }
        const target = settings.mirrorTo;
        if (target) {
            const manifest = recorded?.manifest;
            mirror = await host.group('Mirror the archive', () => mirrorTheArchive(settings, target, { job: done, archive: downloaded, manifest }, run));
        }
        helmValuesPath = await writeValues(settings, layout, { job: done, link, archive: downloaded, mirror }, run);
        return { report: report() };
    }
    catch (error) {
        return { report: report(), failure: exportFailure(error, jobId, run, finished?.status === 'completed') };
    }
    finally {
        // Unless the unpacking stopped it: a download that failed, a run with nothing to unpack.
        await fileWrites?.stop();
    }
}
/**
 * Unpacks the site (telling `onUnpacked` where, at once, for a report of a later failure), then
 * writes its manifest and the changes since compare-to's. The list of its files ends here.
 */
async function unpackAndRecord(settings, { job, archive, layout }, context, { fileWrites, onUnpacked }) {
    const { run } = context;
    // Read before the new manifest is written: compare-to may name the file it replaces.
    const previous = settings.compareTo ? await readPrevious(settings, settings.compareTo, context) : undefined;
    const unpacked = await run.host.group('Unpack the site', () => unpack(archive, layout, run, fileWrites));
    const place = { path: unpacked.path, pages: pagesOf(unpacked) };
    onUnpacked(place);
    const recorded = await run.host.group('Record what the site holds', () => recordManifest(settings, { jobId: job.jobId, bundleSha256: archive.sha256, files: unpacked.files, previous, layout }, run));
    return { place, recorded };
}
/** Unpacks the archive into the output folder's site, never through a link or over another's folder. */
async function unpack(archive, layout, run, writes) {
    await (0,own_files/* checkOwnPlace */.mY)(layout.site, 'directory');
    const unpacked = await unpackSite(archive.path, archive.kind, layout.site, {
        host: run.host,
        deadline: run.deadline,
        writes
    });
    run.host.info(`Unpacked the site into ${unpacked.path}`);
    return unpacked;
}
/** Copies the archive to `mirror-to`; the mirror's module is loaded only then: the AWS SDK is large. */
async function mirrorTheArchive(settings, target, { job, archive, manifest }, run) {
    const { mirrorArchive } = await Promise.all(/* import() */[__webpack_require__.e(358), __webpack_require__.e(876), __webpack_require__.e(101)]).then(__webpack_require__.bind(__webpack_require__, 8101));
    return mirrorArchive(target, archive, {
        ...mirrorAccess(settings, run),
        manifestPath: manifest?.path,
        jobId: job.jobId,
        domain: settings.domain,
        version: settings.version,
        createdAt: manifest?.createdAt ?? new Date().toISOString(),
        publicUrl: settings.mirrorPublicUrl,
        check: settings.mirrorCheck
    });
}
/**
 * Writes the Helm values once the export has succeeded: with a mirror, the copy's link, which does
 * not expire, and a version that pins these bytes (the presigned link stays in `bundle-url` only);
 * else the presigned link.
 */
async function writeValues(settings, layout, { job, link, archive, mirror }, { host }) {
    if (!mirror || !archive) {
        const written = await writeHelmValues(layout.helmValues, link.bundleUrl, settings.version);
        host.info(`Helm values: ${written}`);
        return written;
    }
    const written = await writeHelmValues(layout.helmValues, mirror.url, settings.version ?? archive.sha256, [
        `Export job ${job.jobId}; its archive's SHA-256 ${archive.sha256}, copied to ${mirror.location}`
    ]);
    host.info(`Helm values point at the copy: ${written}`);
    return written;
}
/** Said when the site check failed the step: the bucket keeps the site it served, and why. */
function skippedPublish(target, host) {
    const location = (0,s3_location/* prefixUrl */.ml)(target);
    const keeps = `so ${location} keeps the site it served`;
    host.info((0,core_message/* message */.iU) `Publish: nothing was published: the site check failed the step under ${(0,core_message/* input */.hF)('verify', 'error')}, ${keeps}`);
    return { location, reason: `the site check failed the step under verify: error, ${keeps}` };
}
/**
 * Publishes the checked site to `publish-to` (on a thread of its own, which alone loads the AWS
 * SDK): what changed, in an order that never shows a broken page, then proven live.
 */
async function publishTheSite(settings, target, { sitePath, manifestPath, layout }, run) {
    return publishSite(target, {
        ...publishAccess(settings, run),
        sitePath,
        manifestPath,
        keepRemoved: settings.publishKeepRemoved,
        maxDeletePercent: settings.publishMaxDelete,
        cacheRules: settings.publishCacheControl,
        routes: settings.publishRoutes,
        publicUrl: settings.publishPublicUrl,
        checkFiles: settings.checkFiles,
        changesPath: layout.publishChanges,
        planPath: layout.publishPlan,
        dryRun: settings.publishDryRun,
        pollIntervalMs: settings.pollIntervalMs
    });
}
/**
 * A failure as the step reports it: a cancellation says what becomes of the job, anything else
 * names it; after the job completed, one a rerun may get past also says how to go on without a
 * new export.
 */
function exportFailure(error, jobId, run, completed) {
    if (run.cancellation.aborted) {
        return jobId
            ? (0,errors/* cancelledError */.YQ)(`while export job ${jobId} was in progress`, (0,errors/* resumeHint */.tJ)(jobId))
            : (0,errors/* cancelledError */.YQ)('before an export job was started');
    }
    const rerunHelps = completed && jobId && error instanceof errors/* ActionError */.lZ && RERUN_HELPS.has(error.code);
    return (0,errors/* inExportJob */.D0)(rerunHelps ? (0,errors/* afterTheExport */.KH)(error, jobId) : error, jobId);
}
/**
 * Failures after the job completed that a rerun on the same export may get past: the store or the
 * registry (once fixed), the time, a download that was cut. A refused archive or a site with
 * problems would be the same again, and say what to fix instead.
 */
const RERUN_HELPS = new Set(['publish', 'mirror', 'out-of-time', 'transfer', 'cut-short']);
/** The manifest of an earlier export (compare-to), or undefined after one warning that says why. */
function readPrevious(settings, source, { run, retryBaseDelayMs }) {
    return run.host.group('Read the previous manifest', () => (0,read/* readPreviousManifest */.L)(source, { ...(0,core_document/* documentOptions */.gC)(run, retryBaseDelayMs), domain: settings.domain }));
}
/**
 * Writes `manifest.json` from the files as they were unpacked and, with a previous manifest, what
 * changed since (`changes.json`, the log).
 */
async function recordManifest(settings, { jobId, bundleSha256, files, previous, layout }, { host }) {
    const manifest = await writeManifest(layout.manifest, {
        jobId,
        domain: settings.domain,
        exportVersion: settings.version,
        bundleSha256,
        files
    });
    host.info(`Manifest of ${(0,format/* countOf */.pq)(files.length, 'file')}: ${layout.manifest}`);
    const written = { path: layout.manifest, createdAt: manifest.createdAt };
    if (!previous)
        return { manifest: written };
    const changes = compareManifests(previous, manifest);
    await writeChanges(layout.changes, changes);
    logChanges(changes, layout.changes, host);
    return { manifest: written, changes: { changes, path: layout.changes } };
}
/** The site check (verify), with the known problems of a baseline (verify-baseline); its failure under `verify: error` is the caller's to throw. */
async function checkTheSite(settings, job, sitePath, layout, { run, retryBaseDelayMs }) {
    const { verifySite } = await __webpack_require__.e(/* import() */ 270).then(__webpack_require__.bind(__webpack_require__, 6270));
    const baselineSource = settings.verifyBaseline;
    const baseline = baselineSource
        ? await run.host.group('Read the site check baseline', () => (0,site_baseline/* readBaseline */.mF)(baselineSource, (0,core_document/* documentOptions */.gC)(run, retryBaseDelayMs)))
        : undefined;
    return verifySite(sitePath, {
        mode: settings.verify === 'error' ? 'error' : 'warn',
        domain: settings.domain,
        expectedPages: job.pageCount,
        reportPath: layout.verifyReport,
        baseline,
        browser: {
            mode: settings.verifyBrowser,
            pages: settings.verifyBrowserPages,
            deadline: run.deadline.at,
            signal: run.cancellation
        }
    }, run);
}
/** The pages of an unpacked site. */
function pagesOf(site) {
    return site.files.filter((file) => file.link === undefined && (0,reader/* isPage */.yp)(file.path)).length;
}
/**
 * Polls until the job ends, within the run's deadline, telling `onState` of every status read;
 * with wait: false it only reads a reused job once.
 */
async function waitForJob(settings, job, flow, { client, run }, onState) {
    if (!settings.wait)
        return settings.exportJobId ? client.getExportJob(job.jobId, flow) : job;
    let lastLine = '';
    let lastLoggedAt = 0;
    const outcome = await pollUntil({
        read: () => client.getExportJob(job.jobId, flow),
        isFinished: (state) => state.status === 'completed' || state.status === 'failed',
        onState: (state, elapsedMs) => {
            onState(state);
            const line = export_progressLine(state);
            if (line !== lastLine || elapsedMs - lastLoggedAt >= progress/* QUIET_PROGRESS_MS */.a) {
                run.host.progress(`${line} · ${(0,format/* formatSeconds */.Xo)(elapsedMs)} elapsed`);
                lastLine = line;
                lastLoggedAt = elapsedMs;
            }
        },
        intervalMs: settings.pollIntervalMs,
        deadline: run.deadline,
        signal: run.cancellation
    });
    if (!outcome.finished) {
        const last = outcome.state ? ` (last seen: ${export_progressLine(outcome.state)})` : '';
        throw new errors/* ActionError */.lZ(`Export job ${job.jobId} did not finish within ${(0,format/* formatSeconds */.Xo)(settings.timeoutMs)}${last}`, {
            code: 'job-timeout',
            hint: (0,errors/* resumeHint */.tJ)(job.jobId),
            namesJob: true
        });
    }
    return outcome.state;
}
function export_progressLine(job) {
    const parts = [`${job.jobId}: ${job.status}`];
    if (job.progress !== undefined)
        parts.push(`${job.progress}%`);
    if (job.pageCount !== undefined)
        parts.push((0,format/* countOf */.pq)(job.pageCount, 'page'));
    return parts.join(' · ');
}
/**
 * A link for the completed job, masked: the one its status carries, where it carries one, else one
 * from the bundle endpoint; `fresh` asks for a new one.
 */
async function newLink(settings, job, flow, { client, run: { host } }, fresh = false) {
    const bundle = await bundleLink(job, flow, client, fresh, host);
    if (settings.maskBundleUrl)
        host.setSecret(bundle.bundleUrl);
    const size = bundle.sizeBytes === undefined ? '' : `, ${(0,format/* formatBytes */.z3)(bundle.sizeBytes)}`;
    host.info(`Bundle ready: ${(0,net/* redactUrl */.BO)(bundle.bundleUrl)} (link expires ${bundle.expiresAt ?? 'at an unknown time'}${size})`);
    return bundle;
}
/**
 * Downloads the archive, asking for a fresh link when the current one has expired or is about to;
 * `onLink` is told of each new link.
 */
async function download(settings, job, flow, first, layout, context, onLink) {
    const { host } = context.run;
    let bundle = first;
    let links = 1;
    /** A fresh link, as long as the run may ask for one; the download goes on where it stopped. */
    const renewLink = async () => {
        for (;;) {
            if (links >= MAX_LINKS) {
                throw new errors/* ActionError */.lZ(`Export job ${job.jobId}: every bundle link (${MAX_LINKS} asked for) had expired before it could be downloaded ` +
                    `(last expiresAt: ${bundle.expiresAt ?? 'not given'}); check the runner's clock`, { code: 'link-expired', namesJob: true });
            }
            links++;
            bundle = await newLink(settings, job, flow, context, true);
            onLink(bundle);
            if (!expiresSoon(bundle))
                return { link: bundle.bundleUrl, expectedSize: bundle.sizeBytes };
            logTooSoon(bundle, host);
        }
    };
    if (expiresSoon(bundle)) {
        logTooSoon(bundle, host);
        await renewLink();
    }
    // Named by the action once its kind is known: the link's own name never names a file.
    const temporary = (0,own_files/* temporaryBeside */.w6)(external_node_path_default().join(layout.directory, 'bundle'));
    const file = await downloadFile(bundle.bundleUrl, temporary, {
        expectedSize: bundle.sizeBytes,
        stallTimeoutMs: context.stallTimeoutMs,
        retryBaseDelayMs: context.retryBaseDelayMs,
        host,
        deadline: context.run.deadline,
        network: context.run.network,
        renewLink
    });
    const { detected, archive } = await placeArchive(temporary, layout, job.jobId);
    const kind = supportedKind(detected, archive);
    host.info(`Downloaded ${(0,format/* formatBytes */.z3)(file.sizeBytes)} (${kind}) to ${archive}, sha256 ${file.sha256}`);
    return { ...file, path: archive, kind };
}
/** Moves the downloaded file to the archive's own name, which says its kind; the file is gone if it cannot be. */
async function placeArchive(temporary, layout, jobId) {
    try {
        const detected = await detectArchiveKind(temporary);
        const archive = external_node_path_default().join(layout.directory, (0,core_layout/* archiveName */.uv)(jobId, detected));
        await (0,own_files/* placeOwnFile */.yX)(temporary, archive);
        return { detected, archive };
    }
    catch (error) {
        await (0,promises_.rm)(temporary, { force: true });
        throw error;
    }
}
function logTooSoon(bundle, host) {
    host.info(`The link expires at ${bundle.expiresAt}, too soon to download safely; asking for a fresh link`);
}
function expiresSoon(bundle) {
    return bundle.expiresAt !== undefined && Date.parse(bundle.expiresAt) - Date.now() < EXPIRY_MARGIN_MS;
}

;// CONCATENATED MODULE: ./src/core/markup.ts
/**
 * Outside text made inert where GitHub renders it: the job summary and the agent comment. Both are
 * HTML elements in a Markdown file (the way @actions/core's summary writes them), which GitHub
 * renders as GitHub Flavored Markdown, sanitises, and then runs its mention, reference and
 * autolink filters over, on the text of the page outside `code`, `pre` and `a`. A value from
 * outside must therefore neither
 * - end the HTML block it sits in: a blank line does (CommonMark, "HTML blocks"), and Markdown
 *   takes over from there, so CR and LF are written as character references and every element
 *   stays on one line;
 * - open or close an element, or leave an attribute: `<`, `>`, `&`, `"` and `'` as references;
 * - be read as Markdown should the block have ended all the same (a step before left the file in
 *   the middle of a paragraph): the punctuation Markdown acts on (`[`, `]`, `` ` ``, `|`, `*`, `_`,
 *   `~`, `!`, `#`, `\`) as references too, which Markdown and HTML both show as the character;
 * - nor become a mention, a reference or a link through GitHub's filters: in text, a word that holds
 *   `@`, `#`, `://` or `www.` is put in `<code>`, where the filters do not look. An invisible
 *   character would do it too, but then what a reader copies is not the value: a link copied from
 *   the page would fail. In code the word is shown, and copied, as it is.
 *
 * Three contexts, one function each: `text` (the content of a table cell, a list item, a
 * paragraph or a heading), `code` (in `<code>` or `<pre>`, where GitHub's filters do not look, so
 * the value stays exact for copying) and `attribute` (an `href`). Callers never escape: they hand
 * `renderInline` raw values, shaped as `Inline`, and it picks the context.
 */
/**
 * The longest value shown, in characters; a longer one is cut, ending with `…`. It keeps the
 * comment far below GitHub's 65,536-character limit and the summary below its 1 MiB, whatever the
 * API or the site sends.
 */
const LONGEST_VALUE = 1000;
const REFERENCES = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
    '\n': '&#10;',
    '\r': '&#13;',
    '[': '&#91;',
    ']': '&#93;',
    '`': '&#96;',
    '|': '&#124;',
    '*': '&#42;',
    _: '&#95;',
    '~': '&#126;',
    '!': '&#33;',
    '#': '&#35;',
    '\\': '&#92;',
    // Invisible, and written so that a reader of the file sees it.
    '\u200b': '&#8203;',
    // CommonMark and HTML both replace NUL with U+FFFD; said here, it is the same on every reader.
    '\0': '\ufffd'
};
// eslint-disable-next-line no-control-regex
const SPECIAL = /[&<>"'\n\r[\]`|*_~!#\\\u200b\u0000]/g;
/** What in a word GitHub's filters would make a mention, an issue reference or a link of. */
const FILTERED = /[@#]|:\/\/|www\./i;
function references(value) {
    return value.replace(SPECIAL, (character) => REFERENCES[character] ?? character);
}
/** A value cut to `longest` characters, ending with `…` when it was; never between the halves of a character. */
function bounded(value, longest = LONGEST_VALUE) {
    if (value.length <= longest)
        return value;
    const end = /[\ud800-\udbff]/.test(value.charAt(longest - 2)) ? longest - 2 : longest - 1;
    return `${value.slice(0, end)}…`;
}
/** Outside text as the content of an element, shown as it is and acted on by nothing. */
function markup_text(value) {
    // Split at white space, which the words keep between them (at odd indexes).
    return value
        .split(/(\s+)/)
        .map((word) => {
        if (!FILTERED.test(word))
            return references(word);
        // The punctuation around a link, "(https://x.example):", stays outside its code span.
        const [, before = '', inner = '', after = ''] = /^([("'[]*)(.*?)([)"'\].,:;!?]*)$/s.exec(word) ?? [];
        return `${references(before)}<code>${code(inner)}</code>${references(after)}`;
    })
        .join('');
}
/** Outside text inside `<code>` or `<pre>`: exact, on one line of the file. */
function code(value) {
    return references(value);
}
/** Outside text as a double-quoted attribute's value. */
function attribute(value) {
    return references(value);
}
/** An address that may be a link: http or https, and short enough to be shown whole. */
function linkable(address) {
    const url = URL.parse(address);
    return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && address.length <= LONGEST_VALUE;
}
/** The HTML of `content`, each raw value escaped for where it lands and cut to LONGEST_VALUE. */
function renderInline(content) {
    if (typeof content === 'number')
        return String(content);
    if (typeof content === 'string')
        return markup_text(bounded(content));
    if (Array.isArray(content))
        return content.map(renderInline).join('');
    if ('code' in content)
        return `<code>${code(bounded(content.code))}</code>`;
    if ('strong' in content)
        return `<strong>${renderInline(content.strong)}</strong>`;
    // The address is its own text; inside `a`, GitHub's filters do not look.
    if (linkable(content.link)) {
        return `<a href="${attribute(content.link)}">${content.label === undefined ? code(content.link) : markup_text(content.label)}</a>`;
    }
    return renderInline({ code: content.link });
}
/** An HTML table on one line, the first row of header cells when `header` is given. */
function renderTable(rows, header) {
    const row = (cells) => `<tr>${cells.join('')}</tr>`;
    const head = header ? [row(header.map((cell) => `<th>${markup_text(cell)}</th>`))] : [];
    return `<table>${[...head, ...rows.map((cells) => row(cells.map((cell) => `<td>${renderInline(cell)}</td>`)))].join('')}</table>`;
}

;// CONCATENATED MODULE: ./src/core/summary.ts




/** The longest error shown, in characters: a summary stays far below GitHub's 1 MiB per step. */
const LONGEST_ERROR = 8000;
/** Rows of a table shown open; a longer one is folded, so that what follows stays in sight. */
const OPEN_ROWS = 6;
/**
 * A file the run wrote, as the summary names it: relative to the workspace when it lies there;
 * otherwise (the runner's temporary folder, emptied after the job) by the output that holds its path.
 */
function shownPath(file, output, workspace) {
    const relative = workspace === undefined ? '..' : external_node_path_default().relative(workspace, file);
    if (relative && !relative.startsWith('..') && !external_node_path_default().isAbsolute(relative))
        return { code: relative };
    return ['the output ', { code: output }];
}
/** Adds a section to the job summary and writes it, when the front end has one. */
async function summary_writeSummary(host, what, write) {
    const { summary } = host;
    if (!summary)
        return;
    try {
        await summary((builder) => {
            write(sectionOf(builder));
            return builder;
        });
    }
    catch (error) {
        // The summary is a courtesy: it must not hide the run's own outcome or error.
        host.warning((0,core_message/* message */.iU) `Could not write ${what}: ${(0,errors/* textOf */.b6)(error)}`);
    }
}
/** Each element on a line of its own, as @actions/core writes them: no blank line ever ends the HTML block. */
function sectionOf(builder) {
    const add = (html) => {
        builder.addRaw(html, true);
        return section;
    };
    const list = (items) => `<ul>${items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</ul>`;
    const section = {
        heading: (title, level) => add(`<h${level}>${markup_text(bounded(title))}</h${level}>`),
        table: (header, rows) => add(renderTable(rows, header)),
        detailTable: (title, header, rows) => rows.length > OPEN_ROWS
            ? section.folded(title, (folded) => folded.table(header, rows))
            : section.heading(title, 4).table(header, rows),
        list: (items) => add(list(items)),
        groups: (groups) => add(`<ul>${groups.map(({ head, items }) => `<li>${renderInline(head)}${items.length > 0 ? list(items) : ''}</li>`).join('')}</ul>`),
        paragraph: (content) => add(`<p>${renderInline(content)}</p>`),
        error: (message) => add(`<p><strong>Error:</strong> ${markup_text(bounded(message, LONGEST_ERROR))}</p>`),
        folded: (label, write) => {
            // Each on a line of its own, with no blank line between: the folded part stays in the HTML block.
            add(`<details><summary>${renderInline(label)}</summary>`);
            write(section);
            return add('</details>');
        }
    };
    return section;
}

;// CONCATENATED MODULE: ./src/deployment/summary.ts



/** Files and routes listed that do not match; the report has them all. */
const summary_LISTED = 10;
/** Longest path or detail shown: the report has them whole. */
const LONGEST = 200;
/** What each kind of mismatch is, counted: "3 files with other content". */
const KINDS = {
    differs: 'with other content',
    missing: 'missing',
    error: 'answered with an error',
    unreachable: 'not answered'
};
/**
 * The check's outcome in a few words, for the verdict: "current, 100 of 100 files matching, 12 s",
 * with the routes a visitor follows that do not answer, when some do not.
 */
function deploymentInBrief(report) {
    const { filesCompared, filesMatching, routesTried, routesAnswering } = report.counts;
    const routes = routesAnswering < routesTried
        ? `, ${routesTried - routesAnswering} of ${(0,format/* countOf */.pq)(routesTried, 'route')} not answering`
        : '';
    return `${report.status}, ${filesMatching} of ${(0,format/* countOf */.pq)(filesCompared, 'file')} matching${routes}, ${(0,format/* formatDuration */.a3)(report.durationMs)}`;
}
/** The deployment check's section of the job summary: the mismatches by kind, then the counts, folded. */
function addDeploymentSection(summary, report, reportPath, workspace) {
    const { counts, manifest } = report;
    const reportShown = reportPath ? shownPath(reportPath, 'deployment-report-path', workspace) : undefined;
    const groups = new Map();
    const mismatch = (noun, status, shown, detail) => {
        if (status === 'match')
            return;
        const key = `${noun} ${status}`;
        const group = groups.get(key) ?? {
            said: (count) => `${count} ${noun}${count === 1 ? '' : 's'} ${KINDS[status]}`,
            items: []
        };
        groups.set(key, group);
        group.items.push([{ code: bounded(shown, LONGEST) }, detail ? `: ${bounded(detail, LONGEST)}` : '']);
    };
    for (const file of report.files)
        mismatch('file', file.status, file.path, file.detail);
    for (const route of report.routes)
        mismatch('route', route.status, `/${route.route}`, route.detail);
    let listed = 0;
    if (groups.size > 0) {
        summary.groups([...groups.values()].map(({ said, items }) => {
            const shown = items.slice(0, Math.max(0, summary_LISTED - listed));
            listed += shown.length;
            return { head: { strong: said(items.length) }, items: shown };
        }));
    }
    const total = [...groups.values()].reduce((sum, group) => sum + group.items.length, 0);
    if (total > listed && reportShown) {
        summary.paragraph([`The first ${listed} of ${total} are listed; the report has them all: `, reportShown, '.']);
    }
    const rows = [
        ['Site', { code: report.url }],
        [
            'Export',
            [
                { code: manifest.jobId },
                `${manifest.exportVersion === null ? '' : ` (${manifest.exportVersion})`}, ${(0,format/* countOf */.pq)(manifest.files, 'file')}`
            ]
        ],
        ['Files matching', `${counts.filesMatching} of ${counts.filesCompared}`],
        ['Routes without .html answering', `${counts.routesAnswering} of ${counts.routesTried}`],
        ['Time', `${(0,format/* formatDuration */.a3)(report.durationMs)}, ${report.rounds} ${report.rounds === 1 ? 'round' : 'rounds'}`]
    ];
    if (reportShown)
        rows.push(['Report', reportShown]);
    summary.detailTable('Deployment check', ['Check', 'Result'], rows);
}

;// CONCATENATED MODULE: ./src/manifest/summary.ts


const HEADINGS = { added: 'Added', removed: 'Removed', changed: 'Changed' };
/** The "Changes" section: what the site gained, lost and changed since the export compared with. */
function addChangesSection(summary, changes, changesPath, workspace) {
    const { counts, pages } = changes;
    summary
        .heading('Changes', 3)
        .paragraph(`Since ${describeExport(changes.previous)}.`)
        .table(['', 'Files', 'of which pages'], [
        ['Added', counts.added, pages.added],
        ['Removed', counts.removed, pages.removed],
        ['Changed', counts.changed, pages.changed],
        ['Unchanged', counts.unchanged, pages.unchanged]
    ]);
    for (const kind of CHANGE_KINDS) {
        const shown = shownPaths(changes, kind);
        if (shown.length === 0)
            continue;
        summary.heading(HEADINGS[kind], 4).list(shown.map((file) => ({ code: file })));
        const note = cutNote(changes, kind, changesPath);
        if (note)
            summary.paragraph(`${note}.`);
    }
    summary.paragraph(['All changes: ', shownPath(changesPath, 'changes-path', workspace), '.']);
}

;// CONCATENATED MODULE: ./src/report/github-links.ts
/**
 * Which links from outside the summary and the comment show as links: pages of the workflow's own
 * GitHub only. `serverUrl` is the runner's GITHUB_SERVER_URL (github.com, or a GitHub Enterprise
 * Server); github.com is always one, since the agent works there. Anything else is shown as text.
 */
/** A page of the workflow's GitHub: https, on its host, with no credentials in the address. */
function isGitHubPage(link, serverUrl) {
    const url = URL.parse(link);
    if (!url || url.protocol !== 'https:' || url.username || url.password)
        return false;
    return url.origin === 'https://github.com' || url.origin === URL.parse(serverUrl)?.origin;
}
/** A pull request of the workflow's GitHub, exactly `https://<host>/<owner>/<repo>/pull/<number>`. */
function isPullRequest(link, serverUrl) {
    const url = URL.parse(link);
    // Exactly: in the form the URL parser writes it, with nothing after the number.
    if (!url || url.href !== link || url.search || url.hash || !isGitHubPage(link, serverUrl))
        return false;
    // GitHub's owner and repository names: letters, digits, `-`, and `.` or `_` in a repository's.
    return /^\/[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}\/pull\/[1-9]\d{0,9}$/.test(url.pathname);
}
/** A link from outside as it is shown: a link when it is a page of the workflow's GitHub, else inert code. */
function shownGitHubPage(link, serverUrl) {
    return isGitHubPage(link, serverUrl) ? { link } : { code: link };
}
/** A pull request's link as it is shown: a link when it is one of the workflow's GitHub, else inert code. */
function shownPullRequest(link, serverUrl) {
    return isPullRequest(link, serverUrl) ? { link } : { code: link };
}

;// CONCATENATED MODULE: ./src/report/summary.ts





/**
 * The export's details: the job, the link's expiry, the archive, where the site is. The link
 * appears only when `showLink` (mask-bundle-url: false), out of the table, which it would make
 * wider than the page: a summary is as public as the run's page.
 */
function addExportDetails(summary, report, showLink, workspace) {
    const { job, bundle, archive } = report;
    if (report.jobId === undefined)
        return;
    const rows = [
        ['Job', { code: report.jobId }],
        ['Status', job?.status || 'unknown'],
        ['Duration', (0,format/* formatSeconds */.Xo)((report.finishedAt ?? Date.now()) - report.startedAt)]
    ];
    if (job?.pageCount !== undefined)
        rows.push(['Pages', job.pageCount]);
    if (bundle)
        rows.push(['Link expires', bundle.expiresAt ?? 'not given']);
    if (archive) {
        rows.push(['Archive', `${archive.kind}, ${(0,format/* formatBytes */.z3)(archive.sizeBytes)}`], ['SHA-256', { code: archive.sha256 }]);
    }
    if (report.sitePath)
        rows.push(['Site', shownPath(report.sitePath, 'site-path', workspace)]);
    if (report.mirror)
        rows.push(['Mirror', mirrorRow(report.mirror)]);
    if (report.publish)
        rows.push(['Publish', publishRow(report.publish)]);
    else if (report.publishSkipped)
        rows.push([
            'Publish',
            [{ code: report.publishSkipped.location }, `: nothing published: ${report.publishSkipped.reason}`]
        ]);
    summary.detailTable(`Export job ${report.jobId}`, ['Field', 'Value'], rows);
    if (report.publish?.dryRun)
        addPublishPlan(summary, report.publish);
    if (bundle && showLink)
        summary.paragraph(['Bundle link: ', { code: bundle.bundleUrl }]);
}
/**
 * After a failure, what the run does not hand on: the outputs it reached but leaves unset, and the
 * Helm values it did not write once it had a link; with `mirrorAsked`, why that matters.
 */
function addWithheldSection(summary, ended, mirrorAsked) {
    if (ended.failure === undefined)
        return;
    const withheld = withheldOutputs(ended);
    const noValues = ended.report.bundle
        ? [
            'no Helm values were written',
            mirrorAsked && !ended.report.mirror
                ? ' (the presigned link they would carry expires, and the copy that was to replace it was not made)'
                : ''
        ]
        : [];
    if (withheld.length === 0 && noValues.length === 0)
        return;
    const names = withheld.flatMap((name, index) => [index === 0 ? '' : ', ', { code: name }]);
    summary.paragraph([
        { strong: 'Not handed on' },
        ': ',
        ...(withheld.length > 0 ? [...names, ' not set'] : []),
        withheld.length > 0 && noValues.length > 0 ? ', and ' : '',
        ...noValues,
        `: ${withheldWhy(ended.report)}.`
    ]);
}
/** Where the copy went, whether it was uploaded or there already, and whether the chart's read of it passed. */
function mirrorRow(mirror) {
    const uploaded = mirror.uploaded ? 'uploaded' : 'already there, not uploaded again';
    const checked = mirror.checked ? 'read back without credentials' : 'not read back (mirror-check: off)';
    return [{ code: mirror.location }, `: ${uploaded}; ${checked}`];
}
/** A dry run's plan: each key it would upload, delete or keep, with its reason; the first of each, then how many more. */
function addPublishPlan(summary, publish) {
    const { plan } = publish;
    const rows = [];
    for (const [action, keys, count] of [
        ['upload', plan.upload, plan.counts.upload],
        ['delete', plan.delete, plan.counts.delete],
        ['keep', plan.keep, plan.counts.keep]
    ]) {
        for (const key of keys)
            rows.push([action, { code: key.path }, key.reason]);
        if (count > keys.length)
            rows.push([action, `…and ${count - keys.length} more`, '']);
    }
    summary.paragraph([
        { strong: 'Publish plan' },
        ` (dry run: nothing was changed): ${(0,format/* countOf */.pq)(plan.counts.upload, 'key')} to upload, ${plan.counts.delete} to delete, ${plan.counts.keep} kept a while longer, ${plan.counts.unchanged} unchanged`,
        plan.counts.notOurs > 0 ? `, ${(0,format/* countOf */.pq)(plan.counts.notOurs, 'object')} not this action's left alone` : '',
        '. Every key with its reason: ',
        { code: external_node_path_default().basename(publish.planPath) },
        ' (the output ',
        { code: 'publish-plan-path' },
        ').'
    ]);
    if (rows.length > 0)
        summary.detailTable('Publish plan', ['Action', 'Key', 'Why'], rows);
}
/** Where the site went, what went up (the pages' route copies apart), and whether it was read back. */
function publishRow(publish) {
    const { uploaded, unchanged, deleted, retained, routes } = publish;
    if (publish.dryRun)
        return [
            { code: publish.location },
            `: dry run, nothing was changed: ${(0,format/* countOf */.pq)(uploaded, 'file')} to upload, ${unchanged} unchanged, ${deleted} to delete; route copies of the pages: ${routes.uploaded} to upload, ${routes.deleted} to delete`
        ];
    const kept = retained > 0 ? `, ${(0,format/* countOf */.pq)(retained, 'removed file')} kept a while longer` : '';
    const copies = routes.uploaded + routes.unchanged + routes.deleted > 0
        ? `; route copies of the pages: ${routes.uploaded} uploaded, ${routes.unchanged} unchanged, ${routes.deleted} deleted`
        : '';
    const checked = publish.checked
        ? `read back from ${publish.url}`
        : publish.failure
            ? `the bucket holds publish ${publish.serial}, and ${publish.url} does not serve it as published`
            : 'not read back';
    return [
        { code: publish.location },
        `: ${(0,format/* countOf */.pq)(uploaded, 'file')} uploaded, ${unchanged} unchanged, ${deleted} deleted${kept}${copies}; ${checked}`
    ];
}
/**
 * The agent job's details: its pull request first, then where it worked and how long it took;
 * after a failure or a timeout, what was last seen of it. `serverUrl` is the workflow's GitHub,
 * the only host whose pull requests are shown as links.
 */
function addAgentDetails(summary, settings, report, serverUrl) {
    const job = report.outcome ?? report.job;
    const id = job?.id ?? report.agentJobId ?? settings.agentJobId;
    if (report.outcome)
        summary.paragraph(['Pull request: ', pullRequest(report.outcome, serverUrl)]);
    if (report.commentUrl)
        summary.paragraph(['Comment: ', shownGitHubPage(report.commentUrl, serverUrl)]);
    const rows = [
        ['Job', id === undefined ? '(not started)' : { code: id }],
        ['Status', job?.status || 'unknown']
    ];
    if (report.prompt !== undefined)
        rows.push(['Prompt', report.prompt]);
    if (job?.repository)
        rows.push(['Repository', { code: job.repository }]);
    if (job?.ref)
        rows.push(['Ref', { code: job.ref }]);
    if (job?.model)
        rows.push(['Model', job.model]);
    rows.push(['Duration', (0,format/* formatSeconds */.Xo)(agentDurationMs(report))]);
    summary.detailTable('Agent job', ['Field', 'Value'], rows);
}
/** How long the agent job has run: since the API says it was created, else since this run started. */
function agentDurationMs(report) {
    const job = report.outcome ?? report.job;
    const since = job?.createdAt ? Date.parse(job.createdAt) : report.startedAt;
    return Math.max(0, Date.now() - since);
}
function pullRequest(job, serverUrl) {
    if (job.prLink)
        return shownPullRequest(job.prLink, serverUrl);
    return job.status === 'completed' ? 'none (no files changed)' : 'none';
}

;// CONCATENATED MODULE: ./src/site/browser/summary.ts


/** Rows of each table in the job summary; the report has them all. */
const browser_summary_LISTED = 10;
/**
 * Longest value in a table's cell: a table wider than the page hides its last columns. Addresses
 * and initiators are cut; the report has them whole.
 */
const LONGEST_CELL = 48;
/** Longest error message in its cell, which wraps at spaces. */
const LONGEST_MESSAGE = 200;
/**
 * The browser pass's section of the job summary: one line when it ran and found nothing, or did not
 * run; otherwise what ran and a table each of the origins reached, what was missing and the script
 * errors, folded, since the problems above say each of them already. `staticOrigins` are those the
 * static check found loaded from elsewhere, which the count of origins reached is set against.
 */
function addBrowserSection(summary, section, staticOrigins) {
    const title = { strong: 'Browser pass' };
    if (section.skipped !== null) {
        summary.paragraph([title, `: not run (${section.skipped}).`]);
        return;
    }
    const browser = `${section.browser ?? ''} ${section.version ?? ''}`.trim();
    const pages = `${section.pages.length} page${section.pages.length === 1 ? '' : 's'}`;
    const time = (0,format/* formatDuration */.a3)(section.durationMs ?? 0);
    const found = section.runtimeOrigins.length + section.missing.length + section.scriptErrors.length;
    if (found === 0 && section.notLoaded.length === 0 && staticOrigins.length === 0) {
        summary.paragraph([
            title,
            `: ${pages} loaded in ${browser} in ${time}; no origin reached at run time, nothing missing, no script errors.`
        ]);
        return;
    }
    summary.folded(`Browser pass: ${pages} loaded in ${browser} in ${time}`, (folded) => {
        folded.table(['Browser pass', 'Result'], [
            [
                'Pages loaded',
                `${section.pages.length}${section.notLoaded.length > 0 ? ` (${section.notLoaded.length} not loaded: the run's time was up)` : ''}`
            ],
            [
                'Sets of scripts, iframes and embeds',
                section.scriptSets
                    ? `${section.scriptSets.loaded} of the site's ${section.scriptSets.distinct} distinct sets loaded`
                    : ''
            ],
            ['Origins reached at run time', originsReached(section, staticOrigins)],
            ['Missing at run time', missingCount(section)],
            ['Script errors', section.scriptErrors.length],
            ['Time', `${time}, of which ${(0,format/* formatDuration */.a3)(section.startupMs ?? 0)} to start the browser`]
        ]);
        if (section.runtimeOrigins.length > 0) {
            folded.heading(listedOf('Reached at run time', section.runtimeOrigins.length), 4).table(['Origin', 'Types', 'Pages', 'Such as'], section.runtimeOrigins
                .slice(0, browser_summary_LISTED)
                .map((origin) => [
                { code: cell(origin.origin) },
                origin.types.join(', '),
                origin.pages.length,
                { code: cell(pathOf(origin.examples[0]?.url ?? origin.exampleUrl)) }
            ]));
        }
        if (section.missing.length > 0) {
            folded.heading(listedOf('Missing at run time', section.missing.length), 4).table(['Path', 'Pages', 'Started by'], section.missing
                .slice(0, browser_summary_LISTED)
                .map((resource) => [
                { code: cell(resource.path) },
                resource.pages.length,
                shownCell(resource.examples[0]?.initiator)
            ]));
        }
        if (section.scriptErrors.length > 0) {
            folded.heading(listedOf('Script errors', section.scriptErrors.length), 4).table(['Page', 'Error', 'At'], section.scriptErrors
                .slice(0, browser_summary_LISTED)
                .map((error) => [
                { code: cell(error.page) },
                bounded(error.message, LONGEST_MESSAGE),
                shownCell(error.source)
            ]));
        }
    });
}
/** The paths missing at run time, and how many of them the static check found broken too: those are no new problem. */
function missingCount({ missing }) {
    const also = missing.filter((resource) => resource.inStaticCheck).length;
    return also === 0 ? missing.length : `${missing.length} (${also} the static check found too)`;
}
/**
 * The origins reached at run time, set against those the static check found, where the two
 * differ: which it found too, which only scripts reach (problems of their own), and which the
 * pages loaded never asked for (a font no page uses, a load that a blocked one would have made).
 */
function originsReached(section, staticOrigins) {
    const reached = section.runtimeOrigins;
    const also = reached.filter((origin) => origin.inStaticCheck).length;
    const only = reached.length - also;
    const reachedNames = new Set(reached.map((origin) => origin.origin));
    const unreached = staticOrigins.filter((origin) => !reachedNames.has(origin));
    // Said only where the counts could be misread: some of each kind, or some the pages never reached.
    if ((also === 0 || only === 0) && unreached.length === 0)
        return reached.length;
    const split = [also > 0 ? `${also} the static check found too` : '', only > 0 ? `${only} only at run time` : ''];
    const parts = [
        reached.length > 0 ? `${reached.length} (${split.filter(Boolean).join(', ')})` : `${reached.length}`
    ];
    if (unreached.length > 0) {
        const them = unreached.length === 1 ? 'it' : 'them';
        parts.push(`; not reached: ${unreached.length} of the ${staticOrigins.length} the static check found, `, unreached.length === 1 ? '' : 'such as ', { code: cell(unreached[0] ?? '') }, `: the files name ${them}, but no page loaded asked for ${them}`);
    }
    return parts;
}
/** An address without its origin, which the row names already: `/v1/query?q=x`. */
function pathOf(url) {
    const parsed = URL.parse(url);
    return parsed ? `${parsed.pathname}${parsed.search}` : url;
}
/** A table's title, saying when it shows only the first rows. */
function listedOf(title, total) {
    return total > browser_summary_LISTED ? `${title}: ${browser_summary_LISTED} of ${total}; the report has them all` : title;
}
function cell(value) {
    return bounded(value, LONGEST_CELL);
}
/** A value that may be absent, as code; nothing when it is. */
function shownCell(value) {
    return value ? { code: cell(value) } : '';
}

// EXTERNAL MODULE: ./src/site/report.ts
var site_report = __webpack_require__(9761);
;// CONCATENATED MODULE: ./src/site/summary.ts





/** Problems and origins listed in the job summary; the report has them all. */
const site_summary_LISTED = 10;
/** Longest message shown in the summary, so its size stays far from GitHub's 1 MiB limit. */
const summary_LONGEST = 300;
/** Longest value in a table's cell: a table wider than the page hides its last columns. */
const summary_LONGEST_CELL = 48;
/** Where the docs say what a host needs to serve links without `.html`. */
const SERVER_RULES = `${user_agent/* PROJECT_URL */.w5}/blob/main/docs/serving.md`;
/** The output that holds the report's path. */
const REPORT_OUTPUT = 'verify-report-path';
/** Each kind of problem with its count, as the summary and its verdict say it: "3 broken references". */
const summary_KINDS = {
    index: () => 'no index.html',
    pages: () => 'fewer pages than the export job counted',
    'broken-reference': (count) => counted(count, 'broken reference'),
    fragment: (count) => counted(count, 'link to a missing fragment', 'links to a missing fragment'),
    address: (count) => counted(count, 'address on another host', 'addresses on another host'),
    sitemap: (count) => counted(count, 'sitemap problem'),
    'external-origin': (count) => counted(count, 'origin that fails without internet access', 'origins that fail without internet access'),
    'runtime-origin': (count) => counted(count, 'origin reached at run time', 'origins reached at run time'),
    'runtime-missing': (count) => counted(count, 'file missing at run time', 'files missing at run time'),
    'script-error': (count) => counted(count, 'script error')
};
/** The problems by kind, in the report's order (the most fundamental first); every problem counted, listed or not. */
function problemGroups(report) {
    const groups = new Map();
    const groupOf = (check) => {
        const group = groups.get(check) ?? { check, count: 0, problems: [] };
        groups.set(check, group);
        return group;
    };
    for (const problem of report.problems) {
        const group = groupOf(problem.check);
        group.count++;
        group.problems.push(problem);
    }
    // The report lists the first sitemap URLs that are not in the site, and counts them all.
    const unlisted = report.counts.problems - report.problems.length;
    if (unlisted > 0)
        groupOf('sitemap').count += unlisted;
    return [...groups.values()];
}
function said(group) {
    return summary_KINDS[group.check](group.count);
}
/**
 * The check's outcome in a few words, for the verdict: "no problems", or "10 problems (4 origins
 * that fail without internet access, 3 broken references, …)", the largest kinds first.
 */
function problemsInBrief(report) {
    const total = report.counts.problems;
    if (total === 0)
        return 'no problems';
    // Sorted by count; a stable sort keeps the report's order among equals.
    const largest = problemGroups(report)
        .sort((a, b) => b.count - a.count)
        .map(said);
    const kinds = largest.length > 2 ? [...largest.slice(0, 2), '…'] : largest;
    const known = report.baseline ? `, ${report.baseline.known} of them known from the baseline` : '';
    return `${counted(total, 'problem')} (${kinds.join(', ')})${known}`;
}
/** The problems, right after the verdict: each kind with its count, then its first problems. */
function addProblemsSection(summary, { report, reportPath }, workspace) {
    const total = report.counts.problems;
    if (total === 0)
        return;
    const listed = new Set(report.problems.slice(0, site_summary_LISTED));
    summary.groups(problemGroups(report).map((group) => ({
        head: { strong: said(group) },
        items: group.problems
            .filter((problem) => listed.has(problem))
            .map((problem) => bounded((0,site_report/* problemLine */.YK)(problem), summary_LONGEST))
    })));
    if (total > listed.size) {
        summary.paragraph([
            `The first ${listed.size} of ${total} are listed; the report has them all: `,
            shownPath(reportPath, REPORT_OUTPUT, workspace),
            '.'
        ]);
    }
}
/**
 * The site check's section of the job summary: one line when the check found nothing; otherwise
 * its counts and the origins loaded from elsewhere, folded, since the problems above say each of
 * them already. Connection hints and checks that did not run are said in a line each, and links
 * without `.html` as a tip when no rule for them is known: none of them is a problem.
 */
function addSiteCheckSection(summary, { report, reportPath }, workspace) {
    const { counts } = report;
    const reportShown = shownPath(reportPath, REPORT_OUTPUT, workspace);
    const checked = `${counted(counts.files, 'file')} (${counted(counts.htmlPages, 'HTML page')}, ${counted(counts.internalReferences, 'internal reference')}) in ${(0,format/* formatDuration */.a3)(report.durationMs)}`;
    if (counts.problems === 0) {
        summary.paragraph([{ strong: 'Site check' }, `: no problems in ${checked}. Report: `, reportShown, '.']);
    }
    else {
        summary.folded(`Site check: ${counted(counts.problems, 'problem')} in ${checked}`, (folded) => {
            folded.table(['Check', 'Result'], [
                ['HTML pages', htmlPages(counts)],
                ['index.html', report.indexHtml ? 'present' : { strong: 'missing' }],
                ['Internal references', `${counts.internalReferences}, ${counts.brokenReferences} broken`],
                ['Links to a missing fragment', counts.brokenFragments],
                ['Origins loaded from elsewhere', counts.externalOrigins],
                ['Canonical or og:url on another host', counts.addressProblems],
                ['Sitemap', report.sitemap ? `${counts.sitemapUrls} URLs, ${counts.sitemapProblems} with problems` : 'none'],
                ...baselineRow(report),
                ['Report', reportShown]
            ]);
            if (report.externalOrigins.length > 0) {
                folded.heading(summary_listedOf('Loaded from other origins', report.externalOrigins.length), 4).table(['Origin', 'Loads', 'Files', 'Such as'], report.externalOrigins
                    .slice(0, site_summary_LISTED)
                    .map((origin) => [
                    { code: summary_cell(origin.origin) },
                    origin.kinds.join(', '),
                    origin.files,
                    { code: summary_cell(origin.examples[0] ?? '') }
                ]));
            }
        });
    }
    const hints = connectionHints(report);
    if (hints)
        summary.paragraph(hints);
    const tip = extensionlessTip(report);
    if (tip)
        summary.paragraph(tip);
    for (const skipped of report.skipped)
        summary.paragraph(`Not checked: ${skipped}`);
}
/**
 * The HTML pages, and the export job's count where it differs, with why: the job counts the pages
 * of the docs, the check every HTML file (a `404.html` too); fewer is a problem of its own.
 */
function htmlPages(counts) {
    const { htmlPages: found, expectedPages: expected } = counts;
    if (expected === null || expected === found)
        return found;
    if (found < expected)
        return `${found} (the export job counted ${expected}: ${expected - found} missing)`;
    return `${found} (the export job counted ${expected}: it leaves out HTML files that are no page of the docs, such as a 404.html)`;
}
/**
 * Links without `.html` are no problem, but a plain host (nginx, CloudFront, S3) answers them 404
 * unless told to serve `x.html` for `/x`: a tip, unless the site brings its host's rules.
 */
function extensionlessTip(report) {
    const use = report.extensionless;
    if (!use || use.hostRules)
        return undefined;
    return [
        `Tip: ${counted(use.references, 'reference')} in ${counted(use.files, 'file')} leave out .html, such as `,
        { code: use.exampleReference },
        ' in ',
        { code: use.exampleFile },
        '. GitHub Pages, Netlify and Cloudflare Pages serve them as they are, and so does S3 static website hosting once ',
        { code: 'publish-to' },
        ' has put each page under its route; nginx and CloudFront need ',
        { link: SERVER_RULES, label: 'a rule of their own' },
        '.'
    ];
}
function baselineRow(report) {
    if (!report.baseline)
        return [];
    const { source, known } = report.baseline;
    return [['Known problems', [`${known}, in the baseline `, { code: source }, `; ${report.baseline.new} new`]]];
}
/** Hints are no problem, but they name what the site's scripts will likely reach at run time. */
function connectionHints(report) {
    const [first] = report.connectionHints;
    if (!first)
        return undefined;
    return [
        { strong: 'Connection hints' },
        ` (preconnect, dns-prefetch): ${counted(report.counts.connectionHints, 'origin')}, such as `,
        { code: first.origin },
        ': not problems, but scripts will likely reach them at run time.'
    ];
}
/** A table's title, saying when it shows only the first rows. */
function summary_listedOf(title, total) {
    return total > site_summary_LISTED ? `${title}: ${site_summary_LISTED} of ${total}; the report has them all` : title;
}
function summary_cell(value) {
    return bounded(value, summary_LONGEST_CELL);
}
function counted(count, singular, plural = `${singular}s`) {
    return `${count} ${count === 1 ? singular : plural}`;
}

;// CONCATENATED MODULE: ./src/commands/verdict.ts









const verdict_SIGNS = { success: '✅', warning: '⚠️', failure: '❌' };
function verdictOf(finished) {
    switch (finished.command) {
        case 'export':
            return exportVerdict(finished);
        case 'agent-job':
            return agentVerdict(finished);
        case 'check-deployment':
            return deploymentVerdict(finished);
    }
}
/**
 * What an export's verdict says after its name, in order, each when there is something to say:
 * the pages, the site check, the time. A step that adds an outcome of its own adds its clause here.
 */
const EXPORT_CLAUSES = [
    ({ report }) => (report.pageCount === undefined ? undefined : (0,format/* countOf */.pq)(report.pageCount, 'page')),
    ({ report, settings, failure }) => {
        if (!report.siteCheck)
            return report.sitePath && settings.verify !== 'off' ? 'the site check did not finish' : undefined;
        const brief = problemsInBrief(report.siteCheck.report);
        return (0,errors/* failureCode */.AD)(failure) === 'site-problems'
            ? (0,core_message/* message */.iU) `${brief}, failing under ${(0,core_message/* input */.hF)('verify', 'error')}`
            : brief;
    },
    ({ report }) => {
        if (!report.publish)
            return undefined;
        const { location, uploaded, unchanged, deleted, dryRun } = report.publish;
        if (dryRun)
            return `a dry run of the publish to ${location}: ${(0,format/* countOf */.pq)(uploaded, 'file')} to upload, ${unchanged} unchanged, ${deleted} to delete; nothing was changed`;
        return `published to ${location}: ${(0,format/* countOf */.pq)(uploaded, 'file')} uploaded, ${unchanged} unchanged${deleted > 0 ? `, ${deleted} deleted` : ''}`;
    },
    ({ report }) => {
        if (!report.mirror)
            return undefined;
        return `${report.mirror.uploaded ? 'mirrored to' : 'already in'} ${report.mirror.location}${report.mirror.checked ? '' : ' (not read back)'}`;
    },
    ({ report }) => (0,format/* formatSeconds */.Xo)((report.finishedAt ?? Date.now()) - report.startedAt)
];
function exportVerdict(run) {
    const { settings, report, failure } = run;
    const jobId = report.jobId ?? settings.exportJobId;
    // What the export ran on: its domain, else its job.
    const name = settings.domain ?? (jobId ? `job ${jobId}` : 'the site');
    const status = report.job?.status;
    if (failure === undefined && status !== undefined && status !== 'completed') {
        const of = settings.domain ? ` of ${settings.domain}` : '';
        return {
            sign: 'success',
            text: (0,core_message/* message */.iU) `Export job ${jobId ?? ''}${of}: ${status || 'started'}, not waited for (${(0,core_message/* input */.hF)('wait', 'false')})`
        };
    }
    if (failure !== undefined && !report.sitePath) {
        const before = report.jobId === undefined ? REFUSED_BEFORE[(0,errors/* failureCode */.AD)(failure)] : undefined;
        return {
            sign: 'failure',
            text: (0,core_message/* message */.iU) `${capitalised(name)} was not exported: ${before ?? reason(failure, settings.timeoutMs, exportPhase(run))}`
        };
    }
    const clauses = EXPORT_CLAUSES.map((clause) => clause(run)).filter((clause) => clause !== undefined);
    if (failure !== undefined && (0,errors/* failureCode */.AD)(failure) !== 'site-problems') {
        clauses.push(reason(failure, settings.timeoutMs, laterPhase(run)));
    }
    const problems = report.siteCheck?.report.counts.problems ?? 0;
    const unchecked = report.sitePath !== undefined && settings.verify !== 'off' && !report.siteCheck;
    return {
        sign: failure !== undefined ? 'failure' : problems > 0 || unchecked ? 'warning' : 'success',
        text: (0,core_message/* message */.iU) `Exported ${name}: ${(0,core_message/* joined */.oR)(clauses, ', ')}`
    };
}
/** What failed after the site was unpacked, for a failure with no words of its own here. */
function laterPhase({ report, settings, failure }) {
    if ((0,errors/* failureCode */.AD)(failure) === 'mirror')
        return 'the mirror failed';
    if (report.manifestPath === undefined)
        return 'the manifest was not written';
    if (report.siteCheck === undefined && settings.verify !== 'off')
        return 'the site check failed';
    return 'the Helm values were not written';
}
/** A destination that refused the probe before the export (commands/destinations.ts): what it was. */
const REFUSED_BEFORE = {
    publish: 'the bucket to publish to refused the check before the export, so none was started',
    mirror: "the mirror's destination refused the check before the export, so none was started"
};
/** How far a failed export got, said by what it did not reach: for a failure with no words of its own here. */
function exportPhase({ report }) {
    if (report.jobId === undefined)
        return 'the export did not start';
    if (report.job?.status !== 'completed')
        return 'the export job did not complete';
    if (!report.bundle)
        return 'no bundle link was given';
    if (!report.archive)
        return 'the download failed';
    return 'the archive was not unpacked';
}
function agentVerdict({ settings, report, failure }) {
    const id = report.agentJobId ?? settings.agentJobId;
    const name = id === undefined ? 'The agent job' : `Agent job ${id}`;
    const job = report.outcome ?? report.job;
    const time = (0,format/* formatSeconds */.Xo)(agentDurationMs(report));
    const ended = job?.status ?? '';
    const outcome = job?.prLink
        ? `${ended} with a pull request`
        : ended === 'completed'
            ? `${ended}, no files changed`
            : ended;
    if (failure === undefined) {
        if (!FINAL_STATUSES.has(ended)) {
            return {
                sign: 'success',
                text: (0,core_message/* message */.iU) `${name}: ${ended || 'started'}, not waited for (${(0,core_message/* input */.hF)('wait', 'false')})`
            };
        }
        return { sign: 'success', text: `${name}: ${outcome}, ${time}` };
    }
    if ((0,errors/* failureCode */.AD)(failure) === 'job-failed')
        return { sign: 'failure', text: `${name}: failed, ${time}` };
    if (report.outcome) {
        return {
            sign: 'failure',
            text: (0,core_message/* message */.iU) `${name}: ${outcome}, but ${reason(failure, settings.timeoutMs, 'the comment was not written')}`
        };
    }
    return {
        sign: 'failure',
        text: (0,core_message/* message */.iU) `${name}: ${reason(failure, settings.timeoutMs, 'the job could not be read')}`
    };
}
function deploymentVerdict({ settings, report, failure }) {
    const { deployment } = report;
    if (!deployment) {
        return {
            sign: 'failure',
            text: (0,core_message/* message */.iU) `Deployment at ${(0,net/* redactUrl */.BO)(settings.url)} was not checked: ${reason(failure, settings.timeoutMs, 'the manifest could not be read')}`
        };
    }
    const text = `Deployment at ${deployment.url}: ${deploymentInBrief(deployment)}`;
    if (failure === undefined)
        return { sign: 'success', text };
    if ((0,errors/* failureCode */.AD)(failure) === 'deployment-not-current')
        return { sign: 'failure', text };
    return {
        sign: 'failure',
        text: (0,core_message/* message */.iU) `${text}, but ${reason(failure, settings.timeoutMs, 'the report was not written')}`
    };
}
/**
 * Why a run failed, in a few words: the API's refusal, the time running out, a cancellation; for
 * any other failure, `otherwise` (what the run did not reach). The failure's message follows the
 * verdict with the whole story.
 */
function reason(failure, timeoutMs, otherwise) {
    if (failure instanceof ApiError) {
        if (failure.status === 401)
            return 'the API refused the key (HTTP 401)';
        if (failure.status === 403)
            return 'the API refused access (HTTP 403)';
        if (failure.status)
            return `the API answered HTTP ${failure.status}`;
        if (failure.code === 'network' || failure.code === 'timeout')
            return 'the API could not be reached';
    }
    switch ((0,errors/* failureCode */.AD)(failure)) {
        case 'job-failed':
            return 'the job failed';
        case 'job-timeout':
        case 'out-of-time':
            return (0,core_message/* message */.iU) `${(0,core_message/* input */.hF)('timeout-seconds')} ran out (${(0,format/* formatSeconds */.Xo)(timeoutMs)})`;
        case 'cancelled':
            return 'the run was cancelled';
        case 'publish':
            return 'the publish failed';
        default:
            return otherwise;
    }
}
/** `job se_1` as a sentence starts it; a domain as it is. */
function capitalised(name) {
    return /^(job|the) /.test(name) ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

;// CONCATENATED MODULE: ./src/commands/summary.ts









/**
 * An export's summary after its verdict: the site's problems first, then the details, each folded
 * once long. A step that adds to the export (a mirror) adds its section here.
 */
const EXPORT_SECTIONS = [
    (summary, run) => addWithheldSection(summary, run, run.settings.mirrorTo !== undefined),
    (summary, { report }, workspace) => {
        if (report.siteCheck)
            addProblemsSection(summary, report.siteCheck, workspace);
    },
    (summary, { report, settings }, workspace) => addExportDetails(summary, report, !settings.maskBundleUrl, workspace),
    (summary, { report }, workspace) => {
        if (report.changes)
            addChangesSection(summary, report.changes.changes, report.changes.path, workspace);
    },
    (summary, { report }, workspace) => {
        if (report.siteCheck)
            addSiteCheckSection(summary, report.siteCheck, workspace);
    },
    (summary, { report }) => {
        const check = report.siteCheck?.report;
        if (check?.browser) {
            addBrowserSection(summary, check.browser, check.externalOrigins.map((origin) => origin.origin));
        }
    }
];
/**
 * The job summary of a run, whatever its outcome, in one write: its verdict first, then why the
 * step failed, when it did, in the words of its error, then the command's sections.
 */
async function writeSummaries({ host, runner }, finished) {
    await summary_writeSummary(host, 'the job summary', (summary) => {
        const verdict = verdictOf(finished);
        summary.heading(`${verdict_SIGNS[verdict.sign]} ${(0,core_message/* render */.XX)(verdict.text, host.wording)}`, 3);
        if (finished.failure !== undefined)
            summary.error((0,core_message/* render */.XX)((0,errors/* failureInSummary */.SD)(finished.failure), host.wording));
        const { workspace } = runner;
        if (finished.command === 'export') {
            for (const section of EXPORT_SECTIONS)
                section(summary, finished, workspace);
        }
        else if (finished.command === 'agent-job') {
            addAgentDetails(summary, finished.settings, finished.report, runner.serverUrl);
        }
        else if (finished.report.deployment) {
            addDeploymentSection(summary, finished.report.deployment, finished.report.reportPath, workspace);
        }
    });
}
/**
 * The job summary of a step whose inputs were refused before anything ran: the same verdict line
 * as every other failure, then the error, so that a reader of the summary learns what to fix.
 */
async function writeRefusedInputsSummary(host, failure) {
    await writeSummary(host, 'the job summary', (summary) => {
        summary.heading(`${SIGNS.failure} Nothing was run: an input was refused`, 3);
        summary.error(render(failureInSummary(failure), host.wording));
    });
}

;// CONCATENATED MODULE: ./src/commands/run.ts









/**
 * Runs the command of the settings, whatever the front end, and writes the job summary whatever
 * the outcome. The front end sets its outputs from the report, and fails the step with the failure.
 */
async function runCommand(settings, frontEnd) {
    const run = startRun(settings, frontEnd);
    const finished = await runOne(settings, run, frontEnd);
    await writeSummaries(run, finished);
    return finished;
}
async function runOne(settings, run, frontEnd) {
    if (settings.command === 'check-deployment') {
        return {
            command: settings.command,
            settings,
            ...(await checkDeploymentCommand(settings, run, retryBaseDelayMs(settings)))
        };
    }
    const client = new ApiClient({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        requestTimeoutMs: requestTimeoutMs(settings),
        retryBaseDelayMs: retryBaseDelayMs(settings),
        run
    });
    if (settings.command === 'agent-job') {
        return {
            command: settings.command,
            settings,
            ...(await followAgentJob(settings, { run, client, comment: frontEnd.comment }))
        };
    }
    const outcome = await exportSite(settings, {
        run,
        client,
        retryBaseDelayMs: retryBaseDelayMs(settings),
        stallTimeoutMs: requestTimeoutMs(settings)
    });
    return { command: settings.command, settings, ...outcome };
}
/** The run's context: `timeout-seconds` counts from here. */
function startRun(settings, { host, cancellation, runner }) {
    for (const credential of runner.credentials)
        host.setSecret(credential);
    const path = settings.command === 'agent-job' ? undefined : settings.path;
    return {
        host,
        deadline: core_deadline/* Deadline */.B2.in(settings.timeoutMs, cancellation),
        cancellation,
        runner,
        network: settings.command === 'check-deployment' ? net/* Network */.lg.forDeployment(settings.url) : net/* Network */.lg.forApi(settings.baseUrl),
        output: new core_layout/* OutputFolder */.wF(async (jobId) => {
            if (!path)
                return host.newDirectory(jobId);
            await (0,promises_.mkdir)(path, { recursive: true });
            return path;
        })
    };
}
/** One request may take a sixth of the whole wait, between 1 and 30 seconds, so a retry still fits. */
function requestTimeoutMs(settings) {
    return Math.min(30_000, Math.max(1000, settings.timeoutMs / 6));
}
/** No retry waits longer at first than a poll would. */
function retryBaseDelayMs(settings) {
    return Math.min(1000, settings.pollIntervalMs);
}

// EXTERNAL MODULE: ./node_modules/zod/v4/core/registries.js
var registries = __webpack_require__(9396);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core = __webpack_require__(8532);
;// CONCATENATED MODULE: ./src/settings/fields.ts





/** Every input's entry, by its schema. */
const CATALOGUE = registries/* registry */.u5();
/** `schema` with its meta, parsing from its default when the input is empty. */
function described(schema, meta) {
    // A schema of its own, since one kind of value (an identifier) serves several inputs.
    const text = schema.clone();
    const parsed = meta.default === undefined || isExpression(meta.default) ? text : text.prefault(meta.default);
    const choices = schema instanceof schemas/* ZodEnum */.Vb4 ? schema.options.map(String) : undefined;
    // The prefaulted schema parses to what `schema` parses to, and takes what it takes, empty included.
    return parsed.register(CATALOGUE, { ...meta, switch: schema === bool, choices });
}
/** Whether a default is the runner's to resolve (`${{ github.token }}`). */
function isExpression(value) {
    return value.includes('${{');
}
const bool = schemas/* string */.YjP()
    .regex(/^(true|false)$/i, { error: (issue) => `must be true or false, got "${issue.input}"` })
    .transform((value) => value.toLowerCase() === 'true');
const seconds = schemas/* string */.YjP()
    .regex(/^\s*\d*\.?\d+\s*$/, {
    error: (issue) => `must be a positive number of seconds, got "${issue.input}"`,
    abort: true
})
    .refine((text) => Number(text) >= 0.001 && Number.isFinite(Number(text)), {
    error: (issue) => `must be a positive number of seconds (at least 0.001), got "${String(issue.input)}"`
})
    .transform((text) => Math.round(Number(text) * 1000));
/** A whole number of `unit` from `least` (1 unless told) up to `digits` digits, or one of `words`. */
function fields_count(unit, digits, words = [], least = 1) {
    const alternatives = words.map((word) => `|${word}`).join('');
    const number = least === 0 ? `0|[1-9]\\d{0,${digits - 1}}` : `[1-9]\\d{0,${digits - 1}}`;
    const shape = new RegExp(`^\\s*(${number}${alternatives})\\s*$`, 'i');
    return schemas/* string */.YjP()
        .regex(shape, {
        error: (issue) => `must be a whole number of ${unit} (at least ${least})${words.map((word) => ` or ${word}`).join('')}, got "${issue.input}"`
    })
        .transform((value) => {
        const word = words.find((candidate) => candidate === value.trim().toLowerCase());
        return word ?? Number(value);
    });
}
/** A share in percent, `0%` to `100%`, as the number of percent. */
const percent = schemas/* string */.YjP()
    .regex(/^\s*\d{1,3}(\.\d+)?\s*%\s*$/, {
    error: (issue) => `must be a share from 0% to 100%, such as 50%, got "${issue.input}"`,
    abort: true
})
    .transform((value) => Number(value.trim().slice(0, -1).trim()))
    .refine((share) => share <= 100, { error: (issue) => `must be at most 100%, got ${String(issue.input)}%` });
/** An AWS region, as an S3 client signs for it. */
const region = schemas/* string */.YjP()
    .regex(/^[a-z0-9-]{1,40}$/, { error: (issue) => `must be a region such as eu-west-1, got "${issue.input}"` })
    .optional();
function choice(values) {
    const listed = values.length > 2 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values.join(' or ');
    return schemas/* enum */.k5n(values, { error: (issue) => `must be ${listed}, got "${String(issue.input)}"` });
}
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;
const identifier = schemas/* string */.YjP()
    .regex(SAFE_ID, { error: (issue) => `must be an identifier (letters, digits, . _ : -), got "${issue.input}"` })
    .optional();
/**
 * Every URL input: https, or plain http where the rule allows it, never with credentials; with
 * `orPath`, a path instead.
 */
function httpsUrl(rule) {
    return schemas/* string */.YjP().transform((value, ctx) => {
        if (rule.orPath && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
            return external_node_path_default().resolve(value);
        const url = URL.parse(value);
        const shown = url ? `${url.protocol}//${url.host}${rule.base ? '' : url.pathname}` : value;
        const refuse = (message) => {
            ctx.addIssue({ code: 'custom', message });
            return core/* NEVER */.tm;
        };
        const web = url?.protocol === 'https:' || url?.protocol === 'http:';
        if (!url || !web || (!rule.base && (url.username || url.password))) {
            return refuse(`must be ${rule.expected}, got "${shown}"`);
        }
        if (url.protocol === 'http:' && rule.plainHttp === 'loopback' && !(0,net/* isLoopbackHost */.cW)(url.hostname)) {
            return refuse(rule.base
                ? `must use https:// (plain http is allowed only for loopback addresses), got "${shown}"`
                : `must be ${rule.expected}, got "${shown}"`);
        }
        if (rule.base && (url.username || url.password || url.search || url.hash)) {
            return refuse('must not carry credentials, a query or a fragment');
        }
        return rule.base ? url.href.replace(/\/+$/, '') : url.href;
    });
}
/** A document given by a path or a link (a manifest, a report). */
function documentSource(what) {
    return httpsUrl({
        expected: `a path to ${what} or an https:// link to one (without credentials)`,
        plainHttp: 'loopback',
        orPath: true
    });
}
/** A folder, made absolute from the workspace the step runs in. */
const folder = schemas/* string */.YjP()
    .transform((value) => external_node_path_default().resolve(value))
    .optional();
/** One value a line, blank lines and surrounding white space dropped. */
const lines = schemas/* string */.YjP()
    .optional()
    .transform((value) => (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean));
/** A problem with `name` that a rule joining inputs found; its text may name other inputs. */
function addProblem(ctx, name, text) {
    ctx.addIssue({ code: 'custom', path: [name], message: String(text), params: { text } });
}
/** A failure of a parser that names its input itself (an ActionError whose `input` says which). */
function addFailure(ctx, error) {
    if (!(error instanceof errors/* ActionError */.lZ && error.input))
        throw error;
    ctx.addIssue({
        code: 'custom',
        path: [error.input.input],
        message: String(error.text),
        params: { text: error.text, named: true }
    });
}
/** `inputs` with each of `names` given; for each one missing, a problem that says it is required `because`. */
function requireInputs(inputs, ctx, names, because) {
    for (const name of names) {
        if (inputs[name] === undefined)
            addProblem(ctx, name, (0,core_message/* message */.iU) `is required ${because}`);
    }
    return inputs;
}

;// CONCATENATED MODULE: ./src/settings/common.ts




/** The inputs that more than one command reads, each described once. */
const ADMIN_KEY_SHAPE = /^[A-Za-z0-9]+_[A-Za-z0-9_-]+$/;
/** The environment variable of the command line that holds the admin key. */
const KEY_VARIABLE = 'MINTLIFY_ADMIN_KEY';
/** Every command's: how long the run may take, and how often it polls. */
const TIMING = {
    'timeout-seconds': described(seconds, {
        default: '1800',
        description: `Longest time to wait for the job to finish (or, for \`check-deployment\`, for the rollout), in seconds; it bounds the whole run: polls, retries of every call, the download, unpacking, the site check, the mirror and the comment. A clean-up that it cuts short (the abort of an upload) gets ${(0,format/* formatSeconds */.Xo)(core_deadline/* CLEAN_UP_GRACE_MS */.Y_)} more at most.`,
        byCommand: {
            export: `Longest time to wait for the export job to finish, in seconds; it bounds the whole run: polls, retries of every call, the download, unpacking, the site check and the mirror. A clean-up that it cuts short (the abort of an upload) gets ${(0,format/* formatSeconds */.Xo)(core_deadline/* CLEAN_UP_GRACE_MS */.Y_)} more at most.`,
            'agent-job': 'Longest time to wait for the agent job to end, in seconds; it bounds the whole run: polls and retries of every call.',
            'check-deployment': 'Longest time to wait for the rollout, in seconds: the deployment is asked again until it serves the export or the time is up.'
        }
    }),
    'poll-interval-seconds': described(seconds, {
        default: '5',
        description: 'Time between status polls, in seconds; long jobs are polled less often (up to every 30 s), never more often.',
        byCommand: {
            'check-deployment': 'Time between two rounds of requests while the deployment does not serve the export yet, in seconds.'
        }
    })
};
/** The admin API's: the key and the address. */
const API = {
    'api-key': described(schemas/* string */.YjP({
        error: 'is empty or missing: pass the admin key from a secret (api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}). ' +
            "Workflows triggered from a fork's pull request don't receive secrets"
    })
        // The value never appears in this message: it is a secret even when malformed.
        .regex(ADMIN_KEY_SHAPE, {
        error: 'does not look like an admin API key (expected the prefix_rest form, such as mint_…)'
    }), {
        required: true,
        secret: true,
        description: 'Admin API key (`mint_…`), sent as `Authorization: Bearer`; pass it from a secret. Masked at once. Surrounding whitespace is trimmed; a value without the `prefix_rest` shape of an admin key is rejected before any request, without echoing it. Not used by `check-deployment`.',
        cli: {
            flag: false,
            variable: KEY_VARIABLE,
            file: {
                name: 'api-key-file',
                description: `Read the admin key from FILE instead of ${KEY_VARIABLE} (a warning when others may read FILE).`,
                holds: 'key'
            }
        }
    }),
    'base-url': described(httpsUrl({ expected: 'an https:// address', plainHttp: 'loopback', base: true }), {
        default: 'https://api.mintlify.com',
        description: 'API base address. `https://` required, except loopback (`http://127.0.0.1`, `http://localhost`) for local runs and tests; only then may bundle links and redirects lead to plain http on this machine.'
    })
};
/** The project, which agent jobs and the project-scoped export belong to. */
const PROJECT = {
    'project-id': described(identifier, {
        description: "Project identifier (on the dashboard's API keys page): for `agent-job`, and for `export` in the project-scoped flow (the export starts under the project when `domain` is not given, or when the API no longer serves the export without it).",
        byCommand: {
            export: "Project identifier (on the dashboard's API keys page): the export starts under the project when `domain` is not given, or when the API no longer serves the export without it.",
            'agent-job': "Project identifier (on the dashboard's API keys page): the project the agent job works in."
        }
    })
};
/** The commands that follow a job: whether to wait for its end. */
const WAIT = {
    wait: described(bool, {
        default: 'true',
        description: '`false`: start the export (or read the agent job once) and return at once.',
        byCommand: {
            export: '`false`: start the export (or read the job `export-job-id` names once) and return at once.',
            'agent-job': '`false`: start the agent job from `prompt` (or send it as a follow-up, or read the job once) and return at once.'
        }
    })
};
/** Where a command that writes files puts them. */
const OUTPUT_FOLDER = {
    path: described(folder, {
        description: 'Directory to place the archive, the unpacked site (`site/`), the manifest, the reports and the Helm values in. Defaults to a new folder under `RUNNER_TEMP`. The action writes only its own names there, and never over a link, or a file it did not write.',
        cli: {
            name: 'out',
            metavar: 'DIR',
            description: 'Folder for the archive, `site/`, the site check report and the Helm values; default: a new folder ./static-export-<job id>. Checked before any request.'
        }
    })
};
/** The commands that read a site back as a visitor does: how much of it. */
const CHECK_FILES = {
    'check-files': described(fields_count('files', 7, ['all']), {
        default: '100',
        description: "For `check-deployment`, and for `export` with `publish-public-url`: how many files to compare (index.html, then a spread over the site's folders), or `all`. A publish reads back every file it uploaded besides these."
    })
};

// EXTERNAL MODULE: ./src/mirror/target.ts
var mirror_target = __webpack_require__(4182);
// EXTERNAL MODULE: ./src/publish/headers.ts
var headers = __webpack_require__(6233);
;// CONCATENATED MODULE: ./src/settings/export.ts







/** The inputs of `command: export`, and the rules that join them. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** The host of a domain input, accepting a pasted URL or a host with a path. */
function hostOf(value) {
    return URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`)?.hostname.toLowerCase();
}
const domain = schemas/* string */.YjP()
    .transform((value, ctx) => {
    const host = hostOf(value);
    if (!host || !HOST_NAME.test(host)) {
        ctx.addIssue({ code: 'custom', message: `must be a host name such as docs.acme.dev, got "${value}"` });
        return core/* NEVER */.tm;
    }
    return host;
})
    .optional();
const EXPORT_INPUTS = schemas/* object */.Ikc({
    command: schemas/* literal */.euz('export'),
    ...API,
    domain: described(domain, {
        description: 'Domain of the documentation site to export (a host name such as `docs.acme.dev`; a pasted URL is reduced to its host, with a notice). Required for `export` unless `export-job-id` or `project-id` is given.'
    }),
    'export-job-id': described(identifier, {
        description: 'For `export`, reuse this export job instead of starting one (e.g. to get a fresh link in a later job).'
    }),
    ...PROJECT,
    ...WAIT,
    ...TIMING,
    download: described(bool, {
        default: 'true',
        description: 'Download the bundle archive (outputs `bundle-path` and `bundle-sha256`).'
    }),
    extract: described(bool, {
        default: 'false',
        description: 'Unpack the downloaded archive into `<path>/site` (needs `download: true`), replacing what was there once it has unpacked completely.'
    }),
    ...OUTPUT_FOLDER,
    'mask-bundle-url': described(bool, {
        default: 'true',
        description: "Register the presigned link as a secret, so that it never shows in logs or crosses to other jobs' outputs (the action's own log lines always leave out its query).",
        cli: {
            description: 'Keep the signature of the presigned link out of what others see: the table on stdout shows `bundle-url` without its query, and --output-env (a file that crosses to other jobs) leaves BUNDLE_URL out. --json and --output-sh, read by the same job, hold the whole link.'
        }
    }),
    paths: described(lines, {
        description: 'Export only these pages, one per line; sent to the API only when given. Defaults to every published page.',
        cli: {
            flag: false,
            file: { name: 'paths-file', description: 'Export only the pages listed in FILE, one per line.' }
        }
    }),
    version: described(schemas/* string */.YjP().optional(), {
        description: 'A label for this export (e.g. `2026-11-22`); sent only when given, and pinned as `staticExport.version` in the Helm values.',
        cli: { metavar: 'LABEL' }
    }),
    verify: described(choice(['warn', 'error', 'off']), {
        default: 'warn',
        description: 'With `extract`: check the unpacked site (index.html, pages against `pageCount`, internal links and assets, origins loaded from elsewhere, canonical host, sitemap: docs/checks.md). `warn`: warnings and a report; `error`: fail the step on any problem; `off`: no check.'
    }),
    'verify-browser': described(choice(['auto', 'on', 'off']), {
        default: 'auto',
        description: 'With `extract` and `verify` not `off`: load the unpacked site in an installed Chrome/Chromium with every other origin blocked, and report what its scripts reach at run time (docs/checks.md). `auto`: when a browser is found (else one notice); `on`: fail the step without one; `off`: never.'
    }),
    'verify-browser-pages': described(fields_count('pages', 6), {
        default: '25',
        description: "How many pages the browser pass loads (index.html first, then a page of each distinct set of scripts, iframes and embeds, then a spread over the site's top folders).",
        cli: { metavar: 'N' }
    }),
    'compare-to': described(documentSource('a manifest').optional(), {
        description: 'With `extract`: a previous export\'s `manifest.json` (a path, or an https link). Adds a "Changes" section to the summary, `changes.json`, and the outputs `files-added`, `files-removed`, `files-changed` and `changes-path`. One that cannot be read is a warning, never a failure.'
    }),
    'verify-baseline': described(documentSource('a site check report').optional(), {
        description: 'With `extract` and `verify` not `off`: a previous site check report (a path, or an https link). Its problems are listed as known, and `verify: error` fails only on problems it does not have.'
    }),
    'mirror-to': described(schemas/* string */.YjP().optional(), {
        description: 'With `download`: `s3://BUCKET/PREFIX` or `oci://HOST/REPOSITORY[:TAG]`. Copy the archive there once it is checked, read the copy back as the chart will, and point the Helm values at it: a link that does not expire (docs/mirror.md).',
        cli: { metavar: 'URL' }
    }),
    'mirror-endpoint': described(httpsUrl({ expected: 'an https:// URL (an S3-compatible endpoint)', plainHttp: 'loopback', base: true }).optional(), {
        description: 'For an `s3://` `mirror-to`: an S3-compatible endpoint (MinIO, Ceph, Swift…), addressed path-style; empty means AWS. https, or http on loopback.',
        cli: { metavar: 'URL' }
    }),
    'mirror-region': described(region, {
        description: "For an `s3://` `mirror-to`: the region to sign for; by default `AWS_REGION`, else `us-east-1`. The credentials come from the AWS SDK's default chain (`AWS_*` variables, web identity, a profile), never from an input."
    }),
    'mirror-public-url': described(httpsUrl({ expected: 'an https:// URL', plainHttp: 'loopback', base: true }).optional(), {
        description: "The base URL from which the cluster reads the copy without credentials. `s3://`: the base that serves the bucket (the key is appended; default: the bucket's path-style URL on the endpoint). `oci://`: a registry that serves the same repository anonymously, `https://HOST[:PORT]` (default: the registry itself).",
        cli: { metavar: 'URL' }
    }),
    'mirror-username': described(schemas/* string */.YjP().optional(), {
        description: "For an `oci://` `mirror-to`: the registry user that may push (basic, or the registry's bearer-token flow)."
    }),
    'mirror-password': described(schemas/* string */.YjP().optional(), {
        secret: true,
        description: "For an `oci://` `mirror-to`: that user's password or token; masked at once, and sent to the registry's own origin only.",
        cli: {
            flag: false,
            variable: 'MINTLIFY_MIRROR_PASSWORD',
            file: {
                name: 'mirror-password-file',
                description: 'Read the registry password from FILE instead of MINTLIFY_MIRROR_PASSWORD (a warning when others may read FILE).',
                holds: 'registry password'
            }
        }
    }),
    'mirror-check': described(choice(['on', 'off']), {
        default: 'on',
        description: '`on`: after the copy, read `mirror-url` with no credentials, as the chart will, and fail the step unless it serves the archive; `off`: skip that, with a notice (a runner that cannot see the storage as the cluster does).'
    }),
    'publish-to': described(schemas/* string */.YjP().optional(), {
        description: "With `extract`: `s3://BUCKET[/PREFIX]`. Unless the site check failed the step (`verify: error` with problems publishes nothing; under `verify: warn` a site with problems is published, its warnings in the summary), publish the site there: only the files the bucket does not hold (by the manifest's SHA-256), files that are not pages first, then the pages, then the deletes, with a record of what is published under PREFIX (docs/publish.md). Credentials from the AWS SDK's default chain, never from an input.",
        cli: { metavar: 'URL' }
    }),
    'publish-endpoint': described(httpsUrl({ expected: 'an https:// URL (an S3-compatible endpoint)', plainHttp: 'loopback', base: true }).optional(), {
        description: 'For `publish-to`: an S3-compatible endpoint (MinIO, Ceph, R2, Swift…), addressed path-style; empty means AWS. https, or http on loopback.',
        cli: { metavar: 'URL' }
    }),
    'publish-region': described(region, {
        description: 'For `publish-to`: the region to sign for; by default `AWS_REGION`, else `us-east-1`.'
    }),
    'publish-public-url': described(httpsUrl({ expected: 'an http:// or https:// URL, without credentials', plainHttp: 'any', base: true }).optional(), {
        description: 'For `publish-to`: the address that serves PREFIX to visitors (static website hosting, a CDN). The publish is then proven there: every file it uploaded, and `check-files` of the others, read back without credentials; the step fails unless they are the published bytes.',
        cli: { metavar: 'URL' }
    }),
    'publish-routes': described(choice(['copies', 'off']), {
        default: 'copies',
        description: "For `publish-to`: `copies` also publishes each page under its route (`guides/x.html` as `guides/x` too, the same bytes as `text/html`), so that hosts that serve exact keys (S3 static website hosting) answer every route the pages and the sitemap name; `off`: the site's files only, for a host that maps `/x` to `x.html` itself (a CloudFront Function, GitHub Pages, Netlify, nginx's `try_files`; docs/serving.md). Either way the read-back asks for the routes."
    }),
    'publish-dry-run': described(bool, {
        default: 'false',
        description: 'For `publish-to`: read the bucket and make the plan (what would be uploaded, deleted and kept, each with its reason), write it (`publish-plan-path`, and `publish-changes-path` with what would change) and say it in the summary, and change nothing in the bucket. No read-back.'
    }),
    'publish-keep-removed': described(fields_count('publishes', 3, [], 0), {
        default: '1',
        description: 'For `publish-to`: how many publishes a removed file that is not a page outlives (a removed page goes at once), so that a page cached before the publish keeps its styles and scripts; `0` deletes it at once.',
        cli: { metavar: 'N' }
    }),
    'publish-max-delete': described(percent, {
        default: '50%',
        description: 'For `publish-to`: the share of the published files one publish may remove; a publish that would remove more changes nothing and fails the step (an export that came back nearly empty must not empty the site). `100%` allows any.',
        cli: { metavar: 'SHARE' }
    }),
    'publish-cache-control': described(lines, {
        description: 'For `publish-to`: `GLOB=VALUE` rules, one a line, the first match wins, before the defaults (`no-cache` on pages and the sitemap, `public, max-age=31536000, immutable` on names with a content hash, `public, max-age=300` otherwise). A glob without `/` matches a name at any depth.',
        cli: { metavar: 'RULES' }
    }),
    ...CHECK_FILES
});
const EXPORT = EXPORT_INPUTS.transform((inputs, ctx) => {
    if (!inputs.domain && !inputs['export-job-id'] && !inputs['project-id']) {
        addProblem(ctx, 'domain', (0,core_message/* message */.iU) `is required for ${(0,core_message/* input */.hF)('command', 'export')} unless ${(0,core_message/* input */.hF)('export-job-id')} or ${(0,core_message/* input */.hF)('project-id')} is given`);
    }
    if (inputs.extract && !inputs.download) {
        addProblem(ctx, 'extract', (0,core_message/* message */.iU) `is true but ${(0,core_message/* input */.hF)('download', 'false')}: unpacking needs the downloaded archive`);
    }
    if (inputs['mirror-to'] && !inputs.download) {
        addProblem(ctx, 'mirror-to', (0,core_message/* message */.iU) `is set but ${(0,core_message/* input */.hF)('download', 'false')}: the mirror copies the downloaded archive`);
    }
    if (inputs['publish-to'] && !inputs.extract) {
        addProblem(ctx, 'publish-to', (0,core_message/* message */.iU) `is set but ${(0,core_message/* input */.hF)('extract', 'false')}: the publish uploads the unpacked site file by file; set ${(0,core_message/* input */.hF)('extract', 'true')}`);
    }
    const { 'mirror-to': _text, 'mirror-public-url': _base, 'publish-to': _publishTo, 'publish-cache-control': _rules, ...rest } = inputs;
    return { ...rest, ...mirrorOf(inputs, ctx), ...publishOf(inputs, ctx) };
});
/** `publish-to` as a bucket and a prefix, and `publish-cache-control` as rules. */
function publishOf(inputs, ctx) {
    const to = inputs['publish-to'];
    try {
        return {
            ...(to ? { 'publish-to': (0,s3_location/* parseS3Url */.F$)(to, inputs['publish-endpoint'], 'publish-to') } : {}),
            'publish-cache-control': (0,headers/* parseCacheRules */.Tv)(inputs['publish-cache-control'])
        };
    }
    catch (error) {
        addFailure(ctx, error);
        return { 'publish-cache-control': [] };
    }
}
/** `mirror-to` as a target, and `mirror-public-url` as a base for it, each checked with the other inputs it needs. */
function mirrorOf(inputs, ctx) {
    const to = inputs['mirror-to'];
    if (!to)
        return {};
    try {
        const target = (0,mirror_target/* parseMirrorTarget */.wi)(to, inputs['mirror-endpoint']);
        const publicUrl = inputs['mirror-public-url'];
        return { 'mirror-to': target, 'mirror-public-url': publicUrl && (0,mirror_target/* parseMirrorPublicUrl */.He)(publicUrl, target) };
    }
    catch (error) {
        addFailure(ctx, error);
        return {};
    }
}
/** Inputs the workflow set that do nothing in the combination given, each with the reason. */
function unusedExportInputs(inputs, given) {
    const found = [];
    const unused = (names, why) => {
        for (const name of names)
            if (given(name))
                found.push([name, why]);
    };
    const checksSite = inputs.extract && inputs.verify !== 'off';
    if (inputs['export-job-id']) {
        const reused = (0,core_message/* message */.iU) `does nothing with ${(0,core_message/* input */.hF)('export-job-id')}: no export is started, the existing job is used as it is`;
        // With export-job-id the domain starts nothing, but the site check still compares canonical links with it.
        if (!checksSite)
            unused(['domain'], reused);
        unused(['paths'], reused);
    }
    else if (!inputs.wait) {
        unused(['extract', 'verify', 'publish-to'], (0,core_message/* message */.iU) `does nothing with ${(0,core_message/* input */.hF)('wait', 'false')}: the run returns once the job is started, before there is anything to unpack`);
    }
    if (!inputs.extract) {
        unused(['verify'], (0,core_message/* message */.iU) `does nothing without ${(0,core_message/* input */.hF)('extract', 'true')}: only an unpacked site is checked`);
        unused(['compare-to'], (0,core_message/* message */.iU) `does nothing without ${(0,core_message/* input */.hF)('extract', 'true')}: the manifest is made as the site is unpacked`);
    }
    // verify-browser: off asks for nothing, so it is never an input that does nothing.
    const browserInputs = inputs['verify-browser'] === 'off' ? ['verify-browser-pages'] : ['verify-browser', 'verify-browser-pages'];
    if (!checksSite) {
        unused([...browserInputs, 'verify-baseline'], (0,core_message/* message */.iU) `does nothing without ${(0,core_message/* input */.hF)('extract', 'true')} and ${(0,core_message/* input */.hF)('verify')} not off: it is part of the site check`);
    }
    else if (inputs['verify-browser'] === 'off') {
        unused(['verify-browser-pages'], (0,core_message/* message */.iU) `does nothing with ${(0,core_message/* input */.hF)('verify-browser', 'off')}`);
    }
    if (!inputs.wait)
        unused(['poll-interval-seconds'], POLLED_ONCE);
    const target = inputs['mirror-to'];
    const mirrorInputs = [
        'mirror-endpoint',
        'mirror-region',
        'mirror-public-url',
        'mirror-username',
        'mirror-password',
        'mirror-check'
    ];
    if (!target)
        unused(mirrorInputs, (0,core_message/* message */.iU) `does nothing without ${(0,core_message/* input */.hF)('mirror-to')}`);
    else if (target.scheme === 'oci')
        unused(['mirror-region'], (0,core_message/* message */.iU) `does nothing for an oci:// ${(0,core_message/* input */.hF)('mirror-to')}`);
    else
        unused(['mirror-username', 'mirror-password'], (0,core_message/* message */.iU) `does nothing for an s3:// ${(0,core_message/* input */.hF)('mirror-to')}: the AWS SDK's chain gives the credentials`);
    const publishInputs = [
        'publish-endpoint',
        'publish-region',
        'publish-public-url',
        'publish-routes',
        'publish-dry-run',
        'publish-keep-removed',
        'publish-max-delete',
        'publish-cache-control'
    ];
    if (!inputs['publish-to'])
        unused(publishInputs, (0,core_message/* message */.iU) `does nothing without ${(0,core_message/* input */.hF)('publish-to')}`);
    if (!inputs['publish-public-url'])
        unused(['check-files'], (0,core_message/* message */.iU) `does nothing for ${(0,core_message/* input */.hF)('command', 'export')} without ${(0,core_message/* input */.hF)('publish-public-url')}: it says how much of the published site is read back`);
    return found;
}
/** Said of poll-interval-seconds when wait is false. */
const POLLED_ONCE = (0,core_message/* message */.iU) `does nothing with ${(0,core_message/* input */.hF)('wait', 'false')}: the job is read once, not polled`;
/**
 * Says what became of a domain that was more than a host name: a pasted URL gets a notice, a
 * path (docs served under /docs) a warning, because the export covers the whole site, not the path.
 */
function domainReduction(value, hostName) {
    const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    const dropped = url ? `${url.pathname.replace(/^\/$/, '')}${url.search}${url.hash}` : '';
    if (dropped) {
        return {
            level: 'warning',
            text: (0,core_message/* message */.iU) `${(0,core_message/* inputSubject */.By)('domain')} has a path ("${dropped}") that was dropped: the export covers the whole site ${hostName}, not only that path. To export only some pages, list them in ${(0,core_message/* input */.hF)('paths')}`
        };
    }
    if (hostName !== value.toLowerCase()) {
        return { level: 'notice', text: (0,core_message/* message */.iU) `${(0,core_message/* inputSubject */.By)('domain')} reduced to its host: "${value}" → "${hostName}"` };
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/settings/agent-job.ts





/** The inputs of `command: agent-job`, and the rules that join them. */
/**
 * The longest prompt: more than a GitHub issue's body holds (65,536 characters), and less than the
 * 128 KiB a runner can hand an action in one input.
 */
const PROMPT_LIMIT = 100_000;
const AGENT_JOB_INPUTS = schemas/* object */.Ikc({
    command: schemas/* literal */.euz('agent-job'),
    ...API,
    ...PROJECT,
    'agent-job-id': described(identifier, {
        description: 'Agent job identifier, for `agent-job`: the job to follow, or with `prompt` the job to send it to as a follow-up.'
    }),
    prompt: described(schemas/* string */.YjP()
        .max(PROMPT_LIMIT, {
        error: (issue) => `is ${String(issue.input.length)} characters long; the limit is ${PROMPT_LIMIT}`
    })
        .optional(), {
        description: `For \`agent-job\`: the instruction for a new agent job (with \`project-id\`, without \`agent-job-id\`), or a follow-up to send to \`agent-job-id\`; at most ${PROMPT_LIMIT} characters. Never logged whole: the log, the summary and the comment show its first line.`,
        firstLineOnly: true,
        cli: {
            file: {
                name: 'prompt-file',
                description: 'Read the prompt from FILE, for a long or multi-line one (instead of --prompt).'
            }
        }
    }),
    ...WAIT,
    ...TIMING,
    'comment-on': described(schemas/* string */.YjP()
        .regex(/^#?[1-9]\d{0,9}$/, {
        error: (issue) => `must be an issue or pull request number, got "${issue.input}"`
    })
        .transform((value) => Number(value.replace('#', '')))
        .optional(), {
        description: 'For `agent-job`, the issue or pull request number to comment the outcome on.',
        cli: false
    }),
    'github-token': described(schemas/* string */.YjP().optional(), {
        default: '${{ github.token }}',
        secret: true,
        description: 'Token used for that comment.',
        cli: false
    })
});
const AGENT_JOB = AGENT_JOB_INPUTS.transform((inputs, ctx) => {
    if (inputs['comment-on'] && !inputs['github-token']) {
        addProblem(ctx, 'github-token', (0,core_message/* message */.iU) `is required when ${(0,core_message/* input */.hF)('comment-on')} is set`);
    }
    if (!inputs.prompt && !inputs['agent-job-id']) {
        addProblem(ctx, 'agent-job-id', (0,core_message/* message */.iU) `is required for ${(0,core_message/* input */.hF)('command', 'agent-job')} unless ${(0,core_message/* input */.hF)('prompt')} is given, to start a job`);
    }
    return requireInputs(inputs, ctx, ['project-id'], (0,core_message/* message */.iU) `for ${(0,core_message/* input */.hF)('command', 'agent-job')}`);
});
/** Inputs the workflow set that do nothing in the combination given, each with the reason. */
function unusedAgentJobInputs(inputs, given) {
    return !inputs.wait && given('poll-interval-seconds') ? [['poll-interval-seconds', POLLED_ONCE]] : [];
}

;// CONCATENATED MODULE: ./src/settings/check-deployment.ts




/** The inputs of `command: check-deployment`, and the rules that join them. */
const CHECK_DEPLOYMENT_INPUTS = schemas/* object */.Ikc({
    command: schemas/* literal */.euz('check-deployment'),
    ...TIMING,
    ...OUTPUT_FOLDER,
    url: described(httpsUrl({ expected: "the site's http:// or https:// address, without credentials", plainHttp: 'any' }).optional(), {
        description: "For `check-deployment`: the deployed site's base URL (https, or http with a notice: nothing secret is sent)."
    }),
    manifest: described(documentSource('a manifest').optional(), {
        description: 'For `check-deployment`: the `manifest.json` of the export that should be live (a path, or an https link).'
    }),
    ...CHECK_FILES
});
const CHECK_DEPLOYMENT = CHECK_DEPLOYMENT_INPUTS.transform((inputs, ctx) => requireInputs(inputs, ctx, ['url', 'manifest'], (0,core_message/* message */.iU) `for ${(0,core_message/* input */.hF)('command', 'check-deployment')}`));

;// CONCATENATED MODULE: ./src/settings/inputs.ts





/**
 * The catalogue of commands: one schema per command (export.ts, agent-job.ts,
 * check-deployment.ts), joined on `command`. The settings' types are inferred from the schemas,
 * and action.yml, the README's tables and the command line's flags and help are made from them.
 */
/** The inputs of each command, by its name, in the order action.yml lists them. */
const COMMAND_INPUTS = {
    export: EXPORT_INPUTS,
    'agent-job': AGENT_JOB_INPUTS,
    'check-deployment': CHECK_DEPLOYMENT_INPUTS
};
const COMMANDS = Object.keys(COMMAND_INPUTS);
/** The `command` input: which of the schemas applies. */
const COMMAND = described(schemas/* enum */.k5n(COMMANDS, {
    error: (issue) => `must be ${COMMANDS.join(', ')}, got "${String(issue.input)}"`
}), {
    default: 'export',
    description: 'What to do: `export` (run a static export), `agent-job` (follow an AI agent job) or `check-deployment` (check that the deployed site serves an export).',
    cli: { flag: false }
});
/** The settings of every command, with the rules that join their inputs. */
const SETTINGS = schemas/* discriminatedUnion */.gMt('command', [EXPORT, AGENT_JOB, CHECK_DEPLOYMENT]);
/** Every input, `command` first, then those of each command in turn, as action.yml lists them. */
const INPUTS = catalogue();
function catalogue() {
    const found = new Map();
    const add = (name, schema, command) => {
        const entry = found.get(name);
        if (entry) {
            if (command)
                entry.commands.push(command);
            return;
        }
        const meta = CATALOGUE.get(schema);
        if (!meta)
            throw new Error(`The input ${name} has no description`);
        found.set(name, { ...meta, name, commands: command ? [command] : [...COMMANDS] });
    };
    add('command', COMMAND);
    for (const command of COMMANDS) {
        const shape = COMMAND_INPUTS[command].shape;
        for (const [name, schema] of Object.entries(shape))
            if (name !== 'command')
                add(name, schema, command);
    }
    for (const entry of found.values()) {
        const strange = Object.keys(entry.byCommand ?? {}).filter((command) => !entry.commands.includes(command));
        if (strange.length > 0)
            throw new Error(`The input ${entry.name} has words for ${strange.join(', ')}, which do not read it`);
    }
    return [...found.values()];
}
/** The input `name` of the catalogue. */
function inputOf(name) {
    const found = INPUTS.find((entry) => entry.name === name);
    if (!found)
        throw new Error(`No input ${name}`);
    return found;
}
/** The commands that read `name`. */
function commandsOf(name) {
    return inputOf(name).commands;
}
/** The inputs `command` reads, in the catalogue's order. */
function inputsOf(command) {
    return INPUTS.filter((entry) => entry.name !== 'command' && entry.commands.includes(command));
}
/** The name of an input as a setting, as SettingName spells it. */
function settingName(name) {
    return name.replace(/-seconds$/, '-ms').replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}
/** Parsed inputs, named as settings. */
function asSettings(inputs) {
    return Object.fromEntries(Object.entries(inputs).map(([name, value]) => [settingName(name), value]));
}

;// CONCATENATED MODULE: ./src/settings/read.ts






/** Thrown for a malformed input; the message names the input and never holds a secret. */
class InputError extends errors/* ActionError */.lZ {
    name = 'InputError';
    code = 'input';
}
/**
 * Reads every input once and returns validated settings. Secrets are masked before anything else
 * happens, so no later log line can show them.
 */
function readSettings(host) {
    const { raw, given } = readRawInputs(host);
    for (const entry of INPUTS) {
        const value = raw[entry.name];
        if (entry.secret && value)
            host.setSecret(value);
    }
    const command = COMMAND.safeParse(raw.command);
    const parsed = command.success ? SETTINGS.safeParse({ ...raw, command: command.data }) : command;
    if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => {
            const { text = issue.message, named = false } = issue.params ?? {};
            return named ? text : (0,core_message/* message */.iU) `${(0,core_message/* inputSubject */.By)(issue.path[0] ?? 'command')} ${text}`;
        });
        const [first] = parsed.error.issues;
        throw new InputError((0,core_message/* joined */.oR)(problems, '; '), {
            input: (0,core_message/* input */.hF)(first?.path[0] ?? 'command')
        });
    }
    const inputs = parsed.data;
    if (inputs.command === 'export' && raw.domain && inputs.domain) {
        const reduced = domainReduction(raw.domain, inputs.domain);
        if (reduced)
            host[reduced.level](reduced.text);
    }
    for (const [name, why] of unusedInputs(inputs, given))
        host.warning((0,core_message/* message */.iU) `${(0,core_message/* inputSubject */.By)(name)} ${why}`);
    const settings = asSettings(inputs);
    for (const entry of INPUTS) {
        const value = inputs[entry.name];
        if (entry.secret || value === undefined)
            continue;
        const shown = entry.firstLineOnly && typeof value === 'string' ? read_firstLine(value) : JSON.stringify(value);
        host.debug(`${settingName(entry.name)} = ${shown}`);
    }
    return settings;
}
/**
 * The text of each input, trimmed (but `paths`, whose line breaks are kept), undefined when empty
 * so that its default applies; and which ones the workflow set to something else than the default.
 */
function readRawInputs(host) {
    const raw = {};
    const given = new Set();
    for (const entry of INPUTS) {
        const text = host.input(entry.name);
        const value = entry.name === 'paths' ? text : text.trim();
        if (value.trim())
            raw[entry.name] = value;
        if (value.trim() && value !== entry.default && !(entry.default && isExpression(entry.default)))
            given.add(entry.name);
    }
    return { raw, given };
}
/** Inputs the workflow set that do nothing: another command's, or one that the combination given ignores. */
function unusedInputs(inputs, given) {
    const found = [];
    for (const entry of INPUTS) {
        if (given.has(entry.name) && !entry.commands.includes(inputs.command)) {
            found.push([entry.name, othersInput(entry, inputs.command)]);
        }
    }
    const isGiven = (name) => given.has(name);
    if (inputs.command === 'export')
        found.push(...unusedExportInputs(inputs, isGiven));
    if (inputs.command === 'agent-job')
        found.push(...unusedAgentJobInputs(inputs, isGiven));
    return found;
}
/** A long text as the log shows it: its first line, and how long it is. */
function read_firstLine(text) {
    const [first = ''] = text.split(/\r?\n/, 1);
    return `${JSON.stringify(first.length > 80 ? `${first.slice(0, 79)}…` : first)} (first line of ${text.length} characters)`;
}
function othersInput(entry, command) {
    const users = (0,core_message/* joined */.oR)(entry.commands.map((user) => (0,core_message/* message */.iU) `${(0,core_message/* input */.hF)('command', user)}`), ' and ');
    return (0,core_message/* message */.iU) `is used only by ${users}; it does nothing for ${(0,core_message/* input */.hF)('command', command)}`;
}

;// CONCATENATED MODULE: ./src/settings/index.ts
/** The settings of a run: read from the front end's inputs, one schema per command. */




// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
;// CONCATENATED MODULE: ./src/cli/outputs.ts


/** The outputs that have a value: what the table, --json and the files show. */
function outputsWithValues(outputs) {
    return [...outputs].filter(([, value]) => value !== '');
}
/** `jobId` for `job-id`: the key in --json, which `jq -r .jobId` reads. */
function jsonKey(name) {
    return name.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase());
}
/** `JOB_ID` for `job-id`: the name in the files of --output-env and --output-sh. */
function variableName(name) {
    return name.toUpperCase().replace(/-/g, '_');
}
/** The output that holds the presigned link, whose query signs it. */
const LINK_OUTPUT = 'bundle-url';
/** A link as the table shows it unless asked otherwise: without the query that signs it. */
function withoutQuery(link) {
    const url = URL.parse(link);
    return url ? `${url.origin}${url.pathname}` : '(not a link)';
}
/**
 * `name value` lines, the names padded to one column, each value on one line that a terminal
 * shows as text (API fields reach this table), and the link without its signature unless `showLink`.
 */
function outputTable(outputs, showLink) {
    const width = Math.max(0, ...outputs.map(([name]) => name.length));
    return outputs
        .map(([name, value]) => {
        const shown = name === LINK_OUTPUT && !showLink ? withoutQuery(value) : value;
        return `${name.padEnd(width)}  ${(0,log_text/* oneLine */.TN)(shown)}\n`;
    })
        .join('');
}
/**
 * The outputs as one JSON object: camelCase keys, whole numbers as numbers, an output without a
 * value absent, and `error` when the run failed. JSON.stringify escapes C0 controls only; DEL, the
 * C1 controls and the line separators are escaped too, so that the object is inert on a terminal.
 */
function outputJson(outputs, error) {
    const object = {};
    for (const [name, value] of outputs)
        object[jsonKey(name)] = isCount(name) && /^\d+$/.test(value) ? Number(value) : value;
    if (error)
        object.error = error;
    return `${JSON.stringify(object).replace(/[\u007f-\u009f\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}
function isCount(name) {
    return Object.hasOwn(OUTPUTS, name) && OUTPUTS[name].kind === 'count';
}

;// CONCATENATED MODULE: ./src/cli/flags.ts


/**
 * The command line's flags, derived from the catalogue of inputs (src/settings/): an input is
 * `--<name> VALUE` (a switch `--<name>`/`--no-<name>`) unless its entry says otherwise (`--out`
 * for `path`, `--paths-file` for `paths`, the key from its variable or its file, the GitHub comment
 * not at all), then the flags of the command line alone.
 */
/** The prefix of the variables that stand for flags. */
const VARIABLE_PREFIX = 'MINTLIFY_';
/** Flags of the command line alone, after the inputs'. */
const OWN_FLAGS = [
    { name: 'json', description: 'Print the outputs as one JSON object on stdout, also on failure.' },
    {
        name: 'output-env',
        value: 'FILE',
        description: "Write the outputs to FILE as GitLab's dotenv report reads them (NAME=value, `$` written `$$`), also fit for docker --env-file when no value holds `$`. Created new, mode 0600."
    },
    {
        name: 'output-sh',
        value: 'FILE',
        description: "Write the outputs to FILE as export NAME='…' lines, for `. FILE` in sh. Created new, mode 0600."
    },
    { name: 'quiet', description: 'Write only errors on stderr.' },
    { name: 'debug', description: 'Log every API call and every setting.' },
    { name: 'help', short: 'h', description: 'Show this help.' }
].map((flag) => ({ ...flag, variable: flag.name === 'help' ? undefined : variableOf(flag.name) }));
/** `MINTLIFY_BASE_URL` for `base-url`. */
function variableOf(name) {
    return `${VARIABLE_PREFIX}${variableName(name)}`;
}
/** Every flag of `command`: its inputs', in the catalogue's order, then the command line's own. */
function flagsOf(command) {
    return [...inputsOf(command).flatMap((entry) => inputFlags(entry, command)), ...OWN_FLAGS];
}
/** The flags of an input in `command`: its own, and the one that reads it from a file. */
function inputFlags(entry, command) {
    if (entry.cli === false)
        return [];
    const form = entry.cli ?? {};
    const flags = [];
    if (form.flag !== false) {
        const name = form.name ?? entry.name;
        flags.push({
            name,
            input: entry.name,
            value: entry.switch ? undefined : (form.metavar ?? metavar(entry)),
            default: entry.default,
            variable: form.variable ?? variableOf(name),
            description: form.description ?? entry.byCommand?.[command] ?? entry.description
        });
    }
    if (form.file) {
        flags.push({
            name: form.file.name,
            input: entry.name,
            file: true,
            value: 'FILE',
            // An input with a variable of its own (the key) has that one, not a second for its file.
            variable: form.variable ? undefined : variableOf(form.file.name),
            description: form.file.description
        });
    }
    return flags;
}
/** What an option takes: its values, N for seconds, else the last word of its name. */
function metavar(entry) {
    if (entry.choices)
        return entry.choices.join('|');
    if (entry.name.endsWith('-seconds'))
        return 'N';
    return (entry.name.split('-').pop() ?? entry.name).toUpperCase();
}
/** How the command line names an input in a message: its flag, the key's variable, or its file's flag. */
function cliName(name) {
    const form = INPUTS.find((entry) => entry.name === name)?.cli;
    if (!form)
        return `--${name}`;
    if (form.flag === false)
        return form.variable ?? (form.file ? `--${form.file.name}` : `--${name}`);
    return `--${form.name ?? name}`;
}


// EXTERNAL MODULE: ./src/cli/exit-codes.ts
var exit_codes = __webpack_require__(8551);
;// CONCATENATED MODULE: ./src/cli/host.ts







/**
 * Inputs as the command line names them: its flags and the key's variable; where a value came
 * from otherwise (`givenAs`, by input name: a variable, the key's file), that is its name as the
 * subject of a message, so that "MINTLIFY_VERIFY must be …" points at what to change.
 */
function cliWords(givenAs = new Map()) {
    const flag = cliName;
    return {
        mention: (name) => (name === 'command' ? 'the command' : flag(name)),
        subject: (name) => givenAs.get(name) ?? (name === 'api-key' ? KEY_VARIABLE : `Option ${flag(name)}`),
        withValue: (name, value) => {
            if (name === 'command')
                return `the ${value} command`;
            if (name === 'api-key')
                return KEY_VARIABLE;
            if (value === 'true')
                return flag(name);
            if (value === 'false')
                return flag(name).replace(/^--/, '--no-');
            return `${flag(name)} ${value}`;
        }
    };
}
/** A message in the command line's words, on one line that a terminal shows as text. */
function cliText(text, words = cliWords()) {
    return (0,log_text/* logLine */.BP)((0,core_message/* render */.XX)(text, words));
}
/** How often a terminal's progress line is redrawn during a download. */
const TERMINAL_PROGRESS_MS = 1000;
/**
 * The command line as the engine's front end: human lines on stderr with every secret replaced,
 * progress redrawn in place on a terminal, outputs kept for the caller to print.
 */
class CliHost {
    outputs = new Map();
    progressIntervalMs;
    wording;
    secrets = new Set();
    /** A progress line is on the screen, without its line break. */
    progressShown = false;
    options;
    // No parameter property: scripts/docs.ts imports the help, and so this file, with Node's type stripping.
    constructor(options) {
        this.options = options;
        if (options.stream.isTTY)
            this.progressIntervalMs = TERMINAL_PROGRESS_MS;
        this.wording = options.words;
    }
    input(name) {
        return this.options.inputs.get(name) ?? '';
    }
    debug(text) {
        if (this.options.debug)
            this.said((0,core_message/* message */.iU) `debug: ${text}`);
    }
    info(text) {
        this.said(text);
    }
    notice(text, annotation) {
        this.said((0,core_message/* message */.iU) `notice: ${titled(text, annotation)}`);
    }
    warning(text, annotation) {
        this.said((0,core_message/* message */.iU) `warning: ${titled(text, annotation)}`);
    }
    error(text) {
        this.line((0,core_message/* message */.iU) `error: ${text}`);
    }
    async group(name, body) {
        this.said(`── ${name}`);
        return body();
    }
    progress(line) {
        if (this.options.quiet)
            return;
        if (!this.options.stream.isTTY)
            return this.line(line);
        const width = Math.max(20, (this.options.stream.columns || 80) - 1);
        const shown = this.text(line);
        this.options.stream.write(`\r\x1b[2K${shown.length > width ? `${shown.slice(0, width - 1)}…` : shown}`);
        this.progressShown = true;
    }
    /** `./static-export-<job id>`: made here, or one an earlier run made; never a link planted in its place. */
    async newDirectory(jobId) {
        const directory = external_node_path_default().resolve(`static-export-${(0,core_layout/* nameOf */.Vb)(jobId)}`);
        await (0,promises_.mkdir)(directory).catch((error) => {
            if (error.code !== 'EEXIST')
                throw error;
        });
        const found = await (0,promises_.lstat)(directory);
        if (!found.isDirectory()) {
            throw new errors/* ActionError */.lZ((0,core_message/* message */.iU) `${directory} is ${found.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}: the output folder is never followed through a link. Remove it, or give ${(0,core_message/* input */.hF)('path')} a folder`, { code: 'not-own-file' });
        }
        return directory;
    }
    setSecret(value) {
        if (value)
            this.secrets.add(value);
    }
    setOutput(name, value) {
        this.outputs.set(name, value);
    }
    /** Ends a progress line still on the screen, so that what follows starts on a line of its own. */
    endProgress() {
        if (!this.progressShown)
            return;
        this.options.stream.write('\n');
        this.progressShown = false;
    }
    /** A line that --quiet leaves out. */
    said(text) {
        if (!this.options.quiet)
            this.line(text);
    }
    line(text) {
        if (this.progressShown)
            this.options.stream.write('\r\x1b[2K');
        this.progressShown = false;
        this.options.stream.write(`${this.text(text)}\n`);
    }
    /** A message as this host writes it: in the command line's words, every secret replaced, inert. */
    text(text) {
        return (0,log_text/* logLine */.BP)((0,log_text/* withoutSecrets */.cT)((0,core_message/* render */.XX)(text, this.wording), this.secrets));
    }
}
function titled(text, annotation) {
    return annotation?.title ? (0,core_message/* message */.iU) `${annotation.title}: ${text}` : text;
}

;// CONCATENATED MODULE: ./src/cli/help.ts






/**
 * The help a terminal shows: the program's, and each command's whole: every flag and output with
 * its full description, wrapped to the terminal, never cut, so that a machine without a browser
 * has it all. docs/cli.md is the same as a page, which `npm run docs` writes from the same
 * catalogue (scripts/cli-reference.ts).
 */
const BIN = 'docs-export';
/** docs/cli.md, where a terminal user reads the command line in full. */
const REFERENCE = `${user_agent/* PROJECT_URL */.w5}/blob/main/docs/cli.md`;
/** The flag column of a command's help: wide enough for nearly every flag and its value. */
const FLAG_COLUMN = 30;
/** From this width on a description stands beside its flag; on a narrower terminal, on the lines below it. */
const SIDE_BY_SIDE = 100;
/** How far a description on the lines below its flag is indented. */
const BELOW = 6;
/** The width when the terminal says none (output to a file or a pipe), and the bounds of any other. */
const DEFAULT_WIDTH = 80;
const NARROWEST = 40;
const WIDEST = 120;
/** What each command does, for the program's help; a command without a line here is listed by name alone. */
const SUMMARIES = {
    export: 'Run a static export of a docs site (or collect one), download, unpack and check it.',
    'agent-job': 'Start an AI agent job from --prompt (or send --prompt to one as a follow-up), or follow one, until it ends, and report its pull request.',
    'check-deployment': "Check that a deployed site serves the files of an export's manifest."
};
/** Two ways to run each command, as its help shows them. */
const EXAMPLES = {
    export: [
        `${KEY_VARIABLE}=mint_… ${BIN} export --domain docs.acme.dev --extract --verify error --out site-export`,
        `MINTLIFY_DOMAIN=docs.acme.dev ${BIN} export --no-download --json | jq -r .jobId`
    ],
    'agent-job': [
        `${BIN} agent-job --project-id proj_… --agent-job-id aj_… --json | jq -r .prLink`,
        `MINTLIFY_PROJECT_ID=proj_… ${BIN} agent-job --agent-job-id aj_… --no-wait`
    ],
    'check-deployment': [
        `${BIN} check-deployment --url https://docs.acme.dev --manifest site-export/manifest.json`,
        `MINTLIFY_URL=https://docs.acme.dev ${BIN} check-deployment --manifest manifest.json --check-files all --json`
    ]
};
/**
 * The help's widest line: the terminal's columns, else `COLUMNS` (which a shell sets), else 80;
 * never narrower than 40 nor, for lines a reader can follow, wider than 120.
 */
function helpWidth(columns) {
    const given = columns !== undefined && Number.isInteger(columns) && columns > 0 ? columns : DEFAULT_WIDTH;
    return Math.min(WIDEST, Math.max(NARROWEST, given));
}
/** The help of the program: its commands, the key, the variables, the exit codes. */
function programHelp(width) {
    const names = Math.max(...COMMANDS.map((command) => command.length));
    return [
        `Usage: ${BIN} <command> [options]`,
        '',
        ...wrap('The engine of the Mintlify static export GitHub Action, as a command for GitLab CI, Jenkins, Argo Workflows or a script: the same inputs, checks and outputs.', 0, width),
        '',
        'Commands:',
        ...COMMANDS.flatMap((command) => beside(`  ${command.padEnd(names)}  `, SUMMARIES[command] ?? '', width)),
        '',
        `  ${BIN} <command> --help   the options of a command, their defaults and variables, its outputs`,
        `  ${BIN} --version          the version`,
        '',
        ...wrap(KEY_AND_VARIABLES, 0, width),
        '',
        'Examples:',
        ...COMMANDS.flatMap((command) => (EXAMPLES[command] ?? []).slice(0, 1).map((example) => `  ${example}`)),
        '',
        ...exitCodes(width),
        '',
        ...wrap(`The same as a page: ${REFERENCE}`, 0, width)
    ].join('\n');
}
/**
 * The help of one command, whole: each flag with all it does and its default, where the variables
 * come from, each output with what it holds (and whether a failure leaves it set), examples, the
 * exit codes, and the same as a page.
 */
function commandHelp(command, width) {
    return [
        `Usage: ${BIN} ${command} [options]`,
        '',
        ...wrap(SUMMARIES[command] ?? '', 0, width),
        '',
        'Options (a switch takes --name or --no-name; the default in brackets):',
        ...flagsOf(command).flatMap((flag) => flagLines(flag, width)),
        '',
        ...wrap(KEY_AND_VARIABLES, 0, width),
        '',
        ...wrap('Outputs: a table on stdout, or one object with --json (camelCase keys), and NAME=value in the files of --output-env and --output-sh:', 0, width),
        ...help_outputsOf(command).flatMap((name) => entryLines(`  ${name}`, outputText(name), width)),
        '',
        'Examples:',
        ...(EXAMPLES[command] ?? []).map((example) => `  ${example}`),
        '',
        ...exitCodes(width),
        '',
        ...wrap(`The same as a page: ${REFERENCE}`, 0, width)
    ].join('\n');
}
/** What an output holds, in the command line's words, and when a failure leaves it out. */
function outputText(name) {
    const output = OUTPUTS[name];
    return `${describe(output.description)}${output.afterFailure ? '' : ' Not set after a failure.'}`;
}
/** The outputs a run of `command` may set, by name. */
function help_outputsOf(command) {
    return Object.keys(OUTPUTS).filter((name) => OUTPUTS[name].commands.includes(command));
}
/** A flag in the help: its usage, then all it does and its default. */
function flagLines(flag, width) {
    const fallback = flag.default === undefined ? '' : ` [${defaultOf(flag)}]`;
    return entryLines(`  ${flagUsage(flag)}`, `${describe(flag.description, flag.value ? undefined : flag.input)}${fallback}`, width);
}
/**
 * A name (a flag, an output) and its text, wrapped, never cut: beside it from SIDE_BY_SIDE columns
 * on (below a name too long for its column), else on the lines below it, indented.
 */
function entryLines(name, text, width) {
    if (width < SIDE_BY_SIDE)
        return [name, ...wrap(text, BELOW, width)];
    if (name.length > FLAG_COLUMN)
        return [name, ...wrap(text, FLAG_COLUMN + 2, width)];
    return beside(name.padEnd(FLAG_COLUMN + 2), text, width);
}
/** `text` after `head` on its first line, its other lines indented as far, each no wider than `width`. */
function beside(head, text, width) {
    const [first = '', ...rest] = wrap(text, head.length, width);
    return [`${head}${first.trimStart()}`.trimEnd(), ...rest];
}
/** Where the key and the other flags' values may come from. */
const KEY_AND_VARIABLES = `The admin key comes from the variable ${KEY_VARIABLE}, or from --api-key-file FILE; never from a flag, which process lists and shell history show. Every other flag can come from a variable too, MINTLIFY_ and its name (--base-url: ${variableOf('base-url')}); a flag given wins over its variable.`;
function exitCodes(width) {
    return [
        'Exit codes:',
        ...Object.values(exit_codes/* EXIT_CODES */.a).flatMap(({ code, meaning }) => beside(`  ${String(code).padEnd(4)} `, meaning, width))
    ];
}
function flagUsage(flag) {
    const names = flag.value ? `--${flag.name} ${flag.value}` : `--${flag.name}`;
    return flag.short ? `-${flag.short}, ${names}` : names;
}
function defaultOf(flag) {
    if (flag.value)
        return flag.default ?? '';
    return flag.default === 'true' ? `--${flag.name}` : `--no-${flag.name}`;
}
/**
 * Text from action.yml in the command line's words: a backquoted input (`extract`, `verify: off`)
 * becomes its flag (--extract, --verify off), a placeholder (`<path>/site`) the flag's (<--out>/site),
 * `true` and `false` in a switch's own text become --name and --no-name, other backquotes are
 * dropped, and the step (the Action's word for one run) is the run. A pointer to a section of the
 * README ("see Site check") is left out, and the job summary, which the command line has not, is
 * its log.
 */
function describe(text, switchInput) {
    const words = cliWords();
    const isInput = (name) => name !== undefined && INPUTS.some((entry) => entry.name === name);
    return text
        .replace(/`([^`]+)`/g, (_, code) => {
        const [, name, value] = /^([a-z][a-z0-9-]*)(?::\s*(.+))?$/.exec(code) ?? [];
        if (isInput(name))
            return value === undefined ? words.mention(name) : words.withValue(name, value);
        const [, placeholder, rest] = /^<([a-z][a-z0-9-]*)>(.*)$/.exec(code) ?? [];
        if (isInput(placeholder))
            return `<${words.mention(placeholder)}>${rest}`;
        if (switchInput && (code === 'true' || code === 'false'))
            return words.withValue(switchInput, code);
        return code;
    })
        .replace(/\bthe step\b/g, 'the run')
        .replace(/;\s*see [A-Z][a-z]*(?: [a-z]+)*(?=\))|\s*\(see [A-Z][a-z]*(?: [a-z]+)*\)/g, '')
        .replace(/\bthe summary\b/g, 'the log')
        .replace(/\bthe log, the log\b/g, 'the log');
}
/** `text` in lines no wider than `width`, each indented by `indent`; a word longer than a line stands alone. */
function wrap(text, indent, width) {
    if (!text)
        return [];
    const lines = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
        if (line && indent + line.length + 1 + word.length > width) {
            lines.push(' '.repeat(indent) + line);
            line = word;
        }
        else
            line = line ? `${line} ${word}` : word;
    }
    if (line)
        lines.push(' '.repeat(indent) + line);
    return lines;
}

;// CONCATENATED MODULE: ./src/cli/parse-errors.ts

/**
 * What is wrong with a command line that parseArgs refused, said with what to type instead: the
 * flag nearest to an unknown one ("--domian: did you mean --domain?", as git and gh say it), and
 * for a flag without its value, which flag it is. `--version` is two flags: the program's version
 * before any command, the export's label after `export`.
 */
function parseProblem(error, args, flags, options) {
    // Read again leniently, for the tokens: which option parseArgs stopped at.
    const { tokens } = (0,external_node_util_.parseArgs)({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
    const names = flags.flatMap((flag) => [
        `--${flag.name}`,
        ...(flag.value ? [] : [`--no-${flag.name}`]),
        ...(flag.short ? [`-${flag.short}`] : [])
    ]);
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
        const unknown = tokens.find((token) => token.kind === 'option' && !names.includes(token.rawName));
        if (unknown?.kind === 'option') {
            if (unknown.rawName === '--version')
                return `Unknown option --version. ${PROGRAM_VERSION}`;
            const near = nearest(unknown.rawName, names);
            return near ? `${unknown.rawName}: did you mean ${near}?` : `Unknown option ${unknown.rawName}`;
        }
    }
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
        const missing = tokens.find((token) => token.kind === 'option' &&
            options[token.name]?.type === 'string' &&
            (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))));
        const flag = missing?.kind === 'option' ? flags.find((candidate) => candidate.name === missing.name) : undefined;
        if (flag?.value) {
            // The one flag that is also the program's: after `export`, it is the export's label.
            if (flag.name === 'version')
                return `--version needs a value: --version LABEL, the export's label. ${PROGRAM_VERSION}`;
            return `--${flag.name} needs a value: --${flag.name} ${flag.value}`;
        }
    }
    return error.message;
}
/** Where the program's own version is, for a `--version` given after a command. */
const PROGRAM_VERSION = "The program's own version is docs-export --version, before any command";
/** The name nearest to `word`, when one is near enough to be what was meant; dashes not counted. */
function nearest(word, names) {
    const bare = (name) => name.replace(/^-+/, '');
    let best;
    for (const name of names) {
        const distance = editDistance(bare(word), bare(name));
        if (!best || distance < best.distance)
            best = { name, distance };
    }
    // A few edits, fewer for a short name, none for a letter: -x is no typo of -h.
    const allowed = Math.min(3, Math.floor(bare(word).length / 3));
    return best && best.distance <= allowed ? best.name : undefined;
}
/** The optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
function editDistance(a, b) {
    const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    const at = (i, j) => rows[i]?.[j] ?? 0;
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                distance = Math.min(distance, at(i - 2, j - 2) + 1);
            const row = rows[i];
            if (row)
                row[j] = distance;
        }
    }
    return at(a.length, b.length);
}

;// CONCATENATED MODULE: ./src/cli/usage-error.ts

/** Thrown for a command line that cannot run: exit code 2, before any request. */
class UsageError extends errors/* ActionError */.lZ {
    name = 'UsageError';
    code = 'usage';
}

;// CONCATENATED MODULE: ./src/cli/args.ts







/** A switch's text in the environment, as the inputs take it. */
const SWITCH_TEXT = /^(true|false)$/i;
/** Reads the command line, and the environment for what it does not give; the key from its variable or its file. */
async function parseCommandLine(argv, environment) {
    const [first, ...rest] = argv;
    // The terminal's width, or the one its shell says when the help goes to a pipe (| less).
    const width = helpWidth(process.stdout.columns || Number(environment.COLUMNS));
    if (first === '--version' && rest.length === 0)
        return { version: true };
    if (first === undefined || first === '--help' || first === '-h')
        return { help: programHelp(width) };
    if (first === 'help')
        return { help: rest[0] && isCommand(rest[0]) ? commandHelp(rest[0], width) : programHelp(width) };
    if (!isCommand(first)) {
        throw new UsageError(`${first.startsWith('-') ? `Give the command before ${first}` : `Unknown command "${first}"`}: expected ${COMMANDS.join(', ')}. See docs-export --help`);
    }
    const command = first;
    // The key is refused before parsing, so that no message can echo it.
    if (rest.some((arg) => /^--api-key(=|$)/.test(arg))) {
        throw new UsageError(`The key is not taken from the command line, where process lists and shell history show it: set ${KEY_VARIABLE} or pass --api-key-file FILE`);
    }
    const flags = flagsOf(command);
    const options = {};
    for (const flag of flags) {
        options[flag.name] = { type: flag.value ? 'string' : 'boolean', ...(flag.short ? { short: flag.short } : {}) };
    }
    let values;
    try {
        // No option is `multiple`: each value is one string or one switch.
        values = (0,external_node_util_.parseArgs)({ args: rest, options, strict: true, allowPositionals: false, allowNegative: true })
            .values;
    }
    catch (error) {
        const problem = parseProblem(error, rest, flags, options);
        throw new UsageError(`${problem}${/[.?]$/.test(problem) ? '' : '.'} See docs-export ${command} --help`);
    }
    if (values.help)
        return { help: commandHelp(command, width) };
    const givenAs = new Map();
    const given = (flag) => {
        const value = values[flag.name];
        if (value !== undefined)
            return value;
        const text = flag.variable ? environment[flag.variable] : undefined;
        if (!text?.trim())
            return undefined;
        if (flag.input && !flag.file)
            givenAs.set(flag.input, flag.variable ?? '');
        if (flag.value || flag.input)
            return text;
        if (!SWITCH_TEXT.test(text.trim()))
            throw new UsageError(`${flag.variable} must be true or false, got "${text}"`);
        return text.trim().toLowerCase() === 'true';
    };
    const inputs = new Map([['command', command]]);
    const own = {};
    /** The files that inputs are read from, by input. */
    const files = new Map();
    for (const flag of flags) {
        const value = given(flag);
        if (value === undefined)
            continue;
        if (flag.input && flag.file)
            files.set(flag.input, { flag: `--${flag.name}`, file: String(value) });
        else if (flag.input)
            inputs.set(flag.input, String(value));
        else
            own[flag.name] = value;
    }
    const warnings = [];
    for (const entry of inputsOf(command)) {
        const source = files.get(entry.name);
        const form = entry.cli || {};
        if (source && inputs.has(entry.name))
            throw new UsageError(`Give ${cliName(entry.name)} or ${source.flag}, not both`);
        if (!entry.secret || form.flag !== false || !form.variable) {
            if (source)
                inputs.set(entry.name, await readText(source.file, source.flag));
            continue;
        }
        // A secret comes from its variable or its file, never from a flag, which process lists show.
        const value = source ? await secretFile(source, form.file?.holds ?? 'value', warnings) : environment[form.variable];
        if (value?.trim())
            inputs.set(entry.name, value);
        else if (entry.required)
            throw missingKey(form.variable, environment);
        if (source)
            givenAs.set(entry.name, `The ${form.file?.holds ?? 'value'} in ${source.file}`);
    }
    return {
        command,
        inputs,
        givenAs,
        json: own.json === true,
        outputEnv: nonEmpty(own['output-env']),
        outputSh: nonEmpty(own['output-sh']),
        quiet: own.quiet === true,
        debug: own.debug === true,
        warnings
    };
}
/** Whether the command line asks for --json, read before parsing it: a command line that cannot be parsed still answers in JSON. */
function asksForJson(argv, environment) {
    const last = argv.findLast((arg) => arg === '--json' || arg === '--no-json');
    if (last)
        return last === '--json';
    return environment[variableOf('json')]?.trim().toLowerCase() === 'true';
}
function isCommand(word) {
    return COMMANDS.includes(word);
}
function nonEmpty(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
/** A secret from its file, which holds `holds`; a file that others may read gets a warning, as ssh gives. */
async function secretFile({ file, flag }, holds, warnings) {
    const text = await readText(file, flag);
    if (!text.trim())
        throw new UsageError(`The ${holds} file ${file} is empty`);
    // Windows has no such mode bits: its ACLs decide, and Node reports 0666 for any writable file.
    const mode = process.platform === 'win32' ? 0 : (await (0,promises_.stat)(file)).mode & 0o777;
    if (mode & 0o077) {
        warnings.push(`The ${holds} file ${file} can be read by others (mode ${mode.toString(8).padStart(4, '0')}): make it yours alone with chmod 600 ${file}`);
    }
    return text;
}
/** No admin key: where to put it, and the near miss of a variable of another name. */
function missingKey(variable, environment) {
    const near = Object.keys(environment).find((name) => /^MINTLIFY_(API_)?(KEY|TOKEN)$/.test(name));
    return new UsageError(`No admin key: set the environment variable ${variable}, or pass --api-key-file FILE${near ? ` (${near} is set, but only ${variable} is read)` : ''}`);
}
async function readText(file, flag) {
    try {
        return await (0,promises_.readFile)(file, 'utf8');
    }
    catch (error) {
        throw new UsageError(`${flag}: cannot read ${file} (${error.code ?? error.message})`);
    }
}

;// CONCATENATED MODULE: ./src/cli/output-files.ts





/**
 * GitLab's own limits on a dotenv report, by default (db/structure.sql, table plan_limits:
 * `dotenv_variables integer DEFAULT 20`, `dotenv_size integer DEFAULT 5120`). A self-managed
 * instance may raise them; the file is written for any instance, so for the defaults.
 */
const GITLAB_MAX_VARIABLES = 20;
const GITLAB_MAX_BYTES = 5120;
/** What Ruby's String#strip removes from both ends, as GitLab does to every name and value. */
const RUBY_STRIPPED = /^[\0\t\n\v\f\r ]|[\0\t\n\v\f\r ]$/;
/** A file of outputs that its reader would not read back as written: exit code 1. */
class OutputFileError extends errors/* ActionError */.lZ {
    name = 'OutputFileError';
    code = 'output-file';
}
/**
 * The outputs as GitLab's `artifacts:reports:dotenv` reads them. GitLab
 * (app/services/ci/parse_dotenv_artifact_service.rb) takes each line as `^(.*?)=(.*)$`, strips
 * both sides, keeps quotes as they are, and refuses a line without `=` (an empty one included), more
 * than `dotenv_variables` names, or a file of `dotenv_size` bytes or more. The value is not raw: the
 * runner expands it with Go's os.Expand, where `$$` stands for `$` (gitlab-runner,
 * common/spec/variables.go). So each line is `NAME=value` with every `$` doubled, and a value that
 * GitLab would change (a line break, white space at either end) is refused rather than altered.
 * Docker's --env-file reads the same lines, taking values literally (a `$` reaches it doubled).
 */
function gitlabDotenv(outputs) {
    const lines = outputs.map(([name, value]) => {
        const variable = variableName(name);
        if (/[\r\n]/.test(value))
            throw new OutputFileError(`--output-env: ${variable} holds a line break, which a dotenv line cannot carry`);
        if (RUBY_STRIPPED.test(value))
            throw new OutputFileError(`--output-env: ${variable} begins or ends with white space, which GitLab strips from a dotenv value`);
        return `${variable}=${value.replace(/\$/g, () => '$$')}\n`;
    });
    if (lines.length > GITLAB_MAX_VARIABLES) {
        throw new OutputFileError(`--output-env: ${lines.length} variables, more than the ${GITLAB_MAX_VARIABLES} that GitLab takes from a dotenv report by default (dotenv_variables)`);
    }
    const text = lines.join('');
    const bytes = Buffer.byteLength(text);
    if (bytes >= GITLAB_MAX_BYTES) {
        throw new OutputFileError(`--output-env: ${bytes} bytes, and GitLab refuses a dotenv report of ${GITLAB_MAX_BYTES} bytes (5 KB) or more by default (dotenv_size): use --output-sh, or a shorter --out`);
    }
    return text;
}
/** The outputs as `export NAME='value'` lines, which sh reads back exactly with `.`: nothing inside single quotes is special but the quote. */
function shellExports(outputs) {
    return outputs.map(([name, value]) => `export ${variableName(name)}='${value.replace(/'/g, `'\\''`)}'\n`).join('');
}
/**
 * Writes `text` to `file` for its owner only (the files hold the bundle link, a credential until
 * it expires), never through a link: into a new file beside it, then renamed over `file`, which
 * replaces a link that appeared meanwhile rather than writing where it points.
 */
async function writeNewFile(file, text, flag) {
    const target = external_node_path_default().resolve(file);
    try {
        await (0,own_files/* writeBeside */.Ae)(target, text, 0o600, async (temporary) => {
            const existing = await (0,promises_.lstat)(target).catch(() => undefined);
            if (existing?.isDirectory())
                throw new OutputFileError(`${flag} ${file} is a folder: name a file`);
            await (0,promises_.rename)(temporary, target);
        });
    }
    catch (error) {
        if (error instanceof errors/* ActionError */.lZ)
            throw error;
        throw new OutputFileError(`${flag}: could not write ${file} (${error.code ?? error.message})`, {
            cause: error
        });
    }
}

;// CONCATENATED MODULE: ./src/cli/preflight.ts



/**
 * Checks, before any request, what the run will write at its end or on its way: a run that only
 * found out after the export that it cannot write its folder or its files would waste the export.
 */
/** The output folder (--out, else a new folder in the current one) can be made and written. */
async function checkOutFolder(out) {
    const flag = out === undefined ? 'The current folder' : `--out ${out}`;
    const target = external_node_path_default().resolve(out ?? '.');
    const found = await (0,promises_.stat)(target).catch(() => undefined);
    if (found && !found.isDirectory())
        throw new UsageError(`${flag} is a file, not a folder: name a folder, new or not`);
    let existing = target;
    while (!(await (0,promises_.stat)(existing).catch(() => undefined)))
        existing = external_node_path_default().dirname(existing);
    if (!(await (0,promises_.stat)(existing)).isDirectory())
        throw new UsageError(`${flag} cannot be made: ${existing} is a file, not a folder`);
    // Making a folder is the one test that holds for root, read-only mounts and ACLs alike.
    try {
        await (0,promises_.rmdir)(await (0,promises_.mkdtemp)(external_node_path_default().join(existing, '.docs-export-')));
    }
    catch (error) {
        throw new UsageError(`${flag} cannot be made: nothing can be written in ${existing} (${codeOf(error)})`);
    }
}
/** A file of outputs (--output-env, --output-sh) can be created where it is named, and is not a link or a folder. */
async function checkOutputFile(file, flag) {
    const target = external_node_path_default().resolve(file);
    const found = await (0,promises_.lstat)(target).catch(() => undefined);
    if (found?.isSymbolicLink())
        throw new UsageError(`${flag} ${file} is a symbolic link: name a file, which is created new, never written through a link`);
    if (found?.isDirectory())
        throw new UsageError(`${flag} ${file} is a folder: name a file`);
    if (found && !found.isFile())
        throw new UsageError(`${flag} ${file} is not a regular file`);
    const folder = external_node_path_default().dirname(target);
    const parent = await (0,promises_.stat)(folder).catch(() => undefined);
    if (!parent)
        throw new UsageError(`${flag} ${file}: the folder ${folder} does not exist`);
    if (!parent.isDirectory())
        throw new UsageError(`${flag} ${file}: ${folder} is not a folder`);
    try {
        await (0,promises_.rmdir)(await (0,promises_.mkdtemp)(external_node_path_default().join(folder, '.docs-export-')));
    }
    catch (error) {
        throw new UsageError(`${flag} ${file}: nothing can be written in ${folder} (${codeOf(error)})`);
    }
}
/** --output-env and --output-sh name two files. */
function checkDistinct(files) {
    const named = files.filter((entry) => entry[1] !== undefined);
    for (const [index, [flag, file]] of named.entries()) {
        const same = named.slice(index + 1).find(([, other]) => external_node_path_default().resolve(other) === external_node_path_default().resolve(file));
        if (same)
            throw new UsageError(`${flag} and ${same[0]} name the same file ${file}`);
    }
}
function codeOf(error) {
    return error.code ?? error.message;
}

;// CONCATENATED MODULE: ./src/cli/main.ts















/** Runs one command line; resolves with the exit code. */
async function runCli(argv, environment = process.env) {
    let parsed;
    try {
        parsed = await parseCommandLine(argv, environment);
    }
    catch (error) {
        const message = cliText((0,errors/* failureMessage */.oh)(error));
        process.stderr.write(`error: ${message}\n`);
        if (asksForJson(argv, environment))
            process.stdout.write(outputJson([], { code: (0,errors/* failureCode */.AD)(error), message }));
        return (0,exit_codes/* exitCodeOf */.F)((0,errors/* failureCode */.AD)(error));
    }
    if ('help' in parsed) {
        process.stdout.write(`${parsed.help}\n`);
        return exit_codes/* EXIT_CODES */.a.success.code;
    }
    if ('version' in parsed) {
        process.stdout.write(`${package_0/* version */.rE}\n`);
        return exit_codes/* EXIT_CODES */.a.success.code;
    }
    return run(parsed, environment);
}
async function run(invocation, environment) {
    const words = cliWords(invocation.givenAs);
    const host = new CliHost({
        inputs: invocation.inputs,
        stream: process.stderr,
        debug: invocation.debug,
        quiet: invocation.quiet,
        words
    });
    for (const warning of invocation.warnings)
        host.warning(warning);
    let settings;
    let failure;
    let finished = false;
    /** Prints the outputs and writes their files, once, whatever the outcome; rejects when a file cannot be written. */
    const finish = async () => {
        if (finished)
            return;
        finished = true;
        host.endProgress();
        await printOutputs(invocation, outputsWithValues(host.outputs), settings, host, failure);
    };
    const signals = handleSignals((signal) => host.info(`Received ${signal}: stopping`), (signal) => {
        failure ??= { code: 'cancelled', message: `Received ${signal}: stopped before the run could finish` };
        void finish()
            .catch(() => undefined)
            .finally(() => process.exit((0,exit_codes/* exitCodeOf */.F)('cancelled', signal)));
    });
    let code = exit_codes/* EXIT_CODES */.a.success.code;
    const fail = (error) => {
        host.endProgress();
        host.error((0,errors/* failureMessage */.oh)(error));
        failure = jsonError(error, host);
        code = (0,exit_codes/* exitCodeOf */.F)(failure.code, signals.received());
    };
    try {
        settings = readSettings(host);
        await checkBeforeAnyRequest(invocation);
        const finished = await runCommand(settings, {
            host,
            cancellation: signals.signal,
            runner: readRunnerFacts(environment)
        });
        setOutputs(host, finished);
        // The job summary's first line, where a terminal has no summary: the closing lines start with it.
        host.info(verdictOf(finished).text);
        if (finished.failure !== undefined)
            fail(finished.failure);
    }
    catch (error) {
        fail(error);
    }
    finally {
        signals.dispose();
    }
    try {
        await finish();
    }
    catch (error) {
        host.error((0,errors/* failureMessage */.oh)(error));
        return code === exit_codes/* EXIT_CODES */.a.success.code ? (0,exit_codes/* exitCodeOf */.F)((0,errors/* failureCode */.AD)(error)) : code;
    }
    return code;
}
/** What the run writes (its folder, its files of outputs) checked before the first request. */
async function checkBeforeAnyRequest(invocation) {
    checkDistinct([
        ['--output-env', invocation.outputEnv],
        ['--output-sh', invocation.outputSh]
    ]);
    if (invocation.outputEnv)
        await checkOutputFile(invocation.outputEnv, '--output-env');
    if (invocation.outputSh)
        await checkOutputFile(invocation.outputSh, '--output-sh');
    if (commandsOf('path').includes(invocation.command))
        await checkOutFolder(invocation.inputs.get('path'));
}
/**
 * The outputs on stdout (the table, or --json with the failure), then in their files. The link
 * stays out of what others see unless --no-mask-bundle-url: the table shows it without its
 * signature, and the dotenv file, which crosses to other jobs, leaves it out.
 */
async function printOutputs(invocation, outputs, settings, host, runFailure) {
    const showLink = settings?.command === 'export' && !settings.maskBundleUrl;
    const files = [
        [
            '--output-env',
            invocation.outputEnv,
            () => gitlabDotenv(outputs.filter(([name]) => showLink || name !== LINK_OUTPUT))
        ],
        ['--output-sh', invocation.outputSh, () => shellExports(outputs)]
    ];
    const problems = [];
    const texts = [];
    for (const [flag, file, text] of files) {
        if (!file)
            continue;
        try {
            texts.push([flag, file, text()]);
        }
        catch (error) {
            problems.push(error);
        }
    }
    const failure = runFailure ?? (problems.length > 0 ? jsonError(problems[0], host) : undefined);
    process.stdout.write(invocation.json ? outputJson(outputs, failure) : outputTable(outputs, showLink));
    for (const [flag, file, text] of texts) {
        try {
            await writeNewFile(file, text, flag);
        }
        catch (error) {
            problems.push(error);
        }
    }
    if (problems.length > 0) {
        throw new errors/* ActionError */.lZ((0,core_message/* joined */.oR)(problems.map((problem) => (0,errors/* failureMessage */.oh)(problem)), '; '), {
            code: (0,errors/* failureCode */.AD)(problems[0])
        });
    }
}
/** A failure as --json reports it: its code, and its message as the log shows it. */
function jsonError(error, host) {
    return { code: (0,errors/* failureCode */.AD)(error), message: host.text((0,errors/* failureMessage */.oh)(error)) };
}


/***/ }),

/***/ 3230:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ forEachAtOnce)
/* harmony export */ });
/**
 * Runs `work` on each item, at most `limit` at a time, in the items' order. Once one fails no
 * other is started; those in flight are waited for, and the first failure is thrown, so that
 * nothing of the work goes on after the caller learns of it.
 */
async function forEachAtOnce(items, limit, work) {
    let next = 0;
    let failure;
    const worker = async () => {
        while (!failure && next < items.length) {
            const item = items[next++];
            try {
                await work(item);
            }
            catch (error) {
                failure ??= { error };
            }
        }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
    if (failure)
        throw failure.error;
}


/***/ }),

/***/ 6343:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B2: () => (/* binding */ Deadline),
/* harmony export */   Jg: () => (/* binding */ TimeUpError),
/* harmony export */   Wm: () => (/* binding */ stoppedError),
/* harmony export */   Y_: () => (/* binding */ CLEAN_UP_GRACE_MS)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3252);


/** A timer cannot wait longer than 2^31 - 1 ms (Node fires it at once): a deadline further away has no timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * How long a clean-up may take once a stage has failed, run out of time or been cancelled: the
 * abort of an S3 multipart upload, a registry's upload session closed, the unpacking's file thread
 * stopped. Each gets one attempt within this, and none goes on past the deadline plus this, so a
 * run ends within `timeout-seconds` plus this grace, whatever a store does with the clean-up.
 */
const CLEAN_UP_GRACE_MS = 5_000;
/** Why a deadline's signal aborted when its time ran out. */
class TimeUpError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ {
    name = 'TimeUpError';
    constructor() {
        super((0,_message_js__WEBPACK_IMPORTED_MODULE_1__/* .message */ .iU) `${(0,_message_js__WEBPACK_IMPORTED_MODULE_1__/* .input */ .hF)('timeout-seconds')} ran out`, { code: 'out-of-time', input: (0,_message_js__WEBPACK_IMPORTED_MODULE_1__/* .input */ .hF)('timeout-seconds') });
    }
}
/**
 * When the run's time is up: `timeout-seconds`, counted from the start of the run, bounds every
 * stage (polls, calls and their retries, the download, unpacking, the site check, the browser
 * pass, the comment). Each stage asks it what it needs: how long is left, or a signal that aborts
 * when the time is up or the run is cancelled, whichever comes first.
 */
class Deadline {
    timeUp;
    /** Epoch milliseconds. */
    at;
    /** Aborts when the run is cancelled; the deadline's signal follows it. */
    cancellation;
    constructor(at, cancellation) {
        this.at = at;
        this.cancellation = cancellation;
    }
    /** A deadline `ms` from now. */
    static in(ms, cancellation) {
        return new Deadline(Date.now() + ms, cancellation);
    }
    remainingMs() {
        return Math.max(0, this.at - Date.now());
    }
    expired() {
        return Date.now() >= this.at;
    }
    /** Aborts once the time is up (with a TimeUpError) or when the run is cancelled (with its reason). */
    signal() {
        this.timeUp ??= this.timeUpSignal();
        return this.cancellation ? AbortSignal.any([this.cancellation, this.timeUp]) : this.timeUp;
    }
    /**
     * When a clean-up that starts now is given up: CLEAN_UP_GRACE_MS from now, and never later than
     * that after the deadline, so that clean-ups one after another still end within the grace.
     */
    cleanUpEndsAt() {
        return Math.min(Date.now(), this.at) + CLEAN_UP_GRACE_MS;
    }
    /**
     * A signal for a clean-up that starts now, which aborts at `cleanUpEndsAt()`. It does not follow
     * the cancellation: a cancelled run still cleans up.
     */
    cleanUpSignal() {
        return AbortSignal.timeout(Math.max(0, this.cleanUpEndsAt() - Date.now()));
    }
    /** Whether the deadline's signal aborted because the time was up, not because the run was cancelled. */
    ranOut() {
        return this.expired() && !this.cancellation?.aborted;
    }
    timeUpSignal() {
        const remaining = this.remainingMs();
        if (remaining === 0)
            return AbortSignal.abort(new TimeUpError());
        if (remaining > MAX_TIMER_MS)
            return new AbortController().signal;
        const controller = new AbortController();
        // The timer must not keep the process alive: a run that is over exits at once.
        setTimeout(() => controller.abort(new TimeUpError()), remaining).unref();
        return controller.signal;
    }
}
/**
 * What work stopped by the run's signal becomes: the cancellation, or the time that ran out (code
 * `out-of-time`, as every other stage says it). Undefined when the signal did not stop it.
 */
function stoppedError(deadline, signal, activity) {
    if (!signal.aborted)
        return undefined;
    if (signal.reason instanceof TimeUpError || deadline.ranOut())
        return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ((0,_message_js__WEBPACK_IMPORTED_MODULE_1__/* .message */ .iU) `${(0,_message_js__WEBPACK_IMPORTED_MODULE_1__/* .input */ .hF)('timeout-seconds')} ran out ${activity}`, { code: 'out-of-time' });
    return (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .cancelledError */ .YQ)(activity);
}


/***/ }),

/***/ 9354:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B6: () => (/* binding */ describeSource),
/* harmony export */   E_: () => (/* binding */ readJsonDocument),
/* harmony export */   gC: () => (/* binding */ documentOptions)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6752);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
/* harmony import */ var _message_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3252);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6228);
/* harmony import */ var _net_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8456);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7253);
/* harmony import */ var _user_agent_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2516);








/** True when `source` names a link rather than a file. */
function isLink(source) {
    return /^https?:\/\//i.test(source);
}
/** How a message names a source: a link without its query string, which may hold a signature. */
function describeSource(source) {
    return isLink(source) ? (0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .redactUrl */ .BO)(source) : source;
}
/**
 * The bytes of `source`, a file path or a link. Fails with an ActionError whose message says why,
 * without naming the source (the caller does): `code` is `not-found`, `too-large`, `bad-link`,
 * `insecure-link`, `redirects`, `http-status`, `network`, `out-of-time` or a system code.
 */
async function readDocument(source, options) {
    if (!isLink(source))
        return readFileBounded(source, options.maxBytes);
    const url = URL.parse(source);
    if (!url)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ('is not a valid link', { code: 'bad-link' });
    return fetchDocument(url, options);
}
/** How the run reads a document: its host, network, deadline and cancellation, and the backoff it retries with. */
function documentOptions(run, retryBaseDelayMs) {
    return {
        host: run.host,
        network: run.network,
        deadline: run.deadline.at,
        signal: run.cancellation,
        retryBaseDelayMs
    };
}
/** The JSON value of `source`, read as readDocument reads it; fails with the code `not-json` when it is not JSON. */
async function readJsonDocument(source, options) {
    const bytes = await readDocument(source, options);
    try {
        return JSON.parse(bytes.toString('utf8'));
    }
    catch {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ('is not JSON', { code: 'not-json' });
    }
}
async function readFileBounded(file, maxBytes) {
    let handle;
    try {
        handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.open)(file, 'r');
    }
    catch (error) {
        const code = (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .systemCode */ .xU)(error);
        if (code === 'ENOENT')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ('does not exist', { code: 'not-found', cause: error });
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`cannot be opened (${code ?? error.message})`, {
            code: code ?? 'failed',
            cause: error
        });
    }
    try {
        const stats = await handle.stat();
        if (!stats.isFile())
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ('is not a file', { code: 'not-a-file' });
        if (stats.size > maxBytes)
            throw tooLarge(maxBytes);
        const buffer = Buffer.alloc(stats.size + 1);
        let filled = 0;
        for (;;) {
            const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
            if (bytesRead === 0)
                return buffer.subarray(0, filled);
            filled += bytesRead;
            // It grew while being read.
            if (filled > maxBytes)
                throw tooLarge(maxBytes);
        }
    }
    finally {
        await handle.close();
    }
}
async function fetchDocument(url, options) {
    return (0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .retryRequest */ .qN)(url, () => fetchOnce(url, options), {
        baseDelayMs: options.retryBaseDelayMs ?? 1000,
        deadline: options.deadline,
        signal: options.signal,
        log: (message) => options.host.info(message)
    });
}
async function fetchOnce(first, options) {
    let url = first;
    for (let hop = 0;; hop++) {
        const refusal = options.network.refusal(url);
        if (refusal)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ((0,_message_js__WEBPACK_IMPORTED_MODULE_3__/* .message */ .iU) `is refused: ${refusal}`, { code: 'insecure-link' });
        options.host.debug(`GET ${(0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .redactUrl */ .BO)(url.href)}`);
        const timeoutMs = (0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .requestTimeoutMs */ .Hl)(options.deadline);
        let response;
        try {
            response = await (0,undici__WEBPACK_IMPORTED_MODULE_1__/* .request */ .Em)(url, {
                dispatcher: options.network.dispatcher,
                signal: options.signal,
                headersTimeout: timeoutMs,
                bodyTimeout: timeoutMs,
                headers: { 'user-agent': _user_agent_js__WEBPACK_IMPORTED_MODULE_6__/* .USER_AGENT */ ._O, accept: 'application/json' }
            });
        }
        catch (error) {
            throw (0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .networkFailure */ .rd)(error);
        }
        const { statusCode } = response;
        const location = (0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .header */ .wx)(response.headers.location);
        if (_net_js__WEBPACK_IMPORTED_MODULE_4__/* .REDIRECT_STATUSES */ .aq.has(statusCode) && location) {
            await response.body.dump();
            if (hop >= _net_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_REDIRECTS */ .NX)
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`redirects more than ${_net_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_REDIRECTS */ .NX} times`, { code: 'redirects' });
            url = new URL(location, url);
            continue;
        }
        if (statusCode < 200 || statusCode >= 300) {
            await response.body.dump();
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`was answered with HTTP ${statusCode}`, {
                code: statusCode === 404 ? 'not-found' : 'http-status',
                retryable: _net_js__WEBPACK_IMPORTED_MODULE_4__/* .RETRYABLE_STATUSES */ .U3.has(statusCode),
                retryAfterMs: (0,_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .parseRetryAfter */ .mu)(response.headers['retry-after'])
            });
        }
        return readBody(response, options.maxBytes);
    }
}
async function readBody(response, maxBytes) {
    let body;
    try {
        body = await (0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .readBounded */ .CB)(response.body, (0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .header */ .wx)(response.headers['content-length']), maxBytes);
    }
    catch (error) {
        throw (0,_net_js__WEBPACK_IMPORTED_MODULE_4__/* .networkFailure */ .rd)(error);
    }
    if (!body)
        throw tooLarge(maxBytes);
    return body;
}
function tooLarge(maxBytes) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ(`is larger than ${(0,_format_js__WEBPACK_IMPORTED_MODULE_7__/* .formatBytes */ .z3)(maxBytes)}`, { code: 'too-large' });
}


/***/ }),

/***/ 4296:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AD: () => (/* binding */ failureCode),
/* harmony export */   D0: () => (/* binding */ inExportJob),
/* harmony export */   KH: () => (/* binding */ afterTheExport),
/* harmony export */   M7: () => (/* binding */ errorFromRecord),
/* harmony export */   SD: () => (/* binding */ failureInSummary),
/* harmony export */   YQ: () => (/* binding */ cancelledError),
/* harmony export */   b6: () => (/* binding */ textOf),
/* harmony export */   eI: () => (/* binding */ asClause),
/* harmony export */   hC: () => (/* binding */ sentences),
/* harmony export */   lZ: () => (/* binding */ ActionError),
/* harmony export */   oh: () => (/* binding */ failureMessage),
/* harmony export */   tJ: () => (/* binding */ resumeHint),
/* harmony export */   xU: () => (/* binding */ systemCode)
/* harmony export */ });
/* unused harmony export errorRecord */
/* harmony import */ var _message_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3252);

class ActionError extends Error {
    name = 'ActionError';
    code;
    retryable;
    retryAfterMs;
    hint;
    input;
    namesJob;
    jobId;
    inSummary;
    /** The message with its references to inputs, for a front end to word; `message` has each input by its name. */
    text;
    constructor(problem, options = {}) {
        const text = options.hint ? sentences(problem, options.hint) : problem;
        super(String(text), { cause: options.cause });
        this.text = text;
        this.code = options.code ?? 'failed';
        this.retryable = options.retryable ?? false;
        this.retryAfterMs = options.retryAfterMs;
        this.hint = options.hint;
        this.input = options.input;
        this.namesJob = options.namesJob ?? false;
        this.jobId = options.jobId;
        this.inSummary = options.inSummary;
    }
}
const MAX_CAUSES = 8;
function errorRecord(error, depth = 0) {
    if (!(error instanceof Error))
        return { name: 'Error', text: String(error) };
    const cause = depth < MAX_CAUSES && error.cause !== undefined ? errorRecord(error.cause, depth + 1) : undefined;
    const record = { name: error.name, text: textRecord(textOf(error)), stack: error.stack, cause };
    const code = error.code;
    if (error instanceof ActionError) {
        const { retryable, retryAfterMs, input, namesJob, jobId, inSummary } = error;
        record.action = { code: error.code, retryable, retryAfterMs, input, namesJob, jobId };
        if (inSummary !== undefined)
            record.action.inSummary = textRecord(inSummary);
    }
    else if (typeof code === 'string') {
        record.systemCode = code;
    }
    return record;
}
function errorFromRecord(record) {
    const cause = record.cause ? errorFromRecord(record.cause) : undefined;
    const text = (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .textFromRecord */ .Tq)(record.text);
    const { action } = record;
    const error = action
        ? new ActionError(text, {
            ...action,
            inSummary: action.inSummary === undefined ? undefined : (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .textFromRecord */ .Tq)(action.inSummary),
            cause
        })
        : Object.assign(new Error(String(text), { cause }), record.systemCode ? { code: record.systemCode } : {});
    error.name = record.name;
    if (record.stack)
        error.stack = record.stack;
    return error;
}
/** What a failure says, with its references to inputs: an ActionError's text, else the error's message. */
function textOf(error) {
    if (error instanceof ActionError)
        return error.text;
    return error instanceof Error ? error.message : String(error);
}
/** The step's one error line: the failure's message, after the export job it happened in when the message does not name it. */
function failureMessage(error) {
    if (error instanceof ActionError && error.jobId)
        return (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .message */ .iU) `Export job ${error.jobId}: ${error.text}`;
    return textOf(error);
}
/** The failure as the job summary says it: its summary's words where it has them, else its message. */
function failureInSummary(error) {
    if (!(error instanceof ActionError) || error.inSummary === undefined)
        return failureMessage(error);
    return error.jobId ? (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .message */ .iU) `Export job ${error.jobId}: ${error.inSummary}` : error.inSummary;
}
/** The kind of a failure, for the front end to act on (the command line's exit code): `failed` when nothing more is known. */
function failureCode(error) {
    return error instanceof ActionError ? error.code : 'failed';
}
/** A failure of an export run, to be reported with its job (once there is one) unless it names the job itself. */
function inExportJob(error, jobId) {
    if (!jobId || (error instanceof ActionError && error.namesJob))
        return error;
    return new ActionError(textOf(error), {
        code: error instanceof ActionError ? error.code : 'failed',
        jobId,
        inSummary: error instanceof ActionError ? error.inSummary : undefined,
        cause: error
    });
}
/** The run was cancelled (SIGINT, SIGTERM) while `activity`; `hint` says what becomes of the job. */
function cancelledError(activity, hint) {
    return new ActionError(`The run was cancelled ${activity}`, { code: 'cancelled', hint, namesJob: true });
}
/** How a later run picks up an export job this run leaves behind. */
function resumeHint(jobId) {
    return (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .message */ .iU) `It keeps running on the server: run again with ${(0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)('export-job-id', jobId)} to collect it.`;
}
/**
 * A failure after the export job completed, with how to go on without a new export: the job stays
 * on the server, and `export-job-id` collects it (a fresh link included) while the vendor keeps it.
 */
function afterTheExport(error, jobId) {
    if (!(error instanceof ActionError))
        return error;
    return new ActionError(sentences(error.text, (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .message */ .iU) `The export is done: run again with ${(0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)('export-job-id', jobId)} to go on without starting a new one`), {
        code: error.code,
        input: error.input,
        namesJob: error.namesJob,
        jobId: error.jobId,
        inSummary: error.inSummary,
        cause: error
    });
}
/** Joins sentences with one full stop between them, whether or not the first already ends with one. */
function sentences(...parts) {
    const said = parts.filter((part) => !(0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .isBlank */ .z3)(part)).map(_message_js__WEBPACK_IMPORTED_MODULE_0__/* .trimmed */ .dE);
    const ended = said.map((part, index) => index < said.length - 1 && !/[.!?]/.test((0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .lastCharacter */ .cl)(part) ?? '') ? (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .message */ .iU) `${part}.` : part);
    const [only] = ended;
    return ended.length === 1 && only !== undefined ? only : (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .joined */ .oR)(ended, ' ');
}
/** A message as the first clause of a longer line ("…; retrying in 2.0 s"): without its final full stop. */
function asClause(text) {
    return (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .lastCharacter */ .cl)(text) === '.' ? (0,_message_js__WEBPACK_IMPORTED_MODULE_0__/* .withoutEnd */ .Mx)(text, 1) : text;
}
/** The system's code for a failure (`ECONNRESET`, `ENOSPC`, `UND_ERR_SOCKET`…), from the error or what caused it. */
function systemCode(error) {
    for (let current = error; current instanceof Error; current = current.cause) {
        const code = current.code;
        if (code && !(current instanceof ActionError))
            return code;
    }
    return undefined;
}


/***/ }),

/***/ 6228:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Xo: () => (/* binding */ formatSeconds),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   pq: () => (/* binding */ countOf),
/* harmony export */   z3: () => (/* binding */ formatBytes)
/* harmony export */ });
/** Durations and sizes as people read them in logs and summaries. */
function formatSeconds(ms) {
    const seconds = ms / 1000;
    if (seconds < 60)
        return `${Number(seconds.toFixed(seconds < 10 ? 1 : 0))} s`;
    const minutes = Math.floor(seconds / 60);
    return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}
/** A check of a small site takes milliseconds, which a rounded second would show as 0 s. */
function formatDuration(ms) {
    return ms < 1000 ? `${ms} ms` : formatSeconds(ms);
}
function formatBytes(bytes) {
    if (bytes < 1024)
        return `${bytes} B`;
    const units = ['KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes;
    let unit = -1;
    do {
        value /= 1024;
        unit++;
    } while (value >= 1024 && unit < units.length - 1);
    return `${value.toFixed(1)} ${units[unit]}`;
}
/** A count with its noun, singular for one: `1 file`, `3 files`; `plural` where the noun does not take an s. */
function countOf(value, noun, plural = `${noun}s`) {
    return `${value} ${value === 1 ? noun : plural}`;
}


/***/ }),

/***/ 6585:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vb: () => (/* binding */ nameOf),
/* harmony export */   sJ: () => (/* binding */ isOwnName),
/* harmony export */   uv: () => (/* binding */ archiveName),
/* harmony export */   wF: () => (/* binding */ OutputFolder)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);

/**
 * The files a run writes into its output folder (`path`), named here once. The site goes into a
 * folder of its own, so that what is deployed holds nothing of the action's; the report, the
 * manifest and the values file sit beside it. No name comes from outside: the archive's is the
 * action's too (`archiveName`).
 */
const NAMES = {
    site: 'site',
    helmValues: 'helm-values.yaml',
    verifyReport: 'verify-report.json',
    manifest: 'manifest.json',
    changes: 'changes.json',
    publishChanges: 'publish-changes.json',
    publishPlan: 'publish-plan.json',
    deploymentReport: 'deployment-report.json'
};
/** Where each of the run's files goes in `directory`. */
function layoutOf(directory) {
    const paths = Object.fromEntries(Object.entries(NAMES).map(([key, name]) => [key, node_path__WEBPACK_IMPORTED_MODULE_0___default().join(directory, name)]));
    return { directory, ...paths };
}
/** The ending of an archive's name, by its kind as detected from its bytes; `bin` for none the action knows. */
const ARCHIVE_ENDINGS = {
    'tar.gz': 'tar.gz',
    'tar.zst': 'tar.zst',
    tar: 'tar',
    zip: 'zip',
    xz: 'xz',
    bzip2: 'bz2',
    '7z': '7z'
};
const UNKNOWN_ENDING = 'bin';
const ARCHIVE_PREFIX = 'bundle-';
/** The archive's name: `bundle-<job id>.<kind>`. */
function archiveName(jobId, kind) {
    const ending = (kind && ARCHIVE_ENDINGS[kind]) || UNKNOWN_ENDING;
    return `${ARCHIVE_PREFIX}${nameOf(jobId)}.${ending}`;
}
/**
 * A job id as part of a file name. It comes from the API, so it is reduced to letters, digits,
 * `.`, `_` and `-` (anything else becomes `_`), to 100 characters at most, and can start no dot:
 * one plain name, on every system.
 */
function nameOf(jobId) {
    return (jobId
        .replace(/[^A-Za-z0-9._-]/g, '_')
        .replace(/^\./, '_')
        .slice(0, 100) || '_');
}
/** Whether `name` is one the action writes in its output folder: the action's to replace, as the README says. */
function isOwnName(name) {
    return Object.values(NAMES).includes(name) || isArchiveName(name);
}
/** Whether `name` is one that archiveName() gives, whatever the job id and the kind. */
function isArchiveName(name) {
    if (!name.startsWith(ARCHIVE_PREFIX))
        return false;
    return [...Object.values(ARCHIVE_ENDINGS), UNKNOWN_ENDING].some((ending) => {
        if (!name.endsWith(`.${ending}`))
            return false;
        const id = name.slice(ARCHIVE_PREFIX.length, -ending.length - 1);
        return id !== '' && nameOf(id) === id;
    });
}
/**
 * The run's output folder, made once, when the first file needs it: `path` when given, else a new
 * folder that the front end chooses (named after the export job).
 */
class OutputFolder {
    made;
    make;
    constructor(make) {
        this.make = make;
    }
    layout(jobId) {
        this.made ??= this.make(jobId).then(layoutOf);
        return this.made;
    }
}


/***/ }),

/***/ 9357:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BP: () => (/* binding */ logLine),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   cT: () => (/* binding */ withoutSecrets)
/* harmony export */ });
/**
 * A message as one inert line of a log. Messages hold text from outside (API fields, names in the
 * archive, paths and text in the site, what the browser reports), and the readers of a log act on
 * some of what they see:
 * - the Actions runner reads a line that starts with `::` (after white space) as a workflow
 *   command, and `##[` anywhere in a line as one of the older form (actions/runner,
 *   ActionCommand.TryParseV2 and TryParse). A forged `::stop-commands::` turns off every later
 *   command, the masking of secrets included;
 * - the runner ends a line at CR as well as LF; log viewers at U+2028 and U+2029 too;
 * - a terminal acts on ESC, OSC and other control characters (titles, hyperlinks, a cleared screen).
 *
 * So each front end writes every message through this one function: control characters and line
 * breaks are shown escaped (`\n`, `\u001b`), and what the runner would read as a command is broken
 * up. Messages of several lines are not written: each line is a call of its own.
 */
// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** `::` at the start of a line, after white space: the current form of a workflow command. */
const COMMAND_START = /^(\s*)::/;
/** `##[` anywhere: the older form, which the runner still reads. */
const OLD_COMMAND = /##\[/g;
/** Text from outside as it may appear in one log line: controls and line breaks escaped. */
function oneLine(text) {
    return text.replace(CONTROL, (character) => ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/** A whole log line, which no reader can take for a command: `oneLine`, then commands broken up. */
function logLine(text) {
    return oneLine(text)
        .replace(COMMAND_START, (_, space) => `${space}\\u003a:`)
        .replace(OLD_COMMAND, '##\\u005b');
}
/** `text` with every secret replaced by `***`, as the runner masks them: for what the runner does not mask itself. */
function withoutSecrets(text, secrets) {
    let redacted = text;
    for (const secret of secrets)
        if (secret)
            redacted = redacted.split(secret).join('***');
    return redacted;
}


/***/ }),

/***/ 3252:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   By: () => (/* binding */ inputSubject),
/* harmony export */   Mx: () => (/* binding */ withoutEnd),
/* harmony export */   Tq: () => (/* binding */ textFromRecord),
/* harmony export */   XX: () => (/* binding */ render),
/* harmony export */   cl: () => (/* binding */ lastCharacter),
/* harmony export */   dE: () => (/* binding */ trimmed),
/* harmony export */   hF: () => (/* binding */ input),
/* harmony export */   iU: () => (/* binding */ message),
/* harmony export */   oR: () => (/* binding */ joined),
/* harmony export */   z3: () => (/* binding */ isBlank)
/* harmony export */ });
/* unused harmony exports Message, textRecord */
/** A message: text, and references to inputs. */
class Message {
    parts;
    constructor(parts) {
        this.parts = parts;
    }
    /** In the plainest words (each input by its name): for a stack trace, never for a front end. */
    toString() {
        return render(this, BY_NAME);
    }
}
function textRecord(text) {
    return typeof text === 'string' ? text : { parts: text.parts };
}
function textFromRecord(record) {
    return typeof record === 'string' ? record : new Message(record.parts);
}
/** A message from a template: `message\`${input('timeout-seconds')} ran out\``. */
function message(strings, ...slots) {
    const parts = [];
    strings.forEach((text, index) => {
        append(parts, text);
        const slot = slots[index];
        if (slot !== undefined)
            append(parts, slot);
    });
    return new Message(parts);
}
/** Texts joined with `separator` into one message, their references kept. */
function joined(texts, separator) {
    const parts = [];
    texts.forEach((text, index) => {
        if (index > 0)
            append(parts, separator);
        append(parts, text);
    });
    return new Message(parts);
}
/** The input `name` mentioned in a message, with the value the message gives it. */
function input(name, value) {
    return value === undefined ? { input: name } : { input: name, value };
}
/** The input `name` as the subject of a sentence ("Input 'domain' is required …"). */
function inputSubject(name) {
    return { input: name, subject: true };
}
/** A text in a front end's words. */
function render(text, wording) {
    if (typeof text === 'string')
        return text;
    return text.parts
        .map((part) => {
        if (typeof part === 'string')
            return part;
        if (part.subject)
            return wording.subject(part.input);
        return part.value === undefined ? wording.mention(part.input) : wording.withValue(part.input, part.value);
    })
        .join('');
}
/** Every input by its name, as action.yml has it. */
const BY_NAME = {
    mention: (name) => name,
    subject: (name) => name,
    withValue: (name, value) => `${name}: ${value}`
};
/** Whether a text says anything: not empty, and not only white space. */
function isBlank(text) {
    return text === undefined || render(text, BY_NAME).trim() === '';
}
/** The text without white space at its ends. */
function trimmed(text) {
    if (typeof text === 'string')
        return text.trim();
    const parts = [...text.parts];
    const first = parts[0];
    const last = parts.at(-1);
    if (typeof first === 'string')
        parts[0] = first.trimStart();
    if (typeof last === 'string')
        parts[parts.length - 1] = last.trimEnd();
    return new Message(parts);
}
/** The text's last character, where it is text (a sentence's full stop), else undefined. */
function lastCharacter(text) {
    const last = typeof text === 'string' ? text : text.parts.at(-1);
    return typeof last === 'string' ? last.at(-1) : undefined;
}
/** The text without its last `count` characters, where they are text. */
function withoutEnd(text, count) {
    if (typeof text === 'string')
        return text.slice(0, -count);
    const parts = [...text.parts];
    const last = parts.at(-1);
    if (typeof last === 'string')
        parts[parts.length - 1] = last.slice(0, -count);
    return new Message(parts);
}
function append(parts, slot) {
    if (slot instanceof Message) {
        for (const part of slot.parts)
            append(parts, part);
        return;
    }
    if (typeof slot === 'object') {
        parts.push(slot);
        return;
    }
    const text = String(slot);
    if (text === '')
        return;
    const last = parts.at(-1);
    if (typeof last === 'string')
        parts[parts.length - 1] = last + text;
    else
        parts.push(text);
}


/***/ }),

/***/ 8456:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BO: () => (/* binding */ redactUrl),
/* harmony export */   BT: () => (/* binding */ MAX_BACKOFF_MS),
/* harmony export */   CB: () => (/* binding */ readBounded),
/* harmony export */   Co: () => (/* binding */ NETWORK_CODES),
/* harmony export */   E$: () => (/* binding */ ANSWER_BOUND),
/* harmony export */   H6: () => (/* binding */ readStart),
/* harmony export */   Hl: () => (/* binding */ requestTimeoutMs),
/* harmony export */   JK: () => (/* binding */ ERROR_PAGE_BYTES),
/* harmony export */   NX: () => (/* binding */ MAX_REDIRECTS),
/* harmony export */   PY: () => (/* binding */ ATTEMPTS),
/* harmony export */   U3: () => (/* binding */ RETRYABLE_STATUSES),
/* harmony export */   aq: () => (/* binding */ REDIRECT_STATUSES),
/* harmony export */   cW: () => (/* binding */ isLoopbackHost),
/* harmony export */   lg: () => (/* binding */ Network),
/* harmony export */   my: () => (/* binding */ NOT_SENT_CODES),
/* harmony export */   qN: () => (/* binding */ retryRequest),
/* harmony export */   rd: () => (/* binding */ networkFailure),
/* harmony export */   wB: () => (/* binding */ dropBody),
/* harmony export */   wx: () => (/* binding */ header)
/* harmony export */ });
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6752);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6228);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7253);
/* harmony import */ var _message_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3252);





/**
 * The action's HTTP policy, shared by the API client, the GitHub calls (src/action/github.ts) and
 * the download: one connection pool, which statuses are worth another attempt and how many, and
 * how much of an answer is read.
 */
/** True for addresses that never leave the machine: plain http is tolerated only there. */
function isLoopbackHost(hostname) {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
/**
 * One connection pool for the process. It honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY,
 * as self-hosted runners behind a proxy expect. Runs reach it through their `Network`.
 */
const pool = new undici__WEBPACK_IMPORTED_MODULE_0__/* .EnvHttpProxyAgent */ .J2({ connectTimeout: 10_000 });
/**
 * Where a run may send requests, a fact of the run decided once from `base-url`: https anywhere;
 * plain http only to this machine, and only when the API itself is reached that way (a local
 * emulator). An https API's links and every redirect are thus held to https: a plain http link,
 * or a hop to `http://127.0.0.1:<port>`, would otherwise reach whatever service listens there.
 * Every request of the run goes through `dispatcher`, which refuses what `refusal` refuses before
 * any connection: the API's calls, the download and its redirects, GitHub's calls and theirs.
 */
class Network {
    dispatcher;
    /** Plain http to a loopback address is allowed. */
    plainHttpToLoopback;
    /** Origins that the user named for plain http (a deployed site that serves http): allowed as well. */
    plainHttpOrigins;
    constructor(plainHttpToLoopback, base = pool, plainHttpOrigins = []) {
        this.plainHttpToLoopback = plainHttpToLoopback;
        this.plainHttpOrigins = plainHttpOrigins;
        this.dispatcher = base.compose((dispatch) => (options, handler) => {
            const reason = this.refusal(String(options.origin));
            if (reason) {
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ((0,_message_js__WEBPACK_IMPORTED_MODULE_3__/* .message */ .iU) `A request to ${String(options.origin)} was refused: ${reason}`, {
                    code: 'insecure-link'
                });
            }
            return dispatch(options, handler);
        });
    }
    /** The run's network for an API at `baseUrl` (validated by the settings). */
    static forApi(baseUrl) {
        const url = URL.parse(baseUrl);
        return new Network(url?.protocol === 'http:' && isLoopbackHost(url.hostname));
    }
    /**
     * The run's network for check-deployment: the deployed site may be plain http (nothing secret
     * is sent to it, and internal hosts often serve http), and so may a manifest on this machine.
     */
    static forDeployment(siteUrl) {
        const site = URL.parse(siteUrl);
        return new Network(true, pool, site?.protocol === 'http:' ? [site.origin] : []);
    }
    /** Why `link` may not be fetched, or undefined when it may. */
    refusal(link) {
        const url = typeof link === 'string' ? URL.parse(link) : link;
        if (!url)
            return 'it is not a URL';
        if (url.protocol === 'https:')
            return undefined;
        if (url.protocol !== 'http:')
            return `https is required, not ${url.protocol.replace(/:$/, '')}`;
        if (this.plainHttpOrigins.includes(url.origin))
            return undefined;
        if (this.plainHttpToLoopback && isLoopbackHost(url.hostname))
            return undefined;
        return this.plainHttpToLoopback
            ? 'https is required (plain http is allowed only to a loopback address)'
            : (0,_message_js__WEBPACK_IMPORTED_MODULE_3__/* .message */ .iU) `https is required (plain http is allowed only to a loopback address, and only when ${(0,_message_js__WEBPACK_IMPORTED_MODULE_3__/* .input */ .hF)('base-url')} is one too)`;
    }
}
/** Attempts of one call in all (for the download: attempts in a row that bring no new byte). */
const ATTEMPTS = 5;
/** The longest backoff between two attempts. */
const MAX_BACKOFF_MS = 30_000;
/** Statuses that say the fault is passing: another attempt may succeed. */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Redirects a request follows at most, and the statuses that are one. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const REQUEST_TIMEOUT_MS = 30_000;
/** A request's headers and body timeouts: 30 s, or what is left before the deadline, at least 1 s. */
function requestTimeoutMs(deadline = Infinity) {
    return Math.max(1000, Math.min(REQUEST_TIMEOUT_MS, deadline - Date.now()));
}
/**
 * `fetch` of `url` retried as the API's calls are: ATTEMPTS in all, a backoff from `baseDelayMs`
 * up to MAX_BACKOFF_MS, none started past the deadline; each retry is told to `log`, the link
 * without its query.
 */
function retryRequest(url, fetch, options) {
    return (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retry */ .L5)(fetch, {
        attempts: ATTEMPTS,
        baseDelayMs: options.baseDelayMs,
        maxDelayMs: MAX_BACKOFF_MS,
        deadline: options.deadline,
        signal: options.signal,
        onRetry: (error, attempt, delayMs) => options.log((0,_message_js__WEBPACK_IMPORTED_MODULE_3__/* .message */ .iU) `${redactUrl(url.href)}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .asClause */ .eI)((0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .textOf */ .b6)(error))}; ${(0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retryNote */ .vT)(delayMs, attempt, ATTEMPTS)}`)
    });
}
/** Network errors that leave no doubt the request never reached the server. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EAI_AGAIN', 'ENOTFOUND']);
/** Network errors that a later attempt may not meet: a connection refused, reset or timed out. */
const NETWORK_CODES = new Set([
    ...NOT_SENT_CODES,
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT'
]);
/**
 * The most an answer of the API or of GitHub may bring. Their largest real answers are a few KB;
 * a longer one is a broken or hostile server, or a proxy sending something else, and is not read
 * further (nor retried: it would come again).
 */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** The bound, as the errors say it. */
const ANSWER_BOUND = (0,_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatBytes */ .z3)(MAX_ANSWER_BYTES);
/**
 * What is read of an answer that is not the payload, from a host the user configured or a storage
 * host (an error page, a registry's or a token endpoint's answer, an S3 error): its first 64 KiB.
 * A longer one is not read further; what a message says of it is cut again (server-words.ts).
 */
const ERROR_PAGE_BYTES = 64 * 1024;
/**
 * Reads a whole answer of at most `maxBytes` (MAX_ANSWER_BYTES unless told). A longer one (or one
 * whose Content-Length announces more) is not read further: the body is closed, and the result is
 * undefined.
 */
async function readBounded(body, contentLength, maxBytes = MAX_ANSWER_BYTES) {
    if (contentLength && /^\d+$/.test(contentLength) && Number(contentLength) > maxBytes) {
        await body[Symbol.asyncIterator]().return?.();
        return undefined;
    }
    const { bytes, whole } = await readStart(body, maxBytes);
    return whole ? bytes : undefined;
}
/**
 * The first `maxBytes` of a body, and whether they are all of it. A longer body is not read
 * further: it is closed once it has brought more, so that an endless answer costs no more memory
 * than a short one.
 */
async function readStart(body, maxBytes) {
    const iterator = body[Symbol.asyncIterator]();
    const chunks = [];
    let size = 0;
    for (;;) {
        const next = await iterator.next();
        if (next.done)
            return { bytes: Buffer.concat(chunks), whole: true };
        chunks.push(next.value);
        size += next.value.length;
        if (size > maxBytes) {
            await iterator.return?.();
            return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), whole: false };
        }
    }
}
/**
 * A request that got no answer, as an ActionError with the code `network`: retryable when the
 * system's code says the fault may pass. A cancellation stays what it is.
 */
function networkFailure(error) {
    if (error instanceof Error && error.name === 'AbortError')
        return error;
    const code = (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .systemCode */ .xU)(error);
    return new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(code?.includes('TIMEOUT') ? 'gave no answer in time' : `could not be reached (${code ?? error.message})`, { code: 'network', retryable: code !== undefined && NETWORK_CODES.has(code), cause: error });
}
/**
 * Stops reading an answer's body and closes its connection. undici then reports the abort as an
 * error of the body, which nothing else would listen to.
 */
function dropBody(body) {
    body.on('error', () => undefined);
    body.destroy();
}
/** A header's single value (the first, when it came more than once). */
function header(value) {
    return Array.isArray(value) ? value[0] : value;
}
/** The link as it may be logged: no query string, which is where a presigned link keeps its signature. */
function redactUrl(link) {
    const url = URL.parse(link);
    if (!url)
        return '(unparseable link)';
    return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}


/***/ }),

/***/ 1933:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ae: () => (/* binding */ writeBeside),
/* harmony export */   OP: () => (/* binding */ writeOwnFile),
/* harmony export */   mY: () => (/* binding */ checkOwnPlace),
/* harmony export */   w6: () => (/* binding */ temporaryBeside),
/* harmony export */   yX: () => (/* binding */ placeOwnFile)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4296);
/* harmony import */ var _layout_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6585);
/* harmony import */ var _message_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3252);






/** The path of a temporary file beside `file`, which `createExclusive` may create. */
function temporaryBeside(file) {
    return node_path__WEBPACK_IMPORTED_MODULE_2___default().join(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file), `.${node_path__WEBPACK_IMPORTED_MODULE_2___default().basename(file)}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}.partial`);
}
/** Writes `content` to the action's own file `file`, through a temporary file beside it; returns `file`. */
async function writeOwnFile(file, content, { mode = 0o644, recognise } = {}) {
    await checkOwnPlace(file, 'file', recognise);
    await writeBeside(file, content, mode, (temporary) => placeOwnFile(temporary, file));
    return file;
}
/**
 * Writes `content` into a new file beside `file`, with `mode` whatever the umask, and hands it to
 * `place` (which renames it over `file`); the temporary file is removed when anything fails.
 */
async function writeBeside(file, content, mode, place) {
    const temporary = temporaryBeside(file);
    // `wx`: O_CREAT | O_EXCL, which creates a new file or fails, and never follows a link.
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(temporary, 'wx', mode);
    try {
        try {
            await handle.writeFile(content);
            // The process's umask may have narrowed the mode on creation; the file's handle, not its name, is changed.
            await handle.chmod(mode);
        }
        finally {
            await handle.close();
        }
        await place(temporary);
    }
    catch (error) {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rm)(temporary, { force: true });
        throw error;
    }
}
/** Moves `temporary`, a file the action created beside it, to the action's own file `file`. */
async function placeOwnFile(temporary, file) {
    if (node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(temporary) !== node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file))
        throw new Error(`${temporary} is not beside ${file}`);
    await checkOwnPlace(file, 'file');
    // rename() replaces the name itself: even a link put there meanwhile is replaced, never followed.
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rename)(temporary, file);
}
/**
 * Fails unless `target` is one of the action's own names and holds nothing, or what the action
 * writes there (`kind`): a regular file, or a real folder for the site.
 */
async function checkOwnPlace(target, kind, recognise) {
    const name = node_path__WEBPACK_IMPORTED_MODULE_2___default().basename(target);
    // The layout's names only: a name from elsewhere is a fault of the action itself.
    if (!(0,_layout_js__WEBPACK_IMPORTED_MODULE_4__/* .isOwnName */ .sJ)(name) || node_path__WEBPACK_IMPORTED_MODULE_2___default().join(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(target), name) !== target)
        throw new Error(`${target} is not one of the action's own names`);
    const found = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(target).catch((error) => {
        if (error.code === 'ENOENT')
            return undefined;
        throw error;
    });
    if (!found)
        return;
    const placeOk = kind === 'file' ? found.isFile() : found.isDirectory();
    if (placeOk && (!recognise || (await readsAsOurs(target, found.size, recognise))))
        return;
    const what = placeOk
        ? 'a file of other content'
        : found.isSymbolicLink()
            ? 'a symbolic link'
            : found.isDirectory()
                ? 'a folder'
                : found.isFile()
                    ? 'a file'
                    : 'a special file';
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ActionError */ .lZ((0,_message_js__WEBPACK_IMPORTED_MODULE_5__/* .message */ .iU) `${target} is ${what}, which the action did not write: it replaces only its own ${kind === 'file' ? 'regular files' : 'site folder'} in its output folder, never through a link. Remove it, or give ${(0,_message_js__WEBPACK_IMPORTED_MODULE_5__/* .input */ .hF)('path')} a folder of its own`, { code: 'not-own-file' });
}
async function readsAsOurs(file, size, { isOurs, maxBytes }) {
    if (size > maxBytes)
        return false;
    return isOurs(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readFile)(file, 'utf8'));
}


/***/ }),

/***/ 4664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sv: () => (/* binding */ everyProgressInterval),
/* harmony export */   To: () => (/* binding */ everyProgressChange),
/* harmony export */   a: () => (/* binding */ QUIET_PROGRESS_MS)
/* harmony export */ });
/** A long transfer logs how far it got at a steady pace; one that ends within the first interval logs nothing. */
const PROGRESS_INTERVAL_MS = 10_000;
/** While nothing changes, a progress line is logged again this often: the log still shows the step is alive. */
const QUIET_PROGRESS_MS = 60_000;
/**
 * Calls `tick` every `intervalMs` (a host's own pace, else every 10 s) until the returned function
 * is called; the timer never keeps the process alive.
 */
function everyProgressInterval(tick, intervalMs = PROGRESS_INTERVAL_MS) {
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
}
/**
 * Logs `line()` at the pace of everyProgressInterval when it differs from the last line logged, and
 * every QUIET_PROGRESS_MS while it does not: a transfer that does not move does not fill the log.
 */
function everyProgressChange(log, line, intervalMs) {
    let logged;
    return everyProgressInterval(() => {
        const now = Date.now();
        const current = line();
        if (logged?.line === current && now - logged.at < QUIET_PROGRESS_MS)
            return;
        log(current);
        logged = { line: current, at: now };
    }, intervalMs);
}


/***/ }),

/***/ 7253:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JT: () => (/* binding */ OutOfTimeError),
/* harmony export */   L5: () => (/* binding */ retry),
/* harmony export */   gs: () => (/* binding */ fitsBefore),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   vT: () => (/* binding */ retryNote)
/* harmony export */ });
/* unused harmony exports MAX_RETRY_AFTER_MS, backoffMs */
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3252);



/**
 * The deadline left no room for another attempt. The message is the last failure's, which names
 * the call, followed by why it was not tried again; the failure itself is the cause.
 */
class OutOfTimeError extends _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ {
    name = 'OutOfTimeError';
    constructor(lastError, attempts) {
        super((0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .sentences */ .hC)((0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .textOf */ .b6)(lastError), (0,_message_js__WEBPACK_IMPORTED_MODULE_2__/* .message */ .iU) `No time was left for another attempt within ${(0,_message_js__WEBPACK_IMPORTED_MODULE_2__/* .input */ .hF)('timeout-seconds')} (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} made)`), {
            code: 'out-of-time',
            namesJob: lastError instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ && lastError.namesJob,
            cause: lastError
        });
    }
}
/** Longest `Retry-After` honoured; a server asking for more gets this. */
const MAX_RETRY_AFTER_MS = 60_000;
/**
 * Runs `action` until it succeeds, throws an error that is not retryable, or the attempts or the
 * deadline run out. The last error is thrown as it is, so the caller sees the real cause; when the
 * deadline stopped the retries, it comes wrapped in an OutOfTimeError that says so.
 */
async function retry(action, options) {
    const sleep = options.sleep ?? ((ms, signal) => (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(ms, undefined, { signal }));
    const isRetryable = options.isRetryable ?? saysRetryable;
    for (let attempt = 1;; attempt++) {
        try {
            return await action(attempt);
        }
        catch (error) {
            if (options.madeProgress?.())
                attempt = 1;
            if (attempt >= options.attempts || !isRetryable(error) || options.signal?.aborted)
                throw error;
            const delayMs = backoffMs(attempt, options, error.retryAfterMs);
            if (!fitsBefore(options.deadline, delayMs))
                throw new OutOfTimeError(error, attempt);
            options.onRetry?.(error, attempt + 1, delayMs);
            await sleep(delayMs, options.signal);
        }
    }
}
/** The log's words for a retry about to happen. */
function retryNote(delayMs, nextAttempt, attempts) {
    return `retrying in ${(delayMs / 1000).toFixed(1)} s (attempt ${nextAttempt} of ${attempts})`;
}
function saysRetryable(error) {
    return typeof error === 'object' && error !== null && error.retryable === true;
}
/** Whether a wait of `ms` from now ends before the deadline (epoch milliseconds; none: always). */
function fitsBefore(deadline, ms) {
    return deadline === undefined || Date.now() + ms < deadline;
}
/** Exponential backoff (with jitter unless told otherwise), never shorter than the server's `Retry-After`. */
function backoffMs(attempt, options, retryAfterMs) {
    const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
    const jittered = options.jitter === false ? exponential : exponential / 2 + Math.random() * (exponential / 2);
    return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS)));
}
/** `Retry-After` in milliseconds, from seconds or an HTTP date; undefined when absent or unreadable. */
function parseRetryAfter(header, now = Date.now()) {
    const value = Array.isArray(header) ? header[0] : header;
    if (!value)
        return undefined;
    if (/^\s*\d+(\.\d+)?\s*$/.test(value))
        return Number(value) * 1000;
    const date = Date.parse(value);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}


/***/ }),

/***/ 8284:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ xmlErrorWords),
/* harmony export */   l: () => (/* binding */ serverWords)
/* harmony export */ });
/* harmony import */ var entities_decode__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7031);

/**
 * What a message says of a server's own words (an S3 error's `<Message>`, a registry's `errors`):
 * their start, on one line. A store may answer with a message of any length; the step's one error
 * line says what it is about, not all of it.
 */
/** The most of a server's own words that a message says. */
const SAID_CHARACTERS = 300;
/** `text` on one line (each run of white space one space), cut after SAID_CHARACTERS with an ellipsis. */
function serverWords(text) {
    const line = text.replace(/\s+/g, ' ').trim();
    if (line.length <= SAID_CHARACTERS)
        return line;
    // Never half of a surrogate pair.
    const end = /[\ud800-\udbff]/.test(line.charAt(SAID_CHARACTERS - 1)) ? SAID_CHARACTERS - 1 : SAID_CHARACTERS;
    return `${line.slice(0, end)}…`;
}
/**
 * The `<Code>` and `<Message>` of an S3-style XML error (`<Error><Code>…</Code><Message>…`), as
 * far as `body` holds them: the start of an error page that was not read to its end still gives
 * the start of its message.
 */
function xmlErrorWords(body) {
    const element = (name) => {
        const found = new RegExp(`<${name}>([^<]*)`).exec(body)?.[1];
        const words = found === undefined ? '' : serverWords((0,entities_decode__WEBPACK_IMPORTED_MODULE_0__/* .decodeXML */ .ey)(found));
        return words === '' ? undefined : words;
    };
    return { code: element('Code'), message: element('Message') };
}


/***/ }),

/***/ 4892:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ depthOf),
/* harmony export */   x: () => (/* binding */ inTurnByTopFolder)
/* harmony export */ });
/**
 * A spread over a site's folders: one item of each top folder in turn (the top level's own files
 * counting as one folder), so that the first few items cover every part of the site. The
 * deployment check samples its files this way, the browser pass its pages.
 */
/** How deep `path` (`/`-separated) lies: its number of slashes. */
function depthOf(path) {
    let slashes = 0;
    for (const character of path)
        if (character === '/')
            slashes++;
    return slashes;
}
/**
 * `items` taken one of each top folder per round, in their given order within each folder; the
 * folders in the order they first appear, or sorted with `sortFolders`.
 */
function inTurnByTopFolder(items, pathOf, { sortFolders }) {
    const folders = new Map();
    for (const item of items) {
        const path = pathOf(item);
        const slash = path.indexOf('/');
        const folder = slash === -1 ? '' : path.slice(0, slash);
        const queue = folders.get(folder);
        if (queue)
            queue.push(item);
        else
            folders.set(folder, [item]);
    }
    const names = sortFolders ? [...folders.keys()].sort() : [...folders.keys()];
    const queues = names.map((name) => folders.get(name) ?? []);
    const order = [];
    for (let round = 0; queues.some((queue) => round < queue.length); round++) {
        for (const queue of queues) {
            const item = queue[round];
            if (item !== undefined)
                order.push(item);
        }
    }
    return order;
}


/***/ }),

/***/ 2516:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _O: () => (/* binding */ USER_AGENT),
/* harmony export */   w5: () => (/* binding */ PROJECT_URL)
/* harmony export */ });
/* unused harmony export ACTION_VERSION */
/** The action's release, kept equal to package.json's version (test/user-agent.test.ts checks it). */
const ACTION_VERSION = '1.0.0';
/** The project's home, where its README is. */
const PROJECT_URL = 'https://github.com/acme/mintlify-static-export-action';
/**
 * Sent with every request, to the API and to the storage host, so that their operators can tell
 * this action's traffic and version apart from other clients.
 */
const USER_AGENT = `docs-export-action/${ACTION_VERSION} (+${PROJECT_URL}) node/${process.versions.node}`;


/***/ }),

/***/ 3792:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ workerBeside),
/* harmony export */   v: () => (/* binding */ besideModule)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_url__WEBPACK_IMPORTED_MODULE_1__);


/**
 * The first of a worker's files that exists beside a module: in dist/, the worker's own bundle
 * (`name/index.js` beside the bundle that holds the module); from src/, its source (`name.ts`).
 */
function besideModule(moduleUrl, names) {
    return names.map((name) => new URL(name, moduleUrl)).find((url) => (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(url));
}
/** The same, for a worker the module cannot do without: a bundle without it is broken. */
function workerBeside(moduleUrl, names) {
    const url = besideModule(moduleUrl, names);
    if (!url)
        throw new Error(`${names.join(' or ')} is missing beside ${(0,node_url__WEBPACK_IMPORTED_MODULE_1__.fileURLToPath)(moduleUrl)}: the build is incomplete`);
    return url;
}


/***/ }),

/***/ 4503:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Q: () => (/* binding */ checkDeployment)
});

// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/core/at-once.ts
var at_once = __webpack_require__(3230);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/format.ts
var format = __webpack_require__(6228);
// EXTERNAL MODULE: ./src/core/log-text.ts
var log_text = __webpack_require__(9357);
// EXTERNAL MODULE: ./src/manifest/schema.ts
var schema = __webpack_require__(6470);
// EXTERNAL MODULE: ./src/core/net.ts
var net = __webpack_require__(8456);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
// EXTERNAL MODULE: ./src/core/retry.ts
var retry = __webpack_require__(7253);
// EXTERNAL MODULE: ./src/core/user-agent.ts
var user_agent = __webpack_require__(2516);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
;// CONCATENATED MODULE: ./src/deployment/decode.ts




const CODINGS = {
    gzip: { stream: () => (0,external_node_zlib_.createGunzip)(), atOnce: (bytes, maxOutputLength) => (0,external_node_zlib_.gunzipSync)(bytes, { maxOutputLength }) },
    'x-gzip': {
        stream: () => (0,external_node_zlib_.createGunzip)(),
        atOnce: (bytes, maxOutputLength) => (0,external_node_zlib_.gunzipSync)(bytes, { maxOutputLength })
    },
    deflate: {
        stream: () => (0,external_node_zlib_.createInflate)(),
        atOnce: (bytes, maxOutputLength) => (0,external_node_zlib_.inflateSync)(bytes, { maxOutputLength })
    },
    br: {
        stream: () => (0,external_node_zlib_.createBrotliDecompress)(),
        atOnce: (bytes, maxOutputLength) => (0,external_node_zlib_.brotliDecompressSync)(bytes, { maxOutputLength })
    },
    zstd: {
        stream: () => (0,external_node_zlib_.createZstdDecompress)(),
        atOnce: (bytes, maxOutputLength) => (0,external_node_zlib_.zstdDecompressSync)(bytes, { maxOutputLength })
    }
};
/** What the check asks hosts for: every coding it can undo. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/**
 * An encoded body this small is decoded in one synchronous call once it has arrived: a zlib
 * stream per answer costs more than the decoding of a page (BENCHMARKS.md, figure 9). Larger ones
 * stream through the decoders.
 */
const AT_ONCE_BYTES = 1024 * 1024;
class TooLarge extends Error {
}
/** The codings of a Content-Encoding header, in the order they were applied; `identity` dropped. */
function parseCodings(value) {
    return (value ?? '')
        .split(',')
        .map((coding) => coding.trim().toLowerCase())
        .filter((coding) => coding !== '' && coding !== 'identity');
}
function isKnownCoding(coding) {
    return Object.hasOwn(CODINGS, coding);
}
/**
 * Reads `body` through the decoders of `codings` (known ones: see isKnownCoding) and hashes what
 * comes out. Stops reading once more than `maxBytes` came out. A decoder's failure is thrown as it
 * is; so is a failure of the body.
 */
async function hashDecoded(body, codings, maxBytes) {
    const decoders = [...codings].reverse().map((coding) => CODINGS[coding]);
    const hashing = (0,external_node_crypto_.createHash)('sha256');
    let size = 0;
    const take = (chunk) => {
        size += chunk.length;
        if (size > maxBytes)
            throw new TooLarge();
        hashing.update(chunk);
    };
    try {
        if (decoders.length === 0) {
            // pipeline() costs more than reading a small file.
            for await (const chunk of body)
                take(chunk);
            return { sha256: hashing.digest('hex'), size };
        }
        const iterator = body[Symbol.asyncIterator]();
        const head = [];
        let headBytes = 0;
        for (;;) {
            const next = await iterator.next();
            if (next.done)
                return decodeAtOnce(Buffer.concat(head), decoders, maxBytes);
            head.push(next.value);
            headBytes += next.value.length;
            if (headBytes > AT_ONCE_BYTES)
                break;
        }
        const rest = async function* () {
            yield* head;
            for (let next = await iterator.next(); !next.done; next = await iterator.next())
                yield next.value;
        };
        await pipelineOf(external_node_stream_.Readable.from(rest()), ...decoders.map((decoder) => decoder.stream()), async (chunks) => {
            for await (const chunk of chunks)
                take(chunk);
        });
        return { sha256: hashing.digest('hex'), size };
    }
    catch (error) {
        if (error instanceof TooLarge)
            return { tooLarge: true, size };
        throw error;
    }
}
function decodeAtOnce(encoded, decoders, maxBytes) {
    let bytes = encoded;
    for (const [i, decoder] of decoders.entries()) {
        // A coding under another is itself compressed: it may be a little larger than what it holds.
        const last = i === decoders.length - 1;
        try {
            bytes = decoder.atOnce(bytes, last ? maxBytes + 1 : 2 * maxBytes + 1024);
        }
        catch (error) {
            if (error.code === 'ERR_BUFFER_TOO_LARGE')
                return { tooLarge: true, size: maxBytes + 1 };
            throw error;
        }
    }
    if (bytes.length > maxBytes)
        return { tooLarge: true, size: bytes.length };
    return { sha256: (0,external_node_crypto_.hash)('sha256', bytes, 'hex'), size: bytes.length };
}
/** pipeline() through any number of decoders, which its types spell out one count at a time. */
const pipelineOf = external_node_stream_promises_.pipeline;

;// CONCATENATED MODULE: ./src/deployment/fetch.ts







/** Read of an error page at most, so that the connection can serve the next request. */
const ERROR_PAGE_BYTES = 64 * 1024;
/** A transient status after the last attempt: the answer it is. */
class PassingStatus extends errors/* ActionError */.lZ {
    status;
    constructor(status, retryAfterMs) {
        super(`answered HTTP ${status}`, { code: 'http-status', retryable: true, retryAfterMs });
        this.status = status;
    }
}
/** What `url` serves, within `maxBytes` of decoded body, retried as the API's calls are. */
async function fetchServed(url, maxBytes, options) {
    try {
        return await (0,net/* retryRequest */.qN)(url, () => fetchOnce(url, maxBytes, options), {
            baseDelayMs: options.retryBaseDelayMs,
            deadline: options.deadline,
            signal: options.signal,
            log: (message) => options.host.debug(message)
        });
    }
    catch (error) {
        if (options.signal.aborted)
            throw error;
        const last = error instanceof retry/* OutOfTimeError */.JT ? error.cause : error;
        if (last instanceof PassingStatus)
            return { kind: 'answer', status: last.status };
        if (last instanceof errors/* ActionError */.lZ && last.code === 'network')
            return { kind: 'unreachable', reason: last.message };
        throw error;
    }
}
async function fetchOnce(first, maxBytes, options) {
    let url = first;
    for (let hop = 0;; hop++) {
        const timeoutMs = (0,net/* requestTimeoutMs */.Hl)(options.deadline);
        let response;
        try {
            response = await (0,undici/* request */.Em)(url, {
                dispatcher: options.dispatcher,
                signal: options.signal,
                headersTimeout: timeoutMs,
                bodyTimeout: timeoutMs,
                headers: { 'user-agent': user_agent/* USER_AGENT */._O, accept: '*/*', 'accept-encoding': ACCEPT_ENCODING }
            });
        }
        catch (error) {
            throw (0,net/* networkFailure */.rd)(error);
        }
        const { statusCode: status, headers } = response;
        if (net/* REDIRECT_STATUSES */.aq.has(status)) {
            await response.body.dump({ limit: ERROR_PAGE_BYTES });
            const next = URL.parse((0,net/* header */.wx)(headers.location) ?? '', url.href);
            if (!next)
                return { kind: 'unreadable', status, reason: `answered HTTP ${status} without a place to go` };
            if (next.origin !== options.origin)
                return { kind: 'unreadable', status, reason: `redirects to another origin (${(0,log_text/* oneLine */.TN)((0,net/* redactUrl */.BO)(next.href))})` };
            if (hop >= net/* MAX_REDIRECTS */.NX)
                return { kind: 'unreadable', status, reason: `redirects more than ${net/* MAX_REDIRECTS */.NX} times` };
            url = next;
            continue;
        }
        if (status < 200 || status >= 300) {
            await response.body.dump({ limit: ERROR_PAGE_BYTES });
            if (net/* RETRYABLE_STATUSES */.U3.has(status))
                throw new PassingStatus(status, (0,retry/* parseRetryAfter */.mu)(headers['retry-after']));
            return { kind: 'answer', status };
        }
        return hashBody(response, maxBytes);
    }
}
/** The decoded body's SHA-256 and size; past `maxBytes` it is not read further. */
async function hashBody(response, maxBytes) {
    const { statusCode: status, headers, body } = response;
    const codings = parseCodings((0,net/* header */.wx)(headers['content-encoding']));
    const unknown = codings.find((coding) => !isKnownCoding(coding));
    if (unknown !== undefined) {
        (0,net/* dropBody */.wB)(body);
        return { kind: 'unreadable', status, reason: `uses the content encoding ${JSON.stringify((0,log_text/* oneLine */.TN)(unknown))}` };
    }
    const length = (0,net/* header */.wx)(headers['content-length']);
    if (codings.length === 0 && length && /^\d+$/.test(length) && Number(length) > maxBytes) {
        (0,net/* dropBody */.wB)(body);
        return { kind: 'answer', status, size: Number(length), tooLarge: true };
    }
    try {
        const decoded = await hashDecoded(body, codings, maxBytes);
        return { kind: 'answer', status, ...decoded };
    }
    catch (error) {
        if (error instanceof Error && error.name === 'AbortError')
            throw error;
        const code = (0,errors/* systemCode */.xU)(error);
        if (code !== undefined && (net/* NETWORK_CODES */.Co.has(code) || code.startsWith('UND_ERR')))
            throw (0,net/* networkFailure */.rd)(error);
        (0,net/* dropBody */.wB)(body);
        return {
            kind: 'unreadable',
            status,
            reason: `its ${codings.join(', ')} content encoding could not be decoded (${(0,log_text/* oneLine */.TN)(error.message)})`
        };
    }
}

// EXTERNAL MODULE: ./src/deployment/report.ts
var deployment_report = __webpack_require__(5513);
// EXTERNAL MODULE: ./src/deployment/sample.ts
var deployment_sample = __webpack_require__(8793);
;// CONCATENATED MODULE: ./src/deployment/check.ts










/** Requests in flight at once: enough to hide the round trips, few enough for any host. */
const CONCURRENCY = 8;
const DEFAULT_CHECK_FILES = 100;
/**
 * Compares what the site at `url` serves with the manifest: index.html and a spread of files (each
 * one's SHA-256, after any content encoding is decoded), and the extensionless form of the pages
 * among them. While something differs it waits `pollIntervalMs` and asks again for what did not
 * match yet, until everything matches or the deadline comes; a rollout takes time. Returns the
 * report; its `status` says whether the deployment is current (deploymentError() is the step's
 * error when it is not).
 */
async function checkDeployment(options) {
    const { manifest, host } = options;
    const base = siteUrl(options.url);
    const startedAt = Date.now();
    const served = (0,deployment_sample/* servedFiles */.zo)(manifest);
    const also = options.compareAlso ?? new Set();
    // The sample is the one check-deployment takes with the same check-files, whatever is compared
    // besides it: a read-back then asks for everything check-deployment would, and never disagrees.
    const sample = (0,deployment_sample/* chooseFiles */.P_)(served, options.checkFiles ?? DEFAULT_CHECK_FILES);
    const sampled = new Set(sample.map((file) => file.path));
    const files = [...served.filter((file) => also.has(file.path) && !sampled.has(file.path)), ...sample];
    const routes = options.extensionlessRoutes === false ? [] : (0,deployment_sample/* routesOf */.eV)(files);
    const items = [
        ...files.map((file) => item('file', file.path, base, file)),
        ...routes.map((route) => item('route', route.route, base, route.page))
    ];
    host.info(`Comparing ${files.length} of the ${(0,format/* countOf */.pq)(manifest.files.length, 'file')} of export job ${(0,log_text/* oneLine */.TN)(manifest.jobId)}` +
        `${routes.length > 0 ? ` and ${(0,format/* countOf */.pq)(routes.length, 'route')} a visitor follows` : ''} with ${base.href}`);
    const fetchOptions = {
        origin: base.origin,
        deadline: options.deadline,
        signal: options.signal,
        retryBaseDelayMs: options.retryBaseDelayMs ?? Math.min(1000, options.pollIntervalMs),
        dispatcher: options.dispatcher,
        host
    };
    let pending = items;
    let rounds = 0;
    for (;;) {
        rounds++;
        await (0,at_once/* forEachAtOnce */.t)(pending, CONCURRENCY, async (entry) => {
            entry.served = judge(entry, await fetchServed(entry.url, entry.expected.size, fetchOptions));
        });
        pending = pending.filter((entry) => entry.served.status !== 'match');
        const waitMs = Math.min(options.pollIntervalMs, Math.max(0, options.deadline - Date.now()));
        const worthAsking = pending.every((entry) => options.askAgainAbout?.has(entry.served.status) ?? true);
        const again = pending.length > 0 && worthAsking && Date.now() + options.pollIntervalMs < options.deadline;
        host.info(`Round ${rounds}: ${progress(items)}${again ? `; asking again for ${pending.length} in ${(0,format/* formatSeconds */.Xo)(waitMs)}` : ''}`);
        if (!again)
            break;
        await (0,promises_.setTimeout)(waitMs, undefined, { signal: options.signal });
    }
    const report = buildReport(options, base, items, startedAt, rounds);
    host.info(`The deployment at ${report.url} is ${(0,deployment_report/* describeStatus */.Wn)(report)}`);
    return report;
}
/** The site's URL as a folder to resolve paths against; refused when it is not http(s) or carries credentials. */
function siteUrl(url) {
    const parsed = URL.parse(url);
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
        throw new errors/* ActionError */.lZ(`The site's URL ${(0,log_text/* oneLine */.TN)((0,net/* redactUrl */.BO)(url))} is not an http or https URL`, { code: 'bad-url' });
    if (parsed.username || parsed.password)
        throw new errors/* ActionError */.lZ(`The site's URL ${parsed.host} holds a user name or password, which the check does not send`, {
            code: 'bad-url'
        });
    parsed.search = '';
    parsed.hash = '';
    if (!parsed.pathname.endsWith('/'))
        parsed.pathname += '/';
    return parsed;
}
function item(kind, path, base, expected) {
    const url = new URL(path.split('/').map(encodeURIComponent).join('/'), base);
    return {
        kind,
        path,
        url,
        expected,
        served: {
            servedSha256: null,
            servedSize: null,
            httpStatus: null,
            status: 'unreachable',
            detail: 'not asked for yet'
        }
    };
}
/** What an answer means for one file or route. */
function judge(entry, served) {
    const none = { servedSha256: null, servedSize: null };
    if (served.kind === 'unreachable')
        return { ...none, httpStatus: null, status: 'unreachable', detail: served.reason };
    if (served.kind === 'unreadable')
        return { ...none, httpStatus: served.status, status: 'error', detail: served.reason };
    const { status: httpStatus, sha256, size } = served;
    if (httpStatus === 404 || httpStatus === 410) {
        const unmapped = entry.kind === 'route' ? `: the host does not serve ${entry.expected.path} for /${entry.path}` : '';
        return { ...none, httpStatus, status: 'missing', detail: `HTTP ${httpStatus}${unmapped}` };
    }
    if (httpStatus < 200 || httpStatus >= 300)
        return { ...none, httpStatus, status: 'error', detail: `HTTP ${httpStatus}` };
    if (served.tooLarge)
        return {
            ...none,
            httpStatus,
            status: 'differs',
            detail: `more than the ${entry.expected.size} bytes of the export's file`
        };
    const result = { servedSha256: sha256 ?? null, servedSize: size ?? null, httpStatus };
    if (sha256 === entry.expected.sha256)
        return { ...result, status: 'match', detail: null };
    return {
        ...result,
        status: 'differs',
        detail: `other content: ${size ?? 0} bytes, SHA-256 ${sha256?.slice(0, 12) ?? ''}…`
    };
}
/** "37 of 100 files match, 12 of 40 routes answer". */
function progress(items) {
    const count = (kind, status) => items.filter((entry) => entry.kind === kind && (status === undefined || entry.served.status === status)).length;
    const routes = count('route');
    return `${count('file', 'match')} of ${(0,format/* countOf */.pq)(count('file'), 'file')} match${routes > 0 ? `, ${count('route', 'match')} of ${(0,format/* countOf */.pq)(routes, 'route')} answer` : ''}`;
}
function buildReport(options, base, items, startedAt, rounds) {
    const files = [];
    const routes = [];
    for (const entry of items) {
        if (entry.kind === 'file') {
            files.push({
                path: entry.path,
                url: entry.url.href,
                expectedSha256: entry.expected.sha256,
                expectedSize: entry.expected.size,
                ...entry.served
            });
        }
        else {
            const { servedSha256, httpStatus, status, detail } = entry.served;
            routes.push({
                route: entry.path,
                url: entry.url.href,
                page: entry.expected.path,
                expectedSha256: entry.expected.sha256,
                servedSha256,
                httpStatus,
                status,
                detail
            });
        }
    }
    return {
        version: deployment_report/* DEPLOYMENT_REPORT_VERSION */.QU,
        url: base.href,
        manifest: (0,schema/* exportOf */.yN)(options.manifest),
        status: (0,deployment_report/* deploymentStatus */.I1)(files, routes),
        startedAt: new Date(startedAt).toISOString(),
        durationMs: Date.now() - startedAt,
        rounds,
        counts: {
            filesCompared: files.length,
            filesMatching: files.filter((file) => file.status === 'match').length,
            routesTried: routes.length,
            routesAnswering: routes.filter((route) => route.status === 'match').length
        },
        files,
        routes
    };
}


/***/ }),

/***/ 5513:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I1: () => (/* binding */ deploymentStatus),
/* harmony export */   QU: () => (/* binding */ DEPLOYMENT_REPORT_VERSION),
/* harmony export */   Wn: () => (/* binding */ describeStatus),
/* harmony export */   fJ: () => (/* binding */ writeDeploymentReport),
/* harmony export */   qK: () => (/* binding */ deploymentError),
/* harmony export */   vJ: () => (/* binding */ mismatches)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_own_files_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1933);
/* harmony import */ var _core_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6228);
/* harmony import */ var _core_log_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9357);




/**
 * The deployment check's outcome and its JSON report (docs/after-the-deploy.md documents it):
 * every file compared and every route tried, with what the host served.
 */
const DEPLOYMENT_REPORT_VERSION = 1;
/** Mismatches of each kind named in the step's error. */
const EXAMPLES = 3;
function deploymentStatus(files, routes) {
    const matching = files.filter((file) => file.status === 'match').length;
    if (matching === files.length && routes.every((route) => route.status === 'match'))
        return 'current';
    if ([...files, ...routes].every((item) => item.status === 'unreachable'))
        return 'unreachable';
    return matching === 0 ? 'stale' : 'partial';
}
/** How the status reads in the log and the error: "partly rolled out (37 of 100 match)". */
function describeStatus(report) {
    const { filesCompared, filesMatching, routesTried, routesAnswering } = report.counts;
    const routes = routesAnswering < routesTried
        ? `; ${routesTried - routesAnswering} of ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_3__/* .countOf */ .pq)(routesTried, 'route')} ${routesTried - routesAnswering === 1 ? 'does' : 'do'} not answer`
        : '';
    switch (report.status) {
        case 'current':
            return `current (${filesMatching} of ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_3__/* .countOf */ .pq)(filesCompared, 'file')} match${routesTried > 0 ? `, ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_3__/* .countOf */ .pq)(routesTried, 'route')} answer` : ''})`;
        case 'partial':
            return `partly rolled out (${filesMatching} of ${filesCompared} match${routes})`;
        case 'stale':
            return report.files.some((file) => file.status === 'differs')
                ? `stale: it serves another export (none of ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_3__/* .countOf */ .pq)(filesCompared, 'file')} match${routes})`
                : `not serving the export: none of ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_3__/* .countOf */ .pq)(filesCompared, 'file')} is served (${answersOf(report.files)})${routes}`;
        case 'unreachable':
            return 'unreachable: the host did not answer';
    }
}
/** What the host answered instead of the files: `HTTP 401`, `HTTP 403 and HTTP 404`. */
function answersOf(files) {
    const answers = [
        ...new Set(files.map((file) => (file.httpStatus === null ? 'no answer' : `HTTP ${file.httpStatus}`)))
    ];
    return answers.length > 3 ? `${answers.slice(0, 3).join(', ')}, …` : answers.join(' and ');
}
/**
 * The step's one error when the deployment is not current: the status, then examples of each kind
 * of mismatch, then where the report is.
 */
function deploymentError(report, reportPath) {
    const lines = [
        `The deployment at ${report.url} is ${describeStatus(report)}, after ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(report.durationMs)} (${report.rounds} ${report.rounds === 1 ? 'round' : 'rounds'}); it should serve export job ${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(report.manifest.jobId)}`,
        ...mismatches(report)
    ];
    if (reportPath)
        lines.push(`Report: ${reportPath}`);
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ((0,_core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .sentences */ .hC)(...lines), {
        code: 'deployment-not-current',
        inSummary: `The deployment at ${report.url} is ${describeStatus(report)}; it should serve export job ${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(report.manifest.jobId)}. What differs is listed below`
    });
}
/** What did not match, a line for each kind of mismatch with a few examples. */
function mismatches(report) {
    const lines = [];
    for (const status of ['differs', 'missing', 'error', 'unreachable']) {
        const files = report.files.filter((file) => file.status === status);
        if (files.length > 0)
            lines.push(`${heading(status, files.length, 'file')}: ${examples(files.map(describeFile))}`);
    }
    const routes = report.routes.filter((route) => route.status !== 'match');
    if (routes.length > 0)
        lines.push(`${routes.length} ${routes.length === 1 ? 'route' : 'routes'}: ${examples(routes.map(describeRoute))}`);
    return lines;
}
function heading(status, count, noun) {
    const words = { differs: 'Other content', missing: 'Missing', error: 'Errors', unreachable: 'No answer' };
    return `${words[status]}, ${count} ${noun}${count === 1 ? '' : 's'}`;
}
function examples(items) {
    const shown = items.slice(0, EXAMPLES).join('; ');
    return items.length > EXAMPLES ? `${shown}; …and ${items.length - EXAMPLES} more` : shown;
}
function describeFile(file) {
    return `${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(file.path)} (${file.detail ?? file.status})`;
}
function describeRoute(route) {
    return `/${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)(route.route)} (${route.detail ?? route.status})`;
}
/** Writes the report to the action's own file `file` (deployment-report.json in the output folder). */
async function writeDeploymentReport(report, file) {
    await (0,_core_own_files_js__WEBPACK_IMPORTED_MODULE_1__/* .writeOwnFile */ .OP)(file, `${JSON.stringify(report, null, 2)}\n`);
}


/***/ }),

/***/ 8793:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lu: () => (/* binding */ routeOf),
/* harmony export */   P_: () => (/* binding */ chooseFiles),
/* harmony export */   eV: () => (/* binding */ routesOf),
/* harmony export */   hK: () => (/* binding */ contentFiles),
/* harmony export */   zo: () => (/* binding */ servedFiles)
/* harmony export */ });
/* harmony import */ var _core_spread_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4892);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);


/** Chain length past which a link is taken for a loop, as Linux does (MAXSYMLINKS). */
const MAX_LINK_HOPS = 40;
/**
 * Files that hosts do not all serve: dot files and folders (`.nojekyll`, `.well-known/`), and the
 * rule files that Netlify and Cloudflare Pages read at the top instead of serving them.
 */
const HOST_FILES = new Set(['_redirects', '_headers', '_routes.json']);
function isServed(file) {
    return !HOST_FILES.has(file) && !file.split('/').some((part) => part.startsWith('.'));
}
/**
 * Every file of the site with the content a host must answer with at its path: a link answers
 * with the file it leads to (hosts and sync tools follow links), so its entry takes that file's
 * size and SHA-256; a link to a folder, or one that leads nowhere in the manifest, has no content.
 * In the manifest's order.
 */
function contentFiles(manifest) {
    const byPath = new Map(manifest.files.map((file) => [file.path, file]));
    const files = [];
    for (const file of manifest.files) {
        let current = file;
        for (let hops = 0; current.link !== undefined && hops <= MAX_LINK_HOPS; hops++) {
            const target = node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.normalize(node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.join(node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.dirname(current.path), current.link));
            const next = target.startsWith('../') || node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.isAbsolute(target) ? undefined : byPath.get(target);
            if (!next)
                break;
            current = next;
        }
        if (current.link === undefined)
            files.push({ path: file.path, size: current.size, sha256: current.sha256, source: current.path });
    }
    return files;
}
/** Every file a host serves (contentFiles, without the files hosts do not all serve), with its content. */
function servedFiles(manifest) {
    return contentFiles(manifest)
        .filter((file) => isServed(file.path))
        .map(({ path, size, sha256 }) => ({ path, size, sha256 }));
}
/**
 * The files compared: `index.html` first, then one file of each top folder in turn (the top
 * level's own files counting as one folder), each folder's shallowest files first, so that a
 * small sample covers every part of the site. The same manifest always gives the same sample.
 */
function chooseFiles(files, count) {
    const index = files.find((file) => file.path === 'index.html');
    const rest = byDepthThenPath(files).filter((file) => file !== index);
    const spread = (0,_core_spread_js__WEBPACK_IMPORTED_MODULE_1__/* .inTurnByTopFolder */ .x)(rest, (file) => file.path, { sortFolders: false });
    return (index ? [index, ...spread] : spread).slice(0, count === 'all' ? files.length : count);
}
/**
 * The route a visitor asks for to get a page, as the site's links and sitemap write it: `guides/x`
 * for `guides/x.html`, `''` for the site's `index.html`, `guides/` for a folder's
 * `guides/index.html` (a host's index document); undefined for a file that is no page, and for
 * `404.html`.
 */
function routeOf(file) {
    if (file === 'index.html')
        return '';
    if (!file.endsWith('.html') || file === '404.html')
        return undefined;
    if (file.endsWith('/index.html'))
        return file.slice(0, -'index.html'.length);
    return file.slice(0, -'.html'.length);
}
/** The extensionless form of each chosen page, and the front page itself at the site's root. */
function routesOf(files) {
    const routes = [];
    for (const page of files) {
        const route = routeOf(page.path);
        if (route !== undefined)
            routes.push({ route, page });
    }
    return routes;
}
/** Shallowest first, then by path as UTF-8 bytes: the order of the manifest, whatever order it came in. */
function byDepthThenPath(files) {
    return files
        .map((file) => ({ file, depth: (0,_core_spread_js__WEBPACK_IMPORTED_MODULE_1__/* .depthOf */ .d)(file.path), key: Buffer.from(file.path) }))
        .sort((a, b) => a.depth - b.depth || Buffer.compare(a.key, b.key))
        .map(({ file }) => file);
}


/***/ }),

/***/ 7486:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FO: () => (/* binding */ textBytes),
/* harmony export */   ay: () => (/* binding */ jsonBytesWithListsByLine),
/* harmony export */   hX: () => (/* binding */ jsonWithListsByLine)
/* harmony export */ });
/**
 * The JSON files written beside the site (the manifest, the changes) and the record of a publish,
 * as a reader and a diff want them: one entry of each list on a line of its own.
 */
function jsonWithListsByLine(value) {
    return [...jsonParts(value)].join('');
}
/**
 * The same text, as UTF-8 bytes, written straight into one buffer: a list of 40,000 entries
 * never exists as a string of its own nor as one string a line, which would hold it three times
 * over (what keeps the publish's memory flat with the size of the site).
 */
function jsonBytesWithListsByLine(value) {
    return textBytes(() => jsonParts(value));
}
/**
 * The UTF-8 bytes of a text given in parts, in one buffer of the right length: `parts` is called
 * twice, once to measure and once to write, and gives the same parts each time.
 */
function textBytes(parts) {
    let length = 0;
    for (const part of parts())
        length += Buffer.byteLength(part);
    const bytes = Buffer.allocUnsafe(length);
    let written = 0;
    for (const part of parts())
        written += bytes.write(part, written);
    // Parts that differed the second time would leave bytes unwritten.
    if (written !== length)
        throw new Error(`a text of ${length} bytes came out as ${written}`);
    return bytes;
}
/**
 * A list may be an array, or an iterable that gives its entries afresh each time it is iterated
 * (the text is read twice: once measured, once written), so that a list made for the file alone
 * never exists as an array.
 */
function* jsonParts(value) {
    const fields = Object.entries(value).filter(([, field]) => field !== undefined);
    yield fields.length === 0 ? '{\n\n' : '{\n';
    for (const [index, [key, field]] of fields.entries()) {
        const name = JSON.stringify(key);
        if (!isList(field))
            yield `  ${name}: ${JSON.stringify(field)}`;
        else {
            let first = true;
            for (const item of field) {
                yield `${first ? `  ${name}: [\n` : ',\n'}    ${JSON.stringify(item)}`;
                first = false;
            }
            yield first ? `  ${name}: []` : '\n  ]';
        }
        yield index < fields.length - 1 ? ',\n' : '\n';
    }
    yield '}\n';
}
function isList(field) {
    return Array.isArray(field) || (typeof field === 'object' && field !== null && Symbol.iterator in field);
}


/***/ }),

/***/ 8553:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ readPreviousManifest),
/* harmony export */   W: () => (/* binding */ readManifest)
/* harmony export */ });
/* harmony import */ var _core_document_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9354);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _core_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3252);
/* harmony import */ var _core_log_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9357);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6470);





/**
 * The manifest at `source`, a path or an https link (http only to a loopback address), read
 * within MAX_MANIFEST_BYTES and checked field by field. Fails with an ActionError that names the
 * source (a link without its query) and says why.
 */
async function readManifest(source, options) {
    const named = `The manifest ${(0,_core_document_js__WEBPACK_IMPORTED_MODULE_0__/* .describeSource */ .B6)(source)}`;
    let json;
    try {
        json = await (0,_core_document_js__WEBPACK_IMPORTED_MODULE_0__/* .readJsonDocument */ .E_)(source, { ...options, maxBytes: _schema_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_MANIFEST_BYTES */ .ZJ });
    }
    catch (error) {
        if (!(error instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ))
            throw error;
        const code = error.code === 'not-json' ? 'not-a-manifest' : error.code;
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ((0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .message */ .iU) `${named} ${error.text}`, { code, cause: error });
    }
    const result = _schema_js__WEBPACK_IMPORTED_MODULE_4__/* .Manifest */ ._8.safeParse(json);
    if (!result.success) {
        const [issue] = result.error.issues;
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
        throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ(`${named} is not a manifest of this action (version 1)${issue ? `: ${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(issue.message)}${where}` : ''}`, { code: 'not-a-manifest' });
    }
    return result.data;
}
/**
 * The previous export's manifest for the comparison (compare-to), or undefined after one warning
 * that names it and says why: one that cannot be read, is not a manifest, or is of another domain
 * than the export's (when that is known) is no failure of the run, only no comparison.
 */
async function readPreviousManifest(source, options) {
    let manifest;
    try {
        manifest = await readManifest(source, options);
    }
    catch (error) {
        if (options.signal?.aborted || !(error instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ))
            throw error;
        options.host.warning((0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .message */ .iU) `${error.text}: the changes since that export are not listed`, { title: 'Changes' });
        return undefined;
    }
    if (options.domain && manifest.domain && manifest.domain !== options.domain) {
        options.host.warning(`The manifest ${(0,_core_document_js__WEBPACK_IMPORTED_MODULE_0__/* .describeSource */ .B6)(source)} is of ${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(manifest.domain)}, not ${options.domain}: the changes since that export are not listed`, { title: 'Changes' });
        return undefined;
    }
    return manifest;
}


/***/ }),

/***/ 6470:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $y: () => (/* binding */ sortByPath),
/* harmony export */   IA: () => (/* binding */ Sha256),
/* harmony export */   ZJ: () => (/* binding */ MAX_MANIFEST_BYTES),
/* harmony export */   _8: () => (/* binding */ Manifest),
/* harmony export */   hh: () => (/* binding */ MANIFEST_VERSION),
/* harmony export */   yN: () => (/* binding */ exportOf),
/* harmony export */   yp: () => (/* binding */ isPage)
/* harmony export */ });
/* unused harmony export ManifestFile */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4528);

/**
 * The manifest: what one export's site holds, file by file, written as `manifest.json` beside the
 * site (docs/after-the-deploy.md documents it). A manifest read back may come from anywhere, so
 * every field is checked, and a path is one that stays inside the site wherever it is joined.
 */
const MANIFEST_VERSION = 1;
/** About 130 bytes a file: room for the unpacking policy's 500,000 entries. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const Sha256 = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lower-case hex');
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Relative, `/`-separated, without empty, `.` or `..` parts, a backslash or a control character. */
function isSitePath(path) {
    if (path === '' || path.includes('\\') || CONTROL.test(path))
        return false;
    return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
const ManifestFile = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().refine(isSitePath, 'a relative path inside the site'),
    size: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative(),
    sha256: Sha256,
    link: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional()
});
const Manifest = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    version: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(MANIFEST_VERSION),
    jobId: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    domain: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    /** The export's label (the `version` setting), or null. */
    exportVersion: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    bundleSha256: Sha256,
    createdAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    files: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(ManifestFile)
});
function exportOf(manifest) {
    const { jobId, domain, exportVersion, bundleSha256, createdAt } = manifest;
    return { jobId, domain, exportVersion, bundleSha256, createdAt, files: manifest.files.length };
}
/** Pages, as the site check counts them: `.html` and `.htm` files. */
function isPage(path) {
    return /\.html?$/i.test(path);
}
/**
 * Sorted by path as UTF-8 bytes (Buffer.compare), the order that does not depend on the locale
 * or on JavaScript's UTF-16 strings. Each path is encoded once, not once per comparison.
 */
function sortByPath(items) {
    return items
        .map((item) => ({ item, key: Buffer.from(item.path) }))
        .sort((a, b) => Buffer.compare(a.key, b.key))
        .map(({ item }) => item);
}


/***/ }),

/***/ 4182:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dk: () => (/* binding */ TAG),
/* harmony export */   He: () => (/* binding */ parseMirrorPublicUrl),
/* harmony export */   wi: () => (/* binding */ parseMirrorTarget)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_net_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8456);
/* harmony import */ var _core_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3252);
/* harmony import */ var _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9251);




/** A repository as the distribution spec names it: lower-case path components joined by `/`. */
const REPOSITORY = /^[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*)*$/;
/** A tag as the distribution spec allows it. */
const TAG = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port. */
const REGISTRY_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const SHAPES = '`s3://BUCKET/PREFIX` or `oci://HOST[:PORT]/REPOSITORY[:TAG]`';
/**
 * `mirror-to` as a target, with `mirror-endpoint` (an address the settings checked already, as
 * every URL input) for an S3 target; throws an ActionError (code `input`) that names the input
 * when `mirror-to` is malformed or of an unknown scheme, or an endpoint is given to a registry.
 */
function parseMirrorTarget(text, endpoint) {
    const value = text.trim();
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(value)?.[1]?.toLowerCase();
    if (scheme === 's3')
        return { scheme: 's3', ...(0,_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_3__/* .parseS3Location */ .TL)(value.slice('s3://'.length), endpoint, 'mirror-to') };
    if (scheme === 'oci') {
        if (endpoint?.trim())
            throw inputError('mirror-endpoint', 'applies to `s3://` targets only; an `oci://` target names its registry itself');
        return parseOci(value.slice('oci://'.length));
    }
    throw inputError('mirror-to', scheme ? `has the scheme "${scheme}", which is not one the mirror knows: use ${SHAPES}` : `must be ${SHAPES}`);
}
/**
 * `mirror-public-url` (an address the settings checked already: https, or plain http on this
 * machine) as a base without a trailing `/`; for an OCI target, a registry's address, with no path.
 */
function parseMirrorPublicUrl(base, target) {
    const url = new URL(base);
    if (target.scheme === 'oci' && url.pathname !== '/')
        throw inputError('mirror-public-url', 'must be a registry address, `https://HOST[:PORT]`, without a path');
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
function parseOci(rest) {
    const slash = rest.indexOf('/');
    const host = slash < 0 ? rest : rest.slice(0, slash);
    const reference = slash < 0 ? '' : rest.slice(slash + 1);
    const port = /:(\d+)$/.exec(host)?.[1];
    if (!REGISTRY_HOST.test(host) || (port !== undefined && (Number(port) < 1 || Number(port) > 65535)))
        throw inputError('mirror-to', `names the registry "${host}", which is not HOST or HOST:PORT: use \`oci://HOST[:PORT]/REPOSITORY[:TAG]\``);
    if (reference.includes('@'))
        throw inputError('mirror-to', 'names a digest (`@sha256:…`): the mirror pushes a new artifact, so name a repository and, if you like, a tag');
    const colon = reference.lastIndexOf(':');
    const repository = colon < 0 ? reference : reference.slice(0, colon);
    const tag = colon < 0 ? undefined : reference.slice(colon + 1);
    if (!REPOSITORY.test(repository))
        throw inputError('mirror-to', `names the repository "${repository}", which is not one (lower-case letters, digits and separators, parts joined by \`/\`): use \`oci://HOST[:PORT]/REPOSITORY[:TAG]\``);
    if (tag !== undefined && !TAG.test(tag))
        throw inputError('mirror-to', `names the tag "${tag}", which is not one (up to 128 letters, digits, \`_\`, \`.\` and \`-\`)`);
    const hostname = new URL(`http://${host}`).hostname;
    return {
        scheme: 'oci',
        host,
        origin: `${(0,_core_net_js__WEBPACK_IMPORTED_MODULE_1__/* .isLoopbackHost */ .cW)(hostname) ? 'http' : 'https'}://${host}`,
        repository,
        ...(tag ? { tag } : {})
    };
}
function inputError(name, problem) {
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ((0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .message */ .iU) `${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .inputSubject */ .By)(name)} ${problem}`, { code: 'input', input: (0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .input */ .hF)(name) });
}


/***/ }),

/***/ 4188:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ publishError)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);

/**
 * A failure of the publish: the code `publish` (the command line's exit code 7), whatever went
 * wrong (a refused request, too many files to delete, an address that does not serve what was
 * published), with what to do about it as the hint.
 */
function publishError(problem, options = {}) {
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ(problem, { ...options, code: 'publish' });
}


/***/ }),

/***/ 6233:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DQ: () => (/* binding */ NO_CACHE),
/* harmony export */   JX: () => (/* binding */ contentTypeOf),
/* harmony export */   Tv: () => (/* binding */ parseCacheRules),
/* harmony export */   aV: () => (/* binding */ cacheControl)
/* harmony export */ });
/* harmony import */ var mime_types__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4096);
/* harmony import */ var minimatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2942);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4296);
/* harmony import */ var _core_message_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3252);
/* harmony import */ var _manifest_schema_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6470);





/**
 * The headers each object is published with, stated once: its `Content-Type` from the extension,
 * as the mime-types package (the table of Express and most Node servers) says it, with
 * `charset=utf-8` on text; its `Cache-Control` from `publish-cache-control`'s rules, else by what
 * the file is.
 */
/** Pages, the sitemap and the record: a cache asks again each time, so that a publish shows at once. */
const NO_CACHE = 'no-cache';
/** A name that carries its content's hash never holds other bytes: a cache may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Anything else may change under the same name: a cache keeps it five minutes. */
const SHORT_LIVED = 'public, max-age=300';
/** A name with a content hash: Next.js's build output, or `name.<8 or more hex digits>.ext`. */
const HASHED = [/(^|\/)_next\/static\//, /\.[0-9a-f]{8,}\.[A-Za-z0-9]+$/i];
/** A sitemap, or a sitemap index: `sitemap.xml`, `sitemap-0.xml`, `sitemap_index.xml`. */
const SITEMAP = /(^|\/)sitemap[^/]*\.xml$/i;
function contentTypeOf(path) {
    const type = (0,mime_types__WEBPACK_IMPORTED_MODULE_0__.lookup)(path);
    return (type && (0,mime_types__WEBPACK_IMPORTED_MODULE_0__.contentType)(type)) || 'application/octet-stream';
}
/** The `Cache-Control` of each path, by the first rule that matches it, else by what the file is. */
function cacheControl(rules) {
    const matchers = rules.map((rule) => ({ matcher: globOf(rule.glob), value: rule.value }));
    return (path) => {
        const rule = matchers.find(({ matcher }) => matcher.match(path));
        if (rule)
            return rule.value;
        if ((0,_manifest_schema_js__WEBPACK_IMPORTED_MODULE_4__/* .isPage */ .yp)(path) || SITEMAP.test(path))
            return NO_CACHE;
        if (HASHED.some((pattern) => pattern.test(path)))
            return IMMUTABLE;
        return SHORT_LIVED;
    };
}
/**
 * A glob against the site's paths: dot files included, and a glob without `/` matches a name at
 * any depth (`*.pdf`), as in .gitignore.
 */
function globOf(glob) {
    return new minimatch__WEBPACK_IMPORTED_MODULE_1__/* .Minimatch */ .VR(glob, { dot: true, matchBase: true });
}
/** What a header's value may hold: visible ASCII, spaces and tabs. */
const HEADER_VALUE = /^[\x20-\x7e\t]+$/;
/**
 * `publish-cache-control`'s lines as rules (`GLOB=VALUE`, split at the first `=`; a line that
 * starts with `#` is a comment); throws an ActionError (code `input`) that names the input and the
 * line when one is not a rule.
 */
function parseCacheRules(lines) {
    return lines.flatMap((line) => {
        if (line.startsWith('#'))
            return [];
        const equals = line.indexOf('=');
        const glob = line.slice(0, Math.max(0, equals)).trim();
        const value = line.slice(equals + 1).trim();
        const problem = equals < 0 || !glob || !value
            ? 'is not `GLOB=VALUE`'
            : HEADER_VALUE.test(value)
                ? undefined
                : 'has a value that is not a header value (visible ASCII only)';
        if (problem)
            throw new _core_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ActionError */ .lZ((0,_core_message_js__WEBPACK_IMPORTED_MODULE_3__/* .message */ .iU) `${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_3__/* .inputSubject */ .By)('publish-cache-control')} has a line ("${line}") that ${problem}: one rule a line, such as ${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_3__/* .input */ .hF)('publish-cache-control', 'assets/**=public, max-age=86400')}`, { code: 'input', input: (0,_core_message_js__WEBPACK_IMPORTED_MODULE_3__/* .input */ .hF)('publish-cache-control') });
        return [{ glob, value }];
    });
}


/***/ }),

/***/ 5004:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U_: () => (/* binding */ withBaseline),
/* harmony export */   mF: () => (/* binding */ readBaseline)
/* harmony export */ });
/* unused harmony export matchBaseline */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4528);
/* harmony import */ var _core_document_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9354);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4296);
/* harmony import */ var _core_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3252);
/* harmony import */ var _core_log_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9357);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9761);






/**
 * A baseline (verify-baseline): the site check report of an earlier run, whose problems are known.
 * A problem is the same as one of the baseline's when its check, kind and target are: its message
 * names an example file, which may change from one export to the next.
 */
/** Site check reports of very broken sites run to a few MiB: their lists stop at 1,000 findings. */
const MAX_BASELINE_BYTES = 32 * 1024 * 1024;
const BaselineReport = zod__WEBPACK_IMPORTED_MODULE_5__/* .looseObject */ ._H3({
    version: zod__WEBPACK_IMPORTED_MODULE_5__/* .literal */ .euz(_report_js__WEBPACK_IMPORTED_MODULE_4__/* .REPORT_VERSION */ .Aj),
    checkedAt: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().nullish(),
    counts: zod__WEBPACK_IMPORTED_MODULE_5__/* .looseObject */ ._H3({ problems: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().nonnegative() }).optional(),
    problems: zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_5__/* .looseObject */ ._H3({ check: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP(), kind: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP(), target: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP() }))
});
/**
 * The baseline at `source`, a path or an https link; undefined after one warning that names it
 * and says why it cannot serve. Without a baseline every problem counts, as it would without
 * verify-baseline.
 */
async function readBaseline(source, options) {
    const named = `The site check baseline ${(0,_core_document_js__WEBPACK_IMPORTED_MODULE_0__/* .describeSource */ .B6)(source)}`;
    const unusable = (why) => {
        options.host.warning((0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .message */ .iU) `${named} ${why}: every problem the check finds counts`, {
            title: 'Site check baseline'
        });
        return undefined;
    };
    let json;
    try {
        json = await (0,_core_document_js__WEBPACK_IMPORTED_MODULE_0__/* .readJsonDocument */ .E_)(source, { ...options, maxBytes: MAX_BASELINE_BYTES });
    }
    catch (error) {
        if (options.signal?.aborted || !(error instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ActionError */ .lZ))
            throw error;
        return unusable(error.text);
    }
    const result = BaselineReport.safeParse(json);
    if (!result.success) {
        const [issue] = result.error.issues;
        const hasProblems = Array.isArray(json?.problems);
        return unusable(hasProblems && issue?.path[0] === 'problems'
            ? 'lists its problems without their kind and target (it was written by an earlier version of the action)'
            : `is not a site check report (version ${_report_js__WEBPACK_IMPORTED_MODULE_4__/* .REPORT_VERSION */ .Aj})${issue ? `: ${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(issue.message)} at ${issue.path.join('.') || 'its top'}` : ''}`);
    }
    const { problems, counts, checkedAt } = result.data;
    return {
        source: (0,_core_document_js__WEBPACK_IMPORTED_MODULE_0__/* .describeSource */ .B6)(source),
        checkedAt: checkedAt ?? null,
        problems: problems.map(({ check, kind, target }) => ({ check, kind, target })),
        unlisted: Math.max(0, (counts?.problems ?? problems.length) - problems.length)
    };
}
/**
 * Which problems are new and which the baseline has. Matched as a multiset: a baseline with one
 * script error on a page knows one such error there, not a second.
 */
function matchBaseline(problems, baseline) {
    const remaining = new Map();
    for (const problem of baseline.problems)
        remaining.set(problemKey(problem), (remaining.get(problemKey(problem)) ?? 0) + 1);
    const fresh = [];
    const known = [];
    for (const problem of problems) {
        const key = problemKey(problem);
        const left = remaining.get(key) ?? 0;
        if (left > 0) {
            remaining.set(key, left - 1);
            known.push(problem);
        }
        else {
            fresh.push(problem);
        }
    }
    return { fresh, known };
}
/**
 * The report with each problem marked known or not, and the baseline recorded: `baseline.new`
 * says how many are new. Problems counted but not listed are new as far as they outnumber the
 * baseline's.
 */
function withBaseline(report, baseline) {
    const known = new Set(matchBaseline(report.problems, baseline).known);
    const unlisted = report.counts.problems - report.problems.length;
    const fresh = report.problems.length - known.size + Math.max(0, unlisted - baseline.unlisted);
    return {
        ...report,
        problems: report.problems.map((problem) => ({ ...problem, known: known.has(problem) })),
        baseline: {
            source: baseline.source,
            checkedAt: baseline.checkedAt,
            known: report.counts.problems - fresh,
            new: fresh
        }
    };
}
function problemKey(problem) {
    return JSON.stringify([problem.check, problem.kind, problem.target]);
}


/***/ }),

/***/ 104:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v: () => (/* binding */ scanCss)
/* harmony export */ });
/**
 * The references a style sheet makes, read by a small tokenizer that knows just enough CSS to be
 * right about them: comments and strings (with escapes) are skipped, so a `url(` inside either is
 * no reference; `url(...)` quoted or not; `@import "x.css"` and `@import url(x.css)`; the strings
 * of `image-set()`; and whether a `url()` sits in an `@font-face` block (a font, else an image).
 */
const FONT_FILE = /\.(woff2?|ttf|otf|eot)([?#]|$)/i;
/** Calls `visit` with each reference of the style sheet `css`, in order. */
function scanCss(css, visit) {
    const length = css.length;
    let i = 0;
    let depth = 0;
    /** The block depth of the `@font-face` rule we are in, or -1. */
    let fontFaceDepth = -1;
    let fontFacePending = false;
    /** Set by `@import` until its first string or url(). */
    let importPending = false;
    /** The `(` depth of an image-set() whose strings are URLs, or -1. */
    let imageSetDepth = -1;
    let parens = 0;
    const urlKind = (url) => {
        if (importPending)
            return 'import';
        return fontFaceDepth >= 0 || FONT_FILE.test(url) ? 'font' : 'image';
    };
    const emit = (url) => {
        if (url)
            visit({ url, kind: urlKind(url) });
        importPending = false;
    };
    while (i < length) {
        const char = css.charCodeAt(i);
        if (char === SLASH && css.charCodeAt(i + 1) === STAR) {
            const end = css.indexOf('*/', i + 2);
            i = end < 0 ? length : end + 2;
        }
        else if (char === QUOTE || char === APOSTROPHE) {
            const string = readString(css, i);
            if (importPending || (imageSetDepth >= 0 && parens === imageSetDepth))
                emit(string.value);
            i = string.end;
        }
        else if (char === AT) {
            const name = readName(css, i + 1);
            const keyword = name.value.toLowerCase();
            importPending = keyword === 'import';
            fontFacePending = keyword === 'font-face';
            i = name.end;
        }
        else if (char === OPEN_BRACE) {
            depth++;
            if (fontFacePending)
                fontFaceDepth = depth;
            fontFacePending = false;
            importPending = false;
            i++;
        }
        else if (char === CLOSE_BRACE) {
            if (depth === fontFaceDepth)
                fontFaceDepth = -1;
            depth = Math.max(0, depth - 1);
            i++;
        }
        else if (char === SEMICOLON) {
            importPending = false;
            fontFacePending = false;
            i++;
        }
        else if (char === OPEN_PAREN) {
            parens++;
            i++;
        }
        else if (char === CLOSE_PAREN) {
            if (parens === imageSetDepth)
                imageSetDepth = -1;
            parens = Math.max(0, parens - 1);
            i++;
        }
        else if (isNameStart(char) || char === BACKSLASH) {
            const name = readName(css, i);
            i = name.end;
            if (css.charCodeAt(i) !== OPEN_PAREN)
                continue;
            const fn = name.value.toLowerCase();
            if (fn === 'url') {
                const url = readUrl(css, i + 1);
                emit(url.value);
                i = url.end;
            }
            else if (fn === 'image-set' || fn === '-webkit-image-set') {
                parens++;
                imageSetDepth = parens;
                i++;
            }
        }
        else {
            i++;
        }
    }
}
const SLASH = 0x2f;
const STAR = 0x2a;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const AT = 0x40;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const SEMICOLON = 0x3b;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
function isNameStart(char) {
    return ((char >= 0x61 && char <= 0x7a) || (char >= 0x41 && char <= 0x5a) || char === 0x5f || char === 0x2d || char >= 0x80);
}
function isNameChar(char) {
    return isNameStart(char) || (char >= 0x30 && char <= 0x39);
}
function isWhitespace(char) {
    return char === 0x20 || char === 0x09 || char === NEWLINE || char === 0x0d || char === 0x0c;
}
function isHex(char) {
    return (char >= 0x30 && char <= 0x39) || (char >= 0x61 && char <= 0x66) || (char >= 0x41 && char <= 0x46);
}
/** An escape after the backslash at `start`: the character it stands for and where it ends. */
function readEscape(css, start) {
    let i = start + 1;
    let hex = '';
    while (hex.length < 6 && i < css.length && isHex(css.charCodeAt(i)))
        hex += css[i++];
    if (!hex)
        return { value: css[i] ?? '', end: Math.min(css.length, i + 1) };
    if (isWhitespace(css.charCodeAt(i)))
        i++;
    const codePoint = Number.parseInt(hex, 16);
    const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return { value: valid ? String.fromCodePoint(codePoint) : '\ufffd', end: i };
}
/** An identifier (escapes decoded) starting at `start`. */
function readName(css, start) {
    let value = '';
    let from = start;
    let i = start;
    while (i < css.length) {
        const char = css.charCodeAt(i);
        if (char === BACKSLASH && css.charCodeAt(i + 1) !== NEWLINE) {
            const escape = readEscape(css, i);
            value += css.slice(from, i) + escape.value;
            i = from = escape.end;
        }
        else if (isNameChar(char))
            i++;
        else
            break;
    }
    return { value: value + css.slice(from, i), end: i };
}
/** The string whose opening quote is at `start`; an unclosed one ends at the line's end, as in CSS. */
function readString(css, start) {
    const quote = css.charCodeAt(start);
    let value = '';
    let i = start + 1;
    while (i < css.length) {
        const char = css.charCodeAt(i);
        if (char === quote)
            return { value, end: i + 1 };
        if (char === NEWLINE)
            return { value, end: i };
        if (char === BACKSLASH) {
            if (css.charCodeAt(i + 1) === NEWLINE)
                i += 2;
            else {
                const escape = readEscape(css, i);
                value += escape.value;
                i = escape.end;
            }
        }
        else
            value += css[i++];
    }
    return { value, end: i };
}
/** The argument of `url(` that starts at `start`, quoted or not, up to its `)`. */
function readUrl(css, start) {
    let i = start;
    while (isWhitespace(css.charCodeAt(i)))
        i++;
    const first = css.charCodeAt(i);
    if (first === QUOTE || first === APOSTROPHE) {
        const string = readString(css, i);
        const close = css.indexOf(')', string.end);
        return { value: string.value, end: close < 0 ? css.length : close + 1 };
    }
    let value = '';
    while (i < css.length) {
        const char = css.charCodeAt(i);
        if (char === CLOSE_PAREN)
            return { value: value.trimEnd(), end: i + 1 };
        if (char === BACKSLASH) {
            const escape = readEscape(css, i);
            value += escape.value;
            i = escape.end;
        }
        else
            value += css[i++];
    }
    return { value: value.trimEnd(), end: i };
}


/***/ }),

/***/ 8163:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CH: () => (/* binding */ HtmlScanner),
  rZ: () => (/* binding */ srcsetUrls)
});

// UNUSED EXPORTS: refreshUrl

// EXTERNAL MODULE: ./node_modules/entities/dist/decode.js + 2 modules
var decode = __webpack_require__(7031);
// EXTERNAL MODULE: ./src/site/css.ts
var css = __webpack_require__(104);
;// CONCATENATED MODULE: ./src/site/html-tokenizer.ts
/* eslint-disable @typescript-eslint/no-unsafe-enum-comparison -- characters are numbers, compared with `Char`'s members by design */
var Char;
(function (Char) {
    Char[Char["Tab"] = 9] = "Tab";
    Char[Char["NewLine"] = 10] = "NewLine";
    Char[Char["FormFeed"] = 12] = "FormFeed";
    Char[Char["CarriageReturn"] = 13] = "CarriageReturn";
    Char[Char["Space"] = 32] = "Space";
    Char[Char["ExclamationMark"] = 33] = "ExclamationMark";
    Char[Char["DoubleQuote"] = 34] = "DoubleQuote";
    Char[Char["SingleQuote"] = 39] = "SingleQuote";
    Char[Char["Dash"] = 45] = "Dash";
    Char[Char["Slash"] = 47] = "Slash";
    Char[Char["Lt"] = 60] = "Lt";
    Char[Char["Eq"] = 61] = "Eq";
    Char[Char["Gt"] = 62] = "Gt";
    Char[Char["QuestionMark"] = 63] = "QuestionMark";
    Char[Char["OpeningSquareBracket"] = 91] = "OpeningSquareBracket";
    Char[Char["LowerD"] = 100] = "LowerD";
})(Char || (Char = {}));
var State;
(function (State) {
    State[State["Text"] = 0] = "Text";
    State[State["BeforeTagName"] = 1] = "BeforeTagName";
    State[State["InTagName"] = 2] = "InTagName";
    State[State["InSelfClosingTag"] = 3] = "InSelfClosingTag";
    State[State["BeforeClosingTagName"] = 4] = "BeforeClosingTagName";
    State[State["InClosingTagName"] = 5] = "InClosingTagName";
    State[State["AfterClosingTagName"] = 6] = "AfterClosingTagName";
    State[State["BeforeAttributeName"] = 7] = "BeforeAttributeName";
    State[State["InAttributeName"] = 8] = "InAttributeName";
    State[State["AfterAttributeName"] = 9] = "AfterAttributeName";
    State[State["BeforeAttributeValue"] = 10] = "BeforeAttributeValue";
    State[State["InAttributeValueDq"] = 11] = "InAttributeValueDq";
    State[State["InAttributeValueSq"] = 12] = "InAttributeValueSq";
    State[State["InAttributeValueNq"] = 13] = "InAttributeValueNq";
    State[State["BeforeDeclaration"] = 14] = "BeforeDeclaration";
    State[State["InDeclaration"] = 15] = "InDeclaration";
    State[State["BeforeComment"] = 16] = "BeforeComment";
    State[State["CdataSequence"] = 17] = "CdataSequence";
    State[State["DeclarationSequence"] = 18] = "DeclarationSequence";
    State[State["InSpecialComment"] = 19] = "InSpecialComment";
    State[State["InCommentLike"] = 20] = "InCommentLike";
    State[State["SpecialStartSequence"] = 21] = "SpecialStartSequence";
    State[State["InSpecialTag"] = 22] = "InSpecialTag";
    State[State["InPlainText"] = 23] = "InPlainText";
})(State || (State = {}));
const QUOTE_NONE = 0;
const QUOTE_UNQUOTED = 1;
const QUOTE_SINGLE = 2;
const QUOTE_DOUBLE = 3;
const codes = (text) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const EMPTY = codes('');
const CDATA = codes('CDATA[');
const CDATA_END = codes(']]>');
const COMMENT_END = codes('--!>');
const DOCTYPE = codes('doctype');
const IFRAME_END = codes('</iframe');
const NOEMBED_END = codes('</noembed');
const NOFRAMES_END = codes('</noframes');
const PLAINTEXT = codes('</plaintext');
const SCRIPT_END = codes('</script');
const STYLE_END = codes('</style');
const TITLE_END = codes('</title');
const TEXTAREA_END = codes('</textarea');
const XMP_END = codes('</xmp');
/** The raw-text element an opening tag may name, by its first letter in lower case; index 2 of each is that letter. */
const SPECIAL_BY_FIRST_LETTER = [];
for (const sequence of [IFRAME_END, NOEMBED_END, PLAINTEXT, SCRIPT_END, TITLE_END, XMP_END])
    SPECIAL_BY_FIRST_LETTER[sequence[2]] = sequence;
function isWhitespace(c) {
    return c === Char.Space || c === Char.NewLine || c === Char.Tab || c === Char.FormFeed || c === Char.CarriageReturn;
}
function isEndOfTagSection(c) {
    return c === Char.Slash || c === Char.Gt || isWhitespace(c);
}
/** What ends a name in a tag: whitespace, `/` and `>` end any (1 | 2), `=` an attribute's only (2). */
const ENDS_NAME = new Uint8Array(128);
for (const c of [Char.Tab, Char.NewLine, Char.FormFeed, Char.CarriageReturn, Char.Space, Char.Slash, Char.Gt])
    ENDS_NAME[c] = 3;
ENDS_NAME[Char.Eq] = 2;
const TAG_NAME = 1;
const ATTRIBUTE_NAME = 2;
/** Where the name that runs through `from` ends (the first character that ends a `kind` of name), or the end of `buffer`. */
function nameEnd(buffer, from, kind) {
    const length = buffer.length;
    let index = from;
    while (index < length) {
        const c = buffer.charCodeAt(index);
        if (c < 128 && (ENDS_NAME[c] & kind) !== 0)
            break;
        index++;
    }
    return index;
}
function isAsciiAlpha(c) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}
class HtmlTokenizer {
    cbs;
    state = State.Text;
    buffer = '';
    sectionStart = 0;
    index = 0;
    isSpecial = false;
    currentSequence = EMPTY;
    sequenceIndex = 0;
    constructor(cbs) {
        this.cbs = cbs;
    }
    /** Reads `html` whole, from the start state, calling back as it goes; ends with `onend`. */
    tokenize(html) {
        this.state = State.Text;
        this.buffer = html;
        this.sectionStart = 0;
        this.index = 0;
        this.isSpecial = false;
        this.currentSequence = EMPTY;
        this.sequenceIndex = 0;
        this.parse();
        this.emitPartial();
        this.handleTrailingData();
        this.cbs.onend();
        this.buffer = '';
    }
    parse() {
        const buffer = this.buffer;
        const length = buffer.length;
        while (this.index < length) {
            const c = buffer.charCodeAt(this.index);
            switch (this.state) {
                case State.Text:
                    this.stateText(c);
                    break;
                case State.InTagName:
                case State.BeforeAttributeName:
                case State.InSelfClosingTag:
                case State.InAttributeName:
                case State.AfterAttributeName:
                case State.BeforeAttributeValue:
                case State.InAttributeValueDq:
                case State.InAttributeValueSq:
                case State.InAttributeValueNq:
                    this.readTag();
                    break;
                case State.InClosingTagName:
                    this.stateInClosingTagName(c);
                    break;
                case State.BeforeTagName:
                    this.stateBeforeTagName(c);
                    break;
                case State.SpecialStartSequence:
                    this.stateSpecialStartSequence(c);
                    break;
                case State.InSpecialTag:
                    this.stateInSpecialTag(c);
                    break;
                case State.BeforeClosingTagName:
                    this.stateBeforeClosingTagName(c);
                    break;
                case State.AfterClosingTagName:
                    this.stateAfterClosingTagName(c);
                    break;
                case State.InCommentLike:
                    this.stateInCommentLike(c);
                    break;
                case State.InSpecialComment:
                    this.stateInSpecialComment(c);
                    break;
                case State.CdataSequence:
                    this.stateCdataSequence(c);
                    break;
                case State.DeclarationSequence:
                    this.stateDeclarationSequence(c);
                    break;
                case State.InDeclaration:
                    this.stateInDeclaration(c);
                    break;
                case State.BeforeDeclaration:
                    this.stateBeforeDeclaration(c);
                    break;
                case State.BeforeComment:
                    this.stateBeforeComment(c);
                    break;
                case State.InPlainText:
                    this.index = length - 1;
                    break;
            }
            this.index++;
        }
    }
    /**
     * Moves to the next `char` after the current position and says whether there is one; without one,
     * to the last character, which the loop then steps past.
     */
    fastForwardTo(char) {
        const found = this.buffer.indexOf(char, this.index + 1);
        this.index = found < 0 ? this.buffer.length - 1 : found;
        return found >= 0;
    }
    stateText(c) {
        if (c === Char.Lt || this.fastForwardTo('<')) {
            if (this.index > this.sectionStart)
                this.cbs.ontext(this.sectionStart, this.index);
            this.state = State.BeforeTagName;
            this.sectionStart = this.index;
            // The usual tags, `<a` and `</a`, are read on at once rather than a character a turn.
            const next = this.buffer.charCodeAt(this.index + 1);
            if (isAsciiAlpha(next)) {
                this.index++;
                this.stateBeforeTagName(next);
            }
            else if (next === Char.Slash) {
                this.index++;
                this.state = State.BeforeClosingTagName;
            }
        }
    }
    enterTagBody() {
        if (this.currentSequence === PLAINTEXT) {
            this.currentSequence = EMPTY;
            this.state = State.InPlainText;
        }
        else if (this.isSpecial) {
            this.state = State.InSpecialTag;
            this.sequenceIndex = 0;
        }
        else {
            this.state = State.Text;
        }
    }
    /** After `<s`, `<t`, …: whether the name goes on to one of the raw-text elements. */
    stateSpecialStartSequence(c) {
        const lower = c | 0x20;
        const sequence = this.currentSequence;
        if (this.sequenceIndex < sequence.length) {
            if (lower === sequence[this.sequenceIndex]) {
                this.sequenceIndex++;
                return;
            }
            if (this.sequenceIndex === 3) {
                if (sequence === SCRIPT_END && lower === STYLE_END[3]) {
                    this.currentSequence = STYLE_END;
                    this.sequenceIndex = 4;
                    return;
                }
                if (sequence === TITLE_END && lower === TEXTAREA_END[3]) {
                    this.currentSequence = TEXTAREA_END;
                    this.sequenceIndex = 4;
                    return;
                }
            }
            else if (this.sequenceIndex === 4 && sequence === NOEMBED_END && lower === NOFRAMES_END[4]) {
                this.currentSequence = NOFRAMES_END;
                this.sequenceIndex = 5;
                return;
            }
        }
        else if (isEndOfTagSection(c)) {
            this.sequenceIndex = 0;
            this.state = State.InTagName;
            this.readTag();
            return;
        }
        this.isSpecial = false;
        this.currentSequence = EMPTY;
        this.sequenceIndex = 0;
        this.state = State.InTagName;
        this.readTag();
    }
    stateCdataSequence(c) {
        if (c === CDATA[this.sequenceIndex]) {
            if (++this.sequenceIndex === CDATA.length) {
                this.state = State.InCommentLike;
                this.currentSequence = CDATA_END;
                this.sequenceIndex = 0;
                this.sectionStart = this.index + 1;
            }
        }
        else {
            this.sequenceIndex = 0;
            this.state = State.InSpecialComment;
            this.stateInSpecialComment(c);
        }
    }
    /**
     * Ends a comment at the current character, `offset` characters of its end sequence already
     * matched. The sequence index is reset on the way: every state that reads it sets it first.
     */
    emitComment(offset) {
        this.cbs.oncomment(this.sectionStart, this.index, offset);
        this.sequenceIndex = 0;
        this.sectionStart = this.index + 1;
        this.state = State.Text;
    }
    /** Inside a comment or CDATA section, looking for its end: `-->` or `--!>`, `]]>`. */
    stateInCommentLike(c) {
        const sequence = this.currentSequence;
        if (sequence === COMMENT_END &&
            this.sequenceIndex <= 1 &&
            this.index === this.sectionStart + this.sequenceIndex &&
            c === Char.Gt) {
            // `<!-->` and `<!--->`: an empty comment, closed abruptly.
            this.emitComment(this.sequenceIndex);
        }
        else if (sequence === COMMENT_END && this.sequenceIndex === 2 && c === Char.Gt) {
            this.emitComment(2);
        }
        else if (sequence === COMMENT_END && this.sequenceIndex === sequence.length - 1 && c !== Char.Gt) {
            this.sequenceIndex = Number(c === Char.Dash);
        }
        else if (c === sequence[this.sequenceIndex]) {
            if (++this.sequenceIndex === sequence.length) {
                if (sequence === CDATA_END)
                    this.cbs.oncdata(this.sectionStart, this.index, 2);
                else
                    this.cbs.oncomment(this.sectionStart, this.index, 3);
                this.sequenceIndex = 0;
                this.sectionStart = this.index + 1;
                this.state = State.Text;
            }
        }
        else if (this.sequenceIndex === 0) {
            if (this.fastForwardTo(String.fromCharCode(sequence[0])))
                this.sequenceIndex = 1;
        }
        else if (c !== sequence[this.sequenceIndex - 1]) {
            // `--->` and `]]]>` still end it.
            this.sequenceIndex = 0;
        }
    }
    /** Inside raw text, looking for the end tag of the element that opened it. */
    stateInSpecialTag(c) {
        const sequence = this.currentSequence;
        if (this.sequenceIndex === sequence.length) {
            if (isEndOfTagSection(c)) {
                const endOfText = this.index - sequence.length;
                if (this.sectionStart < endOfText)
                    this.cbs.ontext(this.sectionStart, endOfText);
                this.isSpecial = false;
                this.sectionStart = endOfText + 2;
                this.stateInClosingTagName(c);
                return;
            }
            this.sequenceIndex = 0;
        }
        if ((c | 0x20) === sequence[this.sequenceIndex]) {
            this.sequenceIndex += 1;
        }
        else if (this.sequenceIndex === 0) {
            // In `<title>` and `<textarea>` htmlparser2 does not skip ahead (it would decode entities
            // there): it looks at each character for one that is `<` once bit 0x20 is set, as U+001C is.
            if (sequence === TITLE_END || sequence === TEXTAREA_END)
                this.skipRcdata();
            else if (this.fastForwardTo('<'))
                this.sequenceIndex = 1;
        }
        else {
            // `<</script>`: the second `<` starts the end tag.
            this.sequenceIndex = Number(c === Char.Lt);
        }
    }
    /**
     * In `<title>` or `<textarea>`: moves to the last character before the next that htmlparser2
     * takes for `<` (by bit 0x20: `<` or U+001C), so that the loop hands that one to the state.
     */
    skipRcdata() {
        const buffer = this.buffer;
        const length = buffer.length;
        let index = this.index + 1;
        while (index < length && (buffer.charCodeAt(index) | 0x20) !== Char.Lt)
            index++;
        this.index = index - 1;
    }
    stateBeforeTagName(c) {
        if (c === Char.ExclamationMark) {
            this.state = State.BeforeDeclaration;
            this.sectionStart = this.index + 1;
        }
        else if (c === Char.QuestionMark) {
            this.state = State.InSpecialComment;
            this.sectionStart = this.index;
        }
        else if (isAsciiAlpha(c)) {
            this.sectionStart = this.index;
            const special = SPECIAL_BY_FIRST_LETTER[c | 0x20];
            if (special === undefined) {
                this.state = State.InTagName;
                this.readTag();
            }
            else {
                this.isSpecial = true;
                this.currentSequence = special;
                this.sequenceIndex = 3;
                this.state = State.SpecialStartSequence;
            }
        }
        else if (c === Char.Slash) {
            this.state = State.BeforeClosingTagName;
        }
        else {
            this.state = State.Text;
            this.stateText(c);
        }
    }
    /**
     * An opening tag from where it is (its name, or an attribute) to its `>`, or to the end of the
     * page: the states of a tag run here over local variables, in one loop, with names and quoted
     * values found by searching. Most of a page's characters are in its tags.
     */
    readTag() {
        const { buffer, cbs } = this;
        const length = buffer.length;
        let state = this.state;
        let start = this.sectionStart;
        let index = this.index;
        while (index < length) {
            const c = buffer.charCodeAt(index);
            // A `continue` hands the same character to the next state.
            switch (state) {
                case State.InTagName:
                    index = nameEnd(buffer, index, TAG_NAME);
                    if (index === length)
                        continue;
                    cbs.onopentagname(start, index);
                    start = -1;
                    state = State.BeforeAttributeName;
                    continue;
                case State.BeforeAttributeName:
                    if (c === Char.Gt) {
                        cbs.onopentagend(index);
                        this.index = index;
                        this.enterTagBody();
                        this.sectionStart = index + 1;
                        return;
                    }
                    if (c === Char.Slash) {
                        state = State.InSelfClosingTag;
                    }
                    else if (!isWhitespace(c)) {
                        // The name starts here, whatever the character (`<a =x>` names an attribute `=x`).
                        state = State.InAttributeName;
                        start = index;
                    }
                    break;
                case State.InSelfClosingTag:
                    if (c === Char.Gt) {
                        cbs.onselfclosingtag(index);
                        this.index = index;
                        this.sectionStart = index + 1;
                        // HTML does not close an element by `/>`: `<script/>` still opens raw text.
                        this.enterTagBody();
                        return;
                    }
                    if (!isWhitespace(c)) {
                        state = State.BeforeAttributeName;
                        continue;
                    }
                    break;
                case State.InAttributeName:
                    index = nameEnd(buffer, index, ATTRIBUTE_NAME);
                    if (index === length)
                        continue;
                    cbs.onattribname(start, index);
                    start = index;
                    state = State.AfterAttributeName;
                    continue;
                case State.AfterAttributeName:
                    if (c === Char.Eq) {
                        state = State.BeforeAttributeValue;
                    }
                    else if (c === Char.Slash || c === Char.Gt) {
                        cbs.onattribend(QUOTE_NONE, start);
                        start = -1;
                        state = State.BeforeAttributeName;
                        continue;
                    }
                    else if (!isWhitespace(c)) {
                        cbs.onattribend(QUOTE_NONE, start);
                        state = State.InAttributeName;
                        start = index;
                    }
                    break;
                case State.BeforeAttributeValue:
                    if (c === Char.DoubleQuote) {
                        state = State.InAttributeValueDq;
                        start = index + 1;
                    }
                    else if (c === Char.SingleQuote) {
                        state = State.InAttributeValueSq;
                        start = index + 1;
                    }
                    else if (!isWhitespace(c)) {
                        start = index;
                        state = State.InAttributeValueNq;
                        continue;
                    }
                    break;
                case State.InAttributeValueDq:
                case State.InAttributeValueSq: {
                    const double = state === State.InAttributeValueDq;
                    const end = buffer.indexOf(double ? '"' : "'", index);
                    if (end < 0) {
                        index = length;
                        continue;
                    }
                    cbs.onattribdata(start, end);
                    start = -1;
                    cbs.onattribend(double ? QUOTE_DOUBLE : QUOTE_SINGLE, end + 1);
                    state = State.BeforeAttributeName;
                    index = end;
                    break;
                }
                case State.InAttributeValueNq:
                    if (isWhitespace(c) || c === Char.Gt) {
                        cbs.onattribdata(start, index);
                        start = -1;
                        cbs.onattribend(QUOTE_UNQUOTED, index);
                        state = State.BeforeAttributeName;
                        continue;
                    }
                    break;
            }
            index++;
        }
        this.state = state;
        this.sectionStart = start;
        this.index = length - 1;
    }
    stateBeforeClosingTagName(c) {
        if (isWhitespace(c)) {
            this.state = State.InSpecialComment;
            this.sectionStart = this.index;
        }
        else if (c === Char.Gt) {
            this.state = State.Text;
            this.sectionStart = this.index + 1;
        }
        else if (isAsciiAlpha(c)) {
            this.state = State.InClosingTagName;
            this.sectionStart = this.index;
            this.stateInClosingTagName(c);
        }
        else {
            this.state = State.InSpecialComment;
            this.sectionStart = this.index;
        }
    }
    stateInClosingTagName(c) {
        if (!isEndOfTagSection(c)) {
            const end = nameEnd(this.buffer, this.index, TAG_NAME);
            if (end === this.buffer.length) {
                this.index = end - 1;
                return;
            }
            this.index = end;
            c = this.buffer.charCodeAt(end);
        }
        this.cbs.onclosetag(this.sectionStart, this.index);
        this.sectionStart = -1;
        this.state = State.AfterClosingTagName;
        this.stateAfterClosingTagName(c);
    }
    stateAfterClosingTagName(c) {
        if (c === Char.Gt || this.fastForwardTo('>')) {
            this.state = State.Text;
            this.sectionStart = this.index + 1;
        }
    }
    /** After `<!`: a comment, a doctype, CDATA, or a bogus comment that runs to the next `>`. */
    stateBeforeDeclaration(c) {
        if (c === Char.OpeningSquareBracket) {
            this.state = State.CdataSequence;
            this.sequenceIndex = 0;
        }
        else if ((c | 0x20) === Char.LowerD) {
            this.state = State.DeclarationSequence;
            this.currentSequence = DOCTYPE;
            this.sequenceIndex = 1;
        }
        else if (c === Char.Gt) {
            this.emitComment(0);
        }
        else if (c === Char.Dash) {
            this.state = State.BeforeComment;
        }
        else {
            this.state = State.InSpecialComment;
        }
    }
    stateDeclarationSequence(c) {
        if (this.sequenceIndex === this.currentSequence.length) {
            this.state = State.InDeclaration;
            this.stateInDeclaration(c);
        }
        else if ((c | 0x20) === this.currentSequence[this.sequenceIndex]) {
            this.sequenceIndex += 1;
        }
        else if (c === Char.Gt) {
            this.emitComment(0);
        }
        else {
            this.state = State.InSpecialComment;
        }
    }
    stateInDeclaration(c) {
        if (c === Char.Gt || this.fastForwardTo('>')) {
            this.cbs.ondeclaration(this.sectionStart, this.index);
            this.state = State.Text;
            this.sectionStart = this.index + 1;
        }
    }
    stateBeforeComment(c) {
        if (c === Char.Dash) {
            this.state = State.InCommentLike;
            this.currentSequence = COMMENT_END;
            this.sequenceIndex = 0;
            this.sectionStart = this.index + 1;
        }
        else if (c === Char.Gt) {
            this.emitComment(0);
        }
        else {
            this.state = State.InSpecialComment;
        }
    }
    stateInSpecialComment(c) {
        if (c === Char.Gt || this.fastForwardTo('>')) {
            this.emitComment(0);
        }
    }
    /** At the end of the page, what htmlparser2 hands over of a text or a value still open as it ends a write. */
    emitPartial() {
        if (this.sectionStart === this.index)
            return;
        const state = this.state;
        if (state === State.Text ||
            state === State.InPlainText ||
            (state === State.InSpecialTag && this.sequenceIndex === 0)) {
            this.cbs.ontext(this.sectionStart, this.index);
            this.sectionStart = this.index;
        }
        else if (state === State.InAttributeValueDq ||
            state === State.InAttributeValueSq ||
            state === State.InAttributeValueNq) {
            this.cbs.onattribdata(this.sectionStart, this.index);
            this.sectionStart = this.index;
        }
    }
    /** What an unfinished comment, declaration or text at the end of the page comes to; an unfinished tag is dropped. */
    handleTrailingData() {
        const endIndex = this.buffer.length;
        switch (this.state) {
            case State.InCommentLike:
                if (this.currentSequence === CDATA_END)
                    this.cbs.oncomment(this.sectionStart - CDATA.length - 1, endIndex, 0);
                else
                    this.cbs.oncomment(this.sectionStart, endIndex, Math.min(this.sequenceIndex, COMMENT_END.length - 1));
                return;
            case State.BeforeDeclaration:
            case State.InSpecialComment:
            case State.BeforeComment:
            case State.CdataSequence:
                this.cbs.oncomment(this.sectionStart, endIndex, 0);
                return;
            case State.DeclarationSequence:
                if (this.sequenceIndex !== DOCTYPE.length)
                    this.cbs.oncomment(this.sectionStart, endIndex, 0);
                return;
            case State.InDeclaration:
                return;
        }
        if (this.sectionStart >= endIndex)
            return;
        switch (this.state) {
            case State.InTagName:
            case State.BeforeAttributeName:
            case State.BeforeAttributeValue:
            case State.AfterAttributeName:
            case State.InAttributeName:
            case State.InAttributeValueSq:
            case State.InAttributeValueDq:
            case State.InAttributeValueNq:
            case State.InClosingTagName:
                return;
            default:
                this.cbs.ontext(this.sectionStart, endIndex);
        }
    }
}

;// CONCATENATED MODULE: ./src/site/html.ts



const CSS_USE = { import: 'style', font: 'font', image: 'image' };
/** `<link rel>` values that load something, and as what (`preload`-like ones say it with `as`), or hint at a connection. */
const LINK_LOADS = {
    stylesheet: 'style',
    icon: 'image',
    'apple-touch-icon': 'image',
    'apple-touch-icon-precomposed': 'image',
    'mask-icon': 'image',
    manifest: 'other',
    modulepreload: 'script',
    preload: 'as',
    prefetch: 'as',
    preconnect: 'connect',
    'dns-prefetch': 'connect'
};
const PRELOAD_AS = {
    script: 'script',
    style: 'style',
    font: 'font',
    image: 'image',
    audio: 'media',
    video: 'media',
    track: 'media',
    document: 'frame'
};
/** The attributes read from each element that can hold a reference; `style` and `id` are read on every element. */
const ATTRIBUTES = {
    a: ['href', 'name'],
    area: ['href'],
    link: ['href', 'rel', 'as', 'imagesrcset'],
    script: ['src'],
    img: ['src', 'srcset'],
    // In <picture> a source has a srcset (images); in <video> and <audio> a src (media).
    source: ['src', 'srcset'],
    video: ['src', 'poster'],
    audio: ['src'],
    track: ['src'],
    iframe: ['src'],
    frame: ['src'],
    embed: ['src'],
    object: ['data'],
    input: ['src', 'type'],
    meta: ['property', 'name', 'content', 'http-equiv'],
    base: ['href'],
    style: [],
    // SVG: a sprite's symbol, and an image; both load with the page. SVG 2 reads href, SVG 1.1 xlink:href.
    use: ['href', 'xlink:href'],
    image: ['href', 'xlink:href']
};
const NO_ATTRIBUTES = [];
/** The element names above by their first letter, so that a tag is recognised without making a string of its name. */
const TAGS_BY_FIRST_LETTER = [];
for (const name of Object.keys(ATTRIBUTES))
    (TAGS_BY_FIRST_LETTER[name.charCodeAt(0)] ??= []).push(name);
/** Most elements hold no attribute worth reading: they share this, and allocate nothing. */
const NONE_READ = Object.freeze({});
/** Reads pages one after the other with one tokenizer, reused. */
class HtmlScanner {
    visitor = { reference() { }, address() { }, base() { }, id() { } };
    page = '';
    /** The element being read, when it is one that can hold a reference, else ''. */
    tag = '';
    /** Where the page names the element being read. */
    tagStart = 0;
    tagEnd = 0;
    wanted = NO_ATTRIBUTES;
    attributes = NONE_READ;
    /** The attribute being read, when it is one of `wanted`. */
    attribute;
    value = '';
    /** The text of the `<style>` element being read. */
    styleText;
    tokenizer = new HtmlTokenizer(this.callbacks());
    /** Calls `visitor` with each reference and id of `html`, in document order. */
    scan(html, visitor) {
        this.visitor = visitor;
        this.page = html;
        this.tag = '';
        this.styleText = undefined;
        this.tokenizer.tokenize(html);
        // A `<style>` still open at the end of the page is closed there by a browser, and applies.
        if (this.styleText !== undefined)
            this.css(this.styleText, 'style');
        this.page = '';
    }
    callbacks() {
        const ignore = () => { };
        return {
            onopentagname: (start, end) => {
                this.tagStart = start;
                this.tagEnd = end;
                this.tag = this.knownTag(start, end);
                this.wanted = ATTRIBUTES[this.tag] ?? NO_ATTRIBUTES;
                this.attributes = NONE_READ;
            },
            onattribname: (start, end) => {
                this.attribute = this.wantedAttribute(start, end);
                this.value = '';
            },
            onattribdata: (start, end) => {
                if (this.attribute !== undefined)
                    this.value += this.page.slice(start, end);
            },
            onattribend: () => {
                if (this.attribute === undefined)
                    return;
                if (this.attributes === NONE_READ)
                    this.attributes = {};
                this.attributes[this.attribute] = this.value.includes('&') ? (0,decode/* decodeHTMLAttribute */.Im)(this.value) : this.value;
                this.attribute = undefined;
            },
            onopentagend: () => this.openTag(),
            onselfclosingtag: () => this.openTag(),
            onclosetag: (start, end) => {
                if (this.styleText === undefined || this.page.slice(start, end).toLowerCase() !== 'style')
                    return;
                this.css(this.styleText, 'style');
                this.styleText = undefined;
            },
            ontext: (start, end) => {
                if (this.styleText !== undefined)
                    this.styleText += this.page.slice(start, end);
            },
            oncomment: ignore,
            oncdata: ignore,
            ondeclaration: ignore,
            onend: ignore
        };
    }
    /** The name of the element between `start` and `end` when it is one that is read, else ''. */
    knownTag(start, end) {
        const candidates = TAGS_BY_FIRST_LETTER[this.page.charCodeAt(start) | 0x20];
        if (candidates)
            for (const name of candidates)
                if (name.length === end - start && this.nameIs(start, name))
                    return name;
        return '';
    }
    /** The attribute named by the page between `start` and `end`, when it is read and not yet seen; no string is made otherwise. */
    wantedAttribute(start, end) {
        const length = end - start;
        if (length === 5 && this.nameIs(start, 'style'))
            return 'style' in this.attributes ? undefined : 'style';
        if (length === 2 && this.nameIs(start, 'id'))
            return 'id' in this.attributes ? undefined : 'id';
        for (const name of this.wanted) {
            if (name.length === length && this.nameIs(start, name))
                return name in this.attributes ? undefined : name;
        }
        return undefined;
    }
    /** Whether the page holds `name` (lower case) at `start`, in any case. */
    nameIs(start, name) {
        for (let i = 0; i < name.length; i++) {
            const char = this.page.charCodeAt(start + i);
            // ASCII letters compare case-insensitively; `-` and digits are unchanged by | 0x20.
            if ((char | 0x20) !== name.charCodeAt(i))
                return false;
        }
        return true;
    }
    emit(url, source, use) {
        if (url !== undefined)
            this.visitor.reference({ url, source, use });
    }
    emitSrcset(srcset, source, use) {
        if (srcset !== undefined)
            for (const url of srcsetUrls(srcset))
                this.visitor.reference({ url, source, use });
    }
    openTag() {
        const { tag: name, attributes } = this;
        switch (name) {
            case 'a':
                this.emit(attributes.href, 'a[href]', 'navigate');
                if (attributes.name)
                    this.visitor.id(attributes.name);
                break;
            case 'area':
                this.emit(attributes.href, 'area[href]', 'navigate');
                break;
            case 'link':
                this.link(attributes);
                break;
            case 'script':
                this.emit(attributes.src, 'script[src]', 'script');
                break;
            case 'img':
                this.emit(attributes.src, 'img[src]', 'image');
                this.emitSrcset(attributes.srcset, 'img[srcset]', 'image');
                break;
            case 'source':
                this.emit(attributes.src, 'source[src]', 'media');
                this.emitSrcset(attributes.srcset, 'source[srcset]', 'image');
                break;
            case 'video':
                this.emit(attributes.poster, 'video[poster]', 'image');
                this.emit(attributes.src, 'video[src]', 'media');
                break;
            case 'audio':
            case 'track':
                this.emit(attributes.src, `${name}[src]`, 'media');
                break;
            case 'iframe':
            case 'frame':
            case 'embed':
                this.emit(attributes.src, `${name}[src]`, 'frame');
                break;
            case 'object':
                this.emit(attributes.data, 'object[data]', 'frame');
                break;
            case 'input':
                if (attributes.type?.toLowerCase() === 'image')
                    this.emit(attributes.src, 'input[src]', 'image');
                break;
            case 'meta':
                this.meta(attributes);
                break;
            case 'base':
                if (attributes.href !== undefined)
                    this.visitor.base(attributes.href);
                break;
            case 'style':
                this.styleText = '';
                break;
            case 'use':
            case 'image':
                if (attributes.href !== undefined)
                    this.emit(attributes.href, `${name}[href]`, 'image');
                else
                    this.emit(attributes['xlink:href'], `${name}[xlink:href]`, 'image');
                break;
        }
        if (attributes.id)
            this.visitor.id(attributes.id);
        const style = attributes.style;
        if (style?.includes('('))
            this.css(style, `${this.page.slice(this.tagStart, this.tagEnd).toLowerCase()}[style]`);
        this.tag = '';
    }
    css(text, source) {
        (0,css/* scanCss */.v)(text, (reference) => this.visitor.reference({ url: reference.url, source, use: CSS_USE[reference.kind] }));
    }
    link(attributes) {
        const rel = (attributes.rel ?? '').trim().toLowerCase();
        const tokens = rel.split(/\s+/);
        this.emit(attributes.href, `link[rel=${tokens.join(' ')}]`, linkUse(tokens, attributes.as));
        if (attributes.href !== undefined && tokens.includes('canonical'))
            this.visitor.address({ url: attributes.href, source: 'canonical' });
        this.emitSrcset(attributes.imagesrcset, 'link[imagesrcset]', 'image');
    }
    meta(attributes) {
        const property = (attributes.property ?? attributes.name ?? '').toLowerCase();
        if (property === 'og:url' && attributes.content !== undefined)
            this.visitor.address({ url: attributes.content, source: 'og:url' });
        if (attributes['http-equiv']?.toLowerCase() === 'refresh' && attributes.content) {
            this.emit(refreshUrl(attributes.content), 'meta[http-equiv=refresh]', 'navigate');
        }
    }
}
/** A `<link>` loads what its rel says it loads; any other rel (alternate, next) is a link. */
function linkUse(rel, as) {
    if (rel.includes('canonical'))
        return 'address';
    // A rel that loads wins over a hint beside it: `preconnect preload` loads.
    let hint = false;
    for (const token of rel) {
        const use = LINK_LOADS[token];
        if (use === 'as')
            return PRELOAD_AS[(as ?? '').trim().toLowerCase()] ?? 'other';
        if (use === 'connect')
            hint = true;
        else if (use)
            return use;
    }
    return hint ? 'connect' : 'navigate';
}
/**
 * The URLs of a `srcset`, per the HTML standard's parsing: candidates are separated by commas,
 * a URL ends at whitespace (a URL may hold commas, but not end with one), and descriptors run
 * to the next comma outside parentheses.
 */
function srcsetUrls(srcset) {
    const urls = [];
    const length = srcset.length;
    let i = 0;
    while (i < length) {
        while (i < length && (isSpace(srcset.charCodeAt(i)) || srcset[i] === ','))
            i++;
        if (i >= length)
            break;
        const start = i;
        while (i < length && !isSpace(srcset.charCodeAt(i)))
            i++;
        let url = srcset.slice(start, i);
        if (url.endsWith(',')) {
            url = url.replace(/,+$/, '');
        }
        else {
            let parens = 0;
            for (; i < length; i++) {
                const char = srcset[i];
                if (char === '(')
                    parens++;
                else if (char === ')')
                    parens = Math.max(0, parens - 1);
                else if (char === ',' && parens === 0)
                    break;
            }
        }
        if (url)
            urls.push(url);
    }
    return urls;
}
function isSpace(char) {
    return char === 0x20 || char === 0x09 || char === 0x0a || char === 0x0c || char === 0x0d;
}
/** The URL of a `<meta http-equiv="refresh" content="5; url=/next">`, if it names one. */
function refreshUrl(content) {
    const match = /^\s*\d*(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/is.exec(content);
    let url = match?.[1]?.trim() ?? '';
    const quote = url[0];
    if (quote === '"' || quote === "'") {
        const end = url.indexOf(quote, 1);
        url = url.slice(1, end < 0 ? undefined : end);
    }
    return url || undefined;
}


/***/ }),

/***/ 6765:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ZW: () => (/* binding */ SiteReader),
  yp: () => (/* binding */ isPage),
  Py: () => (/* binding */ isReadFile)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/site/css.ts
var css = __webpack_require__(104);
;// CONCATENATED MODULE: ./src/site/findings.ts
/**
 * What the site check found, tallied as it reads the site: each finding counts the files that
 * hold it and keeps the first few as examples, and each list keeps a bounded number of
 * findings, so memory stays flat however large or broken the site is.
 */
/** Example files kept per finding. */
const EXAMPLE_FILES = 5;
/** Findings kept per list, the first by key; beyond, only the files that hold the others are counted. */
const MAX_FINDINGS = 1000;
/**
 * The order in which a finding's files are shown: the site's `index.html` first, the page a
 * reader knows, then the others by name, and `404.html` last, since it holds the site-wide
 * header and footer and would otherwise be the example of every site-wide finding.
 */
function exampleOrder(a, b) {
    const rank = exampleRank(a) - exampleRank(b);
    return rank !== 0 ? rank : a < b ? -1 : a > b ? 1 : 0;
}
function exampleRank(file) {
    return file === 'index.html' ? 0 : file === '404.html' ? 2 : 1;
}
/**
 * Findings by key, each counted once per file. A file's references arrive together, and files
 * arrive in sorted order; each finding keeps its first files in `exampleOrder`, and takes its
 * details (the reference as written) from the first of them, which the messages name. A full list
 * keeps the findings whose keys come first: a key every reader orders alike, so that a finding one
 * reader keeps is kept by every reader, with all its files, and which pages each worker thread read
 * changes nothing. Merging tallies read in parallel keeps all that, so the result does not depend
 * on the reading order.
 */
class Tally {
    combine;
    limit;
    entries = new Map();
    lastFile = new Map();
    /** The keys of `entries`, in order: when the list is full, the last is the one to leave. */
    keys = [];
    /** Findings left out because the list was full, once for each file that holds them (at least as many references). */
    overflow = 0;
    /** The file being read, and the findings it holds that were left out so far. */
    file = '';
    leftOutOfFile = new Set();
    /**
     * `combine` carries over what a finding collects from every file (an origin's kinds) when its
     * details are taken from another file; `limit` is how many findings are kept.
     */
    constructor(combine, limit = MAX_FINDINGS) {
        this.combine = combine;
        this.limit = limit;
    }
    /** Counts `file` for the finding `key`, made by `create` the first time; undefined when the list has no room for it. */
    add(key, file, create) {
        if (file !== this.file) {
            this.file = file;
            this.leftOutOfFile.clear();
        }
        let entry = this.entries.get(key);
        if (!entry) {
            if (!this.makeRoom(key)) {
                if (!this.leftOutOfFile.has(key))
                    this.overflow++;
                this.leftOutOfFile.add(key);
                return undefined;
            }
            entry = create();
            this.keep(key, entry);
        }
        if (this.lastFile.get(key) === file)
            return entry;
        this.lastFile.set(key, file);
        entry.files++;
        const first = entry.examples[0];
        if (first !== undefined && exampleOrder(file, first) < 0) {
            const retold = create();
            this.combine?.(retold, entry);
            retold.files = entry.files;
            retold.examples = entry.examples;
            this.entries.set(key, retold);
            entry = retold;
        }
        addExample(entry.examples, file);
        return entry;
    }
    get size() {
        return this.entries.size;
    }
    /** The findings, those held by the most files first (then by key, for a stable order). */
    sorted() {
        return [...this.entries]
            .sort(([keyA, a], [keyB, b]) => b.files - a.files || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
            .map(([, entry]) => entry);
    }
    snapshot() {
        return { entries: [...this.entries], overflow: this.overflow };
    }
    /** Adds a tally read from other files, as if this one had read them too. */
    merge(other) {
        this.overflow += other.overflow;
        for (const [key, theirs] of other.entries) {
            const mine = this.entries.get(key);
            if (!mine) {
                if (this.makeRoom(key))
                    this.keep(key, theirs);
                else
                    this.overflow += theirs.files;
                continue;
            }
            const examples = [...new Set([...mine.examples, ...theirs.examples])].sort(exampleOrder).slice(0, EXAMPLE_FILES);
            const theirsFirst = exampleOrder(theirs.examples[0] ?? '', mine.examples[0] ?? '') < 0;
            const merged = { ...(theirsFirst ? theirs : mine), files: mine.files + theirs.files, examples };
            this.combine?.(merged, theirsFirst ? mine : theirs);
            this.entries.set(key, merged);
        }
    }
    /**
     * Whether a finding new to the list is kept: while the list has room; once it is full, when its
     * key comes before the last one's, which then leaves, its files counted as left out.
     */
    makeRoom(key) {
        if (this.entries.size < this.limit)
            return true;
        const last = this.keys.at(-1);
        if (last === undefined || key > last)
            return false;
        this.keys.pop();
        this.overflow += this.entries.get(last)?.files ?? 0;
        if (this.lastFile.get(last) === this.file)
            this.leftOutOfFile.add(last);
        this.entries.delete(last);
        this.lastFile.delete(last);
        return true;
    }
    keep(key, entry) {
        this.entries.set(key, entry);
        let low = 0;
        let high = this.keys.length;
        while (low < high) {
            const middle = (low + high) >>> 1;
            if ((this.keys[middle] ?? '') < key)
                low = middle + 1;
            else
                high = middle;
        }
        this.keys.splice(low, 0, key);
    }
}
/** Adds `file` to a finding's examples, in `exampleOrder`, keeping the first `EXAMPLE_FILES`. */
function addExample(examples, file) {
    let at = examples.length;
    while (at > 0 && exampleOrder(file, examples[at - 1] ?? '') < 0)
        at--;
    if (at >= EXAMPLE_FILES)
        return;
    examples.splice(at, 0, file);
    if (examples.length > EXAMPLE_FILES)
        examples.pop();
}

// EXTERNAL MODULE: ./src/site/html.ts + 1 modules
var html = __webpack_require__(8163);
// EXTERNAL MODULE: ./src/site/resolve.ts
var resolve = __webpack_require__(5267);
;// CONCATENATED MODULE: ./src/site/browser/script-sets.ts
/**
 * Each page's set of scripts, iframes and embeds, gathered while the static check reads the site,
 * so that the browser pass can load a page of every set: the API reference pages with scripts of
 * their own, the one page with a video embed, are what a spread over the folders can miss.
 *
 * A script counts by its address without query (the same bundle on every page is one member), an
 * iframe or an embed by its origin (every video of one host is one member); an iframe or an embed
 * of the site is one member, whatever page it shows.
 */
const COUNTED = {
    'script[src]': 'address',
    'iframe[src]': 'origin',
    'embed[src]': 'origin',
    'object[data]': 'origin'
};
/**
 * The sets of the pages read so far; a worker thread's are merged into the main thread's as they
 * are (`parts()`), and put in order once, on the main thread (`snapshot()`). The static check keeps
 * them only when the browser pass will run.
 */
class ScriptSetTally {
    current = new Set();
    ids = new Map();
    sets = [];
    pages = [];
    /** A reference of the page being read, where the static check resolved it. */
    note(reference, target) {
        const counted = COUNTED[reference.source];
        if (!counted || target.kind === 'none')
            return;
        const tag = reference.source.slice(0, reference.source.indexOf('['));
        if (target.kind === 'internal')
            this.current.add(counted === 'address' ? `${tag} ${target.path}` : `${tag} (site)`);
        else if (counted === 'origin')
            this.current.add(`${tag} ${target.origin}`);
        else
            this.current.add(`${tag} ${target.url.replace(/[?#].*$/s, '')}`);
    }
    /** The page whose references were noted is read. */
    endPage(page) {
        const set = [...this.current].sort().join('\n');
        this.current = new Set();
        this.pages.push([page, this.idOf(set)]);
    }
    /** The sets and pages as they were read, in no order: what a worker thread sends to be merged. */
    parts() {
        return { sets: this.sets, pages: this.pages };
    }
    /**
     * The pages by name, and the sets numbered in the order of the pages that have them: the same
     * whichever threads read which pages.
     */
    snapshot() {
        const pages = this.pages
            .map(([page, set]) => [page, set])
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const renumbered = new Map();
        const sets = [];
        for (const entry of pages) {
            let id = renumbered.get(entry[1]);
            if (id === undefined) {
                id = sets.length;
                renumbered.set(entry[1], id);
                sets.push(this.sets[entry[1]] ?? '');
            }
            entry[1] = id;
        }
        return { sets, pages };
    }
    merge(other) {
        for (const [page, set] of other.pages)
            this.pages.push([page, this.idOf(other.sets[set] ?? '')]);
    }
    idOf(set) {
        let id = this.ids.get(set);
        if (id === undefined) {
            id = this.sets.length;
            this.ids.set(set, id);
            this.sets.push(set);
        }
        return id;
    }
}

// EXTERNAL MODULE: ./node_modules/htmlparser2/dist/Parser.js + 1 modules
var Parser = __webpack_require__(2664);
;// CONCATENATED MODULE: ./src/site/sitemap.ts

/** The `<loc>` URLs of a sitemap (or of a sitemap index), read with htmlparser2 in XML mode. */
function readSitemap(xml) {
    const sitemap = { index: false, locations: [] };
    let root = true;
    let location;
    const parser = new Parser/* Parser */.i({
        onopentag(name) {
            const local = localName(name);
            if (root)
                sitemap.index = local === 'sitemapindex';
            root = false;
            if (local === 'loc')
                location = '';
        },
        ontext(text) {
            if (location !== undefined)
                location += text;
        },
        onclosetag(name) {
            if (localName(name) !== 'loc' || location === undefined)
                return;
            const trimmed = location.trim();
            if (trimmed)
                sitemap.locations.push(trimmed);
            location = undefined;
        }
    }, { xmlMode: true });
    parser.end(xml);
    return sitemap;
}
/** `<sm:loc>` and `<loc>` alike: sitemaps are sometimes written with a namespace prefix. */
function localName(name) {
    return name.slice(name.indexOf(':') + 1).toLowerCase();
}

;// CONCATENATED MODULE: ./src/site/reader.ts








/** Outcomes are cached by reference (and folder, for relative ones); the cache is dropped when it grows this big. */
const CACHE_LIMIT = 50_000;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** Sitemaps followed from a sitemap index. */
const MAX_SITEMAPS = 50;
/** Sitemap URLs kept as examples. */
const SITEMAP_EXAMPLES = 20;
/** Links to fragments of other pages kept until every page's ids are read; links beyond are not checked. */
const FRAGMENT_LINKS = 50_000;
/** Between a page's ids as they are kept: no id that a link can name holds a line break. */
const ID_SEPARATOR = '\n';
const NO_OUTCOME = { target: { kind: 'none' } };
const CSS_USE = { import: 'style', font: 'font', image: 'image' };
const HTML_FILE = /\.html?$/i;
const CSS_FILE = /\.css$/i;
/** Whether the check reads a file: pages and style sheets (scripts and payloads are not markup). */
function isReadFile(file) {
    return HTML_FILE.test(file) || CSS_FILE.test(file);
}
function isPage(file) {
    return HTML_FILE.test(file);
}
/** Reads files of one site and tallies their references against its files. */
class SiteReader {
    site;
    domain;
    broken = new Tally();
    external = new Tally((into, from) => {
        for (const kind of from.kinds)
            if (!into.kinds.includes(kind))
                into.kinds.push(kind);
    });
    hints = new Tally();
    outbound = new Tally();
    addresses = new Tally();
    fragments = new Tally();
    /**
     * Each page's scripts, iframes and embeds, for the browser pass to load a page of each set; kept
     * only when the pass will run.
     */
    scriptSets;
    /** Links to fragments of other pages, by page and fragment, not yet checked: the page may not be read yet. */
    fragmentLinks = new Tally(undefined, FRAGMENT_LINKS);
    /** The ids of each page read that has any, joined by ID_SEPARATOR (one string is far smaller than a set). */
    pageIds = new Map();
    /** The links of the page being read to its own fragments. */
    ownFragments = [];
    internalReferences = 0;
    extensionless;
    extensionlessLastFile = '';
    resolver;
    scanner = new html/* HtmlScanner */.CH();
    /** Outcomes by scope (see cacheScope), then by reference as written. */
    outcomes = new Map();
    cachedOutcomes = 0;
    /**
     * The references of the file read before, in order, and of this one so far. Pages that share a
     * layout (a header, a sidebar) hold the same references in the same places: one compared with
     * the reference in the same place of the page before costs less than a lookup in `outcomes`,
     * which on a large site is too big to stay in the processor's caches (docs/site-check.md,
     * "Resolving references").
     */
    previousFile = [];
    thisFile = [];
    /** The site's folder with a separator after it, which every file read starts with. */
    rootPrefix;
    constructor(root, site, domain, { scriptSets = false } = {}) {
        this.site = site;
        this.domain = domain;
        this.rootPrefix = external_node_path_default().join(root, (external_node_path_default()).sep);
        this.resolver = new resolve/* ReferenceResolver */.sr(domain);
        if (scriptSets)
            this.scriptSets = new ScriptSetTally();
    }
    /** Reads a page or a style sheet, by its name. */
    readFile(file) {
        this.previousFile = this.thisFile;
        this.thisFile = [];
        if (HTML_FILE.test(file))
            this.readPage(file);
        else
            this.readStyleSheet(file);
    }
    readPage(file) {
        let base = this.baseOf(this.resolver.pageUrl(file), file);
        const ids = [];
        this.ownFragments = [];
        this.scanner.scan(this.read(file), {
            reference: (reference) => this.reference(file, base, reference),
            address: (address) => this.address(file, base.url, address),
            base: (href) => {
                const url = URL.parse(href, base.url)?.href ?? base.url;
                const target = this.resolver.resolve(url, url);
                base = this.baseOf(url, target.kind === 'internal' ? this.site.lookup(target.path)?.file : undefined);
            },
            id: (id) => ids.push(id)
        });
        if (ids.length > 0)
            this.pageIds.set(file, (0,resolve/* copyString */.j5)(ids.join(ID_SEPARATOR)));
        if (this.ownFragments.length > 0)
            this.checkOwnFragments(file, new Set(ids));
        this.scriptSets?.endPage(file);
    }
    readStyleSheet(file) {
        const base = this.baseOf(this.resolver.pageUrl(file), file);
        (0,css/* scanCss */.v)(this.read(file), (reference) => this.reference(file, base, {
            url: reference.url,
            source: reference.kind === 'import' ? '@import' : 'url()',
            use: CSS_USE[reference.kind]
        }));
    }
    /** Reads `first` and the sitemaps a sitemap index lists, checking every URL. */
    readSitemaps(first) {
        const findings = { files: [], urls: 0, offDomain: [], unresolved: [], unresolvedCount: 0 };
        const queue = [first];
        for (let file = queue.shift(); file !== undefined && findings.files.length < MAX_SITEMAPS; file = queue.shift()) {
            if (findings.files.includes(file))
                continue;
            findings.files.push(file);
            const sitemap = readSitemap(this.read(file));
            for (const location of sitemap.locations) {
                findings.urls++;
                const served = this.sitemapUrl(file, location, findings);
                if (sitemap.index && served?.toLowerCase().endsWith('.xml'))
                    queue.push(served);
            }
        }
        return findings;
    }
    snapshot() {
        return {
            internalReferences: this.internalReferences,
            broken: this.broken.snapshot(),
            external: this.external.snapshot(),
            hints: this.hints.snapshot(),
            outbound: this.outbound.snapshot(),
            addresses: this.addresses.snapshot(),
            fragments: this.fragments.snapshot(),
            fragmentLinks: this.fragmentLinks.snapshot(),
            pageIds: [...this.pageIds],
            extensionless: this.extensionless,
            scriptSets: this.scriptSets?.parts()
        };
    }
    /** Adds what another reader found in other files of the same site. */
    merge(other) {
        this.internalReferences += other.internalReferences;
        this.broken.merge(other.broken);
        this.external.merge(other.external);
        this.hints.merge(other.hints);
        this.outbound.merge(other.outbound);
        this.addresses.merge(other.addresses);
        this.fragments.merge(other.fragments);
        this.fragmentLinks.merge(other.fragmentLinks);
        for (const [page, ids] of other.pageIds)
            this.pageIds.set(page, ids);
        if (other.scriptSets)
            this.scriptSets?.merge(other.scriptSets);
        const theirs = other.extensionless;
        if (!theirs)
            return;
        const mine = this.extensionless;
        const first = !mine || exampleOrder(theirs.exampleFile, mine.exampleFile) < 0 ? theirs : mine;
        this.extensionless = {
            ...first,
            references: (mine?.references ?? 0) + theirs.references,
            files: (mine?.files ?? 0) + theirs.files
        };
    }
    /**
     * Checks the links to fragments of other pages, once every page is read (and every reader
     * merged); those whose page has no such id join `fragments`. A page reached only through a
     * linked folder is not read, and the fragments of links to it are not checked.
     */
    checkFragmentLinks() {
        const idsOf = new Map();
        const broken = [];
        for (const [key, link] of this.fragmentLinks.snapshot().entries) {
            if (!this.site.has(link.page))
                continue;
            let ids = idsOf.get(link.page);
            if (!ids)
                idsOf.set(link.page, (ids = new Set(this.pageIds.get(link.page)?.split(ID_SEPARATOR))));
            if (!(0,resolve/* hasFragment */.nQ)(ids, link.fragment))
                broken.push([key, link]);
        }
        this.fragments.merge({ entries: broken, overflow: 0 });
    }
    /** Checks one sitemap URL; returns the file that serves it. */
    sitemapUrl(file, location, findings) {
        const url = URL.parse(location);
        if (this.domain && url && !this.resolver.isSiteHost(url)) {
            let host = findings.offDomain.find((entry) => entry.host === url.host && entry.file === file);
            if (!host)
                findings.offDomain.push((host = { file, host: url.host, urls: 0, examples: [] }));
            host.urls++;
            if (host.examples.length < SITEMAP_EXAMPLES)
                host.examples.push(location);
        }
        const found = url && (url.protocol === 'https:' || url.protocol === 'http:')
            ? this.site.lookup((0,resolve/* decodePath */.q0)(url.pathname))
            : undefined;
        if (!found) {
            findings.unresolvedCount++;
            if (findings.unresolved.length < SITEMAP_EXAMPLES)
                findings.unresolved.push({ url: location, file });
            return undefined;
        }
        if (found.match === 'html')
            this.noteExtensionless(file, location, found.file);
        return found.file;
    }
    read(file) {
        return (0,external_node_fs_.readFileSync)(this.rootPrefix + file, 'utf8');
    }
    baseOf(url, page) {
        return {
            url,
            folder: url.startsWith(`${this.resolver.siteOrigin}/`) ? url.slice(0, url.lastIndexOf('/') + 1) : undefined,
            page
        };
    }
    /**
     * Where a reference points and what serves it, resolved once for every page that holds it. A
     * page's canonical address is its own, held by no other page: it is not cached.
     */
    outcome(reference, base) {
        const { url } = reference;
        if (url.startsWith('#'))
            return NO_OUTCOME;
        if (reference.use === 'address')
            return this.resolve(url, base);
        const scope = cacheScope(url, base);
        const samePlace = this.previousFile[this.thisFile.length];
        if (samePlace !== undefined && samePlace.url === url && samePlace.scope === scope) {
            this.thisFile.push(samePlace);
            return samePlace.outcome;
        }
        const scoped = this.outcomes.get(scope);
        let outcome = scoped?.get(url);
        if (!outcome) {
            outcome = this.resolve(url, base);
            this.cacheOutcome(scope, scoped, url, outcome);
        }
        // A copy: the page's own text is let go once it is read.
        this.thisFile.push({ scope, url: (0,resolve/* copyString */.j5)(url), outcome });
        return outcome;
    }
    resolve(url, base) {
        const target = this.resolver.resolve(url, base.url);
        return { target, found: target.kind === 'internal' ? this.site.lookup(target.path) : undefined };
    }
    cacheOutcome(key, scope, url, outcome) {
        if (this.cachedOutcomes >= CACHE_LIMIT) {
            this.outcomes.clear();
            this.cachedOutcomes = 0;
            scope = undefined;
        }
        if (!scope)
            this.outcomes.set((0,resolve/* copyString */.j5)(key), (scope = new Map()));
        scope.set((0,resolve/* copyString */.j5)(url), outcome);
        this.cachedOutcomes++;
    }
    reference(file, base, reference) {
        const { target, found } = this.outcome(reference, base);
        this.scriptSets?.note(reference, target);
        if (reference.use === 'navigate' && reference.url.includes('#'))
            this.fragmentLink(file, base, reference, found?.file);
        if (target.kind === 'internal') {
            // preconnect and dns-prefetch name an origin, not a file.
            if (reference.use === 'connect')
                return;
            this.internalReferences++;
            if (!found) {
                this.broken.add(target.path, file, () => ({
                    target: target.path,
                    reference: (0,resolve/* copyString */.j5)(reference.url),
                    source: reference.source,
                    files: 0,
                    examples: []
                }));
            }
            else if (found.match === 'html' && reference.use !== 'address')
                this.noteExtensionless(file, reference.url, found.file);
        }
        else if (target.kind === 'external' && reference.use !== 'address') {
            if (reference.use === 'navigate') {
                this.outbound.add(target.origin, file, () => ({ origin: target.origin, files: 0, examples: [] }));
                return;
            }
            if (reference.use === 'connect') {
                this.hints.add(target.origin, file, () => ({
                    origin: target.origin,
                    reference: (0,resolve/* copyString */.j5)(reference.url),
                    source: reference.source,
                    files: 0,
                    examples: []
                }));
                return;
            }
            const use = reference.use;
            const origin = this.external.add(target.origin, file, () => ({
                origin: target.origin,
                kinds: [],
                exampleUrl: target.url,
                reference: (0,resolve/* copyString */.j5)(reference.url),
                source: reference.source,
                files: 0,
                examples: []
            }));
            if (origin && !origin.kinds.includes(use))
                origin.kinds.push(use);
        }
    }
    /** A link with a fragment: to the page itself, checked once the page is read; to another page, once every page is. */
    fragmentLink(file, base, reference, found) {
        const fragment = (0,resolve/* linkFragment */.xQ)(reference.url);
        if (fragment === undefined)
            return;
        const page = reference.url.trimStart().startsWith('#') ? base.page : found;
        if (page === undefined || !isPage(page))
            return;
        if (page === file) {
            this.ownFragments.push({ fragment, reference });
            return;
        }
        this.fragmentLinks.add(`${page}#${fragment}`, file, () => brokenFragment(page, fragment, reference));
    }
    checkOwnFragments(file, ids) {
        for (const { fragment, reference } of this.ownFragments) {
            if (!(0,resolve/* hasFragment */.nQ)(ids, fragment))
                this.fragments.add(`${file}#${fragment}`, file, () => brokenFragment(file, fragment, reference));
        }
    }
    address(file, base, address) {
        if (!this.domain)
            return;
        const url = URL.parse(address.url.trim(), base);
        if (url && this.resolver.isSiteHost(url))
            return;
        const host = url?.host || '(not a URL)';
        this.addresses.add(`${address.source} ${host}`, file, () => ({
            source: address.source,
            host,
            exampleUrl: (0,resolve/* copyString */.j5)(address.url),
            files: 0,
            examples: []
        }));
    }
    noteExtensionless(file, reference, servedBy) {
        let use = this.extensionless;
        if (!use || (this.extensionlessLastFile !== file && exampleOrder(file, use.exampleFile) < 0)) {
            use = this.extensionless = {
                references: use?.references ?? 0,
                files: use?.files ?? 0,
                exampleReference: (0,resolve/* copyString */.j5)(reference),
                exampleFile: file,
                servedBy
            };
        }
        use.references++;
        if (this.extensionlessLastFile !== file)
            use.files++;
        this.extensionlessLastFile = file;
    }
}
function brokenFragment(page, fragment, reference) {
    return {
        page,
        fragment: (0,resolve/* copyString */.j5)(fragment),
        reference: (0,resolve/* copyString */.j5)(reference.url),
        source: reference.source,
        files: 0,
        examples: []
    };
}
/**
 * Where a reference means the same: on pages of the site, one that starts with `/` or a scheme
 * everywhere (the scope ''), and a relative one in every page of a folder (but `?x`, which keeps
 * the page's name). Outcomes are cached by scope, then by the reference itself, so that no key is
 * made by joining the two for every reference.
 */
function cacheScope(reference, base) {
    if (base.folder === undefined || reference.startsWith('?'))
        return base.url;
    if (reference.startsWith('/') || SCHEME.test(reference))
        return '';
    return base.folder;
}


/***/ }),

/***/ 9761:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Aj: () => (/* binding */ REPORT_VERSION),
/* harmony export */   FK: () => (/* binding */ buildReport),
/* harmony export */   YK: () => (/* binding */ problemLine),
/* harmony export */   u5: () => (/* binding */ writeReport)
/* harmony export */ });
/* unused harmony export extensionlessNotice */
/* harmony import */ var _core_own_files_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1933);

/**
 * The site check's report: the JSON file written beside the site (its schema is documented in
 * the README, under "Site check report"), and the problems in the order they are shown.
 */
const REPORT_VERSION = 1;
/** The report of a check, ready to be written and shown. */
function buildReport(findings, checkedAt = new Date()) {
    const broken = findings.broken.sorted();
    const fragments = findings.fragments.sorted();
    const external = findings.external.sorted().map((origin) => ({ ...origin, kinds: [...origin.kinds].sort() }));
    const addresses = findings.addresses.sorted();
    const { sitemap } = findings;
    const problems = listProblems(findings, broken, fragments, addresses, external);
    const sitemapProblems = (sitemap?.offDomain.reduce((sum, host) => sum + host.urls, 0) ?? 0) + (sitemap?.unresolvedCount ?? 0);
    const unlistedSitemapUrls = Math.max(0, (sitemap?.unresolvedCount ?? 0) - (sitemap?.unresolved.length ?? 0));
    return {
        version: REPORT_VERSION,
        site: findings.root,
        domain: findings.domain ?? null,
        checkedAt: checkedAt.toISOString(),
        durationMs: findings.durationMs,
        threads: findings.threads,
        skipped: findings.domain
            ? []
            : [
                "canonical, og:url and sitemap hosts: the export's domain is not known (export-job-id without domain); give domain to check them"
            ],
        counts: {
            files: findings.files,
            htmlPages: findings.htmlPages,
            styleSheets: findings.styleSheets,
            expectedPages: findings.expectedPages ?? null,
            internalReferences: findings.internalReferences,
            brokenReferences: broken.length,
            brokenFragments: fragments.length,
            externalOrigins: external.length,
            connectionHints: findings.hints.size,
            outboundOrigins: findings.outbound.size,
            addressProblems: addresses.length,
            sitemapUrls: sitemap?.urls ?? 0,
            sitemapProblems,
            extensionlessReferences: findings.extensionless?.references ?? 0,
            problems: problems.length + unlistedSitemapUrls
        },
        indexHtml: findings.indexHtml,
        brokenReferences: broken,
        brokenFragments: fragments,
        externalOrigins: external,
        connectionHints: findings.hints.sorted(),
        outboundLinks: findings.outbound.sorted(),
        addresses,
        sitemap: sitemap ? { ...sitemap, unresolved: sitemap.unresolved.map((entry) => entry.url) } : null,
        extensionless: findings.extensionless ? { ...findings.extensionless, hostRules: findings.hostRules ?? null } : null,
        omitted: {
            brokenReferences: findings.broken.overflow,
            brokenFragments: findings.fragments.overflow,
            externalOrigins: findings.external.overflow,
            connectionHints: findings.hints.overflow,
            outboundLinks: findings.outbound.overflow,
            addresses: findings.addresses.overflow
        },
        problems,
        notices: findings.extensionless && !findings.hostRules ? [extensionlessNotice(findings.extensionless)] : []
    };
}
/** A problem as the log, the annotations and the summary show it: a known one says so. */
function problemLine(problem) {
    return problem.known ? `${problem.message} (known: the baseline has it)` : problem.message;
}
async function writeReport(report, file) {
    await (0,_core_own_files_js__WEBPACK_IMPORTED_MODULE_0__/* .writeOwnFile */ .OP)(file, `${JSON.stringify(report, null, 2)}\n`);
}
/**
 * Problems from the most to the least fundamental: a missing site, missing pages, broken
 * references and fragments, wrong addresses, loads from elsewhere.
 */
function listProblems(findings, broken, fragments, addresses, external) {
    const problems = [];
    const { domain, expectedPages, sitemap } = findings;
    if (!findings.indexHtml) {
        problems.push({
            check: 'index',
            kind: 'missing',
            target: 'index.html',
            message: 'The site has no index.html at its top: a host would serve nothing at /'
        });
    }
    if (expectedPages !== undefined && findings.htmlPages < expectedPages) {
        problems.push({
            check: 'pages',
            kind: 'fewer',
            target: '/',
            message: `${findings.htmlPages} HTML pages arrived, ${expectedPages - findings.htmlPages} fewer than the ${expectedPages} the export job counted`
        });
    }
    for (const reference of broken) {
        const file = reference.examples[0] ?? '';
        problems.push({
            check: 'broken-reference',
            kind: 'missing',
            target: reference.target,
            file,
            message: `${file}: ${reference.source} ${JSON.stringify(reference.reference)} points at ${reference.target}, which is not in the site${alsoInOthers(reference.files, 'file')}`
        });
    }
    for (const link of fragments) {
        const file = link.examples[0] ?? '';
        problems.push({
            check: 'fragment',
            kind: 'missing',
            target: `${link.page}#${link.fragment}`,
            file,
            message: `${file}: ${link.source} ${JSON.stringify(link.reference)}: ${link.page} has no id or name ${JSON.stringify(link.fragment)}${alsoInOthers(link.files, 'file')}`
        });
    }
    for (const address of addresses) {
        const file = address.examples[0] ?? '';
        problems.push({
            check: 'address',
            kind: address.source,
            target: address.host,
            file,
            message: `${file}: ${address.source} ${JSON.stringify(address.exampleUrl)} is on ${address.host}, not ${domain ?? 'the domain'}${alsoInOthers(address.files, 'page')}`
        });
    }
    for (const host of sitemap?.offDomain ?? []) {
        problems.push({
            check: 'sitemap',
            kind: 'other-host',
            target: host.host,
            file: host.file,
            message: `${host.file}: ${host.urls} URL${host.urls === 1 ? ' is' : 's are'} on ${host.host}, not ${domain ?? 'the domain'} (such as ${host.examples[0] ?? ''})`
        });
    }
    for (const { url, file } of sitemap?.unresolved ?? []) {
        problems.push({
            check: 'sitemap',
            kind: 'missing',
            target: url,
            file,
            message: `${file}: ${url} is not in the site`
        });
    }
    for (const origin of external) {
        const file = origin.examples[0] ?? '';
        problems.push({
            check: 'external-origin',
            kind: 'load',
            target: origin.origin,
            file,
            message: `${file}: loads ${origin.kinds.join(', ')} from ${origin.origin} (such as ${origin.exampleUrl})${alsoInOthers(origin.files, 'file')}; that fails without internet access`
        });
    }
    return problems;
}
/** "; 3 other files too": how many more files than the example show the finding. */
function alsoInOthers(files, noun) {
    return files > 1 ? `; ${files - 1} other ${noun}${files > 2 ? 's' : ''} too` : '';
}
/**
 * The one notice for a site whose links leave out `.html`, with what a host needs to serve them:
 * one line, its parts joined by `; `, since an annotation and a log line carry no line break.
 */
function extensionlessNotice(use) {
    return [
        `The site links to pages without their .html extension (${use.references} references in ${use.files} files, such as ${JSON.stringify(use.exampleReference)} in ${use.exampleFile}, served by ${use.servedBy}).`,
        ' GitHub Pages, Netlify and Cloudflare Pages serve /x from x.html on their own; a plain static host answers 404 unless it is told to.',
        ' nginx: location / { try_files $uri $uri.html $uri/ =404; }.',
        " CloudFront in front of S3: a viewer-request CloudFront Function, function handler(event) { var request = event.request; var last = request.uri.slice(request.uri.lastIndexOf('/') + 1); if (last === '') request.uri += 'index.html'; else if (last.indexOf('.') === -1) request.uri += '.html'; return request }.",
        ' S3 static website hosting serves x/ from x/index.html, never x from x.html: publish-to puts each page under its route too (publish-routes: copies, the default), so nothing else is needed there.'
    ].join('');
}


/***/ }),

/***/ 5267:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BC: () => (/* binding */ SiteFiles),
/* harmony export */   j5: () => (/* binding */ copyString),
/* harmony export */   nQ: () => (/* binding */ hasFragment),
/* harmony export */   q0: () => (/* binding */ decodePath),
/* harmony export */   sr: () => (/* binding */ ReferenceResolver),
/* harmony export */   xQ: () => (/* binding */ linkFragment)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);


const NONE = { kind: 'none' };
/**
 * A copy of `text` that shares no memory with it. The parser's strings are slices of the whole
 * page they come from: keeping one in a finding or a cache would keep that page in memory.
 */
function copyString(text) {
    return (' ' + text).slice(1);
}
/** A stand-in origin for the site when its domain is unknown; `.invalid` never resolves (RFC 2606). */
const UNKNOWN_SITE_ORIGIN = 'https://exported-site.invalid';
class ReferenceResolver {
    /** The origin that stands for the site: its domain, or a stand-in. */
    siteOrigin;
    siteHost;
    constructor(domain) {
        this.siteOrigin = domain ? `https://${domain.toLowerCase()}` : UNKNOWN_SITE_ORIGIN;
        this.siteHost = new URL(this.siteOrigin).host;
    }
    /** The address a browser sees for a file of the site: `guides/a b.html` → `https://docs.acme.dev/guides/a%20b.html`. */
    pageUrl(file) {
        return `${this.siteOrigin}/${file.split('/').map(encodeURIComponent).join('/')}`;
    }
    /** Where `reference`, found in a page whose address (or `<base>`) is `base`, points. */
    resolve(reference, base) {
        const trimmed = reference.trim();
        if (trimmed === '' || trimmed.startsWith('#'))
            return NONE;
        const url = URL.parse(trimmed, base);
        if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
            return NONE;
        if (this.isSiteHost(url))
            return { kind: 'internal', path: decodePath(url.pathname) };
        return { kind: 'external', origin: url.origin, url: url.href };
    }
    /** True when `url` (absolute) is on the exported domain, by host, over http or https. */
    isSiteHost(url) {
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === this.siteHost;
    }
}
/** Percent-decoded, as the file's name on disk; a malformed escape is left as it is. */
function decodePath(pathname) {
    try {
        return decodeURIComponent(pathname);
    }
    catch {
        return pathname;
    }
}
/**
 * The fragment a link names, as written, without its `#`; undefined when it names no element:
 * no fragment, `#`, `#top` (the top of the page, with or without such an id) and a text fragment
 * alone (`#:~:text=…`, whose directive a browser strips before it looks for an element).
 */
function linkFragment(url) {
    const hash = url.indexOf('#');
    if (hash < 0)
        return undefined;
    const directive = url.indexOf(':~:', hash);
    const fragment = url.slice(hash + 1, directive < 0 ? undefined : directive).trimEnd();
    return fragment === '' || fragment.toLowerCase() === 'top' ? undefined : fragment;
}
/** Whether a page with these ids has the element `fragment` names: as written, else percent-decoded, as a browser looks. */
function hasFragment(ids, fragment) {
    return ids.has(fragment) || ids.has(decodePath(fragment));
}
/** The files of the unpacked site, looked up as a static host would. */
class SiteFiles {
    files;
    root;
    linkedFolders;
    /**
     * `files`: every file's path relative to `root`, with `/` separators. `linkedFolders`: the site
     * has symbolic links to folders, whose files the listing does not hold; they are looked up on disk.
     */
    constructor(root, files, linkedFolders = false) {
        this.root = root;
        this.files = new Set(files);
        this.linkedFolders = linkedFolders;
    }
    has(file) {
        return this.files.has(file);
    }
    /**
     * The file a static host serves for a site path, and how it found it; undefined for a 404.
     * `/x/` is `x/index.html`; `/x` is `x`, else `x.html`, else `x/index.html` (hosts redirect `/x` to `/x/`).
     */
    lookup(sitePath) {
        const relative = sitePath.replace(/^\/+/, '');
        if (relative === '' || relative.endsWith('/'))
            return this.find(`${relative}index.html`, 'index');
        return (this.find(relative, 'exact') ??
            this.find(`${relative}.html`, 'html') ??
            this.find(`${relative}/index.html`, 'index'));
    }
    find(file, match) {
        if (this.files.has(file) || (this.linkedFolders && this.isFileOnDisk(file)))
            return { file, match };
        return undefined;
    }
    /** A file under a linked folder (the unpacking policy keeps links inside the site). */
    isFileOnDisk(file) {
        const normal = node_path__WEBPACK_IMPORTED_MODULE_1___default().posix.normalize(file);
        if (normal.startsWith('../') || normal.includes('\0'))
            return false;
        try {
            return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(this.root, normal)).isFile();
        }
        catch {
            return false;
        }
    }
}


/***/ }),

/***/ 9251:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cg: () => (/* binding */ bucketUrl),
/* harmony export */   F$: () => (/* binding */ parseS3Url),
/* harmony export */   TL: () => (/* binding */ parseS3Location),
/* harmony export */   TN: () => (/* binding */ keyOf),
/* harmony export */   bC: () => (/* binding */ objectUrl),
/* harmony export */   ml: () => (/* binding */ prefixUrl),
/* harmony export */   t9: () => (/* binding */ DEFAULT_REGION),
/* harmony export */   x3: () => (/* binding */ isKeyPath)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);
/* harmony import */ var _core_message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3252);


/** The region signed for when neither the stage's region input nor AWS_REGION says one (the contract's default). */
const DEFAULT_REGION = 'us-east-1';
/** S3's rules for a bucket's name: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** S3 keys are at most 1024 bytes; the prefix leaves room for the names under it. */
const MAX_PREFIX_BYTES = 900;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/**
 * `BUCKET[/PREFIX]` (what follows `s3://` in the input `name`) with `endpoint` (an address the
 * settings checked already, as every URL input); throws an ActionError (code `input`) that names
 * the input when the bucket is not a bucket's name or the prefix has a part that could leave it.
 */
function parseS3Location(rest, endpoint, name) {
    const slash = rest.indexOf('/');
    const bucket = slash < 0 ? rest : rest.slice(0, slash);
    const prefix = (slash < 0 ? '' : rest.slice(slash + 1)).replace(/^\/+|\/+$/g, '');
    if (!BUCKET.test(bucket) || bucket.includes('..'))
        throw inputError(name, `names the bucket "${bucket}", which is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens): use \`s3://BUCKET/PREFIX\``);
    if (prefix) {
        if (!isKeyPath(prefix))
            throw inputError(name, 'has a PREFIX with an empty, `.` or `..` part, a backslash or a control character');
        if (Buffer.byteLength(prefix) > MAX_PREFIX_BYTES)
            throw inputError(name, `has a PREFIX longer than ${MAX_PREFIX_BYTES} bytes`);
    }
    return { bucket, prefix, ...(endpoint ? { endpoint: endpoint.replace(/\/+$/, '') } : {}) };
}
/**
 * `s3://BUCKET[/PREFIX]` as the input `name` gives it; throws an ActionError (code `input`) that
 * names the input when it is not one.
 */
function parseS3Url(text, endpoint, name) {
    const value = text.trim();
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(value)?.[1]?.toLowerCase();
    if (scheme !== 's3')
        throw inputError(name, scheme
            ? `has the scheme "${scheme}": it takes an S3 bucket (AWS, or an S3-compatible store), \`s3://BUCKET[/PREFIX]\``
            : 'must be `s3://BUCKET[/PREFIX]`');
    return parseS3Location(value.slice('s3://'.length), endpoint, name);
}
/**
 * Whether `path` is a relative path made of plain names: no empty, `.` or `..` part, no
 * backslash, no control character. A key made of such a path and a prefix stays under the prefix,
 * whatever a proxy or CDN in front of the bucket makes of `.` and `..`.
 */
function isKeyPath(path) {
    return (!CONTROL.test(path) &&
        !path.includes('\\') &&
        path.split('/').every((part) => part !== '' && part !== '.' && part !== '..'));
}
/** `s3://BUCKET/PREFIX/`, as messages name the place. */
function prefixUrl(location) {
    return `s3://${location.bucket}/${location.prefix ? `${location.prefix}/` : ''}`;
}
/** The key of `name` under `prefix`. */
function keyOf(prefix, name) {
    return prefix ? `${prefix}/${name}` : name;
}
/** Where a bucket is read without credentials by default: its path-style URL on the endpoint, or on AWS. */
function bucketUrl(location, region) {
    return `${location.endpoint ?? `https://s3.${region}.amazonaws.com`}/${location.bucket}`;
}
/** `base/key`, each part of the key encoded as a path segment. */
function objectUrl(base, key) {
    return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
function inputError(name, problem) {
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ((0,_core_message_js__WEBPACK_IMPORTED_MODULE_1__/* .message */ .iU) `${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_1__/* .inputSubject */ .By)(name)} ${problem}`, { code: 'input', input: (0,_core_message_js__WEBPACK_IMPORTED_MODULE_1__/* .input */ .hF)(name) });
}


/***/ })

};

//# sourceMappingURL=656.index.js.map