//! Directory trees: which of their files are judged (the types and `--glob` filters), and the
//! walk itself, lazily, one directory listing at a time, sorted by name.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use clap::ValueEnum;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;

use super::read::{self, Compression, Content};

/// The files of a tree that are judged, by their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FileType {
    /// Logs: `*.log`, `*.log.gz`, `*.log.zst`.
    Log,
    /// JSON Lines: `*.jsonl`, `*.ndjson` and their `.gz` and `.zst` forms.
    Jsonl,
    /// Every file (whose name does not start with `.`).
    All,
}

impl FileType {
    /// The globs of the type's names: each is `*` and a plain suffix ([`Filter::judges`] relies
    /// on that).
    fn globs(self) -> &'static [&'static str] {
        match self {
            FileType::Log => &["*.log", "*.log.gz", "*.log.zst"],
            FileType::Jsonl => &[
                "*.jsonl",
                "*.jsonl.gz",
                "*.jsonl.zst",
                "*.ndjson",
                "*.ndjson.gz",
                "*.ndjson.zst",
            ],
            FileType::All => &["*"],
        }
    }
}

/// Which files of a tree are judged and which directories searched: the files of the types,
/// plus those a glob names, minus those a `!glob` names (the last glob that matches a path
/// decides, as in a `.gitignore` file, whose syntax the globs have); a directory a `!glob`
/// names is not searched. Paths are matched below the directory given on the command line.
pub struct Filter {
    /// The types' globs, then the user's: a gitignore "ignore" match selects a file, a
    /// "whitelist" match (`!glob`) leaves it (or a directory) out. Empty without user globs.
    globs: Gitignore,
    /// Without user globs: what the types' globs (`*.log`, ...) say, that a file's name ends in
    /// one of these, told without building a glob candidate for every file (a fiftieth of the
    /// batch's instructions on short logs).
    suffixes: Option<Vec<&'static str>>,
    /// The files of the trees that were not judged for their names, counted as the walk goes.
    skipped: Arc<Mutex<Skipped>>,
}

/// The files of directories left out by the filter (not those of hidden directories): how many,
/// and how many of each name ending, to say how to include them.
#[derive(Debug, Default)]
pub struct Skipped {
    /// Files skipped.
    pub files: usize,
    /// Files skipped by their last name ending (`txt`; empty for a name without one), for the
    /// first [`SUFFIXES_COUNTED`] endings met.
    pub by_suffix: BTreeMap<String, usize>,
}

/// How many different name endings [`Skipped`] counts one by one.
const SUFFIXES_COUNTED: usize = 64;

impl Skipped {
    fn add(&mut self, name: &std::ffi::OsStr) {
        self.files += 1;
        let name = name.to_string_lossy();
        let suffix = match name.rsplit_once('.') {
            Some((stem, suffix)) if !stem.is_empty() => suffix,
            _ => "",
        };
        if let Some(n) = self.by_suffix.get_mut(suffix) {
            *n += 1;
        } else if self.by_suffix.len() < SUFFIXES_COUNTED {
            self.by_suffix.insert(suffix.to_string(), 1);
        }
    }

    /// The note for the summary, when files were skipped: how many, of which endings (most
    /// common first), and the options that judge them.
    pub fn note(&self) -> Option<String> {
        if self.files == 0 {
            return None;
        }
        let mut endings: Vec<(&String, &usize)> = self.by_suffix.iter().collect();
        endings.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let shown: Vec<String> = endings
            .iter()
            .take(4)
            .map(|(suffix, n)| match suffix.as_str() {
                "" => format!("{n} without a dot"),
                suffix => format!("{n} *.{suffix}"),
            })
            .collect();
        let more = if endings.len() > 4 { ", ..." } else { "" };
        let files = if self.files == 1 { "file" } else { "files" };
        let glob = match endings.iter().find(|(suffix, _)| !suffix.is_empty()) {
            Some((suffix, _)) => format!("--glob '*.{suffix}' judges those too, "),
            None => String::new(),
        };
        Some(format!(
            "{} {files} skipped in the directories for their names ({}{more}): {glob}--type all every file\n",
            self.files,
            shown.join(", ")
        ))
    }
}

impl Filter {
    /// The filter of `types` (none: logs and JSON Lines) and `globs`.
    pub fn new(types: &[FileType], globs: &[String]) -> anyhow::Result<Filter> {
        if !globs.is_empty() {
            return Filter::matching(types, globs);
        }
        // The suffixes decide: no glob is compiled (building the matcher of the types' globs
        // cost more instructions than judging a hundred short logs).
        let suffixes = Filter::types(types).iter().flat_map(|t| t.globs());
        Ok(Filter {
            globs: Gitignore::empty(),
            suffixes: Some(suffixes.map(|glob| &glob[1..]).collect()),
            skipped: Arc::default(),
        })
    }

    /// The types asked for, or logs and JSON Lines.
    fn types(types: &[FileType]) -> &[FileType] {
        if types.is_empty() {
            &[FileType::Log, FileType::Jsonl]
        } else {
            types
        }
    }

    /// The filter of `types` and `globs` that matches every path against the globs of both
    /// (what [`Filter::new`] makes when `globs` are given).
    fn matching(types: &[FileType], globs: &[String]) -> anyhow::Result<Filter> {
        let mut builder = GitignoreBuilder::new(".");
        for glob in Filter::types(types).iter().flat_map(|t| t.globs()) {
            builder.add_line(None, glob)?;
        }
        for glob in globs {
            builder
                .add_line(None, glob)
                .map_err(|e| anyhow::anyhow!("--glob {glob}: {e}"))?;
        }
        Ok(Filter {
            globs: builder.build()?,
            suffixes: None,
            skipped: Arc::default(),
        })
    }

    /// The files skipped so far (shared with the walk, which counts them as it goes).
    pub fn skipped(&self) -> Arc<Mutex<Skipped>> {
        Arc::clone(&self.skipped)
    }

    /// Counts a file the filter leaves out.
    fn skip(&self, relative: &Path) {
        if let Ok(mut skipped) = self.skipped.lock() {
            skipped.add(relative.file_name().unwrap_or_default());
        }
    }

    /// Whether the file at `relative` (below the tree's root), named `name`, is judged.
    fn judges(&self, relative: &Path, name: &[u8]) -> bool {
        match &self.suffixes {
            Some(suffixes) => suffixes
                .iter()
                .any(|suffix| name.ends_with(suffix.as_bytes())),
            None => matches!(self.globs.matched(relative, false), Match::Ignore(_)),
        }
    }

    /// Whether the directory at `relative` is searched.
    fn searches(&self, relative: &Path) -> bool {
        // The types' globs never leave a directory out.
        self.suffixes.is_some()
            || !matches!(self.globs.matched(relative, true), Match::Whitelist(_))
    }
}

/// How deep a directory tree is searched; deeper directories get one row each.
pub const MAX_DEPTH: usize = 256;

/// What the walk of a tree finds.
pub enum Found {
    /// A file to judge (a regular file, or a link to one), and what its name says it holds.
    File(PathBuf, (Content, Compression)),
    /// An entry that cannot be judged, and why: a FIFO, socket or device, a link to nothing,
    /// a link loop, a link to a directory, a directory that cannot be listed or is too deep.
    Skipped(PathBuf, String),
}

/// The walk of one tree, in name order, depth first: it holds the listing of the directories
/// it is in (one each), never the whole tree. Symbolic links to files are followed, to
/// directories not (so there are no loops); names starting with `.` are left out.
pub struct Tree {
    root: PathBuf,
    walk: walkdir::IntoIter,
}

impl Tree {
    /// The walk of the tree at `root`.
    pub fn new(root: PathBuf) -> Tree {
        let walk = walkdir::WalkDir::new(&root)
            .follow_links(false)
            .max_depth(MAX_DEPTH + 1)
            // By name: the entries of one directory share its path, so their paths compare as
            // their names do, as bytes, without taking each path apart into components
            // (`sort_by_file_name`: a seventh of the batch's instructions on short logs).
            .sort_by(|a, b| a.path().as_os_str().cmp(b.path().as_os_str()))
            .into_iter();
        Tree { root, walk }
    }

    /// The next file to judge or entry to report, if any is left.
    pub fn next(&mut self, filter: &Filter) -> Option<Found> {
        loop {
            let entry = match self.walk.next()? {
                Ok(entry) => entry,
                Err(e) => {
                    let path = e.path().unwrap_or(&self.root).to_path_buf();
                    let why = match e.io_error() {
                        Some(io) => format!("cannot list the directory: {io}"),
                        None => format!("cannot list the directory: {e}"),
                    };
                    return Some(Found::Skipped(path, why));
                }
            };
            if entry.depth() == 0 {
                continue;
            }
            let (kind, depth) = (entry.file_type(), entry.depth());
            // The name is taken from the path once (each `file_name` takes the path apart).
            let name = entry.file_name().as_encoded_bytes();
            if name.first() == Some(&b'.') {
                if kind.is_dir() {
                    self.walk.skip_current_dir();
                }
                continue;
            }
            let name_len = name.len();
            let path = entry.into_path();
            let bytes = path.as_os_str().as_encoded_bytes();
            // The walk joins each name onto its directory's path: the name ends the path.
            let name = &bytes[bytes.len() - name_len..];
            debug_assert_eq!(Some(name), path.file_name().map(|n| n.as_encoded_bytes()));
            let relative = below(&self.root, &path);
            if kind.is_dir() {
                if !filter.searches(relative) {
                    self.walk.skip_current_dir();
                } else if depth > MAX_DEPTH {
                    let why = format!("more than {MAX_DEPTH} directories deep: not searched");
                    return Some(Found::Skipped(path, why));
                }
                continue;
            }
            if kind.is_symlink() {
                let target = std::fs::metadata(&path);
                if target.as_ref().is_ok_and(|t| t.is_dir()) {
                    if filter.searches(relative) {
                        let why = "skipped: a link to a directory: not followed".to_string();
                        return Some(Found::Skipped(path, why));
                    }
                    continue;
                }
                if !filter.judges(relative, name) {
                    if target.as_ref().is_ok_and(|t| t.is_file()) {
                        filter.skip(relative);
                    }
                    continue;
                }
                let why = match target {
                    Ok(target) if target.is_file() => {
                        let kind = read::name_kind(name);
                        return Some(Found::File(path, kind));
                    }
                    Ok(_) => "a link to something that is not a regular file".to_string(),
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {
                        "a link to nothing".to_string()
                    }
                    Err(e) => format!("a link that cannot be followed: {e}"),
                };
                return Some(Found::Skipped(path, format!("skipped: {why}")));
            }
            if !filter.judges(relative, name) {
                if kind.is_file() {
                    filter.skip(relative);
                }
                continue;
            }
            if kind.is_file() {
                let kind = read::name_kind(name);
                return Some(Found::File(path, kind));
            }
            let why = "skipped: not a regular file (a FIFO, socket or device)".to_string();
            return Some(Found::Skipped(path, why));
        }
    }
}

/// `path` relative to the tree's `root`. The walk makes every path by joining names onto the
/// root as given, so on Unix the root is a prefix of its bytes: cutting it off costs a few
/// instructions, where `Path::strip_prefix` takes both paths apart into components (a twentieth
/// of the batch's instructions on short logs).
#[cfg(unix)]
fn below<'a>(root: &Path, path: &'a Path) -> &'a Path {
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    match bytes.strip_prefix(root.as_os_str().as_bytes()) {
        Some(rest) => Path::new(std::ffi::OsStr::from_bytes(
            rest.strip_prefix(b"/").unwrap_or(rest),
        )),
        None => path.strip_prefix(root).unwrap_or(path),
    }
}

/// `path` relative to the tree's `root`.
#[cfg(not(unix))]
fn below<'a>(root: &Path, path: &'a Path) -> &'a Path {
    path.strip_prefix(root).unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_types_judge_by_suffix_as_their_globs_do() {
        let names = [
            "a.log",
            "a.log.gz",
            "a.log.zst",
            "a.jsonl",
            "a.ndjson.gz",
            "a.jsonl.zst",
            "sub/b.log",
            "sub/deeper/c.ndjson",
            "a.LOG",
            "a.log.bz2",
            "a.logs",
            "alog",
            "README",
            "notes.txt",
            "log",
            "sub.log/readme",
            "a.gz",
            "x.jsonl.gz.tmp",
            "é.log",
            "a b.log",
        ];
        let types = [FileType::Log, FileType::Jsonl, FileType::All];
        for chosen in [&[][..], &types[..1], &types[1..2], &types[2..], &types[..2]] {
            let fast = Filter::new(chosen, &[]).unwrap();
            assert!(fast.suffixes.is_some());
            let globs = Filter::matching(chosen, &[]).unwrap();
            for name in names {
                let path = Path::new(name);
                let own = path.file_name().unwrap().as_encoded_bytes();
                assert_eq!(
                    fast.judges(path, own),
                    globs.judges(path, own),
                    "{chosen:?} {name}"
                );
                assert_eq!(
                    fast.searches(path),
                    globs.searches(path),
                    "{chosen:?} {name}"
                );
            }
        }
        assert!(Filter::new(&[], &["*.txt".into()])
            .unwrap()
            .suffixes
            .is_none());
    }

    #[test]
    fn below_the_root_as_strip_prefix_says() {
        for root in ["/tmp/x", "/tmp/x/", ".", "./a", "a//b", "a/.", "a/b/", "/"] {
            let root = Path::new(root);
            for name in ["y.log", "sub/y.log", ".hidden", "é.log"] {
                let path = root.join(name);
                let expected = path.strip_prefix(root).unwrap();
                assert_eq!(below(root, &path), expected, "{}", path.display());
            }
        }
    }
}
