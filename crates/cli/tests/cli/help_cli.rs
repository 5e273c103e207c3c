//! `fairplay help TOPIC` (issue 31): the guides of the documentation, carried by the program;
//! `--help` and the man pages point at them, not at paths of the repository.

use crate::common;

use common::fairplay;

fn doc(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn stdout(args: &[&str]) -> String {
    let output = fairplay().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "fairplay {args:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn each_topic_prints_its_guide() {
    for (topic, file) in [
        ("quartets", "quartets.md"),
        ("sequence", "sequence.md"),
        ("gofish", "gofish.md"),
        ("explain", "explain.md"),
        ("batch", "batch-and-live.md"),
        ("live", "batch-and-live.md"),
        ("simulate", "batch-and-live.md"),
        ("cli", "cli.md"),
        ("errors", "cli.md"),
        ("install", "packaging.md"),
        ("completions", "packaging.md"),
    ] {
        assert_eq!(stdout(&["help", topic]), doc(file), "fairplay help {topic}");
    }
}

#[test]
fn help_alone_lists_the_topics() {
    let list = stdout(&["help"]);
    assert!(
        list.starts_with("fairplay help TOPIC prints a guide:\n"),
        "{list}"
    );
    for topic in [
        "quartets", "sequence", "gofish", "explain", "batch", "cli", "install",
    ] {
        assert!(list.contains(&format!("\n  {topic} ")), "{topic}: {list}");
    }
}

#[test]
fn an_unknown_topic_lists_the_known_ones() {
    fairplay()
        .args(["help", "poker"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "fairplay: help poker: no such topic\n\
             fairplay: hint: the topics are quartets, sequence, gofish, explain, batch, cli, install; a \
             command's options: fairplay COMMAND --help\n",
        );
}

#[test]
fn no_help_points_at_a_path_of_the_repository() {
    let commands: [&[&str]; 10] = [
        &[],
        &["quartets"],
        &["sequence"],
        &["gofish"],
        &["batch"],
        &["simulate"],
        &["simulate", "quartets"],
        &["simulate", "sequence"],
        &["completions"],
        &["man"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.push("--help");
        let help = stdout(&args);
        assert!(
            !help.contains("docs/"),
            "fairplay {command:?} --help:\n{help}"
        );
        assert!(
            !help.contains(".md"),
            "fairplay {command:?} --help:\n{help}"
        );
    }
    assert!(stdout(&["quartets", "--help"]).contains("fairplay help quartets"));
    assert!(stdout(&["sequence", "--help"]).contains("fairplay help sequence"));
    assert!(stdout(&["gofish", "--help"]).contains("fairplay help gofish"));
    assert!(stdout(&["batch", "--help"]).contains("fairplay help batch"));
    assert!(stdout(&["--help"]).contains("fairplay help"));
}

#[test]
fn the_man_pages_name_the_topics_and_the_placeholders() {
    let dir = tempfile::tempdir().unwrap();
    fairplay()
        .args(["man", "--out-dir"])
        .arg(dir.path())
        .assert()
        .success();
    let page = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    let quartets = page("fairplay-quartets.1");
    assert!(!quartets.contains("docs/"), "{quartets}");
    assert!(quartets.contains("fairplay help quartets"), "{quartets}");
    let synopsis = quartets
        .split(".SH SYNOPSIS\n")
        .nth(1)
        .unwrap()
        .split("\n.SH")
        .next()
        .unwrap();
    for placeholder in [
        "[\\fB\\-\\-players\\fR \\fIN\\fR]",
        "[\\fB\\-\\-hands\\fR \\fIH1,H2,...\\fR]",
        "[\\fB\\-\\-format\\fR \\fItext|json\\fR]",
        "[\\fB\\-\\-explain\\fR]",
        "[\\fIFILE\\fR]",
    ] {
        assert!(synopsis.contains(placeholder), "{placeholder}: {synopsis}");
    }
    let batch = page("fairplay-batch.1");
    let synopsis = batch.split(".SH SYNOPSIS\n").nth(1).unwrap();
    assert!(synopsis.contains("[\\fB\\-g\\fR|\\fB\\-\\-glob\\fR \\fIGLOB\\fR]..."));
    assert!(synopsis.contains(" \\fIPATH\\fR..."), "{synopsis}");
    let main = page("fairplay.1");
    assert!(main.contains("\\fICOMMAND\\fR"), "{main}");
    assert!(page("fairplay-help.1").contains(".SH NAME"));
}
