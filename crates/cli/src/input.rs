//! Reading a log from a file or standard input.

use std::io::Read;
use std::path::{Path, PathBuf};

/// Where a log comes from: a path, or standard input for `-` or no path.
pub struct Input {
    path: Option<PathBuf>,
}

impl Input {
    pub fn new(path: Option<PathBuf>) -> Input {
        Input {
            path: path.filter(|p| p != Path::new("-")),
        }
    }

    /// How to name this input in messages.
    pub fn name(&self) -> String {
        match &self.path {
            Some(path) => path.display().to_string(),
            None => "<stdin>".to_string(),
        }
    }

    /// The whole input as bytes.
    pub fn read(&self) -> anyhow::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        match &self.path {
            Some(path) => {
                bytes = std::fs::read(path)
                    .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?
            }
            None => {
                std::io::stdin()
                    .lock()
                    .read_to_end(&mut bytes)
                    .map_err(|e| anyhow::anyhow!("cannot read standard input: {e}"))?;
            }
        }
        Ok(bytes)
    }
}
