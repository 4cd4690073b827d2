export const id = 929;
export const ids = [929];
export const modules = {

/***/ 4929:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   probeMirrorTarget: () => (/* binding */ probeMirrorTarget)
/* harmony export */ });
/* harmony import */ var _core_net_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8456);
/* harmony import */ var _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9251);
/* harmony import */ var _storage_probe_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6411);
/* harmony import */ var _oci_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9164);
/* harmony import */ var _s3_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8301);





/**
 * `mirror-to`, asked before the export starts whether it takes the copy, leaving nothing behind:
 * S3, a multipart upload under PREFIX started and aborted (the mirror's own permissions: it lists
 * nothing and deletes nothing); a registry, `GET /v2/` with the credentials it asks for, then an
 * upload session into the repository started and cancelled.
 */
async function probeMirrorTarget(target, options) {
    if (target.scheme === 's3') {
        const probes = ['upload-abort'];
        await (0,_storage_probe_js__WEBPACK_IMPORTED_MODULE_2__/* .probeBucket */ .n)(target, {
            stage: _s3_js__WEBPACK_IMPORTED_MODULE_4__/* .MIRROR */ .S,
            probes,
            region: options.region ?? _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_REGION */ .t9,
            deadline: options.deadline,
            environment: options.environment
        });
        options.host.info(`Mirror: ${(0,_storage_probe_js__WEBPACK_IMPORTED_MODULE_2__/* .probed */ .D)(target, probes)}`);
        return;
    }
    // The mirror's own network, as the copy's: the registry may be on this machine (http), whatever base-url is.
    const client = await _oci_js__WEBPACK_IMPORTED_MODULE_3__/* .RegistryClient */ .b.connect(target, {
        ...options,
        signal: options.deadline.signal(),
        network: new _core_net_js__WEBPACK_IMPORTED_MODULE_0__/* .Network */ .lg(true)
    });
    await client.probeUpload();
    options.host.info(`Mirror: ${target.host}/${target.repository} takes a push with the credentials given`);
}


/***/ }),

/***/ 6411:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ probed),
/* harmony export */   n: () => (/* binding */ probeBucket)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3711);
/* harmony import */ var _s3_client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7891);
/* harmony import */ var _s3_location_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9251);




/** The name of the probe's object: a name no export gives a file, unique to this run. */
const PROBE_NAME = '.docs-export-probe';
async function probeBucket(target, options) {
    const { stage } = options;
    const client = (0,_s3_client_js__WEBPACK_IMPORTED_MODULE_1__/* .s3Client */ .oD)(target, options.region, options.deadline, options.environment);
    const abortSignal = options.deadline.signal();
    const Bucket = target.bucket;
    const key = (0,_s3_location_js__WEBPACK_IMPORTED_MODULE_2__/* .keyOf */ .TN)(target.prefix, `${PROBE_NAME}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}`);
    const ask = async (action, send) => send().catch((error) => {
        throw (0,_s3_client_js__WEBPACK_IMPORTED_MODULE_1__/* .s3Failure */ .lv)(error, action, target, stage);
    });
    try {
        for (const probe of options.probes) {
            if (probe === 'list') {
                const Prefix = target.prefix ? `${target.prefix}/` : undefined;
                await ask('listing', () => client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_3__.ListObjectsV2Command({ Bucket, MaxKeys: 1, ...(Prefix ? { Prefix } : {}) }), { abortSignal }));
            }
            else if (probe === 'put-delete') {
                await ask('writing a probe object (deleted at once) to', () => client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_3__.PutObjectCommand({ Bucket, Key: key, Body: new Uint8Array(0) }), { abortSignal }));
                await ask(`deleting the probe object ${key} (delete it by hand) from`, () => client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_3__.DeleteObjectCommand({ Bucket, Key: key }), { abortSignal }));
            }
            else {
                const started = await ask('starting a probe upload (aborted at once) to', () => client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_3__.CreateMultipartUploadCommand({ Bucket, Key: key }), { abortSignal }));
                await ask(`aborting the probe upload to ${key} (a lifecycle rule removes what is left) in`, () => client.send(new _aws_sdk_client_s3__WEBPACK_IMPORTED_MODULE_3__.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: started.UploadId }), {
                    abortSignal
                }));
            }
        }
    }
    finally {
        client.destroy();
    }
}
/** What the probes proved, as the log says it. */
function probed(target, probes) {
    const words = { list: 'lists', 'put-delete': 'takes a write', 'upload-abort': 'takes an upload' };
    return `${(0,_s3_location_js__WEBPACK_IMPORTED_MODULE_2__/* .prefixUrl */ .ml)(target)} ${probes.map((probe) => words[probe]).join(' and ')} with the runner's credentials`;
}


/***/ })

};

//# sourceMappingURL=929.index.js.map