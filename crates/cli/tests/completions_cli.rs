//! `fairplay completions SHELL` and `fairplay man`: generated from the clap definitions.

mod common;

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
        .stderr(predicate::str::starts_with("fairplay: cannot create"));
}
