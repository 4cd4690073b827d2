export const id = 388;
export const ids = [388];
export const modules = {

/***/ 2388:
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
// EXTERNAL MODULE: ./src/publish/bucket.ts
var publish_bucket = __webpack_require__(2245);
// EXTERNAL MODULE: ./src/publish/errors.ts
var publish_errors = __webpack_require__(4188);
// EXTERNAL MODULE: ./src/publish/headers.ts
var publish_headers = __webpack_require__(6233);
// EXTERNAL MODULE: ./src/manifest/schema.ts
var schema = __webpack_require__(6470);
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
        // `/` and `x/` are the host's index document's to answer: no key ends in `/`.
        return route && !route.endsWith('/') && !paths.has(route) ? [{ ...file, path: route }] : [];
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
        routes: { uploads: [], unchanged: [], deletes: [] }
    };
    for (const file of site) {
        const published = held(previous?.files.get(file.path) ?? previous?.retained.get(file.path));
        if (published?.sha256 === file.sha256) {
            plan.unchanged.push({ path: file.path, sha256: file.sha256, etag: published.etag });
            continue;
        }
        ;
        ((0,schema/* isPage */.yp)(file.path) ? plan.pages : plan.assets).push(file);
        // An object the record does not name is replaced, never taken as ours by its ETag: its headers are
        // another tool's (docs/decisions/publish-first-into-a-filled-prefix.md).
        if (!ours(file.path) && listing.has(file.path))
            plan.replacing.push(file.path);
    }
    for (const copy of routes) {
        const published = held(previous?.routes.get(copy.path));
        if (published?.sha256 === copy.sha256) {
            plan.routes.unchanged.push({ path: copy.path, sha256: copy.sha256, etag: published.etag });
            continue;
        }
        plan.routes.uploads.push(copy);
        if (!ours(copy.path) && listing.has(copy.path))
            plan.replacing.push(copy.path);
    }
    for (const published of previous?.routes.values() ?? []) {
        const object = inSite.has(published.path) ? undefined : held(published);
        if (object)
            plan.routes.deletes.push(object);
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
        if ((0,schema/* isPage */.yp)(object.path))
            plan.deletes.push(object);
        else
            leaving.push({ ...object, removedIn: serial });
    }
    for (const kept of [...(previous?.retained.values() ?? []), ...leaving]) {
        const object = inSite.has(kept.path) ? undefined : held(kept);
        if (!object)
            continue;
        if (serial - object.removedIn >= keepRemoved)
            plan.deletes.push(object);
        else
            plan.retained.push(object);
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
/** Why a key goes up: what the record says of it, and what the bucket holds there; a route copy says its page. */
function whyUpload(file, route, { previous, listing }) {
    const recorded = route
        ? previous?.routes.get(file.path)
        : (previous?.files.get(file.path) ?? previous?.retained.get(file.path));
    const why = !recorded
        ? listing.has(file.path)
            ? 'replaces an object the last record does not name'
            : 'new'
        : recorded.sha256 !== file.sha256
            ? 'changed'
            : listing.has(file.path)
                ? 'the object was replaced since it was published'
                : 'the object is gone from the bucket';
    return route ? `the route of ${file.source}: ${why}` : why;
}
/** Why an object is deleted: its page was removed, its time under keep-removed is up, or routes are no longer copied. */
function whyDelete(object, plan, route) {
    if (route) {
        const copied = plan.routes.uploads.length + plan.routes.unchanged.length > 0;
        return copied ? `the route of ${object.path}.html, which was removed` : 'a route copy, and routes are not copied';
    }
    if (!('removedIn' in object))
        return 'a page removed from the site: it goes at once';
    return `removed from the site in publish ${object.removedIn}, kept ${(0,format/* countOf */.pq)(plan.serial - object.removedIn, 'publish', 'publishes')}`;
}
/** Why a removed file stays: until which publish. */
function whyKept(object, { keepRemoved }) {
    return `removed from the site in publish ${object.removedIn}, kept until publish ${object.removedIn + keepRemoved}`;
}

;// CONCATENATED MODULE: ./src/publish/plan-file.ts


/**
 * `publish-plan.json`: what a publish does or would do, each key with its reason, written before
 * its first change (and by a dry run, or a safety stop, in its place), so that a user decides from
 * the list. docs/publish.md documents its fields. The reasons are said as the file is written,
 * from the plan and what it was decided from, and never kept: a first publish of 20,000 pages
 * plans 60,000 keys.
 */
const PLAN_FILE_VERSION = 1;
/** Keys of each list the summary shows; the file has them all. */
const SHOWN = 20;
/** Each list's keys with their reasons, in the order they go: the files that are not pages, then the pages with their routes. */
function* uploads(plan, basis) {
    for (const files of [plan.assets, plan.pages])
        for (const file of files)
            yield { path: file.path, reason: whyUpload(file, false, basis) };
    for (const copy of plan.routes.uploads)
        yield { path: copy.path, reason: whyUpload(copy, true, basis) };
}
function* deletes(plan) {
    for (const object of plan.deletes)
        yield { path: object.path, reason: whyDelete(object, plan, false) };
    for (const object of plan.routes.deletes)
        yield { path: object.path, reason: whyDelete(object, plan, true) };
}
function* kept(plan, basis) {
    for (const object of plan.retained)
        yield { path: object.path, reason: whyKept(object, basis) };
}
/** The plan's bytes, one key a line, as the manifest has its files, written straight into one buffer. */
function planBytes(plan, basis, fields) {
    return (0,json_file/* textBytes */.FO)(function* () {
        yield `{\n  "version": ${PLAN_FILE_VERSION},\n  "location": ${JSON.stringify(fields.location)},\n`;
        yield `  "dryRun": ${fields.dryRun},\n  "serial": ${plan.serial},\n`;
        yield `  "unchanged": ${plan.unchanged.length + plan.routes.unchanged.length},\n`;
        yield* list('upload', uploads(plan, basis));
        yield ',\n';
        yield* list('delete', deletes(plan));
        yield ',\n';
        yield* list('keep', kept(plan, basis));
        yield ',\n';
        yield* list('notOurs', plan.foreign);
        yield '\n}\n';
    });
}
function* list(name, items) {
    let first = true;
    for (const item of items) {
        yield `${first ? `  "${name}": [\n` : ',\n'}    ${JSON.stringify(item)}`;
        first = false;
    }
    yield first ? `  "${name}": []` : '\n  ]';
}
function planInBrief(plan, basis) {
    const first = (items) => {
        const shown = [];
        for (const item of items) {
            if (shown.length === SHOWN)
                break;
            shown.push(item);
        }
        return shown;
    };
    return {
        upload: first(uploads(plan, basis)),
        delete: first(deletes(plan)),
        keep: first(kept(plan, basis)),
        counts: {
            upload: plan.assets.length + plan.pages.length + plan.routes.uploads.length,
            delete: plan.deletes.length + plan.routes.deletes.length,
            keep: plan.retained.length,
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

// EXTERNAL MODULE: ./src/publish/record.ts
var record = __webpack_require__(2737);
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
    const bucket = new publish_bucket/* Bucket */.f(client, target, signal);
    let plan;
    let brief;
    try {
        ;
        ({ plan, brief } = await planFromBucket(bucket, { site, routes }, options));
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
        plan: brief,
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
    const basis = { previous, listing, keepRemoved: options.keepRemoved };
    const plan = planPublish({ site, routes, ...basis });
    // The reasons are said from what the plan was decided from, which goes once the plan is made.
    await (0,own_files/* writeOwnFile */.OP)(options.planPath, planBytes(plan, basis, { location: bucket.location, dryRun: options.dryRun }), {
        recognise: { isOurs: isPlanText, maxBytes: 256 * 1024 * 1024 }
    });
    const brief = planInBrief(plan, basis);
    const stop = tooManyRemoved(plan, previous, options.maxDeletePercent);
    if (stop) {
        const share = Math.ceil((stop.removed * 100) / stop.published);
        const allowAny = share < 100 ? (0,message/* message */.iU) `, or ${(0,message/* input */.hF)('publish-max-delete', '100%')} to allow any` : '';
        throw (0,publish_errors/* publishError */.A)((0,message/* message */.iU) `Publish: this export would remove ${stop.removed} of the ${stop.published} files published at ${bucket.location} (${share}%), more than ${(0,message/* input */.hF)('publish-max-delete', `${options.maxDeletePercent}%`)} allows: ${examples(plan.removed)}; nothing was changed. The plan, each key with its reason: ${options.planPath}`, {
            hint: (0,message/* message */.iU) `An export that came back nearly empty must not empty the site. If this one is right (a site made smaller on purpose), run again with ${(0,message/* input */.hF)('publish-max-delete', `${share}%`)}${allowAny}`
        });
    }
    logPlan(plan, bucket, host);
    return { plan, brief };
}
/** The uploads in their order, the deletes, the record. */
async function applyPlan(bucket, plan, { site, routes, manifest }, options) {
    const { host } = options;
    const headers = { cacheControl: (0,publish_headers/* cacheControl */.aV)(options.cacheRules) };
    const etags = new Map();
    const startedAt = Date.now();
    let bytes = 0;
    const total = plan.assets.length + plan.pages.length + plan.routes.uploads.length;
    const stopProgress = (0,progress/* everyProgressInterval */.Sv)(() => host.progress(`Publish: uploaded ${etags.size} of ${(0,format/* countOf */.pq)(total, 'object')} (${(0,format/* formatBytes */.z3)(bytes)})`), host.progressIntervalMs);
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
    /** What the record says of each file: as it was, or as uploaded now; given afresh each time the record's bytes iterate it. */
    const recorded = (files, unchanged) => {
        const kept = new Map(unchanged.map((object) => [object.path, object]));
        return {
            *[Symbol.iterator]() {
                for (const file of files)
                    yield kept.get(file.path) ?? { path: file.path, sha256: file.sha256, etag: etags.get(file.path) ?? '' };
            }
        };
    };
    const { jobId, bundleSha256 } = manifest;
    await bucket.writeRecord((0,record/* recordBytes */.$K)({
        serial: plan.serial,
        jobId,
        bundleSha256,
        files: recorded(site, plan.unchanged),
        retained: plan.retained,
        routes: recorded(routes, plan.routes.unchanged)
    }), publish_headers/* NO_CACHE */.DQ);
    host.info(`Publish: ${bucket.location} serves ${(0,format/* countOf */.pq)(site.length, 'file')} as publish ${plan.serial}${routes.length > 0 ? `, and ${(0,format/* countOf */.pq)(routes.length, 'page')} under ${routes.length === 1 ? 'its route' : 'their routes'} too` : ''}; its record is ${bucket.keyOf(record/* RECORD_NAME */.qP)}`);
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
        host.info(`Publish: ${plan.replacing.length} of the keys this publish writes ${plan.replacing.length === 1 ? 'holds an object' : 'hold objects'} the record of the last publish does not name (another tool's, or a cut publish's), replaced: ${examples(plan.replacing)}`);
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
        const problem = file.path === record/* RECORD_NAME */.qP
            ? 'has the name of the record of the publish'
            : !(0,s3_location/* isKeyPath */.x3)(file.path)
                ? 'is not a plain relative path'
                : Buffer.byteLength((0,s3_location/* keyOf */.TN)(target.prefix, file.path)) > MAX_KEY_BYTES
                    ? `makes a key longer than S3's ${MAX_KEY_BYTES} bytes`
                    : undefined;
        if (problem)
            throw (0,publish_errors/* publishError */.A)(`Publish: the site's file ${(0,log_text/* oneLine */.TN)(file.path)} ${problem}; nothing was published`, {
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
    const shown = paths.slice(0, 5).map(log_text/* oneLine */.TN).join(', ');
    return paths.length > 5 ? `${shown}, …and ${paths.length - 5} more` : shown;
}


/***/ })

};

//# sourceMappingURL=388.index.js.map