/**
 * Reads and checks a manifest.json for publish-probe.ts, on a thread that then ends: the probe
 * holds the manifest as the action holds it after the unpack, without the garbage of parsing 5 MB
 * of JSON, which the action never makes, in its own heap.
 */
import { readFile } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { Manifest } from '../../src/manifest/schema.ts'

parentPort?.postMessage(Manifest.parse(JSON.parse(await readFile(workerData as string, 'utf8'))))
