//! The bytes of a record as text, and the text as tags and words: size, byte order mark,
//! UTF-8, line ends, comments and tag pairs (`docs/RECORDS.md`, "Reading").
//!
//! Nothing here knows a game: a word is whatever stands between white space, comments
//! and tags; the games decide what their words mean.

use super::{ImportErrorKind, MAX_RECORD_BYTES, TagSyntax};

/// Where something starts in the text: line and column, both from 1, the column
/// counted in characters (a byte order mark and the `\r` of a CRLF are not counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Pos {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

/// A failure found here, with where it is (if anywhere in the text).
pub(crate) type LexFail<S, P, M> = (Option<Pos>, ImportErrorKind<S, P, M>);

/// Checks the size and the encoding and drops a byte order mark: the text of the record.
///
/// # Errors
/// [`ImportErrorKind::TooLarge`] over [`MAX_RECORD_BYTES`] (nothing else is looked at),
/// [`ImportErrorKind::NotUtf8`] with the line and column of the first bad byte.
pub(crate) fn decode<S, P, M>(bytes: &[u8]) -> Result<&str, LexFail<S, P, M>> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err((
            None,
            ImportErrorKind::TooLarge {
                bytes: bytes.len(),
                max: MAX_RECORD_BYTES,
            },
        ));
    }
    let bom = if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        3
    } else {
        0
    };
    let body = bytes.get(bom..).unwrap_or_default();
    std::str::from_utf8(body).map_err(|e| {
        let good = body.get(..e.valid_up_to()).unwrap_or_default();
        // The prefix is valid UTF-8 by construction; the fallback is never taken.
        let prefix = std::str::from_utf8(good).unwrap_or_default();
        (
            Some(end_of(prefix)),
            ImportErrorKind::NotUtf8 {
                byte: bom + e.valid_up_to(),
            },
        )
    })
}

/// The position just after `text` (where the next character would be).
fn end_of(text: &str) -> Pos {
    let mut lexer = Lexer::new(text);
    while lexer.bump().is_some() {}
    lexer.pos
}

/// One tag pair, `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tag<'a> {
    /// The name as written.
    pub name: &'a str,
    /// The value, escapes (`\"`, `\\`) undone.
    pub value: String,
    /// Where the `[` is.
    pub at: Pos,
    /// Where the value starts (the character after the opening quote).
    pub value_at: Pos,
}

/// What the text holds, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Item<'a> {
    /// A tag pair.
    Tag(Tag<'a>),
    /// Anything else between white space, comments and tags: a move, a move number, a
    /// seat letter, a mark, a result.
    Word {
        /// The word.
        text: &'a str,
        /// Where it starts.
        at: Pos,
    },
}

/// Reads tags and words, skipping white space and comments: `{…}` (may span lines),
/// `;` to the end of the line, and PGN's `%` escape lines (a `%` in column 1).
pub(crate) struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
    pos: Pos,
    failed: bool,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            pos: Pos { line: 1, column: 1 },
            failed: false,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.at..)?.chars().next()
    }

    /// Takes the next character, keeping line and column: `\n`, `\r\n` and a lone `\r`
    /// each end a line.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        match c {
            '\n' => {
                self.pos.line += 1;
                self.pos.column = 1;
            }
            '\r' if self.peek() == Some('\n') => {}
            '\r' => {
                self.pos.line += 1;
                self.pos.column = 1;
            }
            _ => self.pos.column += 1,
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' || c == '\r' {
                break;
            }
            self.bump();
        }
    }

    /// Skips white space and comments; fails on a `{` that is never closed.
    fn skip_blank<S, P, M>(&mut self) -> Result<(), LexFail<S, P, M>> {
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else if c == ';' || (c == '%' && self.pos.column == 1) {
                self.skip_line();
            } else if c == '{' {
                let start = self.pos;
                self.bump();
                loop {
                    match self.bump() {
                        Some('}') => break,
                        Some(_) => {}
                        None => return Err((Some(start), ImportErrorKind::UnclosedComment)),
                    }
                }
            } else {
                break;
            }
        }
        Ok(())
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    fn tag<S, P, M>(&mut self) -> Result<Tag<'a>, LexFail<S, P, M>> {
        let at = self.pos;
        self.bump(); // '['
        self.skip_spaces();
        let name_start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let name = self.text.get(name_start..self.at).unwrap_or_default();
        let fail = |pos: Pos, expected| Err((Some(pos), ImportErrorKind::TagSyntax { expected }));
        if name.is_empty() {
            return fail(self.pos, TagSyntax::Name);
        }
        self.skip_spaces();
        if self.peek() != Some('"') {
            return fail(self.pos, TagSyntax::Value);
        }
        self.bump();
        let value_at = self.pos;
        let mut value = String::new();
        loop {
            match self.peek() {
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c) if c != '\n' && c != '\r' => {
                            self.bump();
                            value.push(c);
                        }
                        _ => return fail(self.pos, TagSyntax::CloseQuote),
                    }
                }
                Some(c) if c != '\n' && c != '\r' => {
                    self.bump();
                    value.push(c);
                }
                _ => return fail(self.pos, TagSyntax::CloseQuote),
            }
        }
        self.skip_spaces();
        if self.peek() != Some(']') {
            return fail(self.pos, TagSyntax::CloseBracket);
        }
        self.bump();
        Ok(Tag {
            name,
            value,
            at,
            value_at,
        })
    }

    /// The next tag or word, `None` at the end or after a failure.
    ///
    /// # Errors
    /// [`ImportErrorKind::UnclosedComment`] or [`ImportErrorKind::TagSyntax`], with where.
    pub fn next_item<S, P, M>(&mut self) -> Option<Result<Item<'a>, LexFail<S, P, M>>> {
        if self.failed {
            return None;
        }
        let item = self.item();
        if matches!(item, Some(Err(_))) {
            self.failed = true;
        }
        item
    }

    fn item<S, P, M>(&mut self) -> Option<Result<Item<'a>, LexFail<S, P, M>>> {
        if let Err(e) = self.skip_blank() {
            return Some(Err(e));
        }
        let c = self.peek()?;
        if c == '[' {
            return Some(self.tag().map(Item::Tag));
        }
        let at = self.pos;
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !matches!(c, '{' | ';' | '[' | '\u{feff}'))
        {
            self.bump();
        }
        let text = self.text.get(start..self.at).unwrap_or_default();
        Some(Ok(Item::Word { text, at }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Kind = ImportErrorKind<char, String, String>;

    fn items(text: &str) -> Vec<Result<Item<'_>, LexFail<char, String, String>>> {
        let mut lexer = Lexer::new(text);
        std::iter::from_fn(|| lexer.next_item()).collect()
    }

    fn word(text: &str, line: usize, column: usize) -> Item<'_> {
        Item::Word {
            text,
            at: Pos { line, column },
        }
    }

    #[test]
    fn tags_words_and_comments_with_their_places() {
        let got = items(
            "[Game \"Hasami \\\"x\\\" Shogi\"]\r\n{a\ncomment} e1e5 ; rest\n% escape\n1.  é9 e9e6{c}e5",
        );
        assert_eq!(
            got,
            [
                Ok(Item::Tag(Tag {
                    name: "Game",
                    value: "Hasami \"x\" Shogi".into(),
                    at: Pos { line: 1, column: 1 },
                    value_at: Pos { line: 1, column: 8 },
                })),
                Ok(word("e1e5", 3, 10)),
                Ok(word("1.", 5, 1)),
                Ok(word("é9", 5, 5)),
                Ok(word("e9e6", 5, 8)),
                Ok(word("e5", 5, 15)),
            ]
        );
    }

    #[test]
    fn crlf_lone_cr_and_lf_count_lines_alike() {
        for nl in ["\n", "\r\n", "\r"] {
            let text = format!("a{nl}b{nl}{nl}  c");
            assert_eq!(
                items(&text),
                [
                    Ok(word("a", 1, 1)),
                    Ok(word("b", 2, 1)),
                    Ok(word("c", 4, 3))
                ],
                "{nl:?}"
            );
        }
    }

    #[test]
    fn malformed_tags_and_comments_say_what_was_expected_and_where() {
        let cases: [(&str, Pos, Kind); 6] = [
            (
                "[ \"x\"]",
                Pos { line: 1, column: 3 },
                Kind::TagSyntax {
                    expected: TagSyntax::Name,
                },
            ),
            (
                "[Date 2026]",
                Pos { line: 1, column: 7 },
                Kind::TagSyntax {
                    expected: TagSyntax::Value,
                },
            ),
            (
                "[Date \"2026\n\"]",
                Pos {
                    line: 1,
                    column: 12,
                },
                Kind::TagSyntax {
                    expected: TagSyntax::CloseQuote,
                },
            ),
            (
                "[Date \"x\" y]",
                Pos {
                    line: 1,
                    column: 11,
                },
                Kind::TagSyntax {
                    expected: TagSyntax::CloseBracket,
                },
            ),
            (
                "[Date \"x\\",
                Pos {
                    line: 1,
                    column: 10,
                },
                Kind::TagSyntax {
                    expected: TagSyntax::CloseQuote,
                },
            ),
            (
                "e1e5\n  {never closed",
                Pos { line: 2, column: 3 },
                Kind::UnclosedComment,
            ),
        ];
        for (text, pos, kind) in cases {
            let got = items(text);
            assert_eq!(got.last(), Some(&Err((Some(pos), kind))), "{text:?}");
        }
    }

    #[test]
    fn size_bom_and_utf8_are_checked_first() {
        assert_eq!(
            decode::<char, String, String>(b"\xEF\xBB\xBFe1e5"),
            Ok("e1e5")
        );
        let big = vec![b' '; MAX_RECORD_BYTES + 1];
        assert_eq!(
            decode::<char, String, String>(&big),
            Err((
                None,
                Kind::TooLarge {
                    bytes: MAX_RECORD_BYTES + 1,
                    max: MAX_RECORD_BYTES
                }
            ))
        );
        assert!(decode::<char, String, String>(&big[1..]).is_ok());
        assert_eq!(
            decode::<char, String, String>(b"\xEF\xBB\xBF[A \"b\"]\r\nab\xFFc"),
            Err((Some(Pos { line: 2, column: 3 }), Kind::NotUtf8 { byte: 14 }))
        );
    }
}
