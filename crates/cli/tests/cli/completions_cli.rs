//! `fairplay completions SHELL` and `fairplay man`: generated from the clap definitions.

use crate::common;

use common::fairplay;
use predicates::prelude::*;

const SUBCOMMANDS: [&str; 6] = [
    "quartets",
    "sequence",
    "batch",
    "simulate",
    "completions",
    "man",
];

#[test]
fn completion_scripts_know_every_subcommand() {
    for (shell, marker) in [
        ("bash", "complete -F _fairplay"),
        ("zsh", "#compdef fairplay"),
        ("fish", "complete -c fairplay"),
        ("elvish", "edit:completion:arg-completer[fairplay]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let output = fairplay().args(["completions", shell]).output().unwrap();
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        assert!(script.len() > 1000, "{shell}: {} bytes", script.len());
        assert!(script.contains(marker), "{shell} script lacks `{marker}`");
        for subcommand in SUBCOMMANDS {
            assert!(
                script.contains(subcommand),
                "{shell} script lacks {subcommand}"
            );
        }
        // Options of subcommands are completed too.
        for option in ["live", "format", "cheat-rate", "players"] {
            let written = match shell {
                "fish" => format!("-l {option}"),
                _ => format!("--{option}"),
            };
            assert!(script.contains(&written), "{shell} script lacks {written}");
        }
    }
    fairplay().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn bash_accepts_the_bash_script() {
    let Ok(status) = std::process::Command::new("bash").arg("--version").output() else {
        return; // no bash on this machine: nothing to check the script with
    };
    assert!(status.status.success());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fairplay.bash");
    let script = fairplay()
        .args(["completions", "bash"])
        .output()
        .unwrap()
        .stdout;
    std::fs::write(&path, script).unwrap();
    let check = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("source {} && complete -p fairplay", path.display()))
        .output()
        .unwrap();
    assert!(check.status.success(), "{check:?}");
    assert!(String::from_utf8_lossy(&check.stdout).contains("_fairplay"));
}

#[test]
fn man_page_lists_the_subcommands() {
    let output = fairplay().arg("man").output().unwrap();
    assert!(output.status.success());
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(
        page.starts_with(".ie"),
        "roff: {}",
        &page[..40.min(page.len())]
    );
    assert!(page.contains(".TH fairplay 1"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    for subcommand in SUBCOMMANDS {
        assert!(
            page.contains(&format!("fairplay\\-{subcommand}(1)")),
            "lacks {subcommand}:\n{page}"
        );
    }
}

#[test]
fn man_pages_into_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    fairplay()
        .args(["man", "--out-dir"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout("");
    for name in [
        "fairplay.1",
        "fairplay-batch.1",
        "fairplay-quartets.1",
        "fairplay-simulate-quartets.1",
    ] {
        let page = std::fs::read_to_string(dir.path().join(name)).unwrap();
        assert!(page.contains(".SH NAME"), "{name}");
    }
    let batch = std::fs::read_to_string(dir.path().join("fairplay-batch.1")).unwrap();
    assert!(batch.contains("\\-\\-format"), "{batch}");
    fairplay()
        .args(["man", "--out-dir", "/proc/no/such/dir"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "fairplay: --out-dir /proc/no/such/dir: cannot create",
        ));
}

/// The pages `fairplay man --out-dir` writes, by file name.
fn pages() -> std::collections::BTreeMap<String, String> {
    let dir = tempfile::tempdir().unwrap();
    fairplay()
        .args(["man", "--out-dir"])
        .arg(dir.path())
        .assert()
        .success();
    common::texts(dir.path())
}

#[test]
fn every_command_has_a_page_with_exit_status_environment_and_see_also() {
    let pages = pages();
    let names: Vec<&str> = pages.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "fairplay-batch.1",
            "fairplay-completions.1",
            "fairplay-gofish.1",
            "fairplay-help.1",
            "fairplay-man.1",
            "fairplay-quartets.1",
            "fairplay-sequence.1",
            "fairplay-simulate-gofish.1",
            "fairplay-simulate-quartets.1",
            "fairplay-simulate-sequence.1",
            "fairplay-simulate.1",
            "fairplay.1",
        ],
        "one page per command, `help` (the guides) among them"
    );
    for (name, page) in &pages {
        let headings: Vec<&str> = page
            .lines()
            .filter_map(|line| line.strip_prefix(".SH "))
            .collect();
        for heading in [
            "NAME",
            "SYNOPSIS",
            "\"EXIT STATUS\"",
            "ENVIRONMENT",
            "\"SEE ALSO\"",
        ] {
            assert!(
                headings.contains(&heading),
                "{name} lacks {heading}: {headings:?}"
            );
        }
        // The sections clap knows come first, SEE ALSO last.
        assert_eq!(headings.last(), Some(&"\"SEE ALSO\""), "{name}");
        assert_eq!(
            page.matches(".ds Aq").count(),
            2,
            "{name}: one roff preamble"
        );
    }
    let quartets = &pages["fairplay-quartets.1"];
    for text in [
        "with \\-\\-exit\\-code: 0 fair, 1 foul, 2 error",
        "\\fBNO_COLOR\\fR",
        "\\fBCLICOLOR_FORCE\\fR",
        "\\fBTERM\\fR",
        "\\fBfairplay help quartets\\fR",
        "\\fBfairplay\\-simulate\\-quartets\\fR(1)",
    ] {
        assert!(
            quartets.contains(text),
            "fairplay-quartets.1 lacks {text}:\n{quartets}"
        );
    }
    assert!(pages["fairplay-sequence.1"].contains("\\fBfairplay help sequence\\fR"));
    assert!(pages["fairplay-batch.1"].contains("\\fBRAYON_NUM_THREADS\\fR"));
    assert!(pages["fairplay-man.1"].contains("No environment variable changes"));
    assert!(pages["fairplay-simulate-quartets.1"].contains("\\-\\-cheat\\-at"));
    // `fairplay man` prints the main page, the same as fairplay.1.
    let printed = fairplay().arg("man").output().unwrap();
    assert!(printed.status.success());
    assert_eq!(
        String::from_utf8(printed.stdout).unwrap(),
        pages["fairplay.1"]
    );
}

/// The batch honours RAYON_NUM_THREADS, as its page says; --jobs wins.
#[test]
fn rayon_num_threads_sets_the_batch_threads() {
    let examples = common::example("quartets");
    for (threads, jobs, expected) in [("3", None, "(3 threads)"), ("3", Some("1"), "(1 threads)")] {
        let mut command = fairplay();
        command
            .env("RAYON_NUM_THREADS", threads)
            .args(["batch", "--format", "csv"]);
        if let Some(jobs) = jobs {
            command.args(["--jobs", jobs]);
        }
        command
            .arg(&examples)
            .assert()
            .success()
            .stderr(predicate::str::contains(expected));
    }
}

/// The line of a completion script that completes `option`'s value.
fn option_line<'a>(script: &'a str, needle: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = script.lines().filter(|l| l.contains(needle)).collect();
    assert!(!lines.is_empty(), "no line with {needle}");
    lines
}

#[test]
fn numbers_complete_no_file_names_and_paths_do() {
    let script = |shell: &str| {
        let output = fairplay().args(["completions", shell]).output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let zsh = script("zsh");
    for option in [
        "'--players=",
        "'--sets=",
        "'*--hands=",
        "'--max-line=",
        "'--seed=",
        "'--cheat-at=",
        "'--teams=",
        "'--jobs=",
        "'--at=",
    ] {
        for line in option_line(&zsh, option) {
            // `_default` and `_files` complete file names; an empty action offers nothing.
            assert!(
                line.ends_with(":'") || line.ends_with(":' \\"),
                "zsh: {line}"
            );
        }
    }
    for line in option_line(&zsh, "'::file -- ") {
        assert!(line.ends_with(":_files' \\"), "zsh: {line}");
    }
    for line in option_line(&zsh, "'--out-dir=") {
        assert!(line.ends_with(":_files -/' \\"), "zsh: {line}");
    }
    let fish = script("fish");
    for option in [
        "-l players ",
        "-l sets ",
        "-l max-line ",
        "-l seed ",
        "-l cheat-at ",
        "-l teams ",
        "-l jobs ",
    ] {
        for line in option_line(&fish, option) {
            assert!(line.ends_with(" -r -f"), "fish: {line}");
        }
    }
    for line in option_line(&fish, "-l out-dir ") {
        assert!(line.contains("__fish_complete_directories"), "fish: {line}");
    }
    let bash = script("bash");
    let players: Vec<&str> = bash.split("--players)").skip(1).collect();
    assert!(!players.is_empty());
    for case in players {
        let body = &case[..case.find(";;").unwrap()];
        assert!(!body.contains("compgen -f"), "bash: --players){body}");
    }
}
