/* eslint-disable @typescript-eslint/no-unsafe-enum-comparison -- characters are numbers, compared with `Char`'s members by design */

/**
 * An HTML tokenizer that reports what htmlparser2's `Tokenizer` reports for HTML with entities left
 * as they are (`{ decodeEntities: false }`): the same callbacks, in the same order, with the same
 * positions, for any text (test/site/html-tokenizer.test.ts compares the two on the markup
 * htmlparser2 reads in a way of its own, on the test sites' pages and on random markup). It is
 * that tokenizer's state machine for one whole page at a time, with the paths most of a page goes
 * through (text, names, quoted values, raw text) run as searches and tight loops instead of one
 * dispatch a character: the site check spent half its time in htmlparser2's tokenizer
 * (docs/decisions/html-tokenizer.md).
 *
 * What it keeps of htmlparser2's reading, on purpose: comments end at `-->` or `--!>`, `<?` and
 * `<!x` are bogus comments, `<![CDATA[` is a comment in HTML, and `<script>`, `<style>`,
 * `<iframe>`, `<noembed>`, `<noframes>`, `<xmp>` hold raw text, `<title>` and `<textarea>`
 * escapable raw text, `<plaintext>` everything after it. Its end tags are matched case-insensitively
 * by setting bit 0x20, as htmlparser2 does (so a control character can stand for `<` or `/`).
 */

export interface TokenizerCallbacks {
  ontext(start: number, end: number): void
  onopentagname(start: number, end: number): void
  onattribname(start: number, end: number): void
  onattribdata(start: number, end: number): void
  /** `quote`: 0 no value, 1 unquoted, 2 single, 3 double (htmlparser2's `QuoteType`). */
  onattribend(quote: number, endIndex: number): void
  onopentagend(endIndex: number): void
  onselfclosingtag(endIndex: number): void
  onclosetag(start: number, end: number): void
  oncomment(start: number, end: number, endOffset: number): void
  oncdata(start: number, end: number, endOffset: number): void
  ondeclaration(start: number, end: number): void
  onend(): void
}

const enum Char {
  Tab = 0x09,
  NewLine = 0x0a,
  FormFeed = 0x0c,
  CarriageReturn = 0x0d,
  Space = 0x20,
  ExclamationMark = 0x21,
  DoubleQuote = 0x22,
  SingleQuote = 0x27,
  Dash = 0x2d,
  Slash = 0x2f,
  Lt = 0x3c,
  Eq = 0x3d,
  Gt = 0x3e,
  QuestionMark = 0x3f,
  OpeningSquareBracket = 0x5b,
  LowerD = 0x64
}

const enum State {
  Text,
  BeforeTagName,
  InTagName,
  InSelfClosingTag,
  BeforeClosingTagName,
  InClosingTagName,
  AfterClosingTagName,
  BeforeAttributeName,
  InAttributeName,
  AfterAttributeName,
  BeforeAttributeValue,
  InAttributeValueDq,
  InAttributeValueSq,
  InAttributeValueNq,
  BeforeDeclaration,
  InDeclaration,
  BeforeComment,
  CdataSequence,
  DeclarationSequence,
  InSpecialComment,
  InCommentLike,
  SpecialStartSequence,
  InSpecialTag,
  InPlainText
}

const QUOTE_NONE = 0
const QUOTE_UNQUOTED = 1
const QUOTE_SINGLE = 2
const QUOTE_DOUBLE = 3

const codes = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0))
const EMPTY = codes('')
const CDATA = codes('CDATA[')
const CDATA_END = codes(']]>')
const COMMENT_END = codes('--!>')
const DOCTYPE = codes('doctype')
const IFRAME_END = codes('</iframe')
const NOEMBED_END = codes('</noembed')
const NOFRAMES_END = codes('</noframes')
const PLAINTEXT = codes('</plaintext')
const SCRIPT_END = codes('</script')
const STYLE_END = codes('</style')
const TITLE_END = codes('</title')
const TEXTAREA_END = codes('</textarea')
const XMP_END = codes('</xmp')

/** The raw-text element an opening tag may name, by its first letter in lower case; index 2 of each is that letter. */
const SPECIAL_BY_FIRST_LETTER: (Uint8Array | undefined)[] = []
for (const sequence of [IFRAME_END, NOEMBED_END, PLAINTEXT, SCRIPT_END, TITLE_END, XMP_END])
  SPECIAL_BY_FIRST_LETTER[sequence[2]] = sequence

function isWhitespace(c: number): boolean {
  return c === Char.Space || c === Char.NewLine || c === Char.Tab || c === Char.FormFeed || c === Char.CarriageReturn
}

function isEndOfTagSection(c: number): boolean {
  return c === Char.Slash || c === Char.Gt || isWhitespace(c)
}

/** What ends a name in a tag: whitespace, `/` and `>` end any (1 | 2), `=` an attribute's only (2). */
const ENDS_NAME = new Uint8Array(128)
for (const c of [Char.Tab, Char.NewLine, Char.FormFeed, Char.CarriageReturn, Char.Space, Char.Slash, Char.Gt])
  ENDS_NAME[c] = 3
ENDS_NAME[Char.Eq] = 2
const TAG_NAME = 1
const ATTRIBUTE_NAME = 2

/** Where the name that runs through `from` ends (the first character that ends a `kind` of name), or the end of `buffer`. */
function nameEnd(buffer: string, from: number, kind: number): number {
  const length = buffer.length
  let index = from
  while (index < length) {
    const c = buffer.charCodeAt(index)
    if (c < 128 && (ENDS_NAME[c] & kind) !== 0) break
    index++
  }
  return index
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)
}

export class HtmlTokenizer {
  private state = State.Text
  private buffer = ''
  private sectionStart = 0
  private index = 0
  private isSpecial = false
  private currentSequence = EMPTY
  private sequenceIndex = 0

  constructor(private readonly cbs: TokenizerCallbacks) {}

  /** Reads `html` whole, from the start state, calling back as it goes; ends with `onend`. */
  tokenize(html: string): void {
    this.state = State.Text
    this.buffer = html
    this.sectionStart = 0
    this.index = 0
    this.isSpecial = false
    this.currentSequence = EMPTY
    this.sequenceIndex = 0
    this.parse()
    this.emitPartial()
    this.handleTrailingData()
    this.cbs.onend()
    this.buffer = ''
  }

  private parse(): void {
    const buffer = this.buffer
    const length = buffer.length
    while (this.index < length) {
      const c = buffer.charCodeAt(this.index)
      switch (this.state) {
        case State.Text:
          this.stateText(c)
          break
        case State.InTagName:
        case State.BeforeAttributeName:
        case State.InSelfClosingTag:
        case State.InAttributeName:
        case State.AfterAttributeName:
        case State.BeforeAttributeValue:
        case State.InAttributeValueDq:
        case State.InAttributeValueSq:
        case State.InAttributeValueNq:
          this.readTag()
          break
        case State.InClosingTagName:
          this.stateInClosingTagName(c)
          break
        case State.BeforeTagName:
          this.stateBeforeTagName(c)
          break
        case State.SpecialStartSequence:
          this.stateSpecialStartSequence(c)
          break
        case State.InSpecialTag:
          this.stateInSpecialTag(c)
          break
        case State.BeforeClosingTagName:
          this.stateBeforeClosingTagName(c)
          break
        case State.AfterClosingTagName:
          this.stateAfterClosingTagName(c)
          break
        case State.InCommentLike:
          this.stateInCommentLike(c)
          break
        case State.InSpecialComment:
          this.stateInSpecialComment(c)
          break
        case State.CdataSequence:
          this.stateCdataSequence(c)
          break
        case State.DeclarationSequence:
          this.stateDeclarationSequence(c)
          break
        case State.InDeclaration:
          this.stateInDeclaration(c)
          break
        case State.BeforeDeclaration:
          this.stateBeforeDeclaration(c)
          break
        case State.BeforeComment:
          this.stateBeforeComment(c)
          break
        case State.InPlainText:
          this.index = length - 1
          break
      }
      this.index++
    }
  }

  /**
   * Moves to the next `char` after the current position and says whether there is one; without one,
   * to the last character, which the loop then steps past.
   */
  private fastForwardTo(char: string): boolean {
    const found = this.buffer.indexOf(char, this.index + 1)
    this.index = found < 0 ? this.buffer.length - 1 : found
    return found >= 0
  }

  private stateText(c: number): void {
    if (c === Char.Lt || this.fastForwardTo('<')) {
      if (this.index > this.sectionStart) this.cbs.ontext(this.sectionStart, this.index)
      this.state = State.BeforeTagName
      this.sectionStart = this.index
      // The usual tags, `<a` and `</a`, are read on at once rather than a character a turn.
      const next = this.buffer.charCodeAt(this.index + 1)
      if (isAsciiAlpha(next)) {
        this.index++
        this.stateBeforeTagName(next)
      } else if (next === Char.Slash) {
        this.index++
        this.state = State.BeforeClosingTagName
      }
    }
  }

  private enterTagBody(): void {
    if (this.currentSequence === PLAINTEXT) {
      this.currentSequence = EMPTY
      this.state = State.InPlainText
    } else if (this.isSpecial) {
      this.state = State.InSpecialTag
      this.sequenceIndex = 0
    } else {
      this.state = State.Text
    }
  }

  /** After `<s`, `<t`, …: whether the name goes on to one of the raw-text elements. */
  private stateSpecialStartSequence(c: number): void {
    const lower = c | 0x20
    const sequence = this.currentSequence
    if (this.sequenceIndex < sequence.length) {
      if (lower === sequence[this.sequenceIndex]) {
        this.sequenceIndex++
        return
      }
      if (this.sequenceIndex === 3) {
        if (sequence === SCRIPT_END && lower === STYLE_END[3]) {
          this.currentSequence = STYLE_END
          this.sequenceIndex = 4
          return
        }
        if (sequence === TITLE_END && lower === TEXTAREA_END[3]) {
          this.currentSequence = TEXTAREA_END
          this.sequenceIndex = 4
          return
        }
      } else if (this.sequenceIndex === 4 && sequence === NOEMBED_END && lower === NOFRAMES_END[4]) {
        this.currentSequence = NOFRAMES_END
        this.sequenceIndex = 5
        return
      }
    } else if (isEndOfTagSection(c)) {
      this.sequenceIndex = 0
      this.state = State.InTagName
      this.readTag()
      return
    }
    this.isSpecial = false
    this.currentSequence = EMPTY
    this.sequenceIndex = 0
    this.state = State.InTagName
    this.readTag()
  }

  private stateCdataSequence(c: number): void {
    if (c === CDATA[this.sequenceIndex]) {
      if (++this.sequenceIndex === CDATA.length) {
        this.state = State.InCommentLike
        this.currentSequence = CDATA_END
        this.sequenceIndex = 0
        this.sectionStart = this.index + 1
      }
    } else {
      this.sequenceIndex = 0
      this.state = State.InSpecialComment
      this.stateInSpecialComment(c)
    }
  }

  /**
   * Ends a comment at the current character, `offset` characters of its end sequence already
   * matched. The sequence index is reset on the way: every state that reads it sets it first.
   */
  private emitComment(offset: number): void {
    this.cbs.oncomment(this.sectionStart, this.index, offset)
    this.sequenceIndex = 0
    this.sectionStart = this.index + 1
    this.state = State.Text
  }

  /** Inside a comment or CDATA section, looking for its end: `-->` or `--!>`, `]]>`. */
  private stateInCommentLike(c: number): void {
    const sequence = this.currentSequence
    if (
      sequence === COMMENT_END &&
      this.sequenceIndex <= 1 &&
      this.index === this.sectionStart + this.sequenceIndex &&
      c === Char.Gt
    ) {
      // `<!-->` and `<!--->`: an empty comment, closed abruptly.
      this.emitComment(this.sequenceIndex)
    } else if (sequence === COMMENT_END && this.sequenceIndex === 2 && c === Char.Gt) {
      this.emitComment(2)
    } else if (sequence === COMMENT_END && this.sequenceIndex === sequence.length - 1 && c !== Char.Gt) {
      this.sequenceIndex = Number(c === Char.Dash)
    } else if (c === sequence[this.sequenceIndex]) {
      if (++this.sequenceIndex === sequence.length) {
        if (sequence === CDATA_END) this.cbs.oncdata(this.sectionStart, this.index, 2)
        else this.cbs.oncomment(this.sectionStart, this.index, 3)
        this.sequenceIndex = 0
        this.sectionStart = this.index + 1
        this.state = State.Text
      }
    } else if (this.sequenceIndex === 0) {
      if (this.fastForwardTo(String.fromCharCode(sequence[0]))) this.sequenceIndex = 1
    } else if (c !== sequence[this.sequenceIndex - 1]) {
      // `--->` and `]]]>` still end it.
      this.sequenceIndex = 0
    }
  }

  /** Inside raw text, looking for the end tag of the element that opened it. */
  private stateInSpecialTag(c: number): void {
    const sequence = this.currentSequence
    if (this.sequenceIndex === sequence.length) {
      if (isEndOfTagSection(c)) {
        const endOfText = this.index - sequence.length
        if (this.sectionStart < endOfText) this.cbs.ontext(this.sectionStart, endOfText)
        this.isSpecial = false
        this.sectionStart = endOfText + 2
        this.stateInClosingTagName(c)
        return
      }
      this.sequenceIndex = 0
    }
    if ((c | 0x20) === sequence[this.sequenceIndex]) {
      this.sequenceIndex += 1
    } else if (this.sequenceIndex === 0) {
      // In `<title>` and `<textarea>` htmlparser2 does not skip ahead (it would decode entities
      // there): it looks at each character for one that is `<` once bit 0x20 is set, as U+001C is.
      if (sequence === TITLE_END || sequence === TEXTAREA_END) this.skipRcdata()
      else if (this.fastForwardTo('<')) this.sequenceIndex = 1
    } else {
      // `<</script>`: the second `<` starts the end tag.
      this.sequenceIndex = Number(c === Char.Lt)
    }
  }

  /**
   * In `<title>` or `<textarea>`: moves to the last character before the next that htmlparser2
   * takes for `<` (by bit 0x20: `<` or U+001C), so that the loop hands that one to the state.
   */
  private skipRcdata(): void {
    const buffer = this.buffer
    const length = buffer.length
    let index = this.index + 1
    while (index < length && (buffer.charCodeAt(index) | 0x20) !== Char.Lt) index++
    this.index = index - 1
  }

  private stateBeforeTagName(c: number): void {
    if (c === Char.ExclamationMark) {
      this.state = State.BeforeDeclaration
      this.sectionStart = this.index + 1
    } else if (c === Char.QuestionMark) {
      this.state = State.InSpecialComment
      this.sectionStart = this.index
    } else if (isAsciiAlpha(c)) {
      this.sectionStart = this.index
      const special = SPECIAL_BY_FIRST_LETTER[c | 0x20]
      if (special === undefined) {
        this.state = State.InTagName
        this.readTag()
      } else {
        this.isSpecial = true
        this.currentSequence = special
        this.sequenceIndex = 3
        this.state = State.SpecialStartSequence
      }
    } else if (c === Char.Slash) {
      this.state = State.BeforeClosingTagName
    } else {
      this.state = State.Text
      this.stateText(c)
    }
  }

  /**
   * An opening tag from where it is (its name, or an attribute) to its `>`, or to the end of the
   * page: the states of a tag run here over local variables, in one loop, with names and quoted
   * values found by searching. Most of a page's characters are in its tags.
   */
  private readTag(): void {
    const { buffer, cbs } = this
    const length = buffer.length
    let state = this.state
    let start = this.sectionStart
    let index = this.index
    while (index < length) {
      const c = buffer.charCodeAt(index)
      // A `continue` hands the same character to the next state.
      switch (state) {
        case State.InTagName:
          index = nameEnd(buffer, index, TAG_NAME)
          if (index === length) continue
          cbs.onopentagname(start, index)
          start = -1
          state = State.BeforeAttributeName
          continue
        case State.BeforeAttributeName:
          if (c === Char.Gt) {
            cbs.onopentagend(index)
            this.index = index
            this.enterTagBody()
            this.sectionStart = index + 1
            return
          }
          if (c === Char.Slash) {
            state = State.InSelfClosingTag
          } else if (!isWhitespace(c)) {
            // The name starts here, whatever the character (`<a =x>` names an attribute `=x`).
            state = State.InAttributeName
            start = index
          }
          break
        case State.InSelfClosingTag:
          if (c === Char.Gt) {
            cbs.onselfclosingtag(index)
            this.index = index
            this.sectionStart = index + 1
            // HTML does not close an element by `/>`: `<script/>` still opens raw text.
            this.enterTagBody()
            return
          }
          if (!isWhitespace(c)) {
            state = State.BeforeAttributeName
            continue
          }
          break
        case State.InAttributeName:
          index = nameEnd(buffer, index, ATTRIBUTE_NAME)
          if (index === length) continue
          cbs.onattribname(start, index)
          start = index
          state = State.AfterAttributeName
          continue
        case State.AfterAttributeName:
          if (c === Char.Eq) {
            state = State.BeforeAttributeValue
          } else if (c === Char.Slash || c === Char.Gt) {
            cbs.onattribend(QUOTE_NONE, start)
            start = -1
            state = State.BeforeAttributeName
            continue
          } else if (!isWhitespace(c)) {
            cbs.onattribend(QUOTE_NONE, start)
            state = State.InAttributeName
            start = index
          }
          break
        case State.BeforeAttributeValue:
          if (c === Char.DoubleQuote) {
            state = State.InAttributeValueDq
            start = index + 1
          } else if (c === Char.SingleQuote) {
            state = State.InAttributeValueSq
            start = index + 1
          } else if (!isWhitespace(c)) {
            start = index
            state = State.InAttributeValueNq
            continue
          }
          break
        case State.InAttributeValueDq:
        case State.InAttributeValueSq: {
          const double = state === State.InAttributeValueDq
          const end = buffer.indexOf(double ? '"' : "'", index)
          if (end < 0) {
            index = length
            continue
          }
          cbs.onattribdata(start, end)
          start = -1
          cbs.onattribend(double ? QUOTE_DOUBLE : QUOTE_SINGLE, end + 1)
          state = State.BeforeAttributeName
          index = end
          break
        }
        case State.InAttributeValueNq:
          if (isWhitespace(c) || c === Char.Gt) {
            cbs.onattribdata(start, index)
            start = -1
            cbs.onattribend(QUOTE_UNQUOTED, index)
            state = State.BeforeAttributeName
            continue
          }
          break
      }
      index++
    }
    this.state = state
    this.sectionStart = start
    this.index = length - 1
  }

  private stateBeforeClosingTagName(c: number): void {
    if (isWhitespace(c)) {
      this.state = State.InSpecialComment
      this.sectionStart = this.index
    } else if (c === Char.Gt) {
      this.state = State.Text
      this.sectionStart = this.index + 1
    } else if (isAsciiAlpha(c)) {
      this.state = State.InClosingTagName
      this.sectionStart = this.index
      this.stateInClosingTagName(c)
    } else {
      this.state = State.InSpecialComment
      this.sectionStart = this.index
    }
  }

  private stateInClosingTagName(c: number): void {
    if (!isEndOfTagSection(c)) {
      const end = nameEnd(this.buffer, this.index, TAG_NAME)
      if (end === this.buffer.length) {
        this.index = end - 1
        return
      }
      this.index = end
      c = this.buffer.charCodeAt(end)
    }
    this.cbs.onclosetag(this.sectionStart, this.index)
    this.sectionStart = -1
    this.state = State.AfterClosingTagName
    this.stateAfterClosingTagName(c)
  }

  private stateAfterClosingTagName(c: number): void {
    if (c === Char.Gt || this.fastForwardTo('>')) {
      this.state = State.Text
      this.sectionStart = this.index + 1
    }
  }

  /** After `<!`: a comment, a doctype, CDATA, or a bogus comment that runs to the next `>`. */
  private stateBeforeDeclaration(c: number): void {
    if (c === Char.OpeningSquareBracket) {
      this.state = State.CdataSequence
      this.sequenceIndex = 0
    } else if ((c | 0x20) === Char.LowerD) {
      this.state = State.DeclarationSequence
      this.currentSequence = DOCTYPE
      this.sequenceIndex = 1
    } else if (c === Char.Gt) {
      this.emitComment(0)
    } else if (c === Char.Dash) {
      this.state = State.BeforeComment
    } else {
      this.state = State.InSpecialComment
    }
  }

  private stateDeclarationSequence(c: number): void {
    if (this.sequenceIndex === this.currentSequence.length) {
      this.state = State.InDeclaration
      this.stateInDeclaration(c)
    } else if ((c | 0x20) === this.currentSequence[this.sequenceIndex]) {
      this.sequenceIndex += 1
    } else if (c === Char.Gt) {
      this.emitComment(0)
    } else {
      this.state = State.InSpecialComment
    }
  }

  private stateInDeclaration(c: number): void {
    if (c === Char.Gt || this.fastForwardTo('>')) {
      this.cbs.ondeclaration(this.sectionStart, this.index)
      this.state = State.Text
      this.sectionStart = this.index + 1
    }
  }

  private stateBeforeComment(c: number): void {
    if (c === Char.Dash) {
      this.state = State.InCommentLike
      this.currentSequence = COMMENT_END
      this.sequenceIndex = 0
      this.sectionStart = this.index + 1
    } else if (c === Char.Gt) {
      this.emitComment(0)
    } else {
      this.state = State.InSpecialComment
    }
  }

  private stateInSpecialComment(c: number): void {
    if (c === Char.Gt || this.fastForwardTo('>')) {
      this.emitComment(0)
    }
  }

  /** At the end of the page, what htmlparser2 hands over of a text or a value still open as it ends a write. */
  private emitPartial(): void {
    if (this.sectionStart === this.index) return
    const state = this.state
    if (
      state === State.Text ||
      state === State.InPlainText ||
      (state === State.InSpecialTag && this.sequenceIndex === 0)
    ) {
      this.cbs.ontext(this.sectionStart, this.index)
      this.sectionStart = this.index
    } else if (
      state === State.InAttributeValueDq ||
      state === State.InAttributeValueSq ||
      state === State.InAttributeValueNq
    ) {
      this.cbs.onattribdata(this.sectionStart, this.index)
      this.sectionStart = this.index
    }
  }

  /** What an unfinished comment, declaration or text at the end of the page comes to; an unfinished tag is dropped. */
  private handleTrailingData(): void {
    const endIndex = this.buffer.length
    switch (this.state) {
      case State.InCommentLike:
        if (this.currentSequence === CDATA_END) this.cbs.oncomment(this.sectionStart - CDATA.length - 1, endIndex, 0)
        else this.cbs.oncomment(this.sectionStart, endIndex, Math.min(this.sequenceIndex, COMMENT_END.length - 1))
        return
      case State.BeforeDeclaration:
      case State.InSpecialComment:
      case State.BeforeComment:
      case State.CdataSequence:
        this.cbs.oncomment(this.sectionStart, endIndex, 0)
        return
      case State.DeclarationSequence:
        if (this.sequenceIndex !== DOCTYPE.length) this.cbs.oncomment(this.sectionStart, endIndex, 0)
        return
      case State.InDeclaration:
        return
    }
    if (this.sectionStart >= endIndex) return
    switch (this.state) {
      case State.InTagName:
      case State.BeforeAttributeName:
      case State.BeforeAttributeValue:
      case State.AfterAttributeName:
      case State.InAttributeName:
      case State.InAttributeValueSq:
      case State.InAttributeValueDq:
      case State.InAttributeValueNq:
      case State.InClosingTagName:
        return
      default:
        this.cbs.ontext(this.sectionStart, endIndex)
    }
  }
}
