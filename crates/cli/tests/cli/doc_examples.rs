//! The examples of README.md and docs/*.md, run through the real binary.
//!
//! The convention (README.md, section Tests, tells it to the writers of the docs):
//!
//! * A ```` ```console ```` block holds commands, each on a line starting with `$ ` (a line
//!   ending in ` \` goes on on the next one), each followed by exactly what it prints, up to the
//!   next `$ ` line or the end of the block. Lines starting with `fairplay: ` are what it prints
//!   on standard error, the others what it prints on standard output; both are compared byte
//!   for byte. Other lines on standard error (the summary of `fairplay batch`) are not
//!   compared. The exit status must be 2 when a `fairplay: ` line is shown, 0 otherwise, or
//!   `N` when the command ends in the comment `# exit status N`.
//! * A ```` ```sh ```` block holds commands without their output, one per line (` \` goes on;
//!   blank lines and `#` comments are left out). Each must exit with status 0 (or `N`, as
//!   above), unless [`SKIPPED`] or [`SKIPPED_RECIPES`] lists it with the reason.
//! * Other blocks (`text`, `json`, ...) are not run.
//!
//! Commands run from the repository's root. A plain `fairplay ARGS` runs the binary through
//! `assert_cmd`; a command with shell syntax (pipes, redirections, quotes, globs) runs under
//! `sh -c` with the binary's directory first on `PATH`. Standard input is empty.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;

/// Commands of `sh` blocks that are not run, and why. Each must still be found in the docs.
const SKIPPED: &[(&str, &str)] = &[
    (
        "fairplay simulate quartets --seed 3 --cheat-rate 0.05 > game.log",
        "writes game.log into the working tree",
    ),
    (
        "fairplay batch logs/ more.jsonl --format csv > verdicts.csv",
        "placeholder inputs (logs/, more.jsonl) and writes verdicts.csv",
    ),
    (
        "mkdir -p ~/.local/share/bash-completion/completions ~/.zfunc ~/.config/fish/completions",
        "makes directories in the home directory",
    ),
    (
        "fairplay completions bash > ~/.local/share/bash-completion/completions/fairplay",
        "writes into the home directory",
    ),
    (
        "fairplay completions zsh  > ~/.zfunc/_fairplay",
        "writes into the home directory",
    ),
    (
        "fairplay completions fish > ~/.config/fish/completions/fairplay.fish",
        "writes into the home directory",
    ),
    (
        "fairplay man --out-dir ~/.local/share/man/man1",
        "writes into the home directory",
    ),
    (
        "fairplay man | man -l -",
        "needs man(1); `fairplay man` itself is tested by completions_cli.rs",
    ),
];

/// Lines of `sh` blocks that are build, test, benchmark or fuzzing recipes rather than
/// examples of `fairplay`, by how they start, and why they are not run.
const SKIPPED_RECIPES: &[(&str, &str)] = &[
    (
        "cargo ",
        "builds, tests, benchmarks or fuzzes the workspace: minutes of work, done by cargo test \
         itself, by CI (.ci/run, .ci/fuzz) or by hand",
    ),
    ("cd ", "changes directory for the next lines of a recipe"),
    (
        "export ",
        "sets the environment for the next lines of a recipe",
    ),
    (
        "$F ",
        "benchmark recipe: writes or judges corpora of 20 000 to 100 000 logs (huge inputs)",
    ),
    (
        "hyperfine ",
        "benchmark: needs hyperfine and the corpora of 100 000 logs",
    ),
];

/// The Quickstart runs the program through cargo; here the binary cargo built for this test
/// stands for it (building the release profile again would take minutes).
const CARGO_RUN: &str = "cargo run --release -q -p fairplay -- ";

/// One command of the docs, and what it must do.
#[derive(Debug)]
struct Example {
    /// `README.md:12`.
    place: String,
    /// The command as written (without the `$ `).
    command: String,
    /// Expected standard output; `None`: not compared (an `sh` block).
    stdout: Option<String>,
    /// Expected `fairplay: ` lines of standard error.
    stderr: Vec<String>,
    /// Expected exit status.
    status: i32,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository's root")
}

/// README.md and docs/*.md, in name order.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root.join("README.md"));
    docs
}

/// `N` from a trailing `# exit status N`.
fn annotated_status(command: &str) -> Option<i32> {
    let (_, tail) = command.rsplit_once("# exit status ")?;
    tail.trim().parse().ok()
}

/// Appends to `command` the lines that go on after a final ` \`, kept as the shell reads them.
fn continued<'a>(command: &mut String, lines: &mut impl Iterator<Item = (usize, &'a str)>) {
    while command.ends_with('\\') {
        let (_, next) = lines.next().expect("a continued command goes on");
        command.push('\n');
        command.push_str(next);
    }
}

/// The commands of `text` (a whole document) in `console` and `sh` blocks.
fn examples(name: &str, text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut block: Option<String> = None;
    let mut lines = text.lines().enumerate().peekable();
    while let Some((index, line)) = lines.next() {
        let fence = line.trim_start();
        if let Some(info) = fence.strip_prefix("```") {
            block = match block {
                None => Some(info.trim().to_string()),
                Some(_) => None,
            };
            continue;
        }
        let place = format!("{name}:{}", index + 1);
        match block.as_deref() {
            Some("console") => {
                let Some(first) = line.strip_prefix("$ ") else {
                    panic!("{place}: a console block must start with a `$ ` command: {line:?}");
                };
                let mut command = first.to_string();
                continued(&mut command, &mut lines);
                let (mut stdout, mut stderr) = (String::new(), Vec::new());
                while let Some((_, next)) = lines.peek() {
                    if next.starts_with("$ ") || next.trim_start().starts_with("```") {
                        break;
                    }
                    if next.starts_with("fairplay: ") {
                        stderr.push(next.to_string());
                    } else {
                        stdout.push_str(next);
                        stdout.push('\n');
                    }
                    lines.next();
                }
                let status =
                    annotated_status(&command).unwrap_or(if stderr.is_empty() { 0 } else { 2 });
                found.push(Example {
                    place,
                    command,
                    stdout: Some(stdout),
                    stderr,
                    status,
                });
            }
            Some("sh") => {
                let mut command = line.trim().to_string();
                continued(&mut command, &mut lines);
                if command.is_empty() || command.starts_with('#') {
                    continue;
                }
                let status = annotated_status(&command).unwrap_or(0);
                found.push(Example {
                    place,
                    command,
                    stdout: None,
                    stderr: Vec::new(),
                    status,
                });
            }
            _ => {}
        }
    }
    assert!(block.is_none(), "{name}: a code block is not closed");
    found
}

/// Whether `command` needs a shell: anything but plain words.
fn needs_shell(command: &str) -> bool {
    command
        .chars()
        .any(|c| !(c.is_ascii_alphanumeric() || " -_./,=:@".contains(c)))
}

/// Runs `command` from `root`: `(stdout, stderr, status)`.
fn run(root: &Path, command: &str) -> (String, String, i32) {
    let command = command
        .strip_prefix(CARGO_RUN)
        .map_or_else(|| command.to_string(), |args| format!("fairplay {args}"));
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut cmd = if !needs_shell(&command) && words.first() == Some(&"fairplay") {
        let mut cmd = Command::cargo_bin("fairplay").expect("the fairplay binary");
        cmd.args(&words[1..]);
        cmd
    } else {
        let binary = assert_cmd::cargo::cargo_bin("fairplay");
        let dir = binary.parent().expect("the binary's directory");
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut dirs = vec![dir.to_path_buf()];
        dirs.extend(std::env::split_paths(&path));
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(&command).env(
            "PATH",
            std::env::join_paths(dirs).expect("a PATH of valid directories"),
        );
        cmd
    };
    let output = cmd
        .current_dir(root)
        .env_remove("NO_COLOR")
        .write_stdin("")
        .timeout(Duration::from_secs(120))
        .output()
        .expect("the command runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

/// `command` without its trailing shell comment.
fn bare(command: &str) -> &str {
    command
        .find(" #")
        .map_or(command, |comment| &command[..comment])
        .trim_end()
}

/// Why `example` is not run, if it is not.
fn skipped(example: &Example) -> Option<&'static str> {
    if example.stdout.is_some() || example.command.starts_with(CARGO_RUN) {
        return None;
    }
    SKIPPED
        .iter()
        .find(|(command, _)| *command == bare(&example.command))
        .or_else(|| {
            SKIPPED_RECIPES
                .iter()
                .find(|(start, _)| example.command.starts_with(start))
        })
        .map(|(_, why)| *why)
}

/// What is wrong with `example`'s run, if anything.
fn check(root: &Path, example: &Example) -> Option<String> {
    let (stdout, stderr, status) = run(root, &example.command);
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("fairplay: "))
        .collect();
    let mut wrong = String::new();
    if let Some(expected) = &example.stdout {
        if stdout != *expected {
            let _ = write!(
                wrong,
                "\n  standard output, expected:\n{}\n  printed:\n{}",
                indent(expected),
                indent(&stdout)
            );
        }
        if errors != example.stderr {
            let _ = write!(
                wrong,
                "\n  `fairplay: ` lines on standard error, expected:\n{}\n  printed:\n{}",
                indent(&example.stderr.join("\n")),
                indent(&errors.join("\n"))
            );
        }
    }
    if status != example.status {
        let _ = write!(
            wrong,
            "\n  exit status {status}, expected {}; standard error:\n{}",
            example.status,
            indent(&stderr)
        );
    }
    (!wrong.is_empty()).then(|| format!("{}: $ {}{wrong}", example.place, example.command))
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|line| format!("    | {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_runnable_example_prints_what_the_docs_show() {
    let root = root();
    let mut all = Vec::new();
    for path in documents(&root) {
        let text = std::fs::read_to_string(&path).expect("a readable document");
        let name = path
            .strip_prefix(&root)
            .expect("under the root")
            .display()
            .to_string();
        all.extend(examples(&name, &text));
    }
    // Before anything runs: a skipped command that no longer matches would be run instead.
    for (command, _) in SKIPPED {
        assert!(
            all.iter().any(|example| bare(&example.command) == *command),
            "SKIPPED lists `{command}`, which no document holds any more: update the list"
        );
    }
    let (mut ran, mut compared, mut failures, mut skips) = (0, 0, Vec::new(), Vec::new());
    for example in &all {
        if let Some(why) = skipped(example) {
            skips.push(format!("{}: {} ({why})", example.place, example.command));
            continue;
        }
        ran += 1;
        compared += usize::from(example.stdout.is_some());
        failures.extend(check(&root, example));
    }
    println!(
        "{ran} examples run ({compared} with their output compared), {} skipped:",
        skips.len()
    );
    for skip in &skips {
        println!("  {skip}");
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} doc examples do not do what the docs show:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // The convention must keep finding the examples: a parser that finds none passes nothing.
    assert!(compared >= 50, "only {compared} examples with output found");
}

#[test]
fn the_parser_reads_the_convention() {
    let doc = "text\n\n```console\n$ fairplay quartets x.log\nno\n4\n$ printf 'x' | fairplay quartets \\\n  --live   # exit status 0\nfairplay: <stdin>: line 1: oops\n```\n\n```sh\n# a comment\nfairplay man\n\nfairplay quartets --live  # judge\n```\n\n```text\n$ not run\n```\n";
    let found = examples("doc.md", doc);
    assert_eq!(found.len(), 4, "{found:#?}");
    assert_eq!(found[0].place, "doc.md:4");
    assert_eq!(found[0].stdout.as_deref(), Some("no\n4\n"));
    assert_eq!((found[0].stderr.len(), found[0].status), (0, 0));
    assert_eq!(
        found[1].command,
        "printf 'x' | fairplay quartets \\\n  --live   # exit status 0"
    );
    assert_eq!(found[1].stdout.as_deref(), Some(""));
    assert_eq!(found[1].stderr, ["fairplay: <stdin>: line 1: oops"]);
    assert_eq!(found[1].status, 0, "the annotation wins");
    assert_eq!(
        (found[2].command.as_str(), found[2].stdout.is_none()),
        ("fairplay man", true)
    );
    assert_eq!(found[3].command, "fairplay quartets --live  # judge");
    assert!(!needs_shell(
        "fairplay quartets --players 3 --hands 11,11,10 examples/a.log"
    ));
    assert!(needs_shell("fairplay quartets < examples/a.log"));
    assert!(needs_shell("fairplay batch examples/sequence/sample*.log"));
    assert_eq!(
        bare("fairplay x > y.log    # writes y.log"),
        "fairplay x > y.log"
    );
    assert_eq!(bare("fairplay man"), "fairplay man");
}
