import { gnuLong, paxMember, tarArchive } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * A name part over 255 bytes, or a path longer than a file system takes, from a pax `path`, a GNU
 * long name or a hard link's name, failed with ENAMETOOLONG on open, mkdir or link instead of a
 * refusal under `name`.
 */
const longPart = `${'a'.repeat(256)}.html`
const longPath = `${'folder-of-a-reasonable-length/'.repeat(40)}page.html`
const INDEX = { name: 'index.html', data: '<h1>Docs</h1>' }

export const cases: Regression[] = [
  {
    title: 'a pax path with a part of 261 bytes',
    kind: 'tar',
    make: () => tarArchive([INDEX, paxMember({ path: `docs/${longPart}` }), { name: 'x', data: 'x' }]),
    refused: {
      rule: 'name',
      detail: `entry "docs/${longPart}" has a part of 261 bytes, longer than the 255 a file system allows`
    }
  },
  {
    title: 'a folder named by a pax path with a part of 261 bytes',
    kind: 'tar',
    make: () => tarArchive([INDEX, paxMember({ path: `${longPart}/` }), { name: 'x', type: '5' }]),
    refused: {
      rule: 'name',
      detail: `entry "${longPart}/" has a part of 261 bytes, longer than the 255 a file system allows`
    }
  },
  {
    title: 'a GNU long name of 1,209 bytes',
    kind: 'tar',
    make: () => tarArchive([INDEX, gnuLong(longPath), { name: 'x', data: 'x', format: 'gnu' }]),
    refused: { rule: 'name', detail: `entry "${longPath}" has a path of 1209 bytes, longer than the 1024 allowed` }
  },
  {
    title: 'a hard link named by a GNU long name with a part of 261 bytes',
    kind: 'tar',
    make: () => tarArchive([INDEX, gnuLong(longPart), { name: 'x', type: '1', linkname: 'index.html', format: 'gnu' }]),
    refused: {
      rule: 'name',
      detail: `entry "${longPart}" has a part of 261 bytes, longer than the 255 a file system allows`
    }
  },
  {
    title: 'a symbolic link whose target has a part of 261 bytes',
    kind: 'tar',
    make: () => tarArchive([INDEX, paxMember({ linkpath: longPart }), { name: 'link', type: '2' }]),
    refused: {
      rule: 'link-target',
      detail: `link "link" has in its target a part of 261 bytes, longer than the 255 a file system allows`
    }
  }
]
