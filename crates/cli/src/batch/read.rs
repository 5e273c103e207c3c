//! What an input file holds, told by its name, and how its bytes are read: plain, or
//! decompressed as a stream (gzip, zstd).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// What a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// One log.
    Log,
    /// JSON Lines, one log record per line.
    JsonLines,
}

/// How a file is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed.
    Plain,
    /// gzip (`.gz`), one member or several.
    Gzip,
    /// Zstandard (`.zst`), one frame or several.
    Zstd,
}

/// The largest zstd window accepted, as a power of two (8 MiB: every level up to 19; a frame
/// that needs more, from `--ultra -20` or `--long`, is refused rather than held in memory).
const ZSTD_WINDOW_LOG_MAX: u32 = 23;

/// Buffers of the readers of an input file.
const BUFFER: usize = 1 << 16;

/// What the file named `path` holds and how it is compressed, by its name: `.gz` and `.zst`
/// are taken off, then `.jsonl` and `.ndjson` name JSON Lines; anything else is a log.
pub fn kind(path: &Path) -> (Content, Compression) {
    name_kind(path.file_name().unwrap_or_default().as_encoded_bytes())
}

/// [`kind`] of a file named `name` (its name's bytes, as [`std::ffi::OsStr::as_encoded_bytes`]
/// gives them).
pub fn name_kind(name: &[u8]) -> (Content, Compression) {
    // Split at dots as `Path::extension` does (a leading dot starts no extension).
    let (stem, compression) = match extension(name) {
        Some((stem, b"gz")) => (stem, Compression::Gzip),
        Some((stem, b"zst")) => (stem, Compression::Zstd),
        _ => (name, Compression::Plain),
    };
    let content = match extension(stem) {
        Some((_, b"jsonl" | b"ndjson")) => Content::JsonLines,
        _ => Content::Log,
    };
    (content, compression)
}

/// A file name's stem and extension, if it has one.
fn extension(name: &[u8]) -> Option<(&[u8], &[u8])> {
    match name.iter().rposition(|&b| b == b'.') {
        Some(0) | None => None,
        Some(dot) => Some((&name[..dot], &name[dot + 1..])),
    }
}

impl Compression {
    fn name(self) -> &'static str {
        match self {
            Compression::Plain => "plain",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
        }
    }

    /// The bytes of `input` decompressed as they are read; an error of the data (not of the
    /// reading) says that the data is bad, and in which format.
    pub fn decoder<'a>(
        self,
        input: impl BufRead + Send + 'a,
    ) -> io::Result<Box<dyn Read + Send + 'a>> {
        Ok(match self {
            Compression::Plain => Box::new(input),
            Compression::Gzip => Box::new(Decoded {
                inner: flate2::bufread::MultiGzDecoder::new(input),
                format: self.name(),
            }),
            Compression::Zstd => {
                let mut decoder = zstd::stream::read::Decoder::with_buffer(input)?;
                decoder.window_log_max(ZSTD_WINDOW_LOG_MAX)?;
                Box::new(Decoded {
                    inner: decoder,
                    format: self.name(),
                })
            }
        })
    }
}

/// Opens the file `path` for reading its (decompressed) bytes as lines.
pub fn open_lines(path: &Path, compression: Compression) -> io::Result<Box<dyn BufRead + Send>> {
    let file = BufReader::with_capacity(BUFFER, File::open(path)?);
    Ok(match compression {
        Compression::Plain => Box::new(file),
        _ => Box::new(BufReader::with_capacity(BUFFER, compression.decoder(file)?)),
    })
}

/// A decoder whose errors of the data say so: `gzip data is corrupt or truncated: ...`.
struct Decoded<R> {
    inner: R,
    format: &'static str,
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.raw_os_error().is_some() {
                e
            } else {
                let format = self.format;
                io::Error::new(
                    e.kind(),
                    format!("{format} data is corrupt or truncated: {e}"),
                )
            }
        })
    }
}

/// A reader that counts the bytes read through it.
pub struct Counted<R> {
    pub inner: R,
    pub bytes: usize,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_name() {
        let kind = |name: &str| kind(Path::new(name));
        assert_eq!(kind("a/x.log"), (Content::Log, Compression::Plain));
        assert_eq!(kind("x.log.gz"), (Content::Log, Compression::Gzip));
        assert_eq!(kind("x.gz"), (Content::Log, Compression::Gzip));
        assert_eq!(kind("x.jsonl"), (Content::JsonLines, Compression::Plain));
        assert_eq!(
            kind("d/x.jsonl.zst"),
            (Content::JsonLines, Compression::Zstd)
        );
        assert_eq!(kind("x.ndjson.gz"), (Content::JsonLines, Compression::Gzip));
        assert_eq!(kind("notes.txt"), (Content::Log, Compression::Plain));
        // As `Path::extension`: a leading dot starts no extension.
        assert_eq!(kind("d/.gz"), (Content::Log, Compression::Plain));
        assert_eq!(kind(".jsonl.gz"), (Content::Log, Compression::Gzip));
        assert_eq!(kind("x..jsonl"), (Content::JsonLines, Compression::Plain));
    }
}
