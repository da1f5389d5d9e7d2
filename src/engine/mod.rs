//! Rules engines, one folder per game, sharing one vocabulary:
//! [`Square`], `Position`, `Move`, `Outcome`, `legal_moves`, `play`.

pub mod hasami;
pub mod square;
pub mod yonin;

pub use square::{ParseSquareError, Square, SquareSet};
