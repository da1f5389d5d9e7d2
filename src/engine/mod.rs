//! Rules engines, one folder per game, sharing one vocabulary:
//! [`Square`], `Position`, `Move`, `Outcome`, `legal_moves`, `play`, and the
//! [`Variant`] trait that the table controller and the CPU seam use for both.

pub mod hasami;
pub mod square;
pub mod variant;
pub mod yonin;

pub use square::{ParseSquareError, Square, SquareSet};
pub use variant::{Undone, Variant};
