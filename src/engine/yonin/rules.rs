//! Local rules (RULES Y8). The site settings (show legal moves, who starts, time) live
//! in [`crate::session::yonin`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Local rule *format* (RULES Y7, Y8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Everyone against everyone (default).
    #[default]
    Individual,
    /// Opposite seats are partners; the first mate ends the game (RULES Y7).
    Pairs,
}

/// Local rule *end of game*, individual format only (RULES Y6.1, Y6.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameEnd {
    /// The game ends when the second seat is mated (default, RULES Y6.1).
    #[default]
    AfterTwoMates,
    /// The game goes on until one seat is left (RULES Y6.2).
    ToTheLast,
}

/// Local rule *eliminated seat's board pieces* (RULES Y5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EliminatedPieces {
    /// The mater owns and moves them, with their facing and promotion zone (default).
    #[default]
    ToMater,
    /// They stay, never move, attack nothing, block, and any seat may capture them.
    Ownerless,
}

/// The local rules that change play (RULES Y8): format, end of game, eliminated pieces and
/// move limit. `Default` is the RULES default (individual, after two mates, to the mater,
/// no limit).
///
/// The site settings of Y8 that do not change the rules (show legal moves, alternate who
/// starts, time per move) are in [`crate::session::yonin::Settings`].
///
/// Text form (used in the position notation and the game record): `-` for the defaults,
/// otherwise the non-default choices joined by commas in this order: `pairs`, `last`,
/// `ownerless`, `limit=N` (N moves of all seats together). Parsing also accepts the default
/// names `individual`, `two-mates`, `to-mater` and `no-limit`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Individual or pairs (RULES Y7).
    pub format: Format,
    /// After two mates or to the last seat; ignored in pairs (RULES Y6.1, Y6.2).
    pub end: GameEnd,
    /// What becomes of a mated seat's board pieces (RULES Y5.3).
    pub eliminated_pieces: EliminatedPieces,
    /// The game ends when the moves of all seats together reach this many
    /// (RULES Y6.4, Y7b.8); `None` for no limit. `Some(0)` ends every game at once.
    pub move_limit: Option<u32>,
}

impl Rules {
    /// All combinations of format, end of game and eliminated pieces (no move limit):
    /// the eight rule sets that property tests play through.
    pub fn all_combinations() -> Vec<Rules> {
        let mut out = Vec::new();
        for format in [Format::Individual, Format::Pairs] {
            for end in [GameEnd::AfterTwoMates, GameEnd::ToTheLast] {
                for eliminated_pieces in [EliminatedPieces::ToMater, EliminatedPieces::Ownerless] {
                    out.push(Rules {
                        format,
                        end,
                        eliminated_pieces,
                        move_limit: None,
                    });
                }
            }
        }
        out
    }

    /// How many mates end the game: 1 in pairs, 2 after two mates, 3 to the last seat.
    pub const fn mates_to_end(&self) -> usize {
        match (self.format, self.end) {
            (Format::Pairs, _) => 1,
            (Format::Individual, GameEnd::AfterTwoMates) => 2,
            (Format::Individual, GameEnd::ToTheLast) => 3,
        }
    }

    /// Whether the format is pairs.
    pub const fn is_pairs(&self) -> bool {
        matches!(self.format, Format::Pairs)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.format == Format::Pairs {
            parts.push("pairs".into());
        }
        if self.end == GameEnd::ToTheLast {
            parts.push("last".into());
        }
        if self.eliminated_pieces == EliminatedPieces::Ownerless {
            parts.push("ownerless".into());
        }
        if let Some(n) = self.move_limit {
            parts.push(format!("limit={n}"));
        }
        if parts.is_empty() {
            f.write_str("-")
        } else {
            f.write_str(&parts.join(","))
        }
    }
}

/// Why a rules text did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseRulesError {
    /// A comma-separated item is not a known rule.
    #[error("unknown rule {0:?}")]
    Unknown(String),
    /// The number after `limit=` is not a whole number.
    #[error("move limit {0:?} is not a number")]
    Limit(String),
    /// Two items set the same rule.
    #[error("rule {0:?} is set twice")]
    Repeated(String),
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Parses the text form described on [`Rules`].
    ///
    /// # Errors
    /// [`ParseRulesError`] naming the unknown, repeated or malformed item.
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let mut rules = Rules::default();
        if s == "-" {
            return Ok(rules);
        }
        let mut seen = [false; 4];
        let mut mark = |i: usize, item: &str| {
            if seen[i] {
                Err(ParseRulesError::Repeated(item.to_string()))
            } else {
                seen[i] = true;
                Ok(())
            }
        };
        for item in s.split(',') {
            match item {
                "individual" | "pairs" => {
                    mark(0, item)?;
                    if item == "pairs" {
                        rules.format = Format::Pairs;
                    }
                }
                "two-mates" | "last" => {
                    mark(1, item)?;
                    if item == "last" {
                        rules.end = GameEnd::ToTheLast;
                    }
                }
                "to-mater" | "ownerless" => {
                    mark(2, item)?;
                    if item == "ownerless" {
                        rules.eliminated_pieces = EliminatedPieces::Ownerless;
                    }
                }
                "no-limit" => mark(3, item)?,
                _ => {
                    let Some(n) = item.strip_prefix("limit=") else {
                        return Err(ParseRulesError::Unknown(item.to_string()));
                    };
                    mark(3, item)?;
                    let n: u32 = n
                        .parse()
                        .map_err(|_| ParseRulesError::Limit(n.to_string()))?;
                    rules.move_limit = Some(n);
                }
            }
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_text_round_trips() {
        // RULES Y8
        for r in Rules::all_combinations() {
            assert_eq!(r.to_string().parse::<Rules>(), Ok(r));
        }
        let r: Rules = "pairs,ownerless,limit=300".parse().unwrap();
        assert_eq!(r.format, Format::Pairs);
        assert_eq!(r.eliminated_pieces, EliminatedPieces::Ownerless);
        assert_eq!(r.move_limit, Some(300));
        assert_eq!(r.to_string(), "pairs,ownerless,limit=300");
        assert_eq!(Rules::default().to_string(), "-");
        assert_eq!(
            "pairs,individual".parse::<Rules>(),
            Err(ParseRulesError::Repeated("individual".into()))
        );
        assert_eq!(
            "limit=x".parse::<Rules>(),
            Err(ParseRulesError::Limit("x".into()))
        );
        assert_eq!(
            "fast".parse::<Rules>(),
            Err(ParseRulesError::Unknown("fast".into()))
        );
    }
}
