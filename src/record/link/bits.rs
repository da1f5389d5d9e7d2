//! The bit stream of a share link and its text, six bits to a base64url character
//! (`docs/RECORDS.md`, "Share links": *Characters and bits*).
//!
//! Bits are written most significant first; character `k` of the body carries bits
//! `6k .. 6k + 6`, the first of them in its highest place. The last character is padded
//! with zero bits. Numbers of any size are written in the Elias gamma code
//! ([`BitWriter::gamma`]).

/// The 64 characters of base64url (RFC 4648 §5), in the order of their values `0..64`.
pub(crate) const ALPHABET: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The value `0..64` of a base64url character, `None` for any other character.
pub(super) fn sextet(c: char) -> Option<u8> {
    let v = match c {
        'A'..='Z' => c as u32 - 'A' as u32,
        'a'..='z' => c as u32 - 'a' as u32 + 26,
        '0'..='9' => c as u32 - '0' as u32 + 52,
        '-' => 62,
        '_' => 63,
        _ => return None,
    };
    Some(v as u8)
}

/// The most zeros a gamma code may start with: 32, so a number is at most `2^33 - 2`.
const MAX_GAMMA_ZEROS: u32 = 32;

/// The number of bits that write an index below `count` in fixed width:
/// `ceil(log2(count))`, 0 when `count` is 0 or 1 (a forced move takes no bits).
pub(super) fn width(count: usize) -> u32 {
    if count <= 1 {
        0
    } else {
        usize::BITS - (count - 1).leading_zeros()
    }
}

/// Collects bits and prints them as base64url characters.
#[derive(Default)]
pub(super) struct BitWriter {
    bits: Vec<bool>,
}

impl BitWriter {
    /// An empty stream.
    pub(super) fn new() -> BitWriter {
        BitWriter::default()
    }

    /// Writes the low `width` bits of `value`, the highest of them first.
    pub(super) fn bits(&mut self, value: u64, width: u32) {
        for i in (0..width).rev() {
            self.bits.push(value >> i & 1 == 1);
        }
    }

    /// Writes one bit.
    pub(super) fn flag(&mut self, on: bool) {
        self.bits.push(on);
    }

    /// Writes `value` in the Elias gamma code of `value + 1`: as many zeros as the binary
    /// form of `value + 1` has digits after its leading 1, then that binary form
    /// (0 → `1`, 1 → `010`, 2 → `011`, 3 → `00100`, 300 → `00000000100101101`).
    pub(super) fn gamma(&mut self, value: u64) {
        let x = u128::from(value) + 1;
        let digits = 128 - x.leading_zeros();
        self.bits(0, digits - 1);
        for i in (0..digits).rev() {
            self.bits.push(x >> i & 1 == 1);
        }
    }

    /// How many bits have been written.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.bits.len()
    }

    /// The characters: `ceil(len / 6)` of them, the last one padded with zero bits.
    pub(super) fn finish(&self) -> String {
        self.bits
            .chunks(6)
            .map(|chunk| {
                let v = chunk
                    .iter()
                    .enumerate()
                    .fold(0usize, |v, (i, &b)| v | usize::from(b) << (5 - i));
                char::from(ALPHABET[v])
            })
            .collect()
    }
}

/// Why the reader could not give the bits asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The stream ended.
    End,
    /// The stream stopped at a character outside base64url: its position in the
    /// payload (from 1) and the character.
    Bad(usize, char),
    /// A gamma code started with more than [`MAX_GAMMA_ZEROS`] zeros.
    Overflow,
}

/// Reads the bits of a link body. The body is read up to its first character outside
/// base64url; asking for bits beyond that character answers [`Stop::Bad`] with it, so
/// that the moves before it still decode.
pub(super) struct BitReader {
    values: Vec<u8>,
    bad: Option<(usize, char)>,
    pos: usize,
}

impl BitReader {
    /// A reader over `body`, whose first character is character `first_position` (from 1)
    /// of the payload.
    pub(super) fn new(body: &str, first_position: usize) -> BitReader {
        let mut values = Vec::with_capacity(body.len());
        let mut bad = None;
        for (i, c) in body.chars().enumerate() {
            match sextet(c) {
                Some(v) => values.push(v),
                None => {
                    bad = Some((first_position + i, c));
                    break;
                }
            }
        }
        BitReader {
            values,
            bad,
            pos: 0,
        }
    }

    /// The bits read so far.
    #[cfg(test)]
    pub(super) fn position(&self) -> usize {
        self.pos
    }

    fn stop(&self) -> Stop {
        match self.bad {
            Some((at, c)) => Stop::Bad(at, c),
            None => Stop::End,
        }
    }

    fn available(&self) -> usize {
        self.values.len() * 6
    }

    fn bit_at(&self, i: usize) -> bool {
        self.values[i / 6] >> (5 - i % 6) & 1 == 1
    }

    /// Reads `width` bits (at most 64) as a number, the first bit highest.
    ///
    /// # Errors
    /// [`Stop`] when fewer than `width` bits are left; nothing is consumed then.
    pub(super) fn bits(&mut self, width: u32) -> Result<u64, Stop> {
        if self.available() - self.pos < width as usize {
            return Err(self.stop());
        }
        let mut v = 0u64;
        for _ in 0..width {
            v = v << 1 | u64::from(self.bit_at(self.pos));
            self.pos += 1;
        }
        Ok(v)
    }

    /// Reads one bit.
    ///
    /// # Errors
    /// [`Stop`] at the end of the stream.
    pub(super) fn flag(&mut self) -> Result<bool, Stop> {
        self.bits(1).map(|b| b == 1)
    }

    /// Reads a number written by [`BitWriter::gamma`].
    ///
    /// # Errors
    /// [`Stop::Overflow`] after more than 32 leading zeros, [`Stop::End`] or
    /// [`Stop::Bad`] when the stream stops inside the code.
    pub(super) fn gamma(&mut self) -> Result<u64, Stop> {
        let mut zeros = 0;
        while !self.flag()? {
            zeros += 1;
            if zeros > MAX_GAMMA_ZEROS {
                return Err(Stop::Overflow);
            }
        }
        let rest = self.bits(zeros)?;
        Ok(((1u64 << zeros) | rest) - 1)
    }

    /// Checks that the stream ends here: what is left is the zero padding of the last
    /// character (fewer than 6 bits, all zero) and no character outside base64url follows.
    ///
    /// # Errors
    /// `Err(Some((position, character)))` for a character outside base64url after the
    /// data, `Err(None)` for more bits than padding or padding that is not zero.
    pub(super) fn finish(&self) -> Result<(), Option<(usize, char)>> {
        if let Some(bad) = self.bad {
            return Err(Some(bad));
        }
        let left = self.available() - self.pos;
        if left >= 6 || (self.pos..self.available()).any(|i| self.bit_at(i)) {
            return Err(None);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_alphabet_is_base64url() {
        for (v, &c) in ALPHABET.iter().enumerate() {
            assert_eq!(sextet(char::from(c)), Some(v as u8));
        }
        for c in ['=', '+', '/', ' ', '.', '~', 'é', '\0'] {
            assert_eq!(sextet(c), None, "{c:?}");
        }
    }

    #[test]
    fn widths_are_ceil_log2() {
        let got: Vec<u32> = [0, 1, 2, 3, 4, 5, 8, 9, 63, 64, 65, 128, 129]
            .into_iter()
            .map(width)
            .collect();
        assert_eq!(got, [0, 0, 1, 2, 2, 3, 3, 4, 6, 6, 7, 7, 8]);
    }

    fn bit_text(w: &BitWriter) -> String {
        w.bits.iter().map(|&b| if b { '1' } else { '0' }).collect()
    }

    #[test]
    fn gamma_codes_are_as_documented() {
        for (v, code) in [
            (0, "1"),
            (1, "010"),
            (2, "011"),
            (3, "00100"),
            (300, "00000000100101101"),
        ] {
            let mut w = BitWriter::new();
            w.gamma(v);
            assert_eq!(bit_text(&w), code, "{v}");
        }
    }

    #[test]
    fn numbers_and_bits_read_back() {
        let values = [0u64, 1, 2, 7, 100, 301, u64::from(u32::MAX) + 1];
        let mut w = BitWriter::new();
        for &v in &values {
            w.gamma(v);
            w.bits(v & 0b101, 3);
            w.flag(v % 2 == 1);
        }
        let text = w.finish();
        assert_eq!(text.len(), w.len().div_ceil(6));
        let mut r = BitReader::new(&text, 3);
        for &v in &values {
            assert_eq!(r.gamma(), Ok(v));
            assert_eq!(r.bits(3), Ok(v & 0b101));
            assert_eq!(r.flag(), Ok(v % 2 == 1));
        }
        assert_eq!(r.position(), w.len());
        assert_eq!(r.finish(), Ok(()));
    }

    #[test]
    fn the_reader_says_why_it_stops() {
        // "A" is six zero bits: a gamma code needs a 1 first.
        let mut r = BitReader::new("AAAAAA", 3);
        assert_eq!(r.gamma(), Err(Stop::Overflow));
        let mut r = BitReader::new("g", 3);
        assert_eq!(r.bits(2), Ok(0b10));
        assert_eq!(r.bits(5), Err(Stop::End));
        assert_eq!(r.finish(), Ok(()));
        let mut r = BitReader::new("gA=", 3);
        assert_eq!(r.bits(6), Ok(0b100000));
        assert_eq!(r.bits(7), Err(Stop::Bad(5, '=')));
        assert_eq!(r.bits(6), Ok(0));
        assert_eq!(r.finish(), Err(Some((5, '='))));
        let mut r = BitReader::new("h", 3);
        assert_eq!(r.bits(2), Ok(0b10));
        assert_eq!(r.finish(), Err(None), "a one in the padding");
        let r = BitReader::new("gA", 3);
        assert_eq!(r.finish(), Err(None), "a whole character too many");
    }
}
