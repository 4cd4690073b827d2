import type { Figure } from '../context.ts'
import { browserPass } from './browser-pass.ts'
import { coldStart } from './cold-start.ts'
import { deployment } from './deployment.ts'
import { download } from './download.ts'
import { mirror } from './mirror.ts'
import { polling } from './polling.ts'
import { publish } from './publish.ts'
import { resume } from './resume.ts'
import { siteCheck } from './site-check.ts'
import { unpack } from './unpack.ts'

/**
 * Every figure of `npm run bench`, in the order they run: the cold start first, on a quiet machine;
 * the polling, idle most of its time, near the end. A new figure is a module of this folder that
 * brings its own text (context.ts, `Figure`), added here.
 */
export const FIGURES: Figure[] = [
  coldStart,
  download,
  resume,
  unpack,
  siteCheck,
  deployment,
  mirror,
  publish,
  polling,
  browserPass
]
