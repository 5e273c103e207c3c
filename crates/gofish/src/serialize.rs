//! How players and ranks are written in JSON: as logs write them.

use crate::rules::{Player, Rank};

pub(crate) fn player<S: serde::Serializer>(player: &Player, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u32(player.number())
}

pub(crate) fn rank<S: serde::Serializer>(rank: &Rank, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rank.name())
}
