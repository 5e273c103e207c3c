//! The one shape of every error the program prints on standard error:
//!
//! ```text
//! fairplay: WHERE: what is wrong
//! fairplay: hint: what to do about it          (only where one helps)
//! ```
//!
//! WHERE names the file and line, the option or the command. A [`Failure`] carries the three
//! parts through `anyhow`; [`lines`] prints any error in this shape, and [`usage`] reshapes
//! clap's errors (bad options) into it.

use std::fmt;

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// An error with the place it is about and, where one helps, a hint.
#[derive(Debug)]
pub struct Failure {
    place: String,
    what: String,
    hint: Option<String>,
}

impl Failure {
    /// The error `what` about `place` (a file and line, an option, a command).
    pub fn new(place: impl fmt::Display, what: impl fmt::Display) -> Failure {
        Failure {
            place: place.to_string(),
            what: what.to_string(),
            hint: None,
        }
    }

    /// The same error with a hint, printed on the line after it.
    pub fn hint(mut self, hint: impl fmt::Display) -> Failure {
        self.hint = Some(hint.to_string());
        self
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.what)
    }
}

impl std::error::Error for Failure {}

/// The lines that report `error` on standard error, each ending in a line break.
pub fn lines(error: &anyhow::Error) -> String {
    match error.downcast_ref::<Failure>() {
        Some(failure) => {
            let mut out = format!("fairplay: {failure}\n");
            if let Some(hint) = &failure.hint {
                out.push_str(&format!("fairplay: hint: {hint}\n"));
            }
            out
        }
        None => format!("fairplay: {error:#}\n"),
    }
}

/// Clap's error for unusable arguments, in the program's shape: the option (or the command)
/// first, then what is wrong, and a hint with the usage of the command that was meant (clap's
/// own usage line shows a suggested option as if it were required) and where its help is.
/// `args` are the program's arguments, to tell which command was meant.
pub fn usage(error: &clap::Error, command: &mut clap::Command, args: &[String]) -> Failure {
    command.build();
    let (path, sub) = meant(command, args);
    let rendered = error.render().to_string();
    let first = rendered.lines().next().unwrap_or_default();
    let message = first.strip_prefix("error: ").unwrap_or(first);
    let context = |kind: ContextKind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        Some(ContextValue::Strings(texts)) => Some(texts.join(" ")),
        _ => None,
    };
    let help = format!("`{path} --help` tells more");
    // The command in words for a place (`simulate quartets`); `fairplay` for the program.
    let words = path.strip_prefix("fairplay ").unwrap_or(&path).to_string();
    let usage = sub
        .clone()
        .render_usage()
        .to_string()
        .trim()
        .trim_start_matches("Usage: ")
        .to_string();
    let usage_hint = format!("usage: {usage} ({help})");
    let suggested = context(ContextKind::SuggestedArg)
        .or_else(|| context(ContextKind::SuggestedValue))
        .or_else(|| context(ContextKind::SuggestedSubcommand));
    let valid = match error.get(ContextKind::ValidValue) {
        Some(ContextValue::Strings(values)) if !values.is_empty() => Some(values.join(", ")),
        _ => None,
    };
    // `--players <N>` is named `--players`; a positional `<SHELL>` keeps its name.
    let argument = context(ContextKind::InvalidArg);
    let option = argument
        .as_deref()
        .map(|argument| match argument.split_once(' ') {
            Some((option, _)) if option.starts_with('-') => option.to_string(),
            _ => argument.to_string(),
        });
    match (error.kind(), argument) {
        (ErrorKind::UnknownArgument, Some(argument)) => {
            let what = if argument.starts_with('-') {
                "no such option"
            } else {
                "unexpected argument"
            };
            let hint = match suggested {
                Some(suggested) => format!("did you mean {suggested}? ({help})"),
                None => usage_hint,
            };
            Failure::new(argument, what).hint(hint)
        }
        (ErrorKind::InvalidValue | ErrorKind::ValueValidation, Some(argument)) => {
            let what = message.replacen(&format!(" for '{argument}'"), "", 1);
            let hint = match (suggested, valid) {
                (Some(suggested), _) => format!("did you mean {suggested}? ({help})"),
                (None, Some(valid)) => format!("possible values: {valid} ({help})"),
                (None, None) => help,
            };
            Failure::new(option.unwrap_or(argument), what).hint(hint)
        }
        (ErrorKind::MissingRequiredArgument, Some(missing)) => {
            Failure::new(words, format!("missing {missing}")).hint(usage_hint)
        }
        (ErrorKind::ArgumentConflict, Some(argument)) => {
            let what = message.replacen(&format!("the argument '{argument}' "), "", 1);
            Failure::new(option.unwrap_or(argument), what).hint(usage_hint)
        }
        (ErrorKind::InvalidSubcommand, _) => {
            let named = context(ContextKind::InvalidSubcommand).unwrap_or_default();
            let hint = match suggested {
                Some(suggested) => format!("did you mean {suggested}? ({help})"),
                None => format!("`{path} --help` lists the commands"),
            };
            Failure::new(named, "no such command").hint(hint)
        }
        _ => Failure::new(words, message).hint(usage_hint),
    }
}

/// The command the arguments name (`fairplay simulate quartets`), as words and as clap's
/// command: the subcommands named before the first option.
fn meant<'a>(command: &'a clap::Command, args: &[String]) -> (String, &'a clap::Command) {
    let mut path = String::from("fairplay");
    let mut sub = command;
    for arg in args.iter().skip(1) {
        if arg.starts_with('-') {
            // A global option before the subcommand (`--color never quartets ...`) is skipped
            // with its value, if it takes one.
            continue;
        }
        match sub.find_subcommand(arg) {
            Some(next) => {
                path.push(' ');
                path.push_str(next.get_name());
                sub = next;
            }
            None if sub.has_subcommands() => continue,
            None => break,
        }
    }
    (path, sub)
}
