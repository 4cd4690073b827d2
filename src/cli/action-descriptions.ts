// Generated from action.yml by scripts/docs.ts (`npm run docs`); `npm run docs:check` fails when it differs.

/** What each input of action.yml means, in its own words. */
export const INPUT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'api-key':
    'Admin API key (`mint_…`), sent as `Authorization: Bearer`; pass it from a secret. Masked at once. Surrounding whitespace is trimmed; a value without the `prefix_rest` shape of an admin key is rejected before any request, without echoing it. Not used by `check-deployment`.',
  'base-url':
    'API base address. `https://` required, except loopback (`http://127.0.0.1`, `http://localhost`) for local runs and tests; only then may bundle links and redirects lead to plain http on this machine.',
  command:
    'What to do: `export` (run a static export), `agent-job` (follow an AI agent job) or `check-deployment` (check that the deployed site serves an export).',
  domain:
    'Domain of the documentation site to export (a host name such as `docs.acme.dev`; a pasted URL is reduced to its host, with a notice). Required for `export` unless `export-job-id` is given.',
  'export-job-id':
    'For `export`, reuse this export job instead of starting one (e.g. to get a fresh link in a later job).',
  'project-id': 'Project identifier, for `agent-job`.',
  'agent-job-id': 'Agent job identifier, for `agent-job`.',
  wait: '`false`: start the export (or read the agent job once) and return at once.',
  'timeout-seconds':
    'Longest time to wait for the job to finish (or, for `check-deployment`, for the rollout), in seconds; it bounds the whole run: polls, retries of every call, the download, unpacking, the site check and the comment.',
  'poll-interval-seconds':
    'Time between status polls, in seconds; long jobs are polled less often (up to every 30 s), never more often.',
  download: 'Download the bundle archive (outputs `bundle-path` and `bundle-sha256`).',
  extract:
    'Unpack the downloaded archive into `<path>/site` (needs `download: true`), replacing what was there once it has unpacked completely.',
  path: 'Directory to place the archive, the unpacked site (`site/`), the manifest, the reports and the Helm values in. Defaults to a new folder under `RUNNER_TEMP`. The action writes only its own names there, and never over a link, or a file it did not write.',
  'comment-on': 'For `agent-job`, the issue or pull request number to comment the outcome on.',
  'github-token': 'Token used for that comment.',
  'mask-bundle-url':
    "Register the presigned link as a secret, so that it never shows in logs or crosses to other jobs' outputs (the action's own log lines always leave out its query).",
  paths: 'Export only these pages, one per line; sent to the API only when given. Defaults to every published page.',
  version:
    'A label for this export (e.g. `2026-11-22`); sent only when given, and pinned as `staticExport.version` in the Helm values.',
  verify:
    'With `extract`: check the unpacked site (index.html, pages against `pageCount`, internal links and assets, origins loaded from elsewhere, canonical host, sitemap; see Site check). `warn`: warnings and a report; `error`: fail the step on any problem; `off`: no check.',
  'verify-browser':
    'With `extract` and `verify` not `off`: load the unpacked site in an installed Chrome/Chromium with every other origin blocked, and report what its scripts reach at run time (see Browser pass). `auto`: when a browser is found (else one notice); `on`: fail the step without one; `off`: never.',
  'verify-browser-pages':
    "How many pages the browser pass loads (index.html first, then a page of each distinct set of scripts, iframes and embeds, then a spread over the site's top folders).",
  'compare-to':
    'With `extract`: a previous export\'s `manifest.json` (a path, or an https link). Adds a "Changes" section to the summary, `changes.json`, and the outputs `files-added`, `files-removed`, `files-changed` and `changes-path`. One that cannot be read is a warning, never a failure.',
  'verify-baseline':
    'With `extract` and `verify` not `off`: a previous site check report (a path, or an https link). Its problems are listed as known, and `verify: error` fails only on problems it does not have.',
  url: "For `check-deployment`: the deployed site's base URL (https, or http with a notice: nothing secret is sent).",
  manifest: 'For `check-deployment`: the `manifest.json` of the export that should be live (a path, or an https link).',
  'check-files':
    "For `check-deployment`: how many files to compare (index.html, then a spread over the site's folders), or `all`."
}

/** What each output of action.yml holds. */
export const OUTPUT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'job-id': "The export job's id, also on failure and on timeout (so a later run can resume it).",
  status: 'The last status seen (`completed`, `failed`, `archived`, ...), for `export` and `agent-job`.',
  'page-count': 'Pages exported, as a whole number.',
  'bundle-url': 'The presigned link to the archive.',
  'expires-at': 'When the link stops working, as ISO 8601 UTC (whatever form the API used).',
  'bundle-path':
    'With `download`: absolute path of the downloaded archive, named by the action `bundle-<job id>.<kind>` (`tar.gz`, `tar.zst`, `tar` or `zip`, from its bytes).',
  'bundle-sha256': 'With `download`: SHA-256 of the archive, hex.',
  'site-path': 'With `extract`: absolute path of the unpacked site (its `index.html` at the top).',
  'verify-report-path':
    "With `extract`, unless `verify: off`: absolute path of the site check's JSON report; its schema is in Site check report.",
  'helm-values-path':
    "Once a bundle exists: a values file for the vendor's enterprise Helm chart (`staticExport.enabled: true`, `staticExport.bundleUrl`, and `staticExport.version` when `version` is given), with owner-only permissions.",
  'pr-link': 'For `agent-job`, the pull request URL the agent opened, or empty.',
  'comment-url': 'For `agent-job` with `comment-on`, the URL of the comment made or updated.',
  'manifest-path':
    "With `extract`: absolute path of `manifest.json` (beside the site): the job, the domain, the label, the archive's SHA-256, and every file with its size and SHA-256.",
  'files-added': 'With `compare-to`: files in this export and not in the previous one, as a whole number.',
  'files-removed': 'With `compare-to`: files in the previous export and not in this one, as a whole number.',
  'files-changed': 'With `compare-to`: files whose content changed, as a whole number.',
  'changes-path': 'With `compare-to`: absolute path of `changes.json`, the lists behind those numbers.',
  'deployment-status': 'For `check-deployment`: `current`, `partial`, `stale` or `unreachable`.',
  'files-matching': 'For `check-deployment`: files served as the manifest has them, as a whole number.',
  'files-compared': 'For `check-deployment`: files compared, as a whole number.',
  'deployment-report-path':
    'For `check-deployment`: absolute path of the JSON report: each file compared, its expected and served SHA-256 and status; each route tried.'
}
