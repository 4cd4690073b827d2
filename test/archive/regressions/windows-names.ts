import { tarArchive, zipArchive } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * The name rules were POSIX rules, yet the action runs on Windows too, where `index.html:x` writes
 * an alternate data stream of index.html, CON, NUL, AUX, COM1… (with any extension) are devices, a
 * trailing dot or space is dropped (so `a.html.` and `a.html` are one file) and `<>:"|?*` cannot be
 * written. Such names are refused on every runner, so that an archive unpacks the same everywhere.
 */
const NAMES: [string, string][] = [
  ['index.html:x', 'has a colon, which opens an alternate data stream on Windows'],
  ['guides/a:b/page.html', 'has a colon, which opens an alternate data stream on Windows'],
  ['CON', 'has the part "CON", which Windows opens as the device CON'],
  ['nul.txt', 'has the part "nul.txt", which Windows opens as the device NUL'],
  ['assets/aux.tar.gz', 'has the part "aux.tar.gz", which Windows opens as the device AUX'],
  ['Com1.html', 'has the part "Com1.html", which Windows opens as the device COM1'],
  ['lpt9', 'has the part "lpt9", which Windows opens as the device LPT9'],
  ['prn .html', 'has the part "prn .html", which Windows opens as the device PRN'],
  ['conin$', 'has the part "conin$", which Windows opens as the device CONIN$'],
  ['a.html.', 'has the part "a.html.", whose trailing dot Windows drops'],
  ['guides./page.html', 'has the part "guides.", whose trailing dot Windows drops'],
  ['a.html ', 'has the part "a.html ", whose trailing space Windows drops'],
  ...[...'<>"|?*'].map((character): [string, string] => [
    `page${character}.html`,
    `has "${character === '"' ? '\\"' : character}", which Windows cannot hold in a name`
  ])
]
const INDEX = { name: 'index.html', data: '<h1>Docs</h1>' }

export const cases: Regression[] = [
  ...NAMES.flatMap(([name, why]): Regression[] => [
    {
      title: `the tar entry ${JSON.stringify(name)}`,
      kind: 'tar',
      make: () => tarArchive([INDEX, { name, data: 'x' }]),
      refused: { rule: 'name', detail: `entry ${JSON.stringify(name)} ${why}` }
    },
    {
      title: `the zip entry ${JSON.stringify(name)}`,
      kind: 'zip',
      make: () => zipArchive([INDEX, { name, data: 'x' }]),
      refused: { rule: 'name', detail: `entry ${JSON.stringify(name)} ${why}` }
    }
  ]),
  {
    title: 'a link to the device NUL',
    kind: 'tar',
    make: () => tarArchive([INDEX, { name: 'empty.html', type: '2', linkname: 'NUL' }]),
    refused: {
      rule: 'link-target',
      detail: 'link "empty.html" has in its target the part "NUL", which Windows opens as the device NUL'
    }
  },
  {
    title: 'a link to an alternate data stream',
    kind: 'tar',
    make: () => tarArchive([INDEX, { name: 'stream.html', type: '2', linkname: 'index.html:secret' }]),
    refused: {
      rule: 'link-target',
      detail: 'link "stream.html" has in its target a colon, which opens an alternate data stream on Windows'
    }
  },
  {
    title: 'names that only look like devices',
    kind: 'tar',
    make: () =>
      tarArchive([
        INDEX,
        { name: 'console.html', data: 'a' },
        { name: 'com10.html', data: 'b' },
        { name: 'nul-values.html', data: 'c' }
      ]),
    unpacks: { 'index.html': '<h1>Docs</h1>', 'console.html': 'a', 'com10.html': 'b', 'nul-values.html': 'c' }
  }
]
