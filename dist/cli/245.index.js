export const id = 245;
export const ids = [245];
export const modules = {

/***/ 2245:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ PUBLISH),
/* harmony export */   f: () => (/* binding */ Bucket)
/* harmony export */ });
/* harmony import */ var _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(3711);
/* harmony import */ var _aws_sdk_lib_storage__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2358);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _core_log_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9357);
/* harmony import */ var _core_message_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3252);
/* harmony import */ var _core_net_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8456);
/* harmony import */ var _storage_s3_client_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7891);
/* harmony import */ var _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9251);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4188);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2737);












/**
 * The publish's requests to the bucket: one listing of PREFIX, the record, each file's upload,
 * the deletes and the new record. Every failure is the publish's (code `publish`), in the words
 * of src/storage/s3-client.ts.
 */
/** The publish as the S3 client's errors name it. */
const PUBLISH = {
    name: 'Publish',
    failure: _errors_js__WEBPACK_IMPORTED_MODULE_9__/* .publishError */ .A,
    inputs: { target: 'publish-to', region: 'publish-region', endpoint: 'publish-endpoint' },
    permissions: 's3:ListBucket (on the bucket, for the prefix), s3:GetObject, s3:PutObject and s3:DeleteObject'
};
/** Larger files go up in parts of this size, four at a time; smaller ones in one PUT, read whole. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 4;
/** Keys a batch delete names; S3 takes up to 1,000. */
const DELETE_BATCH = 1000;
class Bucket {
    target;
    client;
    signal;
    constructor(client, target, signal) {
        this.client = client;
        this.target = target;
        this.signal = signal;
    }
    /** The key of a path of the site. */
    keyOf(file) {
        return (0,_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_8__/* .keyOf */ .TN)(this.target.prefix, file);
    }
    /** `s3://BUCKET/PREFIX/`, as messages name the place. */
    get location() {
        return (0,_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_8__/* .prefixUrl */ .ml)(this.target);
    }
    /** Every object under PREFIX but the record, by its path under PREFIX, with its ETag. */
    async list() {
        const prefix = this.target.prefix ? `${this.target.prefix}/` : '';
        const objects = new Map();
        let token;
        do {
            const page = await this.call('listing', (options) => this.client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_11__.ListObjectsV2Command({
                Bucket: this.target.bucket,
                ...(prefix ? { Prefix: prefix } : {}),
                ...(token ? { ContinuationToken: token } : {})
            }), options));
            for (const object of page.Contents ?? []) {
                const name = object.Key?.startsWith(prefix) ? object.Key.slice(prefix.length) : undefined;
                if (name && name !== _record_js__WEBPACK_IMPORTED_MODULE_10__/* .RECORD_NAME */ .qP)
                    objects.set(name, etagOf(object.ETag));
            }
            token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return objects;
    }
    /** The record of the last publish; undefined when there is none. */
    async readRecord() {
        const key = this.keyOf(_record_js__WEBPACK_IMPORTED_MODULE_10__/* .RECORD_NAME */ .qP);
        let body;
        try {
            const answer = await this.client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_11__.GetObjectCommand({ Bucket: this.target.bucket, Key: key }), {
                abortSignal: this.signal
            });
            body = answer.Body;
        }
        catch (error) {
            if (error.name === 'NoSuchKey')
                return undefined;
            if (this.signal.aborted)
                throw error;
            throw (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_7__/* .s3Failure */ .lv)(error, 'reading the record of the last publish from', this.target, PUBLISH);
        }
        const bytes = await (0,_core_net_js__WEBPACK_IMPORTED_MODULE_6__/* .readBounded */ .CB)(body, undefined, _record_js__WEBPACK_IMPORTED_MODULE_10__/* .MAX_RECORD_BYTES */ .xR).catch((error) => {
            throw (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_7__/* .s3Failure */ .lv)(error, 'reading the record of the last publish from', this.target, PUBLISH);
        });
        const record = bytes ? (0,_record_js__WEBPACK_IMPORTED_MODULE_10__/* .parseRecord */ .Hh)(bytes) : { problem: `it is larger than ${_record_js__WEBPACK_IMPORTED_MODULE_10__/* .MAX_RECORD_BYTES */ .xR} bytes` };
        if ('problem' in record)
            throw (0,_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .publishError */ .A)(`Publish: s3://${this.target.bucket}/${key} is not a record this action wrote (${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_4__/* .oneLine */ .TN)(record.problem)})`, {
                hint: (0,_core_message_js__WEBPACK_IMPORTED_MODULE_5__/* .message */ .iU) `Remove it if nothing else wrote it, or give ${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_5__/* .input */ .hF)('publish-to')} a prefix of its own`
            });
        return record;
    }
    /**
     * Uploads one file of the site from `sitePath` with its headers and its SHA-256 (as metadata,
     * and as the checksum AWS checks on arrival for a file of one part); returns the object's ETag.
     */
    async upload(file, sitePath, headers) {
        const params = {
            Bucket: this.target.bucket,
            Key: this.keyOf(file.path),
            ContentType: headers.contentType,
            CacheControl: headers.cacheControl,
            Metadata: { sha256: file.sha256 }
        };
        const source = node_path__WEBPACK_IMPORTED_MODULE_3___default().join(sitePath, file.source);
        const action = `uploading ${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_4__/* .oneLine */ .TN)(file.path)} to`;
        if (file.size <= PART_BYTES) {
            const body = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)(source);
            const answer = await this.call(action, (options) => this.client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_11__.PutObjectCommand({
                ...params,
                Body: body,
                ContentLength: body.length,
                ChecksumSHA256: Buffer.from(file.sha256, 'hex').toString('base64')
            }), options));
            return etagOf(answer.ETag);
        }
        // lib-storage's Upload: parts of 8 MiB, and an abort of the upload on any failure, so that no part stays behind.
        const body = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createReadStream)(source, { highWaterMark: 1024 * 1024 });
        const stopReading = () => void body.destroy(this.signal.reason);
        this.signal.addEventListener('abort', stopReading, { once: true });
        try {
            const transfer = new _aws_sdk_lib_storage__WEBPACK_IMPORTED_MODULE_0__/* .Upload */ ._({
                client: this.client,
                partSize: PART_BYTES,
                queueSize: PARTS_AT_ONCE,
                leavePartsOnError: false,
                params: { ...params, Body: body, ContentLength: file.size }
            });
            const answer = await transfer.done();
            return etagOf(answer.ETag);
        }
        catch (error) {
            throw this.signal.aborted ? error : (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_7__/* .s3Failure */ .lv)(error, action, this.target, PUBLISH);
        }
        finally {
            this.signal.removeEventListener('abort', stopReading);
            body.destroy();
        }
    }
    /** Deletes the objects of these paths, in batches; a key the store could not delete fails the publish. */
    async delete(paths) {
        for (let start = 0; start < paths.length; start += DELETE_BATCH) {
            const batch = paths.slice(start, start + DELETE_BATCH);
            const answer = await this.call('deleting removed files from', (options) => this.client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_11__.DeleteObjectsCommand({
                Bucket: this.target.bucket,
                Delete: { Quiet: true, Objects: batch.map((file) => ({ Key: this.keyOf(file) })) }
            }), options));
            const [refused] = answer.Errors ?? [];
            if (refused)
                throw (0,_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .publishError */ .A)(`Publish: ${answer.Errors?.length} of ${batch.length} objects could not be deleted from ${this.location}, such as ${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_4__/* .oneLine */ .TN)(refused.Key ?? '?')} (${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_4__/* .oneLine */ .TN)(refused.Code ?? 'no code')}: ${(0,_core_log_text_js__WEBPACK_IMPORTED_MODULE_4__/* .oneLine */ .TN)(refused.Message ?? '')})`, { hint: `The credentials need s3:DeleteObject on the prefix` });
        }
    }
    /** Writes the record, last: it names only what is in place. */
    async writeRecord(bytes, cacheControl) {
        await this.call('writing the record of this publish to', (options) => this.client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_11__.PutObjectCommand({
            Bucket: this.target.bucket,
            Key: this.keyOf(_record_js__WEBPACK_IMPORTED_MODULE_10__/* .RECORD_NAME */ .qP),
            Body: bytes,
            ContentType: 'application/json',
            CacheControl: cacheControl
        }), options));
    }
    /** A request, with the run's signal; its failure in the publish's words. */
    async call(action, request) {
        try {
            return await request({ abortSignal: this.signal });
        }
        catch (error) {
            // A cut is said once, by the publish.
            throw this.signal.aborted ? error : (0,_storage_s3_client_js__WEBPACK_IMPORTED_MODULE_7__/* .s3Failure */ .lv)(error, action, this.target, PUBLISH);
        }
    }
}
/** An ETag without the quotes around it, which stores put in some answers and not in others. */
function etagOf(etag) {
    return (etag ?? '').replace(/^"|"$/g, '');
}


/***/ }),

/***/ 2737:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $K: () => (/* binding */ recordBytes),
/* harmony export */   Hh: () => (/* binding */ parseRecord),
/* harmony export */   qP: () => (/* binding */ RECORD_NAME),
/* harmony export */   xR: () => (/* binding */ MAX_RECORD_BYTES)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4528);
/* harmony import */ var _manifest_json_file_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7486);
/* harmony import */ var _manifest_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6470);
/* harmony import */ var _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9251);




/**
 * The record of a publish: what the action published under PREFIX, each object with the SHA-256
 * of its bytes and the ETag the store gave it, and the removed files it keeps a while longer.
 * It is an object of the action's own beside the site, written last, once everything it names is
 * in place; the next publish compares the site with it. It comes back from the bucket, so it is
 * checked field by field: a path in it could otherwise name a key outside PREFIX.
 */
/** Its name under PREFIX: a name no export gives a file of its site (a refusal names it when one does). */
const RECORD_NAME = '.docs-export-publish.json';
const RECORD_VERSION = 1;
/** As large as the largest manifest, which it follows file by file. */
const MAX_RECORD_BYTES = _manifest_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_MANIFEST_BYTES */ .ZJ;
const Path = zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().refine(_storage_s3_location_js__WEBPACK_IMPORTED_MODULE_1__/* .isKeyPath */ .x3, 'a relative path without empty, `.` or `..` parts');
const PublishedObject = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ path: Path, sha256: _manifest_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .Sha256 */ .IA, etag: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().max(256) });
const RetainedObject = PublishedObject.extend({ removedIn: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().nonnegative() });
const RecordSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    version: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz(RECORD_VERSION),
    /** How many publishes the record counts, this one included: a removed file keeps its number. */
    serial: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive(),
    publishedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    jobId: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    bundleSha256: _manifest_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .Sha256 */ .IA,
    files: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(PublishedObject),
    retained: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(RetainedObject),
    /** Each page again under its route's key (`guides/x` for `guides/x.html`): absent from records written before them. */
    routes: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(PublishedObject).default([])
});
/** The record from its bytes; a reason instead when they are not a record of this action's. */
function parseRecord(bytes) {
    let json;
    try {
        json = JSON.parse(bytes.toString('utf8'));
    }
    catch {
        return { problem: 'it is not JSON' };
    }
    const parsed = RecordSchema.safeParse(json);
    if (!parsed.success) {
        const [issue] = parsed.error.issues;
        return { problem: `${issue?.path.join('.') || 'it'}: ${issue?.message ?? 'not a record'}` };
    }
    const files = new Map(parsed.data.files.map((file) => [file.path, file]));
    const retained = new Map(parsed.data.retained.map((file) => [file.path, file]));
    const routes = new Map(parsed.data.routes.map((file) => [file.path, file]));
    const twice = files.size !== parsed.data.files.length ||
        retained.size !== parsed.data.retained.length ||
        routes.size !== parsed.data.routes.length ||
        [...retained.keys()].some((path) => files.has(path)) ||
        [...routes.keys()].some((path) => files.has(path) || retained.has(path));
    if (twice)
        return { problem: 'it names a path twice' };
    return { serial: parsed.data.serial, files, retained, routes };
}
/** The record's bytes: one object a line, as the manifest has its files. */
function recordBytes(fields) {
    const record = {
        version: RECORD_VERSION,
        serial: fields.serial,
        publishedAt: new Date().toISOString(),
        jobId: fields.jobId,
        bundleSha256: fields.bundleSha256,
        files: fields.files,
        retained: fields.retained,
        routes: fields.routes
    };
    return (0,_manifest_json_file_js__WEBPACK_IMPORTED_MODULE_3__/* .jsonBytesWithListsByLine */ .ay)(record);
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

//# sourceMappingURL=245.index.js.map