//! `fairplay completions SHELL` and `fairplay man`: generated from the clap definitions, so
//! they always list the options the program really has.

use std::path::PathBuf;

use clap::Args;
use clap_complete::Shell;

/// Options of `fairplay completions`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  fairplay completions bash > ~/.local/share/bash-completion/completions/fairplay
  fairplay completions zsh > ~/.zfunc/_fairplay      # with fpath+=~/.zfunc in ~/.zshrc
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
  fairplay man --out-dir ~/.local/share/man/man1     # fairplay.1, fairplay-batch.1, ...")]
pub struct ManArgs {
    /// Write one page per command (fairplay.1, fairplay-quartets.1, ...) into DIR instead of
    /// printing the main page.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
}

/// The completion script for `args.shell`.
pub fn completions(args: CompletionsArgs, mut command: clap::Command) -> anyhow::Result<String> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "fairplay", &mut script);
    Ok(String::from_utf8(script)?)
}

/// The man page (roff), or the pages written into a directory.
pub fn man(args: ManArgs, command: clap::Command) -> anyhow::Result<String> {
    match args.out_dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir)
                .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
            clap_mangen::generate_to(command, &dir)
                .map_err(|e| anyhow::anyhow!("cannot write into {}: {e}", dir.display()))?;
            Ok(String::new())
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            Ok(String::from_utf8(page)?)
        }
    }
}
