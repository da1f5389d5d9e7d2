//! Yonin Shogi (four-player shogi), RULES Part Y.
