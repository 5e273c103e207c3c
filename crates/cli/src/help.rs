//! `fairplay help [TOPIC]`: the guides of the documentation, compiled into the program, so that
//! an installed `fairplay` carries them (its user has no clone of the repository to read
//! `docs/` in). Without a topic, the list of topics.

use clap::Args;

use crate::error::Failure;

/// Options of `fairplay help`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  fairplay help                  # the topics
  fairplay help quartets | less  # the Quartets rules, log format and output contract
  fairplay quartets --help       # the options of a command")]
pub struct HelpArgs {
    /// The topic to print (`fairplay help` lists them); a command's options are in
    /// `fairplay COMMAND --help`.
    #[arg(value_name = "TOPIC", value_hint = clap::ValueHint::Other)]
    topic: Option<String>,
}

/// A guide: its name, other names it answers to, what it holds, its text (Markdown).
struct Topic {
    name: &'static str,
    aliases: &'static [&'static str],
    about: &'static str,
    text: &'static str,
}

const TOPICS: &[Topic] = &[
    Topic {
        name: "quartets",
        aliases: &[],
        about: "Quartets: the rules, the log format, the output contract, the samples",
        text: include_str!("../../../docs/quartets.md"),
    },
    Topic {
        name: "sequence",
        aliases: &[],
        about: "Sequence: the contract and the full rules, both log formats, the output",
        text: include_str!("../../../docs/sequence.md"),
    },
    Topic {
        name: "gofish",
        aliases: &["go-fish"],
        about: "Go Fish: the rules, the log format, the output contract",
        text: include_str!("../../../docs/gofish.md"),
    },
    Topic {
        name: "explain",
        aliases: &["json", "report"],
        about: "--explain, --deal, --knowledge, --seat, --true-deal and --format json",
        text: include_str!("../../../docs/explain.md"),
    },
    Topic {
        name: "batch",
        aliases: &["live", "simulate", "batch-and-live"],
        about: "fairplay batch, --live and fairplay simulate",
        text: include_str!("../../../docs/batch-and-live.md"),
    },
    Topic {
        name: "cli",
        aliases: &["errors", "exit-status", "color", "colour"],
        about: "what every command shares: exit status, errors, colour, input",
        text: include_str!("../../../docs/cli.md"),
    },
    Topic {
        name: "install",
        aliases: &["packaging", "man", "completions"],
        about: "installing fairplay, its man pages and shell completions",
        text: include_str!("../../../docs/packaging.md"),
    },
];

/// The text of `fairplay help [TOPIC]`.
pub fn run(args: HelpArgs) -> anyhow::Result<String> {
    let Some(wanted) = args.topic else {
        return Ok(list());
    };
    let wanted = wanted.to_lowercase();
    match find(&wanted) {
        Some(topic) => Ok(topic.text.to_string()),
        None => {
            let names: Vec<&str> = TOPICS.iter().map(|t| t.name).collect();
            let hint = format!(
                "the topics are {}; a command's options: fairplay COMMAND --help",
                names.join(", ")
            );
            Err(Failure::new(format!("help {wanted}"), "no such topic")
                .hint(hint)
                .into())
        }
    }
}

/// The topics, one a line, with how to read them.
fn list() -> String {
    let mut out = String::from("fairplay help TOPIC prints a guide:\n\n");
    for topic in TOPICS {
        out.push_str(&format!("  {:<10}{}\n", topic.name, topic.about));
    }
    out.push_str(
        "\nfairplay COMMAND --help lists a command's options; fairplay man --out-dir DIR writes \
         the man pages.\n",
    );
    out
}

/// The guide called `name` (a topic or one of its other names).
fn find(name: &str) -> Option<&'static Topic> {
    TOPICS
        .iter()
        .find(|t| t.name == name || t.aliases.contains(&name))
}

/// Whether `fairplay help NAME` prints a guide (the man pages name some).
#[cfg(test)]
pub fn is_topic(name: &str) -> bool {
    find(name).is_some()
}
