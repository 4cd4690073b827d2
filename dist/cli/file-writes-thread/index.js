import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:worker_threads"
const external_node_worker_threads_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
;// CONCATENATED MODULE: ./src/archive/file-writes-thread.ts


/**
 * The thread that makes the site's files for the unpacking (file-writes.ts): it creates, writes and
 * closes them, and makes hard links, in the order the main thread judged the entries, while the
 * main thread decompresses, parses and judges the next ones. Bundled on its own as
 * dist/file-writes-thread/; it needs only `fs`.
 */
const { flags, setModes, progress, slots, failures, data: shared, batchBytes } = external_node_worker_threads_namespaceObject.workerData;
const port = external_node_worker_threads_namespaceObject.parentPort;
let fd = -1;
let path = '';
Atomics.store(progress, slots.started, 1);
Atomics.notify(progress, slots.started);
function run({ operations, slot, length }) {
    const data = new Uint8Array(shared, slot * batchBytes, length);
    for (const operation of operations) {
        switch (operation[0]) {
            case 'open':
                path = operation[1];
                fd = (0,external_node_fs_namespaceObject.openSync)(path, flags, operation[2]);
                if (setModes)
                    (0,external_node_fs_namespaceObject.fchmodSync)(fd, operation[2]);
                break;
            case 'write': {
                let at = operation[1];
                while (at < operation[2])
                    at += (0,external_node_fs_namespaceObject.writeSync)(fd, data, at, operation[2] - at);
                break;
            }
            case 'close':
                closeOpenFile();
                break;
            case 'link':
                path = operation[2];
                (0,external_node_fs_namespaceObject.linkSync)(operation[1], operation[2]);
                break;
        }
    }
}
function closeOpenFile() {
    if (fd >= 0)
        (0,external_node_fs_namespaceObject.closeSync)(fd);
    fd = -1;
}
function tell(slot) {
    Atomics.store(progress, slot, 1);
    Atomics.notify(progress, slot);
}
port.on('message', (message) => {
    if (message === 'stop') {
        try {
            closeOpenFile();
        }
        finally {
            tell(slots.stopped);
            port.close();
        }
        return;
    }
    // After a failure, or once the unpacking is refused, batches are only counted.
    if (Atomics.load(progress, slots.failed) === 0 && Atomics.load(progress, slots.cancelled) === 0) {
        try {
            run(message);
        }
        catch (error) {
            const { message: text, code } = error;
            failures.postMessage({ path, message: text, code });
            tell(slots.failed);
            try {
                closeOpenFile();
            }
            catch {
                // The failure already told is the one that counts.
            }
        }
    }
    Atomics.add(progress, slots.done, 1);
    Atomics.notify(progress, slots.done);
});


//# sourceMappingURL=index.js.map