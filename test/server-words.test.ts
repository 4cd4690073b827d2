import { describe, expect, it } from 'vitest'
import { serverWords, xmlErrorWords } from '../src/core/server-words.js'

describe('serverWords', () => {
  it('puts the words on one line', () => {
    expect(serverWords('  Access\n\tDenied\r\n  ')).toBe('Access Denied')
  })

  it('cuts them after 300 characters, with an ellipsis, never inside a surrogate pair', () => {
    expect(serverWords('a'.repeat(300))).toBe('a'.repeat(300))
    expect(serverWords('a'.repeat(301))).toBe(`${'a'.repeat(300)}…`)
    const emoji = `${'a'.repeat(299)}😀 more`
    expect(serverWords(emoji)).toBe(`${'a'.repeat(299)}…`)
  })
})

describe('xmlErrorWords', () => {
  it("reads an S3 error's code and message, entities decoded", () => {
    expect(
      xmlErrorWords(
        '<?xml version="1.0"?>\n<Error><Code>InvalidArgument</Code><Message>Part &quot;2&quot; is &lt; 5 MiB</Message></Error>'
      )
    ).toEqual({ code: 'InvalidArgument', message: 'Part "2" is < 5 MiB' })
  })

  it('reads the start of a message that the body cut short', () => {
    const start = `<Error><Code>InvalidArgument</Code><Message>The part is refused ${'because '.repeat(10_000)}`
    const { code, message } = xmlErrorWords(start)
    expect(code).toBe('InvalidArgument')
    expect(message).toMatch(/^The part is refused because because .*…$/)
    expect(message).toHaveLength(301)
  })

  it('reads nothing from a body that is not an S3 error', () => {
    expect(xmlErrorWords('<html><body>Bad gateway</body></html>')).toEqual({})
    expect(xmlErrorWords('<Error><Code></Code><Message>  </Message></Error>')).toEqual({})
  })
})
