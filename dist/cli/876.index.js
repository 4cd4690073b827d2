export const id = 876;
export const ids = [876];
export const modules = {

/***/ 4184:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ mirrorError)
/* harmony export */ });
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4296);

/**
 * A failure of the mirror: the code `mirror` (the command line's exit code 6), whatever went wrong
 * (a refused upload, a copy the chart could not read), with what to do about it as the hint.
 */
function mirrorError(problem, options = {}) {
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ActionError */ .lZ(problem, { ...options, code: 'mirror' });
}


/***/ }),

/***/ 9968:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ kindFacts)
/* harmony export */ });
/**
 * What the mirror says about an archive by its kind (as detected from its bytes): the ending of
 * its S3 key, the Content-Type of that object, and the media type of its OCI layer. One table, so
 * that a kind the action learns to unpack gets all three at once.
 */
const KINDS = {
    'tar.gz': {
        ending: 'tar.gz',
        contentType: 'application/gzip',
        layerMediaType: 'application/vnd.oci.image.layer.v1.tar+gzip'
    },
    'tar.zst': {
        ending: 'tar.zst',
        contentType: 'application/zstd',
        layerMediaType: 'application/vnd.oci.image.layer.v1.tar+zstd'
    },
    tar: { ending: 'tar', contentType: 'application/x-tar', layerMediaType: 'application/vnd.oci.image.layer.v1.tar' },
    zip: { ending: 'zip', contentType: 'application/zip', layerMediaType: 'application/zip' }
};
/** A kind the mirror does not know is kept as opaque bytes. */
const UNKNOWN = {
    ending: 'bin',
    contentType: 'application/octet-stream',
    layerMediaType: 'application/octet-stream'
};
function kindFacts(kind) {
    return Object.hasOwn(KINDS, kind) ? KINDS[kind] : UNKNOWN;
}


/***/ }),

/***/ 9164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  E: () => (/* binding */ OCI_MANIFEST),
  b: () => (/* binding */ RegistryClient)
});

// EXTERNAL MODULE: ./src/core/net.ts
var net = __webpack_require__(8456);
// EXTERNAL MODULE: ./src/mirror/errors.ts
var mirror_errors = __webpack_require__(4184);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/retry.ts
var retry = __webpack_require__(7253);
// EXTERNAL MODULE: ./src/core/server-words.ts
var server_words = __webpack_require__(8284);
// EXTERNAL MODULE: ./src/core/user-agent.ts
var user_agent = __webpack_require__(2516);
// EXTERNAL MODULE: ./src/core/message.ts
var message = __webpack_require__(3252);
;// CONCATENATED MODULE: ./src/mirror/oci-auth.ts






/** The first challenge of a `WWW-Authenticate` header that the mirror can answer, or undefined. */
function parseChallenge(header) {
    const match = /^\s*(Basic|Bearer)\b(.*)$/i.exec(header ?? '');
    if (!match)
        return undefined;
    const params = {};
    // auth-param = token "=" ( token / quoted-string ), as RFC 9110 has it; a scope holds commas, so quoted strings are read whole.
    for (const param of (match[2] ?? '').matchAll(/([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]+))/g)) {
        params[(param[1] ?? '').toLowerCase()] =
            param[2] !== undefined ? param[2].replace(/\\(.)/g, '$1') : (param[3] ?? '');
    }
    return { scheme: (match[1] ?? '').toLowerCase(), params };
}
function basicAuthorization(credentials) {
    return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
}
/**
 * A bearer token from the challenge's realm for `scope`, asked with the basic credentials: a GET
 * with `service` and `scope`, answered `{ token }` or `{ access_token }`. The realm is held to the
 * mirror's network (https, or http on this machine), and redirects are not followed, so the
 * credentials go nowhere else.
 */
async function fetchToken(options) {
    const realm = URL.parse(options.challenge.params.realm ?? '');
    if (!realm)
        throw (0,mirror_errors/* mirrorError */.Q)('Mirror: the registry asked for a token but named no realm (WWW-Authenticate: Bearer without realm=)');
    const refusal = options.network.refusal(realm);
    if (refusal)
        throw (0,mirror_errors/* mirrorError */.Q)((0,message/* message */.iU) `Mirror: the registry's token realm ${realm.origin} was refused: ${refusal}`);
    if (options.challenge.params.service)
        realm.searchParams.set('service', options.challenge.params.service);
    realm.searchParams.set('scope', options.scope);
    const answer = await (0,undici/* request */.Em)(realm, {
        method: 'GET',
        dispatcher: options.network.dispatcher,
        headers: { 'user-agent': user_agent/* USER_AGENT */._O, authorization: basicAuthorization(options.credentials) },
        signal: options.signal,
        headersTimeout: (0,net/* requestTimeoutMs */.Hl)(options.deadline),
        bodyTimeout: (0,net/* requestTimeoutMs */.Hl)(options.deadline)
    }).catch((error) => {
        if (options.signal.aborted)
            throw error;
        throw (0,mirror_errors/* mirrorError */.Q)((0,message/* message */.iU) `Mirror: the registry's token realm ${realm.origin}${realm.pathname} ${(0,errors/* asClause */.eI)((0,errors/* textOf */.b6)((0,net/* networkFailure */.rd)(error)))}`);
    });
    // A token answer is a few hundred bytes: more is something else, and not read further.
    const body = await (0,net/* readBounded */.CB)(answer.body, String(answer.headers['content-length'] ?? ''), net/* ERROR_PAGE_BYTES */.JK);
    if (answer.statusCode === 401 || answer.statusCode === 403)
        throw (0,mirror_errors/* mirrorError */.Q)(`Mirror: the registry's token realm ${realm.origin}${realm.pathname} refused the credentials (HTTP ${answer.statusCode})`, { hint: (0,message/* message */.iU) `Check ${(0,message/* input */.hF)('mirror-username')} and ${(0,message/* input */.hF)('mirror-password')}` });
    const token = answer.statusCode === 200 ? tokenIn(body) : undefined;
    if (!token)
        throw (0,mirror_errors/* mirrorError */.Q)(`Mirror: the registry's token realm ${realm.origin}${realm.pathname} gave no token (HTTP ${answer.statusCode})`);
    return token;
}
function tokenIn(body) {
    try {
        const parsed = JSON.parse(body?.toString('utf8') ?? '');
        const token = parsed.token ?? parsed.access_token;
        return typeof token === 'string' && token !== '' ? token : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/mirror/oci-http.ts











/**
 * The HTTP side of a registry client, over undici: the credentials the registry asks for at
 * `GET /v2/`, sent to the registry's own origin only (a redirect or an upload Location on another
 * origin gets none, and a challenge from another origin is a failure, never a login), each request
 * held to the mirror's network, retries of what failed on the way, and a registry's error answers
 * as the mirror's failures.
 */
const RETRY_BASE_DELAY_MS = 1000;
class RegistrySession {
    target;
    context;
    /** Sent to the registry's origin only. */
    authorization;
    constructor(target, context) {
        this.target = target;
        this.context = context;
    }
    /** `GET /v2/`: whether the registry answers, and the credentials it wants, got once. */
    async connect() {
        const answer = await this.attempts('reaching the registry', () => this.sendOnce('GET', this.url('/v2/'), {}));
        if (answer.status === 200)
            return;
        if (answer.status !== 401)
            throw this.failure('GET /v2/', answer);
        const challenge = this.ownChallenge('GET /v2/', answer);
        if (!challenge)
            throw this.failure('GET /v2/ (it asks for an authentication the mirror does not know)', answer);
        await this.logIn(challenge);
    }
    /**
     * The challenge of a 401, judged by the origin that answered, after redirects: the registry's own
     * is answered with the credentials; one from any other origin (a storage host that the registry
     * sent the request to) is a failure that names that origin, and never starts a login.
     */
    ownChallenge(action, answer) {
        if (answer.url.origin !== this.target.origin)
            throw (0,mirror_errors/* mirrorError */.Q)(`Mirror: ${action} on ${this.target.host}/${this.target.repository} was answered HTTP 401 by ${answer.url.origin}, where the registry sent it, not by the registry: the credentials go to the registry only`, { hint: 'A registry that sends reads or uploads to another host must give it links that need no credentials' });
        return parseChallenge((0,net/* header */.wx)(answer.headers['www-authenticate']));
    }
    /** Answers `challenge`: basic credentials as they are, or a bearer token got with them. */
    async logIn(challenge) {
        const given = this.context.registryCredentials;
        if (!given)
            throw (0,mirror_errors/* mirrorError */.Q)(`Mirror: the registry ${this.target.host} asks for credentials (HTTP 401)`, {
                hint: (0,message/* message */.iU) `Set ${(0,message/* input */.hF)('mirror-username')} and ${(0,message/* input */.hF)('mirror-password')} to an account with push rights on ${this.target.repository}`
            });
        if (challenge.scheme === 'basic') {
            this.authorization = basicAuthorization(given);
            return;
        }
        const token = await fetchToken({
            challenge,
            scope: `repository:${this.target.repository}:pull,push`,
            credentials: given,
            network: this.context.network,
            signal: this.context.signal,
            deadline: this.context.deadline.at
        });
        this.authorization = `Bearer ${token}`;
    }
    /**
     * Best effort, within the clean-up's grace (core/deadline.ts), whatever stopped the upload: a
     * session left open is only reclaimed by the registry's own clean-up, days later.
     */
    async cancelUpload(location) {
        await (0,undici/* request */.Em)(location, {
            method: 'DELETE',
            dispatcher: this.context.network.dispatcher,
            headers: this.headersFor(location, {}),
            signal: this.context.deadline.cleanUpSignal()
        })
            .then((answer) => answer.body.dump())
            .catch(() => undefined);
    }
    /**
     * One request, with the registry's credentials when it goes to the registry's origin, and again
     * once after answering the challenge of a 401 from there: a token that ran out during a long push,
     * or a registry that asks only when a push starts. GET and HEAD follow redirects, each hop held to
     * the mirror's network, and without credentials off the origin; a 401 from another origin fails.
     */
    async send(method, url, options = {}) {
        const answer = await this.sendOnce(method, url, options);
        if (answer.status !== 401)
            return answer;
        const challenge = this.ownChallenge(`${method} ${url.pathname}`, answer);
        if (!this.context.registryCredentials)
            return answer;
        // Basic credentials refused once are refused again.
        if (!challenge || (challenge.scheme === 'basic' && this.authorization))
            return answer;
        await this.logIn(challenge);
        return this.sendOnce(method, url, options);
    }
    async sendOnce(method, link, options) {
        let url = link;
        for (let redirects = 0;; redirects++) {
            const refusal = this.context.network.refusal(url);
            if (refusal)
                throw (0,mirror_errors/* mirrorError */.Q)((0,message/* message */.iU) `Mirror: a request to ${url.origin} was refused: ${refusal}`);
            const answer = await (0,undici/* request */.Em)(url, {
                method,
                dispatcher: this.context.network.dispatcher,
                headers: this.headersFor(url, { ...options.headers, ...contentLength(options.body) }),
                body: bodyOf(options.body),
                signal: this.context.signal,
                headersTimeout: (0,net/* requestTimeoutMs */.Hl)(this.context.deadline.at),
                bodyTimeout: (0,net/* requestTimeoutMs */.Hl)(this.context.deadline.at)
            }).catch((error) => {
                if (this.context.signal.aborted)
                    throw error;
                const failure = (0,net/* networkFailure */.rd)(error);
                throw (0,mirror_errors/* mirrorError */.Q)((0,message/* message */.iU) `Mirror: ${method} ${url.origin}${url.pathname} ${(0,errors/* asClause */.eI)(failure.text)}`, {
                    retryable: failure.retryable,
                    cause: error
                });
            });
            const location = (0,net/* header */.wx)(answer.headers.location);
            if ((method === 'GET' || method === 'HEAD') &&
                net/* REDIRECT_STATUSES */.aq.has(answer.statusCode) &&
                location &&
                redirects < net/* MAX_REDIRECTS */.NX) {
                await answer.body.dump();
                url = new URL(location, url);
                continue;
            }
            const body = await (0,net/* readBounded */.CB)(answer.body, undefined, net/* ERROR_PAGE_BYTES */.JK).catch(() => undefined);
            return { status: answer.statusCode, headers: answer.headers, text: body?.toString('utf8') ?? '', url };
        }
    }
    /** The headers of a request to `url`: the User-Agent, and the credentials only on the registry's own origin. */
    headersFor(url, headers) {
        const own = url.origin === this.target.origin && this.authorization;
        return { 'user-agent': user_agent/* USER_AGENT */._O, ...headers, ...(own ? { authorization: this.authorization } : {}) };
    }
    /** An operation retried as the API's calls are, when it failed on the way (the network, HTTP 5xx or 429). */
    attempts(what, operation) {
        return (0,retry/* retry */.L5)(operation, {
            attempts: net/* ATTEMPTS */.PY,
            baseDelayMs: RETRY_BASE_DELAY_MS,
            maxDelayMs: net/* MAX_BACKOFF_MS */.BT,
            deadline: this.context.deadline.at,
            signal: this.context.signal,
            onRetry: (error, attempt, delayMs) => this.context.host.info((0,message/* message */.iU) `Mirror: ${what}: ${(0,errors/* asClause */.eI)((0,errors/* textOf */.b6)(error))}; ${(0,retry/* retryNote */.vT)(delayMs, attempt, net/* ATTEMPTS */.PY)}`)
        });
    }
    url(path) {
        return new URL(path, this.target.origin);
    }
    /** An upload's next address (the Location of the answer), which may be on another origin. */
    location(answer) {
        const location = (0,net/* header */.wx)(answer.headers.location);
        if (!location)
            throw (0,mirror_errors/* mirrorError */.Q)(`Mirror: the registry gave no Location for the upload (HTTP ${answer.status})`);
        return new URL(location, answer.url);
    }
    /**
     * A registry's answer as the mirror's failure, with its error codes (the spec's `{ errors: [{
     * code, message }] }`), the origin that answered when it is not the registry's, where a redirect
     * that was not followed leads, and what to do.
     */
    failure(action, answer) {
        const errors = registryErrors(answer.text);
        const own = answer.url.origin === this.target.origin;
        const location = (0,net/* header */.wx)(answer.headers.location);
        const redirect = net/* REDIRECT_STATUSES */.aq.has(answer.status) && location
            ? `, a redirect to ${URL.parse(location, answer.url.href)?.origin ?? 'an address that is not a URL'}, not followed: the mirror follows at most ${net/* MAX_REDIRECTS */.NX}, of GET and HEAD only`
            : '';
        const problem = `Mirror: ${action} on ${this.target.host}/${this.target.repository}: HTTP ${answer.status}${own ? '' : ` from ${answer.url.origin}, where the registry sent it`}${redirect}${errors ? ` (${errors})` : ''}`;
        const hint = answer.status === 401 && own
            ? (0,message/* message */.iU) `The registry refused the credentials: check ${(0,message/* input */.hF)('mirror-username')} and ${(0,message/* input */.hF)('mirror-password')}`
            : answer.status === 403
                ? `The account needs push rights on ${this.target.repository}`
                : answer.status === 404 && action.includes('POST')
                    ? (0,message/* message */.iU) `The repository's project may not exist: create it, or correct ${(0,message/* input */.hF)('mirror-to')}`
                    : undefined;
        return (0,mirror_errors/* mirrorError */.Q)(problem, { hint, retryable: net/* RETRYABLE_STATUSES */.U3.has(answer.status) });
    }
}
function registryErrors(text) {
    try {
        const { errors } = JSON.parse(text);
        const described = (errors ?? [])
            .slice(0, 3)
            .map((error) => [error.code, error.message].filter((part) => typeof part === 'string' && part).join(': '))
            .filter(Boolean);
        return described.length > 0 ? (0,server_words/* serverWords */.l)(described.join('; ')) : undefined;
    }
    catch {
        return undefined;
    }
}
function contentLength(body) {
    if (body === undefined)
        return {};
    return { 'content-length': String(Buffer.isBuffer(body) ? body.length : body.end - body.start + 1) };
}
/**
 * A file's range is read as undici sends it, and counted then. A `data` listener would start the
 * stream at once: what it read before undici took the body (a request waiting for its connection)
 * went to the listener alone, and the request was short of its Content-Length.
 */
function bodyOf(body) {
    if (body === undefined || Buffer.isBuffer(body))
        return body;
    const file = (0,external_node_fs_.createReadStream)(body.file, { start: body.start, end: body.end, highWaterMark: 1024 * 1024 });
    return external_node_stream_.Readable.from(counted(file, body.onBytes), { objectMode: false });
}
async function* counted(stream, onBytes) {
    for await (const chunk of stream) {
        onBytes(chunk.length);
        yield chunk;
    }
}

;// CONCATENATED MODULE: ./src/mirror/oci.ts



/**
 * A small client of one repository of an OCI registry with the distribution spec's flows only:
 * blob HEAD, blob upload (POST, then one PUT `?digest=`, or PATCHes with `Content-Range` then the
 * PUT for a large blob; never the single-request `POST ?digest=`, which distribution 2.8 accepts
 * and then drops), and manifest HEAD and PUT. Its session (oci-http.ts) speaks HTTP and holds the
 * credentials.
 */
const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
/** A blob up to this size goes in one PUT; a larger one in PATCHes of this size (proxies in front of registries often cap a request's body). */
const CHUNK_BYTES = 64 * 1024 * 1024;
class RegistryClient {
    session;
    constructor(session) {
        this.session = session;
    }
    /** A client of `target`'s repository, once the registry answered `GET /v2/` and took the credentials it asked for. */
    static async connect(target, context) {
        const session = new RegistrySession(target, context);
        await session.connect();
        return new RegistryClient(session);
    }
    get repository() {
        return this.session.target.repository;
    }
    async blobExists(digest) {
        const answer = await this.session.attempts('checking for the blob', () => this.session.send('HEAD', this.session.url(`/v2/${this.repository}/blobs/${digest}`)));
        if (answer.status === 200)
            return true;
        if (answer.status === 404)
            return false;
        throw this.session.failure(`HEAD of blob ${digest}`, answer);
    }
    /** Uploads a blob; a failed attempt starts a new upload session (and cancels the old one). */
    async uploadBlob(source, digest, size, onBytes = () => undefined) {
        await this.session.attempts(`uploading blob ${digest}`, async () => {
            const started = await this.session.send('POST', this.session.url(`/v2/${this.repository}/blobs/uploads/`));
            if (started.status !== 202)
                throw this.session.failure('starting a blob upload (POST)', started);
            let location = this.session.location(started);
            try {
                if ('bytes' in source) {
                    await this.finish(location, digest, source.bytes);
                    return;
                }
                if (size <= CHUNK_BYTES) {
                    await this.finish(location, digest, { file: source.file, start: 0, end: size - 1, onBytes });
                    return;
                }
                for (let start = 0; start < size; start += CHUNK_BYTES) {
                    const end = Math.min(size, start + CHUNK_BYTES) - 1;
                    const chunk = await this.session.send('PATCH', location, {
                        body: { file: source.file, start, end, onBytes },
                        headers: { 'content-type': 'application/octet-stream', 'content-range': `${start}-${end}` }
                    });
                    if (chunk.status !== 202)
                        throw this.session.failure(`uploading bytes ${start}-${end} (PATCH)`, chunk);
                    location = this.session.location(chunk);
                }
                await this.finish(location, digest);
            }
            catch (error) {
                await this.session.cancelUpload(location);
                throw error;
            }
        });
    }
    /** Whether the registry takes a push into the repository: an upload session started, then cancelled, which stores nothing. */
    async probeUpload() {
        const started = await this.session.attempts('starting a probe upload (cancelled at once)', () => this.session.send('POST', this.session.url(`/v2/${this.repository}/blobs/uploads/`)));
        if (started.status !== 202)
            throw this.session.failure('starting a probe upload (POST)', started);
        await this.session.cancelUpload(this.session.location(started));
    }
    /** The digest the tag names now, or undefined: a manifest HEAD with the OCI Accept header (distribution answers 404 without it). */
    async manifestDigest(reference) {
        const answer = await this.session.attempts('reading the tag', () => this.session.send('HEAD', this.session.url(`/v2/${this.repository}/manifests/${reference}`), {
            headers: { accept: OCI_MANIFEST }
        }));
        if (answer.status === 404)
            return undefined;
        if (answer.status !== 200)
            throw this.session.failure(`HEAD of manifest ${reference}`, answer);
        return (0,net/* header */.wx)(answer.headers['docker-content-digest']);
    }
    /** PUTs the manifest (whose digest is `digest`) under `reference`, a tag, and checks the digest the registry says it stored. */
    async putManifest(reference, manifest, digest) {
        const answer = await this.session.attempts('pushing the manifest', () => this.session.send('PUT', this.session.url(`/v2/${this.repository}/manifests/${reference}`), {
            body: manifest,
            headers: { 'content-type': OCI_MANIFEST }
        }));
        if (answer.status !== 201)
            throw this.session.failure(`PUT of manifest ${reference}`, answer);
        const stored = (0,net/* header */.wx)(answer.headers['docker-content-digest']);
        if (stored && stored !== digest)
            throw (0,mirror_errors/* mirrorError */.Q)(`Mirror: the registry stored the manifest as ${stored}, not as ${digest}`);
    }
    /** The finishing PUT `?digest=`, with the last (or only) bytes, or none after PATCHes. */
    async finish(location, digest, body) {
        const url = new URL(location);
        url.searchParams.set('digest', digest);
        const answer = await this.session.send('PUT', url, {
            body: body ?? Buffer.alloc(0),
            headers: { 'content-type': 'application/octet-stream' }
        });
        if (answer.status !== 201)
            throw this.session.failure(`finishing the upload of blob ${digest} (PUT)`, answer);
    }
}


/***/ }),

/***/ 3864:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   u: () => (/* binding */ reportUpload)
/* harmony export */ });
/* harmony import */ var _core_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6228);
/* harmony import */ var _core_progress_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4664);


/**
 * Logs `Mirror: uploaded X of Y (N%)` at the host's progress pace when it changed, and now and
 * then when it did not, until the returned function is called.
 */
function reportUpload(host, totalBytes, uploadedBytes) {
    return (0,_core_progress_js__WEBPACK_IMPORTED_MODULE_0__/* .everyProgressChange */ .To)((line) => host.progress(line), () => {
        const done = Math.min(uploadedBytes(), totalBytes);
        return `Mirror: uploaded ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_1__/* .formatBytes */ .z3)(done)} of ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_1__/* .formatBytes */ .z3)(totalBytes)} (${Math.floor((done / totalBytes) * 100)}%)`;
    }, host.progressIntervalMs);
}


/***/ }),

/***/ 8301:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ MIRROR),
/* harmony export */   j: () => (/* binding */ mirrorToS3)
/* harmony export */ });
/* harmony import */ var _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3711);
/* harmony import */ var _aws_sdk_lib_storage__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2358);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _core_format_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6228);
/* harmony import */ var _core_deadline_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6343);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4184);
/* harmony import */ var _kinds_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9968);
/* harmony import */ var _progress_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3864);
/* harmony import */ var _storage_s3_client_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7891);
/* harmony import */ var _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9251);











/**
 * The archive into a bucket: `PREFIX/<sha256>.<kind>` (content-addressed, so a key is never
 * rewritten with other bytes), the manifest beside it, then `PREFIX/latest.json`, written last, so
 * that it never names an object that is not complete.
 */
/**
 * Parts of a multipart upload, and how many go at once: 64 MiB of parts in memory at most. Four
 * parts of 16 MiB were slower than `aws s3 cp` (parts of 8 MiB, ten at a time); these kept up with
 * it (scripts/bench/figures/mirror.ts). An archive of one part or less goes in one PUT.
 */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 8;
/** The archive's key names its bytes: a cache in front of the bucket may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** latest.json names the newest archive: a cache must ask again each time. */
const NO_CACHE = 'no-cache';
/** The mirror as the S3 client's errors name it. */
const MIRROR = {
    name: 'Mirror',
    failure: _errors_js__WEBPACK_IMPORTED_MODULE_4__/* .mirrorError */ .Q,
    inputs: { target: 'mirror-to', region: 'mirror-region', endpoint: 'mirror-endpoint' },
    permissions: 's3:PutObject, s3:GetObject (which HeadObject uses) and s3:AbortMultipartUpload'
};
async function mirrorToS3(target, archive, context) {
    const region = context.region ?? _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_7__/* .DEFAULT_REGION */ .t9;
    const client = (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_6__/* .s3Client */ .oD)(target, region, context.deadline, context.environment);
    const key = (0,_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_7__/* .keyOf */ .TN)(target.prefix, `${archive.sha256}.${(0,_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .kindFacts */ .q)(archive.kind).ending}`);
    const location = `s3://${target.bucket}/${key}`;
    const activity = `while mirroring the archive to ${location}`;
    try {
        const present = await holdsArchive(client, target, key, archive, context);
        if (present) {
            context.host.info(`Mirror: ${location} holds this archive already (same size and SHA-256): not uploaded again`);
        }
        else {
            await upload(client, target, key, archive, context);
            await confirmStored(client, target, key, archive, context);
        }
        const manifestKey = context.manifestPath ? (0,_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_7__/* .keyOf */ .TN)(target.prefix, `${archive.sha256}.manifest.json`) : undefined;
        // The manifest names the run that wrote it as well as the archive: no promise that it stays the same.
        if (context.manifestPath && manifestKey)
            await putSmall(client, target, manifestKey, await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)(context.manifestPath), 'application/json', undefined, context);
        const latest = {
            version: 1,
            key,
            sha256: archive.sha256,
            jobId: context.jobId,
            exportVersion: context.version ?? null,
            createdAt: context.createdAt,
            manifestKey: manifestKey ?? null
        };
        const latestKey = (0,_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_7__/* .keyOf */ .TN)(target.prefix, 'latest.json');
        await putSmall(client, target, latestKey, Buffer.from(`${JSON.stringify(latest, null, 2)}\n`), 'application/json', NO_CACHE, context);
        context.host.info(`Mirror: s3://${target.bucket}/${latestKey} names it as the newest archive`);
        return { url: (0,_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_7__/* .objectUrl */ .bC)(context.publicUrl ?? (0,_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_7__/* .bucketUrl */ .Cg)(target, region), key), location, uploaded: !present };
    }
    catch (error) {
        const stopped = (0,_core_deadline_js__WEBPACK_IMPORTED_MODULE_3__/* .stoppedError */ .Wm)(context.deadline, context.signal, activity);
        throw stopped ? (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_6__/* .withUnfinishedAbort */ .qb)(stopped, error) : error;
    }
    finally {
        client.destroy();
    }
}
/**
 * Whether the object is there already with the archive's size and SHA-256 (the metadata the
 * mirror stores, or the store's own SHA-256 checksum). Any other object at the key is replaced: the
 * key names these bytes. A HEAD that is refused (credentials allowed to put but not to read) only
 * means the upload cannot be skipped; the upload then says what the store thinks of them.
 */
async function holdsArchive(client, target, key, archive, context) {
    const head = await headObject(client, target, key, context);
    if (head === 'refused') {
        context.host.debug(`Mirror: HEAD of ${key} was refused (HTTP 403); uploading without checking for a copy`);
        return false;
    }
    if (!head)
        return false;
    if (head.ContentLength === archive.sizeBytes && storedSha256(head) === archive.sha256)
        return true;
    context.host.info(`Mirror: the object at ${key} is not this archive (another size, or no SHA-256 to compare): replacing it`);
    return false;
}
async function headObject(client, target, key, context) {
    try {
        return await client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_8__.HeadObjectCommand({ Bucket: target.bucket, Key: key, ChecksumMode: 'ENABLED' }), {
            abortSignal: context.signal
        });
    }
    catch (error) {
        const status = error.$metadata?.httpStatusCode;
        if (status === 404)
            return undefined;
        if (status === 403)
            return 'refused';
        throw (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_6__/* .s3Failure */ .lv)(error, 'reading', target, MIRROR);
    }
}
/** The SHA-256 an object carries, hex: our metadata, else a whole-object checksum (not a multipart one, `…-N`). */
function storedSha256(head) {
    const metadata = head.Metadata?.sha256?.toLowerCase();
    if (metadata)
        return metadata;
    const checksum = head.ChecksumSHA256;
    return checksum && !checksum.includes('-') ? Buffer.from(checksum, 'base64').toString('hex') : undefined;
}
/**
 * lib-storage's Upload: one PUT for an archive of one part, else a multipart upload, aborted on any
 * failure (leavePartsOnError: false), so that no part stays behind. On a cut, the run's signal
 * stops the reading of the file and every request in flight (see src/storage/s3-client.ts); the
 * abort then goes out, and the upload rejects once it has, or once the clean-up's grace is over:
 * the failure then says that the abort may not have completed.
 */
async function upload(client, target, key, archive, context) {
    const facts = (0,_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .kindFacts */ .q)(archive.kind);
    const body = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createReadStream)(archive.path, { highWaterMark: 1024 * 1024 });
    const stopReading = () => void body.destroy(context.signal.reason);
    context.signal.addEventListener('abort', stopReading, { once: true });
    const transfer = new _aws_sdk_lib_storage__WEBPACK_IMPORTED_MODULE_0__/* .Upload */ ._({
        client,
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
        params: {
            Bucket: target.bucket,
            Key: key,
            Body: body,
            ContentLength: archive.sizeBytes,
            ContentType: facts.contentType,
            CacheControl: IMMUTABLE,
            Metadata: { sha256: archive.sha256 },
            // The whole object's SHA-256, which S3 checks on arrival; a multipart upload has a checksum per part instead.
            ...(archive.sizeBytes <= PART_BYTES
                ? { ChecksumSHA256: Buffer.from(archive.sha256, 'hex').toString('base64') }
                : {})
        }
    });
    let uploaded = 0;
    transfer.on('httpUploadProgress', (progress) => (uploaded = progress.loaded ?? uploaded));
    const stopProgress = (0,_progress_js__WEBPACK_IMPORTED_MODULE_9__/* .reportUpload */ .u)(context.host, archive.sizeBytes, () => uploaded);
    const startedAt = Date.now();
    try {
        await transfer.done();
    }
    catch (error) {
        // A cut is said once, by mirrorToS3, with what the abort left behind.
        throw context.signal.aborted ? error : (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_6__/* .s3Failure */ .lv)(error, 'uploading the archive to', target, MIRROR);
    }
    finally {
        stopProgress();
        context.signal.removeEventListener('abort', stopReading);
        body.destroy();
    }
    context.host.info(`Mirror: uploaded ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_10__/* .formatBytes */ .z3)(archive.sizeBytes)} to s3://${target.bucket}/${key} in ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_10__/* .formatDuration */ .a3)(Date.now() - startedAt)}`);
}
/** What the store says it holds now: the archive's size and SHA-256, or the upload went wrong. */
async function confirmStored(client, target, key, archive, context) {
    const head = await headObject(client, target, key, context);
    // Credentials allowed to put but not to read: the check that follows is what remains.
    if (head === 'refused')
        return;
    if (head?.ContentLength !== archive.sizeBytes || storedSha256(head) !== archive.sha256)
        throw (0,_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .mirrorError */ .Q)(`Mirror: after the upload, s3://${target.bucket}/${key} holds ${head?.ContentLength ?? 'no'} bytes${head ? ` with SHA-256 ${storedSha256(head) ?? 'unknown'}` : ''}, not the archive (${archive.sizeBytes} bytes, ${archive.sha256})`);
}
async function putSmall(client, target, key, body, contentType, cacheControl, context) {
    await client
        .send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_8__.PutObjectCommand({
        Bucket: target.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: cacheControl
    }), { abortSignal: context.signal })
        .catch((error) => {
        throw (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_6__/* .s3Failure */ .lv)(error, `writing ${key.split('/').pop()} to`, target, MIRROR);
    });
}


/***/ }),

/***/ 7891:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   lv: () => (/* binding */ s3Failure),
/* harmony export */   oD: () => (/* binding */ s3Client),
/* harmony export */   qb: () => (/* binding */ withUnfinishedAbort)
/* harmony export */ });
/* harmony import */ var _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(3711);
/* harmony import */ var _smithy_node_http_handler__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(1279);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_https__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4708);
/* harmony import */ var node_https__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_https__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _core_deadline_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6343);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4296);
/* harmony import */ var _core_format_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6228);
/* harmony import */ var _core_message_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3252);
/* harmony import */ var _core_net_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8456);
/* harmony import */ var _core_server_words_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(8284);
/* harmony import */ var _s3_location_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9251);













/**
 * The AWS SDK's S3 client as the stages that write to a bucket use it: path-style addressing on
 * the stage's endpoint (AWS itself without one), credentials from the SDK's default chain only (the `AWS_*` variables, web
 * identity, a profile: never an input of ours, never logged), and checksums only where the
 * operation requires one, since several S3-compatible stores refuse the SDK's default streaming
 * checksums (Swift answers 501 "aws-chunked is not supported"). Its request handler holds every
 * request to the run's deadline, every answer but an object's or a list's to ERROR_PAGE_BYTES,
 * and the abort of a multipart upload to the clean-up's grace.
 */
const CONNECT_TIMEOUT_MS = 10_000;
/** Longest silence of a connection, before an answer or in the middle of a part. */
const STALL_TIMEOUT_MS = 30_000;
/**
 * Every request carries the run's signal, so that a cancellation or the deadline cuts the parts in
 * flight at once (lib-storage's Upload passes no signal of its own to them), except the abort of a
 * multipart upload (DELETE ?uploadId=), which must still go out after the cut: it is what removes
 * the parts already stored. That clean-up gets one attempt within the grace of the deadline's
 * `cleanUpSignal()` instead, so that a store that never answers it cannot hold the run up.
 */
class RunHandler extends _smithy_node_http_handler__WEBPACK_IMPORTED_MODULE_9__.NodeHttpHandler {
    deadline;
    runSignal;
    target;
    constructor(target, deadline, environment) {
        // The SDK's own agents, kept alive with up to 50 sockets, and through the proxy the runner names, if any.
        const agent = { keepAlive: true, maxSockets: 50, proxyEnv: environment };
        super({
            connectionTimeout: CONNECT_TIMEOUT_MS,
            socketTimeout: STALL_TIMEOUT_MS,
            httpAgent: new (node_http__WEBPACK_IMPORTED_MODULE_1___default().Agent)(agent),
            httpsAgent: new (node_https__WEBPACK_IMPORTED_MODULE_2___default().Agent)(agent)
        });
        this.target = target;
        this.deadline = deadline;
        this.runSignal = deadline.signal();
    }
    handle(request, options = {}) {
        if (request.method === 'DELETE' && 'uploadId' in request.query)
            return this.abortUpload(request, options);
        return this.send(request, { ...options, abortSignal: options.abortSignal ?? this.runSignal });
    }
    /**
     * An error answer, and any answer that S3 keeps to a few hundred bytes, is read here, at most
     * ERROR_PAGE_BYTES of it, before the SDK parses it (it would read and parse any length: 2.7 GiB
     * of memory for an error of 64 MiB): a longer one fails with its status and the start of its
     * message. An object or a list (a GET), or a batch delete's report, goes to the SDK as it comes.
     */
    async send(request, options) {
        const { response } = await super.handle(request, options);
        const small = request.method !== 'GET' && !(request.method === 'POST' && 'delete' in request.query);
        if (response.statusCode < 300 && !small)
            return { response };
        const { bytes, whole } = await (0,_core_net_js__WEBPACK_IMPORTED_MODULE_7__/* .readStart */ .H6)(response.body, _core_net_js__WEBPACK_IMPORTED_MODULE_7__/* .ERROR_PAGE_BYTES */ .JK);
        if (!whole)
            throw new LongAnswer(response.statusCode, bytes.toString('utf8'));
        // The SDK parses the bytes read.
        response.body = node_stream__WEBPACK_IMPORTED_MODULE_3__.Readable.from([bytes]);
        return { response };
    }
    /**
     * The abort of a multipart upload, sent once within the clean-up's grace. Whatever else becomes
     * of it (no answer in time, a refusal, a connection that fails) is an UnfinishedAbort, which the
     * SDK does not retry: its parts may still be stored, and the caller says so.
     */
    async abortUpload(request, options) {
        const upload = {
            id: String(request.query.uploadId),
            location: `s3://${this.target.bucket}/${keyOf(request, this.target.bucket)}`
        };
        const signal = this.deadline.cleanUpSignal();
        let answer;
        try {
            answer = await this.send(request, { ...options, abortSignal: signal });
        }
        catch (error) {
            if (signal.aborted)
                throw new UnfinishedAbort(upload, `the store gave no answer within the ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_10__/* .formatSeconds */ .Xo)(_core_deadline_js__WEBPACK_IMPORTED_MODULE_4__/* .CLEAN_UP_GRACE_MS */ .Y_)} a clean-up is given`);
            if (error instanceof LongAnswer)
                throw new UnfinishedAbort(upload, `the store answered ${error.said}`);
            const reason = (0,_core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .systemCode */ .xU)(error) ?? (error instanceof Error ? error.message : String(error));
            throw new UnfinishedAbort(upload, `the store could not be reached (${reason})`);
        }
        const { response } = answer;
        if (response.statusCode < 300)
            return answer;
        const { bytes } = await (0,_core_net_js__WEBPACK_IMPORTED_MODULE_7__/* .readStart */ .H6)(response.body, _core_net_js__WEBPACK_IMPORTED_MODULE_7__/* .ERROR_PAGE_BYTES */ .JK);
        throw new UnfinishedAbort(upload, `the store answered ${storeSaid(response.statusCode, bytes.toString('utf8'))}`);
    }
}
/** The object's key, from the path of a path-style request (`/BUCKET/KEY`). */
function keyOf(request, bucket) {
    const path = request.path;
    const start = path.indexOf(`/${bucket}/`);
    return start < 0
        ? path
        : path
            .slice(start + bucket.length + 2)
            .split('/')
            .map(decodeURIComponent)
            .join('/');
}
/**
 * An answer longer than ERROR_PAGE_BYTES, which was not read to its end, as the SDK shapes a
 * service error (its code as the name, its message, the status): from the start that was read.
 */
class LongAnswer extends Error {
    $metadata;
    /** What the store said, for a message. */
    said;
    constructor(status, start) {
        const { code, message: words } = (0,_core_server_words_js__WEBPACK_IMPORTED_MODULE_11__/* .xmlErrorWords */ .f)(start);
        super(words ?? `an answer longer than ${(0,_core_format_js__WEBPACK_IMPORTED_MODULE_10__/* .formatBytes */ .z3)(_core_net_js__WEBPACK_IMPORTED_MODULE_7__/* .ERROR_PAGE_BYTES */ .JK)}, not read further`);
        this.name = code ?? 'error';
        this.$metadata = { httpStatusCode: status };
        this.said = storeSaid(status, start);
    }
}
/** `HTTP <status> (<code>: <message>)`, as far as an S3 error's `text` holds them. */
function storeSaid(status, text) {
    const { code, message: words } = (0,_core_server_words_js__WEBPACK_IMPORTED_MODULE_11__/* .xmlErrorWords */ .f)(text);
    const told = [code, words].filter(Boolean).join(': ');
    return `HTTP ${status}${told ? ` (${told})` : ''}`;
}
/**
 * The abort of a multipart upload that may not have completed: its parts may still be stored. It
 * has no `cause`, since the SDK would retry what a cause says is passing (a time-out).
 */
class UnfinishedAbort extends _core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ {
    name = 'UnfinishedAbort';
    constructor(upload, reason) {
        super(`The abort of multipart upload ${(0,_core_server_words_js__WEBPACK_IMPORTED_MODULE_11__/* .serverWords */ .l)(upload.id)} of ${upload.location} may not have completed: ${reason}`, {
            code: 'unfinished-abort',
            hint: 'Its parts stay in the bucket, and are billed, until removed: run aws s3api abort-multipart-upload with this bucket, key and upload id, or let a lifecycle rule (AbortIncompleteMultipartUpload) remove them'
        });
    }
}
/** The UnfinishedAbort behind a failed upload: lib-storage throws it, or keeps it as the cause of the upload's own failure. */
function unfinishedAbort(error) {
    if (error instanceof UnfinishedAbort)
        return error;
    const cause = error?.cause;
    return cause instanceof UnfinishedAbort ? cause : undefined;
}
/**
 * `deadline` is the run's: every request but the abort of an upload stops with its signal.
 * `environment` is the runner's (RunnerFacts): the SDK's connections follow the proxy it names, as
 * the action's own requests do (src/core/net.ts), which self-hosted runners behind a proxy need.
 */
function s3Client(target, region, deadline, environment = {}) {
    const client = new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_12__.S3Client({
        region,
        ...(target.endpoint ? { endpoint: target.endpoint } : {}),
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: new RunHandler(target, deadline, environment)
    });
    sendContentMd5WithDeletes(client);
    return client;
}
/**
 * DeleteObjects (the batch delete) with `Content-MD5`, which S3 required of it for years and
 * S3-compatible stores still do: the SDK now sends a CRC32 checksum instead, which Swift refuses
 * (HTTP 400 "Missing required header for this request: Content-MD5"), as other stores did in
 * 2025. AWS takes either. It runs after the SDK's checksum (the build step's normal priority) and
 * before the signature (finalizeRequest), which covers the header. Why batches rather than a
 * request a key: docs/decisions/publish-deletes.md.
 */
function sendContentMd5WithDeletes(client) {
    client.middlewareStack.add((next, context) => (args) => {
        const request = args.request;
        const { body } = request;
        const bytes = typeof body === 'string' || body instanceof Uint8Array;
        if (context.commandName !== 'DeleteObjectsCommand' || !request.headers || !bytes)
            return next(args);
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !/^x-amz-(checksum-|sdk-checksum-algorithm$)/i.test(name)));
        headers['content-md5'] = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('md5').update(body).digest('base64');
        return next({ ...args, request: { ...request, headers } });
    }, { step: 'build', priority: 'low', name: 'sendContentMd5WithDeletes' });
}
/**
 * An error of the SDK as the stage's failure, saying what was refused and what to change: the
 * credentials, the permissions, the bucket, the endpoint; and, when the abort of a multipart upload
 * may not have completed, that too.
 */
function s3Failure(error, action, target, stage) {
    const problem = `${stage.name}: ${action} ${(0,_s3_location_js__WEBPACK_IMPORTED_MODULE_8__/* .prefixUrl */ .ml)(target)} failed`;
    // lib-storage throws the abort's failure in place of the upload's own when both failed.
    const failure = unfinishedAbort(error) === error
        ? stage.failure(problem, { cause: error })
        : explained(error, problem, target, stage);
    return withUnfinishedAbort(failure, error);
}
/** `failure`, followed by what the abort of an upload left behind when `error` says it may not have completed. */
function withUnfinishedAbort(failure, error) {
    const leftBehind = unfinishedAbort(error);
    if (!leftBehind)
        return failure;
    return new _core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionError */ .lZ((0,_core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .sentences */ .hC)(failure.text, leftBehind.text), {
        code: failure.code,
        namesJob: failure.namesJob,
        cause: error
    });
}
function explained(error, problem, target, stage) {
    const { name = '', message: said = '', $metadata } = (error ?? {});
    const status = $metadata?.httpStatusCode;
    const where = target.endpoint ? ` at ${target.endpoint}` : '';
    const fail = (detail, hint) => stage.failure(`${problem}: ${detail}`, { hint, cause: error });
    if (name === 'CredentialsProviderError')
        return fail('no AWS credentials were found', "S3 credentials come from the AWS SDK's default chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (as aws-actions/configure-aws-credentials sets them), a web identity, or a profile");
    if (name === 'NoSuchBucket')
        return fail(`the bucket ${target.bucket} does not exist${where}`, (0,_core_message_js__WEBPACK_IMPORTED_MODULE_6__/* .message */ .iU) `Create it, or correct ${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_6__/* .input */ .hF)(stage.inputs.target)}`);
    if (CREDENTIAL_REFUSALS.has(name))
        return fail(`the store refused the credentials (${name})`, (0,_core_message_js__WEBPACK_IMPORTED_MODULE_6__/* .message */ .iU) `Check the AWS credentials the runner has, and ${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_6__/* .input */ .hF)(stage.inputs.region)}: a signature made for another region is refused too`);
    if (name === 'AccessDenied' || status === 403)
        return fail('access denied (HTTP 403)', `The credentials need ${stage.permissions} on the prefix`);
    const code = (0,_core_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .systemCode */ .xU)(error);
    if (code && status === undefined)
        return fail(`the store could not be reached${where} (${code})`, (0,_core_message_js__WEBPACK_IMPORTED_MODULE_6__/* .message */ .iU) `Check ${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_6__/* .input */ .hF)(stage.inputs.endpoint)}`);
    const words = (0,_core_server_words_js__WEBPACK_IMPORTED_MODULE_11__/* .serverWords */ .l)(said);
    return fail(`${status ? `HTTP ${status}, ` : ''}${(0,_core_server_words_js__WEBPACK_IMPORTED_MODULE_11__/* .serverWords */ .l)(name) || 'error'}${words && words !== name ? `: ${words}` : ''}`);
}
/** What stores answer to a wrong key, a wrong secret or a stale session token. */
const CREDENTIAL_REFUSALS = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken']);


/***/ })

};

//# sourceMappingURL=876.index.js.map