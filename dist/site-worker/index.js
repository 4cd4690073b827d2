import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ // The require scope
/******/ var __nccwpck_require__ = {};
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:worker_threads"
const external_node_worker_threads_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_namespaceObject);
;// CONCATENATED MODULE: ./src/site/css.ts
/**
 * The references a style sheet makes, read by a small tokenizer that knows just enough CSS to be
 * right about them: comments and strings (with escapes) are skipped, so a `url(` inside either is
 * no reference; `url(...)` quoted or not; `@import "x.css"` and `@import url(x.css)`; the strings
 * of `image-set()`; and whether a `url()` sits in an `@font-face` block (a font, else an image).
 */
const FONT_FILE = /\.(woff2?|ttf|otf|eot)([?#]|$)/i;
/** Calls `visit` with each reference of the style sheet `css`, in order. */
function scanCss(css, visit) {
    const length = css.length;
    let i = 0;
    let depth = 0;
    /** The block depth of the `@font-face` rule we are in, or -1. */
    let fontFaceDepth = -1;
    let fontFacePending = false;
    /** Set by `@import` until its first string or url(). */
    let importPending = false;
    /** The `(` depth of an image-set() whose strings are URLs, or -1. */
    let imageSetDepth = -1;
    let parens = 0;
    const urlKind = (url) => {
        if (importPending)
            return 'import';
        return fontFaceDepth >= 0 || FONT_FILE.test(url) ? 'font' : 'image';
    };
    const emit = (url) => {
        if (url)
            visit({ url, kind: urlKind(url) });
        importPending = false;
    };
    while (i < length) {
        const char = css.charCodeAt(i);
        if (char === SLASH && css.charCodeAt(i + 1) === STAR) {
            const end = css.indexOf('*/', i + 2);
            i = end < 0 ? length : end + 2;
        }
        else if (char === QUOTE || char === APOSTROPHE) {
            const string = readString(css, i);
            if (importPending || (imageSetDepth >= 0 && parens === imageSetDepth))
                emit(string.value);
            i = string.end;
        }
        else if (char === AT) {
            const name = readName(css, i + 1);
            const keyword = name.value.toLowerCase();
            importPending = keyword === 'import';
            fontFacePending = keyword === 'font-face';
            i = name.end;
        }
        else if (char === OPEN_BRACE) {
            depth++;
            if (fontFacePending)
                fontFaceDepth = depth;
            fontFacePending = false;
            importPending = false;
            i++;
        }
        else if (char === CLOSE_BRACE) {
            if (depth === fontFaceDepth)
                fontFaceDepth = -1;
            depth = Math.max(0, depth - 1);
            i++;
        }
        else if (char === SEMICOLON) {
            importPending = false;
            fontFacePending = false;
            i++;
        }
        else if (char === OPEN_PAREN) {
            parens++;
            i++;
        }
        else if (char === CLOSE_PAREN) {
            if (parens === imageSetDepth)
                imageSetDepth = -1;
            parens = Math.max(0, parens - 1);
            i++;
        }
        else if (isNameStart(char) || char === BACKSLASH) {
            const name = readName(css, i);
            i = name.end;
            if (css.charCodeAt(i) !== OPEN_PAREN)
                continue;
            const fn = name.value.toLowerCase();
            if (fn === 'url') {
                const url = readUrl(css, i + 1);
                emit(url.value);
                i = url.end;
            }
            else if (fn === 'image-set' || fn === '-webkit-image-set') {
                parens++;
                imageSetDepth = parens;
                i++;
            }
        }
        else {
            i++;
        }
    }
}
const SLASH = 0x2f;
const STAR = 0x2a;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const AT = 0x40;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const SEMICOLON = 0x3b;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
function isNameStart(char) {
    return ((char >= 0x61 && char <= 0x7a) || (char >= 0x41 && char <= 0x5a) || char === 0x5f || char === 0x2d || char >= 0x80);
}
function isNameChar(char) {
    return isNameStart(char) || (char >= 0x30 && char <= 0x39);
}
function isWhitespace(char) {
    return char === 0x20 || char === 0x09 || char === NEWLINE || char === 0x0d || char === 0x0c;
}
function isHex(char) {
    return (char >= 0x30 && char <= 0x39) || (char >= 0x61 && char <= 0x66) || (char >= 0x41 && char <= 0x46);
}
/** An escape after the backslash at `start`: the character it stands for and where it ends. */
function readEscape(css, start) {
    let i = start + 1;
    let hex = '';
    while (hex.length < 6 && i < css.length && isHex(css.charCodeAt(i)))
        hex += css[i++];
    if (!hex)
        return { value: css[i] ?? '', end: Math.min(css.length, i + 1) };
    if (isWhitespace(css.charCodeAt(i)))
        i++;
    const codePoint = Number.parseInt(hex, 16);
    const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return { value: valid ? String.fromCodePoint(codePoint) : '\ufffd', end: i };
}
/** An identifier (escapes decoded) starting at `start`. */
function readName(css, start) {
    let value = '';
    let from = start;
    let i = start;
    while (i < css.length) {
        const char = css.charCodeAt(i);
        if (char === BACKSLASH && css.charCodeAt(i + 1) !== NEWLINE) {
            const escape = readEscape(css, i);
            value += css.slice(from, i) + escape.value;
            i = from = escape.end;
        }
        else if (isNameChar(char))
            i++;
        else
            break;
    }
    return { value: value + css.slice(from, i), end: i };
}
/** The string whose opening quote is at `start`; an unclosed one ends at the line's end, as in CSS. */
function readString(css, start) {
    const quote = css.charCodeAt(start);
    let value = '';
    let i = start + 1;
    while (i < css.length) {
        const char = css.charCodeAt(i);
        if (char === quote)
            return { value, end: i + 1 };
        if (char === NEWLINE)
            return { value, end: i };
        if (char === BACKSLASH) {
            if (css.charCodeAt(i + 1) === NEWLINE)
                i += 2;
            else {
                const escape = readEscape(css, i);
                value += escape.value;
                i = escape.end;
            }
        }
        else
            value += css[i++];
    }
    return { value, end: i };
}
/** The argument of `url(` that starts at `start`, quoted or not, up to its `)`. */
function readUrl(css, start) {
    let i = start;
    while (isWhitespace(css.charCodeAt(i)))
        i++;
    const first = css.charCodeAt(i);
    if (first === QUOTE || first === APOSTROPHE) {
        const string = readString(css, i);
        const close = css.indexOf(')', string.end);
        return { value: string.value, end: close < 0 ? css.length : close + 1 };
    }
    let value = '';
    while (i < css.length) {
        const char = css.charCodeAt(i);
        if (char === CLOSE_PAREN)
            return { value: value.trimEnd(), end: i + 1 };
        if (char === BACKSLASH) {
            const escape = readEscape(css, i);
            value += escape.value;
            i = escape.end;
        }
        else
            value += css[i++];
    }
    return { value: value.trimEnd(), end: i };
}

;// CONCATENATED MODULE: ./src/site/findings.ts
/**
 * What the site check found, tallied as it reads the site: each finding counts the files that
 * hold it and keeps the first few as examples, and each list keeps a bounded number of
 * findings, so memory stays flat however large or broken the site is.
 */
/** Example files kept per finding. */
const EXAMPLE_FILES = 5;
/** Findings kept per list, the first by key; beyond, only the files that hold the others are counted. */
const MAX_FINDINGS = 1000;
/**
 * The order in which a finding's files are shown: the site's `index.html` first, the page a
 * reader knows, then the others by name, and `404.html` last, since it holds the site-wide
 * header and footer and would otherwise be the example of every site-wide finding.
 */
function exampleOrder(a, b) {
    const rank = exampleRank(a) - exampleRank(b);
    return rank !== 0 ? rank : a < b ? -1 : a > b ? 1 : 0;
}
function exampleRank(file) {
    return file === 'index.html' ? 0 : file === '404.html' ? 2 : 1;
}
/**
 * Findings by key, each counted once per file. A file's references arrive together, and files
 * arrive in sorted order; each finding keeps its first files in `exampleOrder`, and takes its
 * details (the reference as written) from the first of them, which the messages name. A full list
 * keeps the findings whose keys come first: a key every reader orders alike, so that a finding one
 * reader keeps is kept by every reader, with all its files, and which pages each worker thread read
 * changes nothing. Merging tallies read in parallel keeps all that, so the result does not depend
 * on the reading order.
 */
class Tally {
    combine;
    limit;
    entries = new Map();
    lastFile = new Map();
    /** The keys of `entries`, in order: when the list is full, the last is the one to leave. */
    keys = [];
    /** Findings left out because the list was full, once for each file that holds them (at least as many references). */
    overflow = 0;
    /** The file being read, and the findings it holds that were left out so far. */
    file = '';
    leftOutOfFile = new Set();
    /**
     * `combine` carries over what a finding collects from every file (an origin's kinds) when its
     * details are taken from another file; `limit` is how many findings are kept.
     */
    constructor(combine, limit = MAX_FINDINGS) {
        this.combine = combine;
        this.limit = limit;
    }
    /** Counts `file` for the finding `key`, made by `create` the first time; undefined when the list has no room for it. */
    add(key, file, create) {
        if (file !== this.file) {
            this.file = file;
            this.leftOutOfFile.clear();
        }
        let entry = this.entries.get(key);
        if (!entry) {
            if (!this.makeRoom(key)) {
                if (!this.leftOutOfFile.has(key))
                    this.overflow++;
                this.leftOutOfFile.add(key);
                return undefined;
            }
            entry = create();
            this.keep(key, entry);
        }
        if (this.lastFile.get(key) === file)
            return entry;
        this.lastFile.set(key, file);
        entry.files++;
        const first = entry.examples[0];
        if (first !== undefined && exampleOrder(file, first) < 0) {
            const retold = create();
            this.combine?.(retold, entry);
            retold.files = entry.files;
            retold.examples = entry.examples;
            this.entries.set(key, retold);
            entry = retold;
        }
        addExample(entry.examples, file);
        return entry;
    }
    get size() {
        return this.entries.size;
    }
    /** The findings, those held by the most files first (then by key, for a stable order). */
    sorted() {
        return [...this.entries]
            .sort(([keyA, a], [keyB, b]) => b.files - a.files || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
            .map(([, entry]) => entry);
    }
    snapshot() {
        return { entries: [...this.entries], overflow: this.overflow };
    }
    /** Adds a tally read from other files, as if this one had read them too. */
    merge(other) {
        this.overflow += other.overflow;
        for (const [key, theirs] of other.entries) {
            const mine = this.entries.get(key);
            if (!mine) {
                if (this.makeRoom(key))
                    this.keep(key, theirs);
                else
                    this.overflow += theirs.files;
                continue;
            }
            const examples = [...new Set([...mine.examples, ...theirs.examples])].sort(exampleOrder).slice(0, EXAMPLE_FILES);
            const theirsFirst = exampleOrder(theirs.examples[0] ?? '', mine.examples[0] ?? '') < 0;
            const merged = { ...(theirsFirst ? theirs : mine), files: mine.files + theirs.files, examples };
            this.combine?.(merged, theirsFirst ? mine : theirs);
            this.entries.set(key, merged);
        }
    }
    /**
     * Whether a finding new to the list is kept: while the list has room; once it is full, when its
     * key comes before the last one's, which then leaves, its files counted as left out.
     */
    makeRoom(key) {
        if (this.entries.size < this.limit)
            return true;
        const last = this.keys.at(-1);
        if (last === undefined || key > last)
            return false;
        this.keys.pop();
        this.overflow += this.entries.get(last)?.files ?? 0;
        if (this.lastFile.get(last) === this.file)
            this.leftOutOfFile.add(last);
        this.entries.delete(last);
        this.lastFile.delete(last);
        return true;
    }
    keep(key, entry) {
        this.entries.set(key, entry);
        let low = 0;
        let high = this.keys.length;
        while (low < high) {
            const middle = (low + high) >>> 1;
            if ((this.keys[middle] ?? '') < key)
                low = middle + 1;
            else
                high = middle;
        }
        this.keys.splice(low, 0, key);
    }
}
/** Adds `file` to a finding's examples, in `exampleOrder`, keeping the first `EXAMPLE_FILES`. */
function addExample(examples, file) {
    let at = examples.length;
    while (at > 0 && exampleOrder(file, examples[at - 1] ?? '') < 0)
        at--;
    if (at >= EXAMPLE_FILES)
        return;
    examples.splice(at, 0, file);
    if (examples.length > EXAMPLE_FILES)
        examples.pop();
}

;// CONCATENATED MODULE: ./node_modules/entities/dist/decode-codepoint.js
// Adapted from https://github.com/mathiasbynens/he/blob/36afe179392226cf1b6ccdb16ebbb7a5a844d93a/src/he.js#L106-L134
/**
 * C1 Unicode control character reference replacements (code points 128–159).
 * Index i gives the replacement for code point 128+i; 0 means "no replacement".
 */
const c1 = [
    8364, 0, 8218, 402, 8222, 8230, 8224, 8225, 710, 8240, 352, 8249, 338, 0,
    381, 0, 0, 8216, 8217, 8220, 8221, 8226, 8211, 8212, 732, 8482, 353, 8250,
    339, 0, 382, 376,
];
/**
 * True for NUL, UTF-16 surrogates, and values past U+10FFFF.
 * @param codePoint Unicode code point to check.
 */
function isInvalidCodePoint(codePoint) {
    return (codePoint === 0 ||
        (codePoint >= 0xd8_00 && codePoint <= 0xdf_ff) ||
        codePoint > 0x10_ff_ff);
}
/**
 * Replace the given code point with U+FFFD if it is NUL (0), a surrogate, or
 * outside the valid Unicode range. Code points in the C1 controls range
 * (128–159) are remapped to their Windows-1252 equivalents, following the
 * HTML spec. All other code points are returned unchanged.
 * @param codePoint Unicode code point to convert.
 */
function replaceCodePoint(codePoint) {
    if (isInvalidCodePoint(codePoint)) {
        return 0xff_fd;
    }
    if (codePoint >= 128 && codePoint <= 159) {
        return c1[codePoint - 128] || codePoint;
    }
    return codePoint;
}
/**
 * XML numeric character references are the referenced Unicode code point.
 * Invalid values still become U+FFFD; the HTML Windows-1252 C1 remap is not
 * applied.
 * @see https://www.w3.org/TR/xml/#NT-CharRef
 * @param codePoint Unicode code point to convert.
 */
function decode_codepoint_replaceCodePointXML(codePoint) {
    return isInvalidCodePoint(codePoint) ? 0xff_fd : codePoint;
}
/**
 * Convert the code point of a decoded numeric entity to a string, replacing
 * invalid values.
 *
 * Fast path for plain BMP code points: [1..0x7F] and [0xA0..0xD7FF] pass
 * `replaceCodePoint` unchanged (no NUL, C1 remap, surrogate, or out-of-range
 * handling) and fit a single charCode. 0xd760 = 0xD800 (the first surrogate)
 * - 0xA0.
 * @param codePoint Unicode code point to convert.
 */
function codePointToString(codePoint) {
    return (codePoint - 1) >>> 0 < 0x7f || (codePoint - 0xa0) >>> 0 < 0xd7_60
        ? String.fromCharCode(codePoint)
        : String.fromCodePoint(replaceCodePoint(codePoint));
}
//# sourceMappingURL=decode-codepoint.js.map
;// CONCATENATED MODULE: ./node_modules/entities/dist/internal/decode-shared.js
/*
 * Inverse of the encoder's SAFE alphabet (0x21..0x7E minus 0x22, 0x24, 0x5C),
 * precomputed once at module load. Entries for excluded chars stay 0 but
 * are never read.
 */
const BASE91_INVERSE = /* #__PURE__ */ (() => {
    const table = new Uint8Array(127);
    let code = 0;
    for (let char = 0x21; char <= 0x7e; char++) {
        if (char !== 0x22 && char !== 0x24 && char !== 0x5c) {
            table[char] = code++;
        }
    }
    return table;
})();
/**
 * Decode a dictionary-encoded trie string back into its Uint16Array.
 *
 * Stream layout (consumed in this order):
 *   1. dict1 atoms — `dict1AtomCount` uint16 values, delta+RLE encoded.
 *   2. dict2 atoms — `atomCount - dict1AtomCount` values, delta+RLE.
 *   3. dict2 ngrams — `ngramCount - (dictSize - dict1AtomCount)` entries,
 *      each a pair of slot codes that resolve to earlier slots.
 *   4. dict1 ngrams — `dictSize - dict1AtomCount` entries, same shape.
 *   5. data — slot codes, each expanding to one or more uint16 values.
 *
 * Codes use a 91-char base (printable ASCII minus `"`, `$`, `\`):
 *   - char1 < dictSize  → 1-char code, slot = char1
 *   - char1 ≥ dictSize  → 2-char code, slot = dictSize + (char1 - dictSize)*91 + char2
 *
 * Slot index → token kind:
 *   [0, A)                  dict1 atoms     (1-char codes)
 *   [A, dictSize)           dict1 ngrams    (1-char codes)
 *   [dictSize, dictSize+D)  dict2 atoms     (2-char codes)
 *   [dictSize+D, end)       dict2 ngrams    (2-char codes)
 *
 * Both atom dicts decode before any ngram, and dict2 ngrams decode before
 * dict1 ngrams. So every ngram entry references slots whose contents are
 * already filled — no forward references to handle.
 *
 * This runs on library import. Flat typed arrays store each slot as either
 * a plain value (`single`, covering every atom) or a range in a shared
 * `pool` (ngrams).
 * @param input Packed trie string.
 * @param resultLength Expected number of uint16 values in the output.
 * @param atomCount Total number of distinct uint16 values in the trie.
 * @param dict1AtomCount Atoms in the 1-char range (`A` above).
 * @param ngramCount Total number of ngram entries (dict1 + dict2).
 * @param dictSize Number of 1-char code slots; the rest of `BASE - dictSize`
 *   first-byte values are 2-char codes.
 */
function decodeTrieDict(input, resultLength, atomCount, dict1AtomCount, ngramCount, dictSize) {
    const base = 91;
    const inputLength = input.length;
    // For 2-char codes, slot = char1 * base - twoCharBias + char2.
    const twoCharBias = dictSize * (base - 1);
    let pos = 0;
    /** Read one slot code at `pos` and return its slot index, advancing pos. */
    const readSlotCode = () => {
        const c1 = BASE91_INVERSE[input.charCodeAt(pos++)];
        return c1 < dictSize
            ? c1
            : c1 * base - twoCharBias + BASE91_INVERSE[input.charCodeAt(pos++)];
    };
    const dict2AtomCount = atomCount - dict1AtomCount;
    const slotCount = atomCount + ngramCount;
    /*
     * Per-slot contents: atoms (always a single value) live directly in
     * `single`; ngram slots hold -1 there and expand to
     * `pool[start[slot] .. start[slot] + length[slot])`.
     */
    const single = new Int32Array(slotCount);
    single.fill(-1, dict1AtomCount, dictSize);
    single.fill(-1, dictSize + dict2AtomCount, slotCount);
    const start = new Int32Array(slotCount);
    const length = new Int32Array(slotCount);
    /**
     * Decode `count` ascending uint16 values from a delta+RLE stream into
     * `single[off..off+count)`.
     *
     *   code < 89   → delta = code
     *   code == 89  → run-length: next char encodes runLength-2; emit `runLength` consecutive +1 values
     *   code == 90, next < 90  → escape: delta = 89 + next * BASE + after-next
     *   code == 90, next == 90 → double-escape: extra char for very large deltas
     * @param count
     * @param off
     */
    function decodeDelta(count, off) {
        let previous = 0;
        let slot = off;
        const end = off + count;
        while (slot < end) {
            const code = BASE91_INVERSE[input.charCodeAt(pos++)];
            if (code < 89) {
                previous += code;
                single[slot++] = previous;
            }
            else if (code === 89) {
                let runLength = BASE91_INVERSE[input.charCodeAt(pos++)] + 2;
                while (runLength--)
                    single[slot++] = ++previous;
            }
            else {
                const next = BASE91_INVERSE[input.charCodeAt(pos++)];
                previous +=
                    89 +
                        // eslint-disable-next-line unicorn/prefer-minimal-ternary -- branches read a different number of side-effecting input bytes
                        (next < 90
                            ? next * base + BASE91_INVERSE[input.charCodeAt(pos++)]
                            : BASE91_INVERSE[input.charCodeAt(pos++)] * 8281 +
                                BASE91_INVERSE[input.charCodeAt(pos++)] * base +
                                BASE91_INVERSE[input.charCodeAt(pos++)]);
                single[slot++] = previous;
            }
        }
    }
    // Streams 1 & 2: atoms decoded into their slot ranges.
    decodeDelta(dict1AtomCount, 0);
    decodeDelta(dict2AtomCount, dictSize);
    /*
     * Streams 3 & 4 are read in two passes: first collect every ngram's two
     * references and derive its expanded length (each ref resolves to an earlier
     * slot, so lengths are already known), which sizes the shared pool.
     * Pool ranges are handed out in decode order, so the second pass fills
     * the pool contiguously with a single write cursor.
     */
    const references = new Int32Array(ngramCount * 2);
    let poolSize = 0;
    let ngramIndex = 0;
    /**
     * Read `count` ngram entries (each = 2 slot-code references) for the slots
     * starting at `startSlot`, recording references and assigning pool ranges.
     * @param count
     * @param startSlot
     */
    function readNgramReferences(count, startSlot) {
        for (let index = 0; index < count; index++) {
            const slot = startSlot + index;
            const a = readSlotCode();
            const b = readSlotCode();
            references[ngramIndex * 2] = a;
            references[ngramIndex * 2 + 1] = b;
            ngramIndex += 1;
            start[slot] = poolSize;
            const entryLength = (single[a] < 0 ? length[a] : 1) +
                (single[b] < 0 ? length[b] : 1);
            length[slot] = entryLength;
            poolSize += entryLength;
        }
    }
    readNgramReferences(ngramCount - dictSize + dict1AtomCount, dictSize + dict2AtomCount);
    readNgramReferences(dictSize - dict1AtomCount, dict1AtomCount);
    // Second pass: concatenate each ngram's two halves into the pool.
    const pool = new Uint16Array(poolSize);
    let write = 0;
    for (let index = 0; index < ngramIndex; index++) {
        for (let half = 0; half < 2; half++) {
            const source = references[index * 2 + half];
            const value = single[source];
            if (value < 0) {
                let read = start[source];
                const readEnd = read + length[source];
                while (read < readEnd)
                    pool[write++] = pool[read++];
            }
            else {
                pool[write++] = value;
            }
        }
    }
    // Stream 5: data. Each code expands to its slot's stored values.
    const out = new Uint16Array(resultLength);
    let outIndex = 0;
    while (pos < inputLength) {
        let slot = BASE91_INVERSE[input.charCodeAt(pos++)];
        if (slot >= dictSize) {
            slot =
                slot * base -
                    twoCharBias +
                    BASE91_INVERSE[input.charCodeAt(pos++)];
        }
        const value = single[slot];
        if (value < 0) {
            let read = start[slot];
            const readEnd = read + length[slot];
            while (read < readEnd)
                out[outIndex++] = pool[read++];
        }
        else {
            out[outIndex++] = value;
        }
    }
    return out;
}
//# sourceMappingURL=decode-shared.js.map
;// CONCATENATED MODULE: ./node_modules/entities/dist/generated/decode-data-html.js
// Generated using scripts/write-decode-map.ts

/** Packed HTML decode trie data. */
const htmlDecodeTree = /* #__PURE__ */ decodeTrieDict("!}.&u%}'&}*'~!6*)%&,~!J~!J~%L~y<~!R,~~%Lu~~#GD~~#|)1#%}^%}2%+#.##%##%}&%##%'#%##&%#%#'%#&#%#&#'#%%#&#%##%#)%''%&%#%#'%#%%#%%}%%%#%#&(23#%%#&-%0%('1#(##%#'##+%'*.:1}#%#6-+(%'%%#%%%}#L'2351&('%}&/N'(0(/*-%(%%}#'+&T%7.2}#&%&#%#36/5##%&%%#&#%%#))2%%##%&&'0~!#*+&'%1~!%).'3q?&%'1~!.##%6(~!+%%%(Gw'rT~!E#<nA%#jZ~!H%(~!42##~!*31&~!G%U~#)5~#`3~!J~!Z~%]~%Y~%C~!q~!u~#kz~%#~!6'~!D~!U~!?~#T~!c%~!G#'~%7|~!G~!J~!G&~#pb~(Df}#%}*&}#%##%##%##&#-}&'#'&%#.++}%mI,#,@&(}*%}*'%&##&#%##%}&0}#.},U},%}+%}&%}#%##&}B%(}(%}+%)})%##%#&}&%##%&}<%}>%#%&}*%}(%}9%}/%})%}*%}*%}?&}&%}3%}&*#%})%#%#)}#&#-#+*%E%%'%'#%}#*V##&##I}#&&##%&%#&&Qf%%))w/0+&%#(#.%-''''++++7}>%4'',##1,#%#&%##&#'##&#*#9)%&%}#*}%,#+P(%A&%#'&##wSD',9E00#y#@}(+}&%&>~!#~!X}#*}(&&}(&}(,%}%&#+&}#&}I%#%}%)#(},'%#*}4%%#%}(''}#/##(##),%-##%%)#&}(.}&%#&}%%}*&#%},&&}&%}#%*'#%})%}D&}&%}-&}6&#&}-,%}#%})-(~+`~,=?~I9'9%~!,#%})%})%}@%}?%}(~!?~#<~#pP~#BG~#=1#%K+~#?#~%;)~#A~#mF1~#A'~'X%'~#lR~#N~'N~#r~#m#-~#i'?%#'%~#B%##%,%#~#_%#0%~#]732~,w~2+#:&#%&'0%&>%}#>##F+)#%&&#(+_}4&}-%}(&}@&}O7Fdf0@+/v4}&WU##&/0#&'('B#%}.%}'+#%}#%%&#&%#%##+#&#)#6#'#.},%}c%},%#%##%&#&%#&~#>'*-.%##%##%}#%%}%'~#)D1}#%*&~#_%%'(~#S2%'.}#~#=##*'*-%}&'%'##&&~'E%.#&~#M4}%%##&'%#~#O1##%&#'+~#<B%##%%'%+~#;#@%}#&%#&&%#(~#H1}'%'##&&~#?A}&'~#D#%32}'&&&&~#[}'(#%}'~#;C})&}%%#%~#=&%,3}%'(#%%~#^'#&&)#%'~#Y%-~#d-%'~#^%%&#&&&}#~#b~2t*&'~&(~&@~0%~e~3}%*''0})&}+~!9##-}#%-hD*)1fC#%/&/fB#40~!+#)*4~!+~!K'&:~!/*7~!.#~!H~!L':~%x&~!H#~!*~%1~!I#~!+A~#p'~!F~~#-#~,,(~.Z~!V~%;'B'mq-W~!N~%I%#&&#&}#%},%%}'%}+X#%}#&}(%}'%}<%}#%}%%'}'%}:~![)9@~%>~#UA%-%##&~!C%~!-.9:~!1~!-^2/:a~!y,D*J#-5)/4~%23,~#G~!L1~!0X3`~!2+~!!0-~&E~!W~!o,>Y&]~%cZx_&~#O*9#A#'#+I'%#)~!0B*-5A+-((F&*M#)(-7-5+'-3a5Vi~!Y~!?+[)%3),ERHm~!+:D,VG.+)?fB%%*(%)'(#&80%1'8`K8?`+'Z#&O&'H5#*9)A%%5&3))0%39+.*7#()&&*=4@**L)<'_&*+..;(#*+)./&0#3)%')-8(4ixD(&.}%,('aI:,)%,k2231T)I'#/-W7,/'Q#.'Y24+h')37</31&83##&0#),H(?'&?/1##%#&&#%''-%&&&#(&''&#.-'%#%%(,')*'&#&#'##%(%(#%('#&##%%%%('%#%#%%#%#&%##h>w+v<ayvyvcg.uuhKr}g/v|g>u9i[~>g5uI~=RvdwEg;v/g;uk!!TTSx]@RT!U!#!@VBRUU!'UTe-d0c`e&gSdicedFcrdTaqb.kYcAohdYd@a3e+d}dMdtd.aJ#bqcK`dle/e.e'dwdPdodddjbEb}ogd^ofdpduc6j?l%d{drdqc)d7bacOdQ%T#Y)X.sR[yH>6Vyv3[xwLu>vo'!*.[yBacahoj>6Rew3[xqdZa#!a&#^(X-[yG>6Vyu3[xvg3sEr|g.u/Ri9db0T#^(Xa)!-[y;>6Vylg4wKs{JwNZt3@3r=c4Z([xlg;wKt!cpq's@v7A'*a(a+!-a#[y<3Dt?3Dt'>6Vym3[xmg9rxsNJwLZt4~?r?db1T#`-!(Xa,!0[yS>6Vz%NuQs.g4wKtnJwNZtS@3r>c4Z([y%g;wKtrdga8!a(!#&T*Y-Xa#!a0<or[yc3Dtq>6Vz43[y3JwNZtf@3s!Ju}!%Dti:pm3c_%X#tjB5pkd6q!r]u?voC'*-a.a2!0a&a+[yI3DtI3Ds~3DtH>6Vyw3[xx;:s#~<5pKJwNZtE@3r~d`a)!a2T#a.(!+U.X1[yT3Dt`3Dtv>6Vz&3[y&g9rxwzcxstPu.<rAJwLZtT~?r@dZa%!a.&^*Za(/Reu[ya>6Vz23[y1g3sEr}wkg{NuQRg{ci(U#5@b`~,cg#U(2WnH5wugcRh7dX#T(Y,a'Ta!!a,[yZ<]mj>6Vz,3[y+Pv#5ReZKu+=,%!H}7ABwkaS?Rh:BcW(X#<]mrj:ubv/ARekdg%!(!a.*Ta(Y.X1!#sP>Rl*Dt6[y>>6Vyo3Wf*jOvuumvuRgRJuq*!:9<B@bX~3jVv&v@s@5Re[d/rQt{uAvo&a&a*)a2!,0Wf!3Dt0=Bs'>6Re}3[xy~<5s%JwJZt1~Gs)c;&!#2sJkNuXvzq7rxu,Re8dka4!a8(aEZ+a@Y.X1Xa)[yd=Bs(3DtP>6Vz53[y4cX#X&Re:avRe9~<5s&JwJZtQ~Gs*i^rzvdRg+Jv{%!2sbB@bX}kdga,!Za?&^*T1/!a'Dt+[y6>6Vyf3Wf%g/u;s4hGu6?Rh-JvZ,!c%#&RoX54Rivj7uyvf8RgTKvZB%*!2sGh<vu5Rgq<=C::9bb~#dZ#T&Ta6Y.X*Dt>[y93Wf)coZ(T,6VyifluvRgC@95@B@bX~/hFu34cC#T,k/unq8w8Q5RkUklwQuzunq8w8Q5Rk8d/rJu?v8w9)-&!a0a;a&aIWejg3sEr/h1s<DtDJvyZqY5aws3Jvy!&Wei~Hr1:au5@Bag>23E~5c:Z&bX};kKv?w&unuVu5Rjc;>bs)#~@:Rh.=ay<a]C;b`}Vd6s/t{uAvoaxa()!a,a7%-a#a2Dt,[yF2Wo[>6Vyt3[xuNuPRi&NuPwpi#RoWh?vf8Ri%Jv]!%Ri:KvxD!.'2WeAjZu`q9rxu,Re7woeAg-unLq(qA_/*2Wg_g3u5q^9:4E}/jTrxrzv=Wkkd~0UX#^^Xa-a1a5T&a=U1a'*aEa]!a*aPaA-adok[y54Rn>;:p3~Dp5g9rpsFNvZqjg3uJp4~<5p0Pw;5qlJwNZt*@3p1Pw:5p/Ou!5p2JvG'!6Vye=<qnJvh_[xhg3v,Rh3kOwOw-sDuev/Re^dha[a%!%!a+#Ta7)-5TaCaO!aka!a)sf[yb2>Rl!9ARiq5E}Qg=ucRkBE|oJrJ_@Wk~@Wk{JrJ_@Wk|@WkyJrJ_@Wk}@WkzJvO_[y2g-vMRmiKuYC!)&>Ri;>Ri<@3RkNc](X#@9Rk=g5vuRmhKvDB!+'=]meg3u4Rmgd)#Y'Vz3CARmfd`a+!%T'!+#Ta1Ta6TaM-sTDt9[yA9sYd'%Y#s[[xpj:ueunaXRgEjRq,v-vuqdd2'`#6Rev<32@5>:2<E}5xIo9a*X#Y(;5RePJvD_g>vyRgNj8w)v8<wggs:RgXiZt|vjx,hSq3ah!-(~@:Ro/Ou!5RhWj^v(pyw8unRhUdx-UY#^Ua.a3a70!)%UX1TaDa)'omRiRRhE[y:3Dsz=Br,>6Vyj3[xkg6ruwjcqsrPw;5r*Ku]D'Zt-@3r(~?r.i[vwv]dU1a--U#`a4(g/vsRhPOu!5RhLj:rmu9Wo!~@:wdh@g/vsRiTjXuvvNr}:RhBj^v(pyw8unRn]dz1UYa'a+^Y(!aETZalaRY.Ta?a4[yDJw1!#qLsW>6Vyrfzq-pLflpwRe|Js>%!Dt@3Dt&Jvy_[xs~HrnjMuwpsw'RecKu+D#'!t<~Grl~?rjg5u-x,gwp{ah!-(~@:Rg~Ou!5Rh'jXuvvNr}:Rh#cW#X/c;&!#2sLi[v7u7RgpJv)(!iLrxu,Re6j7v@s@5Se[e7d`aW!Za(a`T.a#!a3!&aDa-!9)Dt_=6s+3[x~~DR|h~DS6avhGun5RkZj3w)v-]mkKunB!&*]kb97R|i<ARk<c:Z(6Vy}Juh'!wziMRoS:F|vkLuauJv5vtvQRh1d='T+Y#VyO~DR|jcF#T'7R|g97R|kJv3'!ay<Rj,Jvh&!:ReXcsa6*a+#a#_aIRf9aLRf?c,Z&Rf5Rf7c.Z&Rf;Rf>cQ#%T'p-Rf8Rf=ct#%'(*!,p,Rf4p+Rf6Rf:Rf<d~'Ua%U*^UYa(!a,-!#a4YaTalaEX0a8a<Weo3Dt/3Dsx=Br93Wen~Dr;~<5p<JwNZt2@3p=Pw:5p;Ou!5r3c7&!#:p>3Ds}KvGB)_6Vyk2sM=<r7x'eovA(!hFu1ARf}cV#X&@r5j6rvwQa^Rf3c=Za'wkghJv__g;unRggA53B9=b^}%j6uduo5Jq;!(hIv%2Re`Ou4ARe_e%a#^^^Xa&!a*a2!&a6YaP!*ad!#a:aE/5Rn?[y@>6Vyp;:pE~DrY~<5pBJwNZt8@3pCh=rt3rWPw:5pAJup_[xoNuPpF9c!#'45pD5ARn)d8#X'X*3@rU72s]h>v<<sSjJpqvewOJq/(!hNw'5ReBk0s2u3w/w'5ReE5@Jq.!a+JQ!&WeU23d(#Y&RjG5]jBk!u7w&u0udARjEe#+^^^Ub#!a2/a`Z(agT1!a-a;|@TaG!aS[yV=Re~fow'RguNuPRe?bz#'>RoUWeL>:Cbb|?JwPZtVg6ruRmzJvD'!6Vz(g/vmRh~Jvy_[y(g9voRgyx*cy(#2>Ri2B9b]~9kIw9u7rluJu3Rg]dI#a%UY'@=p%CAx.gQZ&RhwwygtRm{x5g_Z'+ABqR9Woa=Bp&dV#^*Xa'!&@o{g4v]Rk;Jv{!%Rk[wkkiA5RkiwwfUB=x,fUuqC&*!>RfTg8v0RfV~ARfSd;rJsAuAv9wR'ae+/aO!a@aza/a#[yQ@Wg!2Wemg3sEr0JvB_g>uvReWg2v+Re=KupB_+[y!2AbY~-~Hr2AJwD!(h<~El>h<~El?Kun@+_:9b`}Kg-v/Ri3g;vtwyk_9]k_d=&T#*U.6qh@Ab`|K9:H|CJv[!&3Dtex'fDwC%!Rf[9WlMd[(^X,!a%Z06Vz!@WgBg=v~Rgvg,QRe@awd,#Y+jTv|Q~EfWj]uNr|~FRfXdy#Y&^Ua%!aO.!(a)Ua;=!a@aKap!a-,a!Ta]a[rSa]p?[y82sK=Bq~;:p:~<5p8Pw:5p7d'#Y'Wf(;RnRi[u4w&RgJJvG'!6Vyh=<r#ijuuv/sIKuYD'ZtG@3p9~Gr&d2#`(g<vtRgFj`u5w&rqpxRf2CJuY!+:wfnTOu!5Rg}jNs1ucv&RfwJvA!&3@q|BDcC#T,k/unq8w8Q5RkTklwQuzunq8w8Q5Rk9dga#!a'!a=#a0!:+Tb*b@aO.a4!aba8aFJv^}?!VyR~Dr<g;u%Rn.~<5p[x'e`wNZtR@3p]Pw:5pZhNvjBp.woe_g5u-r4JwF!%DtO3:ooc7&!#:p^3DtpLuGw(!+%)Dtk6Vz#2sd=<r8d'#Y([y#<x3gJt`w@!)%}MRiowzikRij=]ilxAf3,U(#B2Rf#g0v-Rm[ck{`U#]giKv3>)!&6Ri154s,KuGB_%@r68r:dJ|t`#X(9<E|u2@H|rx3gJu?w'!+'1Nu7Reg4=H~+9<wxgY95Rm]xLggZ-`(X}U2:Ri4h<uOawRmsJv__5@bb{jbV~3dka#a'a]!,#a+U=a>b6a3b%!/aKa/)!arwve^VyJ;:pR~DpTg3uJpS~<5pOPw;5qmPw:5pNOu!5pQJvG'!6Vyx=<qoJvA!{~Jup!%@qk7Rn/KvyD!}''[xz;>wkh'?Rh,x8gyt`w5D!&),(SgyccRgztJ@3pPB5p#d'(Y#<]mmifubw&RgoJvE&!82s^JvF&!8Rf,ADb]~;x=h'rNu]vK!,%'*0RnORh)4Rh*AqQg-vaRnNg;wHwkh'ba~4cE#Ta*x3gctyw@'!+%RnFRnD<4Rn@hFvK5RnCxWg[#`&a0Ua()`1Rm75Rg[c]%X#qi8Rg^NvdRj>BwzgZauwji7Rm6A4wgg]d1#&(*,.0a#Rm;Rm<Rm=Rm>Rm?Rm@RmARmBe%#^^^Xaea?aC/b+(,!a+a#!a/!>a&Ta<aKbD!2wphBRnk[yPw}hE|.=Br-3Dtm>6Vy~g6urRf.x,hPrNav!%'RnqRo%Ro#Nu;q[Pw;5r+JwNZtM@3r)d'#Y'Weh;xChL#`&RnmRnoKu}>%(!Rne~Bs-;2wjcussJv+'!aYSO}6@B<5?ba~8LrNvj!.%*ROwungw~ng~:9;Ri^>wtnig;wHRnixDh@|(UZ.x1h@|)!#:2<H|*xHn]#-UX'3Ro)z=iT}6ARns=Bwsn_wpnaRncw]aR(#UXa&Ua*a/=]iPd'#Y&Ro'WnXf{QRm2hNvj]nZd`'T~&1`{|`#9b]{}c:'!#Wl{>@=be}]?cl{{U#:5Abb}Jds#^YaF!a*b4a#a3aPa>&Tb!bH!*a_!Eau?/a&RjY<]gj>6Vz*;:pe~DrZg,QRj1JwNZtX@wihspcJvZ&!VyX9WmOJu|!|N2WmHJvh&!]ht~Bpbcn&T(!#RmQ<s7Nu;padH#X'`+WmJ@>RmKCARhnKup=!)&Wf+:RhqNuPpf9c!#'45pd5AwghpARn(Ls@w!%,)!RmP@Wfe<E|IJva!&WmNg8vsRmLd`*.`#Y'Xa!axRn*]hrA8Rhug5s@rXg8u!RmMd8#X'X*3@rV72smdI*#UY&RmICARho~GsgxVgd)Ta'U-Y&Xa!T#RnEWnA@Wffg1uDRi0hFvK5RnBxGnG&#`%owp)@wsf+bX}Ze-*1!a*^^^Ua|!#a.aq&Ya2!a>.a6!a:aO`aJDtL[y`@Wg#>6Vz12@wzoYRoZNuPRi!NuPRhzg=ucRi,@=b`{Yg=ucRi-ACJvB!&Sh[ebSh]ebi`wUuFRm4Jw2_[y0JvB!.<Ju(!&SoG}6Shd}6<Ju(!&SoH}6She}6Kur@._g5vHRieJvx!{L2G{Kx6gd'T#?Rh82Wi5cZ#X(g1w)Rm5dW-Y(Ta#!a)!#aYa=wnfE=su2>>bU{0j9udv:<svj8uQv-7RgHdE%#^'sq9sp=>Bb_{TJv`!&g/r|snj6v(us5d,#Y(56H}[978H}]Jw5!&g1rushJvB!+j;v{u5?zDhd}6}bj;v{u5?zDhe}6}ce*#`(^^^a[aea!=!a6a*aoXb1a.!aAbL!b>,b'aL!aV@Wf|2Wlg3[y/JwNZt^@3piPw:5pgJunZou3@rsJva&!Vy_g<v~Rm#JvG'!6Vz0=<r{Ju{%!:pj@WfsiXuJu3Rm:JvZ&!WfA~Bph@c4Z&Dtwax5rubx(#:awRk1@d,#Y&RfjRfid1#,Y(@Wfp2Wlrg5s@ryKu[@!,'=]ig9wlk?Rk>g5u-rqJvy'!@9RkQcH(T#=>Ri~@<wkj(Wj(KuZB*!&<7rw@9RkRcH(T#=>Ri}@<wkj)Wj)dg(Ta2Xa9X#`-!a*CARhg@@=I}d9x;c~#X%so=<sj>2@@=aybb}XjWv0Q~EfEj3vLv;<d,#Y(56H}`978H}_dgaPaFa'a/!#a3Y0a_a;a|!1(a7-[yE3[xt;:pJNvZrrg3uJrvJwNZt=@3pIh=rt3rxPw:5pGOu!5rpJvG'!6Vys=<rz@c4Z&Dt(ax5rtJvZ!&~BpH@wsfNg-vaRlNci*U#=<wei<F}a5@Jq.!a*JQ!%@qZ23d(#Y&RjH5]jCk!u7w&u0udARjFd/prq=tyvpaEa(a:.!a1aZ(@@=I}:9wpd%=<sX55w_h}@@=I{t=ay<aU@@=I}T=ay<2@@=I})?C9:9au@9Cb]}DP~=x-fAZ(2Wl1=ay<aU@@=I}>5@d##Y+jTv|vV~EfFj]uNpn~FRfGdgaK!Z2&!a8a-Tb({E!acTbM*!a(DtY[yYd'%Y#sl[y*hHvh>Re5x2c{Z}.j4uCvcawRiMd+#X+_x&d!},<5RkX;2Hzw@x,gavfB-!{CcF&T#Roe;RodwWbBg5urRgaKvHC*_6Vz+<4opieuew&Rmq@d]&Y)X,T#X0Rh}<BqP=4qS9:ReMg/ujReNJw0!/<Jui%!bd{kawwnemRelAxUa?a3#*.&UX(Ya+a/RhvRnQ<o}9Wmtd-#Y&RgSRmw9;Rmxay=Rmyg-vaRmuxEhSrNu,v-voC!%(aR.a(a7+1Ro1>Ro5CE{A9b]{@;5x#eO{:g;urRi+KrNA!%(Ro3>Ro79;Ri_Ku@>{;&!x%gX|{KunA_+g5QRj/g3u5Rj#g>uERj%wio/xRhS&!,!#^1U}wba{8>>@=be}qC@:D5ba{7Ku+A&!}x?ba}t>>@=be}se(aA^^^Uat!b0#{pa+awUazbGa#aLb9bgaWac'a5TbS=Br!d1#`%scp_Jvl!#rT>Re0JvX&!VyN=H{Fcm#U&:pY=ReaJv2&!]h0=]nUJvG'!6Vy|=<r%JrM_=]h2@Wlud'#)U'Wf'b]{i=]h/Jvh!&~BpWg=v]RnMx+ny#'Nu;pVwjnu=]nwxJnx,T#`&Reqwjnt=]nvieu9vrRjLLuYwP(#+!th@wih5pX~Gr'g5v/Rh4KunA'!-CARnP@wwiN:Rm_9x'cvw>!|l=<saKvAA!0&3@q}>w^e1bp#&Re2Re3BDx7gH#T|f5H|eKuZ>!%(:qNAH{]Jv6!+3B2B9=b^{X<5<B92:E{ZLvhwA(a;a%!igQuyRmad+#Y}m@3Rh5d8#X'X*:AqUAHzmaxwbh<aXRnVcF}RT#Nw&cj#U(BWnug/vsRntdka)(a3+.Zb7aYYan1!bVa@Xa}[y^@b[{G=H{+hFu73Rj&Pv#5ReQcK%T#sig1v{Rj'Ku+D#'!t]~Grm~?rkKuMB!01d5#`'Vy.ta3Dtu~Hroc8#'{^45s85AwZbP&!#Rn!wghxWn#KvEA!)&2RlA2RlBx:h|#(T,=]j09Wobz>x]z/@awRoTd+#Y(az]hFhCrm4d,#Y+jTv|Q~EfMj]uNr|~FRfOdCa!Xa9_X#@<plJvf!%b`{(9;Rgwc;.!#2x7cw#T|UDb]|T5Ju={(!=@E{&Jv)&!Ab`{'awJvf!~*>>@=be{#KuY>!+&4Ezyi[ugv&RjIdea+T)#UXa&T-T&a!Rh9auRmW=]kLg5vuRn+g3u4Rn-Ow6ARn,hHus5xNk?#UX(U~)/g8v0RkD~AwkkF?Ri.OuNBwkkA?Ri/d|a2`a*^UYa.!aBTZaTa'Xa;!(!2!-a#b2[yC>6Vyq3[xr2Wi?g1rusVh%s?DtF~<5rbJs;%!DtBfswKtCj[uvuSsEu3RgVx3o:u+wN'*Zt;@3rd~Grh~?rfg8w)Lq)qE&-a%!>bI|`jWv0vV~EfCjTv|vV~Ef@j]uNpn~FRfBcK#T']gWNu7x,k7q4ai(0!hHv8<RhmkMu9vrsBuev/RhlCJvB!,g<v{wchh~@:Rhji[vrv{wchi~@:RhkdS&a5UY#Ta!RgPwwiI5BwciI~@:Rh`x'iJvj'!5]iJPu8Bwch]~@:Rhach)U#h3rp]gLh@t|Ax,hTq3ah!-(~@:Ro0Ou!5RhXj^v(pyw8unRhVd|)`,^UYas!a?/a2Z'a^Ta{Tb7Ta(a#!a,Wf&9sZ3DtAadamov=Bqt3[xig8vsRm~>waiL2b`{QJv*_Ouv2qgj<v]v2BqfdR'X*X#Y-@3qr~Gqv~?p6hHv-]glPup5Lq+q?_%*b_{qF{n9b^{rOu4ARhpKvCD!+&~Bqp:5Dbb}nwoiKl&unuTuBv]v+ueunaXRf0=Jvh!0nKufu8v1w&w7q%w&uHrz:Rgnj5w,uxDJq/(!hNw'5ReCk0s2u3w/w'5ReFd>Za&!*UaA=<wkgsRnSJv^!%Refifw3vyRgOKu_B'!,<]gkiiu:w&Rh<=C@a^<B57@2F{[<B5@aW:=3away9A5aW=<B=C@a^<B57@2F{Ie-#`(^^^bCara.b8aza6!/bZ,!adTbnTbOb+aFaS!aAT9@Wf~2Wli3Dtl2@d,#Y&RfnRfmJwJZtN~GqyJva&!VyMg<v~Rm%iXuJu3Rm9Jv[_=]ih9wlkDRkCd1#`(@Wg>2Wls3cH#T(@<Rj*=>Ri|b~'#23s9h<~El.d'#Y&Dtxi^rzvdRl#d*#U%(o|B2s`hJwSaxRmDKv4B&!1:Rmdd5#`'Vx}to~Hq{x'f1v3(!BA5ba|bJv_&!Wfug1v]ReIdO+U/Y#&G}-8wze=Rh{g1v]ReHg/uQRf/by#)ibQwERl/cH#T(@<Rj+=>Ri{cNu+vlax-!(#a0qa9<Rii2;;bU{H;x<i=&X#Rk`<4wwi=C9H~8xAI(Y#<azRi@45wXI<B9;5bb~7dL(X#Xa(+!aL6Vy{g5QqOau:5au2@ay547EzbxOcU(UX-T#Ta#:Cbb|A?wjh/b_|SOw6ARgtihr}u7Rhy<d1#T)X1@@=I|~=ay<2@@=aybb}Sj3vLv;<d,#Y(56H}A978H}@dGpvs@uAu`vcw9*!aFa+ai%(b!aXa8.a?a[ozWey=sU2@G}Nch&U#Rf_WexKu+D#'!t:~Gr`~?r^j]uNr|~FRg*j^psurwJt|RmcKv)@&!)7Rkv~Br[@wxfO:Rl3co#U'6Rezj_q#vIuavjRltwzeyh@vr5JqD0!>aY?C9:9au@9Cb]}9cl#U*5;5<H||jbuus1ucv&Rfvg1v~d/pppzqFr^a--a~!aMat1(hFv;Wiz@@=Izoj5uuv-7Rix~Cw`fk2WlVcZ#X,k)u3vWs@u2]ktg;wEx'fBq(_2Wg/jTv|vV~EfoJv]!15x'hzqG!(P~EfU~CRl_j6v(us5x4i-#T(2WmZ?C2F|d>Kq<aj1!*jTqIsBv=Wl`~Cw`fi2WlWj`v0u*~>RlR=c>Z,k#u3vWs@u2]kr<c1Z+jTqIsBv=Wla~Cw`fm2WlXdmb3!a{(arZa`bkTa%TbQTa-a9+c'!aM!/[yL=Bqug.w'RifhFvyDRj.g>vgwyk^9]k^Jv3_@WfbAARkhJw2_[x|JvB_wkoIRoKwkoJRoLd'(Y#<]gm=<9<H|yd'%_X#skDtb3awwqkgNulRkgdB#^',9:p'hJwSaxRmEBwVb8@4=H|qLu+w50&!)@3qs~?pU>Awwn;;Rn=c:Z'ARn<=<qwKvC@!/&~BqqJv6!&]eVb^z^xRge'/a%+^`#Sge}6<4Rn3=]n0Pw2>Rn8Jw0!&>Rn:>Rn6cY#a7+!a&=<wkaNw~h3z_c5Z{=wjh#=]nLKv^D!&)Vyz=bW|swYb<WetcG#T(2wxa@qVx@gD#Y&b^|V5JwG&!5bb|pg/w&RgD@x=kHs=uAvn!a%%/'+RmSRh694Ro`g-vaRmRhHv-]mlxCcS#`&ba~.5cD#Ta)P~=d,#Y(56H{>978H{Dd_#{2^Y%_+qbbb{6g3sERhsbU{?dfa.,`a(Xa<!aiX#(55RiG54RiHcI#T'WiU3RiVNvdwtfcRlKNvdd,#Y&RlHRlExQgf.1*^T'X#Sgf}6Wn4=]hfPrk>Rn7Jw0!&>Rn5>Rn9Lunw?&a2!,5<oq@@wqfdRlJj5Q~=d,#Y(~ARfcOuN]fdDKw;ay(}i!547E}j?cI#T(@5bV}iCbV}hdv(^^Tb?a40,b##Tbo!a*bR!a<b|a/!aKai!aU[yK=]o^g:v>ReGJwPZtK<7Rh+h<~El,Pv#5ReR@awwxjCg,ulRjDJv6&!]j!z?aQeeg>w=Sh<eeJw;!&axEzOg,Qosc!#*:wkeJ]eJ>x'h-u(!%Ro.w~h.zPdNZ(X,Ya![x{;9ReY;wkgxRiF:x?ap#Y&RmUg<s2Rkod]+UY0TZ'!a&A9sw<=bczLNvuw{gqzNhJwSaxRmCKuLay!#&s_Rf-55b^{uJvZa!!c%#(55Ri654wmiu5RiuawLu,vp!+}^%b_}Y9;wkgxba}o>A9:=b^}zKuh=a''!3awRk3c*'!#aHRk6c+Z&Rk5Rk4Jv)&!awRjSawd9*`#0?C2@EzMj8u<uJ5RmbjQrquJu3x,k>uq@_+=ayb^|W~ARkEOuN]k@7dhzV^X/X&a-#zRzSb`zXcJzTT#2WkVKvDBzW!%FzY9;5bbzWjQrquJu3Jw3%!b`zU=ayb^zQd:#X(T-a!6Vyywxh}=b]{Jg=u1RiAdGp~qHtzv!w(wA+a+a;<!aJaYai'anasb(=azRmV:Cbb{MLq2vb!%')RjuRjrRjtRjqx3jnqCw3!%')Rk(Rk+Rk&Rk)Lq2vb!%')Rj{RjxRjzRjwLq2vb!%')RjsRjpRjfRjex3jcqCw3!%')Rk'Rk*RjkRjl9<CbbzfOu4ARhxLq2vb!%')RjyRjvRjhRjgx=joq*uKvb!%')+-Rk.Rk%Rj~Rk-Rk#Rj}x=jdq*uKvb!%')+-Rk,Rk!Rj|RjmRjjRjidAq&qKs@uAv8Aa.'*-a@a&0!aM@a5[y73Dsy3Ds|3Dt):wxgI2sHJwJZt.~Gqxwsf0ikrzt}Rl0Jvy_[xj~HqzKv_A|D!&WfP8axRoVcf,U#k(v]v+ueunaXRf1Ju}'!g8u#Ri=jQw!sCunLprq>!,')~<5qeGzq9F{W=c##%s5au:5aU3CBE|;d4#X(D!a&6Vygx(b;#(=]ed?C2F{N<capoq2r[a&!aPa9,'Pw;5s:@@=I|,55w_h|@@=IzcP~=x'fCqB_2Wl2>aU@@=I|1OuNBc1Z+jTqIsBv=Wlc~Cw`fl2WlZ~AcTa%!Z+jTqIsBv=Wlb~Cw`fh2WlYk+uNqJsBv=WlSg,u3dca3#UXaMYa)TaB-=cM|7T#<bI}l5@B932:aV2G{BOuNBJq:|M!5Ezt=<B=C@a^<B57@2F{v>cB{/T#=ay<bI{3Jv6!a.6BKq0ah&+!5E}HP~Ef{978BaU@@=Iza<7d#.Y#978BaU@@=IzH~AJq0!(@@=IzG978BaU@@=IzFe,aU*Y&^^^bvJb,b:bFad!a,c2Ta>aL.bo6!a#CbTa'T#Re{2Wlh2@G{yg6t~Ro_NvdRfticuRQRllJv3&!x&c|zs@Jw3!%RflwpfkRlpKuL;%(!Re<@G|C2GzdhIvuBwgjAg-u0RjAKQB%!(GzZ@G|5NuuRl7d='T+Y#Vy[g<v~Rm!==G|>JvA!)@wma=]m1ifuaw&RmnLs@vT'!|/+[y,g:v>ReTJw1!#qX=x!eC{bLu+wT&)ZtZauq_~Graci&U#F|89:r_Lupvq!.)&2RlG8RfaC=x!eF{_h?rpWlmd&'!#X|&]k::xJey#`'T|+<E|&2@H|%dE#(^,g;u.RiEg6vjRiC9xCkA{O|zY#g=ucRmXKs0@!&*@G|m@awRknJuh!,3d(}gY}eJvj!%Rm):Jw3!%Rm+Rm-Ls0w(&!a(a#@b[|6cZ#X'7RkxWgAOu4ARn'dH'U#Y*Vz-Wm'CARm}d]*#a%^a*T'aK!a<9bV{PC=p*Jw4!&SgxcbB5r]idw(wBRmF7xFkt#&`(Rm/Rm8E|!JuY_9:Rl5=wrgr2:bbxd@xXfB(a*#T+!.X0X1Ta/a'T&RlDRfL>RlyARl9b[z[>RfZ:RlL:RfRwlg/ARl;9;RlxKv,A/!%7s69<74=BA5ba{-8Bde#`a<XaKYa1,a'P~=wxfB2bZ}}?C972@@=I}r8@55B9;5bb}G978B2@@=aybb}3j3vLv;<Jw3&!>Rfk=ayb^}4~Ad1#`*@@=aybb{w2@>==<bbz]dx+UY#^UaF!a9!bB'Ya1.!ajXa#%olRhD[y=3Dt#Ov5BrHKuMB%!(Rf^Wep~HrJwkiQjKr|~FRg)Ku+D#'!t5~GrF~?rDdV)UY,Z/_7RkuG{<~BrBg,rlsO:235B@bX}|d?a1!#`(6Vyn5@d##Y+jTv|vV~EfIj]uNpn~FRfH7Lq2vb1!a9-978BaU@@=Iz9978BbU}#~AJq0!(@@=Iz8978BaU@@=Iz7~AJQ|}!978BbU}!JvkaK!AdUa21-U#`a+(g/vsRn~Ou!5RPj:rmu9WhOjXuvvNr}:RhAj^v(pyw8unRn[kPr}p|u7vwv]RiSBd;pppzq@qHQa?(b.!a.a`@.|xa(hFv;Wiyj5uuv-7Riw~Cw`fg2WlU978BbU|wOuNBJqG!(P~EfD~CRlQcZ#X,k)u3vWs@u2]ksg;wEx'f@q1_2Wg.j]uNpn~FRfqJv]!15x'h{qG!(@@=IzK~CRl^j6v(us5x4i,#T(2WmY?C2F{1>Kq<aj1!*jTqIsBv=Wld~Cw`fj2Wl[j`v0u*~>RlT=c>Z,k#u3vWs@u2]kq<c1Z+jTqIsBv=Wle~Cw`fn2Wl]dn1#c(a(b^a2!b/bAT(bj!aDa7bu,a_a{c0!2T0g:v>ReD2@G{42@G{5~DpM~<5rc=Bx6i>{RT#RnI@zCx]y]z:2Jv[!zr5Awyk]9]k]dD(Y+X#6Vz.g=wKtgwhaCwgmTWj2Lu,w%_+/[y-B;b^xeg3u3Rj-2@bX{*KrJ<!+'@Wg(g?QRlC@Jv`!%b[zIwsfII}8JQ_@w|kW|=Jv(%!AqcOuNBJvEzh!bYzjLs@wP#(0!oy@>RkdJwMZtc3Dtd@BcG#T'9bWxg2@2Fznd*#Y+;2x'c}w<zizixNgwa#Z'U+!/!a'!a+w~g~z6wcn{Rn}wcnzRn|5Rh%=]nJg5vuRmvNvdRlvcprJu}w*az*a#!%.a.'Bot9qT]kj@Wg'ay2Gzv@Jv`!%b[zEwsfHI}1;ck#Ux`<Cbbx_Lu+w!a&0*!wko*wwo,So,}6Juqxf!E}PigQuyRm`d3(`#8>Rn%:A5B;bZ~%KvhCa!a2!x>k7#Uxb@b{#xaRk7Jw0!)>wwhlShl}6>wwhmShm}6CJvB!.x'hhvj{!!5Bwkhhbaz}x'hivjz~!5Bwkhibaz|xEhTrNu,v-vpD!a%&/)a3a.,%Ro2t[CE{)@3re9b]{%wjo09:rgc:Z&Ro6=<riifuaw&RmoKrNA!%(Ro4>Ro89;Ri`dSaL'UYzxZb)7Rka3xRhT&!,!#^1U}vbaz{>>@=be}yC@:D5bazzKu+A&!}{?ba}y>>@=be}wxBh[t`u~vJvr!%a!a()a,a0a4RoC=]o;Ju(!%RoGRhdwjh`=]oAg>w#Ro?g5vuRo=NvdRl|Ku]C.!&;RoEJvB!%RoORoMBx'h[v+_?w~h`}~5?w~hd~!xKh]oiptu-utv.vp!#%&a30a@a'a+(a/aOp(o~p!RoDJu(!%RoHRhewjha=]oBNvdRl}g>w#Ro@g5vuRo>c[#X']o<CauRoRAd-#Y':RkpauRoQKu]C.!&;RoFJvB!%RoNRoPBx'h]v+_?w~ha}t5?w~he}ue!/UbhYacXaW^Tc&a;b:a-c/#b&aja1(!cL+!bKbt!bmcRc9aIc?8[yW3Dtt94Rg`Jv}!&SiRMzBhEebShEMNuPRe>x7gL#TzuwjirRipc<Z&>on;>z=h-MSh.Mwqczx'a7vj&!>Re4@=ResJt__NuPRi*NuPRi)j]uNr|~FRfzKrJ>_+@Wfy@Wf]2WocKrJ<!+'@Wg%g/QRl@@Jv`!&awRl<wsfFIzgLu(w*!.*&ShBMwvhIRhI9;RhNx1hK'!#Sn]Mx1hK~0!#:2<H~7cNu+w7D*'1ZtW>Rn1~?rOc:Z&Rn2=<rQ<7wjh&=BSnLMc]#X(6Vz)w[b=a!U#9wzgMc3#&(RgMRitRis<x,gKt`ax!&+SioM=BSilMc3#&(RgKRinRimKurB,!&SiQMzBhDebShDM6BJQ!(P~Efx978B2@@=I}WLrJw!!,a*&@G}O@9wkibRid@@x'fKwC!&SlDMSfLMjUv~Q~EfKKv3@a+!(hFv-]mpx/hYZ(C5RiWz<o/MwkhY?So/M@x,gbvfB*&!SgEM:SoeeehFu3:Rgbda(,^TZa)X/7Sg[eb:2RgI~BrMC@wgkc:wwkcRerx3h(uUvK!&*,SnOM4Sh*MArRg;wHRh(x=h;rJvPwI!a4',a'0@Wg&=BSh/Mg>w=Rh=g3w*wwgGRgGcW(X#;Sg}M2Gzk@Jv`!&awRl=wsfGIz`dKZ*T'Y-:RhR7RhQg5u-p`j6v(us5d,#Y+~Awkia?RicOuNBwkibba}Ld6p~tyu_vbAa'a+!a/'a3aEa8a!>Sh,ebJv{!&Sh@ebSaReb9;SgwebNuPRi(NvdRl)NuPRi'hHu^<Rm^Jvv_@Wl(g;u1Si/ebKu'B&!*Sh?eb@Wl'z@aPeb95Si.ebcpputyvjB)!,&a+0a%ShAMWeK@G}C@WfJ9;RhMwvhH9w{ia}ix,hJvRA1(!zAn[MRhHx1hJ~*!#hFv(BSn[MBJQ!(@@=I~'978B2@@=I}2db.Ua<'X}+T#a0XaG2G}E;wkg|wuh!Rh!x,hZu,@)!&So0MVy)C5RiXACJvB!&5RiY5RiZg8w)cG}*T#2@bU}=KsA>(!a.3wkhZba~(x,h^u(A!&(SoCMRhb5Bz=h[eb?w~hb~6x,h_u(A!&(SoDMRhc5Bz=h]eb?w~hc~6e)aA1T#T,^^^c-bMb&blcPaP(a/!0!bA=b5c@a(!bfbrc#2afwmhARnjwchORnp2Wlf3DtsNvdRl-2@wpa<]m0bx(#:awRk2@Jw3!%RfhwpfgRlnKQB%!(G{V@G|'NuuRl6d='T+Y#VyUg<v~Rl~==G|<Jv+'!aYShC}6@B<5?ba~8@Jw3'!g2QRljhLrpWlOd+#Y'g.w'rIg>w*wgj@g-u0Rj@Lu+wT&)ZtUauq]~GrGci&U#F|39:rELrNvj!.%*RhCwunfw~nf~:9;Ri]>wtnhg;wHRnhx3hDs@v~!/+'@Wfr@9RkSNu&Rlo=@<5GzoKs0@_+@Wl+@awRkmJuh!-3d(}pY#qWJvj!%Rm(:Jw3!%Rm,Rm*de&!1U-U#`)Re;@G|.@9Ri82@wjfvRlq=@<5GzpLvOvr!).&2RlF8Rf`C=x!eE{.Jw3_g2QRlkhLrpWlPde(!#U{s,UXa*Ta'[y'g:v>ReS;x0PZ&RnlRnn~HrKJw1}f!=x!eB|2w]aP(#Xa&a*Ta.Ua2a7=]iOd'#Y&Ro&WnWg;u.RiDg6vjRiBNvdRlzhNvj]nYJuW_2Wm3x)kFze{9d])!a.!,Y01!#&aC!a3RndC=ox~BrC@2b^{pg,rlse7x'ksuq!%Rm.E{xidw(wBRmGx9o+)X#wwo-So-}69:Rl4@xSf@a#XZ'X)X,Ta(/ARl8b[xc>RfY:RlI:RfQwlg.ARl:9;Rlwdn'#^XafaQa1X1TaHTa)@b[{zcZ#X'7RkwWg@Ou4ARn&x)kG#{,g7u/RkGdH'U#Y*Vz'Wm&CARm|bx#(A]gUbUzJj9Q~=d,#Y(56H}l978H{U7d,0#U*2>ABb_xZ978BbU{e~AJQ{g!978BbU{hxMh?ad{oUYZ.x1h?{l!#:2<H{mx3n[t{vl!,&a%3Ro(z=iS}6ARnr=Bwsn^wvn`Rnbd`*T}B0!#^X'BG{c9b]{a>>@=be}F?JvS!&BG{d7BG}(Bde#`a1X,Ya@!a'P~=wxf@2bZ}I56B2@@=aybb}08@55B9;5bb}<j3vLv;<Jw3&!>Rfg=ayb^}&OuNBKuLA!)a!P~=x#fD{f2@>==<bbzl?C972@@=Ix^d6rSu,v7w*C(0a)a6#B+a%!sQ[y?3Dt%3[xn~<5rLOu!5p@Ku+D#'!t7~GrP~?rNKvlaya7'!h+v-5qMg=t|cd,U#5AAaa5Abb{S@52B5@a[@52B5Gx[iXueu;d<#`a(!/549C;ag>23ExY5@Dah89b^~689Jv)!~2b[~1Lv'w(%*!a#bX|aPrmawRe]keu7uhv-q6rxu,q`xTo]/a5aU!bNaDXbi!b-!ao!b<bwA!#5@B932:aV2G|:d-)Y#hJrL>RhG<7@C5<H|_=Cau:5aj5@B932:bJ|ng>vIbs)#?C2F|9jPv0w.vISh-MKvUaz(.!9ABbb|[5;5<H|Eg>unwfh;9:4E|YjQsBt|vjx'hYq3!(?C2F|J:2<BaY?C2F|GOu!5x,g|p{ah!-(?C2F|c9:4E|OjXuvvNr}:Rh&i[w*t|cd+U#jJvsu)vsSn~Mkfrmu9p}u7vwv]So!McW#Xa!ax5@A5aY:5;5<H|>kJv~vYrquJu3x4ib#T)2@SmZM?C2F|Bj:rmu9@xPhI(a*a#U#`a3-5Abb|L~@:RhK9:4E|0@52B5G|#C::aY?C2F|-:2<BaY?C2F|.5Jvk!a)javYrquJu3x4ia#T)2@SmYM?C2F|HAxPhH(!a#U#`a*-5Abb|4~@:RhJ9:4E|R@52B5G|F:2<BaY?C2F|Sc^#Xa2j=Qq5CJvB!-g<v{z;hhM?C2F|Zi[vrv{z;hiM?C2F|XKsA>!a)-g<v{z;h[eb?C2F|]i[vrv{z;h]eb?C2F|^iZu.vix,hZq3ah!.(?C2F|QOu!5ShXM:2<BaY?C2F|P", 13_494, 2713, 49, 25, 61);
//# sourceMappingURL=decode-data-html.js.map
;// CONCATENATED MODULE: ./node_modules/entities/dist/generated/decode-data-xml.js
// Generated using scripts/write-decode-map.ts
/** Packed XML decode trie data. */
const xmlDecodeTree = /* #__PURE__ */ new Uint16Array([
    512, 26_465, 29_036, 7, 0, 2, 4, 116, 24_638, 116, 24_636, 8693, 29_807,
    24_610, 621, 1, 0, 0, 3, 112, 24_614, 111, 115, 24_615,
]);
//# sourceMappingURL=decode-data-xml.js.map
;// CONCATENATED MODULE: ./node_modules/entities/dist/internal/bin-trie-flags.js
/**
 * Bit flags & masks for the binary trie encoding used for entity decoding.
 *
 * The trie is a flat `Uint16Array`. Every node starts with one header word:
 *
 *   15..14 VALUE_LENGTH   Number of words the value occupies, +1.
 *                         0 = no value; 1 = value inline in bits 12..0;
 *                         2/3 = value in the 1/2 words after the header.
 *   13     FLAG13         If VALUE_LENGTH > 0: semicolon required ("strict"
 *                         entity; `;` is never stored as a branch).
 *                         If VALUE_LENGTH == 0: this node is a compact run.
 *   12..7  BRANCH_LENGTH  Number of branches (or run length for runs).
 *   6..0   JUMP_TABLE     Jump-table offset / single-branch char / first
 *                         run char (see below).
 *
 * Branch data follows the header and any value words. Its shape is selected
 * by (JUMP_TABLE, BRANCH_LENGTH) in the header:
 *
 *   Single branch  JUMP_TABLE = the only child's char, BRANCH_LENGTH = 0.
 *                  No branch words; the child node follows immediately.
 *   Jump table     JUMP_TABLE = first covered char (> 0), BRANCH_LENGTH =
 *                  table length. One word per covered char: 0 = no branch,
 *                  otherwise the child's offset from the END of the table,
 *                  +1 (so 0 stays the no-branch sentinel).
 *   Dictionary     JUMP_TABLE = 0, BRANCH_LENGTH = number of branches.
 *                  ceil(n/2) words of sorted keys packed two per word
 *                  (low byte first), then n pointer words storing the
 *                  child's offset from the END of the branch data.
 *   Compact run    VALUE_LENGTH = 0, FLAG13 set. BRANCH_LENGTH = run
 *                  length (3..63), JUMP_TABLE = first char; remaining run
 *                  chars packed two per word after the header. The target
 *                  node follows the packed words immediately.
 *
 * Pointers are end-relative (rather than relative to the pointer's own
 * position) because that makes the common "child encoded right after the
 * branch data" case a small constant, which compresses far better. Offsets
 * to already-encoded (shared) nodes wrap via uint16 modulo arithmetic; the
 * decoder masks navigation results with `& 0xff_ff` to match.
 */
var BinTrieFlags;
(function (BinTrieFlags) {
    BinTrieFlags[BinTrieFlags["VALUE_LENGTH"] = 49152] = "VALUE_LENGTH";
    BinTrieFlags[BinTrieFlags["FLAG13"] = 8192] = "FLAG13";
    BinTrieFlags[BinTrieFlags["BRANCH_LENGTH"] = 8064] = "BRANCH_LENGTH";
    BinTrieFlags[BinTrieFlags["JUMP_TABLE"] = 127] = "JUMP_TABLE";
    /** Bits 12..0: the inline value of a VALUE_LENGTH = 1 header word. */
    BinTrieFlags[BinTrieFlags["VALUE_MASK"] = 8191] = "VALUE_MASK";
})(BinTrieFlags || (BinTrieFlags = {}));
//# sourceMappingURL=bin-trie-flags.js.map
;// CONCATENATED MODULE: ./node_modules/entities/dist/decode.js




var CharCodes;
(function (CharCodes) {
    CharCodes[CharCodes["AMP"] = 38] = "AMP";
    CharCodes[CharCodes["NUM"] = 35] = "NUM";
    CharCodes[CharCodes["SEMI"] = 59] = "SEMI";
    CharCodes[CharCodes["EQUALS"] = 61] = "EQUALS";
    CharCodes[CharCodes["ZERO"] = 48] = "ZERO";
    CharCodes[CharCodes["NINE"] = 57] = "NINE";
    CharCodes[CharCodes["LOWER_A"] = 97] = "LOWER_A";
    CharCodes[CharCodes["LOWER_X"] = 120] = "LOWER_X";
})(CharCodes || (CharCodes = {}));
/** Bit that needs to be set to convert an upper case ASCII character to lower case */
const TO_LOWER_BIT = 0b10_0000;
/*
 * `parseNumericEntity` packs its two results into one 32-bit integer:
 * `(consumed << CONSUMED_SHIFT) | codePoint`. The 21-bit code point field
 * fits any valid Unicode value (max 0x10FFFF, clamped before packing); the
 * consumed count excludes `&` and gets the remaining 11 bits. Extract it
 * with `>>>` so the topmost bit isn't treated as a sign.
 *
 * Plain consts rather than a `const enum`: with `isolatedModules`, enum
 * member reads compile to runtime property loads.
 */
const CONSUMED_SHIFT = 21;
const CODE_POINT_MASK = 0x1f_ff_ff;
/**
 * Reserved consumed field for counts of at least 2047 characters after `&`.
 * The true count is in `longNumericConsumed`.
 */
const CONSUMED_OVERFLOW = 0x7_ff;
/**
 * Side channel for numeric entities of at least 2048 characters including
 * `&`. Set by `parseNumericEntity` when its consumed count reaches the
 * reserved value `CONSUMED_OVERFLOW`; callers read the true count from here.
 * A module-level slot avoids a tuple allocation on the hot path.
 */
let longNumericConsumed = 0;
/**
 * Extract the consumed count from a `parseNumericEntity` packed result,
 * recovering the true length from `longNumericConsumed` when the packed
 * field contains the sentinel. Read it before the next `parseNumericEntity`
 * call, which may overwrite the side channel. This helper owns that protocol.
 * @param packed Packed result of `parseNumericEntity`.
 */
function unpackConsumed(packed) {
    const consumed = packed >>> CONSUMED_SHIFT;
    return consumed === CONSUMED_OVERFLOW ? longNumericConsumed : consumed;
}
/**
 * Unsigned subtraction trick: (code - lo) >>> 0 wraps negatives to large
 * values, so a single `<=` covers the entire [lo..hi] range check.
 * @param code Code point to check.
 */
function isNumber(code) {
    return (code - CharCodes.ZERO) >>> 0 <= 9;
}
function isHexadecimalCharacter(code) {
    return ((code | TO_LOWER_BIT) - CharCodes.LOWER_A) >>> 0 <= 5; // F - a
}
function isAlpha(code) {
    return ((code | TO_LOWER_BIT) - CharCodes.LOWER_A) >>> 0 <= 25; // Z - a
}
/**
 * Checks if the given character is a valid end character for an entity in an attribute.
 *
 * Attribute values that aren't terminated properly aren't parsed, and shouldn't lead to a parser error.
 * See the example in https://html.spec.whatwg.org/multipage/parsing.html#named-character-reference-state
 * @param code Code point to check.
 */
function isEntityInAttributeInvalidEnd(code) {
    return code === CharCodes.EQUALS || isAlpha(code) || isNumber(code);
}
var EntityDecoderState;
(function (EntityDecoderState) {
    EntityDecoderState[EntityDecoderState["EntityStart"] = 0] = "EntityStart";
    EntityDecoderState[EntityDecoderState["NumericStart"] = 1] = "NumericStart";
    EntityDecoderState[EntityDecoderState["NumericDecimal"] = 2] = "NumericDecimal";
    EntityDecoderState[EntityDecoderState["NumericHex"] = 3] = "NumericHex";
    EntityDecoderState[EntityDecoderState["NamedEntity"] = 4] = "NamedEntity";
})(EntityDecoderState || (EntityDecoderState = {}));
/**
 * Decoding mode for named entities.
 */
var DecodingMode;
(function (DecodingMode) {
    /** Entities in text nodes that can end with any character. */
    DecodingMode[DecodingMode["Legacy"] = 0] = "Legacy";
    /** Only allow entities terminated with a semicolon. */
    DecodingMode[DecodingMode["Strict"] = 1] = "Strict";
    /** Entities in attributes have limitations on ending characters. */
    DecodingMode[DecodingMode["Attribute"] = 2] = "Attribute";
})(DecodingMode || (DecodingMode = {}));
/**
 * Token decoder with support of writing partial entities.
 */
class EntityDecoder {
    decodeTree;
    emitCodePoint;
    errors;
    /** The current state of the decoder. */
    state = EntityDecoderState.EntityStart;
    /** Characters that were consumed while parsing an entity. */
    consumed = 1;
    /**
     * The result of the entity.
     *
     * For named entities: the trie index of the best legacy match so far
     * (0 = none). For numeric entities: the accumulated code point.
     */
    result = 0;
    /** The current index in the decode tree. */
    treeIndex = 0;
    /**
     * Characters consumed since the last recorded legacy match, plus one.
     * Invariant at the top of the `stateNamedEntity` loop: `excess` equals
     * the number of unrecorded consumed characters + 1.
     */
    // biome-ignore lint/correctness/noUnusedPrivateClassMembers: False positive (read via destructuring)
    excess = 1;
    /** The mode in which the decoder is operating. */
    decodeMode = DecodingMode.Strict;
    /** The number of characters that have been consumed in the current run. */
    // biome-ignore lint/correctness/noUnusedPrivateClassMembers: False positive
    runConsumed = 0;
    constructor(
    /** The predefined HTML or XML decode tree. */
    decodeTree, 
    /**
     * The function that is called when a codepoint is decoded.
     *
     * For named entities that decode to multiple code points, this will
     * be called multiple times, with the second codepoint, and the same
     * `consumed` value.
     * @param codepoint The decoded codepoint.
     * @param consumed The number of characters consumed by the decoder.
     */
    emitCodePoint, 
    /** An object that is used to produce errors. */
    errors) {
        this.decodeTree = decodeTree;
        this.emitCodePoint = emitCodePoint;
        this.errors = errors;
    }
    /**
     * Resets the instance to make it reusable.
     * @param decodeMode Entity decoding mode to use.
     */
    startEntity(decodeMode) {
        this.decodeMode = decodeMode;
        this.state = EntityDecoderState.EntityStart;
        this.result = 0;
        this.treeIndex = 0;
        this.excess = 1;
        this.consumed = 1;
        this.runConsumed = 0;
    }
    /**
     * Write an entity to the decoder. This can be called multiple times with partial entities.
     * If the entity is incomplete, the decoder will return -1.
     *
     * Mirrors the non-streaming `decodeWithTrie`, but with the ability to stop decoding if the
     * entity is incomplete, and resume when the next string is written.
     * @param input The string containing the entity (or a continuation of the entity).
     * @param offset The offset at which the entity begins. Should be 0 if this is not the first call.
     * @returns The number of characters that were consumed, or -1 if the entity is incomplete.
     */
    write(input, offset) {
        switch (this.state) {
            case EntityDecoderState.EntityStart: {
                if (input.charCodeAt(offset) === CharCodes.NUM) {
                    this.state = EntityDecoderState.NumericStart;
                    this.consumed += 1;
                    return this.stateNumericStart(input, offset + 1);
                }
                this.state = EntityDecoderState.NamedEntity;
                return this.stateNamedEntity(input, offset);
            }
            case EntityDecoderState.NumericStart: {
                return this.stateNumericStart(input, offset);
            }
            case EntityDecoderState.NumericDecimal: {
                return this.stateNumericDecimal(input, offset);
            }
            case EntityDecoderState.NumericHex: {
                return this.stateNumericHex(input, offset);
            }
            default: {
                // NamedEntity — the only remaining state.
                return this.stateNamedEntity(input, offset);
            }
        }
    }
    /**
     * Switches between the numeric decimal and hexadecimal states.
     *
     * Equivalent to the `Numeric character reference state` in the HTML spec.
     * @param input The string containing the entity (or a continuation of the entity).
     * @param offset The current offset.
     * @returns The number of characters that were consumed, or -1 if the entity is incomplete.
     */
    // eslint-disable-next-line unicorn/consistent-class-member-order
    stateNumericStart(input, offset) {
        if (offset >= input.length) {
            return -1;
        }
        if ((input.charCodeAt(offset) | TO_LOWER_BIT) === CharCodes.LOWER_X) {
            this.state = EntityDecoderState.NumericHex;
            this.consumed += 1;
            return this.stateNumericHex(input, offset + 1);
        }
        this.state = EntityDecoderState.NumericDecimal;
        return this.stateNumericDecimal(input, offset);
    }
    /**
     * Parses a hexadecimal numeric entity.
     *
     * Equivalent to the `Hexademical character reference state` in the HTML
     * spec. Digit parsing matches the hex loop in `parseNumericEntity`.
     * The accumulated value is preserved for numeric validation callbacks.
     * @param input The string containing the entity (or a continuation of the entity).
     * @param offset The current offset.
     * @returns The number of characters that were consumed, or -1 if the entity is incomplete.
     */
    stateNumericHex(input, offset) {
        const inputLength = input.length;
        // Local accumulators; flushed before any exit (see stateNamedEntity).
        let { result } = this;
        let { consumed } = this;
        while (offset < inputLength) {
            const char = input.charCodeAt(offset);
            if (isNumber(char) || isHexadecimalCharacter(char)) {
                // Convert hex digit to value (0-15); 'a'/'A' -> 10.
                const digit = char <= CharCodes.NINE
                    ? char - CharCodes.ZERO
                    : (char | TO_LOWER_BIT) - CharCodes.LOWER_A + 10;
                result = result * 16 + digit;
                consumed += 1;
                offset += 1;
            }
            else {
                this.result = result;
                this.consumed = consumed;
                return this.emitNumericEntity(char, 3);
            }
        }
        this.result = result;
        this.consumed = consumed;
        return -1; // Incomplete entity
    }
    /**
     * Parses a decimal numeric entity.
     *
     * Equivalent to the `Decimal character reference state` in the HTML
     * spec. Digit parsing matches the decimal loop in `parseNumericEntity`.
     * The accumulated value is preserved for numeric validation callbacks.
     * @param input The string containing the entity (or a continuation of the entity).
     * @param offset The current offset.
     * @returns The number of characters that were consumed, or -1 if the entity is incomplete.
     */
    stateNumericDecimal(input, offset) {
        const inputLength = input.length;
        // Local accumulators; flushed before any exit (see stateNamedEntity).
        let { result } = this;
        let { consumed } = this;
        while (offset < inputLength) {
            const digit = input.charCodeAt(offset) - CharCodes.ZERO;
            if (digit >>> 0 > 9) {
                this.result = result;
                this.consumed = consumed;
                return this.emitNumericEntity(digit + CharCodes.ZERO, 2);
            }
            result = result * 10 + digit;
            consumed += 1;
            offset += 1;
        }
        this.result = result;
        this.consumed = consumed;
        return -1; // Incomplete entity
    }
    /**
     * Validate and emit a numeric entity.
     *
     * Implements the logic from the `Hexademical character reference start
     * state` and `Numeric character reference end state` in the HTML spec.
     * @param lastCp The last code point of the entity. Used to see if the
     *               entity was terminated with a semicolon.
     * @param expectedLength The minimum number of characters that should be
     *                       consumed. Used to validate that at least one digit
     *                       was consumed.
     * @returns The number of characters that were consumed.
     */
    emitNumericEntity(lastCp, expectedLength) {
        // Ensure we consumed at least one digit.
        if (this.consumed <= expectedLength) {
            this.errors?.absenceOfDigitsInNumericCharacterReference(this.consumed);
            return 0;
        }
        // Figure out if this is a legit end of the entity
        if (lastCp === CharCodes.SEMI) {
            this.consumed += 1;
        }
        else if (this.decodeMode === DecodingMode.Strict) {
            return 0;
        }
        this.emitCodePoint((this.decodeTree === xmlDecodeTree
            ? decode_codepoint_replaceCodePointXML
            : replaceCodePoint)(this.result), this.consumed);
        if (this.errors) {
            if (lastCp !== CharCodes.SEMI) {
                this.errors.missingSemicolonAfterCharacterReference();
            }
            this.errors.validateNumericCharacterReference(this.result);
        }
        return this.consumed;
    }
    /**
     * Flush locally-tracked walk state back to the fields, then emit the
     * recorded legacy match or reject (cold path — at most once per
     * entity). Called after failed navigation (leaf node, branch miss, or
     * compact-run mismatch). In attribute mode, reject if no legacy was
     * recorded at the current node, if we descended past it, or if the
     * pending input character is an invalid attribute terminator.
     * @param consumed Locally-tracked consumed count.
     * @param excess Locally-tracked excess count.
     * @param char Pending input character (may be the mismatching char).
     * @param valueLength Value length at the current trie node.
     */
    flushAndEmitLegacyOrReject(consumed, excess, char, valueLength) {
        this.consumed = consumed;
        this.excess = excess;
        return this.result === 0 ||
            (this.decodeMode === DecodingMode.Attribute &&
                (valueLength === 0 ||
                    excess > 1 ||
                    isEntityInAttributeInvalidEnd(char)))
            ? 0
            : this.emitNotTerminatedNamedEntity();
    }
    /**
     * Parses a named entity.
     *
     * Equivalent to the `Named character reference state` in the HTML spec.
     * @param input The string containing the entity (or a continuation of the entity).
     * @param offset The current offset.
     * @returns The number of characters that were consumed, or -1 if the entity is incomplete.
     */
    stateNamedEntity(input, offset) {
        const { decodeTree } = this;
        const inputLength = input.length;
        const isStrict = this.decodeMode === DecodingMode.Strict;
        /*
         * Local copies of the resumable walk state avoid per-character
         * field writes. They are flushed back to the fields
         * on every exit (chunk end, and before any emit helper that reads
         * them). `this.result` is only written at the (rare) record points,
         * so it stays a direct field write.
         *
         * Legacy-match recording happens in two idempotent places: at the
         * loop top when sitting on a value node, and in the chunk-end
         * epilogue (so `end()` sees matches that land exactly on a chunk
         * boundary). Recording applies `consumed += excess - 1; excess = 1`,
         * which is a no-op when repeated — the loop-top invariant is
         * `excess` = unrecorded consumed characters + 1.
         */
        let { treeIndex } = this;
        let { excess } = this;
        let { consumed } = this;
        let current = decodeTree[treeIndex];
        while (offset < inputLength) {
            /*
             * Descend through value-less jump-table nodes (including the
             * single-branch encoding) inline, mirroring `decodeWithTrie`:
             * this avoids a `determineBranch` call per level for the
             * dominant node shape — including the root on the first write.
             */
            while ((current &
                (BinTrieFlags.VALUE_LENGTH | BinTrieFlags.FLAG13)) ===
                0 &&
                (current & BinTrieFlags.JUMP_TABLE) !== 0) {
                const char = input.charCodeAt(offset);
                const jumpOffset = current & BinTrieFlags.JUMP_TABLE;
                const branchCount = (current & BinTrieFlags.BRANCH_LENGTH) >> 7;
                if (branchCount === 0) {
                    // Single branch encoded inline in the jump offset bits.
                    if (char !== jumpOffset) {
                        return this.flushAndEmitLegacyOrReject(consumed, excess, char, 0);
                    }
                    treeIndex += 1;
                }
                else {
                    const slot = char - jumpOffset;
                    if (slot >>> 0 >= branchCount) {
                        return this.flushAndEmitLegacyOrReject(consumed, excess, char, 0);
                    }
                    const stored = decodeTree[treeIndex + 1 + slot];
                    if (stored === 0) {
                        return this.flushAndEmitLegacyOrReject(consumed, excess, char, 0);
                    }
                    // End-relative: branch data ends at treeIndex+1+branchCount.
                    treeIndex = (treeIndex + branchCount + stored) & 0xff_ff;
                }
                current = decodeTree[treeIndex];
                offset += 1;
                excess += 1;
                /*
                 * `charCodeAt` past the end returns NaN, which would alias
                 * to slot 0 after `>>> 0` — bail out explicitly.
                 */
                // eslint-disable-next-line unicorn/no-break-in-nested-loop
                if (offset >= inputLength)
                    break;
            }
            if (offset >= inputLength)
                break;
            // Handle compact runs (resumable across chunks).
            if ((current &
                (BinTrieFlags.VALUE_LENGTH | BinTrieFlags.FLAG13)) ===
                BinTrieFlags.FLAG13) {
                const runLength = (current & BinTrieFlags.BRANCH_LENGTH) >> 7; /* 3..63 */
                let { runConsumed } = this;
                // If we are starting a run, check the first char.
                if (runConsumed === 0) {
                    const char = input.charCodeAt(offset);
                    if (char !== (current & BinTrieFlags.JUMP_TABLE)) {
                        return this.flushAndEmitLegacyOrReject(consumed, excess, char, 0);
                    }
                    offset += 1;
                    excess += 1;
                    runConsumed = 1;
                }
                // Check remaining characters in the run (packed two per uint16 word).
                while (runConsumed < runLength) {
                    if (offset >= inputLength) {
                        this.treeIndex = treeIndex;
                        this.excess = excess;
                        this.consumed = consumed;
                        this.runConsumed = runConsumed;
                        return -1;
                    }
                    const charIndexInPacked = runConsumed - 1;
                    const packedWord = decodeTree[treeIndex + 1 + (charIndexInPacked >> 1)];
                    const expectedChar = (packedWord >> ((charIndexInPacked & 1) << 3)) & 0xff;
                    const char = input.charCodeAt(offset);
                    if (char !== expectedChar) {
                        this.runConsumed = 0;
                        return this.flushAndEmitLegacyOrReject(consumed, excess, char, 0);
                    }
                    offset += 1;
                    excess += 1;
                    runConsumed += 1;
                }
                this.runConsumed = 0;
                treeIndex += 1 + (runLength >> 1);
                current = decodeTree[treeIndex];
                // Loop top handles the landed-on node (record/emit/branch).
                continue;
            }
            // Header plus out-of-line value words; 0 means no value.
            const valueLength = current >>> 14;
            const char = input.charCodeAt(offset);
            if (valueLength !== 0) {
                // Record a legacy match (FLAG13 clear = semicolon optional).
                if (!isStrict && (current & BinTrieFlags.FLAG13) === 0) {
                    this.result = treeIndex;
                    consumed += excess - 1;
                    excess = 1;
                }
                /*
                 * Implicit semicolon handling: emit immediately. Covers both
                 * strict (FLAG13 set) and legacy entities — neither stores
                 * an explicit `;` branch in the trie.
                 */
                if (char === CharCodes.SEMI) {
                    return this.emitNamedEntityData(treeIndex, valueLength, consumed + excess);
                }
                /*
                 * `valueLength === 1` packs the codepoint into the header
                 * word's low 13 bits, where branch metadata also lives. Skip
                 * the branch lookup on leaves so those value bits aren't
                 * reinterpreted as branch offsets.
                 */
                if (valueLength === 1) {
                    return this.flushAndEmitLegacyOrReject(consumed, excess, char, valueLength);
                }
            }
            // Value-bearing or dictionary node: dispatch through determineBranch.
            const next = determineBranch(decodeTree, current, treeIndex + (valueLength || 1), char);
            if (next < 0) {
                return this.flushAndEmitLegacyOrReject(consumed, excess, char, valueLength);
            }
            treeIndex = next;
            current = decodeTree[treeIndex];
            offset += 1;
            excess += 1;
        }
        /*
         * Chunk exhausted. Record a legacy match we may be sitting on, so a
         * subsequent `end()` emits it, then persist the walk state.
         */
        if (!isStrict &&
            current >>> 14 !== 0 &&
            (current & BinTrieFlags.FLAG13) === 0) {
            this.result = treeIndex;
            consumed += excess - 1;
            excess = 1;
        }
        this.treeIndex = treeIndex;
        this.excess = excess;
        this.consumed = consumed;
        return -1;
    }
    /**
     * Emit a named entity that was not terminated with a semicolon.
     * @returns The number of characters consumed.
     */
    emitNotTerminatedNamedEntity() {
        const { result, decodeTree } = this;
        const valueLength = decodeTree[result] >>> 14;
        this.emitNamedEntityData(result, valueLength, this.consumed);
        this.errors?.missingSemicolonAfterCharacterReference();
        return this.consumed;
    }
    /**
     * Emit a named entity.
     * @param result The index of the entity in the decode tree.
     * @param valueLength Encoded value length (header plus any value words).
     * @param consumed The number of characters consumed.
     * @returns The number of characters consumed.
     */
    emitNamedEntityData(result, valueLength, consumed) {
        const { decodeTree } = this;
        this.emitCodePoint(valueLength === 1
            ? decodeTree[result] & BinTrieFlags.VALUE_MASK
            : decodeTree[result + 1], consumed);
        if (valueLength === 3) {
            // Emit the second UTF-16 code unit.
            this.emitCodePoint(decodeTree[result + 2], consumed);
        }
        return consumed;
    }
    /**
     * Signal to the parser that the end of the input was reached.
     *
     * Remaining data will be emitted and relevant errors will be produced.
     * @returns The number of characters consumed.
     */
    end() {
        switch (this.state) {
            case EntityDecoderState.NamedEntity: {
                // Emit a named entity if we have one.
                return this.result !== 0 &&
                    (this.decodeMode !== DecodingMode.Attribute ||
                        this.result === this.treeIndex)
                    ? this.emitNotTerminatedNamedEntity()
                    : 0;
            }
            // Otherwise, emit a numeric entity if we have one.
            case EntityDecoderState.NumericDecimal: {
                return this.emitNumericEntity(0, 2);
            }
            case EntityDecoderState.NumericHex: {
                return this.emitNumericEntity(0, 3);
            }
            case EntityDecoderState.NumericStart: {
                this.errors?.absenceOfDigitsInNumericCharacterReference(this.consumed);
                return 0;
            }
            default: {
                // EntityStart or unknown — return 0.
                return 0;
            }
        }
    }
}
/**
 * Determines the branch of the current node that is taken given the current
 * character. This function is used to traverse the trie.
 *
 * See `BinTrieFlags` for the branch-data layouts handled here.
 * @param decodeTree The trie.
 * @param current The current node's header word.
 * @param nodeIndex Index of the node's first branch-data word (the header
 *   plus any value words have been skipped by the caller).
 * @param char The current character.
 * @returns The index of the next node, or -1 if no branch is taken.
 */
function determineBranch(decodeTree, current, nodeIndex, char) {
    const branchCount = (current & BinTrieFlags.BRANCH_LENGTH) >> 7;
    const jumpOffset = current & BinTrieFlags.JUMP_TABLE;
    // Case 1: Single branch or jump table (jumpOffset encodes the first/only char code).
    if (jumpOffset) {
        if (branchCount === 0) {
            // Single branch encoded inline in the jump offset bits.
            return char === jumpOffset ? nodeIndex : -1;
        }
        /*
         * Jump table: branchCount consecutive slots starting at jumpOffset.
         * Unsigned comparison handles both < 0 and >= branchCount in one check.
         */
        const slot = char - jumpOffset;
        if (slot >>> 0 >= branchCount)
            return -1;
        const stored = decodeTree[nodeIndex + slot];
        /*
         * 0 = empty slot (no branch); otherwise the child's offset from the
         * end of the branch array, +1 (end-relative pointers compress
         * better). `& 0xff_ff` mirrors the encoder's uint16 wrap for
         * backreferences to already-encoded nodes.
         */
        return stored === 0
            ? -1
            : (nodeIndex + branchCount + stored - 1) & 0xff_ff;
    }
    /*
     * Case 2: Packed dictionary. Linear scan — over 90% of dict nodes have
     * <= 4 branches in the HTML trie, where the constant-factor savings
     * dominate over binary search's asymptotic edge.
     */
    if (branchCount === 0)
        return -1;
    const packedKeySlots = (branchCount + 1) >> 1;
    const branchEnd = nodeIndex + packedKeySlots + branchCount;
    for (let index = 0; index < branchCount; index++) {
        const packed = decodeTree[nodeIndex + (index >> 1)];
        const key = (packed >> ((index & 1) << 3)) & 0xff;
        if (key === char) {
            const pointerIndex = nodeIndex + packedKeySlots + index;
            // Pointers are relative to the end of the branch data.
            return (branchEnd + decodeTree[pointerIndex]) & 0xff_ff;
        }
        // Keys are sorted; if we've passed `char`, no match is possible.
        if (key > char)
            return -1;
    }
    return -1;
}
/**
 * Read the decoded value from a trie node.
 * @param decodeTree The trie.
 * @param nodeIndex The index of the node.
 * @param valueLength The length of the value (1, 2, or 3).
 * @returns The decoded string.
 */
function readTrieValue(decodeTree, nodeIndex, valueLength) {
    if (valueLength === 1) {
        return String.fromCharCode(decodeTree[nodeIndex] & BinTrieFlags.VALUE_MASK);
    }
    if (valueLength === 2) {
        return String.fromCharCode(decodeTree[nodeIndex + 1]);
    }
    return String.fromCharCode(decodeTree[nodeIndex + 1], decodeTree[nodeIndex + 2]);
}
/**
 * Parse a numeric entity (`&#DDD;` or `&#xHHH;`).
 *
 * Encodes the result as `(consumed << CONSUMED_SHIFT) | codepoint` (see
 * the packing comment at the top of the file; overlong entities spill
 * their length into `longNumericConsumed`). Returns 0 when no digits were
 * found.
 *
 * This is the sync counterpart of the streaming
 * `EntityDecoder#stateNumericDecimal` / `#stateNumericHex`. Digit parsing
 * matches those methods; only this packed result needs a value clamp.
 * @param input       The input string.
 * @param numberStart Index of the `#` character.
 * @param inputLength Cached `input.length`.
 */
function parseNumericEntity(input, numberStart, inputLength) {
    let offset = numberStart + 1; // Skip "#"
    let cp = 0;
    let digitStart = offset;
    /*
     * Separate decimal and hexadecimal loops: each multiplies by a constant
     * and runs a single digit test, instead of a per-character base check.
     */
    if (offset < inputLength &&
        (input.charCodeAt(offset) | TO_LOWER_BIT) === CharCodes.LOWER_X) {
        offset += 1;
        digitStart = offset;
        while (offset < inputLength) {
            const char = input.charCodeAt(offset);
            if (isNumber(char)) {
                cp = cp * 16 + (char - CharCodes.ZERO);
            }
            else if (isHexadecimalCharacter(char)) {
                cp = cp * 16 + ((char | TO_LOWER_BIT) - CharCodes.LOWER_A + 10);
            }
            else {
                break;
            }
            offset += 1;
        }
    }
    else {
        while (offset < inputLength) {
            const digit = input.charCodeAt(offset) - CharCodes.ZERO;
            if (digit >>> 0 > 9)
                break;
            cp = cp * 10 + digit;
            offset += 1;
        }
    }
    if (offset === digitStart)
        return 0;
    // Include the semicolon in consumed when present.
    if (offset < inputLength && input.charCodeAt(offset) === CharCodes.SEMI) {
        offset += 1;
    }
    /*
     * Clamp out-of-range values to 0x110000 so they fit the 21-bit field
     * and decode to U+FFFD. Lengths at or above CONSUMED_OVERFLOW use the
     * side channel described with the packing constants.
     */
    if (cp > 0x10_ff_ff)
        cp = 0x11_00_00;
    let consumed = offset - numberStart;
    if (consumed >= CONSUMED_OVERFLOW) {
        // eslint-disable-next-line unicorn/no-top-level-assignment-in-function -- deliberate side channel, see `longNumericConsumed`
        longNumericConsumed = consumed;
        consumed = CONSUMED_OVERFLOW;
    }
    return (consumed << CONSUMED_SHIFT) | cp;
}
/**
 * Decode all entities in `input` using the HTML trie.
 *
 * Hard-wired to `htmlDecodeTree`: the inline root navigation below assumes
 * the HTML root's jump-table shape, so this must not be generalized to
 * other tries (the XML trie's dictionary root would silently match no
 * entities — `decodeXML` has its own hand-coded fast path instead).
 * @param input      The string to decode.
 * @param isStrict Only match semicolon-terminated entities.
 * @param isAttribute Whether to apply attribute-specific parsing rules (disallowing certain non-semicolon terminators).
 * @returns The decoded string.
 */
function decodeWithTrie(input, isStrict, isAttribute) {
    const decodeTree = htmlDecodeTree;
    // Fast path: no entities at all — return input without any allocation.
    let offset = input.indexOf("&");
    if (offset < 0)
        return input;
    const inputLength = input.length;
    /*
     * `chunkStart` marks the start of the next pending slice. Rejected
     * entities don't advance it, so consecutive rejections are stitched
     * into a single `slice` once a real match (or end of input) is hit.
     */
    let chunkStart = 0;
    let result = "";
    /*
     * Root navigation fields, hoisted out of the per-entity loop. The HTML
     * root is a multi-branch jump-table covering [A-Za-z]; see the inline
     * first-iteration comment below.
     */
    const root = decodeTree[0];
    const rootJumpOffset = root & BinTrieFlags.JUMP_TABLE;
    const rootBranchCount = (root & BinTrieFlags.BRANCH_LENGTH) >> 7;
    do {
        const entityStart = offset + 1;
        // Quick check: entity names must start with [A-Za-z], numeric with #.
        const firstChar = input.charCodeAt(entityStart);
        let consumed;
        let value;
        if (firstChar === CharCodes.NUM) {
            const packed = parseNumericEntity(input, entityStart, inputLength);
            consumed = unpackConsumed(packed);
            // In strict mode, require semicolon termination.
            if (isStrict &&
                consumed > 0 &&
                input.charCodeAt(entityStart + consumed - 1) !== CharCodes.SEMI) {
                consumed = 0;
            }
            value =
                consumed === 0
                    ? ""
                    : codePointToString(packed & CODE_POINT_MASK);
        }
        else if (isAlpha(firstChar)) {
            consumed = 0;
            value = "";
            /*
             * The generator guarantees a jump-table root. Consume the first
             * character directly, then walk from its child.
             */
            const rootSlotIndex = firstChar - rootJumpOffset;
            let nodeIndex;
            if (rootSlotIndex >>> 0 < rootBranchCount) {
                const stored = decodeTree[1 + rootSlotIndex];
                nodeIndex =
                    stored === 0 ? -1 : (rootBranchCount + stored) & 0xff_ff;
            }
            else {
                nodeIndex = -1;
            }
            /*
             * Best legacy (no-semicolon) match so far, as trie coordinates.
             * Deferring `readTrieValue` to the end avoids allocating a
             * string for matches that longer matches supersede.
             */
            let bestNodeIndex = 0;
            let bestValueLength = 0;
            let current = nodeIndex < 0 ? 0 : decodeTree[nodeIndex];
            let index = entityStart + 1;
            /*
             * Walk the trie from the root child. The `trie` label lets the
             * inner descent and compact-run loops abandon the entity (and
             * fall through to the legacy/reject handling) directly.
             */
            trie: while (index < inputLength) {
                /*
                 * Inline value-less jump tables and single branches. A miss
                 * falls through to the recorded legacy match or rejection.
                 */
                while (
                // Value-less, non-run node with a nonzero jump offset.
                (current &
                    (BinTrieFlags.VALUE_LENGTH | BinTrieFlags.FLAG13)) ===
                    0 &&
                    (current & BinTrieFlags.JUMP_TABLE) !== 0) {
                    const jumpOffset = current & BinTrieFlags.JUMP_TABLE;
                    const branchCount = (current & BinTrieFlags.BRANCH_LENGTH) >> 7;
                    if (branchCount === 0) {
                        // Single branch encoded inline in the jump offset bits.
                        if (input.charCodeAt(index) !== jumpOffset)
                            break trie;
                        nodeIndex += 1;
                    }
                    else {
                        const slot = input.charCodeAt(index) - jumpOffset;
                        if (slot >>> 0 >= branchCount)
                            break trie;
                        const stored = decodeTree[nodeIndex + 1 + slot];
                        if (stored === 0)
                            break trie;
                        // End-relative: branch data ends at nodeIndex+1+branchCount.
                        nodeIndex =
                            (nodeIndex + branchCount + stored) & 0xff_ff;
                    }
                    current = decodeTree[nodeIndex];
                    index += 1;
                    /*
                     * `charCodeAt` past the end returns NaN, which would
                     * alias to slot 0 after `>>> 0` — bail out explicitly.
                     */
                    if (index >= inputLength)
                        break trie;
                }
                // FLAG13 without a value marks a compact run.
                if ((current &
                    (BinTrieFlags.VALUE_LENGTH | BinTrieFlags.FLAG13)) ===
                    BinTrieFlags.FLAG13) {
                    const runLength = (current & BinTrieFlags.BRANCH_LENGTH) >> 7;
                    // Check first char (stored in JUMP_TABLE bits).
                    if (input.charCodeAt(index) !==
                        (current & BinTrieFlags.JUMP_TABLE)) {
                        // eslint-disable-next-line unicorn/no-break-in-nested-loop
                        break;
                    }
                    index += 1;
                    // Check remaining characters (packed two per uint16 word).
                    const remaining = runLength - 1;
                    let wordIndex = nodeIndex + 1;
                    let charIndexInPacked = 0;
                    /*
                     * Process pairs: read one packed word, compare low byte then high byte.
                     * No explicit bounds check needed — charCodeAt returns NaN for OOB,
                     * which never equals an integer, so the mismatch break fires naturally.
                     */
                    for (; charIndexInPacked + 1 < remaining; charIndexInPacked += 2) {
                        const packed = decodeTree[wordIndex];
                        if (input.charCodeAt(index) !== (packed & 0xff))
                            break trie;
                        index += 1;
                        if (input.charCodeAt(index) !== ((packed >> 8) & 0xff))
                            break trie;
                        index += 1;
                        wordIndex += 1;
                    }
                    // Handle odd trailing char.
                    if (charIndexInPacked < remaining) {
                        if (input.charCodeAt(index) !==
                            (decodeTree[wordIndex] & 0xff))
                            // eslint-disable-next-line unicorn/no-break-in-nested-loop
                            break;
                        index += 1;
                    }
                    nodeIndex += 1 + (runLength >> 1);
                    current = decodeTree[nodeIndex];
                    // eslint-disable-next-line unicorn/no-break-in-nested-loop
                    continue;
                }
                // Header plus out-of-line value words; 0 means no value.
                const valueLength = current >>> 14;
                const char = input.charCodeAt(index);
                /*
                 * Check current node for a value before navigating.
                 * This handles both: (a) values reached via compact runs on the
                 * previous iteration, and (b) values at regular branch targets.
                 */
                if (valueLength !== 0) {
                    // If char is `;`, emit immediately.
                    if (char === CharCodes.SEMI) {
                        consumed = index - entityStart + 1;
                        // Inline leaves carry the value in the low 13 bits.
                        value =
                            valueLength === 1
                                ? String.fromCharCode(current & BinTrieFlags.VALUE_MASK)
                                : readTrieValue(decodeTree, nodeIndex, valueLength);
                        // eslint-disable-next-line unicorn/no-break-in-nested-loop
                        break;
                    }
                    // Record non-terminated (legacy) match (FLAG13 clear = semicolon optional).
                    if (!isStrict && (current & BinTrieFlags.FLAG13) === 0) {
                        consumed = index - entityStart;
                        bestNodeIndex = nodeIndex;
                        bestValueLength = valueLength;
                    }
                    /*
                     * A valueLength of 1 means the value is packed inline in the header
                     * word — these are always leaf nodes with no branches, so we can
                     * stop walking the trie.
                     */
                    // eslint-disable-next-line unicorn/no-break-in-nested-loop
                    if (valueLength === 1)
                        break;
                }
                // Navigate to the next node (valueLength || 1: skip past value words, minimum 1 for header).
                const next = determineBranch(decodeTree, current, nodeIndex + (valueLength || 1), char);
                // eslint-disable-next-line unicorn/no-break-in-nested-loop
                if (next < 0)
                    break;
                nodeIndex = next;
                current = decodeTree[nodeIndex];
                index += 1;
            }
            /*
             * Post-loop: if the semicolon path didn't set value,
             * check for a final legacy match. The last navigation may
             * have landed on a legacy node whose value hasn't been
             * recorded yet (loop exited before the top-of-loop check
             * could run).
             */
            if (value === "") {
                const finalVL = current >>> 14;
                if (finalVL !== 0 &&
                    !isStrict &&
                    (current & BinTrieFlags.FLAG13) === 0) {
                    consumed = index - entityStart;
                    bestNodeIndex = nodeIndex;
                    bestValueLength = finalVL;
                }
                if (consumed > 0) {
                    value = readTrieValue(decodeTree, bestNodeIndex, bestValueLength);
                }
            }
        }
        else {
            consumed = 0;
            value = "";
        }
        /*
         * The attribute end-char rule (HTML spec §13.2.5.73) only applies to
         * unterminated *named* references.  Semicolon-terminated entities and
         * numeric entities are always accepted, matching EntityDecoder behavior.
         *
         * When `attribute` is false (the common case), short-circuit skips all
         * the unterminated-named checks entirely.
         */
        if (consumed === 0 ||
            (isAttribute &&
                firstChar !== CharCodes.NUM &&
                input.charCodeAt(entityStart + consumed - 1) !==
                    CharCodes.SEMI &&
                entityStart + consumed < inputLength &&
                isEntityInAttributeInvalidEnd(input.charCodeAt(entityStart + consumed)))) {
            // Rejected: leave `&` in the pending chunk, scan past it.
            offset = entityStart;
        }
        else {
            if (chunkStart < offset) {
                result += input.slice(chunkStart, offset);
            }
            result += value;
            offset = chunkStart = entityStart + consumed;
        }
        /*
         * Adjacent entities (`&x;&y;`) are common in entity-dense input;
         * checking the single character at `offset` first skips the
         * `indexOf` call (and its per-call overhead) for that case.
         */
        if (input.charCodeAt(offset) !== CharCodes.AMP) {
            offset = input.indexOf("&", offset);
        }
    } while (offset >= 0);
    return result + input.slice(chunkStart);
}
/**
 * Decodes an HTML string.
 * @param htmlString The string to decode.
 * @param mode The decoding mode.
 * @returns The decoded string.
 */
function decodeHTML(htmlString, mode = DecodingMode.Legacy) {
    return decodeWithTrie(htmlString, mode === DecodingMode.Strict, mode === DecodingMode.Attribute);
}
/**
 * Decodes an HTML string in an attribute.
 * @param htmlAttribute The string to decode.
 * @returns The decoded string.
 */
function decodeHTMLAttribute(htmlAttribute) {
    return decodeWithTrie(htmlAttribute, false, true);
}
/**
 * Decodes an HTML string, requiring all entities to be terminated by a semicolon.
 * @param htmlString The string to decode.
 * @returns The decoded string.
 */
function decodeHTMLStrict(htmlString) {
    return decodeWithTrie(htmlString, true, false);
}
/**
 * Decodes an XML string, requiring all entities to be terminated by a semicolon.
 *
 * Uses a hand-coded fast path for the 5 XML named entities (amp, lt, gt,
 * quot, apos) plus numeric entities, bypassing the trie entirely.
 * @param xmlString The string to decode.
 * @returns The decoded string.
 */
function decodeXML(xmlString) {
    let offset = xmlString.indexOf("&");
    if (offset < 0)
        return xmlString;
    let lastIndex = 0;
    let result = "";
    do {
        const start = offset + 1;
        let consumed = 0;
        let value = "";
        const c1 = xmlString.charCodeAt(start);
        if (c1 === CharCodes.NUM) {
            const packed = parseNumericEntity(xmlString, start, xmlString.length);
            consumed = unpackConsumed(packed);
            // XML is always strict — require semicolon.
            if (consumed === 0 ||
                xmlString.charCodeAt(start + consumed - 1) !== CharCodes.SEMI) {
                consumed = 0;
            }
            else {
                const codePoint = packed & CODE_POINT_MASK;
                // Nonzero BMP values below the surrogate range need no replacement.
                value =
                    (codePoint - 1) >>> 0 < 0xd7_ff
                        ? String.fromCharCode(codePoint)
                        : String.fromCodePoint(replaceCodePointXML(codePoint));
            }
        }
        else {
            /* eslint-disable unicorn/no-break-in-nested-loop -- Keep XML name dispatch inline with the decode loop. */
            switch (c1) {
                // &lt; / &gt;
                case 0x6c:
                case 0x67: {
                    if (xmlString.charCodeAt(start + 1) === 0x74 &&
                        xmlString.charCodeAt(start + 2) === CharCodes.SEMI) {
                        consumed = 3;
                        value = c1 === 0x6c ? "<" : ">";
                    }
                    break;
                }
                // &amp; / &apos;
                case 0x61: {
                    const c2 = xmlString.charCodeAt(start + 1);
                    if (c2 === 0x6d &&
                        xmlString.charCodeAt(start + 2) === 0x70 &&
                        xmlString.charCodeAt(start + 3) === CharCodes.SEMI) {
                        consumed = 4;
                        value = "&";
                    }
                    else if (c2 === 0x70 &&
                        xmlString.charCodeAt(start + 2) === 0x6f &&
                        xmlString.charCodeAt(start + 3) === 0x73 &&
                        xmlString.charCodeAt(start + 4) === CharCodes.SEMI) {
                        consumed = 5;
                        value = "'";
                    }
                    break;
                }
                // &quot;
                case 0x71: {
                    if (xmlString.charCodeAt(start + 1) === 0x75 &&
                        xmlString.charCodeAt(start + 2) === 0x6f &&
                        xmlString.charCodeAt(start + 3) === 0x74 &&
                        xmlString.charCodeAt(start + 4) === CharCodes.SEMI) {
                        consumed = 5;
                        value = '"';
                    }
                    break;
                }
            }
            /* eslint-enable unicorn/no-break-in-nested-loop */
        }
        if (consumed > 0) {
            if (lastIndex < offset)
                result += xmlString.slice(lastIndex, offset);
            result += value;
            offset = lastIndex = start + consumed;
        }
        else {
            offset = start;
        }
        /*
         * Adjacent entities (`&x;&y;`) are common in entity-dense input;
         * checking the single character at `lastIndex` first skips the
         * `indexOf` call (and its per-call overhead) for that case.
         */
        offset =
            xmlString.charCodeAt(offset) === CharCodes.AMP
                ? offset
                : xmlString.indexOf("&", offset);
    } while (offset >= 0);
    return result + xmlString.slice(lastIndex);
}

// Re-export for use by eg. htmlparser2


//# sourceMappingURL=decode.js.map
;// CONCATENATED MODULE: ./src/site/html-tokenizer.ts
/* eslint-disable @typescript-eslint/no-unsafe-enum-comparison -- characters are numbers, compared with `Char`'s members by design */
var Char;
(function (Char) {
    Char[Char["Tab"] = 9] = "Tab";
    Char[Char["NewLine"] = 10] = "NewLine";
    Char[Char["FormFeed"] = 12] = "FormFeed";
    Char[Char["CarriageReturn"] = 13] = "CarriageReturn";
    Char[Char["Space"] = 32] = "Space";
    Char[Char["ExclamationMark"] = 33] = "ExclamationMark";
    Char[Char["DoubleQuote"] = 34] = "DoubleQuote";
    Char[Char["SingleQuote"] = 39] = "SingleQuote";
    Char[Char["Dash"] = 45] = "Dash";
    Char[Char["Slash"] = 47] = "Slash";
    Char[Char["Lt"] = 60] = "Lt";
    Char[Char["Eq"] = 61] = "Eq";
    Char[Char["Gt"] = 62] = "Gt";
    Char[Char["QuestionMark"] = 63] = "QuestionMark";
    Char[Char["OpeningSquareBracket"] = 91] = "OpeningSquareBracket";
    Char[Char["LowerD"] = 100] = "LowerD";
})(Char || (Char = {}));
var State;
(function (State) {
    State[State["Text"] = 0] = "Text";
    State[State["BeforeTagName"] = 1] = "BeforeTagName";
    State[State["InTagName"] = 2] = "InTagName";
    State[State["InSelfClosingTag"] = 3] = "InSelfClosingTag";
    State[State["BeforeClosingTagName"] = 4] = "BeforeClosingTagName";
    State[State["InClosingTagName"] = 5] = "InClosingTagName";
    State[State["AfterClosingTagName"] = 6] = "AfterClosingTagName";
    State[State["BeforeAttributeName"] = 7] = "BeforeAttributeName";
    State[State["InAttributeName"] = 8] = "InAttributeName";
    State[State["AfterAttributeName"] = 9] = "AfterAttributeName";
    State[State["BeforeAttributeValue"] = 10] = "BeforeAttributeValue";
    State[State["InAttributeValueDq"] = 11] = "InAttributeValueDq";
    State[State["InAttributeValueSq"] = 12] = "InAttributeValueSq";
    State[State["InAttributeValueNq"] = 13] = "InAttributeValueNq";
    State[State["BeforeDeclaration"] = 14] = "BeforeDeclaration";
    State[State["InDeclaration"] = 15] = "InDeclaration";
    State[State["BeforeComment"] = 16] = "BeforeComment";
    State[State["CdataSequence"] = 17] = "CdataSequence";
    State[State["DeclarationSequence"] = 18] = "DeclarationSequence";
    State[State["InSpecialComment"] = 19] = "InSpecialComment";
    State[State["InCommentLike"] = 20] = "InCommentLike";
    State[State["SpecialStartSequence"] = 21] = "SpecialStartSequence";
    State[State["InSpecialTag"] = 22] = "InSpecialTag";
    State[State["InPlainText"] = 23] = "InPlainText";
})(State || (State = {}));
const QUOTE_NONE = 0;
const QUOTE_UNQUOTED = 1;
const QUOTE_SINGLE = 2;
const QUOTE_DOUBLE = 3;
const codes = (text) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const EMPTY = codes('');
const CDATA = codes('CDATA[');
const CDATA_END = codes(']]>');
const COMMENT_END = codes('--!>');
const DOCTYPE = codes('doctype');
const IFRAME_END = codes('</iframe');
const NOEMBED_END = codes('</noembed');
const NOFRAMES_END = codes('</noframes');
const PLAINTEXT = codes('</plaintext');
const SCRIPT_END = codes('</script');
const STYLE_END = codes('</style');
const TITLE_END = codes('</title');
const TEXTAREA_END = codes('</textarea');
const XMP_END = codes('</xmp');
/** The raw-text element an opening tag may name, by its first letter in lower case; index 2 of each is that letter. */
const SPECIAL_BY_FIRST_LETTER = [];
for (const sequence of [IFRAME_END, NOEMBED_END, PLAINTEXT, SCRIPT_END, TITLE_END, XMP_END])
    SPECIAL_BY_FIRST_LETTER[sequence[2]] = sequence;
function html_tokenizer_isWhitespace(c) {
    return c === Char.Space || c === Char.NewLine || c === Char.Tab || c === Char.FormFeed || c === Char.CarriageReturn;
}
function isEndOfTagSection(c) {
    return c === Char.Slash || c === Char.Gt || html_tokenizer_isWhitespace(c);
}
/** What ends a name in a tag: whitespace, `/` and `>` end any (1 | 2), `=` an attribute's only (2). */
const ENDS_NAME = new Uint8Array(128);
for (const c of [Char.Tab, Char.NewLine, Char.FormFeed, Char.CarriageReturn, Char.Space, Char.Slash, Char.Gt])
    ENDS_NAME[c] = 3;
ENDS_NAME[Char.Eq] = 2;
const TAG_NAME = 1;
const ATTRIBUTE_NAME = 2;
/** Where the name that runs through `from` ends (the first character that ends a `kind` of name), or the end of `buffer`. */
function nameEnd(buffer, from, kind) {
    const length = buffer.length;
    let index = from;
    while (index < length) {
        const c = buffer.charCodeAt(index);
        if (c < 128 && (ENDS_NAME[c] & kind) !== 0)
            break;
        index++;
    }
    return index;
}
function isAsciiAlpha(c) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}
class HtmlTokenizer {
    cbs;
    state = State.Text;
    buffer = '';
    sectionStart = 0;
    index = 0;
    isSpecial = false;
    currentSequence = EMPTY;
    sequenceIndex = 0;
    constructor(cbs) {
        this.cbs = cbs;
    }
    /** Reads `html` whole, from the start state, calling back as it goes; ends with `onend`. */
    tokenize(html) {
        this.state = State.Text;
        this.buffer = html;
        this.sectionStart = 0;
        this.index = 0;
        this.isSpecial = false;
        this.currentSequence = EMPTY;
        this.sequenceIndex = 0;
        this.parse();
        this.emitPartial();
        this.handleTrailingData();
        this.cbs.onend();
        this.buffer = '';
    }
    parse() {
        const buffer = this.buffer;
        const length = buffer.length;
        while (this.index < length) {
            const c = buffer.charCodeAt(this.index);
            switch (this.state) {
                case State.Text:
                    this.stateText(c);
                    break;
                case State.InTagName:
                case State.BeforeAttributeName:
                case State.InSelfClosingTag:
                case State.InAttributeName:
                case State.AfterAttributeName:
                case State.BeforeAttributeValue:
                case State.InAttributeValueDq:
                case State.InAttributeValueSq:
                case State.InAttributeValueNq:
                    this.readTag();
                    break;
                case State.InClosingTagName:
                    this.stateInClosingTagName(c);
                    break;
                case State.BeforeTagName:
                    this.stateBeforeTagName(c);
                    break;
                case State.SpecialStartSequence:
                    this.stateSpecialStartSequence(c);
                    break;
                case State.InSpecialTag:
                    this.stateInSpecialTag(c);
                    break;
                case State.BeforeClosingTagName:
                    this.stateBeforeClosingTagName(c);
                    break;
                case State.AfterClosingTagName:
                    this.stateAfterClosingTagName(c);
                    break;
                case State.InCommentLike:
                    this.stateInCommentLike(c);
                    break;
                case State.InSpecialComment:
                    this.stateInSpecialComment(c);
                    break;
                case State.CdataSequence:
                    this.stateCdataSequence(c);
                    break;
                case State.DeclarationSequence:
                    this.stateDeclarationSequence(c);
                    break;
                case State.InDeclaration:
                    this.stateInDeclaration(c);
                    break;
                case State.BeforeDeclaration:
                    this.stateBeforeDeclaration(c);
                    break;
                case State.BeforeComment:
                    this.stateBeforeComment(c);
                    break;
                case State.InPlainText:
                    this.index = length - 1;
                    break;
            }
            this.index++;
        }
    }
    /**
     * Moves to the next `char` after the current position and says whether there is one; without one,
     * to the last character, which the loop then steps past.
     */
    fastForwardTo(char) {
        const found = this.buffer.indexOf(char, this.index + 1);
        this.index = found < 0 ? this.buffer.length - 1 : found;
        return found >= 0;
    }
    stateText(c) {
        if (c === Char.Lt || this.fastForwardTo('<')) {
            if (this.index > this.sectionStart)
                this.cbs.ontext(this.sectionStart, this.index);
            this.state = State.BeforeTagName;
            this.sectionStart = this.index;
            // The usual tags, `<a` and `</a`, are read on at once rather than a character a turn.
            const next = this.buffer.charCodeAt(this.index + 1);
            if (isAsciiAlpha(next)) {
                this.index++;
                this.stateBeforeTagName(next);
            }
            else if (next === Char.Slash) {
                this.index++;
                this.state = State.BeforeClosingTagName;
            }
        }
    }
    enterTagBody() {
        if (this.currentSequence === PLAINTEXT) {
            this.currentSequence = EMPTY;
            this.state = State.InPlainText;
        }
        else if (this.isSpecial) {
            this.state = State.InSpecialTag;
            this.sequenceIndex = 0;
        }
        else {
            this.state = State.Text;
        }
    }
    /** After `<s`, `<t`, …: whether the name goes on to one of the raw-text elements. */
    stateSpecialStartSequence(c) {
        const lower = c | 0x20;
        const sequence = this.currentSequence;
        if (this.sequenceIndex < sequence.length) {
            if (lower === sequence[this.sequenceIndex]) {
                this.sequenceIndex++;
                return;
            }
            if (this.sequenceIndex === 3) {
                if (sequence === SCRIPT_END && lower === STYLE_END[3]) {
                    this.currentSequence = STYLE_END;
                    this.sequenceIndex = 4;
                    return;
                }
                if (sequence === TITLE_END && lower === TEXTAREA_END[3]) {
                    this.currentSequence = TEXTAREA_END;
                    this.sequenceIndex = 4;
                    return;
                }
            }
            else if (this.sequenceIndex === 4 && sequence === NOEMBED_END && lower === NOFRAMES_END[4]) {
                this.currentSequence = NOFRAMES_END;
                this.sequenceIndex = 5;
                return;
            }
        }
        else if (isEndOfTagSection(c)) {
            this.sequenceIndex = 0;
            this.state = State.InTagName;
            this.readTag();
            return;
        }
        this.isSpecial = false;
        this.currentSequence = EMPTY;
        this.sequenceIndex = 0;
        this.state = State.InTagName;
        this.readTag();
    }
    stateCdataSequence(c) {
        if (c === CDATA[this.sequenceIndex]) {
            if (++this.sequenceIndex === CDATA.length) {
                this.state = State.InCommentLike;
                this.currentSequence = CDATA_END;
                this.sequenceIndex = 0;
                this.sectionStart = this.index + 1;
            }
        }
        else {
            this.sequenceIndex = 0;
            this.state = State.InSpecialComment;
            this.stateInSpecialComment(c);
        }
    }
    /**
     * Ends a comment at the current character, `offset` characters of its end sequence already
     * matched. The sequence index is reset on the way: every state that reads it sets it first.
     */
    emitComment(offset) {
        this.cbs.oncomment(this.sectionStart, this.index, offset);
        this.sequenceIndex = 0;
        this.sectionStart = this.index + 1;
        this.state = State.Text;
    }
    /** Inside a comment or CDATA section, looking for its end: `-->` or `--!>`, `]]>`. */
    stateInCommentLike(c) {
        const sequence = this.currentSequence;
        if (sequence === COMMENT_END &&
            this.sequenceIndex <= 1 &&
            this.index === this.sectionStart + this.sequenceIndex &&
            c === Char.Gt) {
            // `<!-->` and `<!--->`: an empty comment, closed abruptly.
            this.emitComment(this.sequenceIndex);
        }
        else if (sequence === COMMENT_END && this.sequenceIndex === 2 && c === Char.Gt) {
            this.emitComment(2);
        }
        else if (sequence === COMMENT_END && this.sequenceIndex === sequence.length - 1 && c !== Char.Gt) {
            this.sequenceIndex = Number(c === Char.Dash);
        }
        else if (c === sequence[this.sequenceIndex]) {
            if (++this.sequenceIndex === sequence.length) {
                if (sequence === CDATA_END)
                    this.cbs.oncdata(this.sectionStart, this.index, 2);
                else
                    this.cbs.oncomment(this.sectionStart, this.index, 3);
                this.sequenceIndex = 0;
                this.sectionStart = this.index + 1;
                this.state = State.Text;
            }
        }
        else if (this.sequenceIndex === 0) {
            if (this.fastForwardTo(String.fromCharCode(sequence[0])))
                this.sequenceIndex = 1;
        }
        else if (c !== sequence[this.sequenceIndex - 1]) {
            // `--->` and `]]]>` still end it.
            this.sequenceIndex = 0;
        }
    }
    /** Inside raw text, looking for the end tag of the element that opened it. */
    stateInSpecialTag(c) {
        const sequence = this.currentSequence;
        if (this.sequenceIndex === sequence.length) {
            if (isEndOfTagSection(c)) {
                const endOfText = this.index - sequence.length;
                if (this.sectionStart < endOfText)
                    this.cbs.ontext(this.sectionStart, endOfText);
                this.isSpecial = false;
                this.sectionStart = endOfText + 2;
                this.stateInClosingTagName(c);
                return;
            }
            this.sequenceIndex = 0;
        }
        if ((c | 0x20) === sequence[this.sequenceIndex]) {
            this.sequenceIndex += 1;
        }
        else if (this.sequenceIndex === 0) {
            // In `<title>` and `<textarea>` htmlparser2 does not skip ahead (it would decode entities
            // there): it looks at each character for one that is `<` once bit 0x20 is set, as U+001C is.
            if (sequence === TITLE_END || sequence === TEXTAREA_END)
                this.skipRcdata();
            else if (this.fastForwardTo('<'))
                this.sequenceIndex = 1;
        }
        else {
            // `<</script>`: the second `<` starts the end tag.
            this.sequenceIndex = Number(c === Char.Lt);
        }
    }
    /**
     * In `<title>` or `<textarea>`: moves to the last character before the next that htmlparser2
     * takes for `<` (by bit 0x20: `<` or U+001C), so that the loop hands that one to the state.
     */
    skipRcdata() {
        const buffer = this.buffer;
        const length = buffer.length;
        let index = this.index + 1;
        while (index < length && (buffer.charCodeAt(index) | 0x20) !== Char.Lt)
            index++;
        this.index = index - 1;
    }
    stateBeforeTagName(c) {
        if (c === Char.ExclamationMark) {
            this.state = State.BeforeDeclaration;
            this.sectionStart = this.index + 1;
        }
        else if (c === Char.QuestionMark) {
            this.state = State.InSpecialComment;
            this.sectionStart = this.index;
        }
        else if (isAsciiAlpha(c)) {
            this.sectionStart = this.index;
            const special = SPECIAL_BY_FIRST_LETTER[c | 0x20];
            if (special === undefined) {
                this.state = State.InTagName;
                this.readTag();
            }
            else {
                this.isSpecial = true;
                this.currentSequence = special;
                this.sequenceIndex = 3;
                this.state = State.SpecialStartSequence;
            }
        }
        else if (c === Char.Slash) {
            this.state = State.BeforeClosingTagName;
        }
        else {
            this.state = State.Text;
            this.stateText(c);
        }
    }
    /**
     * An opening tag from where it is (its name, or an attribute) to its `>`, or to the end of the
     * page: the states of a tag run here over local variables, in one loop, with names and quoted
     * values found by searching. Most of a page's characters are in its tags.
     */
    readTag() {
        const { buffer, cbs } = this;
        const length = buffer.length;
        let state = this.state;
        let start = this.sectionStart;
        let index = this.index;
        while (index < length) {
            const c = buffer.charCodeAt(index);
            // A `continue` hands the same character to the next state.
            switch (state) {
                case State.InTagName:
                    index = nameEnd(buffer, index, TAG_NAME);
                    if (index === length)
                        continue;
                    cbs.onopentagname(start, index);
                    start = -1;
                    state = State.BeforeAttributeName;
                    continue;
                case State.BeforeAttributeName:
                    if (c === Char.Gt) {
                        cbs.onopentagend(index);
                        this.index = index;
                        this.enterTagBody();
                        this.sectionStart = index + 1;
                        return;
                    }
                    if (c === Char.Slash) {
                        state = State.InSelfClosingTag;
                    }
                    else if (!html_tokenizer_isWhitespace(c)) {
                        // The name starts here, whatever the character (`<a =x>` names an attribute `=x`).
                        state = State.InAttributeName;
                        start = index;
                    }
                    break;
                case State.InSelfClosingTag:
                    if (c === Char.Gt) {
                        cbs.onselfclosingtag(index);
                        this.index = index;
                        this.sectionStart = index + 1;
                        // HTML does not close an element by `/>`: `<script/>` still opens raw text.
                        this.enterTagBody();
                        return;
                    }
                    if (!html_tokenizer_isWhitespace(c)) {
                        state = State.BeforeAttributeName;
                        continue;
                    }
                    break;
                case State.InAttributeName:
                    index = nameEnd(buffer, index, ATTRIBUTE_NAME);
                    if (index === length)
                        continue;
                    cbs.onattribname(start, index);
                    start = index;
                    state = State.AfterAttributeName;
                    continue;
                case State.AfterAttributeName:
                    if (c === Char.Eq) {
                        state = State.BeforeAttributeValue;
                    }
                    else if (c === Char.Slash || c === Char.Gt) {
                        cbs.onattribend(QUOTE_NONE, start);
                        start = -1;
                        state = State.BeforeAttributeName;
                        continue;
                    }
                    else if (!html_tokenizer_isWhitespace(c)) {
                        cbs.onattribend(QUOTE_NONE, start);
                        state = State.InAttributeName;
                        start = index;
                    }
                    break;
                case State.BeforeAttributeValue:
                    if (c === Char.DoubleQuote) {
                        state = State.InAttributeValueDq;
                        start = index + 1;
                    }
                    else if (c === Char.SingleQuote) {
                        state = State.InAttributeValueSq;
                        start = index + 1;
                    }
                    else if (!html_tokenizer_isWhitespace(c)) {
                        start = index;
                        state = State.InAttributeValueNq;
                        continue;
                    }
                    break;
                case State.InAttributeValueDq:
                case State.InAttributeValueSq: {
                    const double = state === State.InAttributeValueDq;
                    const end = buffer.indexOf(double ? '"' : "'", index);
                    if (end < 0) {
                        index = length;
                        continue;
                    }
                    cbs.onattribdata(start, end);
                    start = -1;
                    cbs.onattribend(double ? QUOTE_DOUBLE : QUOTE_SINGLE, end + 1);
                    state = State.BeforeAttributeName;
                    index = end;
                    break;
                }
                case State.InAttributeValueNq:
                    if (html_tokenizer_isWhitespace(c) || c === Char.Gt) {
                        cbs.onattribdata(start, index);
                        start = -1;
                        cbs.onattribend(QUOTE_UNQUOTED, index);
                        state = State.BeforeAttributeName;
                        continue;
                    }
                    break;
            }
            index++;
        }
        this.state = state;
        this.sectionStart = start;
        this.index = length - 1;
    }
    stateBeforeClosingTagName(c) {
        if (html_tokenizer_isWhitespace(c)) {
            this.state = State.InSpecialComment;
            this.sectionStart = this.index;
        }
        else if (c === Char.Gt) {
            this.state = State.Text;
            this.sectionStart = this.index + 1;
        }
        else if (isAsciiAlpha(c)) {
            this.state = State.InClosingTagName;
            this.sectionStart = this.index;
            this.stateInClosingTagName(c);
        }
        else {
            this.state = State.InSpecialComment;
            this.sectionStart = this.index;
        }
    }
    stateInClosingTagName(c) {
        if (!isEndOfTagSection(c)) {
            const end = nameEnd(this.buffer, this.index, TAG_NAME);
            if (end === this.buffer.length) {
                this.index = end - 1;
                return;
            }
            this.index = end;
            c = this.buffer.charCodeAt(end);
        }
        this.cbs.onclosetag(this.sectionStart, this.index);
        this.sectionStart = -1;
        this.state = State.AfterClosingTagName;
        this.stateAfterClosingTagName(c);
    }
    stateAfterClosingTagName(c) {
        if (c === Char.Gt || this.fastForwardTo('>')) {
            this.state = State.Text;
            this.sectionStart = this.index + 1;
        }
    }
    /** After `<!`: a comment, a doctype, CDATA, or a bogus comment that runs to the next `>`. */
    stateBeforeDeclaration(c) {
        if (c === Char.OpeningSquareBracket) {
            this.state = State.CdataSequence;
            this.sequenceIndex = 0;
        }
        else if ((c | 0x20) === Char.LowerD) {
            this.state = State.DeclarationSequence;
            this.currentSequence = DOCTYPE;
            this.sequenceIndex = 1;
        }
        else if (c === Char.Gt) {
            this.emitComment(0);
        }
        else if (c === Char.Dash) {
            this.state = State.BeforeComment;
        }
        else {
            this.state = State.InSpecialComment;
        }
    }
    stateDeclarationSequence(c) {
        if (this.sequenceIndex === this.currentSequence.length) {
            this.state = State.InDeclaration;
            this.stateInDeclaration(c);
        }
        else if ((c | 0x20) === this.currentSequence[this.sequenceIndex]) {
            this.sequenceIndex += 1;
        }
        else if (c === Char.Gt) {
            this.emitComment(0);
        }
        else {
            this.state = State.InSpecialComment;
        }
    }
    stateInDeclaration(c) {
        if (c === Char.Gt || this.fastForwardTo('>')) {
            this.cbs.ondeclaration(this.sectionStart, this.index);
            this.state = State.Text;
            this.sectionStart = this.index + 1;
        }
    }
    stateBeforeComment(c) {
        if (c === Char.Dash) {
            this.state = State.InCommentLike;
            this.currentSequence = COMMENT_END;
            this.sequenceIndex = 0;
            this.sectionStart = this.index + 1;
        }
        else if (c === Char.Gt) {
            this.emitComment(0);
        }
        else {
            this.state = State.InSpecialComment;
        }
    }
    stateInSpecialComment(c) {
        if (c === Char.Gt || this.fastForwardTo('>')) {
            this.emitComment(0);
        }
    }
    /** At the end of the page, what htmlparser2 hands over of a text or a value still open as it ends a write. */
    emitPartial() {
        if (this.sectionStart === this.index)
            return;
        const state = this.state;
        if (state === State.Text ||
            state === State.InPlainText ||
            (state === State.InSpecialTag && this.sequenceIndex === 0)) {
            this.cbs.ontext(this.sectionStart, this.index);
            this.sectionStart = this.index;
        }
        else if (state === State.InAttributeValueDq ||
            state === State.InAttributeValueSq ||
            state === State.InAttributeValueNq) {
            this.cbs.onattribdata(this.sectionStart, this.index);
            this.sectionStart = this.index;
        }
    }
    /** What an unfinished comment, declaration or text at the end of the page comes to; an unfinished tag is dropped. */
    handleTrailingData() {
        const endIndex = this.buffer.length;
        switch (this.state) {
            case State.InCommentLike:
                if (this.currentSequence === CDATA_END)
                    this.cbs.oncomment(this.sectionStart - CDATA.length - 1, endIndex, 0);
                else
                    this.cbs.oncomment(this.sectionStart, endIndex, Math.min(this.sequenceIndex, COMMENT_END.length - 1));
                return;
            case State.BeforeDeclaration:
            case State.InSpecialComment:
            case State.BeforeComment:
            case State.CdataSequence:
                this.cbs.oncomment(this.sectionStart, endIndex, 0);
                return;
            case State.DeclarationSequence:
                if (this.sequenceIndex !== DOCTYPE.length)
                    this.cbs.oncomment(this.sectionStart, endIndex, 0);
                return;
            case State.InDeclaration:
                return;
        }
        if (this.sectionStart >= endIndex)
            return;
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
                return;
            default:
                this.cbs.ontext(this.sectionStart, endIndex);
        }
    }
}

;// CONCATENATED MODULE: ./src/site/html.ts



const CSS_USE = { import: 'style', font: 'font', image: 'image' };
/** `<link rel>` values that load something, and as what (`preload`-like ones say it with `as`), or hint at a connection. */
const LINK_LOADS = {
    stylesheet: 'style',
    icon: 'image',
    'apple-touch-icon': 'image',
    'apple-touch-icon-precomposed': 'image',
    'mask-icon': 'image',
    manifest: 'other',
    modulepreload: 'script',
    preload: 'as',
    prefetch: 'as',
    preconnect: 'connect',
    'dns-prefetch': 'connect'
};
const PRELOAD_AS = {
    script: 'script',
    style: 'style',
    font: 'font',
    image: 'image',
    audio: 'media',
    video: 'media',
    track: 'media',
    document: 'frame'
};
/** The attributes read from each element that can hold a reference; `style` and `id` are read on every element. */
const ATTRIBUTES = {
    a: ['href', 'name'],
    area: ['href'],
    link: ['href', 'rel', 'as', 'imagesrcset'],
    script: ['src'],
    img: ['src', 'srcset'],
    // In <picture> a source has a srcset (images); in <video> and <audio> a src (media).
    source: ['src', 'srcset'],
    video: ['src', 'poster'],
    audio: ['src'],
    track: ['src'],
    iframe: ['src'],
    frame: ['src'],
    embed: ['src'],
    object: ['data'],
    input: ['src', 'type'],
    meta: ['property', 'name', 'content', 'http-equiv'],
    base: ['href'],
    style: [],
    // SVG: a sprite's symbol, and an image; both load with the page. SVG 2 reads href, SVG 1.1 xlink:href.
    use: ['href', 'xlink:href'],
    image: ['href', 'xlink:href']
};
const NO_ATTRIBUTES = [];
/** The element names above by their first letter, so that a tag is recognised without making a string of its name. */
const TAGS_BY_FIRST_LETTER = [];
for (const name of Object.keys(ATTRIBUTES))
    (TAGS_BY_FIRST_LETTER[name.charCodeAt(0)] ??= []).push(name);
/** Most elements hold no attribute worth reading: they share this, and allocate nothing. */
const NONE_READ = Object.freeze({});
/** Reads pages one after the other with one tokenizer, reused. */
class HtmlScanner {
    visitor = { reference() { }, address() { }, base() { }, id() { } };
    page = '';
    /** The element being read, when it is one that can hold a reference, else ''. */
    tag = '';
    /** Where the page names the element being read. */
    tagStart = 0;
    tagEnd = 0;
    wanted = NO_ATTRIBUTES;
    attributes = NONE_READ;
    /** The attribute being read, when it is one of `wanted`. */
    attribute;
    value = '';
    /** The text of the `<style>` element being read. */
    styleText;
    tokenizer = new HtmlTokenizer(this.callbacks());
    /** Calls `visitor` with each reference and id of `html`, in document order. */
    scan(html, visitor) {
        this.visitor = visitor;
        this.page = html;
        this.tag = '';
        this.styleText = undefined;
        this.tokenizer.tokenize(html);
        // A `<style>` still open at the end of the page is closed there by a browser, and applies.
        if (this.styleText !== undefined)
            this.css(this.styleText, 'style');
        this.page = '';
    }
    callbacks() {
        const ignore = () => { };
        return {
            onopentagname: (start, end) => {
                this.tagStart = start;
                this.tagEnd = end;
                this.tag = this.knownTag(start, end);
                this.wanted = ATTRIBUTES[this.tag] ?? NO_ATTRIBUTES;
                this.attributes = NONE_READ;
            },
            onattribname: (start, end) => {
                this.attribute = this.wantedAttribute(start, end);
                this.value = '';
            },
            onattribdata: (start, end) => {
                if (this.attribute !== undefined)
                    this.value += this.page.slice(start, end);
            },
            onattribend: () => {
                if (this.attribute === undefined)
                    return;
                if (this.attributes === NONE_READ)
                    this.attributes = {};
                this.attributes[this.attribute] = this.value.includes('&') ? decodeHTMLAttribute(this.value) : this.value;
                this.attribute = undefined;
            },
            onopentagend: () => this.openTag(),
            onselfclosingtag: () => this.openTag(),
            onclosetag: (start, end) => {
                if (this.styleText === undefined || this.page.slice(start, end).toLowerCase() !== 'style')
                    return;
                this.css(this.styleText, 'style');
                this.styleText = undefined;
            },
            ontext: (start, end) => {
                if (this.styleText !== undefined)
                    this.styleText += this.page.slice(start, end);
            },
            oncomment: ignore,
            oncdata: ignore,
            ondeclaration: ignore,
            onend: ignore
        };
    }
    /** The name of the element between `start` and `end` when it is one that is read, else ''. */
    knownTag(start, end) {
        const candidates = TAGS_BY_FIRST_LETTER[this.page.charCodeAt(start) | 0x20];
        if (candidates)
            for (const name of candidates)
                if (name.length === end - start && this.nameIs(start, name))
                    return name;
        return '';
    }
    /** The attribute named by the page between `start` and `end`, when it is read and not yet seen; no string is made otherwise. */
    wantedAttribute(start, end) {
        const length = end - start;
        if (length === 5 && this.nameIs(start, 'style'))
            return 'style' in this.attributes ? undefined : 'style';
        if (length === 2 && this.nameIs(start, 'id'))
            return 'id' in this.attributes ? undefined : 'id';
        for (const name of this.wanted) {
            if (name.length === length && this.nameIs(start, name))
                return name in this.attributes ? undefined : name;
        }
        return undefined;
    }
    /** Whether the page holds `name` (lower case) at `start`, in any case. */
    nameIs(start, name) {
        for (let i = 0; i < name.length; i++) {
            const char = this.page.charCodeAt(start + i);
            // ASCII letters compare case-insensitively; `-` and digits are unchanged by | 0x20.
            if ((char | 0x20) !== name.charCodeAt(i))
                return false;
        }
        return true;
    }
    emit(url, source, use) {
        if (url !== undefined)
            this.visitor.reference({ url, source, use });
    }
    emitSrcset(srcset, source, use) {
        if (srcset !== undefined)
            for (const url of srcsetUrls(srcset))
                this.visitor.reference({ url, source, use });
    }
    openTag() {
        const { tag: name, attributes } = this;
        switch (name) {
            case 'a':
                this.emit(attributes.href, 'a[href]', 'navigate');
                if (attributes.name)
                    this.visitor.id(attributes.name);
                break;
            case 'area':
                this.emit(attributes.href, 'area[href]', 'navigate');
                break;
            case 'link':
                this.link(attributes);
                break;
            case 'script':
                this.emit(attributes.src, 'script[src]', 'script');
                break;
            case 'img':
                this.emit(attributes.src, 'img[src]', 'image');
                this.emitSrcset(attributes.srcset, 'img[srcset]', 'image');
                break;
            case 'source':
                this.emit(attributes.src, 'source[src]', 'media');
                this.emitSrcset(attributes.srcset, 'source[srcset]', 'image');
                break;
            case 'video':
                this.emit(attributes.poster, 'video[poster]', 'image');
                this.emit(attributes.src, 'video[src]', 'media');
                break;
            case 'audio':
            case 'track':
                this.emit(attributes.src, `${name}[src]`, 'media');
                break;
            case 'iframe':
            case 'frame':
            case 'embed':
                this.emit(attributes.src, `${name}[src]`, 'frame');
                break;
            case 'object':
                this.emit(attributes.data, 'object[data]', 'frame');
                break;
            case 'input':
                if (attributes.type?.toLowerCase() === 'image')
                    this.emit(attributes.src, 'input[src]', 'image');
                break;
            case 'meta':
                this.meta(attributes);
                break;
            case 'base':
                if (attributes.href !== undefined)
                    this.visitor.base(attributes.href);
                break;
            case 'style':
                this.styleText = '';
                break;
            case 'use':
            case 'image':
                if (attributes.href !== undefined)
                    this.emit(attributes.href, `${name}[href]`, 'image');
                else
                    this.emit(attributes['xlink:href'], `${name}[xlink:href]`, 'image');
                break;
        }
        if (attributes.id)
            this.visitor.id(attributes.id);
        const style = attributes.style;
        if (style?.includes('('))
            this.css(style, `${this.page.slice(this.tagStart, this.tagEnd).toLowerCase()}[style]`);
        this.tag = '';
    }
    css(text, source) {
        scanCss(text, (reference) => this.visitor.reference({ url: reference.url, source, use: CSS_USE[reference.kind] }));
    }
    link(attributes) {
        const rel = (attributes.rel ?? '').trim().toLowerCase();
        const tokens = rel.split(/\s+/);
        this.emit(attributes.href, `link[rel=${tokens.join(' ')}]`, linkUse(tokens, attributes.as));
        if (attributes.href !== undefined && tokens.includes('canonical'))
            this.visitor.address({ url: attributes.href, source: 'canonical' });
        this.emitSrcset(attributes.imagesrcset, 'link[imagesrcset]', 'image');
    }
    meta(attributes) {
        const property = (attributes.property ?? attributes.name ?? '').toLowerCase();
        if (property === 'og:url' && attributes.content !== undefined)
            this.visitor.address({ url: attributes.content, source: 'og:url' });
        if (attributes['http-equiv']?.toLowerCase() === 'refresh' && attributes.content) {
            this.emit(refreshUrl(attributes.content), 'meta[http-equiv=refresh]', 'navigate');
        }
    }
}
/** A `<link>` loads what its rel says it loads; any other rel (alternate, next) is a link. */
function linkUse(rel, as) {
    if (rel.includes('canonical'))
        return 'address';
    // A rel that loads wins over a hint beside it: `preconnect preload` loads.
    let hint = false;
    for (const token of rel) {
        const use = LINK_LOADS[token];
        if (use === 'as')
            return PRELOAD_AS[(as ?? '').trim().toLowerCase()] ?? 'other';
        if (use === 'connect')
            hint = true;
        else if (use)
            return use;
    }
    return hint ? 'connect' : 'navigate';
}
/**
 * The URLs of a `srcset`, per the HTML standard's parsing: candidates are separated by commas,
 * a URL ends at whitespace (a URL may hold commas, but not end with one), and descriptors run
 * to the next comma outside parentheses.
 */
function srcsetUrls(srcset) {
    const urls = [];
    const length = srcset.length;
    let i = 0;
    while (i < length) {
        while (i < length && (isSpace(srcset.charCodeAt(i)) || srcset[i] === ','))
            i++;
        if (i >= length)
            break;
        const start = i;
        while (i < length && !isSpace(srcset.charCodeAt(i)))
            i++;
        let url = srcset.slice(start, i);
        if (url.endsWith(',')) {
            url = url.replace(/,+$/, '');
        }
        else {
            let parens = 0;
            for (; i < length; i++) {
                const char = srcset[i];
                if (char === '(')
                    parens++;
                else if (char === ')')
                    parens = Math.max(0, parens - 1);
                else if (char === ',' && parens === 0)
                    break;
            }
        }
        if (url)
            urls.push(url);
    }
    return urls;
}
function isSpace(char) {
    return char === 0x20 || char === 0x09 || char === 0x0a || char === 0x0c || char === 0x0d;
}
/** The URL of a `<meta http-equiv="refresh" content="5; url=/next">`, if it names one. */
function refreshUrl(content) {
    const match = /^\s*\d*(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/is.exec(content);
    let url = match?.[1]?.trim() ?? '';
    const quote = url[0];
    if (quote === '"' || quote === "'") {
        const end = url.indexOf(quote, 1);
        url = url.slice(1, end < 0 ? undefined : end);
    }
    return url || undefined;
}

;// CONCATENATED MODULE: ./src/site/resolve.ts


const NONE = { kind: 'none' };
/**
 * A copy of `text` that shares no memory with it. The parser's strings are slices of the whole
 * page they come from: keeping one in a finding or a cache would keep that page in memory.
 */
function copyString(text) {
    return (' ' + text).slice(1);
}
/** A stand-in origin for the site when its domain is unknown; `.invalid` never resolves (RFC 2606). */
const UNKNOWN_SITE_ORIGIN = 'https://exported-site.invalid';
class ReferenceResolver {
    /** The origin that stands for the site: its domain, or a stand-in. */
    siteOrigin;
    siteHost;
    constructor(domain) {
        this.siteOrigin = domain ? `https://${domain.toLowerCase()}` : UNKNOWN_SITE_ORIGIN;
        this.siteHost = new URL(this.siteOrigin).host;
    }
    /** The address a browser sees for a file of the site: `guides/a b.html` → `https://docs.acme.dev/guides/a%20b.html`. */
    pageUrl(file) {
        return `${this.siteOrigin}/${file.split('/').map(encodeURIComponent).join('/')}`;
    }
    /** Where `reference`, found in a page whose address (or `<base>`) is `base`, points. */
    resolve(reference, base) {
        const trimmed = reference.trim();
        if (trimmed === '' || trimmed.startsWith('#'))
            return NONE;
        const url = URL.parse(trimmed, base);
        if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
            return NONE;
        if (this.isSiteHost(url))
            return { kind: 'internal', path: decodePath(url.pathname) };
        return { kind: 'external', origin: url.origin, url: url.href };
    }
    /** True when `url` (absolute) is on the exported domain, by host, over http or https. */
    isSiteHost(url) {
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === this.siteHost;
    }
}
/** Percent-decoded, as the file's name on disk; a malformed escape is left as it is. */
function decodePath(pathname) {
    try {
        return decodeURIComponent(pathname);
    }
    catch {
        return pathname;
    }
}
/**
 * The fragment a link names, as written, without its `#`; undefined when it names no element:
 * no fragment, `#`, `#top` (the top of the page, with or without such an id) and a text fragment
 * alone (`#:~:text=…`, whose directive a browser strips before it looks for an element).
 */
function linkFragment(url) {
    const hash = url.indexOf('#');
    if (hash < 0)
        return undefined;
    const directive = url.indexOf(':~:', hash);
    const fragment = url.slice(hash + 1, directive < 0 ? undefined : directive).trimEnd();
    return fragment === '' || fragment.toLowerCase() === 'top' ? undefined : fragment;
}
/** Whether a page with these ids has the element `fragment` names: as written, else percent-decoded, as a browser looks. */
function hasFragment(ids, fragment) {
    return ids.has(fragment) || ids.has(decodePath(fragment));
}
/** The files of the unpacked site, looked up as a static host would. */
class SiteFiles {
    files;
    root;
    linkedFolders;
    /**
     * `files`: every file's path relative to `root`, with `/` separators. `linkedFolders`: the site
     * has symbolic links to folders, whose files the listing does not hold; they are looked up on disk.
     */
    constructor(root, files, linkedFolders = false) {
        this.root = root;
        this.files = new Set(files);
        this.linkedFolders = linkedFolders;
    }
    has(file) {
        return this.files.has(file);
    }
    /**
     * The file a static host serves for a site path, and how it found it; undefined for a 404.
     * `/x/` is `x/index.html`; `/x` is `x`, else `x.html`, else `x/index.html` (hosts redirect `/x` to `/x/`).
     */
    lookup(sitePath) {
        const relative = sitePath.replace(/^\/+/, '');
        if (relative === '' || relative.endsWith('/'))
            return this.find(`${relative}index.html`, 'index');
        return (this.find(relative, 'exact') ??
            this.find(`${relative}.html`, 'html') ??
            this.find(`${relative}/index.html`, 'index'));
    }
    find(file, match) {
        if (this.files.has(file) || (this.linkedFolders && this.isFileOnDisk(file)))
            return { file, match };
        return undefined;
    }
    /** A file under a linked folder (the unpacking policy keeps links inside the site). */
    isFileOnDisk(file) {
        const normal = external_node_path_default().posix.normalize(file);
        if (normal.startsWith('../') || normal.includes('\0'))
            return false;
        try {
            return (0,external_node_fs_namespaceObject.statSync)(external_node_path_default().join(this.root, normal)).isFile();
        }
        catch {
            return false;
        }
    }
}

;// CONCATENATED MODULE: ./src/site/browser/script-sets.ts
/**
 * Each page's set of scripts, iframes and embeds, gathered while the static check reads the site,
 * so that the browser pass can load a page of every set: the API reference pages with scripts of
 * their own, the one page with a video embed, are what a spread over the folders can miss.
 *
 * A script counts by its address without query (the same bundle on every page is one member), an
 * iframe or an embed by its origin (every video of one host is one member); an iframe or an embed
 * of the site is one member, whatever page it shows.
 */
const COUNTED = {
    'script[src]': 'address',
    'iframe[src]': 'origin',
    'embed[src]': 'origin',
    'object[data]': 'origin'
};
/**
 * The sets of the pages read so far; a worker thread's are merged into the main thread's as they
 * are (`parts()`), and put in order once, on the main thread (`snapshot()`). The static check keeps
 * them only when the browser pass will run.
 */
class ScriptSetTally {
    current = new Set();
    ids = new Map();
    sets = [];
    pages = [];
    /** A reference of the page being read, where the static check resolved it. */
    note(reference, target) {
        const counted = COUNTED[reference.source];
        if (!counted || target.kind === 'none')
            return;
        const tag = reference.source.slice(0, reference.source.indexOf('['));
        if (target.kind === 'internal')
            this.current.add(counted === 'address' ? `${tag} ${target.path}` : `${tag} (site)`);
        else if (counted === 'origin')
            this.current.add(`${tag} ${target.origin}`);
        else
            this.current.add(`${tag} ${target.url.replace(/[?#].*$/s, '')}`);
    }
    /** The page whose references were noted is read. */
    endPage(page) {
        const set = [...this.current].sort().join('\n');
        this.current = new Set();
        this.pages.push([page, this.idOf(set)]);
    }
    /** The sets and pages as they were read, in no order: what a worker thread sends to be merged. */
    parts() {
        return { sets: this.sets, pages: this.pages };
    }
    /**
     * The pages by name, and the sets numbered in the order of the pages that have them: the same
     * whichever threads read which pages.
     */
    snapshot() {
        const pages = this.pages
            .map(([page, set]) => [page, set])
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const renumbered = new Map();
        const sets = [];
        for (const entry of pages) {
            let id = renumbered.get(entry[1]);
            if (id === undefined) {
                id = sets.length;
                renumbered.set(entry[1], id);
                sets.push(this.sets[entry[1]] ?? '');
            }
            entry[1] = id;
        }
        return { sets, pages };
    }
    merge(other) {
        for (const [page, set] of other.pages)
            this.pages.push([page, this.idOf(other.sets[set] ?? '')]);
    }
    idOf(set) {
        let id = this.ids.get(set);
        if (id === undefined) {
            id = this.sets.length;
            this.ids.set(set, id);
            this.sets.push(set);
        }
        return id;
    }
}

;// CONCATENATED MODULE: ./node_modules/htmlparser2/dist/Tokenizer.js

var Tokenizer_CharCodes;
(function (CharCodes) {
    CharCodes[CharCodes["Tab"] = 9] = "Tab";
    CharCodes[CharCodes["NewLine"] = 10] = "NewLine";
    CharCodes[CharCodes["FormFeed"] = 12] = "FormFeed";
    CharCodes[CharCodes["CarriageReturn"] = 13] = "CarriageReturn";
    CharCodes[CharCodes["Space"] = 32] = "Space";
    CharCodes[CharCodes["ExclamationMark"] = 33] = "ExclamationMark";
    CharCodes[CharCodes["Number"] = 35] = "Number";
    CharCodes[CharCodes["Amp"] = 38] = "Amp";
    CharCodes[CharCodes["SingleQuote"] = 39] = "SingleQuote";
    CharCodes[CharCodes["DoubleQuote"] = 34] = "DoubleQuote";
    CharCodes[CharCodes["Dash"] = 45] = "Dash";
    CharCodes[CharCodes["Slash"] = 47] = "Slash";
    CharCodes[CharCodes["Zero"] = 48] = "Zero";
    CharCodes[CharCodes["Nine"] = 57] = "Nine";
    CharCodes[CharCodes["Semi"] = 59] = "Semi";
    CharCodes[CharCodes["Lt"] = 60] = "Lt";
    CharCodes[CharCodes["Eq"] = 61] = "Eq";
    CharCodes[CharCodes["Gt"] = 62] = "Gt";
    CharCodes[CharCodes["Questionmark"] = 63] = "Questionmark";
    CharCodes[CharCodes["UpperA"] = 65] = "UpperA";
    CharCodes[CharCodes["LowerA"] = 97] = "LowerA";
    CharCodes[CharCodes["UpperF"] = 70] = "UpperF";
    CharCodes[CharCodes["LowerF"] = 102] = "LowerF";
    CharCodes[CharCodes["UpperZ"] = 90] = "UpperZ";
    CharCodes[CharCodes["LowerZ"] = 122] = "LowerZ";
    CharCodes[CharCodes["LowerX"] = 120] = "LowerX";
    CharCodes[CharCodes["OpeningSquareBracket"] = 91] = "OpeningSquareBracket";
})(Tokenizer_CharCodes || (Tokenizer_CharCodes = {}));
/** All the states the tokenizer can be in. */
var Tokenizer_State;
(function (State) {
    State[State["Text"] = 1] = "Text";
    State[State["BeforeTagName"] = 2] = "BeforeTagName";
    State[State["InTagName"] = 3] = "InTagName";
    State[State["InSelfClosingTag"] = 4] = "InSelfClosingTag";
    State[State["BeforeClosingTagName"] = 5] = "BeforeClosingTagName";
    State[State["InClosingTagName"] = 6] = "InClosingTagName";
    State[State["AfterClosingTagName"] = 7] = "AfterClosingTagName";
    // Attributes
    State[State["BeforeAttributeName"] = 8] = "BeforeAttributeName";
    State[State["InAttributeName"] = 9] = "InAttributeName";
    State[State["AfterAttributeName"] = 10] = "AfterAttributeName";
    State[State["BeforeAttributeValue"] = 11] = "BeforeAttributeValue";
    State[State["InAttributeValueDq"] = 12] = "InAttributeValueDq";
    State[State["InAttributeValueSq"] = 13] = "InAttributeValueSq";
    State[State["InAttributeValueNq"] = 14] = "InAttributeValueNq";
    // Declarations
    State[State["BeforeDeclaration"] = 15] = "BeforeDeclaration";
    State[State["InDeclaration"] = 16] = "InDeclaration";
    // Processing instructions
    State[State["InProcessingInstruction"] = 17] = "InProcessingInstruction";
    // Comments & CDATA
    State[State["BeforeComment"] = 18] = "BeforeComment";
    State[State["CDATASequence"] = 19] = "CDATASequence";
    State[State["DeclarationSequence"] = 20] = "DeclarationSequence";
    State[State["InSpecialComment"] = 21] = "InSpecialComment";
    State[State["InCommentLike"] = 22] = "InCommentLike";
    // Special tags
    State[State["SpecialStartSequence"] = 23] = "SpecialStartSequence";
    State[State["InSpecialTag"] = 24] = "InSpecialTag";
    State[State["InPlainText"] = 25] = "InPlainText";
    State[State["InEntity"] = 26] = "InEntity";
})(Tokenizer_State || (Tokenizer_State = {}));
function Tokenizer_isWhitespace(c) {
    return (c === Tokenizer_CharCodes.Space ||
        c === Tokenizer_CharCodes.NewLine ||
        c === Tokenizer_CharCodes.Tab ||
        c === Tokenizer_CharCodes.FormFeed ||
        c === Tokenizer_CharCodes.CarriageReturn);
}
function Tokenizer_isEndOfTagSection(c) {
    return c === Tokenizer_CharCodes.Slash || c === Tokenizer_CharCodes.Gt || Tokenizer_isWhitespace(c);
}
function isASCIIAlpha(c) {
    return ((c >= Tokenizer_CharCodes.LowerA && c <= Tokenizer_CharCodes.LowerZ) ||
        (c >= Tokenizer_CharCodes.UpperA && c <= Tokenizer_CharCodes.UpperZ));
}
/**
 * Quote style used for parsed attributes.
 */
var QuoteType;
(function (QuoteType) {
    QuoteType[QuoteType["NoValue"] = 0] = "NoValue";
    QuoteType[QuoteType["Unquoted"] = 1] = "Unquoted";
    QuoteType[QuoteType["Single"] = 2] = "Single";
    QuoteType[QuoteType["Double"] = 3] = "Double";
})(QuoteType || (QuoteType = {}));
/**
 * Sequences used to match longer strings.
 *
 * We don't have `Script`, `Style`, or `Title` here. Instead, we re-use the *End
 * sequences with an increased offset.
 */
const Sequences = {
    Empty: new Uint8Array(0),
    Cdata: new Uint8Array([0x43, 0x44, 0x41, 0x54, 0x41, 0x5b]), // CDATA[
    CdataEnd: new Uint8Array([0x5d, 0x5d, 0x3e]), // ]]>
    CommentEnd: new Uint8Array([0x2d, 0x2d, 0x21, 0x3e]), // `--!>`
    Doctype: new Uint8Array([0x64, 0x6f, 0x63, 0x74, 0x79, 0x70, 0x65]), // `doctype`
    IframeEnd: new Uint8Array([0x3c, 0x2f, 0x69, 0x66, 0x72, 0x61, 0x6d, 0x65]), // `</iframe`
    NoembedEnd: new Uint8Array([
        0x3c, 0x2f, 0x6e, 0x6f, 0x65, 0x6d, 0x62, 0x65, 0x64,
    ]), // `</noembed`
    NoframesEnd: new Uint8Array([
        0x3c, 0x2f, 0x6e, 0x6f, 0x66, 0x72, 0x61, 0x6d, 0x65, 0x73,
    ]), // `</noframes`
    Plaintext: new Uint8Array([
        0x3c, 0x2f, 0x70, 0x6c, 0x61, 0x69, 0x6e, 0x74, 0x65, 0x78, 0x74,
    ]), // `</plaintext`
    ScriptEnd: new Uint8Array([0x3c, 0x2f, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74]), // `</script`
    StyleEnd: new Uint8Array([0x3c, 0x2f, 0x73, 0x74, 0x79, 0x6c, 0x65]), // `</style`
    TitleEnd: new Uint8Array([0x3c, 0x2f, 0x74, 0x69, 0x74, 0x6c, 0x65]), // `</title`
    TextareaEnd: new Uint8Array([
        0x3c, 0x2f, 0x74, 0x65, 0x78, 0x74, 0x61, 0x72, 0x65, 0x61,
    ]), // `</textarea`
    XmpEnd: new Uint8Array([0x3c, 0x2f, 0x78, 0x6d, 0x70]), // `</xmp`
};
/**
 * Maps the first lowercase character of an HTML tag name to the sequence
 * used for special-tag detection.  All sequences share a common layout
 * where index 2 is the first tag-name character, so matching always
 * continues from offset 3.
 */
const specialStartSequences = new Map([
    [Sequences.IframeEnd[2], Sequences.IframeEnd],
    [Sequences.NoembedEnd[2], Sequences.NoembedEnd],
    [Sequences.Plaintext[2], Sequences.Plaintext],
    [Sequences.ScriptEnd[2], Sequences.ScriptEnd],
    [Sequences.TitleEnd[2], Sequences.TitleEnd],
    [Sequences.XmpEnd[2], Sequences.XmpEnd],
]);
/**
 * Tokenizer implementation used by `Parser`.
 */
class Tokenizer {
    cbs;
    /** The current state the tokenizer is in. */
    state = Tokenizer_State.Text;
    /** The read buffer. */
    buffer = "";
    /** The beginning of the section that is currently being read. */
    sectionStart = 0;
    /** The index within the buffer that we are currently looking at. */
    index = 0;
    /** The start of the last entity. */
    entityStart = 0;
    /** Some behavior, eg. when decoding entities, is done while we are in another state. This keeps track of the other state type. */
    baseState = Tokenizer_State.Text;
    /** For special parsing behavior inside of script and style tags. */
    isSpecial = false;
    /** Indicates whether the tokenizer has been paused. */
    running = true;
    /** The offset of the current buffer. */
    offset = 0;
    xmlMode;
    decodeEntities;
    recognizeSelfClosing;
    entityDecoder;
    constructor({ xmlMode = false, decodeEntities = true, recognizeSelfClosing = xmlMode, }, cbs) {
        this.cbs = cbs;
        this.xmlMode = xmlMode;
        this.decodeEntities = decodeEntities;
        this.recognizeSelfClosing = recognizeSelfClosing;
        this.entityDecoder = new EntityDecoder(xmlMode ? xmlDecodeTree : htmlDecodeTree, (cp, consumed) => this.emitCodePoint(cp, consumed));
    }
    reset() {
        this.state = Tokenizer_State.Text;
        this.buffer = "";
        this.sectionStart = 0;
        this.index = 0;
        this.baseState = Tokenizer_State.Text;
        this.isSpecial = false;
        this.currentSequence = Sequences.Empty;
        this.sequenceIndex = 0;
        this.running = true;
        this.offset = 0;
    }
    write(chunk) {
        this.offset += this.buffer.length;
        this.buffer = chunk;
        this.parse();
    }
    end() {
        if (this.running)
            this.finish();
    }
    pause() {
        this.running = false;
    }
    resume() {
        this.running = true;
        if (this.index < this.buffer.length + this.offset) {
            this.parse();
        }
    }
    stateText(c) {
        if (c === Tokenizer_CharCodes.Lt ||
            (!this.decodeEntities && this.fastForwardTo(Tokenizer_CharCodes.Lt))) {
            if (this.index > this.sectionStart) {
                this.cbs.ontext(this.sectionStart, this.index);
            }
            this.state = Tokenizer_State.BeforeTagName;
            this.sectionStart = this.index;
        }
        else if (this.decodeEntities && c === Tokenizer_CharCodes.Amp) {
            this.startEntity();
        }
    }
    currentSequence = Sequences.Empty;
    sequenceIndex = 0;
    enterTagBody() {
        if (this.currentSequence === Sequences.Plaintext) {
            this.currentSequence = Sequences.Empty;
            this.state = Tokenizer_State.InPlainText;
        }
        else if (this.isSpecial) {
            this.state = Tokenizer_State.InSpecialTag;
            this.sequenceIndex = 0;
        }
        else {
            this.state = Tokenizer_State.Text;
        }
    }
    /**
     * Match the opening tag name against an HTML text-only tag sequence.
     *
     * Some tags share an initial prefix (`script`/`style`, `title`/`textarea`,
     * `noembed`/`noframes`), so we may switch to an alternate sequence at the
     * first distinguishing byte.  On a successful full match we fall back to
     * the normal tag-name state; a later `>` will enter raw-text, RCDATA, or
     * plaintext mode based on `currentSequence` / `isSpecial`.
     * @param c Current character code point.
     */
    stateSpecialStartSequence(c) {
        const lower = c | 0x20;
        // Still matching — check for an alternate sequence at branch points.
        if (this.sequenceIndex < this.currentSequence.length) {
            if (lower === this.currentSequence[this.sequenceIndex]) {
                this.sequenceIndex++;
                return;
            }
            if (this.sequenceIndex === 3) {
                if (this.currentSequence === Sequences.ScriptEnd &&
                    lower === Sequences.StyleEnd[3]) {
                    this.currentSequence = Sequences.StyleEnd;
                    this.sequenceIndex = 4;
                    return;
                }
                if (this.currentSequence === Sequences.TitleEnd &&
                    lower === Sequences.TextareaEnd[3]) {
                    this.currentSequence = Sequences.TextareaEnd;
                    this.sequenceIndex = 4;
                    return;
                }
            }
            else if (this.sequenceIndex === 4 &&
                this.currentSequence === Sequences.NoembedEnd &&
                lower === Sequences.NoframesEnd[4]) {
                this.currentSequence = Sequences.NoframesEnd;
                this.sequenceIndex = 5;
                return;
            }
        }
        else if (Tokenizer_isEndOfTagSection(c)) {
            // Full match on a valid tag boundary — keep the sequence.
            this.sequenceIndex = 0;
            this.state = Tokenizer_State.InTagName;
            this.stateInTagName(c);
            return;
        }
        // No match — abandon special-tag detection.
        this.isSpecial = false;
        this.currentSequence = Sequences.Empty;
        this.sequenceIndex = 0;
        this.state = Tokenizer_State.InTagName;
        this.stateInTagName(c);
    }
    stateCDATASequence(c) {
        if (c === Sequences.Cdata[this.sequenceIndex]) {
            if (++this.sequenceIndex === Sequences.Cdata.length) {
                this.state = Tokenizer_State.InCommentLike;
                this.currentSequence = Sequences.CdataEnd;
                this.sequenceIndex = 0;
                this.sectionStart = this.index + 1;
            }
        }
        else {
            this.sequenceIndex = 0;
            if (this.xmlMode) {
                this.state = Tokenizer_State.InDeclaration;
                this.stateInDeclaration(c); // Reconsume the character
            }
            else {
                this.state = Tokenizer_State.InSpecialComment;
                this.stateInSpecialComment(c); // Reconsume the character
            }
        }
    }
    /**
     * When we wait for one specific character, we can speed things up
     * by skipping through the buffer until we find it.
     * @param c Current character code point.
     * @returns Whether the character was found.
     */
    fastForwardTo(c) {
        while (++this.index < this.buffer.length + this.offset) {
            if (this.buffer.charCodeAt(this.index - this.offset) === c) {
                return true;
            }
        }
        /*
         * We increment the index at the end of the `parse` loop,
         * so set it to `buffer.length - 1` here.
         *
         * TODO: Refactor `parse` to increment index before calling states.
         */
        this.index = this.buffer.length + this.offset - 1;
        return false;
    }
    /**
     * Emit a comment token and return to the text state.
     * @param offset Number of characters in the end sequence that have already been matched.
     */
    emitComment(offset) {
        this.cbs.oncomment(this.sectionStart, this.index, offset);
        this.sequenceIndex = 0;
        this.sectionStart = this.index + 1;
        this.state = Tokenizer_State.Text;
    }
    /**
     * Comments and CDATA end with `-->` and `]]>`.
     *
     * Their common qualities are:
     * - Their end sequences have a distinct character they start with.
     * - That character is then repeated, so we have to check multiple repeats.
     * - All characters but the start character of the sequence can be skipped.
     * @param c Current character code point.
     */
    stateInCommentLike(c) {
        if (!this.xmlMode &&
            this.currentSequence === Sequences.CommentEnd &&
            this.sequenceIndex <= 1 &&
            /*
             * We're still at the very start of the comment: the only
             * characters consumed since `<!--` are the dashes that
             * advanced sequenceIndex (0 for `<!-->`, 1 for `<!--->`).
             */
            this.index === this.sectionStart + this.sequenceIndex &&
            c === Tokenizer_CharCodes.Gt) {
            // Abruptly closed empty HTML comment.
            this.emitComment(this.sequenceIndex);
        }
        else if (this.currentSequence === Sequences.CommentEnd &&
            this.sequenceIndex === 2 &&
            c === Tokenizer_CharCodes.Gt) {
            // `!` is optional here, so the same sequence also accepts `-->`.
            this.emitComment(2);
        }
        else if (this.currentSequence === Sequences.CommentEnd &&
            this.sequenceIndex === this.currentSequence.length - 1 &&
            c !== Tokenizer_CharCodes.Gt) {
            this.sequenceIndex = Number(c === Tokenizer_CharCodes.Dash);
        }
        else if (c === this.currentSequence[this.sequenceIndex]) {
            if (++this.sequenceIndex === this.currentSequence.length) {
                if (this.currentSequence === Sequences.CdataEnd) {
                    this.cbs.oncdata(this.sectionStart, this.index, 2);
                }
                else {
                    this.cbs.oncomment(this.sectionStart, this.index, 3);
                }
                this.sequenceIndex = 0;
                this.sectionStart = this.index + 1;
                this.state = Tokenizer_State.Text;
            }
        }
        else if (this.sequenceIndex === 0) {
            // Fast-forward to the first character of the sequence
            if (this.fastForwardTo(this.currentSequence[0])) {
                this.sequenceIndex = 1;
            }
        }
        else if (c !== this.currentSequence[this.sequenceIndex - 1]) {
            // Allow long sequences, eg. --->, ]]]>
            this.sequenceIndex = 0;
        }
    }
    /**
     * HTML only allows ASCII alpha characters (a-z and A-Z) at the beginning of a tag name.
     *
     * XML allows a lot more characters here (@see https://www.w3.org/TR/REC-xml/#NT-NameStartChar).
     * We allow anything that wouldn't end the tag.
     * @param c Current character code point.
     */
    isTagStartChar(c) {
        return this.xmlMode ? !Tokenizer_isEndOfTagSection(c) : isASCIIAlpha(c);
    }
    /**
     * Scan raw-text / RCDATA content for the matching end tag.
     *
     * For RCDATA tags (`<title>`, `<textarea>`) entities are decoded inline.
     * For raw-text tags (`<script>`, `<style>`, etc.) we fast-forward to `<`.
     * @param c Current character code point.
     */
    stateInSpecialTag(c) {
        if (this.sequenceIndex === this.currentSequence.length) {
            if (Tokenizer_isEndOfTagSection(c)) {
                const endOfText = this.index - this.currentSequence.length;
                if (this.sectionStart < endOfText) {
                    // Spoof the index so that reported locations match up.
                    const actualIndex = this.index;
                    this.index = endOfText;
                    this.cbs.ontext(this.sectionStart, endOfText);
                    this.index = actualIndex;
                }
                this.isSpecial = false;
                this.sectionStart = endOfText + 2; // Skip over the `</`
                this.stateInClosingTagName(c);
                return; // We are done; skip the rest of the function.
            }
            this.sequenceIndex = 0;
        }
        if ((c | 0x20) === this.currentSequence[this.sequenceIndex]) {
            this.sequenceIndex += 1;
        }
        else if (this.sequenceIndex === 0) {
            if (this.currentSequence === Sequences.TitleEnd ||
                this.currentSequence === Sequences.TextareaEnd) {
                // RCDATA tags have to parse entities while still looking for their end tag.
                if (this.decodeEntities && c === Tokenizer_CharCodes.Amp) {
                    this.startEntity();
                }
            }
            else if (this.fastForwardTo(Tokenizer_CharCodes.Lt)) {
                // Outside of RCDATA tags, we can fast-forward.
                this.sequenceIndex = 1;
            }
        }
        else {
            // If we see a `<`, set the sequence index to 1; useful for eg. `<</script>`.
            this.sequenceIndex = Number(c === Tokenizer_CharCodes.Lt);
        }
    }
    stateBeforeTagName(c) {
        if (c === Tokenizer_CharCodes.ExclamationMark) {
            this.state = Tokenizer_State.BeforeDeclaration;
            this.sectionStart = this.index + 1;
        }
        else if (c === Tokenizer_CharCodes.Questionmark) {
            if (this.xmlMode) {
                this.state = Tokenizer_State.InProcessingInstruction;
                this.sequenceIndex = 0;
                this.sectionStart = this.index + 1;
            }
            else {
                this.state = Tokenizer_State.InSpecialComment;
                this.sectionStart = this.index;
            }
        }
        else if (this.isTagStartChar(c)) {
            this.sectionStart = this.index;
            const special = this.xmlMode || this.cbs.isInForeignContext?.()
                ? undefined
                : specialStartSequences.get(c | 0x20);
            if (special === undefined) {
                this.state = Tokenizer_State.InTagName;
            }
            else {
                this.isSpecial = true;
                this.currentSequence = special;
                this.sequenceIndex = 3;
                this.state = Tokenizer_State.SpecialStartSequence;
            }
        }
        else if (c === Tokenizer_CharCodes.Slash) {
            this.state = Tokenizer_State.BeforeClosingTagName;
        }
        else {
            this.state = Tokenizer_State.Text;
            this.stateText(c);
        }
    }
    stateInTagName(c) {
        if (Tokenizer_isEndOfTagSection(c)) {
            this.cbs.onopentagname(this.sectionStart, this.index);
            this.sectionStart = -1;
            this.state = Tokenizer_State.BeforeAttributeName;
            this.stateBeforeAttributeName(c);
        }
    }
    stateBeforeClosingTagName(c) {
        if (Tokenizer_isWhitespace(c)) {
            if (this.xmlMode) {
                // Ignore
            }
            else {
                this.state = Tokenizer_State.InSpecialComment;
                this.sectionStart = this.index;
            }
        }
        else if (c === Tokenizer_CharCodes.Gt) {
            this.state = Tokenizer_State.Text;
            if (!this.xmlMode) {
                this.sectionStart = this.index + 1;
            }
        }
        else {
            this.state = this.isTagStartChar(c)
                ? Tokenizer_State.InClosingTagName
                : Tokenizer_State.InSpecialComment;
            this.sectionStart = this.index;
        }
    }
    stateInClosingTagName(c) {
        if (Tokenizer_isEndOfTagSection(c)) {
            this.cbs.onclosetag(this.sectionStart, this.index);
            this.sectionStart = -1;
            this.state = Tokenizer_State.AfterClosingTagName;
            this.stateAfterClosingTagName(c);
        }
    }
    stateAfterClosingTagName(c) {
        // Skip everything until ">"
        if (c === Tokenizer_CharCodes.Gt || this.fastForwardTo(Tokenizer_CharCodes.Gt)) {
            this.state = Tokenizer_State.Text;
            this.sectionStart = this.index + 1;
        }
    }
    stateBeforeAttributeName(c) {
        if (c === Tokenizer_CharCodes.Gt) {
            this.cbs.onopentagend(this.index);
            this.enterTagBody();
            this.sectionStart = this.index + 1;
        }
        else if (c === Tokenizer_CharCodes.Slash) {
            this.state = Tokenizer_State.InSelfClosingTag;
        }
        else if (!Tokenizer_isWhitespace(c)) {
            this.state = Tokenizer_State.InAttributeName;
            this.sectionStart = this.index;
        }
    }
    /**
     * Handle `/` before `>` in an opening tag.
     *
     * In HTML mode, text-only tags ignore the self-closing flag and still enter
     * their raw-text/RCDATA/plaintext state unless self-closing tags are being
     * recognized. In XML mode, or for ordinary tags, the tokenizer returns to
     * regular text parsing after emitting the self-closing callback.
     * @param c Current character code point.
     */
    stateInSelfClosingTag(c) {
        if (c === Tokenizer_CharCodes.Gt) {
            this.cbs.onselfclosingtag(this.index);
            this.sectionStart = this.index + 1;
            if (!this.recognizeSelfClosing) {
                this.enterTagBody();
                return;
            }
            this.state = Tokenizer_State.Text;
            this.isSpecial = false; // Reset special state, in case of self-closing special tags
            this.currentSequence = Sequences.Empty;
        }
        else if (!Tokenizer_isWhitespace(c)) {
            this.state = Tokenizer_State.BeforeAttributeName;
            this.stateBeforeAttributeName(c);
        }
    }
    stateInAttributeName(c) {
        if (c === Tokenizer_CharCodes.Eq || Tokenizer_isEndOfTagSection(c)) {
            this.cbs.onattribname(this.sectionStart, this.index);
            this.sectionStart = this.index;
            this.state = Tokenizer_State.AfterAttributeName;
            this.stateAfterAttributeName(c);
        }
    }
    stateAfterAttributeName(c) {
        if (c === Tokenizer_CharCodes.Eq) {
            this.state = Tokenizer_State.BeforeAttributeValue;
        }
        else if (c === Tokenizer_CharCodes.Slash || c === Tokenizer_CharCodes.Gt) {
            this.cbs.onattribend(QuoteType.NoValue, this.sectionStart);
            this.sectionStart = -1;
            this.state = Tokenizer_State.BeforeAttributeName;
            this.stateBeforeAttributeName(c);
        }
        else if (!Tokenizer_isWhitespace(c)) {
            this.cbs.onattribend(QuoteType.NoValue, this.sectionStart);
            this.state = Tokenizer_State.InAttributeName;
            this.sectionStart = this.index;
        }
    }
    stateBeforeAttributeValue(c) {
        if (c === Tokenizer_CharCodes.DoubleQuote) {
            this.state = Tokenizer_State.InAttributeValueDq;
            this.sectionStart = this.index + 1;
        }
        else if (c === Tokenizer_CharCodes.SingleQuote) {
            this.state = Tokenizer_State.InAttributeValueSq;
            this.sectionStart = this.index + 1;
        }
        else if (!Tokenizer_isWhitespace(c)) {
            this.sectionStart = this.index;
            this.state = Tokenizer_State.InAttributeValueNq;
            this.stateInAttributeValueNoQuotes(c); // Reconsume token
        }
    }
    handleInAttributeValue(c, quote) {
        if (c === quote ||
            (!this.decodeEntities && this.fastForwardTo(quote))) {
            this.cbs.onattribdata(this.sectionStart, this.index);
            this.sectionStart = -1;
            this.cbs.onattribend(quote === Tokenizer_CharCodes.DoubleQuote
                ? QuoteType.Double
                : QuoteType.Single, this.index + 1);
            this.state = Tokenizer_State.BeforeAttributeName;
        }
        else if (this.decodeEntities && c === Tokenizer_CharCodes.Amp) {
            this.startEntity();
        }
    }
    stateInAttributeValueDoubleQuotes(c) {
        this.handleInAttributeValue(c, Tokenizer_CharCodes.DoubleQuote);
    }
    stateInAttributeValueSingleQuotes(c) {
        this.handleInAttributeValue(c, Tokenizer_CharCodes.SingleQuote);
    }
    stateInAttributeValueNoQuotes(c) {
        if (Tokenizer_isWhitespace(c) || c === Tokenizer_CharCodes.Gt) {
            this.cbs.onattribdata(this.sectionStart, this.index);
            this.sectionStart = -1;
            this.cbs.onattribend(QuoteType.Unquoted, this.index);
            this.state = Tokenizer_State.BeforeAttributeName;
            this.stateBeforeAttributeName(c);
        }
        else if (this.decodeEntities && c === Tokenizer_CharCodes.Amp) {
            this.startEntity();
        }
    }
    /**
     * Distinguish between CDATA, declarations, HTML comments, and HTML bogus
     * comments after `<!`.
     *
     * In HTML mode, only real comments and doctypes stay on declaration paths;
     * everything else becomes a bogus comment terminated by the next `>`.
     * @param c Current character code point.
     */
    stateBeforeDeclaration(c) {
        if (c === Tokenizer_CharCodes.OpeningSquareBracket) {
            this.state = Tokenizer_State.CDATASequence;
            this.sequenceIndex = 0;
        }
        else if (this.xmlMode) {
            this.state =
                c === Tokenizer_CharCodes.Dash
                    ? Tokenizer_State.BeforeComment
                    : Tokenizer_State.InDeclaration;
        }
        else if ((c | 0x20) === Sequences.Doctype[0]) {
            this.state = Tokenizer_State.DeclarationSequence;
            this.currentSequence = Sequences.Doctype;
            this.sequenceIndex = 1;
        }
        else if (c === Tokenizer_CharCodes.Gt) {
            this.cbs.oncomment(this.sectionStart, this.index, 0);
            this.state = Tokenizer_State.Text;
            this.sectionStart = this.index + 1;
        }
        else if (c === Tokenizer_CharCodes.Dash) {
            this.state = Tokenizer_State.BeforeComment;
        }
        else {
            this.state = Tokenizer_State.InSpecialComment;
        }
    }
    /**
     * Continue matching `doctype` after `<!d`.
     *
     * A full `doctype` match stays on the declaration path; any other name falls
     * back to an HTML bogus comment, which matches browser behavior for
     * non-doctype `<!...>` constructs.
     * @param c Current character code point.
     */
    stateDeclarationSequence(c) {
        if (this.sequenceIndex === this.currentSequence.length) {
            this.state = Tokenizer_State.InDeclaration;
            this.stateInDeclaration(c);
        }
        else if ((c | 0x20) === this.currentSequence[this.sequenceIndex]) {
            this.sequenceIndex += 1;
        }
        else if (c === Tokenizer_CharCodes.Gt) {
            this.cbs.oncomment(this.sectionStart, this.index, 0);
            this.state = Tokenizer_State.Text;
            this.sectionStart = this.index + 1;
        }
        else {
            this.state = Tokenizer_State.InSpecialComment;
        }
    }
    stateInDeclaration(c) {
        if (c === Tokenizer_CharCodes.Gt || this.fastForwardTo(Tokenizer_CharCodes.Gt)) {
            this.cbs.ondeclaration(this.sectionStart, this.index);
            this.state = Tokenizer_State.Text;
            this.sectionStart = this.index + 1;
        }
    }
    /**
     * XML processing instructions (`<?...?>`).
     *
     * In HTML mode `<?` is routed to `InSpecialComment` instead, so this
     * state is only reachable in XML mode.
     * @param c Current character code point.
     */
    stateInProcessingInstruction(c) {
        if (c === Tokenizer_CharCodes.Questionmark) {
            // Remember that we just consumed `?`, so the next `>` closes the PI.
            this.sequenceIndex = 1;
        }
        else if (c === Tokenizer_CharCodes.Gt && this.sequenceIndex === 1) {
            this.cbs.onprocessinginstruction(this.sectionStart, this.index - 1);
            this.sequenceIndex = 0;
            this.state = Tokenizer_State.Text;
            this.sectionStart = this.index + 1;
        }
        else {
            // Keep scanning for the next `?`, which can start a closing `?>`.
            this.sequenceIndex = Number(this.fastForwardTo(Tokenizer_CharCodes.Questionmark));
        }
    }
    stateBeforeComment(c) {
        if (c === Tokenizer_CharCodes.Dash) {
            this.state = Tokenizer_State.InCommentLike;
            this.currentSequence = Sequences.CommentEnd;
            this.sequenceIndex = 0;
            this.sectionStart = this.index + 1;
        }
        else if (this.xmlMode) {
            this.state = Tokenizer_State.InDeclaration;
        }
        else if (c === Tokenizer_CharCodes.Gt) {
            this.cbs.oncomment(this.sectionStart, this.index, 0);
            this.state = Tokenizer_State.Text;
            this.sectionStart = this.index + 1;
        }
        else {
            this.state = Tokenizer_State.InSpecialComment;
        }
    }
    stateInSpecialComment(c) {
        if (c === Tokenizer_CharCodes.Gt || this.fastForwardTo(Tokenizer_CharCodes.Gt)) {
            this.cbs.oncomment(this.sectionStart, this.index, 0);
            this.state = Tokenizer_State.Text;
            this.sectionStart = this.index + 1;
        }
    }
    startEntity() {
        this.baseState = this.state;
        this.state = Tokenizer_State.InEntity;
        this.entityStart = this.index;
        this.entityDecoder.startEntity(this.xmlMode
            ? DecodingMode.Strict
            : this.baseState === Tokenizer_State.Text ||
                this.baseState === Tokenizer_State.InSpecialTag
                ? DecodingMode.Legacy
                : DecodingMode.Attribute);
    }
    stateInEntity() {
        const indexInBuffer = this.index - this.offset;
        const length = this.entityDecoder.write(this.buffer, indexInBuffer);
        // If `length` is positive, we are done with the entity.
        if (length >= 0) {
            this.state = this.baseState;
            if (length === 0) {
                this.index -= 1;
            }
        }
        else {
            if (indexInBuffer < this.buffer.length &&
                this.buffer.charCodeAt(indexInBuffer) === Tokenizer_CharCodes.Amp) {
                this.state = this.baseState;
                this.index -= 1;
                return;
            }
            // Mark buffer as consumed.
            this.index = this.offset + this.buffer.length - 1;
        }
    }
    /**
     * Remove data that has already been consumed from the buffer.
     */
    cleanup() {
        // If we are inside of text or attributes, emit what we already have.
        if (this.running && this.sectionStart !== this.index) {
            if (this.state === Tokenizer_State.Text ||
                this.state === Tokenizer_State.InPlainText ||
                (this.state === Tokenizer_State.InSpecialTag && this.sequenceIndex === 0)) {
                this.cbs.ontext(this.sectionStart, this.index);
                this.sectionStart = this.index;
            }
            else if (this.state === Tokenizer_State.InAttributeValueDq ||
                this.state === Tokenizer_State.InAttributeValueSq ||
                this.state === Tokenizer_State.InAttributeValueNq) {
                this.cbs.onattribdata(this.sectionStart, this.index);
                this.sectionStart = this.index;
            }
        }
    }
    shouldContinue() {
        return this.index < this.buffer.length + this.offset && this.running;
    }
    /**
     * Iterates through the buffer, calling the function corresponding to the current state.
     *
     * States that are more likely to be hit are higher up, as a performance improvement.
     */
    parse() {
        while (this.shouldContinue()) {
            const c = this.buffer.charCodeAt(this.index - this.offset);
            switch (this.state) {
                case Tokenizer_State.Text: {
                    this.stateText(c);
                    break;
                }
                case Tokenizer_State.InPlainText: {
                    // Skip to end of buffer; cleanup() emits the text.
                    this.index = this.buffer.length + this.offset - 1;
                    break;
                }
                case Tokenizer_State.SpecialStartSequence: {
                    this.stateSpecialStartSequence(c);
                    break;
                }
                case Tokenizer_State.InSpecialTag: {
                    this.stateInSpecialTag(c);
                    break;
                }
                case Tokenizer_State.CDATASequence: {
                    this.stateCDATASequence(c);
                    break;
                }
                case Tokenizer_State.DeclarationSequence: {
                    this.stateDeclarationSequence(c);
                    break;
                }
                case Tokenizer_State.InAttributeValueDq: {
                    this.stateInAttributeValueDoubleQuotes(c);
                    break;
                }
                case Tokenizer_State.InAttributeName: {
                    this.stateInAttributeName(c);
                    break;
                }
                case Tokenizer_State.InCommentLike: {
                    this.stateInCommentLike(c);
                    break;
                }
                case Tokenizer_State.InSpecialComment: {
                    this.stateInSpecialComment(c);
                    break;
                }
                case Tokenizer_State.BeforeAttributeName: {
                    this.stateBeforeAttributeName(c);
                    break;
                }
                case Tokenizer_State.InTagName: {
                    this.stateInTagName(c);
                    break;
                }
                case Tokenizer_State.InClosingTagName: {
                    this.stateInClosingTagName(c);
                    break;
                }
                case Tokenizer_State.BeforeTagName: {
                    this.stateBeforeTagName(c);
                    break;
                }
                case Tokenizer_State.AfterAttributeName: {
                    this.stateAfterAttributeName(c);
                    break;
                }
                case Tokenizer_State.InAttributeValueSq: {
                    this.stateInAttributeValueSingleQuotes(c);
                    break;
                }
                case Tokenizer_State.BeforeAttributeValue: {
                    this.stateBeforeAttributeValue(c);
                    break;
                }
                case Tokenizer_State.BeforeClosingTagName: {
                    this.stateBeforeClosingTagName(c);
                    break;
                }
                case Tokenizer_State.AfterClosingTagName: {
                    this.stateAfterClosingTagName(c);
                    break;
                }
                case Tokenizer_State.InAttributeValueNq: {
                    this.stateInAttributeValueNoQuotes(c);
                    break;
                }
                case Tokenizer_State.InSelfClosingTag: {
                    this.stateInSelfClosingTag(c);
                    break;
                }
                case Tokenizer_State.InDeclaration: {
                    this.stateInDeclaration(c);
                    break;
                }
                case Tokenizer_State.BeforeDeclaration: {
                    this.stateBeforeDeclaration(c);
                    break;
                }
                case Tokenizer_State.BeforeComment: {
                    this.stateBeforeComment(c);
                    break;
                }
                case Tokenizer_State.InProcessingInstruction: {
                    this.stateInProcessingInstruction(c);
                    break;
                }
                case Tokenizer_State.InEntity: {
                    this.stateInEntity();
                    break;
                }
            }
            this.index++;
        }
        this.cleanup();
    }
    finish() {
        if (this.state === Tokenizer_State.InEntity) {
            this.entityDecoder.end();
            this.state = this.baseState;
        }
        this.handleTrailingData();
        this.cbs.onend();
    }
    handleTrailingCommentLikeData(endIndex) {
        if (this.state !== Tokenizer_State.InCommentLike) {
            return false;
        }
        if (this.currentSequence === Sequences.CdataEnd) {
            if (this.xmlMode) {
                if (this.sectionStart < endIndex) {
                    this.cbs.oncdata(this.sectionStart, endIndex, 0);
                }
            }
            else {
                /* In HTML mode, unclosed CDATA is a bogus comment. */
                const cdataStart = this.sectionStart - Sequences.Cdata.length - 1;
                this.cbs.oncomment(cdataStart, endIndex, 0);
            }
        }
        else {
            const offset = this.xmlMode
                ? 0
                : Math.min(this.sequenceIndex, Sequences.CommentEnd.length - 1);
            this.cbs.oncomment(this.sectionStart, endIndex, offset);
        }
        return true;
    }
    handleTrailingMarkupDeclaration(endIndex) {
        if (this.xmlMode) {
            switch (this.state) {
                case Tokenizer_State.InSpecialComment:
                case Tokenizer_State.BeforeComment:
                case Tokenizer_State.CDATASequence:
                case Tokenizer_State.DeclarationSequence:
                case Tokenizer_State.InDeclaration: {
                    this.cbs.ontext(this.sectionStart, endIndex);
                    return true;
                }
                default: {
                    return false;
                }
            }
        }
        switch (this.state) {
            case Tokenizer_State.BeforeDeclaration:
            case Tokenizer_State.InSpecialComment:
            case Tokenizer_State.BeforeComment:
            case Tokenizer_State.CDATASequence: {
                this.cbs.oncomment(this.sectionStart, endIndex, 0);
                return true;
            }
            case Tokenizer_State.DeclarationSequence: {
                if (this.sequenceIndex !== Sequences.Doctype.length) {
                    this.cbs.oncomment(this.sectionStart, endIndex, 0);
                }
                return true;
            }
            case Tokenizer_State.InDeclaration: {
                return true;
            }
            default: {
                return false;
            }
        }
    }
    /** Handle any trailing data. */
    handleTrailingData() {
        const endIndex = this.buffer.length + this.offset;
        if (this.handleTrailingCommentLikeData(endIndex) ||
            this.handleTrailingMarkupDeclaration(endIndex)) {
            return;
        }
        // If there is no remaining data, we are done.
        if (this.sectionStart >= endIndex) {
            return;
        }
        switch (this.state) {
            case Tokenizer_State.InTagName:
            case Tokenizer_State.BeforeAttributeName:
            case Tokenizer_State.BeforeAttributeValue:
            case Tokenizer_State.AfterAttributeName:
            case Tokenizer_State.InAttributeName:
            case Tokenizer_State.InAttributeValueSq:
            case Tokenizer_State.InAttributeValueDq:
            case Tokenizer_State.InAttributeValueNq:
            case Tokenizer_State.InClosingTagName: {
                /*
                 * If we are currently in an opening or closing tag, us not calling the
                 * respective callback signals that the tag should be ignored.
                 */
                break;
            }
            default: {
                this.cbs.ontext(this.sectionStart, endIndex);
            }
        }
    }
    emitCodePoint(cp, consumed) {
        if (this.baseState !== Tokenizer_State.Text &&
            this.baseState !== Tokenizer_State.InSpecialTag) {
            if (this.sectionStart < this.entityStart) {
                this.cbs.onattribdata(this.sectionStart, this.entityStart);
            }
            this.sectionStart = this.entityStart + consumed;
            this.index = this.sectionStart - 1;
            this.cbs.onattribentity(cp);
        }
        else {
            if (this.sectionStart < this.entityStart) {
                this.cbs.ontext(this.sectionStart, this.entityStart);
            }
            this.sectionStart = this.entityStart + consumed;
            this.index = this.sectionStart - 1;
            this.cbs.ontextentity(cp, this.sectionStart);
        }
    }
}
//# sourceMappingURL=Tokenizer.js.map
;// CONCATENATED MODULE: ./node_modules/htmlparser2/dist/Parser.js
const { fromCodePoint } = String;

const formTags = new Set([
    "input",
    "option",
    "optgroup",
    "select",
    "button",
    "datalist",
    "textarea",
]);
const pTag = new Set(["p"]);
const headingTags = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p"]);
const tableSectionTags = new Set(["thead", "tbody"]);
const ddtTags = new Set(["dd", "dt"]);
const rtpTags = new Set(["rt", "rp"]);
const openImpliesClose = new Map([
    ["tr", new Set(["tr", "th", "td"])],
    ["th", new Set(["th"])],
    ["td", new Set(["thead", "th", "td"])],
    ["body", new Set(["head", "link", "script"])],
    ["a", new Set(["a"])],
    ["li", new Set(["li"])],
    ["p", pTag],
    ["h1", headingTags],
    ["h2", headingTags],
    ["h3", headingTags],
    ["h4", headingTags],
    ["h5", headingTags],
    ["h6", headingTags],
    ["select", formTags],
    ["input", formTags],
    ["output", formTags],
    ["button", formTags],
    ["datalist", formTags],
    ["textarea", formTags],
    ["option", new Set(["option"])],
    ["optgroup", new Set(["optgroup", "option"])],
    ["dd", ddtTags],
    ["dt", ddtTags],
    ["address", pTag],
    ["article", pTag],
    ["aside", pTag],
    ["blockquote", pTag],
    ["details", pTag],
    ["div", pTag],
    ["dl", pTag],
    ["fieldset", pTag],
    ["figcaption", pTag],
    ["figure", pTag],
    ["footer", pTag],
    ["form", pTag],
    ["header", pTag],
    ["hr", pTag],
    ["main", pTag],
    ["nav", pTag],
    ["ol", pTag],
    ["pre", pTag],
    ["section", pTag],
    ["table", pTag],
    ["ul", pTag],
    ["rt", rtpTags],
    ["rp", rtpTags],
    ["tbody", tableSectionTags],
    ["tfoot", tableSectionTags],
]);
const DOCUMENT_TYPE = "doctype";
const voidElements = new Set([
    "area",
    "base",
    "basefont",
    "br",
    "col",
    "command",
    "embed",
    "frame",
    "hr",
    "img",
    "input",
    "isindex",
    "keygen",
    "link",
    "meta",
    "param",
    "source",
    "track",
    "wbr",
]);
const foreignContextElements = new Set(["math", "svg"]);
/**
 * Elements that can be used to integrate HTML content within foreign namespaces (e.g., SVG or MathML).
 *
 * Entries must use the SVG-adjusted casing (e.g. "foreignObject" not
 * "foreignobject") since they are compared against adjusted tag names.
 */
const htmlIntegrationElements = new Set([
    "mi",
    "mo",
    "mn",
    "ms",
    "mtext",
    "annotation-xml",
    "foreignObject",
    "desc",
    "title",
]);
const svgTagNameAdjustments = new Map([
    ["altglyph", "altGlyph"],
    ["altglyphdef", "altGlyphDef"],
    ["altglyphitem", "altGlyphItem"],
    ["animatecolor", "animateColor"],
    ["animatemotion", "animateMotion"],
    ["animatetransform", "animateTransform"],
    ["clippath", "clipPath"],
    ["feblend", "feBlend"],
    ["fecolormatrix", "feColorMatrix"],
    ["fecomponenttransfer", "feComponentTransfer"],
    ["fecomposite", "feComposite"],
    ["feconvolvematrix", "feConvolveMatrix"],
    ["fediffuselighting", "feDiffuseLighting"],
    ["fedisplacementmap", "feDisplacementMap"],
    ["fedistantlight", "feDistantLight"],
    ["fedropshadow", "feDropShadow"],
    ["feflood", "feFlood"],
    ["fefunca", "feFuncA"],
    ["fefuncb", "feFuncB"],
    ["fefuncg", "feFuncG"],
    ["fefuncr", "feFuncR"],
    ["fegaussianblur", "feGaussianBlur"],
    ["feimage", "feImage"],
    ["femerge", "feMerge"],
    ["femergenode", "feMergeNode"],
    ["femorphology", "feMorphology"],
    ["feoffset", "feOffset"],
    ["fepointlight", "fePointLight"],
    ["fespecularlighting", "feSpecularLighting"],
    ["fespotlight", "feSpotLight"],
    ["fetile", "feTile"],
    ["feturbulence", "feTurbulence"],
    ["foreignobject", "foreignObject"],
    ["glyphref", "glyphRef"],
    ["lineargradient", "linearGradient"],
    ["radialgradient", "radialGradient"],
    ["textpath", "textPath"],
]);
var ForeignContext;
(function (ForeignContext) {
    ForeignContext[ForeignContext["None"] = 0] = "None";
    ForeignContext[ForeignContext["Svg"] = 1] = "Svg";
    ForeignContext[ForeignContext["MathML"] = 2] = "MathML";
})(ForeignContext || (ForeignContext = {}));
const reNameEnd = /\s|\//;
/**
 * Incremental parser implementation.
 */
class Parser {
    options;
    /** The start index of the last event. */
    startIndex = 0;
    /** The end index of the last event. */
    endIndex = 0;
    /**
     * Store the start index of the current open tag,
     * so we can update the start index for attributes.
     */
    openTagStart = 0;
    tagname = "";
    attribname = "";
    attribvalue = "";
    attribs = null;
    stack = [];
    foreignContext;
    cbs;
    lowerCaseTagNames;
    lowerCaseAttributeNames;
    recognizeSelfClosing;
    /** We are parsing HTML. Inverse of the `xmlMode` option. */
    htmlMode;
    tokenizer;
    buffers = [];
    bufferOffset = 0;
    /** The index of the last written buffer. Used when resuming after a `pause()`. */
    writeIndex = 0;
    /** Indicates whether the parser has finished running / `.end` has been called. */
    ended = false;
    constructor(cbs, options = {}) {
        this.options = options;
        this.cbs = cbs ?? {};
        this.htmlMode = !this.options.xmlMode;
        this.lowerCaseTagNames = options.lowerCaseTags ?? this.htmlMode;
        this.lowerCaseAttributeNames =
            options.lowerCaseAttributeNames ?? this.htmlMode;
        this.recognizeSelfClosing =
            options.recognizeSelfClosing ?? !this.htmlMode;
        this.tokenizer = new (options.Tokenizer ?? Tokenizer)(this.options, this);
        this.foreignContext = [ForeignContext.None];
        this.cbs.onparserinit?.(this);
    }
    // Tokenizer event handlers
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    ontext(start, endIndex) {
        const data = this.getSlice(start, endIndex);
        this.endIndex = endIndex - 1;
        this.cbs.ontext?.(data);
        this.startIndex = endIndex;
    }
    /**
     * @param cp Current Unicode code point.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    ontextentity(cp, endIndex) {
        this.endIndex = endIndex - 1;
        this.cbs.ontext?.(fromCodePoint(cp));
        this.startIndex = endIndex;
    }
    /** @internal */
    isInForeignContext() {
        return this.foreignContext[0] !== ForeignContext.None;
    }
    /**
     * Checks if the current tag is a void element. Override this if you want
     * to specify your own additional void elements.
     * @param name Name of the pseudo selector.
     */
    isVoidElement(name) {
        return this.htmlMode && voidElements.has(name);
    }
    /**
     * Read a tag name from the buffer.
     *
     * When `lowerCaseTagNames` is enabled (the default in HTML mode), the name
     * is lowercased and may be adjusted for SVG casing or the `image` → `img`
     * alias.
     * @param start Start index of the tag name in the buffer.
     * @param endIndex End index of the tag name in the buffer.
     */
    readTagName(start, endIndex) {
        const name = this.lowerCaseTagNames
            ? this.getSlice(start, endIndex).toLowerCase()
            : this.getSlice(start, endIndex);
        if (!(this.lowerCaseTagNames && this.htmlMode)) {
            return name;
        }
        if (this.foreignContext[0] === ForeignContext.Svg) {
            return svgTagNameAdjustments.get(name) ?? name;
        }
        /*
         * Closing tags for SVG elements inside HTML integration points
         * (e.g. </foreignObject> while inside its own content) need case
         * adjustment so the name matches what was pushed to the stack.
         * `foreignContext.length > 1` means a foreign ancestor exists —
         * the base [None] entry plus at least one pushed context.
         */
        if (this.foreignContext.length > 1) {
            const adjusted = svgTagNameAdjustments.get(name);
            if (adjusted !== undefined && this.stack.includes(adjusted)) {
                return adjusted;
            }
        }
        if (!this.isInForeignContext()) {
            return name === "image" ? "img" : name;
        }
        return name;
    }
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    onopentagname(start, endIndex) {
        this.endIndex = endIndex;
        this.emitOpenTag(this.readTagName(start, endIndex));
    }
    emitOpenTag(name) {
        this.openTagStart = this.startIndex;
        this.tagname = name;
        /*
         * The spec ignores a second <form> when one is already open.
         * Setting tagname to "" suppresses all downstream effects: attribs
         * stays null so endOpenTag is a no-op, and closeCurrentTag can't
         * match "" on the stack.
         */
        if (this.htmlMode && name === "form" && this.stack.includes("form")) {
            this.tagname = "";
            return;
        }
        const impliesClose = this.htmlMode && openImpliesClose.get(name);
        if (impliesClose) {
            while (this.stack.length > 0 && impliesClose.has(this.stack[0])) {
                this.popElement(true);
            }
        }
        if (!this.isVoidElement(name)) {
            this.stack.unshift(name);
            if (this.htmlMode) {
                if (name === "svg") {
                    this.foreignContext.unshift(ForeignContext.Svg);
                }
                else if (name === "math") {
                    this.foreignContext.unshift(ForeignContext.MathML);
                }
                else if (htmlIntegrationElements.has(name)) {
                    this.foreignContext.unshift(ForeignContext.None);
                }
            }
        }
        this.cbs.onopentagname?.(name);
        if (this.cbs.onopentag)
            this.attribs = {};
    }
    endOpenTag(isImplied) {
        this.startIndex = this.openTagStart;
        if (this.attribs) {
            this.cbs.onopentag?.(this.tagname, this.attribs, isImplied);
            this.attribs = null;
        }
        if (this.cbs.onclosetag && this.isVoidElement(this.tagname)) {
            this.cbs.onclosetag(this.tagname, true);
        }
        this.tagname = "";
    }
    /**
     * @param endIndex End index for the current parser event.
     * @internal
     */
    onopentagend(endIndex) {
        this.endIndex = endIndex;
        this.endOpenTag(false);
        // Set `startIndex` for next node
        this.startIndex = endIndex + 1;
    }
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    onclosetag(start, endIndex) {
        this.endIndex = endIndex;
        const name = this.readTagName(start, endIndex);
        if (!this.isVoidElement(name)) {
            const pos = this.stack.indexOf(name);
            if (pos !== -1) {
                for (let index = 0; index < pos; index++) {
                    this.popElement(true);
                }
                this.popElement(false);
            }
            else if (this.htmlMode && name === "p") {
                // Implicit open before close
                this.emitOpenTag("p");
                this.closeCurrentTag(true);
            }
        }
        else if (this.htmlMode && name === "br") {
            // We can't use `emitOpenTag` for implicit open, as `br` would be implicitly closed.
            this.cbs.onopentagname?.("br");
            this.cbs.onopentag?.("br", {}, true);
            this.cbs.onclosetag?.("br", false);
        }
        // Set `startIndex` for next node
        this.startIndex = endIndex + 1;
    }
    /**
     * @param endIndex End index for the current parser event.
     * @internal
     */
    onselfclosingtag(endIndex) {
        this.endIndex = endIndex;
        if (this.recognizeSelfClosing || this.isInForeignContext()) {
            this.closeCurrentTag(false);
            // Set `startIndex` for next node
            this.startIndex = endIndex + 1;
        }
        else {
            // Ignore the fact that the tag is self-closing.
            this.onopentagend(endIndex);
        }
    }
    /**
     * Pop the top element off the stack, emit a close event, and maintain
     * the foreign context stack.
     * @param implied Whether this close is implied (not from an explicit end tag).
     */
    popElement(implied) {
        // biome-ignore lint/style/noNonNullAssertion: The element is guaranteed to exist.
        const element = this.stack.shift();
        if (this.htmlMode &&
            (foreignContextElements.has(element) ||
                htmlIntegrationElements.has(element))) {
            this.foreignContext.shift();
        }
        this.cbs.onclosetag?.(element, implied);
    }
    closeCurrentTag(isOpenImplied) {
        const name = this.tagname;
        this.endOpenTag(isOpenImplied);
        // Self-closing tags will be on the top of the stack
        if (this.stack[0] === name) {
            this.popElement(!isOpenImplied);
        }
    }
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    onattribname(start, endIndex) {
        this.startIndex = start;
        const name = this.getSlice(start, endIndex);
        this.attribname = this.lowerCaseAttributeNames
            ? name.toLowerCase()
            : name;
    }
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    onattribdata(start, endIndex) {
        this.attribvalue += this.getSlice(start, endIndex);
    }
    /**
     * @param cp Current Unicode code point.
     * @internal
     */
    onattribentity(cp) {
        this.attribvalue += fromCodePoint(cp);
    }
    /**
     * @param quote Quote type used for the current attribute.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    onattribend(quote, endIndex) {
        this.endIndex = endIndex;
        this.cbs.onattribute?.(this.attribname, this.attribvalue, quote === QuoteType.Double
            ? '"'
            : quote === QuoteType.Single
                ? "'"
                : quote === QuoteType.NoValue
                    ? undefined
                    : null);
        if (this.attribs && !Object.hasOwn(this.attribs, this.attribname)) {
            this.attribs[this.attribname] = this.attribvalue;
        }
        this.attribvalue = "";
    }
    getInstructionName(value) {
        const index = value.search(reNameEnd);
        let name = index < 0 ? value : value.substr(0, index);
        if (this.lowerCaseTagNames) {
            name = name.toLowerCase();
        }
        return name;
    }
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    ondeclaration(start, endIndex) {
        this.endIndex = endIndex;
        const value = this.getSlice(start, endIndex);
        if (this.cbs.onprocessinginstruction) {
            /*
             * In HTML mode, ondeclaration is only reached for DOCTYPE
             * (the tokenizer routes everything else to bogus comments).
             */
            const name = this.htmlMode
                ? this.lowerCaseTagNames
                    ? DOCUMENT_TYPE
                    : value.slice(0, DOCUMENT_TYPE.length)
                : this.getInstructionName(value);
            this.cbs.onprocessinginstruction(`!${name}`, `!${value}`);
        }
        // Set `startIndex` for next node
        this.startIndex = endIndex + 1;
    }
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @internal
     */
    onprocessinginstruction(start, endIndex) {
        this.endIndex = endIndex;
        const value = this.getSlice(start, endIndex);
        if (this.cbs.onprocessinginstruction) {
            const name = this.getInstructionName(value);
            this.cbs.onprocessinginstruction(`?${name}`, `?${value}`);
        }
        // Set `startIndex` for next node
        this.startIndex = endIndex + 1;
    }
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @param offset Offset applied when computing parser indices.
     * @internal
     */
    oncomment(start, endIndex, offset) {
        this.endIndex = endIndex;
        this.cbs.oncomment?.(this.getSlice(start, endIndex - offset));
        this.cbs.oncommentend?.();
        // Set `startIndex` for next node
        this.startIndex = endIndex + 1;
    }
    /**
     * @param start Start index for the current parser event.
     * @param endIndex End index for the current parser event.
     * @param offset Offset applied when computing parser indices.
     * @internal
     */
    oncdata(start, endIndex, offset) {
        this.endIndex = endIndex;
        const value = this.getSlice(start, endIndex - offset);
        if (!this.htmlMode || this.options.recognizeCDATA) {
            this.cbs.oncdatastart?.();
            this.cbs.ontext?.(value);
            this.cbs.oncdataend?.();
        }
        else if (this.isInForeignContext()) {
            this.cbs.ontext?.(value);
        }
        else {
            this.cbs.oncomment?.(`[CDATA[${value}]]`);
            this.cbs.oncommentend?.();
        }
        // Set `startIndex` for next node
        this.startIndex = endIndex + 1;
    }
    /** @internal */
    onend() {
        if (this.cbs.onclosetag) {
            // Set the end index for all remaining tags
            this.endIndex = this.startIndex;
            for (let index = 0; index < this.stack.length; index++) {
                this.cbs.onclosetag(this.stack[index], true);
            }
        }
        this.cbs.onend?.();
    }
    /**
     * Resets the parser to a blank state, ready to parse a new HTML document
     */
    reset() {
        this.cbs.onreset?.();
        this.tokenizer.reset();
        this.tagname = "";
        this.attribname = "";
        this.attribvalue = "";
        this.attribs = null;
        this.stack.length = 0;
        this.startIndex = 0;
        this.endIndex = 0;
        this.cbs.onparserinit?.(this);
        this.buffers.length = 0;
        this.foreignContext.length = 0;
        this.foreignContext.unshift(ForeignContext.None);
        this.bufferOffset = 0;
        this.writeIndex = 0;
        this.ended = false;
    }
    /**
     * Resets the parser, then parses a complete document and
     * pushes it to the handler.
     * @param data Document to parse.
     */
    parseComplete(data) {
        this.reset();
        this.end(data);
    }
    getSlice(start, end) {
        if (start === end) {
            return "";
        }
        while (start - this.bufferOffset >= this.buffers[0].length) {
            this.shiftBuffer();
        }
        let slice = this.buffers[0].slice(start - this.bufferOffset, end - this.bufferOffset);
        while (end - this.bufferOffset > this.buffers[0].length) {
            this.shiftBuffer();
            slice += this.buffers[0].slice(0, end - this.bufferOffset);
        }
        return slice;
    }
    shiftBuffer() {
        this.bufferOffset += this.buffers[0].length;
        this.writeIndex--;
        this.buffers.shift();
    }
    /**
     * Parses a chunk of data and calls the corresponding callbacks.
     * @param chunk Chunk to parse.
     */
    write(chunk) {
        if (this.ended) {
            this.cbs.onerror?.(new Error(".write() after done!"));
            return;
        }
        this.buffers.push(chunk);
        if (this.tokenizer.running) {
            this.tokenizer.write(chunk);
            this.writeIndex++;
        }
    }
    /**
     * Parses the end of the buffer and clears the stack, calls onend.
     * @param chunk Optional final chunk to parse.
     */
    end(chunk) {
        if (this.ended) {
            this.cbs.onerror?.(new Error(".end() after done!"));
            return;
        }
        if (chunk)
            this.write(chunk);
        this.ended = true;
        this.tokenizer.end();
    }
    /**
     * Pauses parsing. The parser won't emit events until `resume` is called.
     */
    pause() {
        this.tokenizer.pause();
    }
    /**
     * Resumes parsing after `pause` was called.
     */
    resume() {
        this.tokenizer.resume();
        while (this.tokenizer.running &&
            this.writeIndex < this.buffers.length) {
            this.tokenizer.write(this.buffers[this.writeIndex++]);
        }
        if (this.ended)
            this.tokenizer.end();
    }
}
//# sourceMappingURL=Parser.js.map
;// CONCATENATED MODULE: ./src/site/sitemap.ts

/** The `<loc>` URLs of a sitemap (or of a sitemap index), read with htmlparser2 in XML mode. */
function readSitemap(xml) {
    const sitemap = { index: false, locations: [] };
    let root = true;
    let location;
    const parser = new Parser({
        onopentag(name) {
            const local = localName(name);
            if (root)
                sitemap.index = local === 'sitemapindex';
            root = false;
            if (local === 'loc')
                location = '';
        },
        ontext(text) {
            if (location !== undefined)
                location += text;
        },
        onclosetag(name) {
            if (localName(name) !== 'loc' || location === undefined)
                return;
            const trimmed = location.trim();
            if (trimmed)
                sitemap.locations.push(trimmed);
            location = undefined;
        }
    }, { xmlMode: true });
    parser.end(xml);
    return sitemap;
}
/** `<sm:loc>` and `<loc>` alike: sitemaps are sometimes written with a namespace prefix. */
function localName(name) {
    return name.slice(name.indexOf(':') + 1).toLowerCase();
}

;// CONCATENATED MODULE: ./src/site/reader.ts








/** Outcomes are cached by reference (and folder, for relative ones); the cache is dropped when it grows this big. */
const CACHE_LIMIT = 50_000;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** Sitemaps followed from a sitemap index. */
const MAX_SITEMAPS = 50;
/** Sitemap URLs kept as examples. */
const SITEMAP_EXAMPLES = 20;
/** Links to fragments of other pages kept until every page's ids are read; links beyond are not checked. */
const FRAGMENT_LINKS = 50_000;
/** Between a page's ids as they are kept: no id that a link can name holds a line break. */
const ID_SEPARATOR = '\n';
const NO_OUTCOME = { target: { kind: 'none' } };
const reader_CSS_USE = { import: 'style', font: 'font', image: 'image' };
const HTML_FILE = /\.html?$/i;
const CSS_FILE = /\.css$/i;
/** Whether the check reads a file: pages and style sheets (scripts and payloads are not markup). */
function isReadFile(file) {
    return HTML_FILE.test(file) || CSS_FILE.test(file);
}
function isPage(file) {
    return HTML_FILE.test(file);
}
/** Reads files of one site and tallies their references against its files. */
class SiteReader {
    site;
    domain;
    broken = new Tally();
    external = new Tally((into, from) => {
        for (const kind of from.kinds)
            if (!into.kinds.includes(kind))
                into.kinds.push(kind);
    });
    hints = new Tally();
    outbound = new Tally();
    addresses = new Tally();
    fragments = new Tally();
    /**
     * Each page's scripts, iframes and embeds, for the browser pass to load a page of each set; kept
     * only when the pass will run.
     */
    scriptSets;
    /** Links to fragments of other pages, by page and fragment, not yet checked: the page may not be read yet. */
    fragmentLinks = new Tally(undefined, FRAGMENT_LINKS);
    /** The ids of each page read that has any, joined by ID_SEPARATOR (one string is far smaller than a set). */
    pageIds = new Map();
    /** The links of the page being read to its own fragments. */
    ownFragments = [];
    internalReferences = 0;
    extensionless;
    extensionlessLastFile = '';
    resolver;
    scanner = new HtmlScanner();
    /** Outcomes by scope (see cacheScope), then by reference as written. */
    outcomes = new Map();
    cachedOutcomes = 0;
    /**
     * The references of the file read before, in order, and of this one so far. Pages that share a
     * layout (a header, a sidebar) hold the same references in the same places: one compared with
     * the reference in the same place of the page before costs less than a lookup in `outcomes`,
     * which on a large site is too big to stay in the processor's caches (docs/site-check.md,
     * "Resolving references").
     */
    previousFile = [];
    thisFile = [];
    /** The site's folder with a separator after it, which every file read starts with. */
    rootPrefix;
    constructor(root, site, domain, { scriptSets = false } = {}) {
        this.site = site;
        this.domain = domain;
        this.rootPrefix = external_node_path_default().join(root, (external_node_path_default()).sep);
        this.resolver = new ReferenceResolver(domain);
        if (scriptSets)
            this.scriptSets = new ScriptSetTally();
    }
    /** Reads a page or a style sheet, by its name. */
    readFile(file) {
        this.previousFile = this.thisFile;
        this.thisFile = [];
        if (HTML_FILE.test(file))
            this.readPage(file);
        else
            this.readStyleSheet(file);
    }
    readPage(file) {
        let base = this.baseOf(this.resolver.pageUrl(file), file);
        const ids = [];
        this.ownFragments = [];
        this.scanner.scan(this.read(file), {
            reference: (reference) => this.reference(file, base, reference),
            address: (address) => this.address(file, base.url, address),
            base: (href) => {
                const url = URL.parse(href, base.url)?.href ?? base.url;
                const target = this.resolver.resolve(url, url);
                base = this.baseOf(url, target.kind === 'internal' ? this.site.lookup(target.path)?.file : undefined);
            },
            id: (id) => ids.push(id)
        });
        if (ids.length > 0)
            this.pageIds.set(file, copyString(ids.join(ID_SEPARATOR)));
        if (this.ownFragments.length > 0)
            this.checkOwnFragments(file, new Set(ids));
        this.scriptSets?.endPage(file);
    }
    readStyleSheet(file) {
        const base = this.baseOf(this.resolver.pageUrl(file), file);
        scanCss(this.read(file), (reference) => this.reference(file, base, {
            url: reference.url,
            source: reference.kind === 'import' ? '@import' : 'url()',
            use: reader_CSS_USE[reference.kind]
        }));
    }
    /** Reads `first` and the sitemaps a sitemap index lists, checking every URL. */
    readSitemaps(first) {
        const findings = { files: [], urls: 0, offDomain: [], unresolved: [], unresolvedCount: 0 };
        const queue = [first];
        for (let file = queue.shift(); file !== undefined && findings.files.length < MAX_SITEMAPS; file = queue.shift()) {
            if (findings.files.includes(file))
                continue;
            findings.files.push(file);
            const sitemap = readSitemap(this.read(file));
            for (const location of sitemap.locations) {
                findings.urls++;
                const served = this.sitemapUrl(file, location, findings);
                if (sitemap.index && served?.toLowerCase().endsWith('.xml'))
                    queue.push(served);
            }
        }
        return findings;
    }
    snapshot() {
        return {
            internalReferences: this.internalReferences,
            broken: this.broken.snapshot(),
            external: this.external.snapshot(),
            hints: this.hints.snapshot(),
            outbound: this.outbound.snapshot(),
            addresses: this.addresses.snapshot(),
            fragments: this.fragments.snapshot(),
            fragmentLinks: this.fragmentLinks.snapshot(),
            pageIds: [...this.pageIds],
            extensionless: this.extensionless,
            scriptSets: this.scriptSets?.parts()
        };
    }
    /** Adds what another reader found in other files of the same site. */
    merge(other) {
        this.internalReferences += other.internalReferences;
        this.broken.merge(other.broken);
        this.external.merge(other.external);
        this.hints.merge(other.hints);
        this.outbound.merge(other.outbound);
        this.addresses.merge(other.addresses);
        this.fragments.merge(other.fragments);
        this.fragmentLinks.merge(other.fragmentLinks);
        for (const [page, ids] of other.pageIds)
            this.pageIds.set(page, ids);
        if (other.scriptSets)
            this.scriptSets?.merge(other.scriptSets);
        const theirs = other.extensionless;
        if (!theirs)
            return;
        const mine = this.extensionless;
        const first = !mine || exampleOrder(theirs.exampleFile, mine.exampleFile) < 0 ? theirs : mine;
        this.extensionless = {
            ...first,
            references: (mine?.references ?? 0) + theirs.references,
            files: (mine?.files ?? 0) + theirs.files
        };
    }
    /**
     * Checks the links to fragments of other pages, once every page is read (and every reader
     * merged); those whose page has no such id join `fragments`. A page reached only through a
     * linked folder is not read, and the fragments of links to it are not checked.
     */
    checkFragmentLinks() {
        const idsOf = new Map();
        const broken = [];
        for (const [key, link] of this.fragmentLinks.snapshot().entries) {
            if (!this.site.has(link.page))
                continue;
            let ids = idsOf.get(link.page);
            if (!ids)
                idsOf.set(link.page, (ids = new Set(this.pageIds.get(link.page)?.split(ID_SEPARATOR))));
            if (!hasFragment(ids, link.fragment))
                broken.push([key, link]);
        }
        this.fragments.merge({ entries: broken, overflow: 0 });
    }
    /** Checks one sitemap URL; returns the file that serves it. */
    sitemapUrl(file, location, findings) {
        const url = URL.parse(location);
        if (this.domain && url && !this.resolver.isSiteHost(url)) {
            let host = findings.offDomain.find((entry) => entry.host === url.host && entry.file === file);
            if (!host)
                findings.offDomain.push((host = { file, host: url.host, urls: 0, examples: [] }));
            host.urls++;
            if (host.examples.length < SITEMAP_EXAMPLES)
                host.examples.push(location);
        }
        const found = url && (url.protocol === 'https:' || url.protocol === 'http:')
            ? this.site.lookup(decodePath(url.pathname))
            : undefined;
        if (!found) {
            findings.unresolvedCount++;
            if (findings.unresolved.length < SITEMAP_EXAMPLES)
                findings.unresolved.push({ url: location, file });
            return undefined;
        }
        if (found.match === 'html')
            this.noteExtensionless(file, location, found.file);
        return found.file;
    }
    read(file) {
        return (0,external_node_fs_namespaceObject.readFileSync)(this.rootPrefix + file, 'utf8');
    }
    baseOf(url, page) {
        return {
            url,
            folder: url.startsWith(`${this.resolver.siteOrigin}/`) ? url.slice(0, url.lastIndexOf('/') + 1) : undefined,
            page
        };
    }
    /**
     * Where a reference points and what serves it, resolved once for every page that holds it. A
     * page's canonical address is its own, held by no other page: it is not cached.
     */
    outcome(reference, base) {
        const { url } = reference;
        if (url.startsWith('#'))
            return NO_OUTCOME;
        if (reference.use === 'address')
            return this.resolve(url, base);
        const scope = cacheScope(url, base);
        const samePlace = this.previousFile[this.thisFile.length];
        if (samePlace !== undefined && samePlace.url === url && samePlace.scope === scope) {
            this.thisFile.push(samePlace);
            return samePlace.outcome;
        }
        const scoped = this.outcomes.get(scope);
        let outcome = scoped?.get(url);
        if (!outcome) {
            outcome = this.resolve(url, base);
            this.cacheOutcome(scope, scoped, url, outcome);
        }
        // A copy: the page's own text is let go once it is read.
        this.thisFile.push({ scope, url: copyString(url), outcome });
        return outcome;
    }
    resolve(url, base) {
        const target = this.resolver.resolve(url, base.url);
        return { target, found: target.kind === 'internal' ? this.site.lookup(target.path) : undefined };
    }
    cacheOutcome(key, scope, url, outcome) {
        if (this.cachedOutcomes >= CACHE_LIMIT) {
            this.outcomes.clear();
            this.cachedOutcomes = 0;
            scope = undefined;
        }
        if (!scope)
            this.outcomes.set(copyString(key), (scope = new Map()));
        scope.set(copyString(url), outcome);
        this.cachedOutcomes++;
    }
    reference(file, base, reference) {
        const { target, found } = this.outcome(reference, base);
        this.scriptSets?.note(reference, target);
        if (reference.use === 'navigate' && reference.url.includes('#'))
            this.fragmentLink(file, base, reference, found?.file);
        if (target.kind === 'internal') {
            // preconnect and dns-prefetch name an origin, not a file.
            if (reference.use === 'connect')
                return;
            this.internalReferences++;
            if (!found) {
                this.broken.add(target.path, file, () => ({
                    target: target.path,
                    reference: copyString(reference.url),
                    source: reference.source,
                    files: 0,
                    examples: []
                }));
            }
            else if (found.match === 'html' && reference.use !== 'address')
                this.noteExtensionless(file, reference.url, found.file);
        }
        else if (target.kind === 'external' && reference.use !== 'address') {
            if (reference.use === 'navigate') {
                this.outbound.add(target.origin, file, () => ({ origin: target.origin, files: 0, examples: [] }));
                return;
            }
            if (reference.use === 'connect') {
                this.hints.add(target.origin, file, () => ({
                    origin: target.origin,
                    reference: copyString(reference.url),
                    source: reference.source,
                    files: 0,
                    examples: []
                }));
                return;
            }
            const use = reference.use;
            const origin = this.external.add(target.origin, file, () => ({
                origin: target.origin,
                kinds: [],
                exampleUrl: target.url,
                reference: copyString(reference.url),
                source: reference.source,
                files: 0,
                examples: []
            }));
            if (origin && !origin.kinds.includes(use))
                origin.kinds.push(use);
        }
    }
    /** A link with a fragment: to the page itself, checked once the page is read; to another page, once every page is. */
    fragmentLink(file, base, reference, found) {
        const fragment = linkFragment(reference.url);
        if (fragment === undefined)
            return;
        const page = reference.url.trimStart().startsWith('#') ? base.page : found;
        if (page === undefined || !isPage(page))
            return;
        if (page === file) {
            this.ownFragments.push({ fragment, reference });
            return;
        }
        this.fragmentLinks.add(`${page}#${fragment}`, file, () => brokenFragment(page, fragment, reference));
    }
    checkOwnFragments(file, ids) {
        for (const { fragment, reference } of this.ownFragments) {
            if (!hasFragment(ids, fragment))
                this.fragments.add(`${file}#${fragment}`, file, () => brokenFragment(file, fragment, reference));
        }
    }
    address(file, base, address) {
        if (!this.domain)
            return;
        const url = URL.parse(address.url.trim(), base);
        if (url && this.resolver.isSiteHost(url))
            return;
        const host = url?.host || '(not a URL)';
        this.addresses.add(`${address.source} ${host}`, file, () => ({
            source: address.source,
            host,
            exampleUrl: copyString(address.url),
            files: 0,
            examples: []
        }));
    }
    noteExtensionless(file, reference, servedBy) {
        let use = this.extensionless;
        if (!use || (this.extensionlessLastFile !== file && exampleOrder(file, use.exampleFile) < 0)) {
            use = this.extensionless = {
                references: use?.references ?? 0,
                files: use?.files ?? 0,
                exampleReference: copyString(reference),
                exampleFile: file,
                servedBy
            };
        }
        use.references++;
        if (this.extensionlessLastFile !== file)
            use.files++;
        this.extensionlessLastFile = file;
    }
}
function brokenFragment(page, fragment, reference) {
    return {
        page,
        fragment: copyString(fragment),
        reference: copyString(reference.url),
        source: reference.source,
        files: 0,
        examples: []
    };
}
/**
 * Where a reference means the same: on pages of the site, one that starts with `/` or a scheme
 * everywhere (the scope ''), and a relative one in every page of a folder (but `?x`, which keeps
 * the page's name). Outcomes are cached by scope, then by the reference itself, so that no key is
 * made by joining the two for every reference.
 */
function cacheScope(reference, base) {
    if (base.folder === undefined || reference.startsWith('?'))
        return base.url;
    if (reference.startsWith('/') || SCHEME.test(reference))
        return '';
    return base.folder;
}

;// CONCATENATED MODULE: ./src/site/worker.ts



/**
 * A site check worker thread (bundled on its own as dist/site-worker/): it asks for files, reads
 * each batch it is sent, and when told to finish sends back what it found.
 */
const setup = external_node_worker_threads_namespaceObject.workerData;
const reader = new SiteReader(setup.root, new SiteFiles(setup.root, setup.files, setup.linkedFolders), setup.domain, {
    scriptSets: setup.scriptSets
});
const port = external_node_worker_threads_namespaceObject.parentPort;
if (!port)
    throw new Error('the site check worker runs only as a worker thread');
port.on('message', (message) => {
    if ('finish' in message) {
        port.postMessage({ findings: reader.snapshot() });
        return;
    }
    for (const file of message.files)
        reader.readFile(file);
    port.postMessage({ ready: true });
});
port.postMessage({ ready: true });


//# sourceMappingURL=index.js.map