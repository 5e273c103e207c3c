//! JSON objects whose values are strings, read fast: the usual shape of a JSON Lines log
//! record, `{"id": "...", "game": "...", "log": "..."}`.
//!
//! A log in JSON is one long string with an escape (`\n`) at every line end. A general JSON
//! parser looks every byte of it up in a table and handles each escape on a slow path: serde_json
//! spends about as long decoding a long log's record as the referee spends judging the log.
//! [`string_fields`] reads a string in one pass, 64 bytes at a time: it marks the quotes,
//! backslashes and control bytes of each block as bits, then goes from mark to mark, copying
//! the text between two escapes as one block of sixteen bytes. It decodes into a buffer the
//! caller keeps, so a record costs no allocation.
//!
//! It reads a narrow shape and answers `None` to anything else: a key it was not asked for,
//! a key twice, a value that is not a string or `null`, an escaped key, a surrogate pair split
//! wrongly, bytes that are not UTF-8, or anything that is not JSON. The caller then reads the
//! record with a full JSON parser, which either accepts it or words the error. On what it
//! accepts, it agrees with serde_json (a property test and a fuzz target compare the two).

use std::ops::Range;

use wide::u8x16;

/// Reads `json` as one object whose keys are among `keys` (each at most once) and whose values
/// are strings or `null`, with JSON's blanks around its tokens. Gives each key's string, in the
/// order of `keys`: `None` for a key absent or `null`. Gives `None` for anything else (see the
/// [module](self) for what), so that a full JSON parser can read or reject it.
///
/// A string with no escape is borrowed from `json`; the others are decoded into `decoded`,
/// whose earlier content is overwritten. Keeping `decoded` from one record to the next saves
/// an allocation per record.
///
/// ```
/// use fairplay_text::json::string_fields;
/// let record = br#"{"id": "game-7", "log": "2\n1 A 2 3C no\n2 Q 1\n"}"#;
/// let mut decoded = Vec::new();
/// let [id, game, log] = string_fields(record, ["id", "game", "log"], &mut decoded).unwrap();
/// assert_eq!(id, Some("game-7"));
/// assert_eq!(game, None);
/// assert_eq!(log, Some("2\n1 A 2 3C no\n2 Q 1\n"));
///
/// // Not of the shape: left to a JSON parser.
/// let mut decoded = Vec::new();
/// assert_eq!(string_fields(br#"{"id": 7, "log": ""}"#, ["id", "log"], &mut decoded), None);
/// assert_eq!(string_fields(br#"{"log": "", "log": ""}"#, ["log"], &mut decoded), None);
/// assert_eq!(string_fields(br#"{"log": "", "deal": ""}"#, ["log"], &mut decoded), None);
/// ```
pub fn string_fields<'a, const N: usize>(
    json: &'a [u8],
    keys: [&str; N],
    decoded: &'a mut Vec<u8>,
) -> Option<[Option<&'a str>; N]> {
    let fields = fields(json, keys, None, decoded)?;
    let decoded: &'a [u8] = decoded;
    let mut strings = [None; N];
    for (string, field) in strings.iter_mut().zip(fields) {
        *string = match field {
            None => None,
            Some(text) => Some(text.str(json, decoded)?),
        };
    }
    Some(strings)
}

/// A string value as [`string_fields_crlf`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// The string's text, decoded.
    Text(&'a str),
    /// The string's text with every line break written as CR LF: ASCII, read from a string
    /// whose only escapes are `\n`.
    CrLf(&'a [u8]),
}

/// [`string_fields`], except that the string of `keys[crlf]` (a log), when `crlf` names one,
/// may come as its CR LF twin ([`Value::CrLf`]): when its only escapes are `\n` and it is ASCII, each `\n` is read as
/// the two bytes CR LF, which keeps every byte where it was. The string is then rewritten
/// sixteen bytes at a time with no branch per escape, instead of being decoded text between
/// escapes; a log whose lines may end in CR LF reads the same either way. It reads the records
/// [`string_fields`] reads, the other strings the same way, and the twin is the exact text with
/// each line break as CR LF (a property test and the fuzz target `json_fields` check both).
///
/// ```
/// use fairplay_text::json::{string_fields_crlf, Value};
/// let record = br#"{"id": "g\n7", "log": "2\n1 A 2 3C no\n2 Q 1\n"}"#;
/// let mut decoded = Vec::new();
/// let [id, log] = string_fields_crlf(record, ["id", "log"], Some(1), &mut decoded).unwrap();
/// assert_eq!(id, Some(Value::Text("g\n7")));
/// assert_eq!(log, Some(Value::CrLf(b"2\r\n1 A 2 3C no\r\n2 Q 1\r\n")));
///
/// // Another escape, or a character beyond ASCII: the exact text.
/// let record = br#"{"log": "2\n1 A 2 3C no\t\n"}"#;
/// let [log] = string_fields_crlf(record, ["log"], Some(0), &mut decoded).unwrap();
/// assert_eq!(log, Some(Value::Text("2\n1 A 2 3C no\t\n")));
/// ```
pub fn string_fields_crlf<'a, const N: usize>(
    json: &'a [u8],
    keys: [&str; N],
    crlf: Option<usize>,
    decoded: &'a mut Vec<u8>,
) -> Option<[Option<Value<'a>>; N]> {
    let fields = fields(json, keys, crlf, decoded)?;
    let decoded: &'a [u8] = decoded;
    let mut values = [None; N];
    for (value, field) in values.iter_mut().zip(fields) {
        *value = match field {
            None => None,
            Some(Text::CrLf(range)) => Some(Value::CrLf(&decoded[range])),
            Some(text) => Some(Value::Text(text.str(json, decoded)?)),
        };
    }
    Some(values)
}

/// The reader of [`string_fields`] and [`string_fields_crlf`]: where each key's text is, the
/// string of `keys[crlf]` as its CR LF twin where it can be.
fn fields<const N: usize>(
    json: &[u8],
    keys: [&str; N],
    crlf: Option<usize>,
    decoded: &mut Vec<u8>,
) -> Option<[Option<Text>; N]> {
    let mut fields: [Option<Text>; N] = [const { None }; N];
    // Decoding never lengthens a string (an escape is longer than what it stands for): the
    // decoded strings fit in the JSON's length. The buffer only grows, and is not cleared.
    if decoded.len() < json.len() + SLACK {
        decoded.resize(json.len() + SLACK, 0);
    }
    let out = &mut decoded[..];
    let mut w = 0;
    let mut at = blanks(json, 0);
    if json.get(at) != Some(&b'{') {
        return None;
    }
    at = blanks(json, at + 1);
    if json.get(at) == Some(&b'}') {
        at += 1;
    } else {
        let mut seen = [false; N];
        loop {
            if json.get(at) != Some(&b'"') {
                return None;
            }
            let key_start = at + 1;
            let key_end = key_start + memchr::memchr2(b'"', b'\\', &json[key_start..])?;
            if json[key_end] != b'"' {
                return None; // An escaped key: the JSON parser decodes it.
            }
            let slot = keys
                .iter()
                .position(|key| key.as_bytes() == &json[key_start..key_end])?;
            if std::mem::replace(&mut seen[slot], true) {
                return None;
            }
            at = blanks(json, key_end + 1);
            if json.get(at) != Some(&b':') {
                return None;
            }
            at = blanks(json, at + 1);
            match json.get(at)? {
                b'"' => {
                    let twin = (crlf == Some(slot))
                        .then(|| crlf_string(json, at + 1, out, w))
                        .flatten();
                    let (value, end, next) = match twin {
                        Some(twin) => twin,
                        None => string(json, at + 1, out, w)?,
                    };
                    fields[slot] = Some(value);
                    (at, w) = (end, next);
                }
                b'n' if json[at..].starts_with(b"null") => at += 4,
                _ => return None,
            }
            at = blanks(json, at);
            match json.get(at)? {
                b',' => at = blanks(json, at + 1),
                b'}' => {
                    at += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    if blanks(json, at) != json.len() {
        return None;
    }
    Some(fields)
}

/// Where a string's text is: in the JSON as is (it has no escape), decoded, or decoded as its
/// CR LF twin (ASCII).
enum Text {
    Raw(Range<usize>),
    Decoded(Range<usize>),
    CrLf(Range<usize>),
}

impl Text {
    /// The text as a string, if it is UTF-8.
    fn str<'a>(self, json: &'a [u8], decoded: &'a [u8]) -> Option<&'a str> {
        let bytes = match self {
            Text::Raw(range) => &json[range],
            Text::Decoded(range) | Text::CrLf(range) => &decoded[range],
        };
        std::str::from_utf8(bytes).ok()
    }
}

/// Room a decoded string has past its end, so that the text between two escapes can be
/// copied as one block of this size.
const SLACK: usize = 16;

/// The index of the first byte at or after `at` that is not a JSON blank.
fn blanks(json: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = json.get(at) {
        at += 1;
    }
    at
}

/// Reads the string whose text starts at `start` (just after its opening quote) and decodes it
/// into `out[w..]` if it has escapes; gives where its text is, the index just after its closing
/// quote, and where the next decoded text goes. `out` has room for all of `json` and
/// [`SLACK`] more.
///
/// The blocks' marks are found without waiting for the escapes before them to be decoded: a
/// log has a backslash every dozen bytes or so, and a loop that looked for the next one from
/// where the last escape ended would stall on every load.
fn string(json: &[u8], start: usize, out: &mut [u8], w: usize) -> Option<(Text, usize, usize)> {
    let (from, mut w) = (w, w);
    // `at`: the first byte not yet copied or decoded.
    let mut at = start;
    let mut base = start;
    while base < json.len() {
        let marks = Marks::of(&json[base..]);
        // An escape may end past `base`: what it covered is not looked at again.
        let skip = at.saturating_sub(base);
        let mut mask = if skip < 64 {
            (marks.quotes | marks.backslashes) & (!0 << skip)
        } else {
            0
        };
        while mask != 0 {
            let bit = mask.trailing_zeros();
            let pos = base + bit as usize;
            if marks.quotes >> bit & 1 == 1 {
                // JSON forbids raw control bytes in a string.
                if marks.controls & ((1 << bit) - 1) != 0 {
                    return None;
                }
                if at == start {
                    return Some((Text::Raw(start..pos), pos + 1, from));
                }
                out[w..w + (pos - at)].copy_from_slice(&json[at..pos]);
                w += pos - at;
                return Some((Text::Decoded(from..w), pos + 1, w));
            }
            // The text up to the backslash, as one block when it fits: the bytes past `pos`
            // land in room that is written again or not read.
            match json.get(at..at + SLACK) {
                Some(block) if pos - at <= SLACK => out[w..w + SLACK].copy_from_slice(block),
                _ => out[w..w + (pos - at)].copy_from_slice(&json[at..pos]),
            }
            w += pos - at;
            let escaped = *json.get(pos + 1)?;
            if escaped == b'n' {
                // A log's line end: the escape almost every backslash starts. The byte after
                // it is no mark, so only this one's bit goes.
                out[w] = b'\n';
                w += 1;
                at = pos + 2;
                mask &= mask - 1;
                continue;
            }
            (at, w) = other_escape(json, pos, out, w)?;
            // The escape may hide a mark (`\\`, `\"`, a surrogate pair's second half).
            mask = if at - base < 64 {
                mask & (!0 << (at - base))
            } else {
                0
            };
        }
        if marks.controls != 0 {
            return None;
        }
        base += 64;
    }
    None // No closing quote.
}

/// Reads the string whose text starts at `start` as [`string`] does, as its CR LF twin into
/// `out[w..]`; `None` when the string has an escape other than `\n`, a byte beyond ASCII, a
/// control byte or no end: [`string`] then reads it exactly (or refuses it).
///
/// The twin keeps every byte where it is (`\` becomes CR, the `n` after it LF), so it is
/// written sixteen bytes at a time with no branch per escape; its end is the first quote (one
/// that is escaped fails the test that every backslash starts a `\n`).
fn crlf_string(
    json: &[u8],
    start: usize,
    out: &mut [u8],
    w: usize,
) -> Option<(Text, usize, usize)> {
    let end = start + memchr::memchr(b'"', json.get(start..)?)?;
    let text = &json[start..end];
    // Each byte's predecessor: the opening quote, then the text's own.
    let before = json.get(start.checked_sub(1)?..end - 1)?;
    let twin = out.get_mut(w..w + text.len())?;
    let (backslash, n) = (u8x16::splat(b'\\'), u8x16::splat(b'n'));
    // Backslashes not followed by `n`; every byte or'ed (a high bit: beyond ASCII), the least.
    let (mut lone, mut ored, mut least) = (u8x16::splat(0), u8x16::splat(0), u8x16::splat(0xff));
    let sixteen = |bytes: &[u8]| u8x16::new(bytes.try_into().expect("sixteen bytes"));
    let mut chunks = text.chunks_exact(16).zip(before.chunks_exact(16));
    let mut written = twin.chunks_exact_mut(16);
    for ((x, p), o) in (&mut chunks).zip(&mut written) {
        let (x, p) = (sixteen(x), sixteen(p));
        let (is_backslash, after_backslash) = (x.cmp_eq(backslash), p.cmp_eq(backslash));
        lone |= after_backslash & !x.cmp_eq(n);
        ored |= x;
        least = least.min(x);
        // `\` (0x5c) less 0x4f is CR, `n` (0x6e) less 0x64 is LF.
        let crlf = x - (is_backslash & u8x16::splat(0x4f)) - (after_backslash & u8x16::splat(0x64));
        o.copy_from_slice(&crlf.to_array());
    }
    let whole = text.len() / 16 * 16;
    let (x, p) = (&text[whole..], &before[whole..]);
    for ((&x, &p), o) in x.iter().zip(p).zip(written.into_remainder()) {
        if p == b'\\' && x != b'n' || !(b' '..0x80).contains(&x) {
            return None;
        }
        *o = match (x, p) {
            (b'\\', _) => b'\r',
            (b'n', b'\\') => b'\n',
            _ => x,
        };
    }
    let control = least.min(u8x16::splat(0x1f)).cmp_eq(least);
    if lone.any() || ored.move_mask() != 0 || control.any() || text.last() == Some(&b'\\') {
        return None;
    }
    Some((Text::CrLf(w..w + text.len()), end + 1, w + text.len()))
}

/// Decodes the escape at `json[pos]` that is not `\n` into `out[w..]`; gives the index after it
/// and after its text. Apart from the hot path, so that the compiler does not turn the test for
/// `\n` into a jump through a table of every escape.
#[cold]
#[inline(never)]
fn other_escape(json: &[u8], pos: usize, out: &mut [u8], w: usize) -> Option<(usize, usize)> {
    match *json.get(pos + 1)? {
        b'u' => {
            let (c, next) = unicode(json, pos + 2)?;
            Some((next, w + c.encode_utf8(out.get_mut(w..)?).len()))
        }
        escaped => {
            *out.get_mut(w)? = unescaped(escaped)?;
            Some((pos + 2, w + 1))
        }
    }
}

/// The quotes, backslashes and control bytes (below 0x20) of up to 64 bytes, as bits: bit `i`
/// for byte `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Marks {
    quotes: u64,
    backslashes: u64,
    controls: u64,
}

impl Marks {
    /// The marks of the first 64 bytes of `text`; a shorter text is padded with blanks.
    fn of(text: &[u8]) -> Marks {
        match text.first_chunk::<64>() {
            Some(block) => Marks::of_block(block),
            None => {
                let mut block = [b' '; 64];
                block[..text.len()].copy_from_slice(text);
                Marks::of_block(&block)
            }
        }
    }

    /// Sixteen bytes compared at once (SSE2 on x86-64, NEON, WebAssembly's SIMD where enabled,
    /// through `wide`), their sixteen results gathered as bits.
    fn of_block(block: &[u8; 64]) -> Marks {
        let (quote, backslash, space) =
            (u8x16::splat(b'"'), u8x16::splat(b'\\'), u8x16::splat(0x1f));
        let mut marks = Marks {
            quotes: 0,
            backslashes: 0,
            controls: 0,
        };
        for (i, sixteen) in block.chunks_exact(16).enumerate() {
            let bytes = u8x16::new(sixteen.try_into().expect("sixteen bytes"));
            let bits = |is: u8x16| u64::from(is.move_mask() as u16) << (16 * i);
            marks.quotes |= bits(bytes.cmp_eq(quote));
            marks.backslashes |= bits(bytes.cmp_eq(backslash));
            // A byte is below 0x20 when its minimum with 0x1f is itself.
            marks.controls |= bits(bytes.min(space).cmp_eq(bytes));
        }
        marks
    }

    /// One byte at a time: the check of [`Marks::of_block`].
    #[cfg(test)]
    fn of_block_portable(block: &[u8; 64]) -> Marks {
        let bits = |test: fn(u8) -> bool| {
            block
                .iter()
                .rev()
                .fold(0, |mask, &b| mask << 1 | u64::from(test(b)))
        };
        Marks {
            quotes: bits(|b| b == b'"'),
            backslashes: bits(|b| b == b'\\'),
            controls: bits(|b| b < 0x20),
        }
    }
}

/// The byte a one-letter escape (`\n`, ...) stands for, or `None` if it is not one.
fn unescaped(letter: u8) -> Option<u8> {
    Some(match letter {
        b'"' | b'\\' | b'/' => letter,
        b'b' => 0x08,
        b'f' => 0x0c,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        _ => return None,
    })
}

/// Decodes the `XXXX` of a `\uXXXX` escape at `at`, with the low half that must follow a high
/// surrogate; gives the character and the index after the escape.
fn unicode(json: &[u8], at: usize) -> Option<(char, usize)> {
    let high = hex4(json, at)?;
    match high {
        0xD800..=0xDBFF => {
            if json.get(at + 4..at + 6)? != b"\\u" {
                return None;
            }
            let low = hex4(json, at + 6)?;
            if !(0xDC00..=0xDFFF).contains(&low) {
                return None;
            }
            let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
            Some((char::from_u32(code)?, at + 10))
        }
        _ => Some((char::from_u32(high)?, at + 4)),
    }
}

/// The four hexadecimal digits at `at`, as a number.
fn hex4(json: &[u8], at: usize) -> Option<u32> {
    json.get(at..at + 4)?.iter().try_fold(0, |n, &digit| {
        Some(n * 16 + char::from(digit).to_digit(16)?)
    })
}

#[cfg(test)]
mod tests {
    use super::Marks;

    #[test]
    fn marks_a_block_as_the_portable_way_does() {
        // Every mark at every position alone, and blocks of pseudo-random bytes.
        for at in 0..64 {
            for (byte, bit) in [
                (b'"', 0),
                (b'\\', 1),
                (0x1f, 2),
                (0, 2),
                (0x20, 3),
                (0xff, 3),
            ] {
                let mut block = [b'a'; 64];
                block[at] = byte;
                let marks = Marks::of_block(&block);
                let mut expected = [0u64; 3];
                if bit < 3 {
                    expected[bit] = 1 << at;
                }
                assert_eq!(
                    [marks.quotes, marks.backslashes, marks.controls],
                    expected,
                    "byte {byte:#x} at {at}"
                );
            }
        }
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..1000 {
            let block: [u8; 64] = std::array::from_fn(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                [b'\\', b'"', b'n', 0x1f, 0x20, 0x80, state as u8][(state >> 32) as usize % 7]
            });
            assert_eq!(Marks::of_block(&block), Marks::of_block_portable(&block));
        }
    }
}
