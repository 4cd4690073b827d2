import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:worker_threads"
const external_node_worker_threads_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
;// CONCATENATED MODULE: ./src/download/hash-worker.ts



const port = external_node_worker_threads_namespaceObject.parentPort;
const fd = external_node_worker_threads_namespaceObject.workerData;
const buffer = Buffer.allocUnsafeSlow(1024 * 1024);
let hash = (0,external_node_crypto_namespaceObject.createHash)('sha256');
let position = 0;
let failed = false;
function hashTo(end) {
    while (position < end) {
        const count = (0,external_node_fs_namespaceObject.readSync)(fd, buffer, 0, Math.min(buffer.length, end - position), position);
        if (count === 0)
            throw new Error(`the file ended at ${position} bytes, before ${end}`);
        hash.update(buffer.subarray(0, count));
        position += count;
    }
}
port.on('message', (message) => {
    if (failed)
        return;
    try {
        if (message.kind === 'written')
            hashTo(message.end);
        else if (message.kind === 'restart') {
            hash = (0,external_node_crypto_namespaceObject.createHash)('sha256');
            position = 0;
        }
        else {
            hashTo(message.end);
            port.postMessage({ kind: 'digest', sha256: hash.digest('hex') });
        }
    }
    catch (error) {
        failed = true;
        const { message: text, code } = error;
        port.postMessage({ kind: 'failed', message: text, code });
    }
});


//# sourceMappingURL=index.js.map