import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserEnvironment, PROFILE_FOLDERS } from '../../../src/site/browser/environment.js'

describe('browserEnvironment', () => {
  const runner = {
    PATH: '/usr/local/bin:/usr/bin',
    LANG: 'C.UTF-8',
    HOME: '/home/runner',
    TMPDIR: '/tmp',
    GITHUB_TOKEN: 'ghs_secret',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example',
    ACTIONS_RUNTIME_TOKEN: 'runtime',
    'INPUT_API-KEY': 'mint_secret',
    MINTLIFY_ADMIN_KEY: 'mint_secret',
    // The mirror's credentials: the AWS SDK's chain, the registry's password.
    AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'aws_secret',
    AWS_SESSION_TOKEN: 'aws_session',
    AWS_WEB_IDENTITY_TOKEN_FILE: '/var/run/secrets/token',
    'INPUT_MIRROR-PASSWORD': 'registry_secret',
    MINTLIFY_MIRROR_PASSWORD: 'registry_secret',
    HTTPS_PROXY: 'http://proxy.example:3128',
    DISPLAY: ':0',
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
    LD_PRELOAD: '/tmp/evil.so',
    UNSET: undefined
  }

  it("passes only its allowlist, and points home, temporary and per-user folders into the pass's own", () => {
    const environment = browserEnvironment(
      runner,
      '/runner/temp/browser-profile-x',
      '/runner/temp/browser-profile-x/tmp'
    )
    expect(environment).toEqual({
      PATH: '/usr/local/bin:/usr/bin',
      LANG: 'C.UTF-8',
      HOME: path.join('/runner/temp/browser-profile-x', 'home'),
      USERPROFILE: path.join('/runner/temp/browser-profile-x', 'home'),
      XDG_CONFIG_HOME: path.join('/runner/temp/browser-profile-x', 'config'),
      XDG_CACHE_HOME: path.join('/runner/temp/browser-profile-x', 'cache'),
      XDG_DATA_HOME: path.join('/runner/temp/browser-profile-x', 'data'),
      APPDATA: path.join('/runner/temp/browser-profile-x', 'config'),
      LOCALAPPDATA: path.join('/runner/temp/browser-profile-x', 'data'),
      TMPDIR: '/runner/temp/browser-profile-x/tmp',
      TMP: '/runner/temp/browser-profile-x/tmp',
      TEMP: '/runner/temp/browser-profile-x/tmp'
    })
  })

  it('names every folder it points to among the profile folders made before the start', () => {
    const environment = browserEnvironment({}, '/p', '/t')
    const folders = Object.values(environment)
      .filter((value) => value.startsWith('/p/'))
      .map((value) => value.slice('/p/'.length))
    expect(new Set(folders)).toEqual(new Set(PROFILE_FOLDERS))
  })
})
