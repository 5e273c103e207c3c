//! `--explain`, `--deal`, `--knowledge`, `--at` and `--format json`: snapshots of the reports
//! (spec samples and hand-made cases), JSON output validated against
//! `schemas/report.schema.json`, and the default output left byte-exact.

use crate::common;

use common::{
    assert_valid, fairplay as command, validator, QUARTETS_SAMPLE1 as SAMPLE1,
    QUARTETS_SAMPLE2 as SAMPLE2,
};

/// What `fairplay ARGS` prints on `stdin`, asserted to succeed.
fn fairplay(args: &[&str], stdin: &str) -> String {
    let output = command()
        .env_remove("NO_COLOR")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn example(name: &str) -> String {
    common::example(name).display().to_string()
}

/// Hand-made Quartets cases: (name, extra options, log).
const CASES: &[(&str, &[&str], &str)] = &[
    (
        "handed_over_from_elsewhere",
        &[],
        "2\n1 A 2 3A yes\n1 A 3 3A yes\n",
    ),
    (
        "denied_card_in_hand",
        &[],
        "3\n1 A 2 3A yes\n1 A 2 3B no\n2 A 1 3A no\n",
    ),
    (
        "denied_then_shown",
        &[],
        "3\n1 A 2 3A no\n2 A 1 4A no\n1 A 2 3A yes\n",
    ),
    (
        "card_denied_by_everyone",
        &["--players", "2", "--sets", "2", "--cards-per-set", "2"],
        "2\n1 A 2 1A no\n2 A 1 1A no\n",
    ),
    (
        "need_with_no_card_left",
        &["--players", "2", "--sets", "3", "--cards-per-set", "2"],
        "5\n1 A 2 1A yes\n1 A 2 1B yes\n1 A 2 2A no\n2 A 1 2B no\n2 A 1 3A no\n",
    ),
    (
        "laid_aside_from_elsewhere",
        &[],
        "3\n1 A 2 3A yes\n1 A 2 4A no\n2 Q 3\n",
    ),
];

#[test]
fn quartets_reports_of_the_samples() {
    insta::assert_snapshot!(
        "quartets_sample1_explain",
        fairplay(&["quartets", "--explain", "--knowledge"], SAMPLE1)
    );
    insta::assert_snapshot!(
        "quartets_sample2_deal_knowledge",
        fairplay(
            &[
                "quartets",
                "--explain",
                "--deal",
                "--knowledge",
                "--at",
                "4"
            ],
            SAMPLE2
        )
    );
    insta::assert_snapshot!(
        "quartets_sample1_json",
        fairplay(
            &[
                "quartets",
                "--format",
                "json",
                "--explain",
                "--deal",
                "--knowledge"
            ],
            SAMPLE1
        )
    );
    insta::assert_snapshot!(
        "quartets_sample2_json",
        fairplay(
            &["quartets", "--format", "json", "--explain", "--deal"],
            SAMPLE2
        )
    );
}

#[test]
fn quartets_reports_of_hand_made_cases() {
    for (name, options, log) in CASES {
        let mut args = vec!["quartets", "--explain"];
        args.extend_from_slice(options);
        insta::assert_snapshot!(format!("quartets_{name}"), fairplay(&args, log));
    }
}

#[test]
fn sequence_reports() {
    for n in 1..=4 {
        let file = example(&format!("sequence/sample{n}.log"));
        insta::assert_snapshot!(
            format!("sequence_sample{n}_explain"),
            fairplay(&["sequence", "--explain", &file], "")
        );
    }
    insta::assert_snapshot!(
        "sequence_wrong_square",
        fairplay(&["sequence", "--explain"], "2\n1 2h P 2h\n2 3h P 2h\n")
    );
    insta::assert_snapshot!(
        "sequence_full_illegal_explain",
        fairplay(
            &[
                "sequence",
                "--rules",
                "full",
                "--explain",
                &example("sequence/full-illegal.log")
            ],
            ""
        )
    );
    insta::assert_snapshot!(
        "sequence_sample2_json",
        fairplay(
            &[
                "sequence",
                "--format",
                "json",
                &example("sequence/sample2.log")
            ],
            ""
        )
    );
    insta::assert_snapshot!(
        "sequence_full_illegal_json",
        fairplay(
            &[
                "sequence",
                "--rules",
                "full",
                "--format",
                "json",
                &example("sequence/full-illegal.log")
            ],
            ""
        )
    );
}

#[test]
fn default_output_stays_byte_exact() {
    assert_eq!(fairplay(&["quartets"], SAMPLE1), "no\n4\n");
    assert_eq!(fairplay(&["quartets"], SAMPLE2), "yes\n");
    assert_eq!(
        fairplay(&["sequence", &example("sequence/sample2.log")], ""),
        "INVALID 2\n"
    );
    // The report starts with the contract lines, byte for byte.
    assert!(fairplay(&["quartets", "--explain"], SAMPLE1).starts_with("no\n4\n\n"));
    assert!(fairplay(
        &["sequence", "--explain", &example("sequence/sample3.log")],
        ""
    )
    .starts_with("INVALID 3\n\n"));
}

#[test]
fn no_colour_when_not_a_terminal() {
    for out in [
        fairplay(&["quartets", "--explain", "--deal", "--knowledge"], SAMPLE1),
        fairplay(
            &["sequence", "--explain", &example("sequence/sample2.log")],
            "",
        ),
    ] {
        assert!(!out.contains('\x1b'), "{out}");
    }
}

#[test]
fn knowledge_after_cheating_is_an_error() {
    let output = command()
        .args(["quartets", "--knowledge", "--at", "4"])
        .write_stdin(SAMPLE1)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no deal fits actions 1..4"));
}

/// Validates a document of a judged log against the schema, checks that its verdict and its
/// contract text agree, and returns it.
fn judged(validator: &jsonschema::Validator, text: &str) -> serde_json::Value {
    let document = assert_valid(validator, text);
    assert_eq!(document["schema_version"], 1, "{text}");
    let contract = document["contract"].as_str().unwrap();
    let verdict = &document["verdict"];
    match verdict["kind"].as_str().unwrap() {
        "fair" => assert!(contract == "yes\n" || contract == "VALID GAME\n", "{text}"),
        "foul" => {
            let action = verdict["action"].as_u64().unwrap();
            assert!(
                contract == format!("no\n{action}\n") || contract == format!("INVALID {action}\n"),
                "{text}"
            );
            assert!(verdict["line"].as_u64().unwrap() > action, "{text}");
        }
        kind => panic!("verdict {kind}: {text}"),
    }
    document
}

#[test]
fn json_matches_the_schema() {
    let validator = validator();
    let all = ["--format", "json", "--explain", "--deal", "--knowledge"];
    for log in [SAMPLE1, SAMPLE2] {
        let mut args = vec!["quartets"];
        args.extend_from_slice(&all);
        judged(&validator, &fairplay(&args, log));
        judged(
            &validator,
            &fairplay(&["quartets", "--format", "json"], log),
        );
    }
    for (_, options, log) in CASES {
        let mut args = vec!["quartets"];
        args.extend_from_slice(&all);
        args.extend_from_slice(options);
        judged(&validator, &fairplay(&args, log));
    }
    // Simulated games, cheating and honest.
    for seed in 0..20 {
        let config = fairplay_sim::quartets::Config::new(fairplay_quartets::Rules::standard())
            .with_cheat_rate(if seed % 2 == 0 { 0.05 } else { 0.0 })
            .with_max_actions(200);
        let log = fairplay_sim::quartets::simulate_seeded(&config, seed).log();
        let mut args = vec!["quartets"];
        args.extend_from_slice(&all);
        let document = judged(&validator, &fairplay(&args, &log));
        let engine = fairplay_quartets::audit(log.as_bytes(), &config.rules).unwrap();
        assert_eq!(document["contract"], engine.contract(), "seed {seed}");
        assert_eq!(document["actions"], engine.actions, "seed {seed}");
    }
    for n in 1..=4 {
        let file = example(&format!("sequence/sample{n}.log"));
        judged(
            &validator,
            &fairplay(&["sequence", "--format", "json", &file], ""),
        );
    }
    for file in ["full-game.log", "full-illegal.log", "three-teams.log"] {
        let file = example(&format!("sequence/{file}"));
        judged(
            &validator,
            &fairplay(
                &[
                    "sequence",
                    "--rules",
                    "full",
                    "--format",
                    "json",
                    "--explain",
                    &file,
                ],
                "",
            ),
        );
    }
}
