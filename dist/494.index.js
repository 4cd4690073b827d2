export const id = 494;
export const ids = [494];
export const modules = {

/***/ 494:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPublish: () => (/* binding */ runPublish)
});

// EXTERNAL MODULE: ./src/core/at-once.ts
var at_once = __webpack_require__(3230);
// EXTERNAL MODULE: ./src/core/deadline.ts
var core_deadline = __webpack_require__(6343);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __webpack_require__(4296);
// EXTERNAL MODULE: ./src/core/format.ts
var format = __webpack_require__(6228);
// EXTERNAL MODULE: ./src/core/log-text.ts
var log_text = __webpack_require__(9357);
// EXTERNAL MODULE: ./src/core/message.ts
var message = __webpack_require__(3252);
// EXTERNAL MODULE: ./src/core/net.ts
var net = __webpack_require__(8456);
// EXTERNAL MODULE: ./src/core/own-files.ts
var own_files = __webpack_require__(1933);
// EXTERNAL MODULE: ./src/core/progress.ts
var progress = __webpack_require__(4664);
// EXTERNAL MODULE: ./src/deployment/sample.ts
var sample = __webpack_require__(8793);
// EXTERNAL MODULE: ./src/manifest/json-file.ts
var json_file = __webpack_require__(7486);
// EXTERNAL MODULE: ./src/manifest/read.ts
var read = __webpack_require__(8553);
// EXTERNAL MODULE: ./src/storage/s3-client.ts
var s3_client = __webpack_require__(7891);
// EXTERNAL MODULE: ./src/storage/s3-location.ts
var s3_location = __webpack_require__(9251);
// EXTERNAL MODULE: ./node_modules/@aws-sdk/client-s3/dist-cjs/index.js
var dist_cjs = __webpack_require__(3711);
// EXTERNAL MODULE: ./node_modules/@aws-sdk/lib-storage/dist-cjs/index.js
var lib_storage_dist_cjs = __webpack_require__(2358);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/publish/errors.ts
var publish_errors = __webpack_require__(4188);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 14 modules
var schemas = __webpack_require__(4528);
// EXTERNAL MODULE: ./src/manifest/schema.ts
var schema = __webpack_require__(6470);
;// CONCATENATED MODULE: ./src/publish/record.ts




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
const MAX_RECORD_BYTES = schema/* MAX_MANIFEST_BYTES */.ZJ;
const Path = schemas/* string */.YjP().refine(s3_location/* isKeyPath */.x3, 'a relative path without empty, `.` or `..` parts');
const PublishedObject = schemas/* object */.Ikc({ path: Path, sha256: schema/* Sha256 */.IA, etag: schemas/* string */.YjP().max(256) });
const RetainedObject = PublishedObject.extend({ removedIn: schemas/* number */.aig().int().nonnegative() });
const RecordSchema = schemas/* object */.Ikc({
    version: schemas/* literal */.euz(RECORD_VERSION),
    /** How many publishes the record counts, this one included: a removed file keeps its number. */
    serial: schemas/* number */.aig().int().positive(),
    publishedAt: schemas/* string */.YjP(),
    jobId: schemas/* string */.YjP(),
    bundleSha256: schema/* Sha256 */.IA,
    files: schemas/* array */.YOg(PublishedObject),
    retained: schemas/* array */.YOg(RetainedObject),
    /** Each page again under its route's key (`guides/x` for `guides/x.html`): absent from records written before them. */
    routes: schemas/* array */.YOg(PublishedObject).default([])
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
        files: [...fields.files],
        retained: [...fields.retained],
        routes: [...fields.routes]
    };
    return (0,json_file/* jsonBytesWithListsByLine */.ay)(record);
}

;// CONCATENATED MODULE: ./src/publish/bucket.ts












/**
 * The publish's requests to the bucket: one listing of PREFIX, the record, each file's upload,
 * the deletes and the new record. Every failure is the publish's (code `publish`), in the words
 * of src/storage/s3-client.ts.
 */
/** The publish as the S3 client's errors name it. */
const PUBLISH = {
    name: 'Publish',
    failure: publish_errors/* publishError */.A,
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
        return (0,s3_location/* keyOf */.TN)(this.target.prefix, file);
    }
    /** `s3://BUCKET/PREFIX/`, as messages name the place. */
    get location() {
        return (0,s3_location/* prefixUrl */.ml)(this.target);
    }
    /** Every object under PREFIX but the record, by its path under PREFIX, with its ETag. */
    async list() {
        const prefix = this.target.prefix ? `${this.target.prefix}/` : '';
        const objects = new Map();
        let token;
        do {
            const page = await this.call('listing', (options) => this.client.send(new dist_cjs.ListObjectsV2Command({
                Bucket: this.target.bucket,
                ...(prefix ? { Prefix: prefix } : {}),
                ...(token ? { ContinuationToken: token } : {})
            }), options));
            for (const object of page.Contents ?? []) {
                const name = object.Key?.startsWith(prefix) ? object.Key.slice(prefix.length) : undefined;
                if (name && name !== RECORD_NAME)
                    objects.set(name, etagOf(object.ETag));
            }
            token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return objects;
    }
    /** The record of the last publish; undefined when there is none. */
    async readRecord() {
        const key = this.keyOf(RECORD_NAME);
        let body;
        try {
            const answer = await this.client.send(new dist_cjs.GetObjectCommand({ Bucket: this.target.bucket, Key: key }), {
                abortSignal: this.signal
            });
            body = answer.Body;
        }
        catch (error) {
            if (error.name === 'NoSuchKey')
                return undefined;
            if (this.signal.aborted)
                throw error;
            throw (0,s3_client/* s3Failure */.lv)(error, 'reading the record of the last publish from', this.target, PUBLISH);
        }
        const bytes = await (0,net/* readBounded */.CB)(body, undefined, MAX_RECORD_BYTES).catch((error) => {
            throw (0,s3_client/* s3Failure */.lv)(error, 'reading the record of the last publish from', this.target, PUBLISH);
        });
        const record = bytes ? parseRecord(bytes) : { problem: `it is larger than ${MAX_RECORD_BYTES} bytes` };
        if ('problem' in record)
            throw (0,publish_errors/* publishError */.A)(`Publish: s3://${this.target.bucket}/${key} is not a record this action wrote (${(0,log_text/* oneLine */.T)(record.problem)})`, {
                hint: (0,message/* message */.iU) `Remove it if nothing else wrote it, or give ${(0,message/* input */.hF)('publish-to')} a prefix of its own`
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
        const source = external_node_path_default().join(sitePath, file.source);
        const action = `uploading ${(0,log_text/* oneLine */.T)(file.path)} to`;
        if (file.size <= PART_BYTES) {
            const body = await (0,promises_.readFile)(source);
            const answer = await this.call(action, (options) => this.client.send(new dist_cjs.PutObjectCommand({
                ...params,
                Body: body,
                ContentLength: body.length,
                ChecksumSHA256: Buffer.from(file.sha256, 'hex').toString('base64')
            }), options));
            return etagOf(answer.ETag);
        }
        // lib-storage's Upload: parts of 8 MiB, and an abort of the upload on any failure, so that no part stays behind.
        const body = (0,external_node_fs_.createReadStream)(source, { highWaterMark: 1024 * 1024 });
        const stopReading = () => void body.destroy(this.signal.reason);
        this.signal.addEventListener('abort', stopReading, { once: true });
        try {
            const transfer = new lib_storage_dist_cjs/* Upload */._({
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
            throw this.signal.aborted ? error : (0,s3_client/* s3Failure */.lv)(error, action, this.target, PUBLISH);
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
            const answer = await this.call('deleting removed files from', (options) => this.client.send(new dist_cjs.DeleteObjectsCommand({
                Bucket: this.target.bucket,
                Delete: { Quiet: true, Objects: batch.map((file) => ({ Key: this.keyOf(file) })) }
            }), options));
            const [refused] = answer.Errors ?? [];
            if (refused)
                throw (0,publish_errors/* publishError */.A)(`Publish: ${answer.Errors?.length} of ${batch.length} objects could not be deleted from ${this.location}, such as ${(0,log_text/* oneLine */.T)(refused.Key ?? '?')} (${(0,log_text/* oneLine */.T)(refused.Code ?? 'no code')}: ${(0,log_text/* oneLine */.T)(refused.Message ?? '')})`, { hint: `The credentials need s3:DeleteObject on the prefix` });
        }
    }
    /** Writes the record, last: it names only what is in place. */
    async writeRecord(bytes, cacheControl) {
        await this.call('writing the record of this publish to', (options) => this.client.send(new dist_cjs.PutObjectCommand({
            Bucket: this.target.bucket,
            Key: this.keyOf(RECORD_NAME),
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
            throw this.signal.aborted ? error : (0,s3_client/* s3Failure */.lv)(error, action, this.target, PUBLISH);
        }
    }
}
/** An ETag without the quotes around it, which stores put in some answers and not in others. */
function etagOf(etag) {
    return (etag ?? '').replace(/^"|"$/g, '');
}

// EXTERNAL MODULE: ./src/publish/headers.ts + 8 modules
var publish_headers = __webpack_require__(816);
;// CONCATENATED MODULE: ./src/publish/plan-file.ts

/**
 * `publish-plan.json`: what a publish does or would do, each key with its reason, written before
 * its first change (and by a dry run, or a safety stop, in its place), so that a user decides from
 * the list. docs/publish.md documents its fields.
 */
const PLAN_FILE_VERSION = 1;
/** Keys of each list the summary shows; the file has them all. */
const SHOWN = 20;
function listsOf(plan) {
    const keyed = (paths) => paths.map(({ path }) => ({ path, reason: plan.reasons.get(path) ?? '' }));
    return {
        // In the order they go: the files that are not pages, then the pages with their routes.
        upload: keyed([...plan.assets, ...plan.pages, ...plan.routes.uploads]),
        delete: keyed([...plan.deletes, ...plan.routes.deletes]),
        keep: keyed(plan.retained)
    };
}
function planBytes(plan, fields) {
    const lists = listsOf(plan);
    return (0,json_file/* jsonBytesWithListsByLine */.ay)({
        version: PLAN_FILE_VERSION,
        location: fields.location,
        dryRun: fields.dryRun,
        serial: plan.serial,
        unchanged: plan.unchanged.length + plan.routes.unchanged.length,
        upload: lists.upload,
        delete: lists.delete,
        keep: lists.keep,
        notOurs: plan.foreign
    });
}
function planInBrief(plan) {
    const lists = listsOf(plan);
    return {
        upload: lists.upload.slice(0, SHOWN),
        delete: lists.delete.slice(0, SHOWN),
        keep: lists.keep.slice(0, SHOWN),
        counts: {
            upload: lists.upload.length,
            delete: lists.delete.length,
            keep: lists.keep.length,
            unchanged: plan.unchanged.length + plan.routes.unchanged.length,
            notOurs: plan.foreign.length
        }
    };
}
/** Whether a file is a plan this action wrote, which a later run may replace. */
function isPlanText(text) {
    try {
        const value = JSON.parse(text);
        return value.version === PLAN_FILE_VERSION && Array.isArray(value.upload);
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/publish/plan.ts



/**
 * Each page of the site again under its route's key, with the page's bytes (`guides/x` holds
 * `guides/x.html`), so that a host that serves exact keys (S3 static website hosting) answers the
 * routes the pages link to. Not the front page (`/` is the index document) nor a folder's
 * `index.html` (a host answers `x/` with it, and `x` with a redirect there), and never over a file
 * of the site that has the route's name.
 */
function routeCopies(site) {
    const paths = new Set(site.map((file) => file.path));
    return site.flatMap((file) => {
        const route = (0,sample/* routeOf */.Lu)(file.path);
        return route && !paths.has(route) ? [{ ...file, path: route }] : [];
    });
}
function planPublish({ site, routes = [], previous, listing, keepRemoved }) {
    const serial = (previous?.serial ?? 0) + 1;
    /** The object as published, while the bucket still holds it so: the same key, the same ETag. */
    const held = (object) => object && listing.get(object.path) === object.etag ? object : undefined;
    const ours = (path) => held(previous?.files.get(path)) !== undefined ||
        held(previous?.retained.get(path)) !== undefined ||
        held(previous?.routes.get(path)) !== undefined;
    // A key the site or a route copy takes is never deleted nor listed as another's, whatever it was before.
    const inSite = new Set([...site, ...routes].map((file) => file.path));
    const plan = {
        serial,
        assets: [],
        pages: [],
        unchanged: [],
        deletes: [],
        retained: [],
        removed: [],
        foreign: [],
        replacing: [],
        routes: { uploads: [], unchanged: [], deletes: [] },
        reasons: new Map()
    };
    /** Why a key goes up: what the record says of it, and what the bucket holds there. */
    const whyUpload = (path, sha256, recorded) => !recorded
        ? listing.has(path)
            ? 'replaces an object this action did not publish'
            : 'new'
        : recorded.sha256 !== sha256
            ? 'changed'
            : listing.has(path)
                ? 'the object was replaced since it was published'
                : 'the object is gone from the bucket';
    for (const file of site) {
        const recorded = previous?.files.get(file.path) ?? previous?.retained.get(file.path);
        const published = held(recorded);
        if (published?.sha256 === file.sha256) {
            plan.unchanged.push({ path: file.path, sha256: file.sha256, etag: published.etag });
            continue;
        }
        ;
        ((0,schema/* isPage */.yp)(file.path) ? plan.pages : plan.assets).push(file);
        plan.reasons.set(file.path, whyUpload(file.path, file.sha256, recorded));
        // An object the record does not name is replaced, never taken as ours by its ETag: its headers are
        // another tool's (docs/decisions/publish-first-into-a-filled-prefix.md).
        if (!ours(file.path) && listing.has(file.path))
            plan.replacing.push(file.path);
    }
    for (const copy of routes) {
        const recorded = previous?.routes.get(copy.path);
        const published = held(recorded);
        if (published?.sha256 === copy.sha256) {
            plan.routes.unchanged.push({ path: copy.path, sha256: copy.sha256, etag: published.etag });
            continue;
        }
        plan.routes.uploads.push(copy);
        plan.reasons.set(copy.path, `the route of ${copy.source}: ${whyUpload(copy.path, copy.sha256, recorded)}`);
        if (!ours(copy.path) && listing.has(copy.path))
            plan.replacing.push(copy.path);
    }
    for (const published of previous?.routes.values() ?? []) {
        const object = inSite.has(published.path) ? undefined : held(published);
        if (!object)
            continue;
        plan.routes.deletes.push(object);
        const page = `${object.path}.html`;
        plan.reasons.set(object.path, inSite.has(page) ? 'a route copy, and routes are not copied' : `the route of ${page}, which was removed`);
    }
    const leaving = [];
    for (const published of previous?.files.values() ?? []) {
        if (inSite.has(published.path))
            continue;
        plan.removed.push(published.path);
        const object = held(published);
        if (!object)
            continue;
        // A page no other page links to any more goes at once; other files outlive it, so that a page
        // a browser or a cache kept from before this publish still gets its styles and scripts.
        if ((0,schema/* isPage */.yp)(object.path)) {
            plan.deletes.push(object);
            plan.reasons.set(object.path, 'a page removed from the site: it goes at once');
        }
        else
            leaving.push({ ...object, removedIn: serial });
    }
    for (const kept of [...(previous?.retained.values() ?? []), ...leaving]) {
        const object = inSite.has(kept.path) ? undefined : held(kept);
        if (!object)
            continue;
        const removed = `removed from the site in publish ${object.removedIn}`;
        if (serial - object.removedIn >= keepRemoved) {
            plan.deletes.push(object);
            plan.reasons.set(object.path, `${removed}, kept ${(0,format/* countOf */.pq)(serial - object.removedIn, 'publish', 'publishes')}`);
        }
        else {
            plan.retained.push(object);
            plan.reasons.set(object.path, `${removed}, kept until publish ${object.removedIn + keepRemoved}`);
        }
    }
    for (const path of listing.keys())
        if (!inSite.has(path) && !ours(path))
            plan.foreign.push(path);
    return plan;
}
/**
 * The safety stop: how many of the published files this publish would remove, when that is more
 * than `maxDeletePercent` of them; undefined when it is within the share (or nothing was published).
 */
function tooManyRemoved(plan, previous, maxDeletePercent) {
    const published = previous?.files.size ?? 0;
    const removed = plan.removed.length;
    return published > 0 && removed * 100 > maxDeletePercent * published ? { removed, published } : undefined;
}

// EXTERNAL MODULE: ./src/deployment/check.ts + 2 modules
var check = __webpack_require__(4503);
// EXTERNAL MODULE: ./src/deployment/report.ts
var deployment_report = __webpack_require__(5513);
;// CONCATENATED MODULE: ./src/publish/read-back.ts







const STALE_ONLY = new Set(['differs']);
/** The address does not serve the bucket's objects to visitors. */
const FIX_ACCESS = (0,message/* message */.iU) `The bucket holds the site: make ${(0,message/* input */.hF)('publish-public-url')} serve PREFIX as it is, without credentials (a bucket policy that lets anyone s3:GetObject under the prefix, static website hosting, or a CDN whose origin is this bucket and prefix), or leave ${(0,message/* input */.hF)('publish-public-url')} out to skip this check`;
/** The files are served, but a page's route is not, with each page under its route's key already. */
const FIX_INDEX = (0,message/* message */.iU) `The bucket holds every page under its route too, so what does not answer is the front page or a folder: serve index.html for / and for a folder's address (S3 static website hosting with index.html as its index document; behind a CDN, its default root object and the CloudFront Function in docs/serving.md), and check that ${(0,message/* input */.hF)('publish-public-url')} is the address of PREFIX itself`;
/** The files are served, but the host does not map a route to its page, and no copies were published. */
const FIX_ROUTES = (0,message/* message */.iU) `This host serves exact keys only (as S3 static website hosting does): leave ${(0,message/* input */.hF)('publish-routes', 'copies')}, the default, so that each page is also published under its route, or make the host answer /x with x.html (docs/serving.md)`;
/**
 * Reads the site back as a visitor navigates it: every file uploaded and the route of each page
 * among them, and the sample check-deployment takes with the same `check-files` (its files and
 * routes), judged as check-deployment judges them, so that the two never disagree about one
 * address. A failure says what to fix for the kind of fault: the files refused, or only routes.
 */
async function readBack(options) {
    const report = await (0,check/* checkDeployment */.Q)({
        url: options.publicUrl,
        manifest: options.manifest,
        checkFiles: options.checkFiles,
        compareAlso: options.uploaded,
        askAgainAbout: STALE_ONLY,
        deadline: options.deadline.at,
        pollIntervalMs: options.pollIntervalMs,
        signal: options.signal,
        // Plain http too: nothing secret is sent, and S3's static website endpoints serve nothing else.
        dispatcher: net/* Network */.lg.forDeployment(options.publicUrl).dispatcher,
        host: options.host
    });
    const { filesCompared, filesMatching, routesTried, routesAnswering } = report.counts;
    if (report.status === 'current') {
        options.host.info(`Publish: ${report.url} serves the ${(0,format/* countOf */.pq)(filesCompared, 'file')} read back as published${routesTried > 0 ? `, and ${(0,format/* countOf */.pq)(routesTried, 'route')} a visitor follows` : ''}`);
        return;
    }
    const onlyRoutes = filesMatching === filesCompared;
    const routes = routesTried - routesAnswering;
    throw (0,publish_errors/* publishError */.A)((0,errors/* sentences */.hC)(onlyRoutes
        ? `Publish: ${report.url} serves the files as published, but ${routes} of ${(0,format/* countOf */.pq)(routesTried, 'route')} a visitor follows ${routes === 1 ? 'does' : 'do'} not answer with ${routes === 1 ? 'its' : 'their'} page`
        : `Publish: ${report.url} does not serve what was published: ${filesMatching} of ${(0,format/* countOf */.pq)(filesCompared, 'file')} read back as published`, ...(0,deployment_report/* mismatches */.vJ)(report)), { hint: !onlyRoutes ? FIX_ACCESS : options.routes === 'copies' ? FIX_INDEX : FIX_ROUTES });
}

;// CONCATENATED MODULE: ./src/publish/engine.ts





















/** Uploads in flight at once: enough to hide the round trips, few enough for any store. */
const UPLOADS_AT_ONCE = 16;
/** S3's longest key, in bytes. */
const MAX_KEY_BYTES = 1024;
async function runPublish(target, options) {
    const { host, deadline } = options;
    const region = options.region ?? s3_location/* DEFAULT_REGION */.t9;
    const signal = deadline.signal();
    const manifest = await readSiteManifest(options.manifestPath, { host, deadline, signal });
    const site = checkKeys((0,sample/* contentFiles */.hK)(manifest), target);
    const routes = options.routes === 'copies' ? checkKeys(routeCopies(site), target) : [];
    const client = (0,s3_client/* s3Client */.oD)(target, region, deadline, options.environment);
    const bucket = new Bucket(client, target, signal);
    let plan;
    try {
        plan = await planFromBucket(bucket, { site, routes }, options);
        if (!options.dryRun)
            await applyPlan(bucket, plan, { site, routes, manifest }, options);
    }
    catch (error) {
        // A cut is said once, here, with what the abort of a large file's upload left behind.
        const stopped = (0,core_deadline/* stoppedError */.Wm)(deadline, signal, `while publishing to ${bucket.location}`);
        throw stopped ? (0,s3_client/* withUnfinishedAbort */.qb)(stopped, error) : error;
    }
    finally {
        client.destroy();
    }
    const uploaded = [...plan.assets, ...plan.pages].map((file) => file.path);
    const routesUploaded = plan.routes.uploads.map((copy) => copy.path);
    // A CDN caches /guides/x apart from /guides/x.html: both are invalidated.
    const changed = [uploaded, routesUploaded, [...plan.deletes, ...plan.routes.deletes].map((object) => object.path)];
    await (0,own_files/* writeOwnFile */.OP)(options.changesPath, changesBytes(changed), {
        recognise: { isOurs: isChangesText, maxBytes: 64 * 1024 * 1024 }
    });
    const base = (0,s3_location/* bucketUrl */.Cg)(target, region);
    const url = options.publicUrl ?? (target.prefix ? (0,s3_location/* objectUrl */.bC)(base, target.prefix) : base);
    const result = {
        location: bucket.location,
        url,
        serial: plan.serial,
        uploaded: uploaded.length,
        unchanged: plan.unchanged.length,
        deleted: plan.deletes.length,
        retained: plan.retained.length,
        routes: {
            uploaded: routesUploaded.length,
            unchanged: plan.routes.unchanged.length,
            deleted: plan.routes.deletes.length
        },
        changesPath: options.changesPath,
        planPath: options.planPath,
        dryRun: options.dryRun,
        plan: planInBrief(plan),
        checked: false
    };
    if (options.dryRun) {
        host.info((0,message/* message */.iU) `Publish: a dry run (${(0,message/* input */.hF)('publish-dry-run', 'true')}): nothing was changed at ${bucket.location}; the plan, each key with its reason, is in ${options.planPath}`);
        return result;
    }
    if (!options.publicUrl) {
        host.info((0,message/* message */.iU) `Publish: not read back (no ${(0,message/* input */.hF)('publish-public-url')}); ${url} serves the site to visitors only where a bucket policy, static website hosting or a CDN lets them read it`);
        return result;
    }
    const { publicUrl } = options;
    return readBack({ ...options, manifest, publicUrl, uploaded: new Set(uploaded), signal }).then(() => ({ ...result, checked: true }), (error) => ({
        ...result,
        failure: (0,core_deadline/* stoppedError */.Wm)(deadline, signal, `while reading ${publicUrl} back`) ??
            (error instanceof Error ? error : new Error(String(error)))
    }));
}
/**
 * The record and the listing, read at once, then the plan, written to `planPath` and said; the
 * safety stop, which changes nothing and names what it would have removed.
 */
async function planFromBucket(bucket, { site, routes }, options) {
    const { host } = options;
    // Both at once; when both fail, the listing's failure is the one said, whichever came first.
    const [read, listed] = await Promise.allSettled([bucket.readRecord(), bucket.list()]);
    if (listed.status === 'rejected')
        throw listed.reason;
    if (read.status === 'rejected')
        throw read.reason;
    const previous = read.value;
    const listing = listed.value;
    host.info(`Publish: ${bucket.location} ${previous ? `holds publish ${previous.serial} of this action (${(0,format/* countOf */.pq)(previous.files.size, 'file')})` : 'holds no record of an earlier publish'}, and ${(0,format/* countOf */.pq)(listing.size, 'object')} besides its record`);
    const plan = planPublish({ site, routes, previous, listing, keepRemoved: options.keepRemoved });
    await (0,own_files/* writeOwnFile */.OP)(options.planPath, planBytes(plan, { location: bucket.location, dryRun: options.dryRun }), {
        recognise: { isOurs: isPlanText, maxBytes: 256 * 1024 * 1024 }
    });
    const stop = tooManyRemoved(plan, previous, options.maxDeletePercent);
    if (stop) {
        const share = Math.ceil((stop.removed * 100) / stop.published);
        const allowAny = share < 100 ? (0,message/* message */.iU) `, or ${(0,message/* input */.hF)('publish-max-delete', '100%')} to allow any` : '';
        throw (0,publish_errors/* publishError */.A)((0,message/* message */.iU) `Publish: this export would remove ${stop.removed} of the ${stop.published} files published at ${bucket.location} (${share}%), more than ${(0,message/* input */.hF)('publish-max-delete', `${options.maxDeletePercent}%`)} allows: ${examples(plan.removed)}; nothing was changed. The plan, each key with its reason: ${options.planPath}`, {
            hint: (0,message/* message */.iU) `An export that came back nearly empty must not empty the site. If this one is right (a site made smaller on purpose), run again with ${(0,message/* input */.hF)('publish-max-delete', `${share}%`)}${allowAny}`
        });
    }
    logPlan(plan, bucket, host);
    return plan;
}
/** The uploads in their order, the deletes, the record. */
async function applyPlan(bucket, plan, { site, routes, manifest }, options) {
    const { host } = options;
    const headers = { cacheControl: (0,publish_headers/* cacheControl */.aV)(options.cacheRules) };
    const etags = new Map();
    const startedAt = Date.now();
    let bytes = 0;
    const total = plan.assets.length + plan.pages.length + plan.routes.uploads.length;
    const stopProgress = (0,progress/* everyProgressInterval */.Sv)(() => host.progress(`Publish: uploaded ${etags.size} of ${total} files (${(0,format/* formatBytes */.z3)(bytes)})`), host.progressIntervalMs);
    try {
        // No page goes up before every other file is in place: a page never names a file that is not there yet.
        // A route copy is a page, with the page's headers.
        for (const phase of [plan.assets, [...plan.pages, ...plan.routes.uploads]]) {
            await (0,at_once/* forEachAtOnce */.t)(phase, UPLOADS_AT_ONCE, async (file) => {
                const etag = await bucket.upload(file, options.sitePath, {
                    contentType: (0,publish_headers/* contentTypeOf */.JX)(file.source),
                    cacheControl: headers.cacheControl(file.source)
                });
                etags.set(file.path, etag);
                bytes += file.size;
            });
        }
    }
    finally {
        stopProgress();
    }
    if (total > 0)
        host.info(`Publish: uploaded ${(0,format/* countOf */.pq)(total, 'object')} (${(0,format/* formatBytes */.z3)(bytes)}) in ${(0,format/* formatDuration */.a3)(Date.now() - startedAt)}`);
    await bucket.delete([...plan.deletes, ...plan.routes.deletes].map((object) => object.path));
    const recorded = (files, unchanged) => {
        const kept = new Map(unchanged.map((object) => [object.path, object]));
        return files.map((file) => kept.get(file.path) ?? { path: file.path, sha256: file.sha256, etag: etags.get(file.path) ?? '' });
    };
    const files = recorded(site, plan.unchanged);
    const { jobId, bundleSha256 } = manifest;
    await bucket.writeRecord(recordBytes({
        serial: plan.serial,
        jobId,
        bundleSha256,
        files,
        retained: plan.retained,
        routes: recorded(routes, plan.routes.unchanged)
    }), publish_headers/* NO_CACHE */.DQ);
    host.info(`Publish: ${bucket.location} serves ${(0,format/* countOf */.pq)(files.length, 'file')} as publish ${plan.serial}${routes.length > 0 ? `, and ${(0,format/* countOf */.pq)(routes.length, 'page')} under ${routes.length === 1 ? 'its route' : 'their routes'} too` : ''}; its record is ${bucket.keyOf(RECORD_NAME)}`);
}
/** What the plan does, said once before it does it; what it leaves alone, named. */
function logPlan(plan, bucket, host) {
    const kept = plan.retained.length > 0 ? `, ${(0,format/* countOf */.pq)(plan.retained.length, 'removed file')} kept a while longer` : '';
    const { routes } = plan;
    const copies = routes.uploads.length + routes.unchanged.length + routes.deletes.length;
    host.info(`Publish: ${(0,format/* countOf */.pq)(plan.assets.length + plan.pages.length, 'file')} to upload (${plan.assets.length} not pages, then ${(0,format/* countOf */.pq)(plan.pages.length, 'page')}), ${plan.unchanged.length} unchanged, ${plan.deletes.length} to delete${kept}` +
        (copies > 0
            ? `; route copies of the pages: ${routes.uploads.length} to upload with the pages, ${routes.unchanged.length} unchanged, ${routes.deletes.length} to delete`
            : ''));
    if (plan.replacing.length > 0)
        host.info(`Publish: ${plan.replacing.length} of the keys this publish writes replace objects this action did not publish: ${examples(plan.replacing)}`);
    if (plan.foreign.length > 0)
        host.info(`Publish: ${(0,format/* countOf */.pq)(plan.foreign.length, 'object')} under ${bucket.location} ${plan.foreign.length === 1 ? 'is' : 'are'} not this action's, and ${plan.foreign.length === 1 ? 'is' : 'are'} left alone: ${examples(plan.foreign)}`);
}
/**
 * The manifest the run wrote beside the site, read back and checked as any manifest is. The run
 * wrote it moments ago, so a failure here is a fault of the runner's disk, said as the publish's.
 */
async function readSiteManifest(file, { host, deadline, signal }) {
    try {
        // A path, never a link: the network is never used.
        return await (0,read/* readManifest */.W)(file, { network: new net/* Network */.lg(false), host, deadline: deadline.at, signal });
    }
    catch (error) {
        if (!(error instanceof errors/* ActionError */.lZ))
            throw error;
        throw (0,publish_errors/* publishError */.A)((0,message/* message */.iU) `Publish: ${error.text}; nothing was published`, { cause: error });
    }
}
/** The site's files (or their route copies), checked before any request: each key stays under PREFIX and is one S3 takes. */
function checkKeys(files, target) {
    for (const file of files) {
        const problem = file.path === RECORD_NAME
            ? 'has the name of the record of the publish'
            : !(0,s3_location/* isKeyPath */.x3)(file.path)
                ? 'is not a plain relative path'
                : Buffer.byteLength((0,s3_location/* keyOf */.TN)(target.prefix, file.path)) > MAX_KEY_BYTES
                    ? `makes a key longer than S3's ${MAX_KEY_BYTES} bytes`
                    : undefined;
        if (problem)
            throw (0,publish_errors/* publishError */.A)(`Publish: the site's file ${(0,log_text/* oneLine */.T)(file.path)} ${problem}; nothing was published`, {
                hint: (0,message/* message */.iU) `Publish to a shorter prefix in ${(0,message/* input */.hF)('publish-to')}, or leave the file out of the site`
            });
    }
    return files;
}
/**
 * `publish-changes.json`: the paths uploaded and deleted, as a CDN's invalidation takes them
 * (`/guides/a%20b.html`), one a line, written straight into its bytes (json-file.ts).
 */
function changesBytes(lists) {
    const count = lists.reduce((sum, list) => sum + list.length, 0);
    return (0,json_file/* textBytes */.FO)(function* () {
        if (count === 0) {
            yield '[]\n';
            return;
        }
        yield '[';
        let first = true;
        for (const list of lists)
            for (const file of list) {
                yield `${first ? '\n' : ',\n'}  ${JSON.stringify(`/${file.split('/').map(encodeURIComponent).join('/')}`)}`;
                first = false;
            }
        yield '\n]\n';
    });
}
function isChangesText(text) {
    try {
        const value = JSON.parse(text);
        return Array.isArray(value) && value.every((item) => typeof item === 'string' && item.startsWith('/'));
    }
    catch {
        return false;
    }
}
function examples(paths) {
    const shown = paths.slice(0, 5).map(log_text/* oneLine */.T).join(', ');
    return paths.length > 5 ? `${shown}, …and ${paths.length - 5} more` : shown;
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

//# sourceMappingURL=494.index.js.map