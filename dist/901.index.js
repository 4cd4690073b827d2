export const id = 901;
export const ids = [901];
export const modules = {

/***/ 9901:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   probePublishTarget: () => (/* binding */ probePublishTarget)
/* harmony export */ });
/* harmony import */ var node_dns_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1553);
/* harmony import */ var node_dns_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_dns_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7030);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_net__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _core_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3252);
/* harmony import */ var _storage_probe_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6411);
/* harmony import */ var _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9251);
/* harmony import */ var _bucket_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2245);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4188);







async function probePublishTarget(target, options) {
    const probes = options.dryRun ? ['list'] : ['list', 'put-delete'];
    await (0,_storage_probe_js__WEBPACK_IMPORTED_MODULE_3__/* .probeBucket */ .n)(target, {
        stage: _bucket_js__WEBPACK_IMPORTED_MODULE_5__/* .PUBLISH */ .W,
        probes,
        region: options.region ?? _storage_s3_location_js__WEBPACK_IMPORTED_MODULE_4__/* .DEFAULT_REGION */ .t9,
        deadline: options.deadline,
        environment: options.environment
    });
    const resolved = options.publicUrl ? await resolves(options.publicUrl, options.environment ?? {}) : undefined;
    options.host.info(`Publish: ${(0,_storage_probe_js__WEBPACK_IMPORTED_MODULE_3__/* .probed */ .D)(target, probes)}${resolved ? `; ${resolved}` : ''}`);
}
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];
/** That the address's host resolves, said; nothing when a proxy resolves names for the runner, or it is an IP address. */
async function resolves(publicUrl, environment) {
    const { hostname } = new URL(publicUrl);
    const name = hostname.replace(/^\[|\]$/g, '');
    if ((0,node_net__WEBPACK_IMPORTED_MODULE_1__.isIP)(name) !== 0)
        return '';
    if (PROXY_VARIABLES.some((variable) => environment[variable]))
        return '';
    try {
        await (0,node_dns_promises__WEBPACK_IMPORTED_MODULE_0__.lookup)(name);
    }
    catch (error) {
        const code = error.code ?? 'no address';
        throw (0,_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .publishError */ .A)((0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .message */ .iU) `Publish: ${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .input */ .hF)('publish-public-url')} names the host ${name}, which does not resolve (${code})`, {
            hint: (0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .message */ .iU) `Correct ${(0,_core_message_js__WEBPACK_IMPORTED_MODULE_2__/* .input */ .hF)('publish-public-url')}: the website endpoint of the bucket, or the address of the CDN in front of it`,
            cause: error
        });
    }
    return `${name} resolves`;
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

//# sourceMappingURL=901.index.js.map