//! `fairplay completions SHELL` and `fairplay man`: generated from the clap definitions, so
//! they always list the options the program really has.
//!
//! Completion scripts come from `clap_complete`; each option's value hint
//! (`value_hint = ...` on its definition) says what a shell offers for its value: file or
//! directory names for paths, nothing for numbers. Man pages come from `clap_mangen`, one per
//! command, with the sections clap knows nothing of added here: EXIT STATUS, ENVIRONMENT and
//! SEE ALSO.

use std::path::{Path, PathBuf};

use clap::ArgAction;
use clap::{Args, ValueHint};
use clap_complete::Shell;
use clap_mangen::roff::{bold, italic, roman, Inline, Roff};
use clap_mangen::Man;

/// Options of `fairplay completions`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples (each directory made first, if it is not there yet):
  mkdir -p ~/.local/share/bash-completion/completions
  fairplay completions bash > ~/.local/share/bash-completion/completions/fairplay
  mkdir -p ~/.zfunc                                  # and fpath+=~/.zfunc in ~/.zshrc
  fairplay completions zsh > ~/.zfunc/_fairplay
  mkdir -p ~/.config/fish/completions
  fairplay completions fish > ~/.config/fish/completions/fairplay.fish")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Options of `fairplay man`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  fairplay man | man -l -
  fairplay man --out-dir ~/.local/share/man/man1     # fairplay.1, fairplay-batch.1, ...
(--out-dir makes the directory if it is not there.)")]
pub struct ManArgs {
    /// Write one page per command (fairplay.1, fairplay-quartets.1, ...) into DIR instead of
    /// printing the main page.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    out_dir: Option<PathBuf>,
}

/// The completion script for `args.shell`.
pub fn completions(args: CompletionsArgs, mut command: clap::Command) -> anyhow::Result<String> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "fairplay", &mut script);
    Ok(String::from_utf8(script)?)
}

/// The main man page (roff), or every page written into a directory.
pub fn man(args: ManArgs, command: clap::Command) -> anyhow::Result<String> {
    let mut command = command.disable_help_subcommand(true);
    command.build();
    match args.out_dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir)
                .map_err(|e| anyhow::anyhow!("--out-dir {}: cannot create: {e}", dir.display()))?;
            write_pages(&command, &dir)
                .map_err(|e| anyhow::anyhow!("--out-dir {}: cannot write: {e}", dir.display()))?;
            Ok(String::new())
        }
        None => Ok(page(&command)?),
    }
}

/// Writes the page of `command` and of each of its subcommands, `NAME.1`, into `dir`.
fn write_pages(command: &clap::Command, dir: &Path) -> std::io::Result<()> {
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, dir)?;
    }
    let man = Man::new(command.clone());
    std::fs::write(dir.join(man.get_filename()), page(command)?)
}

/// The man page of one (built) command: clap_mangen's sections, with EXIT STATUS and
/// ENVIRONMENT after the options, the help's closing text as NOTES, and SEE ALSO last.
fn page(command: &clap::Command) -> std::io::Result<String> {
    let man = Man::new(command.clone()).source(format!(
        "fairplay {}",
        command.get_version().unwrap_or_default()
    ));
    let name = man.get_filename();
    let name = name.strip_suffix(".1").unwrap_or(&name);
    let about = About::of(name).unwrap_or_else(About::unknown);
    // Each rendered part starts with the same roff preamble: the page keeps the first one.
    let preamble = Roff::new().render();
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    let mut part = |render: &dyn Fn(&mut Vec<u8>) -> std::io::Result<()>| {
        let mut buffer = Vec::new();
        render(&mut buffer)?;
        let text = String::from_utf8_lossy(&buffer);
        out.extend_from_slice(text.strip_prefix(&preamble).unwrap_or(&text).as_bytes());
        Ok::<(), std::io::Error>(())
    };
    part(&|w| man.render_name_section(w))?;
    part(&|w| {
        w.extend_from_slice(synopsis(command).as_bytes());
        Ok(())
    })?;
    part(&|w| man.render_description_section(w))?;
    if command.get_arguments().any(|a| !a.is_hide_set()) {
        part(&|w| man.render_options_section(w))?;
    }
    if command.get_subcommands().any(|s| !s.is_hide_set()) {
        part(&|w| man.render_subcommands_section(w))?;
    }
    let mut roff = Roff::new();
    definitions(&mut roff, "EXIT STATUS", about.exit_status);
    if about.environment.is_empty() {
        roff.control("SH", ["ENVIRONMENT"]);
        roff.text([roman(
            "No environment variable changes what this command does.",
        )]);
    } else {
        definitions(&mut roff, "ENVIRONMENT", about.environment);
    }
    if let Some(notes) = command.get_after_long_help().or(command.get_after_help()) {
        roff.control("SH", ["NOTES"]);
        roff.control("nf", []);
        for line in notes.to_string().lines() {
            roff.text([roman(line)]);
        }
        roff.control("fi", []);
    }
    if let Some(version) = command.get_version() {
        roff.control("SH", ["VERSION"]);
        roff.text([roman(format!("v{version}"))]);
    }
    roff.control("SH", ["SEE ALSO"]);
    let mut pages = Vec::new();
    for (i, page) in about.pages.iter().enumerate() {
        pages.push(bold(*page));
        pages.push(roman(if i + 1 < about.pages.len() {
            "(1), "
        } else {
            "(1)"
        }));
    }
    roff.text(pages);
    roff.control("PP", []);
    roff.text([roman(
        "The guides, which fairplay carries: fairplay help TOPIC prints one, fairplay help \
         lists them all.",
    )]);
    for (topic, what) in about.docs {
        roff.control("TP", []);
        roff.text([bold(format!("fairplay help {topic}"))]);
        roff.text([roman(*what)]);
    }
    out.extend_from_slice(roff.to_roff().as_bytes());
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The SYNOPSIS of a command with a placeholder for every value (clap_mangen's has none:
/// `[--players]` for `[--players N]`): `fairplay quartets [--players N] ... [FILE]`.
fn synopsis(command: &clap::Command) -> String {
    let name = command.get_bin_name().unwrap_or(command.get_name());
    let mut line: Vec<Inline> = vec![bold(name)];
    // The options first, then the operands, as clap's usage has them.
    let shown = command.get_arguments().filter(|a| !a.is_hide_set());
    let (operands, options): (Vec<_>, Vec<_>) = shown.partition(|a| a.is_positional());
    for arg in options.into_iter().chain(operands) {
        let value = placeholder(arg);
        // Repeatable, unless its values come comma-separated in one (`--hands 8,8,8,8`).
        let repeated =
            matches!(arg.get_action(), ArgAction::Append) && arg.get_value_delimiter().is_none();
        line.push(roman(" "));
        if arg.is_positional() {
            let required = arg.is_required_set();
            line.push(roman(if required { "" } else { "[" }));
            line.push(italic(value));
            line.push(roman(match (repeated, required) {
                (true, true) => "...",
                (true, false) => "]...",
                (false, true) => "",
                (false, false) => "]",
            }));
            continue;
        }
        line.push(roman("["));
        if let Some(short) = arg.get_short() {
            line.push(bold(format!("-{short}")));
            if arg.get_long().is_some() {
                line.push(roman("|"));
            }
        }
        if let Some(long) = arg.get_long() {
            line.push(bold(format!("--{long}")));
        }
        if arg.get_action().takes_values() {
            line.push(roman(" "));
            line.push(italic(value));
        }
        line.push(roman(if repeated { "]..." } else { "]" }));
    }
    if command.has_subcommands() {
        line.push(roman(" "));
        line.push(italic("COMMAND"));
    }
    let mut roff = Roff::new();
    roff.control("SH", ["SYNOPSIS"]);
    roff.text(line);
    roff.to_roff()
}

/// How the synopsis writes an argument's value: its value name (`N`, `FILE`), the list of its
/// values when it has a few (`auto|always|never`), else its name in capitals.
fn placeholder(arg: &clap::Arg) -> String {
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if !values.is_empty() && values.len() <= 4 {
        return values.join("|");
    }
    if let Some(names) = arg.get_value_names() {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        return names.join(" ");
    }
    arg.get_id().as_str().to_uppercase()
}

/// A section of tagged paragraphs: each term in bold, then what it means.
fn definitions(roff: &mut Roff, heading: &str, items: &[(&str, &str)]) {
    roff.control("SH", [heading]);
    for (term, text) in items {
        roff.control("TP", []);
        roff.text([bold(*term)]);
        roff.text([roman(*text)]);
    }
}

/// What a command's page says beyond its options.
struct About {
    exit_status: &'static [(&'static str, &'static str)],
    environment: &'static [(&'static str, &'static str)],
    /// Related pages, without their section (1).
    pages: &'static [&'static str],
    /// Guides (`fairplay help TOPIC`), with what they hold.
    docs: &'static [(&'static str, &'static str)],
}

const JUDGE_EXIT: &[(&str, &str)] = &[
    (
        "0",
        "The log was judged and its verdict printed, fair or foul; with --exit-code, only when \
         it is fair. --live: the input ended.",
    ),
    (
        "1",
        "The log is foul (cheating is certain, or a move is illegal), with --exit-code only. \
         In short, with --exit-code: 0 fair, 1 foul, 2 error.",
    ),
    (
        "2",
        "An error: the log cannot be read, is malformed, or breaks a rule anyone can check \
         (with --format json the error is also a JSON document on standard output); bad \
         options.",
    ),
];

const COLOUR: &[(&str, &str)] = &[
    (
        "NO_COLOR",
        "Set to anything but the empty string: no colour in the text reports \
         (https://no-color.org), unless --color always.",
    ),
    (
        "CLICOLOR_FORCE",
        "Set to anything but 0: colour even when standard output is not a terminal, unless \
         NO_COLOR is set or --color never.",
    ),
    (
        "TERM",
        "dumb: no colour on a terminal that cannot show it. With --color auto (the default) \
         colour is used only on a terminal; --color always and --color never decide alone.",
    ),
];

const THREADS: &[(&str, &str)] = &[(
    "RAYON_NUM_THREADS",
    "The number of worker threads when --jobs is not given (--jobs wins); by default one per \
     core.",
)];

const SIMULATE_THREADS: &[(&str, &str)] = &[(
    "RAYON_NUM_THREADS",
    "The number of threads simulating games at once with --count; by default one per core. \
     The games and their order do not depend on it.",
)];

const SIMULATE_EXIT: &[(&str, &str)] = &[
    ("0", "The games were written."),
    (
        "2",
        "An error: bad options, a --cheat-at or --illegal-at that a game cannot meet (the \
         message names its seed), a file or standard output that cannot be written.",
    ),
];

const PLAIN_EXIT: &[(&str, &str)] = &[
    ("0", "The output was written."),
    (
        "2",
        "An error: bad arguments, or an output that cannot be written.",
    ),
];

const SIMULATE_DOC: (&str, &str) = (
    "simulate",
    "fairplay simulate: the options, the files of --out-dir, the JSON fields of --truth.",
);
const SIMULATE_DOCS: &[(&str, &str)] = &[SIMULATE_DOC];
const SIMULATE_QUARTETS_DOCS: &[(&str, &str)] = &[
    SIMULATE_DOC,
    ("quartets", "The Quartets rules and log format."),
];
const SIMULATE_SEQUENCE_DOCS: &[(&str, &str)] = &[
    SIMULATE_DOC,
    ("sequence", "The Sequence rules and log formats."),
];

/// The main page names every variable some command reads.
const ALL_ENVIRONMENT: &[(&str, &str)] = &[
    COLOUR[0],
    COLOUR[1],
    COLOUR[2],
    (
        "RAYON_NUM_THREADS",
        "fairplay batch: the number of worker threads when --jobs is not given; fairplay \
         simulate: the threads simulating games with --count. By default one per core.",
    ),
];

impl About {
    fn of(name: &str) -> Option<About> {
        Some(match name {
            "fairplay" => About {
                exit_status: &[
                    (
                        "0",
                        "The command ran: a verdict was printed (fair or foul), a batch ran \
                         (whatever its verdicts), the output was written.",
                    ),
                    (
                        "1",
                        "fairplay quartets, sequence, gofish and batch with --exit-code: the \
                         log (some log) is foul. With --exit-code: 0 fair, 1 foul, 2 error.",
                    ),
                    (
                        "2",
                        "An error: a log that cannot be read or judged (quartets, sequence, gofish), \
                         unusable arguments, an output that cannot be written.",
                    ),
                ],
                environment: ALL_ENVIRONMENT,
                pages: &[
                    "fairplay-quartets",
                    "fairplay-sequence",
                    "fairplay-gofish",
                    "fairplay-batch",
                    "fairplay-simulate",
                    "fairplay-completions",
                    "fairplay-man",
                ],
                docs: &[
                    (
                        "install",
                        "Installing fairplay, its man pages and completions.",
                    ),
                    (
                        "cli",
                        "What every command shares: exit status, errors, colour, input.",
                    ),
                    (
                        "quartets",
                        "Quartets: the rules, the log format, the output contract.",
                    ),
                    (
                        "sequence",
                        "Sequence: both rule sets, both log formats, the output.",
                    ),
                    (
                        "gofish",
                        "Go Fish: the rules, the log format, the output contract.",
                    ),
                    ("explain", "--explain, --deal, --knowledge, --format json."),
                    ("batch", "batch, --live, simulate, completions, man."),
                ],
            },
            "fairplay-quartets" => About {
                exit_status: JUDGE_EXIT,
                environment: COLOUR,
                pages: &["fairplay", "fairplay-batch", "fairplay-simulate-quartets"],
                docs: &[
                    (
                        "quartets",
                        "The rules, the log format, the output contract, the samples.",
                    ),
                    ("explain", "--explain, --deal, --knowledge, --format json."),
                    ("live", "--live."),
                ],
            },
            "fairplay-sequence" => About {
                exit_status: JUDGE_EXIT,
                environment: COLOUR,
                pages: &["fairplay", "fairplay-batch", "fairplay-simulate-sequence"],
                docs: &[
                    (
                        "sequence",
                        "The contract and the full rules, both log formats, the output.",
                    ),
                    ("explain", "--explain, --format json."),
                    ("live", "--live."),
                ],
            },
            "fairplay-gofish" => About {
                exit_status: JUDGE_EXIT,
                environment: COLOUR,
                pages: &["fairplay", "fairplay-batch"],
                docs: &[
                    (
                        "gofish",
                        "The rules, the log format, the output contract, the samples.",
                    ),
                    ("live", "--live."),
                ],
            },
            "fairplay-batch" => About {
                exit_status: &[
                    (
                        "0",
                        "The batch ran, whatever the verdicts (logs that could not be judged \
                         are rows too); with --exit-code, only when every log is fair.",
                    ),
                    (
                        "1",
                        "With --exit-code: some log is foul, and every log was judged.",
                    ),
                    (
                        "2",
                        "Unusable arguments: a path that does not exist, a directory that \
                         cannot be listed, bad options; or rows that cannot be written; with \
                         --exit-code, also a log that could not be judged.",
                    ),
                ],
                environment: THREADS,
                pages: &["fairplay", "fairplay-quartets", "fairplay-sequence"],
                docs: &[
                    (
                        "batch",
                        "fairplay batch: inputs, rows, formats, the summary.",
                    ),
                    ("quartets", "The Quartets log format."),
                    ("sequence", "The Sequence log formats."),
                ],
            },
            "fairplay-simulate" => About {
                exit_status: SIMULATE_EXIT,
                environment: SIMULATE_THREADS,
                pages: &[
                    "fairplay",
                    "fairplay-simulate-quartets",
                    "fairplay-simulate-sequence",
                    "fairplay-simulate-gofish",
                    "fairplay-batch",
                ],
                docs: SIMULATE_DOCS,
            },
            "fairplay-simulate-gofish" => About {
                exit_status: SIMULATE_EXIT,
                environment: SIMULATE_THREADS,
                pages: &["fairplay-simulate", "fairplay-batch"],
                docs: SIMULATE_DOCS,
            },
            "fairplay-simulate-quartets" => About {
                exit_status: SIMULATE_EXIT,
                environment: SIMULATE_THREADS,
                pages: &["fairplay-simulate", "fairplay-quartets", "fairplay-batch"],
                docs: SIMULATE_QUARTETS_DOCS,
            },
            "fairplay-simulate-sequence" => About {
                exit_status: SIMULATE_EXIT,
                environment: SIMULATE_THREADS,
                pages: &["fairplay-simulate", "fairplay-sequence", "fairplay-batch"],
                docs: SIMULATE_SEQUENCE_DOCS,
            },
            "fairplay-completions" | "fairplay-man" => About {
                exit_status: PLAIN_EXIT,
                environment: &[],
                pages: &["fairplay"],
                docs: &[("install", "Completions and man pages: where to put them.")],
            },
            "fairplay-help" => About {
                exit_status: &[
                    ("0", "The guide (or the list of guides) was printed."),
                    ("2", "No such topic, or an output that cannot be written."),
                ],
                environment: &[],
                pages: &["fairplay"],
                docs: &[("cli", "What every command shares.")],
            },
            _ => return None,
        })
    }

    /// For a command this file does not describe yet (a test checks there is none).
    fn unknown() -> About {
        About {
            exit_status: &[("0", "Success."), ("2", "An error.")],
            environment: &[],
            pages: &["fairplay"],
            docs: &[("cli", "What every command shares.")],
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::{ArgAction, CommandFactory};

    use super::*;

    fn all_commands(command: &clap::Command, out: &mut Vec<clap::Command>) {
        out.push(command.clone());
        for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
            all_commands(sub, out);
        }
    }

    fn built() -> clap::Command {
        let mut command = crate::Cli::command().disable_help_subcommand(true);
        command.build();
        command
    }

    #[test]
    fn every_command_has_its_own_exit_status_and_environment() {
        let mut commands = Vec::new();
        all_commands(&built(), &mut commands);
        assert!(commands.len() >= 9, "{}", commands.len());
        for command in &commands {
            let name = Man::new(command.clone()).get_filename();
            let name = name.strip_suffix(".1").unwrap();
            assert!(
                About::of(name).is_some(),
                "{name}: say its exit status and environment in About::of"
            );
        }
    }

    /// The guides the pages name are guides `fairplay help` prints.
    #[test]
    fn every_guide_named_is_a_help_topic() {
        let mut commands = Vec::new();
        all_commands(&built(), &mut commands);
        for command in &commands {
            let name = Man::new(command.clone()).get_filename();
            let about = About::of(name.strip_suffix(".1").unwrap()).unwrap();
            for (topic, _) in about.docs {
                assert!(crate::help::is_topic(topic), "{name}: {topic}");
            }
        }
    }

    /// Each option taking a value says what it takes, so that no shell offers file names for a
    /// number: possible values, or a value hint other than Unknown.
    #[test]
    fn every_value_has_a_completion_hint() {
        let mut commands = Vec::new();
        all_commands(&built(), &mut commands);
        for command in &commands {
            for arg in command.get_arguments() {
                let takes_value = matches!(arg.get_action(), ArgAction::Set | ArgAction::Append);
                if !takes_value || arg.is_hide_set() {
                    continue;
                }
                let listed = !arg.get_possible_values().is_empty();
                assert!(
                    listed || arg.get_value_hint() != ValueHint::Unknown,
                    "{} {}: add value_hint = ... (Other for numbers)",
                    command.get_name(),
                    arg.get_id()
                );
            }
        }
    }
}
