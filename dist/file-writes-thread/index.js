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
 * main thread decompresses, parses and judges the next ones. It reads the batches from shared
 * memory as they are sent (file-writes-protocol.ts) and blocks between them: it has no event loop
 * to serve. Bundled on its own as dist/file-writes-thread/; it needs only `fs`.
 */
const setup = external_node_worker_threads_namespaceObject.workerData;
const { operations, openModes, slots, flags, batchBytes, failures } = setup;
const { write: WRITE_DATA, paths: PATHS } = setup.heads;
const progress = new Int32Array(setup.progress);
const data = Buffer.from(setup.data);
const view = new DataView(setup.data);
const parts = data.length / batchBytes;
let fd = -1;
/**
 * What the operation under way names: the path a failure is told with. A string: Node checks a
 * Buffer path for NUL bytes with a slower call than a string path.
 */
let path = '';
/** Carries out the batch in `part`. */
function run(part) {
    let at = part * batchBytes;
    const end = at + Atomics.load(progress, slots.lengths + part);
    while (at < end) {
        const operation = data[at];
        if (operation === operations.write) {
            const length = view.getUint32(at + 1, true);
            let from = at + WRITE_DATA;
            at = from + length;
            while (from < at)
                from += (0,external_node_fs_namespaceObject.writeSync)(fd, data, from, at - from);
        }
        else if (operation === operations.open) {
            const asked = view.getUint32(at + 1, true);
            const mode = asked & openModes.bits;
            const length = view.getUint32(at + 5, true);
            path = data.toString('utf8', at + PATHS, at + PATHS + length);
            at += PATHS + length;
            fd = (0,external_node_fs_namespaceObject.openSync)(path, flags, mode);
            if (asked & openModes.setAfter)
                (0,external_node_fs_namespaceObject.fchmodSync)(fd, mode);
        }
        else if (operation === operations.close) {
            at += 1;
            closeOpenFile();
        }
        else if (operation === operations.link) {
            const existing = view.getUint32(at + 1, true);
            const length = view.getUint32(at + 5, true);
            const target = data.toString('utf8', at + PATHS, at + PATHS + existing);
            path = data.toString('utf8', at + PATHS + existing, at + PATHS + existing + length);
            at += PATHS + existing + length;
            (0,external_node_fs_namespaceObject.linkSync)(target, path);
        }
        else {
            throw new Error(`unknown operation ${operation} in the batch`);
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
function fail(error) {
    const { message, code } = error;
    failures.postMessage({ path, message, code });
    tell(slots.failed);
    try {
        closeOpenFile();
    }
    catch {
        // The failure already told is the one that counts.
    }
}
tell(slots.started);
try {
    for (let done = 0;;) {
        Atomics.wait(progress, slots.sent, done);
        if (Atomics.load(progress, slots.stopping) === 1)
            break;
        // After a failure, batches are only counted.
        if (Atomics.load(progress, slots.failed) === 0) {
            try {
                run(done % parts);
            }
            catch (error) {
                fail(error);
            }
        }
        done++;
        Atomics.store(progress, slots.done, done);
        Atomics.notify(progress, slots.done);
    }
    closeOpenFile();
}
finally {
    failures.close();
    tell(slots.stopped);
}


//# sourceMappingURL=index.js.map