import { z } from 'zod'
import { CLEAN_UP_GRACE_MS } from '../core/deadline.js'
import { formatSeconds } from '../core/format.js'
import { bool, count, described, folder, httpsUrl, identifier, seconds } from './fields.js'

/** The inputs that more than one command reads, each described once. */

const ADMIN_KEY_SHAPE = /^[A-Za-z0-9]+_[A-Za-z0-9_-]+$/

/** The environment variable of the command line that holds the admin key. */
export const KEY_VARIABLE = 'MINTLIFY_ADMIN_KEY'

/** Every command's: how long the run may take, and how often it polls. */
export const TIMING = {
  'timeout-seconds': described(seconds, {
    default: '1800',
    description: `Longest time to wait for the job to finish (or, for \`check-deployment\`, for the rollout), in seconds; it bounds the whole run: polls, retries of every call, the download, unpacking, the site check, the mirror and the comment. A clean-up that it cuts short (the abort of an upload) gets ${formatSeconds(CLEAN_UP_GRACE_MS)} more at most.`,
    byCommand: {
      export: `Longest time to wait for the export job to finish, in seconds; it bounds the whole run: polls, retries of every call, the download, unpacking, the site check and the mirror. A clean-up that it cuts short (the abort of an upload) gets ${formatSeconds(CLEAN_UP_GRACE_MS)} more at most.`,
      'agent-job':
        'Longest time to wait for the agent job to end, in seconds; it bounds the whole run: polls and retries of every call.',
      'check-deployment':
        'Longest time to wait for the rollout, in seconds: the deployment is asked again until it serves the export or the time is up.'
    }
  }),
  'poll-interval-seconds': described(seconds, {
    default: '5',
    description:
      'Time between status polls, in seconds; long jobs are polled less often (up to every 30 s), never more often.',
    byCommand: {
      'check-deployment':
        'Time between two rounds of requests while the deployment does not serve the export yet, in seconds.'
    }
  })
}

/** The admin API's: the key and the address. */
export const API = {
  'api-key': described(
    z
      .string({
        error:
          'is empty or missing: pass the admin key from a secret (api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}). ' +
          "Workflows triggered from a fork's pull request don't receive secrets"
      })
      // The value never appears in this message: it is a secret even when malformed.
      .regex(ADMIN_KEY_SHAPE, {
        error: 'does not look like an admin API key (expected the prefix_rest form, such as mint_…)'
      }),
    {
      required: true,
      secret: true,
      description:
        'Admin API key (`mint_…`), sent as `Authorization: Bearer`; pass it from a secret. Masked at once. Surrounding whitespace is trimmed; a value without the `prefix_rest` shape of an admin key is rejected before any request, without echoing it. Not used by `check-deployment`.',
      cli: {
        flag: false,
        variable: KEY_VARIABLE,
        file: {
          name: 'api-key-file',
          description: `Read the admin key from FILE instead of ${KEY_VARIABLE} (a warning when others may read FILE).`,
          holds: 'key'
        }
      }
    }
  ),
  'base-url': described(httpsUrl({ expected: 'an https:// address', plainHttp: 'loopback', base: true }), {
    default: 'https://api.mintlify.com',
    description:
      'API base address. `https://` required, except loopback (`http://127.0.0.1`, `http://localhost`) for local runs and tests; only then may bundle links and redirects lead to plain http on this machine.'
  })
}

/** The project, which agent jobs and the project-scoped export belong to. */
export const PROJECT = {
  'project-id': described(identifier, {
    description:
      "Project identifier (on the dashboard's API keys page): for `agent-job`, and for `export` in the project-scoped flow (the export starts under the project when `domain` is not given, or when the API no longer serves the export without it).",
    byCommand: {
      export:
        "Project identifier (on the dashboard's API keys page): the export starts under the project when `domain` is not given, or when the API no longer serves the export without it.",
      'agent-job': "Project identifier (on the dashboard's API keys page): the project the agent job works in."
    }
  })
}

/** The commands that follow a job: whether to wait for its end. */
export const WAIT = {
  wait: described(bool, {
    default: 'true',
    description: '`false`: start the export (or read the agent job once) and return at once.',
    byCommand: {
      export: '`false`: start the export (or read the job `export-job-id` names once) and return at once.',
      'agent-job':
        '`false`: start the agent job from `prompt` (or send it as a follow-up, or read the job once) and return at once.'
    }
  })
}

/** Where a command that writes files puts them. */
export const OUTPUT_FOLDER = {
  path: described(folder, {
    description:
      'Directory to place the archive, the unpacked site (`site/`), the manifest, the reports and the Helm values in. Defaults to a new folder under `RUNNER_TEMP`. The action writes only its own names there, and never over a link, or a file it did not write.',
    cli: {
      name: 'out',
      metavar: 'DIR',
      description:
        'Folder for the archive, `site/`, the site check report and the Helm values; default: a new folder ./static-export-<job id>. Checked before any request.'
    }
  })
}

/** The commands that read a site back as a visitor does: how much of it. */
export const CHECK_FILES = {
  'check-files': described(count('files', 7, ['all']), {
    default: '100',
    description:
      "For `check-deployment`, and for `export` with `publish-public-url`: how many files to compare (index.html, then a spread over the site's folders), or `all`. A publish reads back every file it uploaded besides these."
  })
}
