export const id = 101;
export const ids = [101];
export const modules = {

/***/ 8101:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  mirrorArchive: () => (/* binding */ mirrorArchive)
});

// UNUSED EXPORTS: parseMirrorPublicUrl, parseMirrorTarget

// EXTERNAL MODULE: ./src/core/net.ts
var net = __webpack_require__(8456);
// EXTERNAL MODULE: ./src/core/message.ts
var message = __webpack_require__(3252);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
// EXTERNAL MODULE: ./src/core/format.ts
var format = __webpack_require__(6228);
// EXTERNAL MODULE: ./src/core/user-agent.ts
var user_agent = __webpack_require__(2516);
// EXTERNAL MODULE: ./src/mirror/errors.ts
var errors = __webpack_require__(4184);
;// CONCATENATED MODULE: ./src/mirror/check.ts







async function checkAnonymousRead(link, expected, options) {
    let url = new URL(link);
    for (let redirects = 0;; redirects++) {
        const reason = options.network.refusal(url);
        if (reason)
            throw unreadable(link, (0,message/* message */.iU) `it leads to ${url.origin}, which was refused: ${reason}`, options.fix);
        const answer = await (0,undici/* request */.Em)(url, {
            method: 'GET',
            dispatcher: options.network.dispatcher,
            headers: { 'user-agent': user_agent/* USER_AGENT */._O },
            signal: options.signal,
            headersTimeout: (0,net/* requestTimeoutMs */.Hl)(options.deadline),
            bodyTimeout: (0,net/* requestTimeoutMs */.Hl)(options.deadline)
        }).catch((error) => {
            if (options.signal.aborted)
                throw error;
            throw unreadable(link, `it ${(0,net/* networkFailure */.rd)(error).message}`, options.fix);
        });
        const location = (0,net/* header */.wx)(answer.headers.location);
        if (net/* REDIRECT_STATUSES */.aq.has(answer.statusCode) && location && redirects < net/* MAX_REDIRECTS */.NX) {
            await answer.body.dump();
            url = new URL(location, url);
            continue;
        }
        if (answer.statusCode !== 200) {
            await answer.body.dump();
            throw unreadable(link, `it answered HTTP ${answer.statusCode} to a request without credentials`, options.fix);
        }
        const hash = (0,external_node_crypto_.createHash)('sha256');
        let size = 0;
        try {
            for await (const chunk of answer.body) {
                size += chunk.length;
                // More than the archive holds is another file: leaving the loop closes the answer.
                if (size > expected.sizeBytes)
                    break;
                hash.update(chunk);
            }
        }
        catch (error) {
            if (options.signal.aborted)
                throw error;
            throw unreadable(link, `its answer broke off after ${(0,format/* formatBytes */.z3)(size)} (${(0,net/* networkFailure */.rd)(error).message})`, options.fix);
        }
        if (size > expected.sizeBytes)
            throw unreadable(link, `it serves more than the archive's ${(0,format/* formatBytes */.z3)(expected.sizeBytes)}`, options.fix);
        const sha256 = hash.digest('hex');
        if (size !== expected.sizeBytes || sha256 !== expected.sha256)
            throw unreadable(link, `it serves ${(0,format/* formatBytes */.z3)(size)} with SHA-256 ${sha256}, not the archive (${(0,format/* formatBytes */.z3)(expected.sizeBytes)}, ${expected.sha256})`, options.fix);
        return;
    }
}
function unreadable(link, problem, fix) {
    return (0,errors/* mirrorError */.Q)((0,message/* message */.iU) `The chart could not fetch ${link}: ${problem}`, {
        hint: (0,message/* message */.iU) `${fix}; or set ${(0,message/* input */.hF)('mirror-check', 'off')} when this runner cannot see the storage as the cluster does`
    });
}

// EXTERNAL MODULE: ./src/core/deadline.ts
var deadline = __webpack_require__(6343);
// EXTERNAL MODULE: ./src/mirror/kinds.ts
var kinds = __webpack_require__(9968);
// EXTERNAL MODULE: ./src/mirror/oci.ts + 2 modules
var oci = __webpack_require__(9164);
// EXTERNAL MODULE: ./src/mirror/progress.ts
var progress = __webpack_require__(3864);
// EXTERNAL MODULE: ./src/mirror/target.ts
var target = __webpack_require__(4182);
;// CONCATENATED MODULE: ./src/mirror/artifact.ts







/**
 * The archive as an OCI artifact, in the shape `oras push` and `flux push artifact` give one: an
 * image manifest with an `artifactType` of the action's own, the empty config, one layer (the
 * archive, its media type by kind) and annotations that say which export it is; tagged `TAG`,
 * else `version`, else the job id.
 */
/** The action's own artifact type: not the vendor's name, which is not ours to use. */
const ARTIFACT_TYPE = 'application/vnd.docs-export.bundle.v1';
/** Annotations of our own, in the artifact type's tree. */
const ANNOTATION = {
    domain: 'vnd.docs-export.domain',
    jobId: 'vnd.docs-export.job-id',
    version: 'vnd.docs-export.version'
};
/** The OCI image spec's empty descriptor: `{}`, for an artifact that has no config. */
const EMPTY_CONFIG = {
    mediaType: 'application/vnd.oci.empty.v1+json',
    digest: 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    size: 2
};
const EMPTY_BYTES = Buffer.from('{}');
async function mirrorToRegistry(target, archive, context) {
    const tag = tagOf(target.tag ?? context.version ?? context.jobId);
    const location = `${target.host}/${target.repository}:${tag}`;
    try {
        const client = await oci/* RegistryClient */.b.connect(target, context);
        const layerDigest = `sha256:${archive.sha256}`;
        const present = await client.blobExists(layerDigest);
        if (present) {
            context.host.info(`Mirror: ${target.host}/${target.repository} holds this archive already (blob ${layerDigest}): not uploaded again`);
        }
        else {
            let sent = 0;
            const stopProgress = (0,progress/* reportUpload */.u)(context.host, archive.sizeBytes, () => sent);
            const startedAt = Date.now();
            try {
                await client.uploadBlob({ file: archive.path }, layerDigest, archive.sizeBytes, (count) => (sent += count));
            }
            finally {
                stopProgress();
            }
            context.host.info(`Mirror: uploaded ${(0,format/* formatBytes */.z3)(archive.sizeBytes)} to ${target.host}/${target.repository} in ${(0,format/* formatDuration */.a3)(Date.now() - startedAt)}`);
        }
        if (!(await client.blobExists(EMPTY_CONFIG.digest)))
            await client.uploadBlob({ bytes: EMPTY_BYTES }, EMPTY_CONFIG.digest, EMPTY_BYTES.length);
        const manifest = Buffer.from(JSON.stringify(manifestOf(archive, context)));
        const digest = `sha256:${(0,external_node_crypto_.createHash)('sha256').update(manifest).digest('hex')}`;
        if ((await client.manifestDigest(tag)) === digest) {
            context.host.info(`Mirror: ${location} names this artifact already (${digest})`);
        }
        else {
            await client.putManifest(tag, manifest, digest);
            context.host.info(`Mirror: pushed ${location} (${digest})`);
        }
        const base = context.publicUrl ?? target.origin;
        return {
            url: `${base}/v2/${target.repository}/blobs/${layerDigest}`,
            ref: `${target.host}/${target.repository}@${digest}`,
            location,
            uploaded: !present
        };
    }
    catch (error) {
        throw (0,deadline/* stoppedError */.Wm)(context.deadline, context.signal, `while pushing the archive to ${location}`) ?? error;
    }
}
function manifestOf(archive, context) {
    const facts = (0,kinds/* kindFacts */.q)(archive.kind);
    return {
        schemaVersion: 2,
        mediaType: oci/* OCI_MANIFEST */.E,
        artifactType: ARTIFACT_TYPE,
        config: EMPTY_CONFIG,
        layers: [
            {
                mediaType: facts.layerMediaType,
                digest: `sha256:${archive.sha256}`,
                size: archive.sizeBytes,
                // The name `oras pull` gives the file it writes.
                annotations: { 'org.opencontainers.image.title': `${archive.sha256}.${facts.ending}` }
            }
        ],
        annotations: {
            'org.opencontainers.image.created': context.createdAt,
            [ANNOTATION.jobId]: context.jobId,
            ...(context.domain ? { [ANNOTATION.domain]: context.domain } : {}),
            ...(context.version ? { [ANNOTATION.version]: context.version } : {})
        }
    };
}
/**
 * A tag from `version` or the job id, which may hold what a tag may not: anything but letters,
 * digits, `_`, `.` and `-` becomes `_`, the first character cannot be `.` or `-`, 128 at most.
 */
function tagOf(text) {
    if (target/* TAG */.Dk.test(text))
        return text;
    return (text
        .replace(/[^A-Za-z0-9_.-]/g, '_')
        .replace(/^[.-]/, '_')
        .slice(0, 128) || '_');
}

// EXTERNAL MODULE: ./src/mirror/s3.ts
var s3 = __webpack_require__(8301);
;// CONCATENATED MODULE: ./src/mirror/index.ts







/** What makes a copy readable without credentials, by target: the hint of a failed check. */
const FIX = {
    s3: (0,message/* message */.iU) `Make the prefix readable without credentials (a public-read bucket policy on it, a public-read ACL on a Swift container), or set ${(0,message/* input */.hF)('mirror-public-url')} to a base that serves the bucket so (a CDN, a proxy)`,
    oci: (0,message/* message */.iU) `Make the repository readable without credentials (a public project), or set ${(0,message/* input */.hF)('mirror-public-url')} to a registry that serves it so (a read-only mirror on the same storage)`
};
/**
 * Copies the downloaded archive to the team's own storage (`mirror-to`), then reads it back as the
 * chart will, without credentials, unless `mirror-check` is off. Every failure is an ActionError:
 * code `mirror` (the command line's exit code 6) for a refused upload or a copy the chart could
 * not read, `out-of-time` or `cancelled` when the run's deadline or cancellation stopped it.
 */
async function mirrorArchive(target, archive, options) {
    const signal = options.deadline.signal();
    // Its own network: the store may be on this machine (http) whatever base-url is, and nowhere else.
    const context = { ...options, signal, network: new net/* Network */.lg(true) };
    const copy = target.scheme === 's3'
        ? await (0,s3/* mirrorToS3 */.j)(target, archive, context)
        : await mirrorToRegistry(target, archive, context);
    if (options.check === 'off') {
        options.host.notice((0,message/* message */.iU) `Mirror: ${(0,message/* input */.hF)('mirror-check', 'off')}: ${copy.url} was not read back; the chart fetches it without credentials, so make sure the cluster can`);
        return { ...copy, checked: false };
    }
    await checkAnonymousRead(copy.url, archive, {
        network: context.network,
        signal,
        deadline: options.deadline.at,
        fix: FIX[target.scheme]
    }).catch((error) => {
        throw (0,deadline/* stoppedError */.Wm)(options.deadline, signal, `while reading ${copy.url} back`) ?? error;
    });
    options.host.info(`Mirror: ${copy.url} serves the archive without credentials (SHA-256 matches), as the chart will read it`);
    return { ...copy, checked: true };
}


/***/ })

};

//# sourceMappingURL=101.index.js.map