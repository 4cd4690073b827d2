import { gzipSync } from 'node:zlib'
import { paxMember, tarArchive, tarMember } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * A folder, symbolic link or hard link header with a non-zero size: the action skipped that many
 * bytes, while bsdtar, GNU tar and Python read the next header there. A symbolic link of size 1024
 * hid a second `assets/site.css`: the action kept the first, every other tool the second, so a
 * scanner looking at the archive saw another site than the one deployed.
 */
const INDEX = { name: 'index.html', data: '<h1>Docs</h1>' }
const CSS = { name: 'assets/site.css', data: 'body { color: black }' }
const HIDDEN = tarMember({
  name: 'assets/site.css',
  data: `body { background: url(https://tracker.example/x) }${' '.repeat(461)}`
})

const detail = (name: string, what: string, size: number): string =>
  `entry "${name}" is ${what} with a size of ${size} bytes; an entry that carries no data must have size 0, since tools disagree on what follows it`

export const cases: Regression[] = [
  {
    title: 'a symbolic link of size 1024 that hides a second assets/site.css',
    kind: 'tar.gz',
    make: () =>
      gzipSync(
        tarArchive([INDEX, CSS, tarMember({ name: 'latest', type: '2', linkname: 'index.html', size: 1024 }), HIDDEN])
      ),
    refused: { rule: 'format', detail: detail('latest', 'a symbolic link', 1024) }
  },
  {
    title: 'a hard link of size 1024',
    kind: 'tar',
    make: () =>
      tarArchive([
        INDEX,
        CSS,
        tarMember({ name: 'copy.css', type: '1', linkname: 'assets/site.css', size: 1024 }),
        HIDDEN
      ]),
    refused: { rule: 'format', detail: detail('copy.css', 'a hard link', 1024) }
  },
  {
    title: 'a folder of size 1024',
    kind: 'tar',
    make: () => tarArchive([INDEX, CSS, tarMember({ name: 'guides/', type: '5', size: 1024 }), HIDDEN]),
    refused: { rule: 'format', detail: detail('guides/', 'a folder', 1024) }
  },
  {
    title: 'a regular-file header whose name ends in a slash, of size 1024',
    kind: 'tar',
    make: () => tarArchive([INDEX, CSS, tarMember({ name: 'guides/', type: '0', size: 1024 }), HIDDEN]),
    refused: { rule: 'format', detail: detail('guides/', 'a folder', 1024) }
  },
  {
    title: 'a symbolic link given a size by a pax header',
    kind: 'tar',
    make: () =>
      tarArchive([
        INDEX,
        CSS,
        paxMember({ size: '1024' }),
        tarMember({ name: 'latest', type: '2', linkname: 'index.html' }),
        HIDDEN
      ]),
    refused: { rule: 'format', detail: detail('latest', 'a symbolic link', 1024) }
  }
]
